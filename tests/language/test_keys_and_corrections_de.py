"""The key band and Menu › Correct in German (issue 37): the screens name the keys in English, the
band says them in the table's language in its five letters a line (a longer word split at its soft
hyphen over the band's two lines), and the menu's corrections and their pages speak German; under the
pseudo-locale the corrections' rows and pages show no unmarked text."""

import pytest

from companion import language
from companion.language.pseudo import OPEN
from companion.ui.draw import fonts
from companion.ui.draw.ink import SOFT_HYPHEN, text_width, wrap
from companion.ui.draw.layout import NOTCH, SIDE_BAND
from companion.ui.draw.plain import plain
from companion.ui.grammar import BACK, DOWN, LABELS, MORE, OK, UP, said
from tests.language.test_setup_and_menus_de import a_german_game, texts
from tests.ui.keys_table import Table

#: The side band's room for a label's line (bars._draw_key: the notch and the margins taken off).
ROOM = SIDE_BAND - NOTCH - 5


def test_every_key_word_fits_the_side_band_in_german():
    language.use("de")
    words = {label: said(label) for labels in LABELS.values() for label in labels if label}
    assert words["Back"] == f"Zu{SOFT_HYPHEN}rück" and words["Menu"] == "Menü" and words["Undo"] == "Ja"
    for label, word in words.items():
        lines = wrap(word, fonts.KEYS, ROOM, 2)
        assert all(text_width(line, fonts.KEYS) <= ROOM and not line.endswith("…") for line in lines), (label, lines)
        assert "".join(lines).replace("-", "") == word.replace(SOFT_HYPHEN, "").replace("-", ""), (label, lines)
    assert wrap(words["Back"], fonts.KEYS, ROOM, 2) == ["Zu-", "rück"]
    assert wrap(words["Back"], fonts.KEYS, 200, 2) == ["Zurück"]  # room for it whole: no hyphen drawn


def test_the_screens_keep_the_keys_english_names_and_the_band_says_them_in_german():
    language.use("de")
    t = Table()
    a_german_game(t)
    menu = t.press(UP, long=True)
    undo = t.choose("Letzten Schritt zurücknehmen")
    assert undo.keys == ("", "", "Keep", "Undo")  # the grammar's words, in any language
    assert plain(undo).splitlines()[-1] == "[3] Nein   [4] Ja"
    t.press(BACK)
    assert menu.keys[2:] == ("Back", "OK") and plain(t.screen).splitlines()[-1].endswith("[3] Zurück   [4] OK")
    language.use("en")
    assert plain(t.screen).splitlines()[-1].endswith("[3] Back   [4] OK")


def test_the_corrections_speak_german():
    language.use("de")
    t = Table()
    a_german_game(t)
    menu = t.press(UP, long=True)
    rows = [row for row in menu.body.items if row.startswith("Korrektur: ")]
    assert rows == ["Korrektur: der König", "Korrektur: ein Wertungsplättchen", "Korrektur: ein Grande",
                    "Korrektur: das Castillo", "Korrektur: Caballeros einer Region", "Korrektur: ein Punktestand",
                    "Korrektur: Caballeros versetzen"]
    assert menu.body.items[-1] == "Korrektur: Caballeros versetzen"  # still one ▲ from the top
    assert t.choose("Korrektur: der König").prompt == "Der König steht in"
    t.press(BACK)
    tiles = t.choose("Korrektur: ein Wertungsplättchen")
    assert tiles.prompt == "Welches Wertungsplättchen?" and all(", jetzt " in row for row in tiles.body.items)
    assert t.choose(tiles.body.items[0]).prompt.startswith("Wertungsplättchen ")
    t.press(BACK)
    t.press(BACK)
    assert t.choose("Korrektur: das Castillo").prompt == "Castillo: ändern um"  # kept secret: a change per colour
    t.press(BACK)
    counts = t.choose("Korrektur: Caballeros einer Region")
    assert counts.prompt == "Caballeros in welcher Region?"
    assert t.choose("Galicia").prompt == "In Galicia sind"


@pytest.mark.parametrize("row", range(7))
def test_under_the_pseudo_locale_the_corrections_show_no_unmarked_text(row):
    """Each correction's row and first page wrapped in « », but for the regions' names and the tiles'."""
    language.use("de")
    t = Table()
    a_german_game(t)
    language.use(language.PSEUDO)  # (a page is made when it opens: the menu's and the corrections' now)
    menu = t.press(UP, long=True)
    corrections = [item for item in menu.body.items if item.startswith(f"{OPEN}Córréct")]
    assert len(corrections) == 7
    page = t.choose(corrections[row])
    state = t.ui.game.state
    players = [state.name(colour) for colour in state.everyone]  # (wrapped: a row "«Blúé» · 3" is no sentence)
    names = [state.rules.name(region) for region in state.counts] + list(state.tiles) + ["Castillo"]

    def words_of_its_own(text: str) -> bool:
        for name in players + names:
            text = text.replace(name, "")
        return any(ch.isalpha() for ch in text)

    unmarked = [text for text in texts(page) if words_of_its_own(text) and not text.startswith(OPEN)]
    assert unmarked == [], (page.kind, unmarked)


def test_a_correction_s_notice_and_the_resume_page_in_german():
    from companion.ui.screens import notices

    language.use("de")
    t = Table()
    a_german_game(t)
    t.press(UP, long=True)
    t.choose("Korrektur: ein Punktestand")
    for key in (DOWN, MORE, UP):  # +1 on the first player's score, back to the OK row
        t.press(key)
    page = t.press(OK)
    assert page.prompt == "Korrigiert"
    resumed = notices.on_resume(t.ui.game, "")[0].screen()
    steps = t.ui.game.step_count
    assert resumed.prompt == "Partie fortgesetzt, wo sie stand"
    assert texts(resumed)[2] == f"{steps} Schritte nachgespielt."
    language.use(language.PSEUDO)
    resumed = notices.on_resume(t.ui.game, "")[0].screen()
    assert OPEN in resumed.prompt and OPEN in texts(resumed)[2]


def test_the_engine_s_prompts_in_german():
    """The headline and the question every page of a game starts from (engine/prompt.py)."""
    language.use("de")
    t = Table()
    power = a_german_game(t)
    assert power.headline == "Runde 1 · Machtkarte · Rot" and power.prompt.startswith("Rot: eine Machtkarte ausspielen")
    language.use(language.PSEUDO)
    prompt = t.ui.game.prompt
    assert prompt.headline.startswith(f"{OPEN}") and prompt.asks.startswith(f"{OPEN}")
