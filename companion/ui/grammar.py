"""The key grammar: what each of the four keys does, on every screen.

    KEY1  ▲   previous item, row or line (wraps round in lists)   hold: the menu
    KEY2  ▼   next item, row or line                               hold: half-way round
    KEY3  back/less: one less on a counter; elsewhere back out
          (Back on a page opened from another, Menu on the game's own page, Keep on a question)
    KEY4  forward/more: one more on a counter; elsewhere OK
          (or the verb the page confirms: Undo, New, Chart, Phone, Off)    hold: undo the last step

A page of counts ends in an OK row, where the cursor starts: an unchanged
page is one press. ▲/▼ move onto a counter, KEY3/KEY4 change it, ▼ back to
the OK row, KEY4 confirms. So KEY3 always means "less or back", KEY4 always
"more or forward", and the arrows always move: the test in
tests/ui/test_key_grammar.py holds every screen to this table.
"""

from __future__ import annotations

import heapq

from companion.language import pgettext

KEY1, KEY2, KEY3, KEY4 = 0, 1, 2, 3
UP, DOWN, BACK, OK = KEY1, KEY2, KEY3, KEY4
LESS, MORE = KEY3, KEY4
MENU_KEY, UNDO_KEY = KEY1, KEY4  # held
#: Held, KEY2 takes the cursor half-way round a list (or a page's rows, or half a page of text
#: down): a long list's far side in one press, the ▲/▼ from there (issue 35: 13 Power cards, ten
#: regions; the fewest presses to row k are about k/4 of the list, not k/2).
FAR_KEY = KEY2
#: A held key in a list of presses (the key scripts' ``L2``; ``list_keys_to``): the key + HELD.
HELD = 10


def held(key: int) -> int:
    """``key`` held, in a list of presses."""
    return key + HELD


def far(position: int, size: int) -> int:
    """Where FAR_KEY held takes a cursor at ``position`` of a ring of ``size``: half-way round."""
    return (position + size // 2) % size if size else position


def ring_keys(here: int, there: int, size: int) -> list[int]:
    """The fewest presses from row ``here`` to row ``there`` of a ring of ``size`` rows: ▲/▼ the
    short way round, or FAR_KEY held and the ▲/▼ from there where that is fewer."""

    def short(a: int) -> list[int]:
        down = (there - a) % size
        return [DOWN] * down if down <= size - down else [UP] * (size - down)

    near, via = short(here), [held(FAR_KEY), *short(far(here, size))]
    return via if len(via) < len(near) else near

#: What each key may be labelled on any screen ("" for a key with nothing to do there).
LABELS: dict[int, frozenset[str]] = {
    KEY1: frozenset({"▲", ""}),
    KEY2: frozenset({"▼", ""}),
    KEY3: frozenset({"−", "Back", "Menu", "Keep", ""}),
    KEY4: frozenset({"+", "OK", "Undo", "New", "Chart", "Phone", "Off", ""}),
}

def said(label: str) -> str:
    """A key's label as the key band shows it: the screens name the keys in English (the grammar's
    words above, whatever the table's language), the band says them in the table's language, each
    in the side band's five characters, or split at a soft hyphen (U+00AD) over its two lines
    ("Zu-" "rück": ink.wrap). The arrows and the counters' signs are no words."""
    words = {  # Translators: a key's label, five letters at most or two lines of five split at a soft hyphen
        "Back": pgettext("key", "Back"), "Menu": pgettext("key", "Menu"), "Keep": pgettext("key", "Keep"),
        "OK": pgettext("key", "OK"), "Undo": pgettext("key", "Undo"), "New": pgettext("key", "New"),
        "Chart": pgettext("key", "Chart"), "Phone": pgettext("key", "Phone"), "Off": pgettext("key", "Off"),
    }
    return words.get(label, label)


#: The roles, as docs/ui.md and the grammar test name them.
ROLES = {KEY1: "previous", KEY2: "next", KEY3: "less / back", KEY4: "more / OK"}


def list_keys(back: str, ok: str = "OK", moves: bool = True) -> tuple[str, str, str, str]:
    """The labels of a page of items or lines: the arrows (when they move), back, OK."""
    return ("▲" if moves else "", "▼" if moves else "", back, ok)


def counter_keys() -> tuple[str, str, str, str]:
    """The labels while the cursor is on a counter."""
    return ("▲", "▼", "−", "+")


def keys_to_set(values: list[int], targets: list[int], cursor: int) -> list[int]:
    """The fewest presses that take counters from ``values`` to ``targets`` and end on the
    OK row (row ``len(values)``) from row ``cursor``, before KEY4 confirms there.

    The rows and the OK row form a ring that ▲/▼ go round (and FAR_KEY held, half-way); the counters to change are
    visited in the order that moves least (a search over where the cursor is and which
    counters are set), each set with KEY3/KEY4 when first reached."""
    n = len(values)
    ring = n + 1
    changed = [i for i, (v, t) in enumerate(zip(values, targets)) if v != t]
    bit = {row: 1 << k for k, row in enumerate(changed)}
    done = (1 << len(changed)) - 1

    def adjust(row: int) -> list[int]:
        return [MORE if targets[row] > values[row] else LESS] * abs(targets[row] - values[row])

    start = (cursor, bit.get(cursor, 0))
    paths: dict[tuple[int, int], list[int]] = {start: adjust(cursor) if cursor in bit else []}
    frontier = [start]
    while frontier:  # breadth first: every move costs one press, every adjustment is owed anyway
        following = []
        for row, seen in frontier:
            if row == n and seen == done:
                return paths[(row, seen)]
            for key, nxt in ((DOWN, (row + 1) % ring), (UP, (row - 1) % ring), (held(FAR_KEY), far(row, ring))):
                state = (nxt, seen | bit.get(nxt, 0))
                if state not in paths:
                    fresh = nxt in bit and not seen & bit[nxt]
                    paths[state] = paths[(row, seen)] + [key] + (adjust(nxt) if fresh else [])
                    following.append(state)
        frontier = following
    raise AssertionError("the OK row is always reachable")


def keys_to_fill(values: list[int], targets: list[int], cursor: int, *, maxes: list[int],
                 total: int | None = None, default: int | None = None, mins: list[int] | None = None,
                 given: list[int] | None = None, oks: int = 0, end: int | None = None) -> list[int]:
    """:func:`keys_to_set` for a page of counts pre-filled in its ``default`` row with the whole
    ``total`` (a turn's placements): there + on another row, the total reached, takes one from
    the default row, once it is empty from the next row pre-filled (``given``: the counts the page
    opened with; default ``values``); + past a row's most or past the total with nothing left to
    take is refused; − on a row at its least wraps round to its most (+ until it stops) and takes
    the cursor to the OK row.

    The fewest presses, found by playing the page's own rules (CountsPage.press) from its
    pre-filled counts and cursor: a shortest-path search over (cursor, counts), guided by what
    any way round still owes (the counts set: the ▲/▼ to the OK row; else one press per count
    above its target outside the givers and one for a row below it, at least one: the last may be
    a wrap, which ends on the OK row), which never overestimates; a state reached again by a
    shorter way is searched again, so the first way to reach ``targets`` on the OK row is a
    shortest one. Fewer placed than the total, moved rows or both: all the same to it. ``oks``: the
    page's other rows that confirm (CountsPage.oks, between the counters and the OK row); ``end``: the
    confirming row to end on (default the OK row)."""
    if total is None or default is None:
        assert not oks, "the other OK rows come with a placements' page"
        return keys_to_set(values, targets, cursor)
    n = len(values)
    ok_row = n + oks
    ring = ok_row + 1
    last = ok_row if end is None else end
    lows = mins or [0] * n
    goal = tuple(targets)
    opened = given if given is not None else values
    givers = [default] + [i for i in range(n) if i != default and opened[i] > lows[i]]

    def owed(row: int, got: tuple[int, ...]) -> int:  # (the givers excepted: one press may change two;
        if got == goal:  # a row short of its target at least one: − wraps round to its most)
            return len(ring_keys(row, last, ring))
        return max(1, sum(1 if t > g else g - t for i, (g, t) in enumerate(zip(got, goal)) if i not in givers))

    def pressed(row: int, got: tuple[int, ...], key: int) -> tuple[int, tuple[int, ...]] | None:
        """Where ``key`` takes the page, None where it changes nothing or is refused."""
        if key in (UP, DOWN):
            return (row + (1 if key == DOWN else -1)) % ring, got
        if key == held(FAR_KEY):
            return far(row, ring), got
        if row >= n:
            return None
        now = list(got)
        if key == LESS and now[row] > lows[row]:
            now[row] -= 1
            return row, tuple(now)
        if not more(row, now):  # (− at its least: + until it stops, the rest wrapped round here)
            return None
        if key == LESS:
            while more(row, now):
                pass
            return ok_row, tuple(now)  # (the wrap takes the cursor to the OK row)
        return row, tuple(now)

    def more(row: int, now: list[int]) -> bool:
        """One more on ``row`` in ``now``, from a giver once the total is reached: whether it took."""
        if now[row] >= maxes[row]:
            return False
        if sum(now) >= total:
            giver = next((i for i in givers if i != row and now[i] > lows[i]
                          and (i == default or opened[i] > lows[i])), None)
            if giver is None:
                return False
            now[giver] -= 1
        now[row] += 1
        return True

    start = (cursor, tuple(values))
    paths: dict[tuple[int, tuple[int, ...]], list[int]] = {start: []}
    queue = [(owed(*start), 0, 0, start)]
    order = 0
    while queue:
        _, _, cost, here = heapq.heappop(queue)
        keys = paths[here]
        if cost > len(keys):
            continue  # (reached again by a shorter way since it was queued)
        if here == (last, goal):
            return keys
        for key in (DOWN, UP, LESS, MORE, held(FAR_KEY)):
            there = pressed(*here, key)
            if there is not None and len(paths.get(there, keys + [key, key])) > len(keys) + 1:
                paths[there] = keys + [key]
                order += 1
                heapq.heappush(queue, (len(keys) + 1 + owed(*there), order, len(keys) + 1, there))
    raise AssertionError(f"no presses reach {targets} from {values}")
