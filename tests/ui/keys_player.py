"""A person at the table with the four keys, for whole games by keys (test_whole_games_by_keys.py,
test_dummy_game_by_keys.py, big_box_keys.py and the Big Box games).

A `Keys` player stands at the table: it reads `Controller.screen()` and
calls `Controller.press()`, nothing else — it never sends a step itself.
Given a step the table wants recorded, it knows which page that step is
entered on and presses the keys that enter it (cursor to the item, spinners
set, OK), the way a person would with the shortest presses. Beside it: a
step in words, the presses as a key script, and a game's steps in the form
that holds the same facts however they were entered.
"""

from __future__ import annotations

from collections import Counter

from companion.engine import scorings
from companion.engine.modes import steps as s
from companion.engine.offers import take as taking
from companion.measure.hands import fill_keys, list_keys_to, name_shown, seat_colours
from companion.play.game import Game
from companion.rules import spain
from companion.rules.editions import edition
from companion.rules.editions import edition as edition_rules
from companion.rules.special_scoring import KINDS
from companion.ui.controller import Controller
from companion.ui.grammar import BACK, DOWN, HELD, KEY1, OK, UP
from companion.ui.screens import card_moves, correct_moves
from companion.ui.screens.offered import REFUSED
from companion.ui.view import Choices, Spinners
from companion.ui.words import card_title, tile_word
from tests.ui.keys_effects import EffectKeys
from tests.ui.keys_script import describe, facts, grouped, key_script, place, same, units

__all__ = ["Keys", "describe", "facts", "grouped", "key_script", "place", "units"]

KING_PAGE = "King to which region?"
SCORE_PAGE = "Score which region?"

# Lists: ▲ ▼ Back OK. Counts: next row, -, +, OK (companion/ui/pages.py).
#: Pages that only tell the table something; OK reads them away.
NOTICES = ("results", "dummy", "round_over", "setup_drawn", "map", "big_box_setup", "intrigue_deal")
RULES = edition("2023")
REGENERATE = "ELGRANDE_REGENERATE_GOLDENS"  # as for the goldens (tests/ui/conftest.py)


class Keys(EffectKeys):
    """A person at the table with the four keys: reads screens, presses keys."""

    def __init__(self, path, seed: int, dummy: str | None = None, board: bool = False):
        self.ui = Controller(lambda settings: Game.new(settings, path), new_seed=lambda: seed)
        self.dummy = dummy
        self.board = board
        #: Presses spent per kind of step entered (notices read on the way count for the step).
        self.spent: Counter[str] = Counter()
        #: Every press, grouped by what it entered: [(what, [key, ...]), ...] (a key script;
        #: a long press is the key + 10).
        self.script: list[tuple[str, list[int]]] = [("new game", [])]
        #: Steps the companion recorded by itself with the last one entered (an I&K turn's special
        #: action without a choice): the next steps wanted, entered with no press.
        self.ahead: list[s.Step] = []

    rules = RULES

    def place(self, region: str | None) -> str:
        return place(region, self.rules)  # (how a region page lists a place)

    # -- the screen and the keys ---------------------------------------------------
    @property
    def screen(self):
        return self.ui.screen()

    def press(self, key: int, long: bool = False):
        if key >= HELD:  # (a held key from list_keys_to)
            key, long = key - HELD, True
        self.ui.press(key, long)
        self.script[-1][1].append(key + 10 if long else key)
        assert self.screen.error == "" or key in (UP, DOWN) and _on_refused(self.screen), self.screen
        return self.screen

    def name(self, colour: str) -> str:
        """The wizard names players by their colour; the dummy is "the dummy"."""
        return "the dummy" if colour == self.dummy else colour.title()

    def colour(self, name: str) -> str:
        return self.dummy if name == "the dummy" else name.lower()

    def choose(self, label: str, *, exact: bool = False):
        """Move the cursor the short way round to the one item starting with `label`; OK."""
        body = self.screen.body
        assert isinstance(body, Choices), self.screen
        hits = [i for i, item in enumerate(body.items) if (item == label if exact else item.startswith(label))]
        assert len(hits) == 1, f"{label!r} in {body.items} ({self.screen.kind})"
        for key in list_keys_to(self.ui, hits[0]):  # (past the cards taken this round)
            self.press(key)
        return self.press(OK)

    def counts(self, wanted: dict[str, int], *, others: int | None = None, end: int | None = None):
        """Set the spinners named in `wanted` (the rest to `others`, or left as pre-filled); OK (on the
        confirming row ``end``, else the OK row)."""
        body = self.screen.body
        assert isinstance(body, Spinners), self.screen
        assert set(wanted) <= {row.label for row in body.rows}, (wanted, body.rows)
        targets = [wanted.get(row.label, row.value if others is None else others) for row in body.rows]
        for key in fill_keys(self.ui, targets, end):
            self.press(key)
        assert [row.value for row in self.screen.body.rows] == targets, self.screen
        return self.press(OK)

    def read_notices(self):
        while self.screen.kind in NOTICES:
            self.press(OK)
        return self.screen

    # -- setting up ----------------------------------------------------------------
    def new_game(self, colours: list[str], setup: s.SetupDone, edition: str = "2023", variants: tuple = (),
                 secret: bool = True):
        """The wizard, with the King, homes and first player (and the Big Box's black Caballeros
        and Limit table) entered from the cards; ``variants``: labels switched on; ``secret``
        False: the Castillo open, *Secret Castillo* (on by default) switched off."""
        self.rules = edition_rules(edition)
        self.choose("El Grande 2023" if edition == "2023" else "El Grande classic")
        self.choose(f"{len(colours)} players")
        seat_colours(self, colours + ([self.dummy] if self.dummy else []))
        for variant in variants:
            self.choose(variant)
        if not self.board:
            self.choose("Board recorded")  # on by default: switched off, scores only
        if not secret:
            self.choose("Secret Castillo")  # on by default: switched off, the tally shown
        self.choose("Start the game")
        self.choose(self.place(setup.king), exact=True)
        for colour, home in setup.homes:
            assert self.screen.prompt == f"{self.name(colour)}'s home region", self.screen
            self.choose(self.place(home), exact=True)
        for region in (*setup.black, *([setup.limit_table] if setup.limit_table else [])):
            assert self.screen.kind in ("setup_black", "setup_limit"), self.screen
            self.choose(self.place(region), exact=True)
        self.choose(self.name(setup.first), exact=True)
        assert self.ui.game.steps == (setup,)
        self.spent["SetupDone"] = self.ui.presses

    # -- one step ------------------------------------------------------------------
    def enter(self, step: s.Step) -> None:
        """Press the keys that record `step` (exactly one step reaches the journal, and any the
        companion records by itself with it)."""
        if self.ahead and isinstance(self.ahead[0], s.TurnEnded) and step != self.ahead[0]:
            # The turn ended by itself with its card's actions done, but this table did more first
            # (a correction from the menu): the end undone, one long press and OK, as a person would.
            self.script.append(("undo the turn's end", []))
            self.press(OK, long=True)
            self.press(OK)
            self.spent["undo"] += 2
            self.ahead = []
        if self.ahead:
            # (a general scoring's regions may be recorded in another order: any order scores the same)
            found = next((i for i, later in enumerate(self.ahead) if same(step, later)), None)
            if found is not None:
                del self.ahead[found]
                return
            assert isinstance(step, s.Scored), (step, "recorded by itself instead", self.ahead)
        before, presses = len(self.ui.game.steps), self.ui.presses
        self.script.append((describe(step), []))
        self.read_notices()
        state = self.ui.game.state  # (and the Grand Inquisitor's holder for black ones in, S:248)
        inside = [c for c in state.colours if state.castillo.get(c) or c == scorings.black_disc_holder(state)]
        if self.screen.prompt == KING_PAGE and not isinstance(step, s.KingMoved):
            self.press(BACK)  # the King's card opened the King's page: he stays
        if self.moving() and not isinstance(step, (s.TileMoved, s.GrandeMoved)):
            self.press(BACK)  # the card's move opened at once: the placements first
        if isinstance(step, s.SpecialScoringStarted) and (self.screen.prompt == SCORE_PAGE
                                                          or self.screen.kind == "special_confirm") \
                or isinstance(step, s.PowerCardReturned) and self.screen.kind == "power_back":
            self.opened_after_placing = False  # the card's scoring opened by the placements' OK
        elif isinstance(step, s.PowerCardReturned) and self.screen.kind == "power_back":
            self.opened_after_placing = False  # its page opened by the OK that named the card
        elif not (isinstance(step, s.TurnEnded) and self.stop_row()):
            self.leave_moves()
        if self.screen.kind == "placements" and not isinstance(step, s.CourtIntake):
            self.leave_placements()  # the card's page: nothing placed from it
        getattr(self, f"_{step.kind}")(step)
        self.spent[step.kind] += self.ui.presses - presses
        # One step, but the secret discs: one SecretDisc per player in the Castillo, each kept at once.
        wanted = len(inside) if isinstance(step, s.SecretDiscs) and inside else 1
        assert len(self.ui.game.steps) >= before + wanted, (step, self.ui.game.steps[before:])
        self.ahead += list(self.ui.game.steps[before + wanted:])
        # Recorded by itself: an I&K turn's special action without a choice, a turn's end once its
        # card's actions are done; what a general scoring need not ask with the board recorded (no
        # discs, an empty Castillo, a region of one colour); a named card's scoring with nothing to
        # choose, with the placements that make the turn's placement whole.
        assert all(isinstance(later, (s.SpecialActionChosen, s.TurnEnded, s.Scored, s.SecretDiscs,
                                      s.SpecialScoringStarted))
                   for later in self.ahead), (step, self.ahead)

    def moving(self) -> bool:
        """Whether the page shown is the card's move of a scoring tile or a Grande, opened at once."""
        return self.screen.kind == "tile" or self.screen.prompt.endswith("'s Grande to?")

    def leave_placements(self):
        """The placements page opened with the card, nothing placed from it: to its OK row, Back."""
        body = self.screen.body
        assert self.screen.kind == "placements" and isinstance(body, (Spinners, Choices)), self.screen
        if isinstance(body, Spinners):
            for key in fill_keys(self.ui, [row.value for row in body.rows]):
                self.press(key)  # (none: the cursor starts on the OK row)
        self.press(BACK)  # (one Caballero's list: Back)

    def enter_placements(self, unit: list[s.Step], named: s.ActionCardNamed | None = None) -> None:
        """A turn's placements (Placed steps, then a CastilloThrow), set on the page that opens with
        the card, or reached from the turn page: one confirmation, one unit; ``named``: the card the
        table names next, on the placements' OK row naming it where the page has one (issue 35)."""
        before, presses = len(self.ui.game.steps), self.ui.presses
        self.script.append((" + ".join(describe(step) for step in unit), []))
        self.read_notices()
        self.leave_moves()
        if self.moving():
            self.press(BACK)  # the card's move opened at once: the placements first
        if self.screen.kind == "turn":
            self.choose("Place Caballeros")
        wanted = {self.rules.name(getattr(step, "region", spain.CASTILLO)): step.count for step in unit}
        if isinstance(self.screen.body, Choices):  # one Caballero: a list of places (issue 35)
            (label,) = wanted
            self.choose(label, exact=True)
        elif self.screen.body.ok != "OK":  # the OK rows name the card (issue 35)
            self.counts_naming(wanted, named)
        else:
            self.counts(wanted, others=0)
        self.spent["Placed"] += self.ui.presses - presses
        recorded = self.ui.game.steps[before:]
        assert recorded[:len(unit)] == tuple(unit), recorded
        self.ahead = list(recorded[len(unit):])  # the turn's end, its card's actions done (the card named)
        # (and a named card's scoring with nothing to choose, scored with the placement made whole)
        assert all(isinstance(later, (s.TurnEnded, s.SpecialScoringStarted, s.Scored, s.ActionCardNamed))
                   for later in self.ahead), recorded
        rest = [later for later in self.ahead if later != named]  # the card's action, at once:
        self.opened_after_placing = not rest and self.screen.kind != "turn"

    def _CourtIntake(self, step: s.CourtIntake):
        if self.screen.kind == "placements":
            self.leave_placements()
        self._turn_page(step.colour)
        self.choose("Court intake")
        self.counts({"Province": step.province, **{self.place(r): n for r, n in step.regions}}, others=0)

    def _turn_page(self, colour: str):
        screen = self.screen
        assert screen.kind == "turn" and screen.headline.endswith(f"· {self.name(colour)}"), screen

    def _PowerCardPlayed(self, step: s.PowerCardPlayed):
        assert step.modifier == 0  # no Power Shift in these games
        screen = self.screen
        assert screen.kind == "power_cards" and screen.headline.endswith(f"· {self.name(step.colour)}"), screen
        self.choose(f"{step.value:>2} ")

    def _ActionCardTaken(self, step: s.ActionCardTaken):
        """The stack's row: the take asks nothing (issue 35: a card not known is named at its
        action, ``_ActionCardNamed``; a stack with one card left names it by itself)."""
        screen = self.screen
        assert screen.kind == "turn_card" and screen.headline.endswith(f"· {self.name(step.colour)}"), screen
        state = self.ui.game.state
        named = state.revealed.get(step.stack)
        itself = taking.by_itself(state, step.stack)
        self.choose(f"{card_title(named, step.stack)} · " if named else self.ui.game.settings.mode.stack_title(
            step.stack) or ("King's card" if step.stack == 5 else f"Stack {step.stack} "))
        assert step.card in (None, named, itself), "a card named at the take is named at its action"

    def _ActionCardsRevealed(self, step: s.ActionCardsRevealed):
        """The page of the cards showing, opened by itself at a round's start (cards named in the
        round before) or else from the menu: each stack's card by its title, or not said."""
        if self.screen.kind != "cards_shown":
            self.press(KEY1, long=True)
            self.choose("Cards showing this round")
        name_shown(self, {stack: card_title(key, stack) for stack, key in step.cards})

    def _TurnEnded(self, step: s.TurnEnded):
        if self.stop_row():  # the card's next move's page: its "Done moving: end the turn" row
            self.choose(card_moves.DONE, exact=True)
            self.opened_after_placing = False
            return
        if self.screen.kind in ("special_confirm", "power_back"):
            self.press(BACK)  # the card's action opened by the OK that named it, not done
        self._turn_page(step.colour)
        self.choose("End the turn")

    def _CastilloThrow(self, step: s.CastilloThrow):
        self._turn_page(step.colour)
        self.choose("Throw into the Castillo")
        self.counts({self.name(step.colour): step.count})

    def _KingMoved(self, step: s.KingMoved):
        if not step.by_card:  # a board fact the card does not do: the menu's correction
            return self._correct("Correct: the King", self.place(step.region))
        if self.screen.prompt != KING_PAGE:  # (the King's card opens it at once)
            assert self.screen.kind == "turn", self.screen
            self.choose("King moved")
        self.choose(self.place(step.region), exact=True)

    def _TileMoved(self, step: s.TileMoved):
        if not step.by_card:
            return self._correct(f"Correct: a {tile_word(self.ui.game.state)}", step.tile, self.place(step.region))
        if self.screen.kind != "tile":  # (the card opens it at once)
            assert self.screen.kind == "turn", self.screen
            self.choose(tile_word(self.ui.game.state).capitalize())
        self.choose(step.tile)
        self.choose(self.place(step.region), exact=True)

    def _GrandeMoved(self, step: s.GrandeMoved):
        if not step.by_card:
            return self._correct("Correct: a Grande", self.name(step.colour), self.place(step.region))
        if not self.moving():  # (the card opens it at once)
            self._turn_page(step.colour)  # the active player's own Grande
            self.choose("Grande moved")
        self.choose(self.place(step.region), exact=True)

    def _correct(self, row: str, *choices: str):
        """Menu -> a correction, the choices in turn, then OK on what it changed."""
        self.press(KEY1, long=True)
        self.choose(row)
        for label in choices:
            self.choose(label, exact=label not in ("8/4/0", "4/0/0"))
        assert self.screen.kind == "corrected", self.screen
        self.press(OK)

    def _SpecialScoringStarted(self, step: s.SpecialScoringStarted):
        if self.screen.prompt == SCORE_PAGE:  # the named card's region list, opened by the placements' OK
            steps = len(self.ui.game.steps)
            self.choose(self.place(step.regions[0]), exact=True)
            assert self.ui.game.steps[steps] == step, (step, self.ui.game.steps[steps:])
            return
        own = f"Score: {KINDS[step.what].label}"  # the named card's own row
        if self.screen.kind == "special_confirm":  # its list (a Veto may cut it), opened by the placements' OK or the naming OK
            pass
        elif own in self.screen.body.items:
            assert self.screen.kind == "turn", self.screen
            steps = len(self.ui.game.steps)
            self.choose(own, exact=True)
            if step.what == "region" and self.screen.kind == "region":  # the board recorded: scored at once
                self.choose(self.place(step.regions[0]), exact=True)
            if len(self.ui.game.steps) > steps:  # the board recorded: the card's kind scored at once
                assert self.ui.game.steps[steps] == step, (step, self.ui.game.steps[steps:])
                return
        else:
            assert self.screen.kind == "turn", self.screen
            self.choose("Special scoring")
            # The menu lists the kinds in the referee's order (short labels that fit a row).
            self.choose(self.screen.body.items[list(KINDS).index(step.what)], exact=True)
        if step.what == "region":
            self.choose(self.place(step.regions[0]), exact=True)
            return
        # The companion proposes the regions and scores them in the board's order (the order never
        # changes a score, RULES.md).
        screen = self.screen
        assert screen.kind == "special_confirm" and screen.prompt == KINDS[step.what].wording, screen
        body = screen.body  # a list where a Veto may cut it (the classic Veto): the whole scoring first
        text = body.items[body.cursor] if isinstance(body, Choices) else " ".join(row.text for row in body.rows)
        proposed = " ".join(text.split()) + " "
        order = self.ui.game.state.regions  # (the mode's regions; the Castillo first where it is not one)
        board_order = sorted(step.regions, key=(order if spain.CASTILLO in order else (spain.CASTILLO, *order)).index)
        wanted = f"Scores: {', '.join(self.rules.name(r) for r in board_order)} "
        assert proposed.startswith(wanted), f"no key flow enters {step}: the companion proposes {proposed!r}"
        assert list(step.regions) == board_order, f"{step}: the keys score in the board's order"
        self.press(OK)

    def _Scored(self, step: s.Scored):
        if self.screen.kind == "scoring_regions":  # a general scoring, the board recorded: one page
            state = self.ui.game.state
            if sorted((c, n) for c, n in step.counts if n) == sorted(
                    (c, n) for c, n in state.counts[step.where].items() if n):
                self.choose("Score them as recorded", exact=True)  # the rest as recorded: ahead
                return
            self.choose(f"{self.rules.name(step.where)} ")  # its counts, to change them
        screen = self.screen
        assert screen.kind == "scoring" and screen.prompt.startswith(f"{self.rules.name(step.where)} "), (step, screen)
        self.counts({self.name(c) if c != "black" else "Black": n for c, n in step.counts}, others=0)
        seats = dict(step.seats)
        while self.screen.kind == "seat":  # a Big Box region's seats, one list each
            title = self.screen.prompt.rsplit(" who is ", 1)[1].rstrip("?")
            self.choose(self.name(seats[title]) if title in seats else "nobody", exact=True)

    def _HoldingMoved(self, step: s.HoldingMoved):
        """Grandissimo: the Queen or the Jester from the turn page after the stack-7 card; anything
        else from the menu's Figures and tokens."""
        row = f"Take the {step.what}"
        if self.screen.kind == "turn" and row in self.screen.body.items and step.colour == self.ui.game.state.active:
            self.choose(row, exact=True)
            return
        self.press(KEY1, long=True)
        self.choose("Figures and tokens")
        self.choose(f"{step.what}: ")
        self.choose(self.name(step.colour) if step.colour else "beside the board", exact=True)

    def _SetupDiscs(self, step: s.SetupDiscs):
        """The Big Box with the board recorded: the setup's discs, one region list per player."""
        assert self.screen.kind == "setup_discs", self.screen
        self.press(OK)
        discs = dict(step.discs)
        while self.screen.kind == "disc":
            colour = self.colour(self.screen.prompt.removeprefix("Setup disc: "))
            region = discs[colour]
            self.choose("none / not clear" if region is None else self.place(region), exact=True)

    def _Sailed(self, step: s.Sailed):
        if self.screen.kind == "placements":
            self.leave_placements()
        self._turn_page(step.colour)
        self.choose("Sail", exact=True)
        self.choose(f"{self.place(step.source)} · ")
        self.choose("Castillo" if step.target == spain.CASTILLO else self.place(step.target), exact=True)  # (as listed)
        self.counts({self.name(step.colour): step.count})

    def _CaballerosMoved(self, step: s.CaballerosMoved):
        """A move the companion does not guide (the Grand Inquisitor card's black pair): a Big Box
        turn's *Move Caballeros*, else the menu's correction."""
        if self.screen.kind == "placements":
            self.leave_placements()
        on_turn = self.screen.kind == "turn" and "Move Caballeros" in self.screen.body.items
        if not on_turn:
            self.press(KEY1, long=True)
        self.choose("Move Caballeros" if on_turn else "Correct: move Caballeros")
        who = "Black" if step.colour == "black" else self.name(step.colour)
        if self.screen.prompt == "Which Caballeros move?":  # (the menu's: the last placement's first)
            mine = f"{who} · {self.place(step.source)}"
            listed = [item for item in self.screen.body.items if item == mine or item.startswith(f"{mine} · ")]
            self.choose(listed[0] if listed else correct_moves.OTHER, exact=True)
            if not listed:
                self.choose(who, exact=True)
                self.choose(f"{self.place(step.source)} · ")
        else:
            self.choose(who, exact=True)
            self.choose(f"{self.place(step.source)} · ")
        self.choose("Castillo" if step.target == spain.CASTILLO else self.place(step.target), exact=True)  # (as listed)
        if self.screen.kind == "counts_correction":  # (none when the source holds one: the menu's)
            self.counts({who: step.count})
        if not on_turn:
            assert self.screen.kind == "corrected", self.screen
            self.press(OK)

    def _Jailed(self, step: s.Jailed):
        """Grandissimo: a stack-6 card's jail symbol, from the turn page: the region, then whose."""
        self._turn_page(self.ui.game.state.active)
        self.choose("Jail: one to prison", exact=True)
        self.choose(self.place(step.region), exact=True)
        self.choose(f"{self.name(step.colour)} · ")

    def _Pardoned(self, step: s.Pardoned):
        """Grandissimo: the King's card's taker pardons every prisoner into one region."""
        self._turn_page(self.ui.game.state.active)
        self.choose("Pardon the ")
        self.choose(self.place(step.region), exact=True)

    def _Delivered(self, step: s.Delivered):
        self.press(KEY1, long=True)
        self.choose("Gold or wares delivered")
        self.choose(f"{self.name(step.colour)}: {step.disc} ")

    def _DiscsPlaced(self, step: s.DiscsPlaced):
        """GI&C: a stack-7 card's discs, from the menu's delivery page (its last row)."""
        self.press(KEY1, long=True)
        self.choose("Gold or wares delivered")
        self.choose("A card's discs to the colonies", exact=True)
        self.counts({"gold to America": step.gold, "wares to the Med.": step.wares})

    def _SecretDiscs(self, step: s.SecretDiscs):
        screen = self.screen
        assert screen.kind in ("discs", "disc"), screen
        discs = dict(step.discs)
        if screen.kind == "discs":  # nobody in the Castillo: one page, one OK
            self.press(OK)
        # One region list per player with Caballeros in the Castillo tally, "Disc: Red".
        while self.screen.kind == "disc":
            colour = self.colour(self.screen.prompt.removeprefix("Disc: ").split(" (")[0])
            region = discs[colour]
            self.choose("none / not clear" if region is None else self.place(region), exact=True)


def _on_refused(screen) -> bool:
    """Whether the cursor rests on a row an engine's offer refuses: its reason is on the error
    line before the choice (ui/screens/offered.py), not a refusal of a press."""
    body = screen.body
    return isinstance(body, Choices) and bool(body.marks) and body.marks[body.cursor] == REFUSED
