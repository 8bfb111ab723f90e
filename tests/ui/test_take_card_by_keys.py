"""The card a player takes, asked when he takes it, by keys (issue 35; turn_card.which_card): the
table shuffling its own cards, the take's page lists the stack's unseen cards, the likeliest under
the cursor: one OK names it when it is right; "not said" stays possible; a card the table named at
the round's start is not asked again."""

import pytest

from companion.engine import steps as s
from companion.rules import cards
from companion.ui.grammar import BACK, OK
from tests.ui.keys_table import BOARD, Table, name_cards, new_game, play_power_cards
from tests.ui.test_round_start import board_game


@pytest.fixture(autouse=True)
def names_at_the_take(monkeypatch):
    monkeypatch.setattr(Table, "names_at_the_take", True)


POWER = {"Red": 13, "Blue": 1, "Green": 6}
FIRST = [c for c in cards.deck("2023") if c.stack == 1 and c.known]


def at_the_take() -> Table:
    t = board_game()
    play_power_cards(t, POWER)
    t.choose("Stack 1 ")
    assert t.screen.kind == "take_card" and t.screen.prompt == "Which card of stack 1?"
    return t


def test_a_turn_names_its_card_in_one_ok_when_the_default_is_right():
    t = at_the_take()
    assert t.screen.body.items == (FIRST[0].title, FIRST[1].title, "not said", FIRST[2].title)
    presses = t.ui.presses
    screen = t.press(OK)  # OK on the cursor's row: the likeliest
    assert t.ui.presses == presses + 1
    assert t.ui.game.steps[-1] == s.ActionCardTaken("red", 1, FIRST[0].key)
    assert screen.kind != "take_card"


def test_not_said_stays_possible_and_back_leaves_the_stack_untaken():
    t = at_the_take()
    t.press(BACK)
    assert t.screen.kind == "turn_card" and not any(isinstance(step, s.ActionCardTaken) for step in t.ui.game.steps)
    t.choose("Stack 1 ")
    t.choose("not said")
    assert t.ui.game.steps[-1] == s.ActionCardTaken("red", 1)


def test_a_card_named_at_the_round_s_start_is_not_asked_again():
    t = board_game()
    name_cards(t, FIRST[1].title)
    play_power_cards(t, POWER)
    t.choose(f"{FIRST[1].title} · ")
    assert t.screen.kind != "take_card"
    assert t.ui.game.steps[-1] == s.ActionCardTaken("red", 1)


def test_a_dummy_game_asks_the_players_takes_only_and_plays_to_its_end():
    """The dummy takes the card showing the most Caballeros (engine/dummy.py): in 2023 stack n
    shows n, so it needs no title and its take asks nothing; each player's unnamed take is asked."""
    t = Table(seed=3)
    new_game(t, "2023", ["red", "blue"], dummy="white", homes=["Galicia", "Granada"], variants=[BOARD])
    asked = 0
    for _ in range(3000):
        if t.ui.game.over:
            break
        asked += t.screen.kind == "take_card"
        if t.screen.kind == "turn" and "End the turn" in t.screen.body.items:
            t.choose("End the turn")
        else:
            t.press(OK)  # every default: the likeliest card named
    game = t.ui.game
    assert game.over and game.state.general_scorings == 3
    takes = [step for step in game.steps if isinstance(step, s.ActionCardTaken)]
    assert len(takes) == 18 and asked == sum(1 for step in takes if step.card) == sum(1 for step in takes if step.stack != 5)
    assert "white" not in {step.colour for step in takes}  # the dummy's takes are the referee's, not a step


def test_a_stack_with_one_unseen_card_left_is_named_without_a_page():
    """The classic deck's copies are known (a 2023 stack's are not: every title stays possible):
    a stack whose other titles were all shown can show one card, so its take names it by itself."""
    t = Table()
    new_game(t, "classic", ["red", "blue", "green"], variants=[BOARD], king="Castilla la Nueva",
             homes=["Galicia", "Aragón", "Sevilla"])
    play_power_cards(t, POWER)
    last, *others = sorted((c for c in cards.deck("classic") if c.stack == 2 and c.known), key=lambda c: c.copies)
    for c in others:
        t.ui.game.state.seen[c.key] = c.copies
    t.ui.rebuild()
    presses = t.ui.presses
    t.choose("Stack 2 ")
    assert t.screen.kind != "take_card"
    assert t.ui.game.steps[-1] == s.ActionCardTaken("red", 2, last.key)
    assert t.ui.presses - presses == 3  # ▼ ▼ from the King's card to stack 2, and its OK: no naming press
