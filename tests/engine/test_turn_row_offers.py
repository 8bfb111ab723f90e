"""The turn page's own rows as offers (companion/engine/offers/rows.py): each row the referee would
refuse now carries the referee's reason, on (state, expects) alone; the turn page marks it *not now*
before the choice, its reason on the error line, and OK there says it and sends nothing (issue 34:
the turn pages offer only what the referee accepts). Games are played through Game only to reach a
state."""

from companion.engine import offers
from companion.engine import steps as s
from companion.engine.settings import REVISION, Player, Settings
from companion.measure import script
from companion.play.game import Game
from companion.ui.intents import Say
from companion.ui.screens import turn as turn_screen
from companion.ui.screens.common import REFUSED

PLAYERS = (Player("Ann", "red"), Player("Bo", "blue"), Player("Cy", "green"))
SETUP = s.SetupDone(king="toledo", first="red", homes=(("red", "galicia"), ("blue", "aragon"), ("green", "sevilla")))


def ann_takes(card: str, stack: int, **settings) -> Game:
    """A game of today's rules revision where Ann (Power card 13, first) takes ``card`` from ``stack``."""
    game = Game.new(Settings(players=PLAYERS, seed=5, revision=REVISION, **settings))
    game.send(SETUP)
    game.send(s.ActionCardsRevealed(((stack, card),)))
    script.power_cards(game, {"red": 13, "blue": 1, "green": 6})
    game.send(s.ActionCardTaken("red", stack))
    return game


def row(game: Game, label: str) -> tuple[str, str, object]:
    """The turn page's row ``label``: its mark, the reason its error line shows, what OK on it says
    (or does)."""
    page = turn_screen.turn(game)
    labels = [item for item, _ in page.items]
    i = labels.index(label)
    reason = page.reasons[i] if page.reasons else ""
    said = page.on_ok(page.items[i][1])
    return page.marks[i], reason, said.message if isinstance(said, Say) else said


def test_empowerment_s_power_card_back_once_a_turn_is_said_before_the_choice():
    game = ann_takes("2023.4.empowerment", 4)
    back = offers.power_back(game.state, game.expects, "red")
    assert [o.id for o in back.options] == ["power:13"] and back.default == "power:13"
    game.check(back.option("power:13").steps[0])  # offered, and accepted
    assert row(game, "Power card back to hand")[:2] == ("", "")

    game.send(*back.option("power:13").steps)
    why = "the card returns a Power card once a turn"
    assert offers.turn_rows(game.state, game.expects, ["power_back"]).option("power_back").why_not == why
    mark, reason, ok = row(game, "Power card back to hand")
    assert mark == "done" and reason == why  # (its own mark kept: it was done)
    steps = len(game.steps)
    assert ok == why and len(game.steps) == steps  # OK says it, sends nothing


def test_competition_with_no_grande_in_the_kings_region_is_marked_not_now():
    game = ann_takes("2023.5.competition", 5, new_regency=True)
    why = "no Grande stands in the King's region"
    option = offers.turn_rows(game.state, game.expects, ["competition"]).option("competition")
    assert option.steps == (s.GrandesToCastillo(),) and option.why_not == why
    mark, reason, ok = row(game, "Competition: Grandes in")
    assert (mark, reason, ok) == (REFUSED, why, why)


def test_every_row_the_turn_offers_as_allowed_is_accepted_and_the_cursor_starts_on_one():
    game = ann_takes("2023.4.empowerment", 4)
    ids = ["end", "king", "tile", "grande", "power_back", "throw", "competition", "stand_in", "special_scoring"]
    rows = offers.turn_rows(game.state, game.expects, ids)
    for option in rows.options:
        for step in option.steps if option.allowed else ():
            game.check(step)  # (StepRefused would fail the test)
    page = turn_screen.turn(game)
    assert not page.reasons or not page.reasons[page.cursor]
