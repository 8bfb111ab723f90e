"""The stand-in module that spares the phase chart python-statemachine's unused asyncio import."""

import subprocess
import sys

from companion.engine.deferred import StandIn, deferred


def test_a_stand_in_imports_the_real_module_on_first_use():
    name = "colorsys"  # a small standard module this process has no reason to import
    sys.modules.pop(name, None)
    with deferred(name) as stand_ins:
        import colorsys as held
    assert isinstance(held, StandIn) and not held.loaded
    assert name not in sys.modules, "the stand-in does not outlive the block"
    assert held.rgb_to_hsv(1.0, 0.0, 0.0) == (0.0, 1.0, 1.0)
    assert held.loaded and stand_ins[name] is held
    import colorsys
    assert not isinstance(colorsys, StandIn) and held.hls_to_rgb is colorsys.hls_to_rgb


def test_a_module_already_imported_is_left_alone():
    import json

    with deferred("json") as stand_ins:
        import json as again
    assert stand_ins == {} and again is json


def test_a_whole_game_and_its_undo_run_without_asyncio():
    code = ("import sys\n"
            "from companion.measure.sample import four_player_game\n"
            "game = four_player_game()\n"
            "game.undo()\n"
            "print(game.phase, 'asyncio' in sys.modules, 'ssl' in sys.modules)\n"
            "from companion.engine.phases import diagram\n"  # the docs' chart: the library's diagram code
            "assert 'stateDiagram' in diagram()\n"
            "print('asyncio' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["regions", "False", "False", "False"]


def test_the_library_still_finds_asyncio_when_it_needs_it():
    code = ("import asyncio, statemachine.callbacks as c, statemachine.utils as u\n"
            "print(c.asyncio.gather is asyncio.gather, u.asyncio.new_event_loop is asyncio.new_event_loop)")
    done = subprocess.run([sys.executable, "-c", "import companion.engine.phases\n" + code],
                          capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["True", "True"]
