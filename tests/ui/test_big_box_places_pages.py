"""Issue 21: the pages that pick a region for a scoreboard, a Grande, the Limit table, a one-region
scoring or a correction list the mode's own regions (the one region query), Spain's nine first."""

import pytest

from companion.rules import spain
from companion.rules.big_box import regions
from companion.ui.screens.common import region_page
from tests.engine.test_big_box_places import game_of


@pytest.mark.parametrize("mode", ["", "colonies", "grandissimo"])
@pytest.mark.parametrize("move", [regions.SCOREBOARD, regions.GRANDE, regions.LIMIT_TABLE, regions.SCORE, regions.CORRECT])
def test_a_region_page_lists_the_modes_regions_for_the_move(mode, move):
    game = game_of(mode)
    page = region_page(game, "Where?", lambda r: None, move=move)
    listed = [value for _, value in page.items]
    assert listed[:9] == list(spain.SCORING_ORDER)
    assert tuple(listed) == regions.where(move, game.settings.mode.regions)
    if mode == "colonies":
        assert (regions.FRANCE in listed) == (move != regions.LIMIT_TABLE) and regions.AMERICA in listed
    if mode == "grandissimo":
        assert regions.PORTUGAL in listed


def test_the_secret_disc_page_keeps_spains_nine():
    page = region_page(game_of("colonies"), "Disc?", lambda r: None)
    assert [value for _, value in page.items] == list(spain.SCORING_ORDER)


def test_card_20s_placement_page_offers_the_regions_far_from_the_king():
    # S:177 "20 - ... They need not be moved to regions adjacent to the King's region."
    from companion.engine.modes import steps as s
    from companion.ui.intents import Push
    from companion.ui.screens.placements import placements

    game = game_of("intrigue", board=True)
    game.send(s.SetupDiscs((("red", None), ("blue", None), ("green", None), ("yellow", None))))
    for value in (20, 60, 10, 180):  # Di 180 (the King's card), Bo 60, Ann 20, Cy 10 (the Intrigue card)
        game.send(s.IntrigueCardPlayed(game.prompt.colour, value))
    game.send(s.SpecialActionChosen("yellow", "king"), s.TurnEnded("yellow"), s.SpecialActionChosen("blue", "own"))
    near = {row[1] for row in placements(game, "blue").page.rows}
    game.send(s.TurnEnded("blue"), s.SpecialActionChosen("red", "own"))
    intent = placements(game, "red")
    assert isinstance(intent, Push)
    offered = [row[1] for row in intent.page.rows]
    assert set(spain.SCORING_ORDER) - {"castilla"} <= set(offered) and near < set(offered) and "castilla" not in offered
