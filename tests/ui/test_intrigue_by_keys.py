"""A whole game of Intrigue & the King (the Big Box) through the four keys alone: the scripted
game (companion/game/sample_intrigue.py) entered key by key, its standings checked, and its
presses shipped as a key script."""

from companion.game import sample_intrigue
from companion.game import steps as s
from companion.rules.special_scoring import KINDS
from companion.ui.demo import SAMPLE_INTRIGUE_KEYS
from companion.ui.grammar import OK

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
    from companion.rules import intrigue_cards
    from companion.ui import fonts
    from companion.ui.render import PAD, SCROLLBAR_W, fit, layout
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
                 "Intrigue & the King (companion/game/sample_intrigue.py)")
