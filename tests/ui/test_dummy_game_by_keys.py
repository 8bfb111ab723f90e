"""A whole 2-player game against the 2023 dummy through the four keys alone, to the final scores.

The `Keys` player (keys_player.py) plays with a fixed seed; every scoring is
recomputed from the journal's Scored steps with companion.rules.majority.score,
independently of the referee, and checked against the scores worked out by hand.
"""

from __future__ import annotations

import re
from collections import Counter

from companion.engine import steps as s
from companion.play.game import Game
from companion.record.journal import read_only
from companion.rules import majority, spain
from companion.ui.grammar import OK
from tests.ui.keys_player import NOTICES, RULES, Keys, grouped

# -- the 2-player game against the dummy -------------------------------------------------

TWO = ["red", "blue"]
DUMMY = "white"
TWO_SETUP = s.SetupDone(king="castilla", homes=(("red", "galicia"), ("blue", "granada")), first="red")
#: What the players do on their turns besides taking the first card left: (round, colour) -> steps.
TWO_TURNS = {
    (1, "red"): [s.CastilloThrow("red", 3)],
    (1, "blue"): [s.KingMoved("toledo")],
    (2, "red"): [s.TileMoved("8/4/0", "valencia")],
    (2, "blue"): [s.SpecialScoringStarted("region", ("granada",))],
    (4, "red"): [s.GrandeMoved("red", "navarra"), s.CastilloThrow("red", 2)],
    (5, "blue"): [s.CastilloThrow("blue", 2)],
    (7, "red"): [s.CastilloThrow("red", 1), s.KingMoved("galicia")],
}
#: Secret discs at the general scorings after rounds 3, 6 and 9 (players with Castillo Caballeros).
TWO_DISCS = {3: {"red": "aragon"}, 6: {"red": "sevilla", "blue": "valencia"}, 9: {"red": "toledo"}}
#: Counts the table gives where they differ from the companion's (round, place) -> {player: count};
#: the dummy's counts are always the companion's own (its placements are drawn and shown).
TWO_COUNTS = {
    (2, "granada"): {"Red": 2, "Blue": 4},
    (3, "toledo"): {"Red": 5, "Blue": 4},
    (3, "aragon"): {"Blue": 1},
    (3, "valencia"): {"Red": 3, "Blue": 5},
    (6, "castillo"): {"Blue": 3},  # one more than blue announced
    (6, "castilla"): {"Blue": 5, "Red": 2},
    (6, "navarra"): {"Red": 6},
    (9, "galicia"): {"Red": 6, "Blue": 5},
    (9, "cataluna"): {"Blue": 3},
}


def play_two_player_game(keys: Keys) -> list[dict[str, tuple[int, int]]]:
    """Play to game over; returns what each results page said: {player: (gain, total)}."""
    keys.new_game(TWO, TWO_SETUP)
    results = []
    done: set[tuple[int, str]] = set()
    for _ in range(2000):
        screen = keys.screen
        if screen.kind == "standings":
            break
        round_ = int(re.match(r"(?:Round (\d+) ·)?", screen.headline)[1] or 0)  # none on "Game over"
        if screen.kind == "results":
            rows = [re.fullmatch(r"(\w+) \+(\d+)", row.text) for row in screen.body.rows]
            results.append({m[1]: (int(m[2]), int(row.right))
                            for m, row in zip(rows, screen.body.rows) if m})
            keys.press(OK)
        elif screen.kind in NOTICES:
            keys.press(OK)
        elif screen.kind == "power_cards":
            keys.press(OK)  # the lowest card left
        elif screen.kind == "turn_card":
            # The first stack left whose card places the Caballeros this turn throws into the Castillo.
            colour = keys.colour(screen.headline.rsplit("· ", 1)[1])
            need = sum(step.count for step in TWO_TURNS.get((round_, colour), []) if step.kind == "CastilloThrow")
            # (the cards left, the stacks before the King's card, which tops the list)
            left = [item for item, mark in zip(screen.body.items, screen.body.marks) if not mark]
            keys.choose(next(item for item in sorted(left, key=lambda item: item.startswith("King's card"))
                             if int(re.search(r"· (?:\d+-)?(\d+) Cab\.", item)[1]) >= need), exact=True)
        elif screen.kind == "turn":
            colour = keys.colour(screen.headline.rsplit("· ", 1)[1])
            if (round_, colour) not in done:
                done.add((round_, colour))
                for step in TWO_TURNS.get((round_, colour), []):
                    keys.enter(step)
                continue
            keys.enter(s.TurnEnded(colour))
        elif screen.kind in ("discs", "disc"):
            keys.enter(s.SecretDiscs(tuple((c, TWO_DISCS[round_].get(c)) for c in TWO)))
        elif screen.kind == "scoring":
            name = screen.prompt.split(" ", 1)[0]  # "Toledo 7/4/2 · King"
            where = spain.CASTILLO if name == RULES.name(spain.CASTILLO) else RULES.region(name)
            keys.counts(TWO_COUNTS.get((round_, where), {}))
        else:
            raise AssertionError(f"unexpected page {screen}")
    else:
        raise AssertionError(f"the game never ended: {keys.screen}")
    return results


def recompute(steps, dummy: str) -> list[tuple[str, str, dict[str, int], majority.Result]]:
    """Every scoring in the journal, scored again from its Scored steps (occasion, where, counts, result).

    Independent of the referee: the King, the Grandes and the tiles are followed
    from the steps; the values are the board's (a tile's replace them); the 2023
    edition's two-player side pays the 1st and 2nd columns; the dummy takes places
    but never scores.
    """
    king, grandes, tiles = None, {}, {}
    occasion, generals, out = "", 0, []
    for step in steps:
        match step:
            case s.SetupDone():
                king, grandes = step.king, dict(step.homes)
            case s.KingMoved():
                king = step.region
            case s.GrandeMoved():
                grandes[step.colour] = step.region
            case s.TileMoved():
                tiles[step.tile] = step.region
            case s.SpecialScoringStarted():
                occasion = f"special {step.what} {','.join(step.regions)}"
            case s.SecretDiscs():
                generals += 1
                occasion = f"general {generals}"
            case s.Scored():
                tile = next((t for t, r in tiles.items() if r == step.where), None)
                values = (tuple(int(v) for v in tile.split("/")) if tile
                          else spain.CASTILLO_VALUES if step.where == spain.CASTILLO else spain.VALUES[step.where])
                counts = dict(step.counts)
                result = majority.score(counts, values, columns=2, never_scores={dummy},
                                        king=step.where == king,
                                        grandes={c for c, r in grandes.items() if r == step.where})
                out.append((occasion, step.where, counts, result))
    return out


#: Each scoring worked out by hand from the counts the journal holds (2 columns pay; ties take the
#: next column; King's and Grande's +2 only to a sole first; the dummy takes places, never points).
#: King: Castilla, Toledo from round 1, Galicia from round 7. Grandes: red Galicia (Navarra from
#: round 4), blue Granada. The 8/4/0 tile on Valencia from round 2.
BY_HAND = {
    # Granada 6/3/1: blue 4 sole first 6 + Grande 2; red 2 second 3.
    "special region granada": {"red": 3, "blue": 8},
    # Castillo red 3: 5 (disc Aragón: red 3 there). Galicia red 2: 4 + Grande 2. Aragón 5/4/1 red 3, blue 1:
    # 5, 4. Toledo 7/4/2 (King) red 5, blue 4, dummy 2: 7 + 2, 4. Granada blue 4: 6 + 2; red and the dummy
    # tie on 2 for 2nd -> 3rd column: 0. Valencia (tile 8/4/0) blue 5, red 3: 8, 4.
    "general 1": {"red": 5 + 6 + 5 + 9 + 4, "blue": 4 + 4 + 8 + 8},
    # Castillo blue 3 (one more than announced), red 2: 5, 3 (discs: red Sevilla, blue Valencia).
    # Galicia red 2 = dummy 2: tie for 1st -> 2. Navarra red 6 sole: 5 + Grande 2. Aragón red 3,
    # dummy 2, blue 1: 5, -, 0. Castilla 6/4/2 blue 5, red 2: 6, 4. Toledo red 5 (King): 9, blue 4: 4.
    # Sevilla 4/3/1 red 2 = dummy 2: 3. Granada blue 4 = dummy 4: tie for 1st -> 3, no Grande bonus;
    # red 3rd: 0. Valencia blue 8, red 3: 8, 4.
    "general 2": {"red": 3 + 2 + 7 + 5 + 4 + 9 + 3 + 4, "blue": 5 + 6 + 4 + 3 + 8},
    # Castillo red 1: 5 (disc Toledo). Galicia (King) red 6, blue 5: 4 + 2, 2. Navarra red 6: 5 + 2.
    # Aragón dummy 4, red 3: 4, blue 3rd 0. Cataluña 4/2/1 dummy 4, blue 3: 2. Castilla blue 5: 6; red
    # and the dummy tie on 2 -> 3rd column: 0. Toledo red 6, blue 4: 7, 4. Sevilla dummy 4, red 2: 3.
    # Granada dummy 6, blue 4: 3 (no Grande bonus for 2nd). Valencia blue 8, red 3: 8, 4.
    "general 3": {"red": 5 + 6 + 7 + 4 + 7 + 3 + 4, "blue": 2 + 2 + 6 + 4 + 3 + 8},
}
TWO_FINAL = {"red": 105, "blue": 83}


def test_a_two_player_game_with_the_dummy_by_keys_to_the_final_scores(tmp_path):
    keys = Keys(tmp_path / "two.jsonl", seed=3, dummy=DUMMY)
    results = play_two_player_game(keys)
    game, state = keys.ui.game, keys.ui.game.state
    assert game.over and state.general_scorings == 3

    # Every scoring again, from the journal's Scored steps, with majority.score alone.
    gained: dict[str, dict[str, int]] = {}
    for occasion, _where, _counts, result in recompute(grouped(TWO, game.steps), DUMMY):
        points = gained.setdefault(occasion, {c: 0 for c in TWO})
        for line in result.lines:
            if line.who == DUMMY:
                assert not line.scores and line.points == 0
            else:
                points[line.who] += line.points
    assert gained == BY_HAND
    # The dummy took first places (and so pushed the players down) without ever scoring.
    assert any(line.who == DUMMY and line.place == 1 and not line.tied
               for *_, result in recompute(grouped(TWO, game.steps), DUMMY) for line in result.lines)

    # What the results pages showed, scoring by scoring: the gains, and totals that add up.
    assert [{c.lower(): gain for c, (gain, _) in page.items()} for page in results] == list(BY_HAND.values())
    running = {c: 0 for c in TWO}
    for page, gains in zip(results, BY_HAND.values()):
        for colour in TWO:
            running[colour] += gains[colour]
        assert {c.lower(): total for c, (_, total) in page.items()} == running
    assert running == {c: sum(g[c] for g in BY_HAND.values()) for c in TWO} == TWO_FINAL

    # The final scores: on the standings page, in the state, and replayed from the journal on disk.
    standings = keys.screen
    assert standings.kind == "standings" and standings.headline == "Game over"
    assert [(row.text, row.right) for row in standings.body.rows] == [("1. Red", "105"), ("2. Blue", "83")]
    assert state.scores == TWO_FINAL and DUMMY not in state.scores
    # The score sheet agrees with the recomputation, occasion by occasion.
    sheet: dict[str, dict[str, int]] = {}
    for line in state.sheet:
        key = "special region granada" if line.occasion.startswith("special") else line.occasion.replace(
            "general scoring", "general")
        sheet.setdefault(key, {c: 0 for c in TWO})[line.colour] += line.points
    assert sheet == BY_HAND
    game.close()
    assert Game.from_record(read_only(tmp_path / "two.jsonl")).state.scores == TWO_FINAL

    # Only the keys: every step the journal holds came through a page, and it took this many presses.
    for extra in TWO_TURNS.values():
        assert all(step in game.steps for step in extra)
    assert [step for step in grouped(TWO, game.steps) if step.kind == "SecretDiscs"] == [
        s.SecretDiscs((("red", "aragon"), ("blue", None))),
        s.SecretDiscs((("red", "sevilla"), ("blue", "valencia"))),
        s.SecretDiscs((("red", "toledo"), ("blue", None)))]
    kinds = Counter(step.kind for step in game.steps)
    print(f"\n2-player game by keys: {keys.ui.presses} presses for {len(game.steps)} steps", dict(kinds))
    assert kinds["Scored"] == 1 + 3 * 10 and kinds["SecretDisc"] == 4  # a disc each, for those in the Castillo
    assert keys.ui.presses <= 400, keys.ui.presses
