"""A turn's and a scoring's pages in German (issue 37): the Power cards, the card taken, the
placements and their OK rows, the turn page's rows and marks, the Court intake, a special scoring's
region list, the board before a general scoring and its regions; under the pseudo-locale those pages
show no unmarked text but for the words other modules still say in English (``ELSEWHERE``)."""

import re

import pytest

from companion import language
from companion.language import _
from companion.language.pseudo import OPEN
from companion.ui.grammar import BACK, OK, UP
from companion.ui.screens.common import END, View, said_mark
from companion.ui.view import Choices, Map, Spinners
from tests.language.test_setup_and_menus_de import a_german_game, texts
from tests.ui.keys_table import Table


def shown(screen) -> list[str]:
    """Every text a page shows (``texts``), its rows' marks and its counters' rows and OK rows too."""
    out = texts(screen)
    body = screen.body
    if isinstance(body, Choices):
        out += [mark for mark in body.marks if mark]
    elif isinstance(body, Spinners):
        out += [row.label for row in body.rows] + list(body.oks) + [body.ok]
    elif isinstance(body, Map):
        out += list(body.legend)
    return out


def played(t: Table, presses: int) -> list:
    """The pages of ``presses`` OKs from the page in hand, each's cursor where the page puts it (the
    likeliest): in 2023's 3-player game, 60 reach round 3's general scoring."""
    screens = []
    for _press in range(presses):
        screens.append(t.screen)
        t.press(OK)
    return screens


def test_a_turn_speaks_german():
    language.use("de")
    t = Table()
    power = a_german_game(t)
    assert power.body.items[0] == " 1  · 6 an den Hof" and power.body.items[-1] == "13  · 0 an den Hof"
    t.press(OK)
    t.press(OK)
    card = t.press(OK)  # Green, the lowest card's 5, takes first
    assert card.kind == "turn_card" and card.prompt == "Grün: +5 an den Hof, welche Karte?"
    assert card.body.items == ("Königskarte · 5 Cab.", "Stapel 1 · 1 Cab.", "Stapel 2 · 2 Cab.", "Stapel 3 · 3 Cab.",
                               "Stapel 4 · 4 Cab.")
    t.press(OK)  # the King's card: the King moved first
    placements = t.press(OK)
    assert placements.kind == "placements" and placements.prompt == "Grün: 5 einsetzen"
    turn = t.press(OK)
    marks = dict(zip(turn.body.items, turn.body.marks))
    assert marks == {"Zug beenden": "", "Caballeros einsetzen": "5 eingesetzt", "An den Hof holen": "",
                     "König versetzt": ""}
    intake = t.choose("An den Hof holen")
    assert intake.prompt == "Grün: bis zu 5 an den Hof" and intake.body.rows[0].label == "Provinz"
    t.press(BACK)
    taken = t.choose("Zug beenden")
    assert taken.prompt == "Blau: +5 an den Hof, welche Karte?"
    assert dict(zip(taken.body.items, taken.body.marks))["Königskarte"] == "Grün"  # taken, by whom
    t.press(OK)  # the cursor on stack 1 (the King's card taken): its one Caballero, a list
    one = t.screen
    assert one.kind == "placements" and one.prompt == "Blau: 1 einsetzen"


def test_a_taken_card_says_by_whom_in_german():
    from companion.engine.offers import KINGS_STACK
    from companion.ui.screens import turn_card

    language.use("de")
    t = Table()
    a_german_game(t)
    for _press in range(6):  # the Power cards, the King's card taken by Green, the King moved, placed
        t.press(OK)
    t.choose("Zug beenden")
    page = turn_card.card_page(t.ui.game)
    assert page.on_ok(KINGS_STACK).message == "Grün hat diese Karte in dieser Runde genommen"


def test_a_scoring_speaks_german():
    """A card's scoring of one region (stack 2's Fair, named on the placements' OK), then round 3's
    general scoring: the board first, then its regions as the board holds them."""
    language.use("de")
    t = Table()
    a_german_game(t)
    screens = played(t, 60)
    special = next(s for s in screens if s.kind == "region" and s.headline.endswith("Rot"))
    assert special.prompt == "Welche Region werten?"
    board = next(s for s in screens if s.kind == "map")
    assert board.headline == "Runde 3 · Der Spielplan"
    regions = next(s for s in screens if s.kind == "scoring_regions")
    assert regions.prompt == "Die Regionen, wie der Spielplan sie zeigt" and regions.body.items[0] == "Wie mitgeführt werten"
    assert re.fullmatch(r"Galicia( [A-Z]\d+)+", regions.body.items[1])  # the map's initials and counts


def test_the_marks_of_a_turn_in_german():
    language.use("de")
    assert [said_mark(m) for m in ("done", "not now", "2 in", "3 moved", "2 unplaced", "1 short", "3 short", "4 placed")] == [
        "erledigt", "nicht jetzt", "2 drin", "3 versetzt", "2 übrig", "1 fehlt", "3 fehlen", "4 eingesetzt"]
    assert said_mark("Grün") == "Grün" and said_mark("") == ""  # a taker's name, no mark: as they are
    language.use("en")
    assert [said_mark(m) for m in ("done", "2 in", "1 short")] == ["done", "2 in", "1 short"]


def not_marked(t: Table) -> list[str]:
    """The texts of the page in hand not wrapped in « » under the pseudo-locale that are more than the
    players' and regions' names, numbers, the map's initials and the OK row's OK."""
    state = t.ui.game.state
    names = [state.name(c) for c in state.everyone] + [state.rules.name(r) for r in state.counts] + ["Castillo"]

    def words_of_its_own(text: str) -> bool:
        for name in names:
            text = text.replace(name, "")
        text = re.sub(r"\b[A-Z]\d*\b", "", text)  # the map's initials, alone ("B Blue") or counted ("R8 G4")
        return any(ch.isalpha() for ch in text)

    return [text for text in shown(t.screen) if words_of_its_own(text) and not text.startswith(OPEN) and text != "OK"]


#: The words of these pages other modules still say in English (issue 37 goes on): the card's moves'
#: (ui/screens/card_moves.py, turn_moves.py), the cards' naming rows (ui/words.py), the engine's
#: occasions on the results page (a note in parentheses after them, "(3 moved)", theirs too). A word
#: leaves this list when its module is marked.
ELSEWHERE = {"King to which region?", "Intrigue", "Conspiracy", "Militia", "Scoring tile", "Grande moved",
             "Whose Caballeros move?", "Done moving: end the turn", "Conspiracy: move Caballeros",
             "Special scoring: one region", "General scoring 1"}


@pytest.mark.parametrize("presses", [120])
def test_under_the_pseudo_locale_the_turns_and_scorings_show_no_unmarked_text(presses):
    """Three rounds played by OK under the pseudo-locale: every text on the Power cards, the cards,
    the placements, the turn page, a special scoring, the board and the general scoring wrapped in « »,
    but for the players' and regions' names, the numbers, the map's initials and the OK row's OK."""
    language.use("de")
    t = Table()
    a_german_game(t)
    language.use(language.PSEUDO)
    t.ui.rebuild()  # (the page in hand made again in the pseudo-locale)
    unmarked, kinds = set(), set()
    for _press in range(presses):
        kinds.add(t.screen.kind)
        unmarked |= {(t.screen.kind, text) for text in not_marked(t)}
        t.press(OK)
    assert [(kind, text) for kind, text in sorted(unmarked) if text.split(" (")[0] not in ELSEWHERE] == []
    assert {"power_cards", "turn_card", "placements", "turn", "region", "map", "scoring_regions", "results"} <= kinds
    assert _(END).startswith(OPEN)


def a_dealt_german_game(t: Table):
    """A 3-player classic game whose cards the companion deals (the variants page's *Begleiter teilt aus*)."""
    t.choose("El Grande Classic")
    t.choose("3 Spieler")
    t.choose("Diese Farben")
    t.choose("Begleiter teilt aus")
    t.choose("Spiel beginnen")
    t.choose("Castilla")
    for home in ("Galicia", "Aragón", "Sevilla"):
        t.choose(home)
    return t.choose("Rot")


def test_the_round_s_deal_in_german():
    language.use("de")
    t = Table()
    deal = a_dealt_german_game(t)
    assert deal.kind == "round_deal" and deal.headline == "Runde 1 · Austeilen" and deal.prompt == "Startspieler: Rot"
    assert texts(deal)[2] == "Diese Karten auslegen:" and texts(deal)[3].startswith("1 · ")
    assert t.press(OK).kind == "power_cards"


def test_the_menu_s_cards_showing_special_scoring_and_board_in_german(monkeypatch):
    """The cards showing this round (reveal.py), a special scoring by the table's choice and its secret
    discs (scoring.py, secret_discs.py), the board (map.py) and the table view, from the menu."""
    from companion.ui.table_view import table_screen

    language.use("de")
    t = Table()
    a_german_game(t)
    t.press(UP, long=True)
    shown_cards = t.choose("Offene Karten dieser Runde")
    assert shown_cards.headline == "Runde 1 · Offene Karten" and shown_cards.prompt == "Offene Karten dieser Runde"
    assert shown_cards.body.items[0] == "Diese liegen offen" and shown_cards.body.items[1].startswith("Stapel 1 · ")
    stack = t.choose("Stapel 1")
    assert stack.prompt == "Stapel 1 zeigt" and stack.body.items[0] == "nicht gesagt"
    t.press(BACK)
    t.press(BACK)
    t.press(UP, long=True)
    board = t.choose("Karte")
    assert board.headline == "Runde 1 · Der Spielplan"
    assert {"■ Grande", "T Plättchen", "R Rot"} <= set(board.body.legend)
    view = table_screen(t.ui)
    assert view is not None and [row.text for row in view.body.rows] == ["1. Rot", "1. Blau", "1. Grün"]
    monkeypatch.setattr(type(t.ui), "view", property(lambda _ui: View()))  # the Castillo not kept secret
    assert table_screen(t.ui).body.rows[-1].text == "Castillo: leer"
    t.press(OK)
    for _press in range(6):  # the Power cards, Green's King's card, the King, the placements
        t.press(OK)
    t.choose("Zug beenden")
    t.press(OK)  # Blue's stack 1, its one Caballero placed where it likeliest goes
    t.press(OK)
    special = t.choose("Sonderwertung")  # the stack's card not named: a special scoring of the table's choice
    assert special.prompt == "Welche Sonderwertung?" and "eine Region" in special.body.items
    disc = t.choose("nach Einstellscheiben")
    assert disc.prompt == "Einstellscheibe: Rot" and disc.body.items[0] == "keine / unklar"


def test_under_the_pseudo_locale_the_deal_the_cards_showing_the_board_and_a_special_scoring_show_no_unmarked_text():
    language.use("de")
    t = Table()
    a_dealt_german_game(t)
    language.use(language.PSEUDO)
    t.ui.rebuild()
    cards = [text for text in not_marked(t) if re.match(r"\d(\+\d)? · ", text)]  # each stack's card: ui/words.py's
    assert t.screen.kind == "round_deal" and len(cards) == 4 and not_marked(t) == cards
    language.use("de")
    t = Table()
    a_german_game(t)
    language.use(language.PSEUDO)
    t.ui.rebuild()
    t.press(UP, long=True)
    pages = [t.choose(_("Cards showing this round")), t.choose(_("Stack {number}").format(number=1))]
    assert [text for text in not_marked(t) if text not in ELSEWHERE] == []  # (the cards' titles: ui/words.py's)
    t.press(BACK)
    assert not_marked(t) == []
    t.press(BACK)
    t.press(UP, long=True)
    pages.append(t.choose(_("Map")))
    assert not_marked(t) == []
    t.press(OK)
    for _press in range(6):
        t.press(OK)
    t.choose(_(END))
    t.press(OK)
    t.press(OK)
    pages += [t.choose(_("Special scoring")), t.choose(_("by secret discs"))]
    assert not_marked(t) == []
    t.press(BACK)
    assert not_marked(t) == []
    assert [page.kind for page in pages] == ["cards_shown", "reveal", "map", "special", "disc"]
