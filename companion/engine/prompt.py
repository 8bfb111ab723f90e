"""What now, and for whom: the question the table answers next.

Derived from the state and the phase, never stored. The screens draw it;
tests and the `replay` command read it.
"""

from companion.engine import hooks
from companion.engine.state import GameState
from companion.language import _
from companion.rules import spain
from companion.rules.plain_data import dataclass  # no code compiled at import (issue 23)


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
    #: The steps that answer it (step kinds): what the phase chart accepts now, corrections aside.
    expects: tuple[str, ...]
    #: Legal choices where they are a short list (power values, stacks, regions).
    choices: tuple = ()


def prompt_for(state: GameState, phase: str, expects: tuple[str, ...]) -> Prompt:
    """The prompt of a phase; ``expects``: the step kinds the phase chart accepts now."""
    return _BUILDERS[phase](state, phase, expects)


def round_title(state: GameState) -> str:
    return round_named(state.round)


def round_named(number: int) -> str:
    """A headline's moment: "Round 3" (the setup before round 1)."""
    return _("Round {round}").format(round=number) if number else _("Setup")


def scoring_title(number: int, general: bool) -> str:
    """A scoring's headline, "Round 3 · General scoring": the scoring's pages' and its results'."""
    title = _("{round} · General scoring") if general else _("{round} · Special scoring")
    return title.format(round=round_named(number))


def _setup(state: GameState, phase: str, expects: tuple[str, ...]) -> Prompt:
    return Prompt(phase, 0, None, _("Setup"), _("King's region, home regions and first player"),
                  expects, tuple(spain.SCORING_ORDER))


def _power_cards(state: GameState, phase: str, expects: tuple[str, ...]) -> Prompt:
    replaced = hooks.of(state.settings).cards_prompt(state, phase, expects)
    if replaced is not None:
        return replaced
    colour = state.next_to_play_power()
    held = colour or ""  # (nobody left to play: no hand, no card)
    used = {state.total(c) for c in state.played}
    # Power Shift (000): "You may play a 9 + 1 (=10) if someone already played a 9": a card is
    # offered while its value, or its total with a Modifier card still held, is free.
    shifts = (-2, -1, 1, 2) if state.settings.power_shift and state.modifier_cards.get(held, 0) else ()
    legal = tuple(v for v in sorted(state.hands.get(held, ()))
                  if v not in used or any(v + m not in used for m in shifts))
    return Prompt(phase, state.round, colour,
                  _("{round} · Power · {name}").format(round=round_title(state), name=state.name(colour)),
                  _("{name}: play a Power card").format(name=state.name(colour)), expects, legal)


def _turns(state: GameState, phase: str, expects: tuple[str, ...]) -> Prompt:
    colour = state.active or ""  # (a turn always has its player)
    choices: tuple[object, ...]
    humans = [c for c in state.turn_order if c in state.colours]
    number = humans.index(colour) + 1 if colour in humans else 0
    replaced = hooks.of(state.settings).turn_asks(state, colour, expects)
    if replaced is not None:
        asks, choices = replaced
    elif "ActionCardTaken" in expects:
        asks = _("{name}: +{intake} Court, a card?").format(name=state.name(colour), intake=state.court_intake(colour))
        choices = state.stacks_left()
    else:
        asks, choices = _("{name}: what else happens?").format(name=state.name(colour)), ()
    return Prompt(phase, state.round, state.active,
                  _("{round} · Turn {number}/{players} · {name}").format(
                      round=round_title(state), number=number, players=len(humans), name=state.name(colour)),
                  asks, expects, choices)


def _scoring(state: GameState, phase: str, expects: tuple[str, ...]) -> Prompt:
    where = state.to_score[0] if state.to_score else None
    asks = (_("count the Caballeros in the Castillo") if where == spain.CASTILLO else
            _("count the Caballeros in {region}").format(region=state.rules.name(where)) if where else
            _("count the Caballeros"))
    return Prompt(phase, state.round, None, scoring_title(state.round, state.scoring.startswith("general")), asks,
                  expects, tuple(state.to_score))


def _discs(state: GameState, phase: str, expects: tuple[str, ...]) -> Prompt:
    return Prompt(phase, state.round, None, scoring_title(state.round, True),
                  _("set the secret discs: where each player's Castillo Caballeros go"), expects,
                  tuple(spain.SCORING_ORDER))


def _over(state: GameState, phase: str, expects: tuple[str, ...]) -> Prompt:
    standings = state.standings()
    first = [state.name(colour) for place, colour, _ in standings if place == 1]
    points = standings[0][2]
    asks = (_("{name} wins with {points}").format(name=first[0], points=points) if len(first) == 1 else
            _("{names} and {last} share the victory with {points}").format(
                names=", ".join(first[:-1]), last=first[-1], points=points))
    return Prompt(phase, state.round, None, _("Game over"), asks, expects, tuple(standings))


#: The prompt of each top-level state of the phase chart, by its id.
_BUILDERS = {
    # the phase chart's top-level states (companion/engine/phases.py: a state's id is its name there)
    "setup": _setup,
    "power_cards": _power_cards,
    "turns": _turns,
    "special_scoring": _scoring,
    "secret_discs": _discs,
    "castillo": _scoring,
    "regions": _scoring,
    "game_over": _over,
}
