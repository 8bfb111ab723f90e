"""What the table said of the cards showing, kept on the state as the steps come (issue 34: a page
reads the state, never the steps): ``GameState.said``, a ``CardsSaid``.

The cards-shown page (engine/offers/reveal.py) asks whether this round's cards were answered and
whether the table named cards in the round before; the turn page's naming rows (engine/offers/
take.py, issue 35) ask whether a turn this game ended with its card not named (``skipped``, kept by
``ending`` before the turn's end is applied). ``at_start`` and ``unsaid`` were the take's page's
(whether this round's cards were answered at its start, whether a take said "not said"); that page
is gone (the card is named at its action) and nothing reads them now, but they are kept as before,
so a state replayed from any log is the same. Each flag is kept step by step from the same steps the
record holds, every rules revision alike (the marks are the table's, not a check), so an old game
log replays to the same flags: the walks back through the steps that these replace are kept in
tests/engine/test_cards_said.py and compared."""

from companion.engine import board, queries, turn_rules
from companion.engine import steps as s
from companion.engine.state import GameState


def ending(state: GameState, step: s.Step) -> None:
    """Before the referee applies ``step``: a turn's end whose card is not named while the turn page
    offered to name it (the board recorded, a base game under the turn's rules, the card not known,
    its stack still holding a card with an action to enter, none done): ``said.skipped``, for good."""
    if not isinstance(step, s.TurnEnded) or state.said.skipped:
        return
    taken = queries.taken_by(state, step.colour)
    if (taken is None or taken[2] or not board.tracked(state) or state.settings.expansion
            or not turn_rules.applies(state) or (taken[1] == 5 and not state.settings.new_regency)):
        return
    if turn_rules.SPECIAL in state.turn_parts or state.turn_scored or state.turn_vetoed:
        return
    if queries.cards_left(state, taken[1]) and turn_rules.grants(state, turn_rules.ACTING):
        state.said.skipped = True


def keep(state: GameState, step: s.Step) -> None:
    """After the referee applied ``step``: what it says of the cards showing."""
    said = state.said
    if isinstance(step, s.ActionCardsRevealed):
        said.answered = True  # the cards-shown page's OK since the last take (even nothing named)
        said.named = bool(step.cards)
        said.at_start, said.taken_since_answer = True, False
        said.round_answered = True
    elif isinstance(step, s.PowerCardPlayed):
        said.named_at_power = said.named  # what the page said before this Power card, the round's
        if said.taken_since_answer:
            said.at_start = False  # a take, then the next round's Power cards: the answer is the round before's
        if said.taken:
            said.round_answered, said.taken = False, False
    elif isinstance(step, (s.ActionCardTaken, s.SetupDone)):
        said.answered, said.named = False, False
        said.named_before = said.named_at_power if isinstance(step, s.ActionCardTaken) else False
        if isinstance(step, s.SetupDone):
            said.named_at_power, said.at_start, said.taken_since_answer = False, False, False
        else:
            said.taken_since_answer = True
            said.taken = True
            if step.card is None and not said.round_answered and (step.stack != 5 or state.settings.new_regency):
                said.unsaid = True
