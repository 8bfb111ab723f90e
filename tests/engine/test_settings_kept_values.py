"""Settings keep the colours and regions a page asks for thousands of times a press (issue 36) beside
their fields: never compared, shown or written, and a changed copy has its own."""

import dataclasses
import pickle

from companion.engine.settings import Player, Settings

PLAYERS = (Player("Ann", "red"), Player("Bo", "blue"))


def test_the_kept_values_are_the_fields_own():
    settings = Settings(players=PLAYERS)
    assert settings.colours == ("red", "blue") and settings.colours is settings.colours
    assert settings.regions[0] == "galicia" and settings.regions is settings.regions
    changed = dataclasses.replace(settings, players=(*PLAYERS, Player("Cy", "green")))
    assert changed.colours == ("red", "blue", "green") and settings.colours == ("red", "blue")


def test_the_kept_values_are_no_field():
    settings = Settings(players=PLAYERS)
    fresh = Settings(players=PLAYERS)
    assert settings.colours and settings.regions
    assert settings == fresh and hash(settings) == hash(fresh) and repr(settings) == repr(fresh)
    assert dataclasses.asdict(settings) == dataclasses.asdict(fresh)
    assert "_colours" not in dataclasses.asdict(settings)
    assert pickle.loads(pickle.dumps(settings)) == settings
