"""A frame as the 2.7" controller's memory wants it: 176x264 portrait, 1 bit per pixel.

The Waveshare drivers' ``getbuffer(image)`` does this pixel by pixel in
Python (46,464 pixels, slow on a Pi Zero 2 W). Pillow does the same in C:
the controller's layout is exactly a mode "1" image's ``tobytes()`` of the
portrait picture (rows of 22 bytes, most significant bit leftmost, 1 =
white). ``getbuffer`` turns a 264x176 landscape image into that portrait
one with pixel (x, y) landing at (y, 263 - x): a quarter turn
counter-clockwise, Pillow's ``ROTATE_90``.

``rotation`` is how far the picture is turned clockwise from the drivers'
landscape (keys on the left, as Waveshare's examples draw it): 0 or 180
take 264x176 frames (180: HAT mounted upside down), 90 or 270 take 176x264
portrait frames (270 is the drivers' own portrait orientation).
"""

from __future__ import annotations

from PIL import Image

#: The controller's native frame: portrait.
NATIVE_SIZE = (176, 264)

ROTATIONS = (0, 90, 180, 270)

# frame -> native portrait: undo the clockwise turn, then a quarter turn counter-clockwise.
TO_NATIVE = {
    0: Image.Transpose.ROTATE_90,
    90: Image.Transpose.ROTATE_180,
    180: Image.Transpose.ROTATE_270,
    270: None,
}


def frame_size(rotation: int, native: tuple[int, int] = NATIVE_SIZE) -> tuple[int, int]:
    """The (width, height) of frames for ``rotation``."""
    _check(rotation)
    width, height = native
    return (height, width) if rotation in (0, 180) else (width, height)


def to_buffer(image: Image.Image, rotation: int = 0) -> bytearray:
    """The bytes a Waveshare 2.7" driver's ``display*`` methods take for ``image``.

    The 2.7inch panels convert every frame whole: on their small frame a press changes most of it
    (lists scroll), and converting only what changed (frame_bytes.FrameBytes, the larger panels')
    costs more here (the sample game's 317 frames: 1.18 M a frame whole, 1.52 M by changes)."""
    _check(rotation)
    transpose = TO_NATIVE[rotation]
    native = image.convert("1") if image.mode != "1" else image
    if transpose is not None:
        native = native.transpose(transpose)
    return bytearray(native.tobytes())


def _check(rotation: int) -> None:
    if rotation not in ROTATIONS:
        raise ValueError(f"rotation must be one of {ROTATIONS}, not {rotation!r}")
