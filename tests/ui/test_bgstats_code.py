"""The result on the phone in one scan (issue 38): the Game over page's QR code of BG Stats'
createPlay link, read back from the rendered panel image with a QR decoder (zxing-cpp, where it
has a wheel: the decoding tests skip on a machine without it, e.g. a 32-bit Pi)."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import UTC, datetime
from urllib.parse import unquote

import pytest
from PIL import Image

from companion.engine.settings import Player, Settings
from companion.measure.sample import four_player_game
from companion.record.bgstats_link import CREATE_PLAY, link_of, play_data
from companion.record.export import bg_stats, export
from companion.settings.panel import PANELS
from companion.ui.draw import code
from companion.ui.draw.render import render
from companion.ui.grammar import BACK, OK
from companion.ui.screens import phone
from companion.ui.view import Code, Line, Lines, Screen

SIZES = sorted({spec.size for spec in PANELS.values()})


@pytest.fixture(scope="module")
def finished(tmp_path_factory):
    game = four_player_game(tmp_path_factory.mktemp("game") / "game.jsonl")
    yield game
    game.close()


def decoded(image: Image.Image) -> list[str]:
    zxingcpp = pytest.importorskip("zxingcpp")
    return [found.text for found in zxingcpp.read_barcodes(image.convert("L"))]


def payload(url: str) -> dict:
    assert url.startswith(CREATE_PLAY)
    return json.loads(unquote(url[len(CREATE_PLAY):]))


def test_the_link_holds_the_play_as_the_bg_stats_file_holds_it(finished, tmp_path):
    _, bgs = export(finished, tmp_path, location="Ann's kitchen")
    data = json.loads(bgs.read_text())
    play = payload(phone.link(finished, "Ann's kitchen"))
    exported = data["plays"][0]
    names = {p["id"]: p["name"] for p in data["players"]}
    assert play["sourceName"] == "ElGrandeCompanion"
    assert play["sourcePlayId"] == exported["uuid"].replace("-", "")[:12]
    assert play["game"] == {"name": "El Grande", "bggId": 93, "sourceGameId": "93", "highestWins": True}
    assert play["location"] == "Ann's kitchen" and play["durationMin"] == exported["durationMin"]
    started = datetime.strptime(finished.journal.header["started"], "%Y-%m-%dT%H:%M:%SZ")
    assert play["playDate"] == started.strftime("%Y-%m-%d %H:%M:%S")  # UTC
    by_seat = sorted(exported["playerScores"], key=lambda s: s["seatOrder"])
    assert [p["name"] for p in play["players"]] == [names[s["playerRefId"]] for s in by_seat] == ["Ann", "Bo", "Cy", "Di"]
    assert [p["score"] for p in play["players"]] == [int(s["score"]) for s in by_seat] == [71, 49, 54, 48]
    assert [p["rank"] for p in play["players"]] == [s["rank"] for s in by_seat] == [1, 3, 2, 4]
    assert [p.get("winner", False) for p in play["players"]] == [s["winner"] for s in by_seat]
    assert [p.get("startPlayer", False) for p in play["players"]] == [s["startPlayer"] for s in by_seat]
    assert sum(p.get("startPlayer", False) for p in play["players"]) == 1
    ids = [p["sourcePlayerId"] for p in play["players"]]
    assert len(set(ids)) == 4 and all(len(i) == 8 for i in ids)


def test_the_link_is_short_and_a_url_a_phone_opens():
    data = {"plays": [{"uuid": "12345678-9abc-def0-1234-56789abcdef0", "durationMin": 90, "playerScores": [
        {"playerRefId": 1, "score": "70", "winner": True, "rank": 1, "seatOrder": 0, "startPlayer": False}]}],
        "games": [{"name": "El Grande", "bggId": 93}], "locations": [{"name": "Zoë's 100% & #1 + more"}],
        "players": [{"id": 1, "name": "Zoë", "uuid": "abcdef01-0000-0000-0000-000000000000"}]}
    url = link_of(play_data(data, datetime(2026, 12, 1, 20, 0, tzinfo=UTC)))
    rest = url[len(CREATE_PLAY):]
    assert not set(rest) & set(' "{}[]&+#\n'), rest  # nothing a URL must not hold, no whitespace
    assert rest.isascii()
    play = json.loads(unquote(rest))
    assert play["location"] == "Zoë's 100% & #1 + more" and play["players"][0]["name"] == "Zoë"
    assert "startPlayer" not in play["players"][0] and play["players"][0]["winner"] is True


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_game_over_code_decodes_to_the_play_on_every_panel(finished, size, tmp_path):
    page = phone.code_page(finished)
    screen = page.screen()
    image = render(screen, size)
    assert image.size == size
    if size == (264, 176):  # four players do not fit at 2 pixels a module on the 2.7": it says so
        assert decoded(image) == []
        assert image.tobytes() == render(_noted(screen), size).tobytes()
        return
    [url] = decoded(image)
    assert url == screen.body.text == phone.link(finished)
    assert [p["score"] for p in payload(url)["players"]] == [71, 49, 54, 48]
    for scale in (2, 3):  # a page drawn larger on the glass keeps its code pixel for pixel
        assert render(screen, size, scale=scale).tobytes() == image.tobytes()


def test_a_two_player_game_fits_on_the_27_inch_panel():
    settings = Settings(edition="2023", players=[Player("Ann", "red"), Player("Bo", "blue")], dummy="green", seed=3)
    data = bg_stats(_over(settings), datetime(2026, 12, 1, 20, tzinfo=UTC), datetime(2026, 12, 1, 22, tzinfo=UTC))
    url = link_of(play_data(data, datetime(2026, 12, 1, 20, tzinfo=UTC)))
    image = render(Screen("bgstats", "Game over", "Scan for BG Stats", Code(url, phone.TOO_LONG)), (264, 176))
    assert decoded(image) == [url]


def _over(settings: Settings):
    """A stand-in for a finished two-player game: its settings, a state's standings, its steps."""
    settings_ = settings

    class State:
        colours = ("red", "blue")

        @staticmethod
        def standings():
            return [(1, "red", 60), (2, "blue", 52)]

        round = 9

    class Step:
        kind, first = "SetupDone", "blue"

    class Over:
        settings = settings_
        state = State()
        steps = (Step(),)

    return Over()


def test_where_the_code_would_be_too_small_the_page_says_so_and_export_remains():
    five = {"sourceName": "x", "players": [{"name": f"Player{n:06}", "sourcePlayerId": "abcdef01", "score": 100,
                                           "rank": n} for n in range(5)]}
    url = link_of(five) + "x" * 400
    screen = Screen("bgstats", "Game over", "Scan for BG Stats", Code(url, phone.TOO_LONG), keys=("", "", "Back", "Chart"))
    image = render(screen, (264, 176))
    assert image.tobytes() == render(_noted(screen), (264, 176)).tobytes()
    assert "Export" in phone.TOO_LONG[1]  # and the BG Stats file of Menu, Export remains


def _noted(screen: Screen) -> Screen:
    """The page as it is drawn where its code would be too small: its note as lines."""
    return Screen(screen.kind, screen.headline, screen.prompt, Lines(tuple(Line(r) for r in phone.TOO_LONG)),
                  keys=screen.keys)


def test_each_panel_draws_modules_of_at_least_0_4_mm_and_says_its_budget():
    """The module on each panel's glass, from its active area (companion/settings/panel.py)."""
    for spec in PANELS.values():
        mm = code.MIN_MODULE_PX / spec.px_per_mm
        assert 0.4 <= mm <= 0.45, (spec.name, mm)
        assert 3 / spec.px_per_mm >= 0.6  # where the play leaves room: 3 pixels, over half a millimetre


def test_the_game_over_keys_go_standings_code_chart_and_back(finished):
    from companion.ui.controller import Controller

    ui = Controller(lambda settings: finished, game=finished)
    assert ui.screen().kind == "standings" and ui.screen().keys[3] == "Phone"
    ui.press(OK)
    assert ui.screen().kind == "bgstats" and ui.screen().keys[2:] == ("Back", "Chart")
    ui.press(OK)
    assert ui.screen().kind == "chart"
    ui.press(OK)
    assert ui.screen().kind == "bgstats"
    ui.press(BACK)
    assert ui.screen().kind == "standings"


def test_the_encoder_is_imported_only_with_the_first_code():
    probe = ("import sys\nfrom companion.ui.draw.render import render\n"
             "from companion.ui.screens import scoring, standings, notices\n"
             "assert 'segno' not in sys.modules and 'companion.ui.draw.code' not in sys.modules\nprint('ok')")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert done.stdout.strip() == "ok", done.stderr


def _longest_play(players: int) -> str:
    """A play as long as the settings allow: 12-letter names, a 60-character location."""
    return link_of({"sourceName": "ElGrandeCompanion", "sourcePlayId": "0123456789ab", "playDate": "2026-12-01 20:00:00",
                    "durationMin": 185, "location": "L" * 60,
                    "game": {"name": "El Grande", "bggId": 93, "sourceGameId": "93", "highestWins": True},
                    "players": [{"name": f"Bartholomew{n}", "sourcePlayerId": f"{n}bcdef01", "score": 100 + n, "rank": n + 1,
                                 **({"winner": True} if n == 4 else {}), **({"startPlayer": True} if n == 0 else {})}
                                for n in range(players)]})


@pytest.mark.parametrize("size", [(400, 300), (800, 480)], ids=["4.2", "7.5"])
def test_five_players_with_the_longest_names_fit_on_the_larger_panels(size):
    url = _longest_play(5)
    assert 950 < len(url) < 1100
    screen = Screen("bgstats", "Game over", "Scan for BG Stats", Code(url, phone.TOO_LONG), keys=("", "", "Back", "Chart"))
    assert decoded(render(screen, size)) == [url]


def test_the_modules_drawn_are_the_ones_docs_bgstats_md_gives():
    """3 px on the 4.2" for the sample game's four players, 2 px for five long names; 4 px on the 7.5"
    for both; 2 px on the 2.7" for two short names, nothing for three."""
    from companion.ui.draw.layout import layout

    def px(url: str, size: tuple[int, int]) -> int:
        return code.module_px(len(code.matrix(url)), layout(size, "left").content)

    four = phone.link(four_player_game())
    assert (px(four, (400, 300)), px(four, (800, 480)), px(four, (264, 176))) == (3, 4, 0)
    assert (px(_longest_play(5), (400, 300)), px(_longest_play(5), (800, 480))) == (2, 4)
    assert [px(_short_play(n), (264, 176)) for n in (2, 3)] == [2, 0]


def _short_play(players: int) -> str:
    return link_of({"sourceName": "ElGrandeCompanion", "sourcePlayId": "0123456789ab", "playDate": "2026-12-01 20:00:00",
                    "durationMin": 95, "location": "Table",
                    "game": {"name": "El Grande", "bggId": 93, "sourceGameId": "93", "highestWins": True},
                    "players": [{"name": name, "sourcePlayerId": f"{n}bcdef01", "score": 60 - n, "rank": n + 1,
                                 **({"winner": True} if n == 0 else {}), **({"startPlayer": True} if n == 1 else {})}
                                for n, name in enumerate(["Ann", "Bo", "Cy"][:players])]})
