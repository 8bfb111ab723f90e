"""Issue 21: the pages that pick a region for a scoreboard, a Grande, the Limit table, a one-region
scoring or a correction list the mode's own regions (the one region query), Spain's nine first."""

import pytest

from companion.rules import spain
from companion.rules.big_box import regions
from companion.ui.screens.common import region_page
from tests.game.test_big_box_places import game_of


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
