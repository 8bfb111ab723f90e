"""engine/hooks.py: the Big Box's modes plug into the base engine through one registry, and a way
to play the base engine has never heard of plugs in the same way (issue 34)."""

import json
import subprocess
import sys

import pytest

from companion.engine import board, hooks, referee, settings_check
from companion.engine.modes import steps as s
from companion.engine.settings import REVISION, Player, Settings
from companion.engine.state import GameState

PLAYERS = (Player("Ann", "red"), Player("Bob", "blue"), Player("Cy", "green"))

#: KINDS as every game log and snapshot has known it (the Big Box's after CaballerosMoved; issue 35's
#: ActionCardNamed after them all).
KINDS = ["SetupDone", "SetupDiscs", "ActionCardsRevealed", "PowerCardPlayed", "IntrigueCardPlayed",
         "SpecialActionChosen", "ActionCardTaken", "CastilloThrow", "Placed", "CardMoved", "CourtIntake",
         "PowerCardReturned", "SpecialScoringStarted", "VetoUsed", "KingAndGrandeSwapped",
         "GrandesToCastillo", "TurnEnded", "SecretDiscs", "SecretDisc", "Scored", "KingMoved", "TileMoved",
         "GrandeMoved", "CastilloCorrected", "CountsCorrected", "CaballerosMoved", "Sailed", "Jailed",
         "Pardoned", "TurnedOverKept", "GrandesByDisc", "InquisitorDeclined", "DiscsPlaced", "TableDecided",
         "Quarantined", "JesterGave", "GiftPlaced", "LimitTableMoved", "HoldingMoved", "Delivered",
         "ScoreCorrected", "ActionCardNamed"]


def test_the_modes_steps_keep_their_place_in_kinds():
    assert list(s.KINDS) == KINDS


class Fifth(hooks.Rules):
    """A way to play nobody wrote yet: one more region (Portugal's id), a white colour nobody owns."""

    title = "A fifth way"
    regions = ("portugal",)
    unowned = ("white",)

    def supply(self, state, colour):
        return 3 if colour in self.unowned else super().supply(state, colour)


@pytest.fixture
def fifth(monkeypatch):
    monkeypatch.setitem(hooks._REGISTERED, "fifth", Fifth())
    return Settings(edition="classic", players=PLAYERS, seed=1, board=True, revision=REVISION, expansion="fifth")


def test_a_fifth_way_to_play_plugs_in_without_the_base_engine_changing(fifth):
    state = GameState(settings=fifth)
    assert state.regions[-1] == "portugal" and "portugal" in state.counts
    assert state.counted[-1] == "white" and state.name("white") == "White" and state.supply("white") == 3
    assert board.unowned(state, "white") and not board.unowned(state, "red")
    assert "portugal" in board.places(state)
    assert fifth.variant_labels()[0] == "A fifth way"


def test_a_way_to_play_nobody_registered_is_refused_by_name():
    unknown = Settings(edition="classic", players=PLAYERS, seed=1, revision=REVISION, expansion="sixth")
    with pytest.raises(s.StepRefused, match="unknown way to play 'sixth'; known: colonies, intrigue"):
        settings_check.check_settings(unknown)
    with pytest.raises(LookupError, match="'sixth' is not registered"):
        GameState(settings=unknown)


def test_the_base_game_refuses_the_modes_steps_through_the_hooks():
    state = GameState(settings=Settings(edition="classic", players=PLAYERS, seed=1, revision=REVISION))
    with pytest.raises(s.StepRefused, match="belongs to Intrigue & the King, not to this game"):
        referee.check(state, s.IntrigueCardPlayed("red", 130))


def test_the_base_engine_alone_imports_no_mode():
    """The referee, the scorings and the prompt of a base game run without the Big Box's modules."""
    probe = ("import json, sys\nfrom companion.engine import prompt, referee, scorings, settings_check\n"
             "print(json.dumps(sorted(m for m in sys.modules if m.startswith('companion.engine.modes'))))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert json.loads(done.stdout) == []
