"""The simulator's text view says what the panel shows: every body kind, the map included."""

from companion.ui.draw.plain import plain
from companion.ui.view import Map, Place, Screen, Spinner, Spinners


def test_the_map_is_a_line_per_place_with_the_king_grandes_and_tiles():
    board = Map((Place("Aragón", (2, 0), (("R", 2), ("B", 1)), grandes=("B",), tiles=("8",)),
                 Place("Toledo", (1, 1), king=True), Place("Castillo", (3, 1), (("R", None),))),
                legend=("R Ann", "B Bo"))
    text = plain(Screen("map", "Round 1 · The board", body=board, keys=("", "", "Back", "OK")))
    assert "  Aragón             R2 B1            ■B T8" in text
    assert "  Toledo (King)      -" in text
    assert "  Castillo           R\n" in text  # kept secret: only who is in
    assert "  R Ann · B Bo" in text
    assert "Map(" not in text


def test_a_page_of_counts_shows_its_ok_row_and_where_the_cursor_is():
    body = Spinners((Spinner("Red", 2, 0, 9),), cursor=1, ok="OK")
    text = plain(Screen("placements", "h", body=body))
    assert text.splitlines()[2:4] == ["  Red                  2", "> OK ►"]
