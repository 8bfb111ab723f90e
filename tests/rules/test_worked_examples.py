"""Every worked example of ../shared/RULES.md, through the scoring function and the CLI."""

import pytest

from companion.rules import majority, spain
from companion.rules.editions import edition

Y = "you"

# (id, edition, where, players, counts in the example's order, extra, expected points)
# where: a region name, "castillo", or a literal scoreboard tuple.
EXAMPLES = [
    ("2023 Galicia", "2023", "Galicia", 4,
     {"orange": 4, "blue": 3, Y: 2, "green": 0}, {}, {"orange": 4, "blue": 2, Y: 0, "green": 0}),
    ("2023 Navarra", "2023", "Navarra", 4,
     {Y: 2, "blue": 2, "green": 2, "orange": 1}, {}, {Y: 3, "blue": 3, "green": 3, "orange": 1}),
    ("2023 Sevilla, tied Grande", "2023", "Sevilla", 4,
     {"blue": 2, "green": 2, Y: 1}, {"grandes": ["blue"]}, {"blue": 3, "green": 3, Y: 1}),
    ("2023 Granada, King's region", "2023", "Granada", 4,
     {Y: 3, "orange": 1, "green": 1}, {"king": True, "grandes": [Y]}, {Y: 10, "orange": 1, "green": 1}),
    ("2023 Castillo", "2023", "castillo", 4,
     {Y: 3, "blue": 2, "orange": 1, "green": 0}, {}, {Y: 5, "blue": 3, "orange": 1, "green": 0}),
    ("003 Castillo", "classic", "castillo", 4,
     {"Ramon": 2, "Benita": 2, "Gabriel": 1, "Ricarda": 0}, {},
     {"Ramon": 3, "Benita": 3, "Gabriel": 1, "Ricarda": 0}),
    ("003 Galicia", "classic", "Galicia", 4,
     {"Gabriel": 3, "Benita": 2, "Ramon": 1}, {}, {"Gabriel": 4, "Benita": 2, "Ramon": 0}),
    ("003 País Vasco", "classic", "País Vasco", 4,
     {"Benita": 3, "Ramon": 3, "Ricarda": 3, "Gabriel": 2}, {},
     {"Benita": 3, "Ramon": 3, "Ricarda": 3, "Gabriel": 1}),
    ("003 Aragón", "classic", "Aragón", 4,
     {"Gabriel": 3, "Ricarda": 3, "Benita": 2, "Ramon": 2}, {},
     {"Gabriel": 4, "Ricarda": 4, "Benita": 0, "Ramon": 0}),
    ("003 Cataluña, King's region", "classic", "Cataluña", 4,
     {"Gabriel": 2, "Ramon": 1}, {"king": True}, {"Gabriel": 6, "Ramon": 2}),
    ("003 Granada, Ramon's Grande", "classic", "Granada", 4,
     {"Ramon": 4, "Gabriel": 1, "Ricarda": 1}, {"grandes": ["Ramon"]},
     {"Ramon": 8, "Gabriel": 1, "Ricarda": 1}),
    ("004 example 1", "classic", (5, 3, 1), 4,
     {"red": 4, "blue": 4, "yellow": 4, "green": 3}, {}, {"red": 3, "blue": 3, "yellow": 3, "green": 1}),
    ("004 example 2", "classic", (6, 4, 2), 4,
     {"red": 4, "blue": 3, "yellow": 2, "green": 2}, {}, {"red": 6, "blue": 4, "yellow": 0, "green": 0}),
    ("004 Grand Inquisitor, 5 players", "classic", (5, 3, 2), 5,
     {"red": 3, "green": 1}, {"neutral": 2}, {"red": 5, "green": 2}),
    # 004's sample game (not in RULES.md's table): its Castillo, and Aragón under the 8/4/0 mobile
    # scoreboard where "because of the mobile score board and the king's and home (grande) bonuses,
    # red receives 12 points" (red's count rebuilt from the game's moves: 2 at home + 3).
    ("004 sample game, Castillo", "classic", "castillo", 4,
     {"green": 2, "yellow": 2, "red": 1, "blue": 1}, {}, {"green": 3, "yellow": 3, "red": 0, "blue": 0}),
    ("004 sample game, Aragón under 8/4/0", "classic", (8, 4, 0), 4,
     {"red": 5, "green": 1}, {"king": True, "grandes": ["red"]}, {"red": 12, "green": 4}),
]
IDS = [e[0] for e in EXAMPLES]


def _values(ed, where):
    if isinstance(where, tuple):
        return where
    if where == "castillo":
        return spain.CASTILLO_VALUES
    return ed.values(ed.region(where))


@pytest.mark.parametrize("name,ed_key,where,players,counts,extra,expected", EXAMPLES, ids=IDS)
def test_scoring_function(name, ed_key, where, players, counts, extra, expected):
    ed = edition(ed_key)
    everyone = dict(counts)
    never = set()
    if "neutral" in extra:
        everyone["black"] = extra["neutral"]
        never.add("black")
    result = majority.score(everyone, _values(ed, where), columns=ed.columns(players),
                            never_scores=never, king=extra.get("king", False),
                            grandes=extra.get("grandes", ()))
    got = {who: result.points.get(who, 0) for who in counts}
    assert got == expected


@pytest.mark.parametrize("name,ed_key,where,players,counts,extra,expected", EXAMPLES, ids=IDS)
def test_calculator(cli_json, name, ed_key, where, players, counts, extra, expected):
    argv = ["score", "--edition", ed_key, "--players", str(players)]
    if isinstance(where, tuple):
        argv += ["--values", "/".join(map(str, where))]
    elif where == "castillo":
        argv += ["--castillo"]
    else:
        argv += ["--region", where]
    for who, n in counts.items():
        argv += ["--count", f"{who}={n}"]
    if extra.get("king"):
        argv.append("--king")
    for who in extra.get("grandes", ()):
        argv += ["--grande", who]
    if "neutral" in extra:
        argv += ["--neutral", str(extra["neutral"])]
    assert cli_json(*argv)["points"] == expected


def test_grand_inquisitor_takes_second_place_without_points():
    result = majority.score({"red": 3, "black": 2, "green": 1}, (5, 3, 2), never_scores={"black"})
    black = result.line("black")
    assert (black.place, black.scores, black.points) == (2, False, 0)
    assert "black" not in result.points
