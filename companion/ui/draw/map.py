"""The map: Spain as a schematic grid of places, each with its Caballeros per colour, drawn in
1-bit with the small font.

Each place is a cell: its name on the first line (inverted in the King's region), the counts
("R3 B2 G1") on the next two, then its Grandes (■ and the initial) and scoring tiles (T8, T4).
On a wide body the grid is 4 x 3 as the view model places it; on a narrow one (the panel turned
to portrait) it folds into 2 x 6. The legend fills the free cells.
"""

from __future__ import annotations

from companion.ui.draw import fonts
from companion.ui.draw.ink import INK, PAPER, Box, draw_text, fit, text_width
from companion.ui.view import Map, Place

COLUMNS, ROWS = 4, 3
#: Below this width per cell (6 characters) the grid folds into two columns.
NARROW = 6 * 6 + 4


def draw_map(draw, box: Box, body: Map) -> None:
    wide = box.width // COLUMNS >= NARROW
    columns, rows = (COLUMNS, ROWS) if wide else (2, ROWS * 2)
    cell_w, cell_h = box.width // columns, box.height // rows
    taken = set()
    for place in body.places:
        column, row = place.at if wide else (place.at[0] % 2, place.at[1] * 2 + place.at[0] // 2)
        taken.add((column, row))
        _draw_place(draw, Box(box.x0 + column * cell_w, box.y0 + row * cell_h,
                              box.x0 + (column + 1) * cell_w, box.y0 + (row + 1) * cell_h), place)
    free = [(c, r) for r in range(rows) for c in range(columns) if (c, r) not in taken]
    if free and body.legend:
        first = free[0]
        span = [cell for cell in free if cell[1] == first[1]]  # the free cells of that row
        _draw_legend(draw, Box(box.x0 + first[0] * cell_w, box.y0 + first[1] * cell_h,
                               box.x0 + (span[-1][0] + 1) * cell_w, box.y0 + (first[1] + 1) * cell_h), body.legend)


def _lines(words: list[str], width: int, most: int) -> list[str]:
    """``words`` packed onto at most ``most`` lines of ``width`` pixels (the last ends in "…")."""
    font = fonts.SMALL
    out: list[str] = []
    line = ""
    for word in words:
        trial = f"{line} {word}".strip()
        if text_width(trial, font) <= width:
            line = trial
            continue
        out.append(line)
        line = word
    out.append(line)
    if len(out) > most:
        out = out[:most - 1] + [fit(" ".join(out[most - 1:]), font, width)]
    return [line for line in out if line]


def _draw_place(draw, cell: Box, place: Place) -> None:
    font, step = fonts.SMALL, fonts.line_height(fonts.SMALL)
    draw.rectangle([cell.x0, cell.y0, cell.x1 - 1, cell.y1 - 1], outline=INK)
    inner = cell.width - 4
    x, y = cell.x0 + 2, cell.y0 + 1
    if place.king:  # the King's region: its name inverted
        draw.rectangle([cell.x0, cell.y0, cell.x1 - 1, cell.y0 + step], fill=INK)
    draw_text(draw, (x, y), place.name, font, fill=PAPER if place.king else INK, width=inner)
    counts = [f"{initial}{'' if n is None else n}" for initial, n in place.counts]
    lines = _lines(counts, inner, 2)
    for number, line in enumerate(lines):
        draw_text(draw, (x, y + (1 + number) * step), line, font, width=inner)
    marks = [f"■{g}" for g in place.grandes] + [f"T{t}" for t in place.tiles]
    room = (cell.height - 2) // step  # lines the cell holds
    if marks:  # on the last line (the fourth), or the first free one on a short cell
        row = 3 if room >= 4 else 1 + len(lines)
        if row < room:
            draw_text(draw, (x, y + row * step), " ".join(marks), font, width=inner)


def _draw_legend(draw, box: Box, legend: tuple[str, ...]) -> None:
    font, step = fonts.SMALL, fonts.line_height(fonts.SMALL)
    most = max(1, (box.height - 2) // step)
    for number, line in enumerate(_lines(list(legend), box.width - 4, most)):
        draw_text(draw, (box.x0 + 2, box.y0 + 1 + number * step), line, font, width=box.width - 4)
