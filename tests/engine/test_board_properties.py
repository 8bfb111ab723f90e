"""Random games that record the board: whatever the table does (placements, throws, moves,
card effects, corrections, scorings with changed counts, undo), every colour keeps its 30
Caballeros, no Court or Province goes negative, every scoring page opens with the board's
counts, and the King's region changes only when the King moves or a count there is corrected."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine import board, queries
from companion.engine import steps as s
from companion.engine.settings import Player, Settings
from companion.play.game import Game
from companion.rules import spain
from tests.hypothesis_budget import examples

PLAYERS = (Player("Ann", "red"), Player("Bo", "blue"), Player("Cy", "green"))
KING_STEPS = (s.KingMoved, s.CountsCorrected, s.Scored)


def invariants(game: Game) -> None:
    state = game.state
    for colour in state.everyone:
        assert board.total(state, colour) == state.rules.caballeros_per_colour, colour
        assert state.court.get(colour, 0) >= 0 and state.province.get(colour, 0) >= 0
        assert all(n > 0 for c in (*state.counts.values(), state.castillo) for col, n in c.items() if col == colour)


def prefilled(game: Game) -> None:
    """The scoring page's counts are the board's, colour by colour (one OK scores an unchanged board)."""
    from companion.ui.screens.scoring_counts import counts

    page = counts(game)
    where = game.prompt.choices[0]
    assert {row[1]: row[2] for row in page.rows} == {c: board.held(game.state, c, where) for c in game.state.everyone}


def candidates(game: Game, pick) -> list[s.Step]:
    state, phase = game.state, game.phase
    colour = game.prompt.colour
    king_near = sorted(spain.neighbours(state.king)) if state.king in spain.REGIONS else list(spain.SCORING_ORDER)
    if phase == "power_cards":
        return [s.PowerCardPlayed(colour, pick(sorted(game.prompt.choices)))]
    if phase == "turns" and not queries.taken_by(state, state.active):
        return [s.ActionCardTaken(state.active, pick(sorted(state.stacks_left())))]
    if phase == "turns":
        active = state.active
        n = pick(range(1, 4))
        return [
            s.Placed(active, pick(king_near), n),
            s.CastilloThrow(active, n),
            s.CaballerosMoved(pick(state.colours), pick(board.places(state)), pick(board.places(state)), n),
            s.CardMoved(pick(state.everyone), pick(board.places(state)), pick(board.places(state)), n),
            s.CourtIntake(active, pick(range(0, 7)), tuple({pick(spain.SCORING_ORDER): n}.items())
                          if pick([False, True]) else ()),
            s.KingMoved(pick(spain.SCORING_ORDER)),
            s.CountsCorrected(pick(spain.SCORING_ORDER), ((pick(state.colours), pick(range(0, 6))),)),
            s.TurnEnded(active),
        ]
    if phase == "secret_discs":
        return [s.SecretDiscs(tuple((c, pick([None, *spain.SCORING_ORDER])) for c in state.colours))]
    if phase in ("castillo", "regions", "special_scoring"):
        where = game.prompt.choices[0]
        known = dict(state.castillo if where == spain.CASTILLO else state.counts[where])
        if pick([False, True]):  # the table counts differently
            c = pick(state.everyone)
            known[c] = max(0, known.get(c, 0) + pick([-1, 1]))
        return [s.Scored(where, tuple(known.items()))]
    return []


@pytest.mark.slow
@settings(max_examples=examples(40))
@given(st.data(), st.booleans())
def test_every_colour_keeps_its_caballeros_whatever_the_table_does(data, dummy):
    players = PLAYERS[:2] if dummy else PLAYERS
    game = Game.new(Settings(players=players, dummy="green" if dummy else None, seed=7, board=True))
    homes = tuple(zip([p.colour for p in players], ("galicia", "aragon", "sevilla")))
    game.send(s.SetupDone(king="toledo", first="red", homes=homes))

    def pick(options):
        return data.draw(st.sampled_from(list(options)))

    for _ in range(120):
        if game.phase == "game_over":
            break
        if len(game.steps) > 1 and data.draw(st.integers(0, 9)) == 0:
            game.undo()  # never the setup itself
            invariants(game)
            continue
        if game.phase in ("castillo", "regions", "special_scoring"):
            prefilled(game)
        options = candidates(game, pick)
        step = pick(options)
        king, before = game.state.king, dict(game.state.counts.get(game.state.king, {}))
        try:
            game.send(step)
        except s.StepRefused:
            continue
        invariants(game)
        if game.state.king == king and king in spain.REGIONS and not isinstance(step, KING_STEPS):
            assert game.state.counts[king] == before, step
