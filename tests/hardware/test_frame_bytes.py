"""The conversion that redoes only what changed (hardware/display/frame_bytes.py) gives the whole
conversion's bytes (framebuffer.to_buffer, large.landscape_buffer: those the upstream driver tests
hold byte for byte), frame after frame, in every rotation of every panel, and converts less."""

import random

import pytest
from PIL import Image, ImageDraw

from hardware.display.frame_bytes import FrameBytes, turned_box
from hardware.display.framebuffer import NATIVE_SIZE, TO_NATIVE, frame_size, to_buffer
from hardware.display.large import _TO_LANDSCAPE, NATIVE, landscape_buffer

PANELS = ["2.7", "4in2_V2", "7in5_V2"]


def conversions(panel: str, rotation: int):
    """(the size of frames, the incremental conversion, the whole one) of ``panel`` at ``rotation``."""
    if panel == "2.7":
        return (frame_size(rotation), FrameBytes(NATIVE_SIZE, TO_NATIVE[rotation]),
                lambda image: to_buffer(image, rotation))
    width, height = NATIVE[panel]
    size = (width, height) if rotation in (0, 180) else (height, width)
    invert = panel == "7in5_V2"
    return (size, FrameBytes(NATIVE[panel], _TO_LANDSCAPE[rotation], invert=invert),
            lambda image: landscape_buffer(image, rotation, invert=invert))


def frames(size, rnd: random.Random, n: int = 12):
    """A page, then pages that change in a box each (a cursor, a corner, a single pixel, nothing, all)."""
    image = Image.new("1", size, 1)
    ImageDraw.Draw(image).rectangle((3, 5, size[0] // 2, 20), fill=0)
    yield image
    for i in range(n):
        image = image.copy()
        draw = ImageDraw.Draw(image)
        if i == 3:
            pass  # the same page again
        elif i == 5:
            draw.rectangle((0, 0, size[0] - 1, size[1] - 1), fill=rnd.randrange(2))
        elif i == 7:
            draw.point((size[0] - 1, size[1] - 1), fill=0)  # the far corner alone
        elif i == 9:
            image.putpixel((rnd.randrange(size[0]), rnd.randrange(size[1])), 0)
        else:
            x0, y0 = rnd.randrange(size[0]), rnd.randrange(size[1])
            x1, y1 = rnd.randrange(x0, size[0]), rnd.randrange(y0, size[1])
            draw.rectangle((x0, y0, x1, y1), fill=rnd.randrange(2))
        yield image


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
@pytest.mark.parametrize("panel", PANELS)
def test_every_frame_has_the_whole_conversions_bytes(panel, rotation):
    size, convert, whole = conversions(panel, rotation)
    rnd = random.Random(f"{panel}-{rotation}")
    for image in frames(size, rnd):
        assert convert(image) == whole(image)
    assert convert.whole == 1 and convert.same >= 1  # the first frame whole, the repeated page not at all


def test_a_frame_of_another_mode_or_size_starts_over():
    size, convert, whole = conversions("2.7", 0)
    grey = Image.new("L", size, 255)
    assert convert(grey) == whole(grey.convert("1"))
    with pytest.raises(ValueError, match="frame is 5808 bytes"):
        convert(Image.new("1", (size[0], size[1] - 8), 1))
    page = Image.new("1", size, 0)
    assert convert(page) == whole(page) and convert.whole == 3


def test_the_caller_may_change_the_bytes_it_got():
    size, convert, whole = conversions("4in2_V2", 0)
    page = Image.new("1", size, 1)
    convert(page)[:] = bytes(len(whole(page)))
    page = page.copy()
    page.putpixel((1, 1), 0)
    assert convert(page) == whole(page)


TURNS = (Image.Transpose.ROTATE_90, Image.Transpose.ROTATE_180, Image.Transpose.ROTATE_270)


@pytest.mark.parametrize("transpose", [None, *TURNS])
def test_a_box_lands_where_pillow_turns_its_pixels(transpose):
    size, box = (24, 16), (5, 3, 11, 9)
    image = Image.new("1", size, 0)
    ImageDraw.Draw(image).rectangle((box[0], box[1], box[2] - 1, box[3] - 1), fill=1)
    turned = image.transpose(transpose) if transpose is not None else image
    assert turned_box(box, transpose, size) == turned.getbbox()


def test_a_flip_is_not_a_turn():
    with pytest.raises(ValueError, match="quarter turn"):
        turned_box((0, 0, 1, 1), Image.Transpose.FLIP_LEFT_RIGHT, (8, 8))
