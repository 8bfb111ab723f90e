"""The companion deals the action cards (issue 35), by keys: the wizard's row (classic only, off
until switched on: one press), round 1's cards on one page read with one OK, every later round's on
the page that ends the round before, and a whole 4-player classic game played with no press naming a
card: every card taken is known from the deal, its action offered as for a named card."""

from collections import Counter
from pathlib import Path

from companion.engine import dealing
from companion.engine import steps as s
from companion.play.game import Game
from companion.record.journal import read_only
from companion.ui.controller import Controller
from companion.ui.grammar import DOWN, OK
from tests.ui.keys_table import BOARD, Table, new_game

DEALS = "Companion deals cards"
FOUR = ["red", "blue", "green", "yellow"]
HOMES = ["Galicia", "Aragón", "Sevilla", "Valencia"]
FIXTURE = Path(__file__).parents[1] / "fixtures" / "journals" / "0.8-classic-4p-dealt-revision-6.jsonl"
#: The pages that name a card (the table's own deal): never shown where the companion deals.
NAMING = ("cards_shown", "reveal")


def variants(edition: str, **chosen) -> tuple[str, ...]:
    t = Table()
    t.choose("El Grande 2023" if edition == "2023" else "El Grande classic")
    t.choose(f"{chosen.get('players', 4)} players")
    from companion.measure.hands import seat_colours

    seat_colours(t, FOUR[: chosen.get("players", 4)] + (["black"] if edition == "2023" and chosen.get("players") == 2
                                                         else []))
    for label in chosen.get("on", ()):
        t.choose(label)
    return t.screen.body.items


def test_the_wizard_offers_the_deal_in_a_classic_base_game_last_and_off():
    classic = variants("classic")
    assert classic[-1] == DEALS and DEALS not in variants("2023")
    assert DEALS not in variants("classic", on=("GI & Colonies",))  # a Big Box way to play: the table's own cards
    t = Table()
    t.choose("El Grande classic")
    t.choose("3 players")
    from companion.measure.hands import seat_colours

    seat_colours(t, FOUR[:3])
    assert t.screen.body.marks[-1] == "off"  # the table shuffles, as the rulebook says: no press for it
    t.choose(DEALS)
    assert t.screen.body.marks[-1] == "on"
    t.choose("Start the game")
    t.choose("Companion draws all")
    assert t.ui.game.settings.deals and t.screen.kind == "setup_drawn"
    t.press(OK)
    assert t.screen.kind == "round_deal"  # then round 1's cards


def whole_game(t: Table) -> tuple[Counter, int]:
    """Every page read with OK, the turn ended at once after the placements (a quiet table)."""
    kinds: Counter = Counter()
    while t.ui.game.phase != "game_over":
        screen = t.screen
        kinds[screen.kind] += 1
        if screen.kind == "turn":
            end = next(i for i, item in enumerate(screen.body.items) if item.startswith("End the turn"))
            while t.screen.body.cursor != end:
                t.press(DOWN)
        t.press(OK)
    return kinds, t.ui.presses


def test_a_whole_classic_game_with_the_companion_dealing_names_no_card(tmp_path):
    t = Table(seed=5)
    t.ui = Controller(lambda settings: Game.new(settings, tmp_path / "game.jsonl"), new_seed=lambda: 5)
    new_game(t, "classic", FOUR, variants=(BOARD, DEALS), homes=HOMES)
    game = t.ui.game
    assert game.settings.deals and game.settings.revision >= dealing.DEALS_FROM
    deal = t.screen  # round 1's cards: the game's first page
    assert deal.kind == "round_deal" and [line.text for line in deal.body.rows][0] == "Lay out these cards:"
    assert len(deal.body.rows) == 5  # stacks 1-4 (the King's card always shows)
    t.press(OK)
    assert t.screen.kind == "power_cards"
    kinds, presses = whole_game(t)
    assert not any(kinds[k] for k in NAMING)  # 0 presses naming a card
    assert kinds["round_deal"] == 0  # once a game: round 1 (every later round on the round before's last page)
    assert not any(isinstance(step, s.ActionCardsRevealed) for step in game.steps)
    assert all(card is None for step in game.steps if isinstance(step, s.ActionCardTaken) for card in [step.card])
    taken = [step for step in game.steps if isinstance(step, s.ActionCardTaken)]
    assert len(taken) == 36
    replay = Game.from_record(read_only(tmp_path / "game.jsonl"))
    assert replay.state.scores == game.state.scores and replay.state.seen == game.state.seen
    # the log this game writes is the fixture of revision 6, written once by 0.8 (never edited): it replays
    assert (tmp_path / "game.jsonl").read_text().splitlines()[1:] == FIXTURE.read_text().splitlines()[1:]
    assert presses < 400, presses


def test_each_round_s_cards_are_said_on_the_page_that_ends_the_round_before():
    t = Table(seed=5)
    new_game(t, "classic", FOUR, variants=(BOARD, DEALS), homes=HOMES)
    t.press(OK)
    while t.screen.kind != "round_over":
        if t.screen.kind == "turn":
            end = next(i for i, item in enumerate(t.screen.body.items) if item.startswith("End the turn"))
            while t.screen.body.cursor != end:
                t.press(DOWN)
        t.press(OK)
    rows = [line.text for line in t.screen.body.rows]
    shown = dealing.shown(t.ui.game.settings, 2)
    assert rows[2] == "Lay out these cards:" and len(rows) == 7
    assert [row.split(" · ")[0] for row in rows[3:]] == ["1", "2", "3", "4"]
    assert t.ui.game.state.revealed == shown
