"""A turn as the rules define it (rules revision 2, issue 20 items 3, 4, 5, 6 and 8).

A turn has two actions, the placement and the card's special action, "in either order ...
However, you cannot split the actions. You must fully complete one action before performing
the other" (000 l.257; 003 l.113; 004 l.95). Each special step the card allows is done at most
once (the King moves once: the Royal Advisor "no further than one region away", 004 l.143-144),
only with the card that grants it, and nothing of it after a Veto stopped it (002 l.1416-1419;
003 l.450-452). The 2023 Old Hands Veto stops a special action only before it begins (002
l.1420-1422); the classic Veto "before or during its execution" (003 l.450-452; 004 l.114).

Part of the referee: ``check`` raises StepRefused with a one-line reason, ``apply`` keeps the
turn's bookkeeping. Both act only in games started under revision 2 (``applies``), so a
journal written before keeps replaying as it was played (docs/journal.md).
"""

from companion.engine import card_effects, classic_1995, queries
from companion.engine import steps as s
from companion.engine.checks import refuse
from companion.engine.state import GameState
from companion.rules import cards

Effect = cards.Effect

#: The rules revision that brought these checks (companion/engine/settings.py REVISION).
SINCE = 2

PLACE, SPECIAL = "placement", "special action"

#: The special steps a card does at most once a turn, and what each is called in a refusal.
ONCE = {"KingMoved": "moves the King", "TileMoved": "places or moves a scoring tile",
        "GrandeMoved": "moves the Grande", "PowerCardReturned": "returns a Power card",
        "KingAndGrandeSwapped": "swaps the King with a Grande", "GrandesToCastillo": "throws the Grandes in"}

#: The effects that grant a special step that is not a move of Caballeros, the King's, a tile's or a
#: Grande's (those are card_effects.py's), and what the step is called in a refusal.
GRANTED_BY = {"PowerCardReturned": (card_effects.STEP_EFFECTS["PowerCardReturned"], "a Power card back to the hand"),
              "KingAndGrandeSwapped": (card_effects.STEP_EFFECTS["KingAndGrandeSwapped"],
                                       "Stand-in: swap the King and a Grande"),
              "GrandesToCastillo": (card_effects.STEP_EFFECTS["GrandesToCastillo"], "Competition: the Grandes into the Castillo")}


def applies(state: GameState) -> bool:
    return state.settings.revision >= SINCE


def _base_game(state: GameState) -> bool:
    """The cards of the base game (the Big Box's turns take their actions from other cards)."""
    return not state.settings.expansion


def part(state: GameState, step: s.Step) -> str | None:
    """Which of the turn's two actions a step belongs to (None: neither, e.g. a correction)."""
    if state.active is None or queries.taken_by(state, state.active) is None:
        return None
    if isinstance(step, s.Placed) or (isinstance(step, s.CastilloThrow) and step.colour == state.active):
        return PLACE
    if isinstance(step, (s.KingMoved, s.TileMoved, s.GrandeMoved)):
        return SPECIAL if step.by_card else None
    if isinstance(step, (s.CardMoved, s.PowerCardReturned, s.SpecialScoringStarted, s.KingAndGrandeSwapped,
                         s.GrandesToCastillo)):
        return SPECIAL
    return None


#: Cards whose special action leaves nothing to enter on the turn page (a Veto's, Infiltration's).
NOTHING_TO_ENTER = frozenset({Effect.VETO, Effect.PLACE_IN_KINGS_REGION})
#: The effects that leave something for the table to enter or say.
ACTING = frozenset(Effect) - NOTHING_TO_ENTER


def grants(state: GameState, effects: frozenset) -> bool:
    """Whether the active player's card may grant one of ``effects``: the card named, else any card
    its stack may still hold that fits the turn (card_effects.one_card); a card whose text we do not
    know (2023) may grant anything."""
    taken = queries.taken_by(state, state.active) if state.active else None
    if taken is None:
        return False
    if queries.text_unknown(state):
        return True  # a card we have no text for (named so, or still on that stack)
    return bool(card_effects.candidates(state, effects))  # (the named card, or an unnamed one that fits the turn)


def scoring_kinds(state: GameState) -> set[str] | None:
    """The special scorings the active player's card may start (None: any, the card's text unknown;
    a region may be the Castillo in a 1995 game: classic_1995.scoring_kinds)."""
    taken = queries.taken_by(state, state.active) if state.active else None
    if taken is None:
        return set()
    if queries.text_unknown(state):
        return None
    found = card_effects.candidates(state, frozenset(Effect))
    return classic_1995.scoring_kinds(state, {kind for c in found if (kind := cards.special_kind(c))})


def veto_partial(state: GameState) -> bool:
    """Whether this edition's Veto may stop a special action part-way (the card's data: the classic
    Veto "entirely or partly", 003 l.450-452; the 2023 Old Hands Veto only a whole one, 002 l.1420-1422)."""
    veto = next(c for c in cards.ALL_CARDS if c.effect is Effect.VETO and c.edition == state.settings.edition)
    return bool(veto.param("partial"))


def in_special_scoring(state: GameState) -> bool:
    return state.scoring.startswith("special") and bool(state.to_score)


def short_scoring_allowed(state: GameState, step: s.SpecialScoringStarted, wanted: tuple[str, ...]) -> bool:
    """A special scoring started with fewer of the regions the card names: the classic Veto may
    stop part of it (003 l.450-452: "entirely or partly prevent"; 004 l.114: "only part"), so the
    table may start it with the regions scored before the Veto, as long as someone else holds a
    Veto that can do so."""
    if not applies(state) or not veto_partial(state) or step.what in ("region", "discs"):
        return False
    if not step.regions or not set(step.regions) < set(wanted):
        return False
    return any(holder != state.active for holder in state.vetoes)


# -- the checks -------------------------------------------------------------------------


def check(state: GameState, step: s.Step) -> None:
    if not applies(state):
        if isinstance(step, s.VetoUsed) and in_special_scoring(state):
            refuse("a Veto during a special scoring: only in games started by this version")
        return
    if isinstance(step, s.VetoUsed):
        return _check_veto(state, step)
    where = part(state, step)
    if where is None:
        return
    who = state.name(state.active)
    if where in state.turn_parts and state.turn_parts[-1] != where:
        other = PLACE if where == SPECIAL else SPECIAL
        refuse(f"a turn's actions cannot be split: {who} did the {where}, then began the {other}")
    if where != SPECIAL:
        if SPECIAL in state.turn_parts:  # the placement after the special action: that one is complete
            _check_special_complete(state, who)
        return
    if state.turn_vetoed:
        refuse(f"{state.name(state.turn_vetoed)}'s Veto stopped {who}'s special action: nothing more of it")
    if step.kind in ONCE and step.kind in state.turn_once:
        refuse(f"the card {ONCE[step.kind]} once a turn")
    if not _base_game(state):
        return
    if step.kind in GRANTED_BY and not grants(state, GRANTED_BY[step.kind][0]):
        refuse(f"{who}'s card does not say: {GRANTED_BY[step.kind][1]} (a special action comes with its card)")
    if isinstance(step, s.SpecialScoringStarted):
        kinds = scoring_kinds(state)
        if kinds is not None and step.what not in kinds:
            from companion.rules.special_scoring import KINDS

            said = " or ".join(KINDS[k].wording for k in sorted(kinds)) if kinds else "no special scoring"
            refuse(f"{who}'s card scores {said}, not {KINDS[step.what].wording.lower()}")


def _check_special_complete(state: GameState, who: str) -> None:
    """000 l.257: "You must fully complete one action before performing the other", and 000 l.281: "If
    you perform the Special action, you must perform as much of the action as possible": a sending
    back once begun is done for every opponent before the placement begins (else the turn could
    neither end, the sending back short, nor finish it, the actions split)."""
    try:
        card_effects.check_turn_over(state)
    except s.StepRefused as short:
        refuse(f"{who} completes the special action before the placement: {short}")


def _check_veto(state: GameState, step: s.VetoUsed) -> None:
    active = state.active
    if active is None:
        return
    if step.colour == active:
        refuse("a Veto stops another player's special action, not one's own")
    if state.turn_vetoed:
        refuse(f"{state.name(active)}'s special action is stopped already")
    if in_special_scoring(state):
        if not veto_partial(state):
            refuse("the 2023 Veto cannot cancel a special action once it has begun")
        return
    if SPECIAL in state.turn_parts:
        if not veto_partial(state):
            refuse("the 2023 Veto cannot cancel a special action once it has begun")
        if state.turn_parts[-1] != SPECIAL or state.turn_scored:
            refuse(f"{state.name(active)}'s special action is complete: a Veto stops one not yet finished")


# -- the bookkeeping ---------------------------------------------------------------------


#: The steps the turn's pages mark done (``GameState.turn_done``); those with a colour only the active player's.
DONE = (s.KingMoved, s.TileMoved, s.GrandeMoved, s.PowerCardReturned, s.CourtIntake)


def keep_done(state: GameState, step: s.Step) -> None:
    """Keep what the turn's pages mark done (every rules revision: the marks are the table's, not a
    check): a step of ``DONE`` since the turn began, its kind, and "<kind>:card" when the card made it."""
    if not isinstance(step, DONE) or getattr(step, "colour", state.active) != state.active:
        if not isinstance(step, s.CourtIntake):
            return
    state.turn_done.append(step.kind)
    if getattr(step, "by_card", False):
        state.turn_done.append(f"{step.kind}:card")


def apply(state: GameState, step: s.Step) -> None:
    """After the referee applied ``step``: the turn's parts begun, its once-only steps, its Veto."""
    if "turn_begins" in step.taken_in or isinstance(step, s.TurnEnded):  # (a card taken, or a way to play's own)
        state.turn_parts, state.turn_once, state.turn_vetoed, state.turn_done = [], [], None, []
        return
    keep_done(state, step)
    if not applies(state):
        return
    if isinstance(step, s.VetoUsed) and state.active is not None:
        state.turn_vetoed = step.colour
        if in_special_scoring(state):
            state.to_score = []  # the rest of the special scoring does not happen (003 l.452)
        return
    where = part(state, step)
    if where is None:
        return
    if not state.turn_parts or state.turn_parts[-1] != where:
        state.turn_parts.append(where)
    if where == SPECIAL and step.kind in ONCE:
        state.turn_once.append(step.kind)
