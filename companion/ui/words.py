"""Steps in words, for the undo question, the log and the screens."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.language import _
from companion.rules import cards
from companion.rules.special_scoring import KINDS

if TYPE_CHECKING:
    from companion.engine.modes import steps as s
    from companion.engine.state import GameState


def where(state: GameState, place: str | None, colour: str | None = None) -> str:
    """A place as players say it: a region, the Castillo, "Ann's Court", "off the board"."""
    if place == "court":
        return _("{name}'s Court").format(name=state.name(colour)) if colour else _("the Court")
    if place == "province":
        return _("{name}'s Province").format(name=state.name(colour)) if colour else _("the Province")
    return state.rules.name(place) if place else _("off the board")


def tile_word(state: GameState) -> str:
    """What the edition's rulebook calls the movable scoreboards: the 2023 scoring tiles, the
    classic's mobile scoreboards (003 l.329, 004 l.13)."""
    return "mobile scoreboard" if mobile_scoreboards(state) else "scoring tile"


def mobile_scoreboards(state: GameState) -> bool:
    """The classic edition's movable scoreboards, its mobile scoreboards; the 2023's are scoring tiles
    (a page's sentence chosen whole by it, for the table's language)."""
    return state.settings.edition == "classic"


def card_title(key: str | None, stack: int) -> str:
    """A named card as the table tells it apart: its printed title, or where several cards of its
    deck share it (the classic Intrigues and Special Scorings) what this one does."""
    if key:
        try:
            card = cards.card(key)
        except KeyError:
            pass
        else:
            return card_label(card, [c for c in cards.ALL_CARDS if c.edition == card.edition])
    return "the King's card" if stack == 5 else f"the card of stack {stack}"


_E = cards.Effect
#: What the turn page calls each effect of a card's special action (its rows: card_effects.py).
EFFECT_WORDS = {
    _E.MOVE_CABALLEROS: "move Caballeros",
    _E.PLACE_EXTRA: "place from the Court",
    _E.COURT_INTAKE: "Caballeros to the Court",
    _E.RETURN_FROM_COURT: "send back from Courts",
    _E.RETURN_FROM_REGIONS: "send back from regions",
    _E.RETURN_FROM_COURT_OR_REGIONS: "send back",
    _E.RETURN_BY_SECRET_DISC: "send back by disc",
    _E.EVICTION: "empty a region",
    _E.KING_ENTOURAGE: "2 follow the King",
}


def naming_row(card) -> str:
    """The turn page's row naming ``card`` (issue 35): the card as the table holds it, its title (or
    its title and what it does, where several cards share one: ``card_label``), so the row reads on
    the 2.7" panel without a cut ("Militia", "Conspiracy", "Intrigue: 3 of any")."""
    return card_label(card, [c for c in cards.ALL_CARDS if c.edition == card.edition])


def card_label(card, among) -> str:
    """The card's title as printed; where several cards share it (the classic Intrigues and
    Special Scorings), the title and what this one does ("Intrigue: 3 of any")."""
    if sum(1 for c in among if c.title == card.title) == 1:
        return card.title
    kind = cards.special_kind(card)
    if kind:
        return f"Score: {KINDS[kind].label}"  # as the turn page offers it
    return f"{card.title.split()[0]}: {_what(card)}"


def _what(card) -> str:
    """What tells a card from others of its title, from its effect's parameters (short: a row)."""
    p = dict(card.params)
    if card.effect is cards.Effect.MOVE_CABALLEROS:
        if p.get("from") == "one-region":
            return "1 region's own" if p.get("own") == "all" else f"{p.get('any')} of 1 region"
        whose = {"own": "own", "foreign": "others", "any": "of any"}
        return " ".join(f"{p[w]} {whose[w]}" for w in ("own", "foreign", "any") if w in p)
    if card.effect is cards.Effect.PLACE_EXTRA:
        return f"place {p.get('count')} more"
    if card.effect is cards.Effect.MOVE_OR_PLACE:
        return f"move or place {p.get('count')}"
    if card.effect is cards.Effect.RETURN_FROM_COURT:
        return f"{p.get('count')} from Courts"
    return card.slug.replace("-", " ")


def describe(step: s.Step, state: GameState) -> str:
    """One line a player understands: "Ann played Power card 9"."""
    from companion.engine.modes import steps as s  # here: the notices of a start use this module, not steps

    n = state.name
    match step:
        case s.SetupDone():
            return f"setup: King in {where(state, step.king)}, {n(step.first)} starts"
        case s.ActionCardsRevealed():
            return "the action cards revealed"
        case s.PowerCardPlayed(colour=c, value=v, modifier=m):
            return f"{n(c)} played Power card {v}" + (f" {m:+d}" if m else "")
        case s.IntrigueCardPlayed(colour=c, value=v):
            return f"{n(c)} played card {v}"
        case s.SpecialActionChosen(colour=c, action=a):
            if a in ("grand_inquisitor", "stack_7"):  # The King & the Colonies (S:273)
                return f"{n(c)} took " + ("the Grand Inquisitor card" if a == "grand_inquisitor" else "the stack-7 card")
            return f"{n(c)} performs " + {"king": "the King's card", "intrigue": "the Intrigue card"}.get(
                a, f"card {state.played.get(c, '')}".strip())
        case s.ActionCardTaken(colour=c, stack=st, card=k):
            k = k or next((key for who, stack, key in state.taken if who == c and stack == st), None)
            return f"{n(c)} took {card_title(k, st)}"
        case s.ActionCardNamed(colour=c, card=k):
            return f"{n(c)} named the card taken: {card_title(k, 0)}"
        case s.CastilloThrow(colour=c, count=k):
            return f"{n(c)} threw {k} into the Castillo"
        case s.Placed(colour=c, region=r, count=k):
            return f"{n(c)} placed {k} in {where(state, r)}"
        case s.CardMoved(colour=c, source=a, target=b, count=k):
            return f"the card moved {k} of {n(c)}'s from {where(state, a, c)} to {where(state, b, c)}"
        case s.CaballerosMoved(colour=c, source=a, target=b, count=k):
            return f"{k} of {n(c)}'s from {where(state, a, c)} to {where(state, b, c)}"
        case s.CourtIntake(colour=c, province=k, regions=r):
            return f"{n(c)} took {k} into the Court" + "".join(f", {m} from {where(state, x)}" for x, m in r)
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
        case s.SecretDisc(colour=c):
            return f"{n(c)}'s secret disc"
        case s.Scored(where=w):
            return f"the scoring of {where(state, w)}"
        case s.KingMoved(region=r):
            return f"the King moved to {where(state, r)}"
        case s.TileMoved(tile=t, region=r):
            return f"the {t} {tile_word(state).split()[-1]} to {where(state, r)}"
        case s.GrandeMoved(colour=c, region=r):
            return f"{n(c)}'s Grande to {where(state, r)}"
        case s.HoldingMoved(what=w, colour=c):
            return f"the {w} to {n(c)}'s Court" if c else f"the {w} back beside the board"
        case s.Delivered(colour=c, disc=d):
            return f"{n(c)} delivered {d} to Spain"
        case s.DiscsPlaced(gold=g, wares=w):
            return f"{g} gold, {w} wares to the colonies"
        case s.InquisitorDeclined(colour=c):
            return f"{n(c)} left the Grand Inquisitor"
        case s.Quarantined(tile=t, region=r):
            return f"Quarantine: the {t} to {where(state, r)}"
        case s.JesterGave(to=c):
            return f"the Jester's gift to {n(c)}"
        case s.GiftPlaced(colour=c, region=r):
            return f"{n(c)}'s gift to {where(state, r)}"
        case s.TableDecided(card=k):
            from companion.engine.modes.table_cards import TABLE_CARDS  # (a Big Box game only)

            return f"the table decided {TABLE_CARDS[k][1] if k in TABLE_CARDS else k}"
        case s.CastilloCorrected(colour=c, count=k):
            if state.settings.secret_castillo:  # 000 l.309-310: nobody checks how many are inside
                return f"Castillo: {n(c)}'s tally corrected"
            return f"Castillo: {n(c)} has {k}"
        case s.CountsCorrected(region=r, counts=counts):
            held = ", ".join(f"{n(c)} {k}" for c, k in counts if k) or "nobody"
            return f"{where(state, r)} holds {held}"
        case s.ScoreCorrected(colour=c, points=p):
            return f"{n(c)}'s score {p:+d}"
    return step.kind
