"""tools/plan_pages.py: a key script's presses, page by page, add up to the script's own."""

from __future__ import annotations

from companion.measure import plan_figures
from tools import plan_pages


def test_every_press_of_the_plan_table_falls_on_one_page():
    spent = plan_pages.pages(plan_figures.PLAN_CLASSIC_KEYS)
    assert sum(spent.values()) == plan_figures.figures(plan_figures.PLAN_CLASSIC_KEYS).whole
    assert spent[("SecretDiscs", "disc", "Disc: C")] > 0  # colours, places and numbers made general
    assert plan_pages.general("From Castilla la Vieja to") == "From R to"
