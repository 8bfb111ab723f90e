"""A 2-player game's round start (issue 35's last friction): the round-over page, which only had
something to read, is folded into the next round's first Power card page. What it said (the First
Player, new cards, the dummy's moves) shows above the cards on the 2.7", and no OK is asked."""

from __future__ import annotations

from pathlib import Path

from PIL import ImageChops

from companion.app import Games, make_controller
from companion.measure.hands import dummy_game
from companion.measure.press_budget import Player
from companion.ui.draw import fonts
from companion.ui.draw.ink import ELLIPSIS, PAD, text_width, wrap
from companion.ui.draw.layout import PROMPT_LINES, ROW_H, layout
from companion.ui.draw.render import _frame, render
from companion.ui.grammar import OK
from companion.ui.screens import notices
from companion.ui.view import Choices, Screen


def two_players(folder: Path) -> Player:
    t = Player(make_controller(Games(folder), seed=lambda: 7))  # (the bench's draws)
    dummy_game(t)
    t.expect("setup_drawn")
    t.press(OK)
    t.expect("dummy")
    t.press(OK)
    return t


def round_one(t: Player, cards: dict[str, int] | None = None) -> list[str]:
    """Round 1 to its last turn's end, the Power cards ``cards`` (Red 13, Blue 1), the first stack
    left each turn; the headlines of the dummy's pages the table read on the way (OK on each)."""
    t.power_cards(cards or {"Red": 13, "Blue": 1})
    read = []
    for _ in range(20):
        if t.kind == "turn_card":
            t.pick("Stack")
        elif t.kind == "turn":
            t.pick("End the turn")
        elif t.kind == "dummy":
            read.append(t.screen.headline)
            t.press(OK)
        else:
            break
    return read


def test_round_two_begins_on_its_power_cards_which_say_what_the_round_over_page_said(tmp_path):
    t = two_players(tmp_path)
    round_one(t)
    game = t.ui.game
    state = game.state
    assert state.round == 2 and t.kind == "power_cards"  # no round-over page, no OK
    screen = t.screen
    body = screen.body
    assert isinstance(body, Choices) and 0 < body.lead == body.cursor
    # What the round-over page said, line by line: here, in the words the table reads.
    said = notices.round_over(game, 1, state.dummy.moves_in(2)).lines
    shown = " ".join(" ".join(body.items[:body.lead]).split())  # the rows above the cards, unwrapped
    first, round_marker, new_cards, _, placed, turned_up = said
    assert screen.prompt.startswith(f"First Player {first.right}: ") and first.right == state.name(state.first_player)
    assert screen.headline.startswith(f"Round {round_marker.right} ·")
    assert new_cards.text in shown
    assert placed.text.removeprefix("• ") in shown and shown.count("White: ") == 1
    assert turned_up.text.startswith("• turned up Power card 11") and screen.prompt.endswith("(dummy: 11)")
    assert body.items[body.cursor].startswith(" 2  ·")  # the cursor on the first card: 11 is the dummy's
    # The rows play as the cards do: OK plays the card under the cursor, the notes are never on it.
    assert t.count(lambda: t.pick("12 ")) == 3  # ▲ round the end to 13, 12: the notes passed over
    assert state.played["blue"] == 12


def test_the_notes_show_whole_on_the_2in7_panel(tmp_path):
    t = two_players(tmp_path)
    round_one(t)
    screen = t.screen
    body = screen.body
    assert isinstance(body, Choices)
    lay = layout()
    area = lay.content
    # The prompt in its two rows, uncut; each note inside a row, uncut.
    prompt = wrap(screen.prompt, fonts.BODY_BOLD, area.width - 2 * PAD, PROMPT_LINES)
    assert not prompt[-1].endswith(ELLIPSIS), prompt
    room = area.width - 2 * PAD - 6  # (the scroll bar at the right)
    assert all(text_width(row, fonts.BODY) <= room for row in body.items[:body.lead])
    # Every note and the cursor's card are drawn in their place from the list's top: the frame
    # shows the same rows as a list of only those.
    box = _frame(screen, lay)[2]
    alone = Screen(screen.kind, screen.headline, screen.prompt,
                   Choices(body.items[:body.lead + 1], body.cursor, (), body.lead), screen.error, screen.keys)
    assert box.y0 + (body.lead + 1) * ROW_H <= box.y1
    crop = (area.x0, 0, area.x1 - 10, box.y0 + body.lead * ROW_H)  # (the notes: not the cursor's bar)
    assert ImageChops.difference(render(screen).crop(crop), render(alone).crop(crop)).getbbox() is None


def test_a_dummy_turn_that_ends_the_round_is_still_read(tmp_path):
    # When the dummy's turn is the round's last, what it did is read on its own page (one OK, as
    # on any of its turns); the new round's start is on the Power card page.
    t = two_players(tmp_path)
    read = round_one(t, {"Red": 13, "Blue": 12})  # the dummy's 7 the lowest: its turn is the last
    assert t.kind == "power_cards" and t.ui.game.state.round == 2
    assert read == ["Round 1 · The dummy"]


def test_notes_longer_than_the_panel_shows_keep_the_round_over_page(tmp_path):
    # The notes must show at once above the first card; where they would not (a long move), the
    # round-over page says it, as before (one OK), and the Power card page is the plain list.
    t = two_players(tmp_path)
    round_one(t)
    game = t.ui.game
    assert notices.round_opening(game) is not None
    game.state.dummy.moves.append((2, "drew " + " and ".join(["Galicia"] * 12)))
    assert notices.round_opening(game) is None
    t.ui.rebuild()
    assert t.screen.body.lead == 0 and t.screen.prompt == "Blue: play a Power card (dummy: 11)"


def test_a_move_is_cut_into_rows_between_words():
    rows = notices.wrapped("White: drew Sevilla and Cataluña: 2 placed in Sevilla, 2 placed in Cataluña")
    assert rows == ["White: drew Sevilla and", "  Cataluña: 2 placed in", "  Sevilla, 2 placed in", "  Cataluña"]
    assert all(len(row) <= notices.ROW_CHARS for row in rows)
