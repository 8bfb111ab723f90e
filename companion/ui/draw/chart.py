"""The score chart: each player's running total after every scoring, in 1-bit."""

from __future__ import annotations

import math

from companion.ui.draw import fonts
from companion.ui.draw.ink import INK, PAD, PAPER, Box, draw_text, draw_text_right, text_width
from companion.ui.view import Chart


def _nice_step(span: int, lines: int) -> int:
    """A round gridline step (1, 2, 5, 10, 20, 25, 50, ...) giving <= ``lines`` steps."""
    raw = max(1, span) / max(1, lines)
    magnitude = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 2.5, 5, 10):
        step = factor * magnitude
        if step >= raw and step == int(step):
            return int(step)
    return int(10 * magnitude)


def _marker(draw, style: int, x: int, y: int, r: int = 3) -> None:
    """A player's marker: ■ □ ▲ × ◇ (hollow ones are filled white over the lines)."""
    style %= 5
    if style == 0:
        draw.rectangle([x - r, y - r, x + r, y + r], fill=INK)
    elif style == 1:
        draw.rectangle([x - r, y - r, x + r, y + r], outline=INK, fill=PAPER)
    elif style == 2:
        draw.polygon([(x, y - r), (x - r, y + r), (x + r, y + r)], fill=INK)
    elif style == 3:
        draw.line([(x - r, y - r), (x + r, y + r)], fill=INK, width=2)
        draw.line([(x - r, y + r), (x + r, y - r)], fill=INK, width=2)
    else:
        draw.polygon([(x, y - r - 1), (x + r + 1, y), (x, y + r + 1), (x - r - 1, y)], outline=INK, fill=PAPER)
        draw.point((x, y), fill=INK)


def _spread(wanted: list[int], gap: int, low: int, high: int) -> list[int]:
    """Label positions near ``wanted`` (sorted ascending), ``gap`` apart, within low..high."""
    placed: list[int] = []
    for y in wanted:
        placed.append(max(y, low, placed[-1] + gap if placed else low))
    # Push back up from the bottom when the last ones ran over.
    for i in range(len(placed) - 1, -1, -1):
        limit = high if i == len(placed) - 1 else placed[i + 1] - gap
        placed[i] = min(placed[i], limit)
    return placed


def draw_chart(draw, box: Box, chart: Chart) -> None:
    small = fonts.SMALL
    small_h = fonts.line_height(small)
    series = [s for s in chart.series]
    if not series:
        return
    count = max((len(s.points) for s in series), default=0)
    values = [v for s in series for v in s.points] or [0]
    top_value = max(1, max(values))
    low_value = min(0, min(values))
    step = _nice_step(top_value - low_value, max(1, min(5, (box.height - small_h) // 18)))
    top_value = math.ceil(top_value / step) * step
    low_value = math.floor(low_value / step) * step

    # Right: one label per player, "■ BLUE 97", fitted.
    labels = [f"{s.name} {s.points[-1] if s.points else 0}" for s in series]
    label_w = min(max(text_width(t, small) for t in labels) + 12, box.width * 2 // 5)
    axis_w = max(text_width(str(v), small) for v in (top_value, low_value)) + 3
    has_x = bool(chart.x_labels)
    plot = Box(box.x0 + PAD + axis_w, box.y0 + small_h // 2 + 1,
               box.x1 - PAD - label_w - 2,
               box.y1 - (small_h + 2 if has_x else small_h // 2 + 1))
    if plot.width < 10 or plot.height < 10:
        return

    def to_y(v: int) -> int:
        return plot.y1 - 1 - round((v - low_value) * (plot.height - 1) / (top_value - low_value))

    inset = 6  # keeps the first and last markers off the axis and the labels
    span = plot.width - 1 - 2 * inset

    def to_x(i: int) -> int:
        return plot.x0 + inset + (round(i * span / (count - 1)) if count > 1 else span // 2)

    # Grid: dotted lines at each step, values at the left.
    value = low_value
    while value <= top_value:
        y = to_y(value)
        draw.point([(x, y) for x in range(plot.x0, plot.x1, 3)], fill=INK)
        draw_text_right(draw, plot.x0 - 3, y - small_h // 2, str(value), small)
        value += step
    draw.line([(plot.x0, plot.y0), (plot.x0, plot.y1 - 1), (plot.x1 - 1, plot.y1 - 1)], fill=INK)

    # X labels under their points, skipping ones that would touch.
    last_end = -10**6
    for i, text in enumerate(chart.x_labels[:count]):
        w = text_width(text, small)
        x = min(max(to_x(i) - w // 2, box.x0), box.x1 - w)
        if x > last_end + 3:
            draw_text(draw, (x, plot.y1 + 1), text, small)
            last_end = x + w

    # Lines, then markers on top.
    for s in series:
        points = [(to_x(i), to_y(v)) for i, v in enumerate(s.points)]
        if len(points) > 1:
            draw.line(points, fill=INK, width=1)
    for style, s in enumerate(series):
        for i, v in enumerate(s.points):
            _marker(draw, style, to_x(i), to_y(v))

    # Labels at the right, in the order of the line ends, spread apart.
    order = sorted(range(len(series)),
                   key=lambda k: (to_y(series[k].points[-1]) if series[k].points else plot.y1, k))
    wanted = [(to_y(series[k].points[-1]) if series[k].points else plot.y1 - 1) for k in order]
    gap = small_h + 1
    ys = _spread(wanted, gap, box.y0 + gap // 2, box.y1 - gap // 2 - 1)
    lx = plot.x1 + 2
    for k, y in zip(order, ys):
        _marker(draw, k, lx + 3, y)
        draw_text(draw, (lx + 10, y - small_h // 2), labels[k], small, width=box.x1 - lx - 10)
