"""Issue 35: a disc's list keeps its rare answers farthest from the cursor. A secret disc at a general
scoring, a Coup's (or an Eviction's) refuge and a Civil War disc list Spain's regions in the board's
order from the likeliest one (the cursor on it, the top row), round to the one before it, with the
answers a table seldom gives in the middle of the list, the farthest rows of a list that wraps: the
King's region (the Castillo's or the evicted Caballeros go back to the Court there) and "none / not
clear". Every other region is then at most half the regions away, ▼ or ▲ (offer.rare_far). A
scoring tile's and a Grande's list keep the rows the referee refuses there too (offer.refused_far)."""

from __future__ import annotations

from companion.app import Games, make_controller
from companion.engine import steps as s
from companion.engine.offers import effects, moves
from companion.engine.offers import scorings as asks
from companion.engine.offers.offer import Option, offer, rare_far, refused_far
from companion.measure.hands import Hands
from companion.measure.typical_table import typical_game
from companion.rules import spain
from companion.ui.grammar import OK
from tests.engine.test_card_effects import ann_takes


def away(rows: list, row: object) -> int:
    """How many ▼ or ▲ presses from the top row (the cursor's) to ``row`` on a list that wraps."""
    at = rows.index(row)
    return min(at, len(rows) - at)


def test_the_rare_rows_sit_in_the_middle_the_rest_in_their_order_from_the_first():
    rows = rare_far(list("abcdefgh"), "c", ["K", None])
    assert rows == ["c", "d", "e", "f", "g", "K", None, "h", "a", "b"]
    assert max(away(rows, r) for r in "abcdefgh") == 4 and min(away(rows, r) for r in ("K", None)) == 4
    assert rare_far(list("abc"), "z", []) == list("abc")  # (not a row: from the first, nothing rare)


def test_a_secret_disc_lists_the_kings_region_and_none_farthest(tmp_path):
    typical_game(tmp_path / "game.jsonl", until="general scoring").close()
    t = Hands(make_controller(Games(tmp_path), seed=lambda: 7))
    t.press(OK)  # (resumed there: the map is not shown again)
    assert t.kind == "disc"
    state, page = t.game.state, t.ui.page
    colour = state.colours[0]
    rows = [r for _, r in page.items]
    likeliest = asks.likeliest_disc(state, colour)
    assert likeliest is not None and page.cursor == 0 and rows[0] == likeliest
    assert sorted(rows, key=str) == sorted([*spain.SCORING_ORDER, None], key=str)  # every row still there
    regions = [r for r in rows if r not in (state.king, None)]
    assert regions == rare_far([r for r in spain.SCORING_ORDER if r != state.king], likeliest, [])  # the board's order
    assert min(away(rows, state.king), away(rows, None)) >= max(away(rows, r) for r in regions)
    t.press(OK)
    assert t.game.steps[-1] == s.SecretDisc(colour, likeliest)
    t.game.close()


def test_a_coup_refuge_lists_the_kings_region_farthest():
    game = ann_takes("2023.4.coup", 4)
    game.send(s.CountsCorrected("navarra", (("blue", 2),)))
    state = game.state
    default = effects.refuge_defaults(state, "navarra")["blue"]
    offered = effects.refuges(state, game.expects, "navarra", "blue", default)
    rows = [o.id.removeprefix("refuge:") for o in offered.options]
    assert offered.default == f"refuge:{default}" and rows[0] == default
    assert sorted(rows) == sorted(r for r in spain.SCORING_ORDER if r != "navarra")
    court = offered.option(f"refuge:{state.king}").steps
    assert court == (s.CardMoved("blue", "navarra", "court", 2),)  # the King's region: back to the Court
    assert away(rows, state.king) == max(away(rows, r) for r in rows)


def test_a_civil_war_disc_lists_none_farthest_once_a_region_is_likeliest():
    game = ann_takes("2023.2.civil-war", 2)
    for region in ("navarra", "cataluna", "castilla"):
        game.send(s.CountsCorrected(region, (("blue", 1),)))
    state = game.state
    card = dict(effects.effects(state))[effects.Effect.RETURN_BY_SECRET_DISC][0]
    likeliest = effects.disc_defaults(state, card, ["blue"])["blue"]
    offered = effects.disc(state, game.expects, card, "blue", likeliest)
    rows = [o.id for o in offered.options]
    assert likeliest is not None and rows[0] == offered.default == f"disc:{likeliest}"
    assert away(rows, "disc:none") == max(away(rows, r) for r in rows)
    assert sorted(rows) == sorted(["disc:none", "disc:aragon", "disc:navarra", "disc:cataluna", "disc:castilla"])
    assert away(rows, "disc:none") == 2
    assert effects.disc_refused(offered) == ""


def test_a_scoring_tiles_list_keeps_the_kings_region_it_refuses_farthest():
    # Enactment: "never in or out of the King's region; the Castillo allowed" (the King in Toledo)
    game = ann_takes("2023.4.enactment", 4)
    game.send(s.CountsCorrected("sevilla", (("red", 5),)))  # where Ann leads most: the default
    state = game.state
    offered = moves.tile_regions(state, game.expects, "8/4/0")
    rows = [o.id.rsplit(":", 1)[1] for o in offered.options]
    assert offered.default == "tile:8/4/0:sevilla" and rows[0] == "sevilla"
    assert rows[:4] == ["sevilla", "granada", "valencia", "castillo"]  # the board's order from the default
    assert offered.option("tile:8/4/0:toledo").why_not  # the King's region, refused
    assert away(rows, "toledo") == max(away(rows, r) for r in rows)


def test_refused_rows_go_farthest_and_an_offer_with_none_allowed_keeps_its_order():
    options = [Option("a"), Option("b", why_not="no"), Option("c"), Option("d"), Option("e")]
    assert [o.id for o in refused_far(offer("x", options, ["d"])).options] == ["d", "e", "a", "b", "c"]
    closed = offer("x", [Option("a", why_not="no"), Option("b", why_not="not either")])
    assert refused_far(closed) == closed and closed.why_not == "no"
