"""Steps in words, for the undo question, the log and the screens."""

from companion.game import steps as s
from companion.game.state import GameState
from companion.rules import cards


def where(state: GameState, place: str | None) -> str:
    return state.rules.name(place) if place else "off the board"


def card_title(key: str | None, stack: int) -> str:
    if key:
        try:
            return cards.card(key).title
        except KeyError:
            pass
    return "the King's card" if stack == 5 else f"the card of stack {stack}"


def card_label(card, among) -> str:
    """The card's title, or where several cards share it (the classic Intrigues), its own short name."""
    if sum(1 for c in among if c.title == card.title) == 1:
        return card.title
    return card.slug.replace("-", " ").capitalize()


def describe(step: s.Step, state: GameState) -> str:
    """One line a player understands: "Ann played Power card 9"."""
    n = state.name
    match step:
        case s.SetupDone():
            return f"setup: King in {where(state, step.king)}, {n(step.first)} starts"
        case s.ActionCardsRevealed():
            return "the action cards revealed"
        case s.PowerCardPlayed(colour=c, value=v, modifier=m):
            return f"{n(c)} played Power card {v}" + (f" {m:+d}" if m else "")
        case s.ActionCardTaken(colour=c, stack=st, card=k):
            k = k or next((key for who, stack, key in state.taken if who == c and stack == st), None)
            return f"{n(c)} took {card_title(k, st)}"
        case s.CastilloThrow(colour=c, count=k):
            return f"{n(c)} threw {k} into the Castillo"
        case s.PowerCardReturned(colour=c, value=v):
            return f"{n(c)} took Power card {v} back"
        case s.SpecialScoringStarted(what=w, regions=r):
            return f"special scoring of {', '.join(where(state, x) for x in r)}"
        case s.VetoUsed(colour=c):
            return f"{n(c)} used the Veto"
        case s.KingAndGrandeSwapped(colour=c):
            return f"the King and {n(c)}'s Grande swapped"
        case s.GrandesToCastillo():
            return "the Grandes thrown into the Castillo"
        case s.TurnEnded(colour=c):
            return f"{n(c)} ended the turn"
        case s.SecretDiscs():
            return "the secret discs"
        case s.Scored(where=w):
            return f"the scoring of {where(state, w)}"
        case s.KingMoved(region=r):
            return f"the King moved to {where(state, r)}"
        case s.TileMoved(tile=t, region=r):
            return f"the {t} tile to {where(state, r)}"
        case s.GrandeMoved(colour=c, region=r):
            return f"{n(c)}'s Grande to {where(state, r)}"
        case s.CastilloCorrected(colour=c, count=k):
            return f"Castillo: {n(c)} has {k}"
        case s.CountsCorrected(region=r):
            return f"the counts in {where(state, r)} corrected"
        case s.ScoreCorrected(colour=c, points=p):
            return f"{n(c)}'s score {p:+d}"
    return step.kind
