"""The bodies that are rows in a list: Choices (one picked), Spinners (counters, then an OK row)
and Lines (paragraphs wrapped to the panel). Each scrolls so the cursor or ``top`` shows, with a
scroll bar at the right when not every row fits."""

from __future__ import annotations

from companion.ui.draw import fonts
from companion.ui.draw.ink import INK, PAD, PAPER, Box, centred_y, draw_text, draw_text_right, fit, paragraph_rows, text_width
from companion.ui.draw.layout import ROW_H, SCROLLBAR_W, SPIN_ROW_H
from companion.ui.view import Choices, Lines, Spinners


def window(count: int, cursor: int, visible: int) -> int:
    """The first row shown so that row ``cursor`` is visible.

    The cursor is kept in the middle of the window where the list allows,
    so there is always context above and below it.
    """
    if count <= visible or visible <= 0:
        return 0
    return max(0, min(cursor - (visible - 1) // 2, count - visible))


def _scrollbar(draw, box: Box, first: int, shown: int, count: int) -> None:
    """A track with a thumb at the right of ``box`` when not all rows show."""
    if count <= shown:
        return
    x = box.x1 - SCROLLBAR_W
    track = Box(x, box.y0 + 1, box.x1, box.y1 - 1)
    draw.point([(x + SCROLLBAR_W // 2, y) for y in range(track.y0, track.y1, 2)], fill=INK)
    top = track.y0 + round(track.height * first / count)
    bottom = track.y0 + round(track.height * (first + shown) / count)
    draw.rectangle([x, top, track.x1 - 1, max(top, bottom - 1)], fill=INK)


def draw_choices(draw, box: Box, body: Choices) -> None:
    count = len(body.items)
    visible = max(1, box.height // ROW_H)
    # Notes at the top are read with the first rows (the cursor below them), not scrolled away.
    first = 0 if body.lead and body.cursor < visible else window(count, body.cursor, visible)
    shown = min(visible, count - first)
    right = box.x1 - (SCROLLBAR_W + 2 if count > visible else 0)
    for row in range(shown):
        index = first + row
        y = box.y0 + row * ROW_H
        selected = index == body.cursor
        font = fonts.BODY_BOLD if selected else fonts.BODY
        fill = PAPER if selected else INK
        if selected:
            draw.rectangle([box.x0, y, right - 1, y + ROW_H - 1], fill=INK)
        text_y = centred_y(y, ROW_H, font)
        mark = body.marks[index] if body.marks else ""
        mark_w = (draw_text_right(draw, right - PAD, text_y, mark, font, fill,
                              max_width=(right - box.x0) // 2) + PAD) if mark else 0
        draw_text(draw, (box.x0 + PAD, text_y), body.items[index], font, fill,
              width=right - box.x0 - 2 * PAD - mark_w)
    _scrollbar(draw, Box(box.x0, box.y0, box.x1, box.y0 + visible * ROW_H), first, shown, count)


def draw_spinners(draw, box: Box, body: Spinners) -> None:
    rows = body.rows
    oks = (*body.oks, body.ok) if body.ok else body.oks  # the OK rows after the counters
    count = len(rows) + len(oks)
    visible = max(1, (box.height - SPIN_ROW_H) // ROW_H + 1)
    first = window(count, body.cursor, visible)
    shown = min(visible, count - first)
    right = box.x1 - (SCROLLBAR_W + 2 if count > visible else 0)
    large, bold = fonts.LARGE, fonts.BODY_BOLD
    digits = max(len(str(v)) for r in rows for v in (r.min, r.max, r.value)) if rows else 1
    arrow_w = text_width("►", large)
    value_col = digits * fonts.char_width(large) + 2 * (arrow_w + 2)
    y = box.y0
    for row in range(shown):
        index = first + row
        if index >= len(rows):
            _draw_ok_row(draw, Box(box.x0, y, right, y + ROW_H), oks[index - len(rows)], index == body.cursor)
            y += ROW_H
            continue
        spin = rows[index]
        if index == body.cursor:
            h = SPIN_ROW_H
            draw.rectangle([box.x0, y, right - 1, y + h - 1], fill=INK)
            ty = centred_y(y, h, large)
            x1 = right - PAD
            draw_text(draw, (x1 - arrow_w, ty), "►" if spin.value < spin.max else "", large, PAPER)
            value = str(spin.value)
            vx = x1 - arrow_w - 2 - (digits * fonts.char_width(large) + text_width(value, large)) // 2
            draw_text(draw, (vx, ty), value, large, PAPER)
            draw_text(draw, (x1 - value_col, ty), "◄" if spin.value > spin.min else "", large, PAPER)
            draw_text(draw, (box.x0 + PAD, centred_y(y, h, bold)), spin.label, bold, PAPER,
                  width=right - box.x0 - 3 * PAD - value_col)
        else:
            h = ROW_H
            ty = centred_y(y, h, bold)
            value = str(spin.value)
            centre = right - PAD - value_col // 2
            draw_text(draw, (centre - text_width(value, bold) // 2, ty), value, bold)
            draw_text(draw, (box.x0 + PAD, centred_y(y, h, fonts.BODY)), spin.label, fonts.BODY,
                  width=right - box.x0 - 3 * PAD - value_col)
        y += h
    _scrollbar(draw, Box(box.x0, box.y0, box.x1, y), first, shown, count)


def _draw_ok_row(draw, row: Box, label: str, selected: bool) -> None:
    """The row that confirms the counts above it: inverted while the cursor is on it."""
    font = fonts.BODY_BOLD
    fill = PAPER if selected else INK
    if selected:
        draw.rectangle([row.x0, row.y0, row.x1 - 1, row.y1 - 1], fill=INK)
    else:
        draw.line([row.x0 + PAD, row.y0, row.x1 - PAD, row.y0], fill=INK)
    draw_text(draw, (row.x0 + PAD, centred_y(row.y0, row.height, font)), f"{label} ►", font, fill,
          width=row.width - 2 * PAD)


def draw_lines(draw, box: Box, body: Lines) -> None:
    rows, right, visible = line_rows(body, box)
    first = max(0, min(body.top, len(rows) - visible))
    shown = min(visible, len(rows) - first)
    for number in range(shown):
        index, text = rows[first + number]
        line = body.rows[index]
        y = box.y0 + number * ROW_H
        font = fonts.BODY_BOLD if line.strong else fonts.BODY
        ty = centred_y(y, ROW_H, font)
        opens = first + number == 0 or rows[first + number - 1][0] != index
        if line.right and opens:
            draw_text_right(draw, right - PAD, ty, line.right, fonts.BODY_BOLD, max_width=(right - box.x0) // 2)
        draw_text(draw, (box.x0 + PAD, ty), text, font)
    _scrollbar(draw, Box(box.x0, box.y0, box.x1, box.y0 + visible * ROW_H), first, shown, len(rows))


def line_rows(body: Lines, box: Box) -> tuple[list[tuple[int, str]], int, int]:
    """The rows a Lines body takes in ``box``: (which Line, its text) each; then the right
    edge of the text and how many rows show at once. A scroll bar takes room only when needed."""
    visible = max(1, box.height // ROW_H)
    rows: list[tuple[int, str]] = []
    right = box.x1
    for right in (box.x1, box.x1 - SCROLLBAR_W - 2):
        width = right - box.x0 - 2 * PAD
        rows = []
        for index, line in enumerate(body.rows):
            font = fonts.BODY_BOLD if line.strong else fonts.BODY
            right_w = (text_width(fit(line.right, fonts.BODY_BOLD, (right - box.x0) // 2), fonts.BODY_BOLD)
                       + PAD) if line.right else 0
            rows += [(index, text) for text in paragraph_rows(line.text, line.hang, font, width - right_w, width)]
        if len(rows) <= visible:
            break
    return rows, right, visible
