"""What the game log keeps of the card effects the referee's unit tests hold on (state, step)
(tests/engine/test_card_effect_rules.py): a card not performed at all ends the turn, and a game log
from before rules revision 2 that sent back short replays as it was played, line for line."""

from companion.engine import steps as s
from companion.engine.settings import REVISION, Settings
from companion.measure import script
from companion.play.game import Game
from companion.record.journal import read_only
from tests.engine.states import CASTILLA, PLAYERS


def ann_takes(path, card: str, stack: int, *, edition: str = "2023", revision: int = REVISION) -> Game:
    """The card tests' board game (states.ann_takes) played by a Game kept in a game log."""
    game = Game.new(Settings(edition=edition, players=PLAYERS, seed=5, board=True, revision=revision), path)
    game.send(CASTILLA)
    game.send(s.ActionCardsRevealed(((stack, card),)))
    script.power_cards(game, {"red": 13, "blue": 1, "green": 6})
    game.send(s.ActionCardTaken("red", stack))
    return game


def replayed(game: Game, path) -> Game:
    game.close()
    again = Game.from_record(read_only(path))
    assert again.steps == game.steps and again.state == game.state
    return again


def test_a_card_not_performed_at_all_is_not_short(tmp_path):
    game = ann_takes(tmp_path / "game.jsonl", "2023.2.withdrawal", 2)
    game.send(s.TurnEnded("red"))
    assert game.steps[-1] == s.TurnEnded("red") and game.state.active != "red"
    replayed(game, tmp_path / "game.jsonl")


def test_a_withdrawal_game_log_from_before_revision_2_replays_as_it_was_played(tmp_path):
    game = ann_takes(tmp_path / "game.jsonl", "2023.2.withdrawal", 2, revision=1)
    game.send(s.CardMoved("green", "court", "province", 1))  # 1 of 3: short, as revision 1 allowed
    game.send(s.TurnEnded("red"))
    again = replayed(game, tmp_path / "game.jsonl")
    assert again.steps[-2:] == (s.CardMoved("green", "court", "province", 1), s.TurnEnded("red"))
    assert again.state.active != "red"


def test_a_placement_after_a_short_sending_back_replays_in_a_game_log_from_before_revision_2(tmp_path):
    game = ann_takes(tmp_path / "game.jsonl", "classic.2.decay-of-authority-3", 2, edition="classic", revision=1)
    game.send(s.CardMoved("green", "court", "province", 1))
    game.send(s.Placed("red", "navarra", 1))
    game.send(s.TurnEnded("red"))
    again = replayed(game, tmp_path / "game.jsonl")
    assert again.steps[-3:] == (s.CardMoved("green", "court", "province", 1), s.Placed("red", "navarra", 1),
                                s.TurnEnded("red"))
    assert again.state.counts["navarra"].get("red", 0) >= 1 and again.state.active != "red"
