"""What now, and for whom: the question the table answers next.

Derived from the state and the phase, never stored. The screens draw it;
tests and the `replay` command read it.
"""

from dataclasses import dataclass

from companion.game.state import GameState
from companion.rules import spain


@dataclass(frozen=True)
class Prompt:
    phase: str
    round: int
    #: The colour asked (None when the whole table is asked).
    colour: str | None
    #: First line of every screen, e.g. "Round 4 · Turn 2/4 · blue".
    headline: str
    #: What is asked, one line.
    asks: str
    #: The steps that answer it (step kinds).
    expects: tuple[str, ...]
    #: Legal choices where they are a short list (power values, stacks, regions).
    choices: tuple = ()


def prompt_for(state: GameState, phase: str) -> Prompt:
    return _BUILDERS[phase](state, phase)


def _round(state: GameState) -> str:
    return f"Round {state.round}" if state.round else "Setup"


def _setup(state, phase):
    return Prompt(phase, 0, None, "Setup", "King's region, home regions and first player",
                  ("SetupDone",), tuple(spain.SCORING_ORDER))


def _power_cards(state, phase):
    colour = state.next_to_play_power()
    used = set(state.played.values())
    legal = tuple(v for v in sorted(state.hands.get(colour, ())) if v not in used)
    return Prompt(phase, state.round, colour, f"{_round(state)} · Power · {state.name(colour)}",
                  f"{state.name(colour)}: play a Power card", ("PowerCardPlayed", "ActionCardsRevealed"), legal)


def _turns(state, phase):
    colour = state.active
    humans = [c for c in state.turn_order if c in state.colours]
    number = humans.index(colour) + 1 if colour in humans else 0
    taken = any(t[0] == colour for t in state.taken)
    if taken:
        asks, expects, choices = (f"{state.name(colour)}: what else happens?",
                                  ("CastilloThrow", "SpecialScoringStarted", "PowerCardReturned", "TurnEnded"), ())
    else:
        asks = f"{state.name(colour)}: +{state.court_intake(colour)} Court, a card?"
        expects, choices = ("ActionCardTaken",), state.stacks_left()
    return Prompt(phase, state.round, colour,
                  f"{_round(state)} · Turn {number}/{len(humans)} · {state.name(colour)}", asks, expects, choices)


def _scoring(state, phase):
    where = state.to_score[0] if state.to_score else None
    name = ("the " if where == spain.CASTILLO else "") + state.rules.name(where) if where else ""
    kind = "General" if state.scoring.startswith("general") else "Special"
    return Prompt(phase, state.round, None, f"{_round(state)} · {kind} scoring",
                  f"count the Caballeros in {name}", ("Scored",), tuple(state.to_score))


def _discs(state, phase):
    return Prompt(phase, state.round, None, f"{_round(state)} · General scoring",
                  "set the secret discs: where each player's Castillo Caballeros go", ("SecretDiscs",),
                  tuple(spain.SCORING_ORDER))


def _over(state, phase):
    standings = state.standings()
    first = [state.name(colour) for place, colour, _ in standings if place == 1]
    points = standings[0][2]
    asks = (f"{first[0]} wins with {points}" if len(first) == 1 else
            f"{', '.join(first[:-1])} and {first[-1]} share the victory with {points}")
    return Prompt(phase, state.round, None, "Game over", asks, (), tuple(standings))


_BUILDERS = {
    "setup": _setup,
    "power_cards": _power_cards,
    "turns": _turns,
    "special_scoring": _scoring,
    "secret_discs": _discs,
    "castillo": _scoring,
    "regions": _scoring,
    "game_over": _over,
}
