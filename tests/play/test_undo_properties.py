"""Hypothesis: random legal steps mixed with undos keep the record honest."""

import copy
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from companion.engine import queries
from companion.engine import steps as s
from companion.engine.settings import Player, Settings
from companion.play.game import SNAPSHOT_EVERY, Game
from companion.record.journal import read_only
from companion.rules import spain
from tests.hypothesis_budget import examples

REGIONS = list(spain.SCORING_ORDER)


def legal_moves(game: Game, data) -> s.Step:
    """One legal step for the current prompt, drawn by hypothesis."""
    p, state = game.prompt, game.state
    if game.phase == "power_cards":
        return s.PowerCardPlayed(p.colour, data.draw(st.sampled_from(p.choices)))
    if game.phase == "turns":
        if "ActionCardTaken" in p.expects:
            return s.ActionCardTaken(p.colour, data.draw(st.sampled_from(p.choices)))
        room = state.rules.caballeros_per_colour - state.on_board(p.colour)
        card_room = queries.card_room(state, p.colour)  # what the card still places this turn
        options = [s.TurnEnded(p.colour)]
        if min(room, card_room) > 0:
            options.append(s.CastilloThrow(p.colour, data.draw(st.integers(1, min(room, card_room, 4)))))
        if not state.turn_scored:  # one special scoring a turn
            options.append(s.SpecialScoringStarted("region", (data.draw(st.sampled_from(REGIONS)),)))
        return data.draw(st.sampled_from(options))
    if game.phase == "secret_discs":
        return s.SecretDiscs(tuple((c, data.draw(st.sampled_from([None, *REGIONS]))) for c in state.colours))
    if game.phase in ("castillo", "regions", "special_scoring"):
        where = p.choices[0]
        known = state.castillo if where == "castillo" else state.counts[where]
        counts = {}
        for colour in state.everyone:
            room = state.rules.caballeros_per_colour - state.on_board(colour) + known.get(colour, 0)
            if (game.phase == "castillo" and not known.get(colour) and state.discs.get(colour) is None
                    and colour != state.settings.dummy):
                room = 0  # no disc was asked of them: the record refuses their Caballeros here
            counts[colour] = data.draw(st.integers(0, min(room, 5)))
        return s.Scored(where, tuple(counts.items()))
    raise AssertionError(game.phase)


class UndoAndReplay(RuleBasedStateMachine):
    @rule(players=st.integers(2, 5), seed=st.integers(0, 10**6), data=st.data())
    @precondition(lambda self: not hasattr(self, "game"))
    def start(self, players, seed, data):
        colours = ["red", "blue", "green", "yellow", "black"][:players]
        dummy = "white" if players == 2 else None
        self.game = Game.new(Settings(players=tuple(Player(c.title(), c) for c in colours), dummy=dummy, seed=seed))
        homes = data.draw(st.permutations(REGIONS))
        self.game.send(s.SetupDone(king=homes[-1], homes=tuple(zip(colours, homes)), first=colours[0]))
        self.history = [copy.deepcopy(self.game.state)]

    @precondition(lambda self: hasattr(self, "game") and not self.game.over)
    @rule(data=st.data())
    def step(self, data):
        before = dict(self.game.state.scores)
        self.game.send(legal_moves(self.game, data))
        assert all(self.game.state.scores[c] >= before[c] for c in before), "scores never drop"
        self.history.append(copy.deepcopy(self.game.state))

    @precondition(lambda self: hasattr(self, "game") and len(self.history) > 1)
    @rule()
    def undo(self):
        self.game.undo()
        self.history.pop()
        assert self.game.state == self.history[-1], "undo restores the previous state exactly"

    @invariant()
    def replay_equals_live(self):
        if hasattr(self, "game"):
            again = Game.replay(self.game.settings, list(self.game.steps))
            assert again.state == self.game.state and again.phase == self.game.phase

    @invariant()
    def nobody_exceeds_their_caballeros(self):
        if hasattr(self, "game"):
            state = self.game.state
            for colour in state.everyone:
                assert state.on_board(colour) <= state.rules.caballeros_per_colour


UndoAndReplay.TestCase.settings = settings(max_examples=examples(30), stateful_step_count=60)
TestUndoAndReplay = pytest.mark.slow(UndoAndReplay.TestCase)


def replayed_from_disk(game: Game) -> Game:
    """The game its journal file records, replayed from the first step (the one record)."""
    return Game.from_record(read_only(game.journal.path))


class UndoFromSnapshots(RuleBasedStateMachine):
    """Random legal steps, runs of undos crossing snapshot boundaries, and steps again."""

    @rule(players=st.integers(2, 5), seed=st.integers(0, 10**6), data=st.data())
    @precondition(lambda self: not hasattr(self, "game"))
    def start(self, players, seed, data):
        colours = ["red", "blue", "green", "yellow", "black"][:players]
        dummy = "white" if players == 2 else None
        self.folder = Path(tempfile.mkdtemp(prefix="undo-snapshots-"))
        self.game = Game.new(Settings(players=tuple(Player(c.title(), c) for c in colours), dummy=dummy,
                                      seed=seed), self.folder / "game.jsonl")
        homes = data.draw(st.permutations(REGIONS))
        self.game.send(s.SetupDone(king=homes[-1], homes=tuple(zip(colours, homes)), first=colours[0]))

    @precondition(lambda self: hasattr(self, "game") and not self.game.over)
    @rule(data=st.data())
    def step(self, data):
        self.game.send(legal_moves(self.game, data))

    @precondition(lambda self: hasattr(self, "game") and len(self.game.steps) > 1)
    @rule(times=st.integers(1, 2 * SNAPSHOT_EVERY + 1))
    def undo(self, times):
        for _ in range(min(times, len(self.game.steps) - 1)):  # the setup stays: legal_moves starts after it
            self.game.undo()
            again = replayed_from_disk(self.game)
            assert again.state == self.game.state, "undo gives the state a full replay of the journal gives"
            assert again.phase == self.game.phase and again.steps == self.game.steps

    @invariant()
    def live_equals_the_journal(self):
        if hasattr(self, "game"):
            again = replayed_from_disk(self.game)
            assert again.state == self.game.state and again.phase == self.game.phase

    def teardown(self):
        if hasattr(self, "game"):
            self.game.close()
            shutil.rmtree(self.folder, ignore_errors=True)


UndoFromSnapshots.TestCase.settings = settings(max_examples=examples(25), stateful_step_count=80)
TestUndoFromSnapshots = pytest.mark.slow(UndoFromSnapshots.TestCase)
