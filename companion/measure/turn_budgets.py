"""Press budgets of a turn and its card's effects with the board recorded (issue 22, "A third of
the presses"): scripted scenarios through the real controller, as in press_budget.py, each with
its target; tests/test_press_budgets.py holds them.

    for budget in turn_budgets():
        print(budget.line())
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from companion.measure.hands import TourError, name_shown
from companion.measure.press_budget import Budget, Player, _player
from companion.ui.grammar import BACK, OK, UP
from companion.ui.view import Choices, Spinners


def _board_players(folder: Path, colours: tuple[str, ...], shown: dict[int, str] | None = None,
                   variants: tuple[str, ...] = ()) -> Player:
    """A new 2023 game recording the board, the King in Toledo (Aragón, Castilla, Sevilla, Granada
    and Valencia next to him), the cards ``shown`` named on their stacks, at the first Power card."""
    t = _player(folder)
    t.set_up(colours, ("Board recorded", *variants), king="Toledo")
    if shown:
        t.press(UP, long=True)
        t.choose("Cards showing this round")
        name_shown(t, shown)
    return t


def full_count_turn(folder: Path) -> int:
    """The second turn, after Red took stack 2 (its card "not said" at the take: the companion asks
    it once a game, engine/offers/take.py) and placed nothing: the card the cursor starts on (stack
    1), its count into the place offered as pre-filled (where it likeliest goes), the turn ended."""
    t = _board_players(folder, ("Red", "Blue", "Green"))
    t.power_cards({"Red": 13, "Blue": 1, "Green": 5})
    t.pick("Stack 2")
    while t.kind != "turn":
        t.press(BACK)  # nothing placed
    t.pick("End the turn")

    state = t.game.state
    where, who, before = "", state.active, {}

    def turn() -> None:
        nonlocal where, before
        t.expect("turn_card")
        t.ok()
        where = next(r for r in state.regions if state.rules.name(r) == t.prefilled())
        before = dict(state.counts[where])
        t.press(OK)
        if t.kind == "turn":  # (stack 1's card may move Caballeros: no special action, ▲ OK; issue 35)
            t.pick("End the turn")

    presses = t.count(turn)
    if who is None or state.active == who or state.counts[where].get(who, 0) != before.get(who, 0) + 1:
        raise TourError(f"the card did not place 1 where it was pre-filled ({where}): {t.screen}")
    t.game.close()
    return presses


def two_and_one_turn(folder: Path) -> int:
    """A 4-player game's fourth turn, stacks 5, 1 and 2 taken before (nothing placed): the card the
    cursor starts on, stack 3 (not named), 2 into the region pre-filled with all 3 (Valencia, Yellow's
    home: the tightest race Yellow is in) and 1 into the Castillo; the placements' OK ends the turn."""
    t = _board_players(folder, ("Red", "Blue", "Green", "Yellow"))
    t.power_cards({"Red": 13, "Blue": 12, "Green": 11, "Yellow": 10})
    for stack in ("King's card", "Stack 1", "Stack 2"):
        t.pick(stack)
        while t.kind != "turn":
            t.press(BACK)  # the King stays for now, nothing placed
        t.pick("End the turn")
    state = t.game.state
    region, before = "", 0

    def turn() -> None:
        nonlocal region, before
        t.expect("turn_card")
        t.ok()
        where = t.prefilled()
        region = next(r for r in state.regions if state.rules.name(r) == where)
        before = state.counts[region].get("yellow", 0)
        t.confirm_counts({where: 2, "Castillo": 1})
        if t.kind == "turn":  # (stack 3 may hold a scoring card: no special action, ▲ OK; issue 35)
            t.pick("End the turn")

    presses = t.count(turn)
    if t.kind != "round_over" or state.castillo.get("yellow") != 1 or state.counts[region].get("yellow") != before + 2:
        raise TourError(f"Yellow's 2+1 did not end the turn: {t.screen}")
    t.game.close()
    return presses


def kings_card_turn(folder: Path) -> tuple[int, str]:
    """Red takes the King's card (where the cursor starts), the King 3 rows down the region list,
    then 4 into the region pre-filled and 1 into the last (the first, when the last is pre-filled);
    the placements' OK ends the turn.
    Returns the presses and where the King went."""
    t = _board_players(folder, ("Red", "Blue", "Green"))
    t.power_cards({"Red": 13, "Blue": 1, "Green": 5})
    region = ""

    def turn() -> None:
        nonlocal region
        t.expect("turn_card")
        t.ok()
        body = t.screen.body
        if t.kind != "region" or not isinstance(body, Choices):
            raise TourError(f"the King's card did not open the King's page: {t.screen}")
        region = body.items[(body.cursor + 3) % len(body.items)]
        t.pick(region)
        placements = t.expect("placements").body
        assert isinstance(placements, Spinners)
        rows, where = placements.rows, t.prefilled()
        t.confirm_counts({where: 4, (rows[-1] if rows[-1].label != where else rows[1]).label: 1})

    presses = t.count(turn)
    if t.game.state.active == "red" or t.kind != "turn_card":
        raise TourError(f"the King's card's turn did not end: {t.screen}")
    t.game.close()
    return presses, region


def _card_effect(folder: Path, colours: tuple[str, ...], stack: int, card: str, moved: int, what: str) -> int:
    """``card`` named on ``stack`` and taken by Red (placements left): the presses from the turn
    page (the cursor on the card's row) until it is back, each page at its default; ``moved``
    Caballeros the card must have moved in all."""
    t = _board_players(folder, colours, {stack: card})
    t.power_cards(dict(zip(colours, (13, 1, 5, 9))))
    t.pick(card)
    t.expect("placements")
    t.press(BACK)
    t.expect("turn")

    def effect() -> None:
        t.press(OK)
        t.ok_until(lambda: t.kind == "turn")

    presses = t.count(effect)
    if sum(n for _, _, _, n in t.game.state.turn_moves) != moved:
        raise TourError(f"{card} did not {what}: {t.screen}")
    t.game.close()
    return presses


def withdrawal_three(folder: Path) -> int:
    """A 4-player game, Withdrawal on stack 2: each of the 3 opponents sends back the 3 the rules
    make them send, pre-filled."""
    return _card_effect(folder, ("Red", "Blue", "Green", "Yellow"), 2, "Withdrawal", 9, "send back 3 of each")


def intrigue_move(folder: Path) -> int:
    """Intrigue on stack 1, taken by Red (placements left): from the turn page, the card's row and
    each page of one move at its default (whose, from, to, how many: the move that would gain Red
    most), until it is recorded and the next move's page has opened by itself."""
    colours = ("Red", "Blue", "Green")
    t = _board_players(folder, colours, {1: "Intrigue"})
    t.power_cards(dict(zip(colours, (13, 1, 5))))
    t.pick("Intrigue")
    t.expect("placements")
    t.press(BACK)
    t.expect("turn")
    before = len(t.game.steps)

    def move() -> None:
        t.press(OK)
        t.ok_until(lambda: len(t.game.steps) > before)

    presses = t.count(move)
    moved = t.game.steps[before:]
    if len(moved) != 1 or moved[0].kind != "CardMoved" or t.kind not in ("who", "region"):
        raise TourError(f"Intrigue did not move once and ask for the next move: {moved}, {t.screen}")
    t.game.close()
    return presses


#: What saying "no special action" costs a turn whose card the table did not name while its stack
#: may hold one with an action (issue 35's trap closed: ▲ OK on the turn page, where the placements'
#: OK used to end the turn and lose a scoring card's scoring). The two unnamed turns below pay it.
NO_ACTION = 2


def turn_budgets() -> list[Budget]:
    """The turn's and the card effects' targets (issue 22), the board recorded."""
    with tempfile.TemporaryDirectory(prefix="elgrande-turns-") as tmp:
        root = Path(tmp)
        full = full_count_turn(root / "full")
        two_one = two_and_one_turn(root / "two-one")
        king, region = kings_card_turn(root / "king")
        withdrawal = withdrawal_three(root / "withdrawal")
        intrigue = intrigue_move(root / "intrigue")
    return [
        Budget("a turn placing the card's full count into the first place offered, and ending (not named: "
               "no special action, ▲ OK)", full, 3 + NO_ACTION),
        Budget("a turn placing 2+1 into two places (stack 3, not named, where the cursor starts: 2 into the region "
               "pre-filled, 1 into the Castillo)",
               two_one, 5 + NO_ACTION),
        Budget(f"the King's card: the King 3 rows down (Toledo to {region}), 5 placed into two regions", king, 9),
        Budget("an effect on every opponent at the rules' default (Withdrawal, 3 opponents), from the turn page "
               "back to it", withdrawal, 4),
        Budget("one Intrigue move at the pages' defaults, from the turn page until it is recorded (the next "
               "move's page opens by itself)", intrigue, 5),
    ]
