"""What a frame draws around its body: the key band with a label and a notch for each key, the
headline bar at the top and the refusal's error bar at the bottom, which grows as far as the
message needs."""

from __future__ import annotations

from companion.ui.draw import fonts
from companion.ui.draw.ink import INK, PAD, PAPER, SOFT_HYPHEN, Box, centred_y, draw_text, fit, paragraph_rows, text_width, wrap
from companion.ui.draw.layout import ERROR_H, HEAD_H, NOTCH, ROW_H, Layout
from companion.ui.grammar import said


def draw_keys(draw, lay: Layout, labels) -> None:
    """The key band: a notch and a label for each key, the label in the table's language (grammar.said)."""
    band, edge = lay.band, lay.keys_edge
    # The rule between the key band and the content.
    if edge == "left":
        draw.line([(band.x1 - 1, band.y0), (band.x1 - 1, band.y1 - 1)], fill=INK)
    elif edge == "right":
        draw.line([(band.x0, band.y0), (band.x0, band.y1 - 1)], fill=INK)
    elif edge == "top":
        draw.line([(band.x0, band.y1 - 1), (band.x1 - 1, band.y1 - 1)], fill=INK)
    else:
        draw.line([(band.x0, band.y0), (band.x1 - 1, band.y0)], fill=INK)

    for index, (cell, label) in enumerate(zip(lay.keys, labels)):
        # Short ticks between the cells.
        if index:
            previous = lay.keys[index - 1]
            if edge in ("left", "right"):
                y = max(cell.y0, previous.y0)
                draw.line([(band.x0 + 6, y), (band.x1 - 7, y)], fill=INK)
            else:
                x = max(cell.x0, previous.x0)
                draw.line([(x, band.y0 + 4), (x, band.y1 - 5)], fill=INK)
        if label:
            _draw_key(draw, cell, edge, said(label))


def _draw_key(draw, cell: Box, edge: str, label: str) -> None:
    font = fonts.KEYS
    line_h = fonts.line_height(font)
    if edge in ("left", "right"):
        cy = (cell.y0 + cell.y1) // 2
        if edge == "left":
            draw.polygon([(0, cy), (NOTCH, cy - NOTCH), (NOTCH, cy + NOTCH)], fill=INK)
            text_box = Box(cell.x0 + NOTCH + 3, cell.y0, cell.x1 - 2, cell.y1)
        else:
            x = cell.x1 - 1
            draw.polygon([(x, cy), (x - NOTCH, cy - NOTCH), (x - NOTCH, cy + NOTCH)], fill=INK)
            text_box = Box(cell.x0 + 2, cell.y0, cell.x1 - NOTCH - 3, cell.y1)
        max_lines = max(1, min(2, cell.height // line_h))
        lines = wrap(label, font, text_box.width, max_lines)
        top = cell.y0 + (cell.height - len(lines) * line_h + 1) // 2
        for i, line in enumerate(lines):
            w = text_width(line, font)
            draw_text(draw, (text_box.x0 + (text_box.width - w) // 2, top + i * line_h), line, font)
    else:
        cx = (cell.x0 + cell.x1) // 2
        if edge == "top":
            draw.polygon([(cx, 0), (cx - NOTCH, NOTCH), (cx + NOTCH, NOTCH)], fill=INK)
            text_y = cell.y0 + NOTCH + 2
        else:
            y = cell.y1 - 1
            draw.polygon([(cx, y), (cx - NOTCH, y - NOTCH), (cx + NOTCH, y - NOTCH)], fill=INK)
            text_y = cell.y1 - NOTCH - 2 - line_h
        line = fit(label.replace(SOFT_HYPHEN, ""), font, cell.width - 4)
        w = text_width(line, font)
        draw_text(draw, (cell.x0 + (cell.width - w) // 2, text_y), line, font)


def draw_headline(draw, area: Box, headline: str) -> int:
    bar = Box(area.x0, area.y0, area.x1, area.y0 + HEAD_H)
    draw.rectangle([bar.x0, bar.y0, bar.x1 - 1, bar.y1 - 1], fill=INK)
    pad = PAD - 1
    room = bar.width - 2 * pad
    headline = _shortest_needed(headline, room)
    font = fonts.LARGE if text_width(headline, fonts.LARGE) <= room else fonts.BODY_BOLD
    draw_text(draw, (bar.x0 + pad, centred_y(bar.y0, bar.height, font)), headline, font,
          fill=PAPER, width=room)
    return bar.y1


#: Shorter forms of a headline's words, tried in turn until it fits, so that the name
#: at its end (whose turn it is) is not the part that is cut: "Round 4 · Turn 2/4 · Alexandra"
#: becomes "R4 · 2/4 · Alexandra".
_SHORTER = (("Round ", "R"), ("Turn ", ""), (" scoring", ""), ("Power · ", ""))


def _shortest_needed(headline: str, room: int) -> str:
    for long, short in _SHORTER:
        if text_width(headline, fonts.BODY_BOLD) <= room:
            break
        headline = headline.replace(long, short)
    return headline


#: A refusal is shown whole: the error bar grows over the body, row by row, as far as it needs,
#: so long as ERROR_KEEPS row of the body stays in view (past that its last line ends in "…").
ERROR_KEEPS = 1
_BADGE_W = 14


def error_lines(error: str, width: int, below_prompt: int) -> list[str]:
    room = below_prompt - 3 - ERROR_KEEPS * ROW_H - ERROR_H  # the body's box: 2 px above, 1 below
    most = max(1, 1 + room // fonts.line_height(fonts.BODY_BOLD))
    inner = width - 2 * PAD
    first = inner - 2 - _BADGE_W  # the "!" badge is on the first line only
    rows = list(paragraph_rows(error, "", fonts.BODY_BOLD, first, inner))
    if len(rows) > most:
        rows = rows[:most - 1] + [fit(" ".join(rows[most - 1:]), fonts.BODY_BOLD, inner if most > 1 else first)]
    return rows


def draw_error(draw, bar: Box, lines: list[str]) -> None:
    draw.rectangle([bar.x0, bar.y0, bar.x1 - 1, bar.y1 - 1], fill=INK)
    font = fonts.BODY_BOLD
    step = fonts.line_height(font)
    first = Box(bar.x0, bar.y0, bar.x1, bar.y0 + ERROR_H)
    y = centred_y(first.y0, first.height, font)
    # A white "!" badge, then the message in white, wrapped.
    badge = Box(bar.x0 + 2, first.y0 + 2, bar.x0 + 2 + _BADGE_W, first.y1 - 2)
    draw.rectangle([badge.x0, badge.y0, badge.x1 - 1, badge.y1 - 1], fill=PAPER)
    draw_text(draw, (badge.x0 + (badge.width - text_width("!", font)) // 2, y), "!", font)
    for number, line in enumerate(lines):
        x = badge.x1 + PAD if number == 0 else bar.x0 + PAD
        draw_text(draw, (x, y + number * step), line, font, fill=PAPER, width=bar.x1 - PAD - x)
