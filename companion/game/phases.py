"""The phases of a game of El Grande as a state chart (python-statemachine).

Events are the journal's steps (``PowerCardPlayed`` -> ``power_card_played``);
a step whose event the current phase does not accept is refused. Guards
read the state *before* the step is applied; the step is applied in the
transition's action, and entering a phase does its bookkeeping (a new round
draws the dummy's cards, a general scoring resets its list).

    Setup -> [ Power cards -> Turns (-> Special scoring -> Turns) ] x rounds
          -> after rounds 3, 6, 9: Secret discs -> Castillo -> Regions -> ...
          -> Game over

Errors propagate (StateMachine semantics, catch_errors_as_events=False), so
a bug is never swallowed as an event.
"""

import re
from functools import reduce
from operator import or_

from companion.game.deferred import deferred

with deferred("asyncio"):  # used only by asynchronous machines: see companion/game/deferred.py
    from statemachine import State, StateMachine

from companion.game import referee
from companion.game import steps as s
from companion.game.state import GameState


def event_of(kind: str) -> str:
    """PowerCardPlayed -> power_card_played (SecretDiscs -> secret_discs_set: the phase has that name)."""
    return EXCEPTIONS.get(kind) or re.sub(r"(?<!^)(?=[A-Z])", "_", kind).lower()


EXCEPTIONS = {"SecretDiscs": "secret_discs_set"}


def _anywhere_in_play(*phases: State):
    """A board correction: accepted in every phase between setup and game over."""
    return reduce(or_, (phase.to.itself(internal=True, on="apply") for phase in phases))


class Phases(StateMachine):
    setup = State("Setup", initial=True)
    power_cards = State("Power cards")
    turns = State("Turns")
    special_scoring = State("Special scoring")
    secret_discs = State("Secret discs")
    castillo = State("Castillo")
    regions = State("Regions")
    game_over = State("Game over", final=True)

    setup_done = setup.to(power_cards, on="apply")

    action_cards_revealed = power_cards.to.itself(internal=True, on="apply")
    power_card_played = power_cards.to(turns, cond="completes_power_cards", on="apply") | power_cards.to.itself(
        internal=True, on="apply"
    )

    action_card_taken = turns.to.itself(internal=True, on="apply")
    castillo_throw = turns.to.itself(internal=True, on="apply")
    power_card_returned = turns.to.itself(internal=True, on="apply")
    veto_used = turns.to.itself(internal=True, on="apply")
    king_and_grande_swapped = turns.to.itself(internal=True, on="apply")
    grandes_to_castillo = turns.to.itself(internal=True, on="apply")
    special_scoring_started = turns.to(special_scoring, on="apply")
    turn_ended = (
        turns.to(secret_discs, cond=["completes_turns", "scoring_round"], on=["apply", "end_round"])
        | turns.to(power_cards, cond="completes_turns", on=["apply", "end_round"])
        | turns.to.itself(internal=True, on="apply")
    )

    secret_discs_set = secret_discs.to(castillo, on="apply")
    scored = (
        special_scoring.to(turns, cond="completes_scoring", on=["apply", "end_special"])
        | special_scoring.to.itself(internal=True, on="apply")
        | castillo.to(regions, on="apply")
        | regions.to(game_over, cond=["completes_scoring", "last_round"], on=["apply", "end_general"])
        | regions.to(power_cards, cond="completes_scoring", on=["apply", "end_general"])
        | regions.to.itself(internal=True, on="apply")
    )

    king_moved = _anywhere_in_play(power_cards, turns, special_scoring, secret_discs, castillo, regions)
    tile_moved = _anywhere_in_play(power_cards, turns, special_scoring, secret_discs, castillo, regions)
    grande_moved = _anywhere_in_play(power_cards, turns, special_scoring, secret_discs, castillo, regions)
    castillo_corrected = _anywhere_in_play(power_cards, turns, special_scoring, secret_discs, castillo, regions)
    counts_corrected = _anywhere_in_play(power_cards, turns, special_scoring, secret_discs, castillo, regions)
    score_corrected = _anywhere_in_play(power_cards, turns, special_scoring, secret_discs, castillo, regions)

    def __init__(self, state: GameState):
        self.game = state
        super().__init__()

    # -- guards: the state before the step -------------------------------------
    def completes_power_cards(self, step: s.PowerCardPlayed) -> bool:
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

    def completes_scoring(self, step: s.Scored) -> bool:
        return self.game.to_score == [step.where]

    # -- actions ---------------------------------------------------------------
    def apply(self, step: s.Step) -> None:
        referee.apply(self.game, step)

    def end_round(self) -> None:
        referee.end_round(self.game)

    def end_special(self) -> None:
        referee.end_special_scoring(self.game)

    def end_general(self) -> None:
        referee.end_general_scoring(self.game)

    def on_enter_power_cards(self) -> None:
        referee.start_round(self.game)

    def on_enter_secret_discs(self) -> None:
        referee.start_general_scoring(self.game)


def diagram() -> str:
    """The chart in Mermaid, drawn from the code (docs/phases.md keeps a copy)."""
    from companion.game.state import GameState, Settings

    return f"{Phases(GameState(Settings())):mermaid}"
