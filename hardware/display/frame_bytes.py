"""A panel's frames turned into its controller's bytes, redoing only what changed since the last frame.

The whole conversion (framebuffer.to_buffer, large.landscape_buffer: Pillow's transpose and
``tobytes``, in C) costs about 14 instructions a pixel, most of it Pillow's bit packing
(libImaging/Pack.c ``pack1``): 1.5 M on the 2.7inch, 2.0 M on the 4.2inch, 6.2 M on the 7.5inch
(callgrind, a frame at rotation 0). A press changes a few rows of the page (a cursor, a prompt), so
:class:`FrameBytes` keeps the last frame and its bytes, finds the box of the pixels that differ
(Pillow's ``logical_xor`` and ``getbbox``, in C, a few instructions a pixel), widens it to whole
bytes of the controller's rows and converts that box alone, with the same transpose and packing as
the whole conversion: the bytes are the same as the whole conversion's, frame after frame
(tests/hardware/test_frame_bytes.py holds them to it in all four rotations on every panel).
"""

from __future__ import annotations

from PIL import Image, ImageChops

Box = tuple[int, int, int, int]

#: Each transpose and the one that undoes it.
_INVERSE = {Image.Transpose.ROTATE_90: Image.Transpose.ROTATE_270,
            Image.Transpose.ROTATE_270: Image.Transpose.ROTATE_90,
            Image.Transpose.ROTATE_180: Image.Transpose.ROTATE_180}


def turned_box(box: Box, transpose: Image.Transpose | None, size: tuple[int, int]) -> Box:
    """Where ``box`` (left, top, right, bottom; right and bottom excluded) of an image of ``size``
    lands after Pillow's ``transpose`` (ROTATE_n: n degrees counter-clockwise)."""
    x0, y0, x1, y1 = box
    width, height = size
    if transpose is None:
        return box
    if transpose is Image.Transpose.ROTATE_90:   # (x, y) -> (y, width - 1 - x)
        return y0, width - x1, y1, width - x0
    if transpose is Image.Transpose.ROTATE_180:  # (x, y) -> (width - 1 - x, height - 1 - y)
        return width - x1, height - y1, width - x0, height - y0
    if transpose is Image.Transpose.ROTATE_270:  # (x, y) -> (height - 1 - y, x)
        return height - y1, x0, height - y0, x1
    raise ValueError(f"not a quarter turn: {transpose!r}")


class FrameBytes:
    """Mode "1" frames -> the bytes of a controller whose memory is ``native`` (width, height) pixels,
    rows of width / 8 bytes, most significant bit leftmost, 1 = white (``invert``: 1 = black).

    ``transpose`` turns a frame into the controller's orientation (None: it is already). Call it
    with each frame in turn; it returns a new bytearray each time (the caller may keep or change it).
    """

    def __init__(self, native: tuple[int, int], transpose: Image.Transpose | None = None, invert: bool = False):
        if native[0] % 8:
            raise ValueError(f"the controller's rows must be whole bytes, not {native[0]} pixels")
        self.native, self.transpose, self.invert = native, transpose, invert
        self._last: Image.Image | None = None
        self._bytes = bytearray()
        self.whole = 0  # frames converted whole (the first, or one of another size)
        self.same = 0   # frames identical to the last: nothing converted

    def __call__(self, image: Image.Image) -> bytearray:
        image = image.convert("1") if image.mode != "1" else image
        last, self._last = self._last, image.copy()
        if last is None or last.size != image.size:
            self.whole += 1
            self._bytes = bytearray(self._convert(image))
            self._check()
            return bytearray(self._bytes)
        changed = ImageChops.logical_xor(image, last).getbbox()
        if changed is None:
            self.same += 1
        else:
            self._patch(image, changed)
        return bytearray(self._bytes)

    def _convert(self, image: Image.Image) -> bytes:
        native = image.transpose(self.transpose) if self.transpose is not None else image
        data = native.tobytes()
        return data.translate(_INVERT) if self.invert else data

    def _patch(self, image: Image.Image, changed: Box) -> None:
        x0, y0, x1, y1 = turned_box(changed, self.transpose, image.size)
        x0, x1 = x0 // 8 * 8, -(-x1 // 8) * 8  # whole bytes of the controller's rows
        back = _INVERSE.get(self.transpose) if self.transpose is not None else None
        data = self._convert(image.crop(turned_box((x0, y0, x1, y1), back, self.native)))
        row, width = self.native[0] // 8, (x1 - x0) // 8
        buffer, at = self._bytes, y0 * row + x0 // 8
        if width == row:
            buffer[at:at + len(data)] = data
            return
        for line in range(y1 - y0):
            buffer[at:at + width] = data[line * width:(line + 1) * width]
            at += row

    def _check(self) -> None:
        expected = self.native[0] * self.native[1] // 8
        if len(self._bytes) != expected:
            self._last = None
            raise ValueError(f"a {self.native[0]}x{self.native[1]} frame is {expected} bytes, not {len(self._bytes)} "
                             "(the frame's size does not match the panel)")


_INVERT = bytes(range(255, -1, -1))  # bytes.translate table: every bit flipped
