"""A whole game of Intrigue & the King (the Big Box) through the four keys alone: the scripted
game (tests/fixtures/games/sample_intrigue.py) entered key by key, its standings checked, and its
presses shipped as a key script."""

from companion.engine.modes import steps as s
from companion.measure.hands import seat_colours
from companion.measure.key_scripts import SAMPLE_INTRIGUE_KEYS
from companion.rules.special_scoring import KINDS
from companion.ui.grammar import OK
from tests.fixtures.games import sample_intrigue
from tests.ui.big_box_keys import play_by_keys
from tests.ui.keys_player import Keys

MODE = "Intrigue & King"
STANDINGS = [("1. Red", "99"), ("2. Green", "87"), ("3. Blue", "66")]
#: The special action rows of a turn's first page (companion/ui/screens/intrigue.py).
ACTION_ROWS = {"king": "King's card", "intrigue": "Intrigue card", "own": "Card ",
               "grand_inquisitor": "Grand Inquisitor", "stack_7": "Stack 7 card"}  # (the last two: K&C)


class IntrigueKeys(Keys):
    """The same person, at an Intrigue & the King table: cards by value, a turn's special action."""

    def _IntrigueCardPlayed(self, step: s.IntrigueCardPlayed):
        screen = self.screen
        assert screen.kind == "intrigue_card" and screen.headline.endswith(f"· {self.name(step.colour)}"), screen
        self.choose(f"{step.value:>3}")  # (right-aligned: " 15" is not "150")

    def _SpecialActionChosen(self, step: s.SpecialActionChosen):
        screen = self.screen
        assert screen.kind == "intrigue_action" and screen.headline.endswith(f"· {self.name(step.colour)}"), screen
        self.choose(ACTION_ROWS[step.action])

    def _SpecialScoringStarted(self, step: s.SpecialScoringStarted):
        """A scoring card's own row, first on the turn page: "Score: one region", "Score: the Castillo"."""
        assert self.screen.kind == "turn", self.screen
        self.choose(f"Score: {KINDS[step.what].label}", exact=True)
        if step.what == "region":
            self.choose(self.place(step.regions[0]), exact=True)
        else:
            assert self.screen.kind == "special_confirm", self.screen
            self.press(OK)


def test_the_wizards_big_box_rows_and_the_special_action_rows_fit_a_row():
    from companion.rules.big_box import intrigue_cards
    from companion.ui.draw import fonts
    from companion.ui.draw.render import PAD, SCROLLBAR_W, fit, layout
    from companion.ui.screens.intrigue import EFFECT_SHORT
    from companion.ui.screens.setup import MODE_TOGGLES

    full = layout().content.width - 2 * PAD
    # "off" at the right, and the scroll bar of the variants list once it has grown (Grandissimo's row)
    beside_a_mark = full - PAD - 3 * fonts.char_width(fonts.BODY_BOLD) - SCROLLBAR_W - 2
    for _, label in MODE_TOGGLES:
        assert fit(label, fonts.BODY_BOLD, beside_a_mark) == label
    rows = ["King's card: move King", "Intrigue card's action", "Grand Inquisitor · 3 Cab.", "Stack 7 card · 1-5 Cab."]
    rows += [f"Card {v}: {EFFECT_SHORT[card.effect]}" for v, card in intrigue_cards.CARDS.items()]
    for label in rows:
        assert fit(label, fonts.BODY_BOLD, full) == label


def test_an_intrigue_game_by_keys_alone(tmp_path):
    wanted = sample_intrigue.intrigue_game(tmp_path / "sample.jsonl")
    keys = IntrigueKeys(tmp_path / "keys.jsonl", seed=wanted.settings.seed)
    play_by_keys(keys, wanted, MODE, STANDINGS, SAMPLE_INTRIGUE_KEYS,
                 "Intrigue & the King (tests/fixtures/games/sample_intrigue.py)")


def four_at_the_deal(tmp_path, big_box=None):
    """Four players of Intrigue & the King by keys, round 1's cards played clockwise from Red:
    Yellow's 180 takes the King's card, Green's 25 the Intrigue card (S:167); the turns go
    Yellow, Red, Blue, Green (RULES-EXPANSIONS.md §1.5)."""
    from companion.measure.hands import BOARD, Hands
    from companion.play.game import Game
    from companion.ui.controller import Controller

    t = Hands(Controller(lambda settings: Game.new(settings, tmp_path / "game.jsonl"), new_seed=lambda: 7,
                         big_box=big_box))
    t.choose("El Grande classic")
    t.choose("4 players")
    seat_colours(t, ("Red", "Blue", "Green", "Yellow"))
    t.choose(MODE)
    t.choose(BOARD)  # scores only
    t.choose("Start the game")
    for region in ("Castilla la Vieja", "Galicia", "Aragón", "Sevilla", "Granada"):
        t.choose(region)
    t.choose("Red")  # plays the first card
    t.expect("big_box_setup")
    t.press(OK)
    for value in (130, 60, 25, 180):
        t.choose(f"{value:>3}")
    return t


def test_a_turn_without_a_choice_asks_no_special_action_and_undoes_with_the_step_before(tmp_path):
    """With 4 players only the holders' actions are set, the others perform their own card's
    (S:170-171): no page asks what has one answer. The journal still records it, in the unit of the
    step that began the turn, so it replays as before and one undo takes both back."""
    import json

    from companion.ui.grammar import BACK, UNDO_KEY

    t = four_at_the_deal(tmp_path)
    game = t.game
    assert game.last_unit == (s.IntrigueCardPlayed("yellow", 180), s.SpecialActionChosen("yellow", "king"))
    t.expect("intrigue_deal")
    assert t.press(OK).prompt == "King to which region?"  # the King's card: his page at once, as when chosen
    screen = t.press(BACK)  # he stays
    assert (screen.kind, screen.prompt) == ("turn", "Yellow: King's card, place 5")
    screen = t.choose("End the turn")
    assert (screen.kind, screen.prompt) == ("turn", "Red: card 130, place 4")
    assert game.last_unit == (s.TurnEnded("yellow"), s.SpecialActionChosen("red", "own"))
    last = json.loads((tmp_path / "game.jsonl").read_text().splitlines()[-1])
    assert last == {"unit": [s.TurnEnded("yellow").to_json(), s.SpecialActionChosen("red", "own").to_json()]}

    question = t.press(UNDO_KEY, long=True)
    assert question.kind == "undo" and "Yellow" in " ".join(row.text for row in question.body.rows)
    screen = t.press(OK)
    assert (screen.kind, screen.prompt) == ("turn", "Yellow: King's card, place 5")
    assert game.steps[-1] == s.SpecialActionChosen("yellow", "king")


def test_with_the_players_edition_the_kings_holder_is_asked(tmp_path):
    """The settings file's [big_box] players_edition: the King's holder chooses with 4 players (§1.4)."""
    from companion.settings.file import BigBoxConfig

    t = four_at_the_deal(tmp_path, BigBoxConfig(players_edition=True))
    assert t.game.settings.players_edition and t.game.last_unit == (s.IntrigueCardPlayed("yellow", 180),)
    t.expect("intrigue_deal")
    screen = t.press(OK)
    assert screen.kind == "intrigue_action" and screen.body.items[0].startswith("King's card")
    assert screen.body.items[1].startswith("Card 180")
    t.choose("Card 180")
    t.choose("End the turn")
    assert t.game.last_unit == (s.TurnEnded("yellow"), s.SpecialActionChosen("red", "own"))


def test_a_restart_after_the_last_card_shows_the_deal_again(tmp_path):
    from companion.play.game import Game
    from companion.record.journal import read_only
    from companion.ui.screens import notices

    t = four_at_the_deal(tmp_path)
    t.game.close()
    resumed = Game.from_record(read_only(tmp_path / "game.jsonl"))
    assert resumed.steps[-1] == s.SpecialActionChosen("yellow", "king")
    texts = [line.text for line in notices.on_resume(resumed, "")[0].lines]
    assert "The deal:" in texts and any(text.startswith("King's card") for text in texts)


def test_a_move_the_special_action_does_not_allow_says_why_before_and_on_ok_records_nothing(tmp_path):
    """Issue 34: no page offers what the referee refuses. The King's card moves the King, not a
    Grande: the turn page marks *Grande moved* "not now", and OK there says why, with no step."""
    from companion.ui.grammar import BACK

    t = four_at_the_deal(tmp_path)
    t.press(OK)  # the deal read: the King's page at once
    turn = t.press(BACK)  # he stays
    marks = dict(zip(turn.body.items, turn.body.marks))
    assert (marks["King moved"], marks["Grande moved"]) == ("", "not now")
    steps = len(t.game.steps)
    screen = t.choose("Grande moved")
    assert screen.kind == "turn" and screen.error == (
        "Yellow performs the King card's action: it does not say a Grande moves (else: Menu, Correct)")
    assert len(t.game.steps) == steps
