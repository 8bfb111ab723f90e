"""A screen as plain text: what the terminal simulator shows, and what a bug report quotes.

The same view model the renderer draws, written out line by line — every
item, count and line, with the four key labels — so the simulator is
readable in any terminal. The pixel frame itself: `run --frames DIR` or
`run --art`.
"""

from __future__ import annotations

from companion.ui.draw.ink import SOFT_HYPHEN
from companion.ui.grammar import said
from companion.ui.view import Chart, Choices, Code, Lines, Map, Screen, Spinners

WIDTH = 60


def plain(screen: Screen) -> str:
    out = [screen.headline, "=" * min(WIDTH, max(len(screen.headline), 12))]
    if screen.prompt:
        out.append(screen.prompt)
    if screen.error:
        out.append(f"!! {screen.error}")
    out.extend(_body(screen.body))
    out.append("")
    out.append("   ".join(f"[{n}] {said(label).replace(SOFT_HYPHEN, '')}"
                           for n, label in enumerate(screen.keys, start=1) if label))
    return "\n".join(out)


def _body(body) -> list[str]:
    if body is None:
        return []
    if isinstance(body, Choices):
        marks = body.marks or ("",) * len(body.items)
        return [f"{'>' if i == body.cursor else ' '} {item}{'  ' + mark if mark else ''}"
                for i, (item, mark) in enumerate(zip(body.items, marks))]
    if isinstance(body, Spinners):
        rows = [f"{'>' if i == body.cursor else ' '} {row.label:<18} {row.value:>3}" for i, row in enumerate(body.rows)]
        oks = (*body.oks, body.ok) if body.ok else body.oks
        return rows + [f"{'>' if body.cursor == len(body.rows) + i else ' '} {ok} ►" for i, ok in enumerate(oks)]
    if isinstance(body, Lines):
        return [f"  {row.text:<40} {row.right}".rstrip() if row.right else f"  {row.text}"
                for row in body.rows]
    if isinstance(body, Chart):
        labels = list(body.x_labels)
        lines = []
        for series in body.series:
            points = "  ".join(f"{label}:{p}" if label else str(p)
                               for label, p in zip(labels + [""] * len(series.points), series.points))
            lines.append(f"  {series.name:<12} {points}")
        return lines
    if isinstance(body, Code):
        return [f"  {body.text}"]
    if isinstance(body, Map):
        lines = []
        for place in body.places:
            counts = " ".join(f"{initial}{'' if n is None else n}" for initial, n in place.counts) or "-"
            pieces = " ".join([f"■{g}" for g in place.grandes] + [f"T{t}" for t in place.tiles])
            king = " (King)" if place.king else ""
            lines.append(f"  {place.name + king:<18} {counts:<16} {pieces}".rstrip())
        return lines + [f"  {' · '.join(body.legend)}"]
    return [f"  {body}"]
