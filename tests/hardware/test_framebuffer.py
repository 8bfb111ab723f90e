"""The frame -> controller buffer conversion, checked pixel by pixel against the drivers' rule.

Waveshare's getbuffer: 176 pixels a row, 8 per byte, most significant bit
first, 1 = white; a 264x176 landscape pixel (x, y) lands at portrait
(y, 263 - x). (Also checked once against the real driver code: identical
bytes for all four rotations; see docs/hardware-notes.md.)
"""

import random

import pytest
from PIL import Image

from hardware.display import frame_size, to_buffer


def black_at(buffer: bytes, x: int, y: int) -> bool:
    """Is portrait pixel (x, y) black in a controller buffer?"""
    return not buffer[(x + y * 176) // 8] & (0x80 >> (x % 8))


def scattered(size, n=300, seed=7):
    rnd = random.Random(seed)
    image = Image.new("1", size, 1)
    points = {(rnd.randrange(size[0]), rnd.randrange(size[1])) for _ in range(n)}
    for p in points:
        image.putpixel(p, 0)
    return image, points


@pytest.mark.parametrize("rotation, to_native", [
    (0, lambda x, y: (y, 263 - x)),            # the drivers' landscape
    (180, lambda x, y: (175 - y, x)),          # upside down
    (270, lambda x, y: (x, y)),                # the drivers' portrait
    (90, lambda x, y: (175 - x, 263 - y)),     # portrait, upside down
])
def test_each_black_pixel_lands_where_the_driver_puts_it(rotation, to_native):
    image, points = scattered(frame_size(rotation))
    buffer = to_buffer(image, rotation)
    assert len(buffer) == 176 * 264 // 8 == 5808
    native = {to_native(x, y) for x, y in points}
    black = {(x, y) for y in range(264) for x in range(176) if black_at(buffer, x, y)}
    assert black == native


def test_frame_sizes():
    assert frame_size(0) == frame_size(180) == (264, 176)
    assert frame_size(90) == frame_size(270) == (176, 264)
    with pytest.raises(ValueError):
        frame_size(45)


def test_a_white_frame_is_all_ones():
    assert set(to_buffer(Image.new("1", (264, 176), 1))) == {0xFF}
