"""The phases of a game of El Grande as a state chart (python-statemachine).

Events are the journal's steps (``PowerCardPlayed`` -> ``power_card_played``), every
board correction one event (``board_corrected``: companion/engine/events.py, issue 36);
a step whose event the current phase does not accept is refused. Guards
read the state *before* the step is applied; the step is applied in the
transition's action, and entering a phase does its bookkeeping (a new round
draws the dummy's cards, a general scoring resets its list).

    Setup -> [ Power cards -> Turns (-> Special scoring -> Turns) ] x rounds
          -> after rounds 3, 6, 9: Secret discs -> Castillo -> Regions -> ...
          -> Game over

Errors propagate (StateMachine semantics, catch_errors_as_events=False), so
a bug is never swallowed as an event.

Shaped for the engine's cost (issue 23; callgrind on this PC): a send is ≈0.6 M
instructions however small the chart, each callback it runs ≈0.07 M more, each guard
≈0.06 M, and each event name it matches on the way ≈0.016 M; besides, before and after
every event the engine looks for eventless transitions among every transition of the
phase in play. So the steps that only apply themselves inside a phase are one
transition with a list of events (the library's ``event=[...]``), and where guards
choose, the commonest case is the first transition (``unless=``): an internal
self-transition, which the game takes without ``send`` (companion/engine/in_place.py).

The chart names no step of a way to play: a step says where it is taken (``Step.taken_in``, a place of
companion/engine/step.py PLACES), and each place's transitions take the events of every step defined
when the chart is built (KINDS, in its order). Whoever builds a chart imports the ways to play first
(companion/play does); a step defined after the chart is refused (step.seal).
"""


from companion.engine.deferred import deferred

with deferred("asyncio"):  # used only by asynchronous machines: see companion/engine/deferred.py
    from statemachine import State, StateMachine

from companion.engine import referee, scorings
from companion.engine import steps as s
from companion.engine.events import CORRECTION, event_of
from companion.engine.events import EXCEPTIONS as EXCEPTIONS
from companion.engine.state import GameState
from companion.engine.step import seal

#: Every step the chart takes, closed to new ones from here on.
_KINDS = seal(__name__)
#: The board corrections (the steps marked ``correction``): one event (events.CORRECTION) of every leaf phase in
#: play, none when no step is a correction.
CORRECTIONS = [CORRECTION] if any(step.correction for step in _KINDS.values()) else []


def taken_in(place: str) -> list[str]:
    """The events of the steps taken in ``place`` of the chart (step.PLACES): the base game's first (every
    game's, so the commonest: the engine matches a transition's events in their order), then a way to
    play's, each in KINDS' order."""
    kinds = [(step.__module__ != s.__name__, event_of(kind)) for kind, step in _KINDS.items() if place in step.taken_in]
    return [event for _, event in sorted(kinds, key=lambda pair: pair[0])]


def _corrections(*leaves: State) -> None:
    """Board corrections, taken inside each leaf phase given, so that a turn stays where it was (card
    taken or not): one transition per leaf, of their one event."""
    for leaf in leaves:
        leaf.to.itself(internal=True, on="apply", event=CORRECTIONS)


class Phases(StateMachine):
    setup = State("Setup", initial=True)
    power_cards = State("Power cards")

    class turns(State.Compound, name="Turns"):
        """A player's turn: take an action card, then act; the turn ends only after a card."""

        choosing = State("Choosing a card", initial=True)
        acting = State("Acting")

        # What begins the turn: a card taken (or a way to play's own: a special action chosen).
        choosing.to(acting, on="apply", event=taken_in("turn_begins"))
        # Steps also before the card is taken (the rest of a turn's steps: Acting's one transition below).
        choosing.to.itself(internal=True, on="apply", event=taken_in("choosing"))

    special_scoring = State("Special scoring")
    secret_discs = State("Secret discs")
    castillo = State("Castillo")
    regions = State("Regions")
    game_over = State("Game over", final=True)

    setup_done = setup.to(power_cards, on="apply")

    # A card of the round (the commonest case first: not its last); then the steps beside the cards.
    power_cards.to.itself(internal=True, unless="completes_power_cards", on="apply", event=taken_in("round_card"))
    power_cards.to(turns, cond="completes_power_cards", on="apply", event=taken_in("round_card"))
    power_cards.to.itself(internal=True, on="apply", event=taken_in("power_cards"))

    special_scoring_started = turns.acting.to(special_scoring, on="apply")
    # A Veto stops the acting player's special action; the classic one also a special scoring
    # part-way (003 l.450-452): the rest is not scored (companion/engine/turn_rules.py).
    veto_used = turns.acting.to.itself(internal=True, on="apply") | special_scoring.to(
        turns.acting, on=["apply", "end_special"])
    # The commonest case first, so that most steps cost the engine one guard (each ≈0.13 M instructions).
    turn_ended = (
        turns.acting.to(turns.choosing, unless="completes_turns", on="apply")  # the next player's turn
        | turns.acting.to(secret_discs, cond=["completes_turns", "scoring_round"], on=["apply", "end_round"])
        | turns.acting.to(power_cards, cond="completes_turns", on=["apply", "end_round"])
    )

    # What a player does with the card: steps taken inside Acting, one transition for them all (a
    # transition's ``event`` list), after the turn's own ones, which the engine thus matches first.
    turns.acting.to.itself(internal=True, on="apply", event=taken_in("acting"))

    secret_discs_set = secret_discs.to(castillo, on="apply")
    secret_disc = secret_discs.to.itself(internal=True, unless="completes_discs", on="apply") | secret_discs.to(
        castillo, cond="completes_discs", on="apply")
    scored = (
        special_scoring.to.itself(internal=True, unless="completes_scoring", on="apply")
        | special_scoring.to(turns.acting, cond="completes_scoring", on=["apply", "end_special"])
        | castillo.to(regions, on="apply")
        | regions.to.itself(internal=True, unless="completes_scoring", on="apply")  # (the commonest first)
        | regions.to(game_over, cond=["completes_scoring", "last_round"], on=["apply", "end_general"])
        | regions.to(power_cards, cond="completes_scoring", on=["apply", "end_general"])
    )

    # Every correction step (Step.correction) is an event of every phase in play.
    _corrections(power_cards, turns.choosing, turns.acting, special_scoring, secret_discs, castillo, regions)

    def __init__(self, state: GameState):
        self.game = state
        super().__init__()

    # -- guards: the state before the step -------------------------------------
    def completes_power_cards(self, step: s.PowerCardPlayed) -> bool:  # (or a way to play's card of the round)
        waiting = [c for c in self.game.colours if c not in self.game.played]
        return waiting == [step.colour]

    def completes_turns(self, step: s.TurnEnded) -> bool:
        state = self.game
        later = state.turn_order[state.turn + 1 :]
        return all(c == state.settings.dummy for c in later)

    def scoring_round(self) -> bool:
        return referee.is_scoring_round(self.game)

    def last_round(self) -> bool:
        return referee.is_last_round(self.game)

    def completes_discs(self, step: s.SecretDisc) -> bool:
        return scorings.waiting_discs(self.game) == [step.colour]

    def completes_scoring(self, step: s.Scored) -> bool:
        return scorings.left_after(self.game, step) == []

    # -- actions ---------------------------------------------------------------
    def apply(self, step: s.Step) -> None:
        referee.apply(self.game, step)

    def end_round(self) -> None:
        referee.end_round(self.game)

    def end_special(self) -> None:
        scorings.end_special_scoring(self.game)

    def end_general(self) -> None:
        scorings.end_general_scoring(self.game)

    def on_enter_power_cards(self) -> None:
        referee.start_round(self.game)

    def on_enter_secret_discs(self) -> None:
        scorings.start_general_scoring(self.game)


def diagram() -> str:
    """The chart in Mermaid, drawn from the code (docs/phases.md keeps a copy)."""
    from companion.engine.settings import Settings
    from companion.engine.state import GameState

    return f"{Phases(GameState(Settings())):mermaid}"
