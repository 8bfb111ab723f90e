"""What a play-test of the Big Box found, held: France's room before its seats, no seat question
nobody can answer, the ship's words, the black Caballeros' counts, one figure per Queen & Jester
card, and the King staying put on OK."""

from companion.engine.modes import steps as s
from companion.engine.settings import REVISION, Player, Settings
from companion.measure import script
from companion.play.game import Game
from companion.ui.intents import Pop, Say, Send
from companion.ui.screens import scoring_counts, turn
from tests.engine.big_box_steps import score_until, to_the_regions

FOUR = (Player("Ann", "red"), Player("Bo", "blue"), Player("Cy", "green"), Player("Di", "yellow"))
COLONIES = s.SetupDone(king="castilla", first="red", black=("valencia", "toledo"), limit_table="cataluna",
                       homes=(("red", "galicia"), ("blue", "aragon"), ("green", "sevilla"), ("yellow", "granada")))


def colonies_at(where: str) -> Game:
    game = Game.new(Settings(edition="classic", players=FOUR, seed=1, revision=REVISION, expansion="colonies"))
    game.send(COLONIES)
    to_the_regions(game)
    score_until(game, where)
    return game


def test_france_refuses_a_fourth_caballero_before_anyone_is_asked_to_sit():
    page = scoring_counts.counts(colonies_at("france"))
    said = page.on_ok({"red": 3, "blue": 1, "green": 0, "yellow": 0, "black": 0})
    assert isinstance(said, Say) and said.message == "France has room for 3 Caballeros, not 4"


def test_no_seat_question_where_no_player_is_counted():
    game = colonies_at("france")
    sent = scoring_counts.counts(game).on_ok({"red": 0, "blue": 0, "green": 0, "yellow": 0, "black": 0})
    assert isinstance(sent, Send) and sent.steps == (s.Scored("france", (("red", 0), ("blue", 0), ("green", 0),
                                                                         ("yellow", 0), ("black", 0))),)


def test_the_ship_says_only_the_captain_scores():
    game = colonies_at("ship")
    assert scoring_counts.counts(game).prompt == "Ship · only the Captain (+3) scores"


def test_black_may_be_counted_where_it_was_not_seen_up_to_all_four():
    """Scores only: the Grand Inquisitor's holder moves them unseen; each place is checked alone."""
    game = colonies_at("galicia")
    black = next(row for row in scoring_counts.counts(game).rows if row[1] == "black")
    assert black[4] == 4
    game.send(s.Scored("galicia", (("red", 2), ("black", 2))))
    assert game.state.counts["galicia"] == {"red": 2, "black": 2}


def test_the_queen_and_jester_card_gives_one_figure():
    """S:309: the Queen or the Jester."""
    game = Game.new(Settings(edition="classic", players=FOUR[:3], seed=1, revision=REVISION, expansion="grandissimo"))
    game.send(s.SetupDone(king="castilla", first="red", black=("valencia",),
                          homes=(("red", "galicia"), ("blue", "aragon"), ("green", "sevilla"))))
    script.power_cards(game, {"red": 13, "blue": 12, "green": 11})
    game.send(s.ActionCardTaken("red", 7))
    labels = [label for label, _ in turn.turn_actions(game)]
    assert "Take the Queen" in labels and "Take the Jester" in labels
    game.send(s.HoldingMoved("Queen", "red"))
    labels = [label for label, _ in turn.turn_actions(game)]
    assert "Take the Queen" not in labels and "Take the Jester" not in labels


def test_ok_on_the_kings_own_region_leaves_him_there():
    game = Game.new(Settings(edition="classic", players=FOUR[:3], seed=1, revision=REVISION))
    game.send(s.SetupDone(king="castilla", first="red", homes=(("red", "galicia"), ("blue", "aragon"),
                                                               ("green", "sevilla"))))
    script.power_cards(game, {"red": 13, "blue": 12, "green": 11})
    game.send(s.ActionCardTaken("red", 5))
    page = turn.king_page(game)
    options = {option.id: option for _, option in page.items}  # (the engine's offer: companion/engine/offers)
    assert isinstance(page.on_ok(options["king:castilla"]), Pop)
    assert isinstance(page.on_ok(options["king:toledo"]), Send)


def test_a_restart_shows_the_deal_again_before_the_first_turns_choice(tmp_path):
    from companion.record.journal import read_only
    from companion.ui.screens import notices
    from tests.fixtures.games import sample_intrigue

    game = Game.new(sample_intrigue.intrigue_game().settings, tmp_path / "game.jsonl")
    game.send(sample_intrigue.SETUP)
    for _ in sample_intrigue.PLAYERS:  # round 1's cards, clockwise from the lead player
        game.send(s.IntrigueCardPlayed(game.prompt.colour, sample_intrigue.CARDS[1][game.prompt.colour]))
    game.close()
    resumed = Game.from_record(read_only(tmp_path / "game.jsonl"))
    texts = [line.text for line in notices.on_resume(resumed, "")[0].lines]
    assert "The deal:" in texts and any(text.startswith("King's card") for text in texts)


def test_a_restart_just_after_a_big_box_setup_says_what_the_table_does_before_round_1(tmp_path):
    from companion.record.journal import read_only
    from companion.ui.screens import notices

    game = Game.new(Settings(edition="classic", players=FOUR, seed=1, revision=REVISION, expansion="colonies"),
                    tmp_path / "game.jsonl")
    game.send(COLONIES)
    game.close()
    texts = [line.text for line in notices.on_resume(Game.from_record(read_only(tmp_path / "game.jsonl")), "")[0].lines]
    assert "Grand Inquisitor & the Colonies:" in texts and any("secret disc" in text for text in texts)
