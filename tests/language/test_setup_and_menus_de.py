"""The pages marked so far (issue 37: the new-game wizard, the setup, the menu's own rows, this game's
settings, the score sheet, the standings, switching off) in German, and under the pseudo-locale with no
text left unmarked. The turns' pages follow once issue 35 has reshaped them."""

import pytest

from companion import language
from companion.language.pseudo import CLOSE, OPEN
from companion.rules.editions import EDITION_2023, EDITION_CLASSIC
from companion.ui.grammar import BACK, UP
from companion.ui.view import Choices, Lines
from tests.ui.keys_table import Table


def texts(screen) -> list[str]:
    """Every text a page shows: its headline, its prompt, its rows (a row's value too)."""
    body = screen.body
    shown = [screen.headline, screen.prompt]
    if isinstance(body, Choices):
        shown += list(body.items)
    elif isinstance(body, Lines):
        shown += [part for row in body.rows for part in (row.text.strip(), row.right) if part]
    return [text for text in shown if text]


def a_german_game(t: Table):
    t.choose("El Grande 2023")
    assert t.screen.prompt == "Wie viele Spieler?"
    seats = t.choose("3 Spieler")
    assert seats.prompt == "Farben im Uhrzeigersinn"
    assert seats.body.items == ("Diese Farben", "Platz 1 · Rot", "Platz 2 · Blau", "Platz 3 · Grün", "Spieler benennen…")
    variants = t.choose("Diese Farben")
    assert variants.prompt == "Varianten (OK schaltet)" and variants.body.items[0] == "Spiel beginnen ►"
    assert "Brett mitgeführt" in variants.body.items and "Alte Hasen: Veto" in variants.body.items
    king = t.choose("Spiel beginnen")
    assert king.headline == "Neues Spiel" and king.prompt == "Die Königsregion" and king.body.items[0] == "Begleiter zieht alles"
    t.choose("Castilla")
    for home in ("Galicia", "Aragón", "Sevilla"):
        assert t.screen.prompt.startswith("Heimatregion von ")
        t.choose(home)
    return t.choose("Rot")


def test_the_setup_speaks_german_and_names_each_seat_by_its_colour_word():
    language.use("de")
    t = Table()
    a_german_game(t)
    assert t.ui.game.settings.players[0].name == "Red"  # the log keeps the English word: it resumes in any language
    assert t.ui.game.state.name("red") == "Rot"


def test_the_menu_and_this_games_settings_in_german():
    language.use("de")
    t = Table()
    a_german_game(t)
    menu = t.press(UP, long=True)
    assert menu.prompt == "Menü"
    for row in ("Letzten Schritt zurücknehmen", "Wertungsblatt", "Einstellungen dieser Partie", "Neues Spiel",
                "Regeln einer Aktionskarte", "Zurück"):
        assert row in menu.body.items
    settings = t.choose("Einstellungen dieser Partie")
    text = " ".join(texts(settings))
    assert "Sprache Deutsch" in text and "Plätze im Uhrzeigersinn" in text and "Brett mitgeführt" in text
    assert "Varianten: Brett mitgeführt, Geheimes Castillo" in text
    t.press(BACK)
    sheet = t.choose("Wertungsblatt")
    assert sheet.prompt == "Wertungsblatt" and [row.text for row in sheet.body.rows[:3]] == ["Rot", "Blau", "Grün"]


def test_a_card_s_rules_in_german_say_the_caballeros_as_german_counts_them():
    language.use("de")
    t = Table()
    t.press(UP, long=True)
    t.choose("Regeln einer Aktionskarte")
    page = t.choose("1 ")
    assert page.headline == "Regeln" and "(Stapel 1)" in page.prompt
    assert any(row.text.startswith("Setze bis zu 1 Caballero ein.") for row in page.body.rows)


@pytest.mark.parametrize("edition", ["2023", "classic"])
def test_under_the_pseudo_locale_no_setup_page_shows_unmarked_text(edition):
    """Every text of the wizard's and the setup's pages is wrapped in « » (marked), but for what is no
    sentence: the regions' names, a number, a mark."""
    language.use(language.PSEUDO)
    t = Table()
    seen = []

    def check():
        screen = t.screen
        for text in texts(screen):
            if OPEN in text or not any(ch.isalpha() for ch in text) or text in NOT_SENTENCES:
                continue
            seen.append((screen.kind, text))

    check()
    t.choose(f"{OPEN}Él Grándé 2023" if edition == "2023" else f"{OPEN}Él Grándé cláss")
    check()
    t.choose(f"{OPEN}3 pláyérs")
    check()
    t.choose(f"{OPEN}Thésé cólóúrs")
    check()
    t.choose(f"{OPEN}Stárt thé gámé")
    check()
    t.choose("Castilla")
    for home in ("Galicia", "Aragón", "Sevilla"):
        check()
        t.choose(home)
    check()
    assert not seen, seen
    assert CLOSE in t.screen.prompt


#: Words no catalogue translates: the regions' names (Spanish in every edition), as the editions name them.
NOT_SENTENCES = {name for rules in (EDITION_2023, EDITION_CLASSIC) for name in rules.region_names.values()}
