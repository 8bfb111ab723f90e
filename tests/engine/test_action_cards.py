"""Which action card a stack shows: from what the stack can still hold, each copy once per game."""

import pytest

from companion.engine import queries
from companion.engine import steps as s
from companion.engine.settings import Player, Settings
from companion.measure import script
from companion.play.game import Game

PLAYERS = (Player("Ann", "red"), Player("Bo", "blue"), Player("Cy", "green"))
SETUP = s.SetupDone(king="toledo", first="red", homes=(("red", "galicia"), ("blue", "aragon"), ("green", "sevilla")))


def classic(**settings) -> Game:
    game = Game.new(Settings(edition="classic", players=PLAYERS, seed=5, **settings))
    game.send(SETUP)
    return game


def titles(game: Game, stack: int) -> list[str]:
    return [c.slug for c in queries.cards_left(game.state, stack)]


def test_a_card_whose_copies_are_all_shown_is_gone_from_its_stack():
    game = classic()
    assert "the-court" in titles(game, 4)
    game.send(s.ActionCardsRevealed(((4, "classic.4.the-court"), (2, "classic.2.veto"))))
    script.quiet_round(game)
    assert "the-court" not in titles(game, 4)  # 1 copy, shown in round 1
    assert "veto" in titles(game, 2)  # 2 copies, 1 shown
    with pytest.raises(s.StepRefused, match="The Court: its only copy was shown in an earlier round"):
        game.send(s.ActionCardsRevealed(((4, "classic.4.the-court"),)))
    game.send(s.ActionCardsRevealed(((2, "classic.2.veto"),)))
    script.quiet_round(game)
    assert "veto" not in titles(game, 2)
    with pytest.raises(s.StepRefused, match="Veto: all 2 copies were shown in an earlier round"):
        game.send(s.ActionCardsRevealed(((2, "classic.2.veto"),)))


def test_the_kings_card_is_there_every_round():
    game = classic()
    for _ in range(3):
        game.send(s.ActionCardsRevealed(((5, "classic.5.kings-card"),)))
        assert [c.title for c in queries.cards_left(game.state, 5)] == ["King's Card"]
        script.quiet_round(game)
        if game.phase != "power_cards":
            break


def test_a_card_named_when_taken_counts_as_shown_and_undo_gives_it_back():
    game = classic()
    script.power_cards(game, {"red": 9, "blue": 3, "green": 5})
    game.send(s.ActionCardTaken("red", 4, card="classic.4.the-court"))
    game.send(s.TurnEnded("red"))
    script.quiet_turns(game)
    assert game.state.round == 2 and game.state.seen == {"classic.4.the-court": 1}
    assert "the-court" not in titles(game, 4)
    game.undo()  # the last turn of round 1 again: the card is this round's, not an earlier one's
    assert game.state.round == 1 and game.state.seen == {}


def test_a_stack_shows_one_card_of_its_own():
    game = classic()
    with pytest.raises(s.StepRefused, match="a stack shows one card"):
        game.send(s.ActionCardsRevealed(((4, "classic.4.the-court"), (4, "classic.4.grande"))))
    with pytest.raises(s.StepRefused, match="The Court is not a card of stack 2"):
        game.send(s.ActionCardsRevealed(((2, "classic.4.the-court"),)))


def test_with_four_stacks_stack_two_holds_the_cards_of_stack_three():
    game = classic(four_stacks=True)
    assert "special-scoring-castillo" in titles(game, 2) and "veto" in titles(game, 2)
    game.send(s.ActionCardsRevealed(((2, "classic.3.special-scoring-castillo"),)))
    assert game.state.revealed == {2: "classic.3.special-scoring-castillo"}


def test_old_hands_cards_join_their_stacks_only_when_shuffled_in():
    plain = Game.new(Settings(players=PLAYERS, seed=5))
    plain.send(SETUP)
    assert "veto" not in titles(plain, 2)
    with pytest.raises(s.StepRefused, match="Veto is an Old Hands card, not shuffled into this game"):
        plain.send(s.ActionCardsRevealed(((2, "2023.2.veto"),)))
    game = Game.new(Settings(players=PLAYERS, seed=5, old_hands=("veto", "rivalries")))
    game.send(SETUP)
    assert "veto" in titles(game, 2) and "rivalries" in titles(game, 4) and "ambush" not in titles(game, 1)
    game.send(s.ActionCardsRevealed(((2, "2023.2.veto"),)))
    assert game.settings.variant_labels() == ["Old Hands: Veto", "Old Hands: Rivalries"]


def test_an_unnamed_card_of_the_merged_stack_may_place_three():
    game = classic(four_stacks=True)
    script.power_cards(game, {"red": 9, "blue": 3, "green": 5})
    game.send(s.ActionCardTaken("red", 2))  # stacks 2 and 3 together, the card not named
    game.send(s.CastilloThrow("red", 3))
    with pytest.raises(s.StepRefused, match="at most 3 Caballeros this turn, 3 thrown already"):
        game.send(s.CastilloThrow("red", 1))


def test_a_new_regency_card_shown_before_may_be_shown_again():
    # Issue 11, rules gap 8: the rulebooks do not give New Regency's copy counts, so a second
    # reveal of a title is not refused; the reveal list asks "(again?)".
    game = Game.new(Settings(players=PLAYERS, seed=5, new_regency=True))
    game.send(SETUP)
    assert "chalet" in titles(game, 5)
    game.send(s.ActionCardsRevealed(((5, "2023.5.chalet"),)))
    script.quiet_round(game)
    assert "chalet" in titles(game, 5) and game.state.seen["2023.5.chalet"] == 1
    game.send(s.ActionCardsRevealed(((5, "2023.5.chalet"),)))  # accepted
    from companion.ui.screens.reveal import stack_list

    page = stack_list(game, 5, None, lambda key: None)
    assert any(label.startswith("Chalet") and label.endswith("(again?)") for label, _ in page.items)


def test_names_can_be_taken_back():
    game = classic()
    game.send(s.ActionCardsRevealed(((2, "classic.2.veto"),)))
    game.send(s.ActionCardsRevealed(()))
    script.quiet_round(game)
    assert game.state.seen == {}
