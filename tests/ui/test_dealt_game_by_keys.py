"""The companion deals the action cards (issue 35), by keys: the wizard's row (classic only, off
until switched on: one press), round 1's cards on one page read with one OK, every later round's on
the page that ends the round before, and a whole 4-player classic game played with no press naming a
card: every card taken is known from the deal, its action offered as for a named card."""

import os
from collections import Counter
from pathlib import Path

from companion.engine import dealing
from companion.engine import steps as s
from companion.measure import plan_figures
from companion.measure.hands import list_keys_to
from companion.measure.key_scripts import DEALT_CLASSIC_KEYS, play, script_presses
from companion.play.game import Game
from companion.record.journal import read_only
from companion.ui.controller import Controller
from companion.ui.grammar import BACK, OK, UP
from companion.ui.words import card_title
from tests.ui.keys_player import REGENERATE
from tests.ui.keys_script import describe
from tests.ui.keys_table import BOARD, Table, new_game

DEALS = "Companion deals cards"
FOUR = ["red", "blue", "green", "yellow"]
HOMES = ["Galicia", "Aragón", "Sevilla", "Valencia"]
FIXTURE = Path(__file__).parents[1] / "fixtures" / "journals" / "0.8-classic-4p-dealt-revision-6.jsonl"
#: The bench plays every shipped script with seed 1 (companion/measure/bench.py): so is this game dealt.
SEED = 1
TITLE = (f"The companion deals: a whole 4-player classic game with the board recorded, every page's OK, the action "
         f"cards dealt by the companion (seed {SEED}: play it with --seed {SEED}), from a new game to the standings")
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


class Recording(Table):
    """A table whose every press is kept, grouped by the steps it recorded (a key script's lines)."""

    def __init__(self, path: Path, seed: int):
        super().__init__(seed)
        self.ui = Controller(lambda settings: Game.new(settings, path), new_seed=lambda: seed)
        self.script: list[tuple[str, list[int]]] = []
        self._keys: list[int] = []

    def press(self, key: int, long: bool = False):
        before = len(self.ui.game.steps) if self.ui.game is not None else 0
        screen = super().press(key, long)
        self._keys.append(key + 10 if long else key)
        steps = self.ui.game.steps if self.ui.game is not None else ()
        if len(steps) > before:
            what = "new game" if before == 0 else " + ".join(describe(step) for step in steps[before:])
            self.script.append((what, self._keys))
            self._keys = []
        return screen

    def choose(self, label: str):
        """The cursor the short way round to the first row starting with ``label`` (as a person would); OK."""
        hits = [i for i, item in enumerate(self.screen.body.items) if item.startswith(label)]
        assert hits, (label, self.screen)
        for key in list_keys_to(self.ui, hits[0]):
            self.press(key)
        return self.press(OK)

    def key_script(self) -> str:
        lines = [f"# {TITLE}", "# Written by tests/ui/test_dealt_game_by_keys.py; keys 1-4 are KEY1-KEY4.", ""]
        for what, presses in self.script:
            keys = " ".join(f"L{k - 9}" if k >= 10 else str(k + 1) for k in presses)
            lines.append(f"{keys:<24} # {what}")
        return "\n".join(lines) + "\n"


def whole_game(t: Table) -> Counter:
    """Every page's OK, its pre-filled answer taken (each card's action as the turn page offers it)."""
    kinds: Counter = Counter()
    while t.ui.game.phase != "game_over":
        kinds[t.screen.kind] += 1
        t.press(OK)
    return kinds


def test_a_whole_classic_game_with_the_companion_dealing_names_no_card(tmp_path):
    t = Recording(tmp_path / "game.jsonl", SEED)
    new_game(t, "classic", FOUR, variants=(BOARD, DEALS), homes=HOMES)
    game = t.ui.game
    assert game.settings.deals and game.settings.revision >= dealing.DEALS_FROM
    deal = t.screen  # round 1's cards: the game's first page
    assert deal.kind == "round_deal" and [line.text for line in deal.body.rows][0] == "Lay out these cards:"
    assert len(deal.body.rows) == 5  # stacks 1-4 (the King's card always shows)
    t.press(OK)
    assert t.screen.kind == "power_cards"
    kinds = whole_game(t)
    assert not any(kinds[k] for k in NAMING)  # 0 presses naming a card
    assert kinds["round_deal"] == 0  # once a game: round 1 (every later round on the round before's last page)
    assert not any(isinstance(step, s.ActionCardsRevealed) for step in game.steps)
    taken = [step for step in game.steps if isinstance(step, s.ActionCardTaken)]
    assert len(taken) == 36 and all(step.card is None for step in taken)  # known from the deal, never named
    assert any(isinstance(step, s.SpecialScoringStarted) for step in game.steps)  # a scoring card's action offered
    replay = Game.from_record(read_only(tmp_path / "game.jsonl"))
    assert replay.state.scores == game.state.scores and replay.state.seen == game.state.seen
    # (the fixture of revision 6 is a log 0.8 wrote once and is never edited: the pages' defaults may
    # since play these keys otherwise; it replays on its own, below)
    script = t.key_script()
    if os.environ.get(REGENERATE):
        DEALT_CLASSIC_KEYS.write_text(script)
    assert DEALT_CLASSIC_KEYS.read_text() == script, f"{DEALT_CLASSIC_KEYS} is stale: {REGENERATE}=1 rewrites it"


def test_the_shipped_script_plays_the_same_game_and_the_bench_prints_its_naming_presses(tmp_path):
    ui = play(script_presses(DEALT_CLASSIC_KEYS), tmp_path, seed=SEED)  # the bench's seed
    assert ui.game.phase == "game_over"
    logs = sorted(tmp_path.rglob("*.jsonl"))  # the game's own log replays to the standings it ended on
    assert logs and Game.from_record(read_only(logs[-1])).state.scores == ui.game.state.scores
    counted = plan_figures.figures(DEALT_CLASSIC_KEYS)
    assert counted.naming == 0 and counted.whole == len(script_presses(DEALT_CLASSIC_KEYS))
    line = plan_figures.dealt_line()
    assert f"whole game {counted.whole}" in line and "naming the cards 0" in line


def test_each_round_s_cards_are_said_on_the_page_that_ends_the_round_before():
    t = Table(seed=SEED)
    new_game(t, "classic", FOUR, variants=(BOARD, DEALS), homes=HOMES)
    t.press(OK)
    said = 0
    while t.ui.game.phase != "game_over":
        if t.screen.kind in ("round_over", "results") and t.ui.game.phase == "power_cards":
            state = t.ui.game.state
            rows = [line.text for line in t.screen.body.rows]
            at = rows.index("Lay out these cards:")  # in place of "Deal new action cards"
            dealt = dealing.shown(t.ui.game.settings, state.round)
            assert state.revealed == dealt
            assert rows[at + 1:at + 5] == [f"{n} · {card_title(dealt[n], n)}" for n in (1, 2, 3, 4)]
            said += 1
        t.press(OK)
    assert said == 8  # rounds 2 to 9


def test_the_menu_s_cards_showing_shows_the_dealt_cards_and_back_records_nothing():
    t = Table(seed=SEED)
    new_game(t, "classic", FOUR, variants=(BOARD, DEALS), homes=HOMES)
    t.press(OK)  # round 1's cards read
    steps = len(t.ui.game.steps)
    t.press(UP, long=True)
    page = t.choose("Cards showing this round")
    dealt = dealing.shown(t.ui.game.settings, 1)
    assert page.body.items[1:] == tuple(f"Stack {n} · {card_title(dealt[n], n)}" for n in (1, 2, 3, 4))
    t.press(BACK)
    assert len(t.ui.game.steps) == steps  # a correction only when the table records one


def test_a_restart_at_a_round_s_start_says_its_dealt_cards_again(tmp_path):
    from companion.app import Games, make_controller

    t = Recording(tmp_path / "game.jsonl", SEED)
    new_game(t, "classic", FOUR, variants=(BOARD, DEALS), homes=HOMES)
    while t.ui.game.state.round < 2 or t.ui.game.phase != "power_cards":
        t.press(OK)
    t.ui.game.close()
    ui = make_controller(Games(tmp_path), seed=lambda: SEED)
    screen = ui.screen()
    dealt = dealing.shown(ui.game.settings, 2)
    assert screen.kind == "resumed"
    assert [line.text for line in screen.body.rows][-4:] == [f"{n} · {card_title(dealt[n], n)}" for n in (1, 2, 3, 4)]
