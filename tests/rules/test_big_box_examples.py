"""The Big Box scoring cases of ../shared/RULES-EXPANSIONS.md §6, through the
scoring function and the calculator.

§6.1 are the seed's own examples (seed 004, "S:n" = line n); §6.2 are our
reading of the rules, marked `derived` (pytest -m derived) and named so.
"""

from dataclasses import dataclass, field

import pytest

from companion.rules import majority
from companion.rules.big_box import regions as expansion_regions
from companion.rules.big_box.deliveries import delivery_points
from companion.rules.editions import EDITION_CLASSIC


@dataclass(frozen=True)
class Case:
    id: str
    #: The seed line, or the §6.2 row, quoted in the test's docstring.
    quote: str
    region: str  # a name as a player types it
    players: int
    counts: dict[str, int]
    expected: dict[str, int]
    seats: dict[str, str] = field(default_factory=dict)  # seat title -> holder
    neutral: int | None = None  # the Grand Inquisitor's black Caballeros, nobody holding him
    king: bool = False
    grandes: tuple[str, ...] = ()
    first_only: bool = False
    limit: int | None = None  # the Limit table's spaces; counts are then on-table only


SEED = [
    Case("T1 S:251 Valencia, nobody holds the Grand Inquisitor",
         "S:251 'Valencia is scored in a 5 player game with 3 red Caballeros, 2 black Caballeros, and 1 green "
         "Caballero. The red player receives 5 points and the green player receives 2 points.'",
         "Valencia", 5, {"red": 3, "green": 1}, {"red": 5, "green": 2}, neutral=2),
    Case("T2 S:209 France, Ambassador and Envoy in one hand",
         "S:209 'if one player has both the Ambassador and the Envoy, he scores 6 points: 3 for the majority, "
         "2 for the Ambassador, and 1 for the Envoy.'",
         "France", 4, {"red": 2}, {"red": 6}, seats={"Ambassador": "red", "Envoy": "red"}),
    Case("T5 S:397 Revolution, the Grande/King",
         "S:397 'a player may get both the King's and the Grande's bonus from the same region with the same "
         "figure: the Grande/King.'",
         "Castilla la Vieja", 4, {"red": 3, "blue": 1}, {"red": 6 + 2 + 2, "blue": 4}, king=True, grandes=("red",)),
]

DERIVED = [
    Case("derived D1 T1 with green holding the Grand Inquisitor",
         "D1: black counts as green: green 1 + black 2 = 3 vs red 3 -> tie for 1st: red 3, green 3 (S:247)",
         "Valencia", 5, {"red": 3, "green": 1 + 2}, {"red": 3, "green": 3}),
    Case("derived D2 T1 in Grandissimo, black ignored",
         "D2: T1 in Grandissimo, black Caballeros 'never considered in scoring a region' (S:398): red 5, green 3",
         "Valencia", 5, {"red": 3, "green": 1}, {"red": 5, "green": 3}),
    Case("derived D3 France with a third player",
         "D3: T2 and a third player holds France's 3rd space, 4 players: seat pair holder 6, other player 1",
         "France", 4, {"red": 2, "blue": 1}, {"red": 6, "blue": 1}, seats={"Ambassador": "red", "Envoy": "red"}),
    Case("derived D4 America, the Viceroy not counted",
         "D4: red Viceroy, blue 2, red 1 other: blue 4, red 5 (S:219 'the Viceroy is not counted')",
         "America", 4, {"red": 1 + 1, "blue": 2}, {"red": 5, "blue": 4}, seats={"Viceroy": "red"}),
    Case("derived D5 America, a tie under the Viceroy",
         "D5: red Viceroy, blue 1, yellow 1: blue 0, yellow 0 (tie -> 2nd value 0), red 5",
         "America", 4, {"red": 1, "blue": 1, "yellow": 1}, {"red": 5, "blue": 0, "yellow": 0},
         seats={"Viceroy": "red"}),
    Case("derived D6 the Mediterranean",
         "D6: Mediterranean 4/2/1, 4 players: a 2, b 1, c 1 -> a 4, b 1, c 1",
         "Mediterranean", 4, {"a": 2, "b": 1, "c": 1}, {"a": 4, "b": 1, "c": 1}),
    Case("derived D7 the ship, only the Captain scores",
         "D7: ship: blue Captain, red 3 others aboard -> blue 3, red 0 (S:214 'only the player with the Captain')",
         "ship", 4, {"blue": 1, "red": 3}, {"blue": 3, "red": 0}, seats={"Captain": "blue"}),
    Case("derived D8a Portugal, a tie for first",
         "D8: Portugal 5/0/0: red 3, blue 3 -> 0, 0",
         "Portugal", 4, {"red": 3, "blue": 3}, {"red": 0, "blue": 0}),
    Case("derived D8b Portugal, a sole first",
         "D8: Portugal 5/0/0: red 2, blue 1 -> red 5",
         "Portugal", 4, {"red": 2, "blue": 1}, {"red": 5, "blue": 0}),
    Case("derived D9a first places only, France",
         "D9: France red 2 (Ambassador), blue 1 (Envoy) -> red 3+2 = 5, blue 0 (S:264)",
         "France", 4, {"red": 2, "blue": 1}, {"red": 5, "blue": 0},
         seats={"Ambassador": "red", "Envoy": "blue"}, first_only=True),
    Case("derived D9b first places only, America",
         "D9: America blue majority, red Viceroy -> blue 4, red 0 (S:264 'the Viceroy and Captain are not counted')",
         "America", 4, {"blue": 2, "red": 1}, {"blue": 4, "red": 0}, seats={"Viceroy": "red"}, first_only=True),
    Case("derived D9c first places only, the ship",
         "D9: ship red Captain -> 0 (S:264)",
         "ship", 4, {"red": 1, "blue": 2}, {"red": 0, "blue": 0}, seats={"Captain": "red"}, first_only=True),
    Case("derived D10 the Limit table in Aragon",
         "D10: 10-space Limit table in Aragón 5/4/1: on table red 6, blue 4; beside it blue 3 -> red 5, blue 4",
         "Aragón", 4, {"red": 6, "blue": 4}, {"red": 5, "blue": 4}, limit=10),
    Case("derived D11 two players, the Mediterranean",
         "D11: 2 players, Mediterranean: a 3, b 1 -> a 4, b 0 (first column only)",
         "Mediterranean", 2, {"a": 3, "b": 1}, {"a": 4, "b": 0}),
    Case("derived D12 the King's Valencia with black Caballeros",
         "D12: Valencia, King's region, 3 players, black 2, red 2, green 1 -> red 3, no King's bonus; green 0",
         "Valencia", 3, {"red": 2, "green": 1}, {"red": 3, "green": 0}, neutral=2, king=True),
]

CASES = [pytest.param(c, id=c.id) for c in SEED] + [
    pytest.param(c, id=c.id, marks=pytest.mark.derived) for c in DERIVED]


def _score(case: Case) -> dict[str, int]:
    big = expansion_regions.find(case.region)
    if big is not None:
        values, seats = big.values, expansion_regions.seats(big, case.seats)
    else:
        values, seats = EDITION_CLASSIC.values(EDITION_CLASSIC.region(case.region)), ()
    counts = dict(case.counts)
    never = set()
    if case.neutral is not None:
        counts["black"] = case.neutral
        never.add("black")
    if case.limit is not None:
        counts = expansion_regions.on_the_limit_table(counts, case.limit)
    result = majority.score(counts, values, columns=EDITION_CLASSIC.columns(case.players), never_scores=never,
                            king=case.king, grandes=case.grandes, first_only=case.first_only, seats=seats)
    return {who: result.points.get(who, 0) for who in case.counts}


@pytest.mark.parametrize("case", CASES)
def test_scoring_function(case):
    """Each case quotes its seed line (S:n) or its §6.2 row in `case.quote`, shown on failure."""
    assert _score(case) == case.expected, case.quote


@pytest.mark.parametrize("case", CASES)
def test_calculator(cli_json, case):
    """The same case through `elgrande-companion score --json`; `case.quote` says where it comes from."""
    argv = ["score", "--edition", "classic", "--region", case.region, "--players", str(case.players)]
    for who, n in case.counts.items():
        argv += ["--count", f"{who}={n}"]
    for title, holder in case.seats.items():
        argv += [f"--{title.lower()}", holder]
    if case.neutral is not None:
        argv += ["--neutral", str(case.neutral)]
    if case.king:
        argv.append("--king")
    for who in case.grandes:
        argv += ["--grande", who]
    if case.first_only:
        argv.append("--first-only")
    if case.limit is not None:
        argv += ["--limit", str(case.limit)]
    assert cli_json(*argv)["points"] == case.expected, case.quote


@pytest.mark.parametrize("disc,points", [("gold", 6), ("wares", 4), ("Gold", 6)])
def test_t3_a_disc_delivered_to_spain_scores_at_once(disc, points):
    """T3, S:222: 'The discs score points for a player only when they reach Spain. The player scores
    the points immediately: 6 for Gold, 4 for Wares.' (again S:233)

    T4, S:226-232, 'Normally it takes 4 turns to bring a disc to Spain', ends the same way: the last
    step, onto a Spanish coast, scores the +6; the steps before score nothing (no scoring is involved).
    """
    assert delivery_points(disc) == points


def test_a_disc_that_is_neither_gold_nor_wares_is_refused():
    with pytest.raises(ValueError, match="gold or wares"):
        delivery_points("silver")
