"""Press budgets: how many key presses the table spends on the common moments of a game.

Scripted scenarios drive real controllers (companion.app.make_controller on a
temporary folder) the way a player would with the fewest presses: a list item
is reached the shorter way round (▲ or ▼, lists wrap), counts are set with
:func:`~companion.ui.grammar.keys_to_set`, and a page is left with OK. Only the
presses of the moment measured are counted (the controller counts every
press), never the setup that leads to it, and never the time: the figures are
the same on every machine.

    for budget in budgets():
        print(budget.line())
"""

from __future__ import annotations

import functools
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from companion.measure.hands import Hands, TourError, dummy_game, name_shown
from companion.rules import cards
from companion.ui.grammar import BACK, OK, UP
from companion.ui.view import Choices, Spinners

#: Each player's Power card in rounds 1-3 of the 4-player game (all different within a round).
POWER = ({"Red": 9, "Blue": 8, "Green": 5, "Yellow": 3}, {"Red": 12, "Blue": 13, "Green": 1, "Yellow": 9},
         {"Red": 11, "Blue": 10, "Green": 2, "Yellow": 4})
#: Where the four secret discs go: four different regions, each the fewest presses from where
#: the disc list's cursor starts (on Galicia, under "none / not clear"): Galicia, one row down,
#: two rows down, and two rows up round the end. A table's own discs cost 1 + the rows moved each.
DISCS = {"Red": "Galicia", "Blue": "Navarra", "Green": "Aragón", "Yellow": "Valencia"}


@dataclass(frozen=True)
class Budget:
    what: str
    presses: int
    #: The most presses allowed (None: no target).
    target: int | None = None
    #: The figure is presses beyond a plain turn ("+3").
    extra: bool = False

    @property
    def met(self) -> bool:
        return self.target is None or self.presses <= self.target

    def line(self) -> str:
        sign = "+" if self.extra else ""
        figure = f"{sign}{self.presses}"
        if self.target is None:
            return f"  {self.what}: {figure} (no target)"
        return f"  {self.what}: {figure}, target ≤ {sign}{self.target}, {'met' if self.met else 'NOT MET'}"


class Player(Hands):
    """Hands that take the fewest presses, and count them."""

    def count(self, act: Callable[[], object]) -> int:
        before = self.ui.presses
        act()
        return self.ui.presses - before

    def pick(self, label: str) -> None:
        """Move to the first item starting with ``label`` the shorter way round, and OK."""
        self.choose(label)

    def confirm_counts(self, wanted: dict[str, int]) -> None:
        self.counts(wanted)

    def prefilled(self) -> str:
        """The place a turn's placements page pre-fills with the card's count (where they likeliest go;
        one Caballero's list of places: the cursor's row)."""
        body = self.expect("placements").body
        if isinstance(body, Choices):
            return body.items[body.cursor]
        assert isinstance(body, Spinners)
        return next(row.label for row in body.rows if row.value)

    def ok_until(self, done: Callable[[], bool], most: int = 40) -> None:
        """OK page after page (counts left as they are) until ``done``."""
        for _ in range(most):
            if done():
                return
            self.press(OK)
        raise TourError(f"still not there after {most} OKs: {self.screen}")

    # -- whole moments --------------------------------------------------------------
    def power_cards(self, values: dict[str, int]) -> None:
        if self.kind == "round_over":
            self.press(OK)
        while self.kind == "power_cards":
            who = self.screen.headline.rsplit("· ", 1)[1]
            self.pick(f"{values[who]:>2} ")

    def plain_turn(self) -> None:
        self.expect("turn_card")
        self.pick("Stack")  # the first stack left (the King's card, on top, would move the King)
        self.pick("End the turn")

    def board_turn(self) -> None:
        """A turn that places nothing in a game recording the board: the card the cursor is on,
        its placements page left from the OK row where the cursor starts (Back), the turn ended."""
        self.expect("turn_card")
        self.pick("Stack")
        if self.kind == "placements":
            self.press(BACK)  # the cursor starts on its OK row
        self.pick("End the turn")

    def throw_turn(self) -> None:
        self.expect("turn_card")
        self.pick("Stack")
        colour = self.game.state.active
        self.pick("Throw into the Castillo")
        self.confirm_counts({self.game.state.name(colour): 1})
        self.pick("End the turn")


def _player(folder: Path) -> Player:
    from companion.app import Games, make_controller

    return Player(make_controller(Games(folder), seed=lambda: 7))


def _four_players(folder: Path) -> Player:
    """A new 4-player game of the 2023 edition, the King in Castilla, at the first Power card."""
    t = _player(folder)
    t.set_up(("Red", "Blue", "Green", "Yellow"))
    t.expect("power_cards")
    return t


def _name_the_card(t: Player, kind: str) -> str:
    """Through the menu, the table names the stack that shows a card of this special-scoring kind;
    returns the card's title."""
    from companion.engine import queries
    from companion.ui.screens.reveal import reveal_stacks
    from companion.ui.words import card_title

    state = t.game.state
    found = [(stack, card) for stack in reveal_stacks(t.game) for card in queries.cards_left(state, stack)
             if cards.special_kind(card) == kind]
    if not found:
        raise TourError(f"no card of kind {kind} to name")
    stack, card = found[0]
    t.press(UP, long=True)
    t.choose("Cards showing this round")
    name_shown(t, {stack: card_title(card.key, stack)})
    title = card.title
    return title


def _special(t: Player, row: str) -> int:
    """From the turn page: the 5-point regions (Navarra, Aragón, Valencia) scored from ``row`` with the
    counts unchanged, until the turn page is back; the presses."""
    t.expect("turn")
    before = t.ui.presses
    t.pick(row)
    if t.kind == "special":
        t.pick("5-point regions")
    t.ok_until(lambda: t.kind == "turn")
    return t.ui.presses - before


def _quiet_game(folder: Path) -> tuple[dict[str, int], str, Player]:
    """Rounds 1-3 of a 4-player game where nobody throws into the Castillo, and its first general
    scoring: a plain turn, the special scorings, a scoring without secret discs. Returns the
    presses by name, the title of the card named, and the hands (at round 4's Power cards)."""
    t = _four_players(folder)
    title = _name_the_card(t, "group5")
    t.power_cards(POWER[0])
    t.pick(title)
    got = {"special named": _special(t, "Score: 5-point regions")}
    t.pick("End the turn")
    got["plain"] = t.count(t.plain_turn)
    for values in POWER[1:]:
        while t.kind in ("turn_card", "turn"):
            t.plain_turn()
        t.power_cards(values)
        if values is POWER[1]:
            t.pick("Stack")
            got["special"] = _special(t, "Special scoring")
            t.pick("End the turn")
    while t.kind in ("turn_card", "turn"):
        t.plain_turn()
    t.expect("discs")
    got["scoring"] = t.count(lambda: t.ok_until(lambda: t.kind == "power_cards"))
    return got, title, t


def _discs_game(folder: Path) -> tuple[dict[str, int], tuple[str, str]]:
    """Rounds 1-3 of a 4-player game where everyone throws into the Castillo in round 1 (and the
    King moves in round 2), and its first general scoring, with four secret discs to set.
    Returns the presses by name and where the King moved from and to."""
    t = _four_players(folder)
    t.power_cards(POWER[0])
    t.throw_turn()
    got = {"throw": t.count(t.throw_turn)}  # (the round's second turn, as the plain turn measured)
    while t.kind in ("turn_card", "turn"):
        t.throw_turn()
    t.power_cards(POWER[1])
    king: list[str] = []
    got["king"] = _king_move(t, king)
    for values in POWER[2:]:
        while t.kind in ("turn_card", "turn"):
            t.plain_turn()
        t.power_cards(values)
    while t.kind in ("turn_card", "turn"):
        t.plain_turn()
    t.expect("disc")

    def score() -> None:
        while t.kind == "disc":
            t.pick(DISCS[t.screen.prompt.split(": ", 1)[1].split(" (")[0]])  # "Disc: Red (2 in)"
        t.ok_until(lambda: t.kind == "power_cards")

    got["scoring"] = t.count(score)
    t.game.close()
    return got, (king[0], king[1])


def _king_move(t: Player, king: list[str]) -> int:
    """A turn with the King's card, which opens the King's page at once (the cursor where he
    stands): the King goes 3 rows down the region list (``king`` gets the two regions' names).
    Returns the presses of the move itself, beyond taking the card and ending the turn."""
    t.expect("turn_card")
    t.pick("King's card")
    body = t.screen.body
    if t.kind != "region" or not isinstance(body, Choices):
        raise TourError(f"the King's card did not open the King's page: {t.screen}")
    state = t.game.state
    assert state.king is not None
    king += [state.rules.name(state.king), body.items[(body.cursor + 3) % len(body.items)]]
    presses = t.count(lambda: t.pick(king[1]))
    if t.game.state.king is None or state.rules.name(t.game.state.king) != king[1]:
        raise TourError(f"the King did not move to {king[1]}: {t.screen}")
    t.pick("End the turn")
    return presses


def _restart(folder: Path, t: Player, where: str) -> Budget:
    """Quit (the game's journal closed) and start again on the same folder: presses until the
    game's own page is back (no page opened over it)."""
    kind = t.ui.stack[0].kind
    t.game.close()
    again = _player(folder)
    presses = again.count(lambda: again.ok_until(lambda: len(again.ui.stack) == 1))
    if again.kind != kind:
        raise TourError(f"restarted on {again.kind}, not {kind}")
    again.game.close()
    return Budget(f"a restart {where}, until the game's own page is back", presses, 1)


def _two_players(folder: Path) -> Player:
    """A new 2-player game of the 2023 edition (the dummy White), the companion drawing the setup,
    at the dummy's round start."""
    t = _player(folder)
    dummy_game(t)
    t.expect("setup_drawn")
    t.press(OK)
    t.expect("dummy")
    return t


def _to_power_cards(t: Player) -> int:
    return t.count(lambda: t.ok_until(lambda: t.kind == "power_cards"))


def _dummy_game(folder: Path) -> tuple[int, int, int]:
    """The presses from the dummy's round start to round 1's Power cards, for the dummy's turn
    in round 1 (its card taken: the table moves its pieces), and from the last turn of round 1
    to round 2's Power cards."""
    t = _two_players(folder)
    start = _to_power_cards(t)
    t.power_cards({"Red": 13, "Blue": 1})
    turn = 0
    for _ in range(20):
        if t.kind not in ("turn_card", "turn", "dummy"):
            break
        if t.kind == "dummy":
            turn += t.count(lambda: t.press(OK))
        else:
            t.plain_turn()
    end = _to_power_cards(t)
    t.game.close()
    return start, turn, end


def _board_game(folder: Path) -> tuple[int, int, int, int]:
    """A 3-player game recording the board, the King in Toledo (Aragón, Castilla, Sevilla, Granada
    and Valencia next to him). Returns the presses of two turns' placements, beyond taking the card
    (its page opens with it) and before ending the turn: 2 into the region pre-filled (Castilla:
    Red is in none, the first empty one) and 1 into the Castillo; then 2 to Valencia (the last
    region) and 1 into the Castillo; then of
    a turn that places nothing (take a card, leave its page, end the turn); then of the first
    general scoring with the board unchanged (the two discs on Galicia, where the lists start)."""
    t = _player(folder)
    t.set_up(("Red", "Blue", "Green"), ("Board recorded",), king="Toledo")
    t.power_cards({"Red": 13, "Blue": 1, "Green": 5})
    got = []
    for region, stack in (("", "Stack 3"), ("Valencia", "Stack 4")):
        t.expect("turn_card")
        t.pick(stack)
        if t.kind == "turn":  # its likeliest card acts first: the turn page on its cards (take.names_first)
            t.pick("Place Caballeros")
        wanted = {region or t.prefilled(): 2, "Castillo": 1}
        got.append(t.count(functools.partial(t.confirm_counts, wanted)))
        while t.kind == "results":  # (the OK named the likeliest card, issue 35: its scoring's results)
            t.press(OK)
        if t.kind == "turn":  # (the placements' OK ends a turn whose card's actions are done)
            t.pick("End the turn")
    nothing = t.count(t.board_turn)
    for values in ({"Red": 12, "Blue": 2, "Green": 6}, {"Red": 11, "Blue": 3, "Green": 7}):
        while t.kind in ("turn_card", "turn"):
            t.board_turn()
        t.power_cards(values)
    while t.kind in ("turn_card", "turn"):
        t.board_turn()

    def score() -> None:
        while t.kind == "disc":
            t.press(OK)  # Galicia, where the list starts
        t.ok_until(lambda: t.kind == "power_cards")

    scoring = t.count(score)
    t.game.close()
    return got[0], got[1], nothing, scoring


def _withdrawal(folder: Path) -> int:
    """A 3-player game recording the board, Withdrawal named on stack 2 and taken by Red (its
    placements left): the presses from the turn page's "Withdrawal: send back" until the turn page is
    back, each opponent sending back the 3 his page is pre-filled with (from his Court)."""
    t = _player(folder)
    t.set_up(("Red", "Blue", "Green"), ("Board recorded",), king="Toledo")
    t.press(UP, long=True)
    t.choose("Cards showing this round")
    name_shown(t, {2: "Withdrawal"})
    t.power_cards({"Red": 13, "Blue": 1, "Green": 5})
    t.pick("Withdrawal")
    t.expect("placements")
    t.press(BACK)
    t.expect("turn")

    def send_back() -> None:
        t.pick("Withdrawal: send back")
        t.ok_until(lambda: t.kind == "turn")

    presses = t.count(send_back)
    t.game.close()
    return presses


def budgets() -> list[Budget]:
    """Every press budget, in the order the README lists them."""
    with tempfile.TemporaryDirectory(prefix="elgrande-presses-") as tmp:
        root = Path(tmp)
        quiet, title, t = _quiet_game(root / "quiet")
        t.power_cards({"Red": 1, "Blue": 2, "Green": 3, "Yellow": 5})
        t.pick("Stack")  # a card taken: the restart comes in the middle of a turn
        t.expect("turn")
        restart = _restart(root / "quiet", t, "(4-player game, in a turn)")
        busy, (king_from, king_to) = _discs_game(root / "discs")
        dummy_start, dummy_turn, dummy_end = _dummy_game(root / "dummy")
        dummy_restart = _restart(root / "dummy-restart", _two_players(root / "dummy-restart"),
                                 "(2-player game, at the dummy's round start)")
        near, far, nothing, board_scoring = _board_game(root / "board")
        withdrawal = _withdrawal(root / "withdrawal")
    plain = quiet["plain"]
    where = ", ".join(f"{colour} {region}" for colour, region in DISCS.items())
    return [
        Budget("a plain turn (take a card, end the turn)", plain, 3),
        Budget("a turn with one Castillo throw of 1 Caballero, over a plain turn", busy["throw"] - plain, 3,
               extra=True),
        Budget(f"a King move with the King's card ({king_from} to {king_to}, 3 rows down the region list), "
               "beyond taking the card and ending the turn", busy["king"], 4, extra=True),
        Budget("a turn's placements, the board recorded (King in Toledo): 2 into the region pre-filled "
               "and 1 into the Castillo, beyond taking the card", near, 6, extra=True),
        Budget("  the same with 2 to Valencia, the last region on the list", far, extra=True),
        Budget("  a turn placing nothing, the board recorded (take a card, leave its placements, end the turn)",
               nothing),
        Budget("Withdrawal, the board recorded: both opponents send back the 3 their pages are pre-filled "
               "with, from the turn page back to it", withdrawal),
        Budget("3-player general scoring, the board recorded and unchanged, two secret discs (Galicia)",
               board_scoring),
        Budget("4-player general scoring, board unchanged, no secret discs", quiet["scoring"], 12),
        Budget(f"4-player general scoring, board unchanged, four secret discs ({where})", busy["scoring"], 20),
        Budget("a dummy round (2-player 2023): the dummy's round start to round 1's Power cards", dummy_start, 1),
        Budget("a dummy round: the dummy's turn (its card taken; the table moves its pieces)", dummy_turn),
        Budget("a dummy round: round 1's last turn ended to round 2's Power cards", dummy_end, 0),
        Budget(f"a special scoring of 3 regions (5-point regions), counts unchanged: the card ({title}) named, "
               "from the turn page back to it", quiet["special named"]),
        Budget("  the same, the card not named (the turn's Special scoring row)", quiet["special"]),
        restart,
        dummy_restart,
    ]
