"""The referee's state builder (tests/engine/states.py) stands where a Game stands after the same
steps: what it does by name for the phase chart (a round begun and ended, a general scoring begun,
a special scoring ended) is what the chart does."""

from companion.engine import steps as s
from companion.engine.settings import REVISION, Settings
from companion.measure import script
from companion.play.game import Game
from tests.engine import states
from tests.engine.states import PLAYERS, SETUP


def test_rounds_turns_and_scorings_as_the_chart_plays_them():
    settings = Settings(players=PLAYERS, seed=2)
    game, state = Game.new(settings), states.set_up(settings, SETUP)
    game.send(SETUP)
    assert game.state == state
    script.power_cards(game, {"red": 9, "blue": 3, "green": 5})
    states.power_cards(state, {"red": 9, "blue": 3, "green": 5})
    special = (s.ActionCardTaken("red", 3), s.SpecialScoringStarted("region", ("galicia",)),
               s.Scored("galicia", (("red", 2),)))
    for step in special:
        game.send(step)
    states.special_scoring_done(states.take(state, *special))
    assert game.state == state and game.phase == "turns"
    game.send(s.TurnEnded("red"))
    script.quiet_turns(game)
    states.next_round(states.quiet_turns(states.take(state, s.TurnEnded("red"))))
    assert game.state == state and game.phase == "power_cards"
    script.quiet_round(game)
    states.next_round(states.quiet_turns(states.quiet_power_cards(state)))
    script.quiet_round(game)
    states.general_scoring(states.quiet_turns(states.quiet_power_cards(state)))
    assert game.state == state and game.phase == "secret_discs"


def test_the_card_tests_board_game_is_the_charts():
    """states.ann_takes (the card tests' builder: a board game, Ann's card taken, with board facts
    entered before) and states.board_game stand where a Game stands after the same steps."""
    before = (s.KingMoved("aragon"), s.CaballerosMoved("blue", "court", "castillo", 2))
    for edition, card, stack, extra in (("2023", "2023.5.chalet", 5, {"new_regency": True}),
                                        ("classic", "classic.2.province", 2, {"classic_text": "1995"})):
        settings = Settings(edition=edition, players=PLAYERS, seed=5, board=True, revision=REVISION, **extra)
        game = Game.new(settings)
        for step in (states.CASTILLA, *before, s.ActionCardsRevealed(((stack, card),))):
            game.send(step)
        script.power_cards(game, {"red": 13, "blue": 1, "green": 6})
        game.send(s.ActionCardTaken("red", stack))
        assert game.state == states.ann_takes(card, stack, edition=edition, before=before, **extra)
        assert game.phase == "turns"
