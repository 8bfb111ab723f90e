"""The Big Box's modes as one family of rules (rules/modes.py holds each mode's facts): what each
adds to or replaces in the base game, answered at the points companion/engine/hooks.py names.

One ``BigBox`` per mode, each reading its own ``Mode``; the family registers them all
(companion/engine/modes/__init__.py), with its steps' checks and applies. The base game's
``Mode`` (no regions, no black, its own Power cards) is registered too: the Big Box's steps and
choices are refused in it by the same checks that walk them in a mode (a mode's step in the base
game, black Caballeros at its setup, a Grandissimo choice in its settings).
"""

from collections.abc import Sequence

from companion.engine import hooks, queries
from companion.engine.modes import figures, intrigue, quarantine, readings, settings_check, table_cards
from companion.engine.modes import referee as big_box
from companion.engine.modes import steps as s  # (its steps known to KINDS)
from companion.engine.modes.own_state import BigBoxState, own
from companion.engine.prompt import Prompt, prompt_for
from companion.engine.settings import Settings
from companion.engine.state import GameState
from companion.engine.step import Step
from companion.language import N_
from companion.rules import majority, modes
from companion.rules.big_box import borders, regions


class BigBox(hooks.Rules):
    def __init__(self, mode: modes.Mode) -> None:
        self.mode = mode
        self.title = mode.title
        self.regions = mode.regions
        self.aside = mode.aside
        self.stacks = mode.stacks
        self.unowned = (modes.BLACK,) if mode.grand_inquisitor else ()
        self.unowned_ignored = mode.black_count == "ignored"  # Grandissimo (S:398)
        self.court_at_setup = mode.court_at_setup
        self.own_cards = mode.intrigue
        if mode.intrigue:  # the lowest card leads (S:166): no First Player marker
            self.first_player, self.first_asked = N_("Lead player"), N_("Who plays the first card?")
        self.setup_notes = mode.setup_notes
        self.setup_disc = mode.setup_disc
        self.unowned_regions = mode.black_regions
        self.limit_table = mode.limit_table
        self.stack_titles = mode.extra_stacks
        self.held_card = mode.grand_inquisitor_stack is not None
        self.holdings = mode.holdings
        self.deliveries = mode.deliveries

    # -- setup ---------------------------------------------------------------------------
    def drawn(self, state: GameState, deck: list[str]) -> tuple[tuple[str, ...], str | None]:
        return big_box.drawn(state, deck)

    def check_setup(self, state: GameState, step: Step, drawn: set[str]) -> None:
        big_box.check_setup(state, step, drawn)  # type: ignore[arg-type]

    def set_up(self, state: GameState, step: Step) -> None:
        big_box.set_up(state, step)  # type: ignore[arg-type]

    def dealt(self, state: GameState) -> None:
        if self.mode.intrigue:
            for colour in state.colours:
                own(state).intrigue_used[colour] = []

    def supply(self, state: GameState, colour: str) -> int:
        if colour in self.unowned:
            return modes.BLACK_AT_SETUP * self.mode.black_regions
        return state.rules.caballeros_per_colour + (self.mode.extra_caballeros if colour in state.colours else 0)

    def standing(self, state: GameState) -> hooks.Standing:
        mine = own(state)
        return hooks.Standing(grand_inquisitor=mine.grand_inquisitor, limit_table=mine.limit_table,
                              seats=dict(mine.seats), holdings=dict(mine.holdings), actions=dict(mine.actions),
                              turned_over=mine.turned_over, colony_discs=dict(mine.colony_discs))

    def own_state(self) -> BigBoxState:
        return BigBoxState()

    # -- a round and a turn -------------------------------------------------------------
    def check_kind(self, state: GameState, step: Step) -> None:
        intrigue.check_kind(state, step)

    def offered(self, state: GameState, kind: str) -> bool:
        return intrigue.offered(state, kind) and big_box.asked(state, kind)

    def cards_prompt(self, state: GameState, phase: str, expects: tuple[str, ...]) -> Prompt | None:
        if not self.mode.intrigue:
            return None
        from companion.engine.prompt import round_title

        colour = intrigue.next_to_play(state)  # the next clockwise from the lead (S:166)
        lead = " (leads)" if not state.played else ""
        return Prompt(phase, state.round, colour, f"{round_title(state)} · Cards · {state.name(colour)}",
                      f"{state.name(colour)}{lead}: play a card", expects,
                      intrigue.playable(state, colour) if colour else ())

    def turn_asks(self, state: GameState, colour: str, expects: tuple[str, ...]) -> tuple[str, tuple] | None:
        if "SpecialActionChosen" in expects:
            return f"{state.name(colour)}: which action?", intrigue.choices(state, colour)
        if not self.mode.intrigue:
            return None
        action = own(state).actions.get(colour)
        what = {"king": "King's card", "intrigue": "Intrigue card", "grand_inquisitor": "Grand Inquisitor",
                "stack_7": "stack 7"}.get(action or "", f"card {state.played.get(colour)}")
        return f"{state.name(colour)}: {what}, place {queries.card_room(state, colour)}", ()

    def without_a_choice(self, state: GameState, phase: str, expects: tuple[str, ...]) -> tuple[Step, ...]:
        """The special action of a turn that offers only one (4-5 players and neither the King nor the
        Intrigant, or in K&C both cards taken this round)."""
        if "SpecialActionChosen" not in expects:
            return ()
        p = prompt_for(state, phase, expects)
        if len(p.choices) == 1 and p.colour is not None:
            return (s.SpecialActionChosen(p.colour, p.choices[0]),)
        return ()

    def deal_shown_by(self, state: GameState, unit: Sequence[Step]) -> bool:
        """The unit played an Intrigue & the King card that made the round's deal (with the first
        player's special action when it offered no choice: flow.follows)."""
        return self.mode.intrigue and any(isinstance(step, s.IntrigueCardPlayed) for step in unit)

    def turn_options(self, state: GameState, expects: Sequence[str]) -> hooks.TurnOptions:
        from companion.engine.modes import offers  # (the modes' face imports the base engine's offers)

        return offers.turn_options(state, expects)

    def card_most(self, state: GameState, colour: str) -> int | None | bool:
        return intrigue.placement_most(state, colour) if self.mode.intrigue else False  # (S:168)

    def caballeros(self, state: GameState, stack: int) -> tuple[int, int] | None:
        return self.mode.stack_caballeros(stack) if stack in self.mode.stacks else None

    def extra_caballero(self, state: GameState, colour: str) -> int:
        """GI&C, K&C: the Grand Inquisitor's holder (S:246-247); Grandissimo: the figure held
        (S:302-303) and the Queen's (S:391), two for a player who holds both."""
        mode = self.mode
        if mode.black_count == "holder":
            inquisitor = own(state).grand_inquisitor == colour
        else:
            inquisitor = modes.GRAND_INQUISITOR in mode.holdings and own(state).holdings.get(modes.GRAND_INQUISITOR) == colour
        return int(inquisitor) + int(modes.QUEEN in mode.holdings and own(state).holdings.get(modes.QUEEN) == colour)

    def intake(self, state: GameState, colour: str) -> int | None:
        """I&K: the heads on the card (S:168), the table's reading while unknown (at most 6)."""
        if not self.mode.intrigue:
            return None
        from companion.rules.big_box import intrigue_cards

        if colour not in state.played:
            return 0
        heads = intrigue.card(state.played[colour], state).heads
        return intrigue_cards.HEADS_RANGE[1] if heads is None else heads

    def intake_unknown(self, state: GameState, colour: str) -> bool:
        return (self.mode.intrigue and colour in state.played
                and intrigue.card(state.played[colour], state).heads is None)

    def check_card_effect(self, state: GameState, step: Step) -> bool:
        if not self.mode.intrigue:
            return False
        check = {s.KingMoved: intrigue.check_king, s.TileMoved: intrigue.check_tile,
                 s.GrandeMoved: intrigue.check_grande}[type(step)]
        check(state, step)  # type: ignore[operator]
        return True

    def card_taken(self, state: GameState, step: Step) -> None:
        big_box.card_taken(state, step)  # type: ignore[arg-type]

    def check_veto(self, state: GameState, step: Step) -> None:
        if self.mode.intrigue:
            intrigue.check_veto(state, step)  # type: ignore[arg-type]

    def check_throw(self, state: GameState, step: Step) -> None:
        big_box.check_throw(state, step)  # type: ignore[arg-type]

    def anywhere(self, state: GameState) -> bool:
        return intrigue.anywhere(state)

    def placed(self, state: GameState, step: Step) -> None:
        big_box.placed(state, step)  # type: ignore[arg-type]

    def check_turn_over(self, state: GameState) -> None:
        table_cards.check_turn_over(state)

    def turn_ended(self, state: GameState) -> None:
        own(state).turn_sailed, own(state).turn_jailed = [], False

    def end_round(self, state: GameState) -> bool:
        if self.mode.intrigue:
            intrigue.end_round(state)
        return self.mode.intrigue

    # -- the map ---------------------------------------------------------------------------
    def allows(self, move: str, place: str) -> bool:
        return regions.allows(move, place, self.regions)

    def where(self, move: str) -> tuple[str, ...]:
        return regions.where(move, self.regions)

    def capacity(self, place: str) -> int | None:
        rule = regions.REGIONS.get(place) if place in self.regions else None
        return None if rule is None else rule.capacity

    def neighbours(self, state: GameState, place: str) -> frozenset[str]:
        return borders.neighbours(place, state.regions)

    def from_the_court(self, state: GameState) -> frozenset[str]:
        return borders.from_the_court(state.king, state.regions)

    def aside_receiving(self, state: GameState, colour: str | None) -> tuple[str, ...]:
        return (borders.SHIP,) if borders.SHIP in self.aside and figures.holds_ship_token(state, colour) else ()

    # -- scorings ------------------------------------------------------------------------
    def reading(self, settings: Settings, where: str) -> object:
        return readings.region(settings, where) if where in self.mode.regions else None

    def check_special(self, state: GameState, step: Step) -> None:
        if self.mode.intrigue:
            intrigue.check_special(state, step)  # type: ignore[arg-type]

    def seated(self, state: GameState, where: str, seats: tuple[tuple[str, str], ...]) -> tuple[majority.Seat, ...]:
        if where not in self.mode.regions or not seats:
            return ()
        return regions.seats(readings.region(state.settings, where), dict(seats))

    def limit_spaces(self, state: GameState) -> int:
        return regions.LIMIT_TABLE_SPACES[len(state.colours)]

    def check_counted(self, state: GameState, step: Step) -> None:
        big_box.check_on_the_table(state, step, self.limit_spaces(state))

    def counts_part(self, state: GameState, where: str) -> bool:
        return big_box.on_the_table(state, where)

    def asked_alone(self, state: GameState, where: str) -> bool:
        return big_box.on_the_table(state, where)

    def participants(self, state: GameState, counts: dict[str, int], never: set[str]) -> dict[str, int]:
        """GI&C's black count as the Grand Inquisitor's holder's colour "in every way" (S:246), and as
        a player who scores nothing while nobody holds him (S:251); Grandissimo's are ignored (S:398),
        or, as the table may choose, take places for nobody."""
        mode = self.mode
        black = counts.get(modes.BLACK, 0) if mode.grand_inquisitor else 0
        holder = own(state).grand_inquisitor if mode.black_count == "holder" else None
        if black and mode.black_count == "ignored" and not state.settings.black_invisible:
            counts = {c: n for c, n in counts.items() if c != modes.BLACK}  # Grandissimo (S:398)
        elif black and holder is not None:
            counts = {c: n for c, n in counts.items() if c != modes.BLACK}
            counts[holder] = counts.get(holder, 0) + black
        elif black:
            never.add(modes.BLACK)
        return counts

    def counts_as_held(self, state: GameState) -> bool:
        return not self.mode.grand_inquisitor  # (``participants``: only the black change anything)

    def holder(self, state: GameState, colour: str) -> str | None:
        return own(state).grand_inquisitor or own(state).holdings.get(modes.GRAND_INQUISITOR)

    def last_seated(self, state: GameState) -> dict[str, str]:
        return dict(own(state).seats)

    def seats_taken(self, state: GameState, seats: tuple[tuple[str, str], ...]) -> None:
        own(state).seats.update(dict(seats))

    def every_disc(self, state: GameState) -> bool:
        return own(state).grandes_by_disc  # every player sets a disc: his Grande moves by it (S:179, S:266)

    def castillo_emptied(self, state: GameState) -> None:
        big_box.move_grandes_by_disc(state)  # I&K's 35, the Colonies' Conspiracy (S:179, S:266)

    def general_scoring_started(self, state: GameState) -> None:
        # Grandissimo: "the Grand Inquisitor leaves your Court just before the next general scoring" (S:398)
        own(state).holdings.pop(modes.GRAND_INQUISITOR, None)

    def scoring_ended(self, state: GameState) -> None:
        quarantine.lift(state)  # I&K's Quarantine: its scoreboard back beside the board (S:186)


def register() -> None:
    for mode in modes.MODES.values():  # the base game's too: its Mode says "none of the Big Box"
        hooks.register(mode.key, BigBox(mode))
    hooks.add_steps({**intrigue.CHECKS, **big_box.CHECKS}, {**intrigue.APPLY, **big_box.APPLY})
    hooks.SETTINGS_CHECKS.append(settings_check.check)
    hooks.NAMED_UNOWNED.add(modes.BLACK)
