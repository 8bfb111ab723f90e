"""The keys player's hands on the card effects' pages (companion/ui/screens/card_effects.py), the
board recorded: a card's moves entered page by page from the turn page's row for the card, each
page at its pre-fill where the table's choice is the default, the fewest presses otherwise.

One unit is what one page sends (keys_script.units): a sending back's page sends one opponent's
Caballeros from their Court and the regions, Militia's pages all of its extra Caballeros (a list
each, the last one's OK sending them); every other page one move. The pages that follow one
another by themselves (each opponent's in turn) are entered where they open; the first opens from
the turn page.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine import board, gains, queries
from companion.engine import steps as s
from companion.measure import plan_figures
from companion.measure.hands import fill_keys
from companion.rules import cards
from companion.ui.grammar import BACK, OK, ring_keys
from companion.ui.screens import placements, turn_naming
from companion.ui.screens.card_moves import DONE
from companion.ui.view import Choices, Spinners
from companion.ui.words import where
from tests.ui.keys_script import describe

if TYPE_CHECKING:
    from tests.ui.keys_player import Keys

Effect = cards.Effect


class EffectKeys:
    """Mixed into tests/ui/keys_player.Keys: the card effects' pages, and the card named at its action."""

    def _ActionCardNamed(self: Keys, step: s.ActionCardNamed) -> None:
        """The card's row on the turn page (ui/screens/turn_naming.py, issue 35), reached from the
        placements (Back) where the card's move comes first. Its presses a line of their own
        ("CardNamed": the naming presses the bench counts): the cursor's moves to the row, and its OK
        unless a known card's turn would have pressed that OK too (plan_figures.action_ok: its turn
        page waiting on the card's row, the placements made: then the OK is the action's own,
        "CardAction"). The take may have opened the turn page on these rows (take.names_first)."""
        self.script[-1] = (f"{plan_figures.NAMED} {step.card}", self.script[-1][1])
        if self.screen.kind == "placements":
            self.leave_placements()  # (a card whose move comes first: were it known, that page instead)
        self._turn_page(step.colour)
        before = len(self.ui.game.steps)
        card = cards.card(step.card)
        own = plan_figures.action_ok(self.ui.game, step.colour, step.card)  # (before the OK changes the game)
        self.choose(turn_naming.label(card), exact=True)
        recorded = self.ui.game.steps[before:]
        if own:  # a known card's turn page would have waited on its row (its scoring, its Power card back)
            self.script[-1][1].pop()
            self.script.append((f"{plan_figures.ACTION} {step.card}", [OK]))
        # its action opened at once, after the placements (a move first, or the placements: their own)
        self.opened_after_placing = (not any(isinstance(later, s.TurnEnded) for later in recorded)
                                     and self.screen.kind not in ("turn", "placements", "tile", "results",
                                                                  "special_confirm", "power_back")
                                     and not self.moving() and self.screen.prompt != "King to which region?")

    def counts_naming(self: Keys, wanted: dict[str, int], named: s.ActionCardNamed | None) -> None:
        """The placements set and confirmed on the OK row naming ``named`` (issue 35: a card not
        known). Its presses past those a known card's page would take (its counters, one OK row; one
        Caballero: its list of places) are naming presses, a line of their own ("CardNamed"); the OK
        is the placements' own, as a known card's table presses it. ``named`` None: the card left
        unnamed, on the OK row naming none (the page the take opened has none: Back, Place Caballeros)."""
        if named is None:
            if placements.UNNAMED not in self.screen.body.oks:
                self.press(BACK)
                self.choose("Place Caballeros")
            oks = self.screen.body.oks
            return self.counts(wanted, others=0, end=len(self.screen.body.rows) + oks.index(placements.UNNAMED))
        page, body = self.ui.page, self.screen.body
        assert isinstance(body, Spinners), self.screen
        targets = [wanted.get(row.label, 0) for row in body.rows]
        oks = [*body.oks, body.ok]
        label = f"OK: {turn_naming.label(cards.card(named.card))}"
        end = len(body.rows) + oks.index(label if label in oks else placements.UNNAMED)  # (else on the turn page)
        keys = fill_keys(self.ui, targets, end)
        if page.total == 1 and page.default is not None:  # a known card's one Caballero: a list of places
            known = len(ring_keys(page.default, targets.index(1), len(targets)))
        else:
            known = len(fill_keys(self.ui, targets, oks=0))
        known = min(known, len(keys))  # (its rows more, FAR_KEY held may land nearer than on a known card's page)
        for key in keys[:known]:
            self.press(key)
        self.script.append((f"{plan_figures.NAMED} {named.card}", []))
        for key in keys[known:]:
            self.press(key)
        assert [row.value for row in self.screen.body.rows] == targets, self.screen
        self.script.append(("the placements' OK, naming the card", []))
        self.press(OK)

    def enter_card_moves(self: Keys, unit: list[s.Step]) -> None:
        """One page's CardMoved steps: from the turn page the card's row, then the pages its effect
        asks, each set to the unit and confirmed (the turn's end, when the card's actions are
        done, recorded by itself with the last OK)."""
        assert not self.ahead, (unit, self.ahead)
        game = self.ui.game
        before, presses = len(game.steps), self.ui.presses
        self.script.append((" + ".join(describe(step) for step in unit), []))
        self.read_notices()
        state = game.state
        taken = queries.taken_by(state, state.active or "")
        assert taken is not None and taken[2], (unit, "the keys enter the effects of named cards")
        card = cards.card(taken[2])
        moves = [step for step in unit if isinstance(step, s.CardMoved)]
        if self.screen.kind == "turn":
            self.choose(f"{card.title}: ")  # the card's row (one per effect: these cards have one)
        elif self.opened_after_placing:
            pass  # the placements' OK opened the card's action by itself
        elif self.card_moving():
            assert card.effect is Effect.MOVE_CABALLEROS, self.screen  # the next move's page, opened by itself
        effect = card.effect
        if effect in (Effect.RETURN_FROM_COURT, Effect.RETURN_FROM_REGIONS, Effect.RETURN_FROM_COURT_OR_REGIONS):
            self._sent_back(moves)
        elif effect is Effect.PLACE_EXTRA:
            self._placed(moves)
        elif effect is Effect.RETURN_BY_SECRET_DISC:
            (move,) = moves
            assert self.screen.kind == "disc" and self.screen.prompt.endswith(f"{self.name(move.colour)}'s disc"), self.screen
            self.choose(f"{self.rules.name(move.source)} · ")
        elif effect is Effect.EVICTION:
            self._evicted(moves)
        else:
            assert effect is Effect.MOVE_CABALLEROS, (card, unit)
            self._moved(moves)
        self.opened_after_placing = False
        self.spent["CardMoved"] += self.ui.presses - presses
        recorded = game.steps[before:]
        assert recorded[:len(unit)] == tuple(unit), (unit, recorded)
        self.ahead = list(recorded[len(unit):])  # the turn's end, its card's actions done
        assert all(isinstance(later, s.TurnEnded) for later in self.ahead), recorded

    def card_moving(self) -> bool:
        """Whether the screen is a card move's first page (the next move's opens by itself): whose,
        from, or, with both skipped (one colour left to move, out of the one region a Conspiracy
        empties), "From Galicia to"."""
        screen = self.screen
        return screen.kind == "who" or (screen.kind == "region" and (
            screen.prompt.endswith("'s Caballeros from")
            or (screen.prompt.startswith("From ") and screen.prompt.endswith(" to"))))

    def stop_row(self) -> bool:
        """Whether the screen is a card's next move's page that offers to stop there and end the
        turn (companion/ui/screens/card_moves.py ``DONE``)."""
        body = self.screen.body
        return self.card_moving() and isinstance(body, Choices) and DONE in body.items

    #: Whether the last placements' OK opened the card's action by itself (its first page shown).
    opened_after_placing = False

    def leave_moves(self: Keys) -> None:
        """The card's next move's page, or its action opened by the placements' OK, when the table
        does no more of it (or something else first): Back."""
        if self.opened_after_placing or self.card_moving():
            self.press(BACK)
        self.opened_after_placing = False

    def _sent_back(self: Keys, moves: list[s.CardMoved]) -> None:
        """One opponent's page, pre-filled with as many as the card makes them send (their Court
        first): the rows set to what they send, OK."""
        colour = moves[0].colour
        screen = self.screen
        assert screen.kind == "counts_correction" and screen.prompt.startswith(f"{self.name(colour)} sends back"), screen
        state = self.ui.game.state
        self.counts({f"{self.name(colour)} · {where(state, m.source, colour)}": m.count for m in moves}, others=0)

    def _placed(self: Keys, moves: list[s.CardMoved]) -> None:
        """Militia: one region list a Caballero, in the order that costs fewest presses (the 2nd
        list's cursor where the page puts it, given the 1st); the classic Intrigue's counts page
        (the Castillo a choice): its counters set."""
        if self.screen.kind == "placements":
            self.counts({self.rules.name(m.target): m.count for m in moves}, others=0)
            return
        state = self.ui.game.state
        colour = moves[0].colour
        regions = [r for r in state.regions if r != state.king]
        each = [m.target for m in moves for _ in range(m.count)]
        first_cursor = self.screen.body.cursor

        def cost(order: list[str]) -> int:
            cursor, placed, total = first_cursor, {}, 0
            for i, region in enumerate(order):
                if i:
                    cursor = regions.index(gains.next_place(gains.Gains(state, colour), regions, placed) or regions[0])
                n, down = len(regions) + (1 if i else 0), (regions.index(region) - cursor) % (len(regions) + (1 if i else 0))
                total += min(down, n - down)  # (from the 2nd on, the list's last row places no more)
                placed[region] = placed.get(region, 0) + 1
            return total

        for region in min((each, each[::-1]), key=cost):
            assert self.screen.kind == "region" and self.screen.prompt.startswith(
                f"{cards.card(queries.taken_by(state, colour)[2]).title}: where does "), self.screen
            self.choose(self.rules.name(region), exact=True)

    def _evicted(self, moves: list[s.CardMoved]) -> None:
        """Coup: the region emptied (its page opens from the turn page), then each opponent's disc."""
        (move,) = moves
        state = self.ui.game.state
        if self.screen.kind == "region":
            assert self.screen.prompt == "Which region is emptied?", self.screen
            self.choose(self.rules.name(move.source), exact=True)
        have = board.held(state, move.colour, move.source)
        assert self.screen.kind == "disc" and self.screen.prompt == f"{self.name(move.colour)}'s {have} to", self.screen
        if move.target == board.COURT:  # their disc named the King's region
            self.choose(f"{self.rules.name(state.king)} (King's")
        else:
            self.choose(self.rules.name(move.target), exact=True)

    def _moved(self, moves: list[s.CardMoved]) -> None:
        """Intrigue, Conspiracy: whose, from where, to where and how many in one list (no page when
        the card leaves one answer)."""
        (move,) = moves
        state = self.ui.game.state
        if self.screen.kind == "who":
            self.choose(self.name(move.colour), exact=True)
        if self.screen.prompt == f"{self.name(move.colour)}'s Caballeros from":
            self.choose(f"{where(state, move.source, move.colour)} · ")
        assert self.screen.prompt == f"From {where(state, move.source, move.colour)} to", self.screen
        target = where(state, move.target, move.colour)  # (a row per count where the card lets more go)
        rows = self.screen.body.items
        self.choose(f"{target}: {move.count}" if f"{target}: {move.count}" in rows else target, exact=True)

    def _PowerCardReturned(self, step: s.PowerCardReturned) -> None:
        """Empowerment: the turn page's row (or its list, opened by the placements' OK or by the OK that
        named the card), then the card by its value."""
        assert not step.modifier and self.screen.kind in ("turn", "power_back"), self.screen
        if self.screen.kind == "turn":
            self.choose("Power card back to hand", exact=True)
        self.choose(str(step.value), exact=True)
