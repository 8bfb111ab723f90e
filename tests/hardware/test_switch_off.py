"""Menu › Switch off (issue 38): the game closed, a standby picture left on the panel, then the Pi
powered off by `systemctl poweroff`, here a fake one first on PATH (never this machine's); in the
simulator the row only says what it would do; the installer's polkit rule allows that and nothing else."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from companion.cli import main
from companion.play.game import Game
from companion.ui.controller import Controller
from companion.ui.grammar import DOWN, MENU_KEY, OK
from companion.ui.key_event import KeyEvent
from companion.ui.screens import switch_off
from tests.start_helpers import SAMPLE

ROOT = Path(__file__).parents[2]
RULE = ROOT / "systemd" / "elgrande-companion.rules"
UNIT = ROOT / "systemd" / "elgrande-companion.service"
INSTALLER = ROOT / "scripts" / "install-pi.sh"


class FakePi:
    """The Pi's keys and panel: these presses, and every frame's kind and the close written to ``events``."""

    def __init__(self, presses: list[KeyEvent], events: Path):
        self.size = (264, 176)
        self.stopped_by = None
        self._presses, self.events = presses, events

    def show(self, image, kind) -> None:
        self._say(f"frame {kind}")

    def presses(self, idle=None):
        yield from self._presses

    def key_waiting(self) -> bool:
        return False

    def close(self) -> None:
        self._say("panel asleep, pins closed")

    def _say(self, text: str) -> None:
        with open(self.events, "a", encoding="utf-8") as out:
            out.write(text + "\n")


@pytest.fixture
def fake_systemctl(tmp_path, monkeypatch):
    """A `systemctl` alone on PATH that writes its arguments to the events file; exits with $FAKE_STATUS."""
    events = tmp_path / "events"
    folder = tmp_path / "bin"
    folder.mkdir()
    fake = folder / "systemctl"
    fake.write_text(f'#!/bin/sh\necho "systemctl $*" >> "{events}"\n'
                    '[ "${FAKE_STATUS:-0}" = 0 ] || echo "Access denied" >&2\nexit "${FAKE_STATUS:-0}"\n')
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", str(folder))  # nothing else: the host's systemctl cannot be reached
    return events


def menu_row(game: Game | None, row: str) -> int:
    ui = Controller(lambda settings: Game.new(settings), game=game)
    ui.can_switch_off = True
    ui.press(MENU_KEY, long=True)
    return ui.screen().body.items.index(row)


def switching_off(rows_down: int) -> list[KeyEvent]:
    return [KeyEvent(MENU_KEY, long=True), *[KeyEvent(DOWN)] * rows_down, KeyEvent(OK), KeyEvent(OK),
            KeyEvent(OK)]  # (the last press never reaches the companion: it is off)


def run_on(state: Path, pi: FakePi, monkeypatch, frames: Path) -> int:
    monkeypatch.setattr("companion.commands.run._open_pi", lambda config, required: pi)
    return main(["run", "--hardware", "--state-dir", str(state), "--frames", str(frames)])


def test_a_game_is_closed_its_standings_left_on_the_panel_and_the_pi_powered_off(tmp_path, monkeypatch,
                                                                                  fake_systemctl, capsys):
    state = tmp_path / "state"
    state.mkdir()
    (state / "game.jsonl").write_bytes(SAMPLE.read_bytes())
    game = Game.resume(state / "game.jsonl")
    down = menu_row(game, switch_off.ROW)
    game.close()
    pi = FakePi(switching_off(down), fake_systemctl)
    assert run_on(state, pi, monkeypatch, tmp_path / "frames") == 0
    events = fake_systemctl.read_text().splitlines()
    assert events[-2:] == ["panel asleep, pins closed", "systemctl poweroff"]  # the panel asleep first, once
    assert events.count("systemctl poweroff") == 1
    frames = sorted(p.name for p in (tmp_path / "frames").iterdir())
    assert frames[-2].endswith("-switch_off.png") and frames[-1].endswith("-standby.png")
    assert len([line for line in events if line.startswith("frame")]) == len(frames)  # the 5th press: never read
    assert "switched off" in capsys.readouterr().err
    assert (state / "game.jsonl").read_bytes() == SAMPLE.read_bytes()  # nothing recorded: the game resumes


def test_the_standby_picture_holds_the_standings_as_they_stand():
    from companion.measure.sample import four_player_game

    game = four_player_game()
    ui = Controller(lambda settings: Game.new(settings), game=game)
    ui.carry_out(switch_off.SwitchOff())
    screen = ui.screen()
    assert ui.switched_off and screen.kind == "standby" and screen.headline == "Switched off"
    assert screen.prompt == "Final standings"
    rows = [row.text for row in screen.body.rows]
    places = [f"{place}. {game.state.name(colour)}" for place, colour, _ in game.state.standings()]
    assert rows[:len(places)] == places and rows[-1] == switch_off.AFTERWARDS


def test_with_no_game_the_panel_keeps_the_wizard_s_first_page(tmp_path, monkeypatch, fake_systemctl):
    pi = FakePi(switching_off(menu_row(None, switch_off.ROW)), fake_systemctl)
    assert run_on(tmp_path / "state", pi, monkeypatch, tmp_path / "frames") == 0
    frames = sorted(p.name for p in (tmp_path / "frames").iterdir())
    assert frames[-1].endswith("-setup_edition.png")
    assert fake_systemctl.read_text().splitlines()[-1] == "systemctl poweroff"


def test_a_refused_power_off_is_said_in_one_line_and_systemd_starts_the_companion_again(tmp_path, monkeypatch,
                                                                                         fake_systemctl, capsys):
    monkeypatch.setenv("FAKE_STATUS", "1")
    pi = FakePi(switching_off(menu_row(None, switch_off.ROW)), fake_systemctl)
    assert run_on(tmp_path / "state", pi, monkeypatch, tmp_path / "frames") == 1  # Restart=on-failure: back on
    err = capsys.readouterr().err
    assert "not switched off: systemctl poweroff was refused (Access denied)" in err


def test_in_the_simulator_the_row_only_says_what_it_would_do(fake_systemctl):
    ui = Controller(lambda settings: Game.new(settings))  # can_switch_off: only run.py's Pi session sets it
    ui.press(MENU_KEY, long=True)
    for _ in range(ui.screen().body.items.index(switch_off.ROW)):
        ui.press(DOWN)
    ui.press(OK)
    screen = ui.screen()
    assert screen.kind == "menu" and screen.error == switch_off.SIMULATED and not ui.switched_off
    assert not fake_systemctl.exists()


def test_keep_on_the_question_goes_back_and_switches_nothing_off():
    ui = Controller(lambda settings: Game.new(settings))
    ui.can_switch_off = True
    ui.press(MENU_KEY, long=True)
    for _ in range(ui.screen().body.items.index(switch_off.ROW)):
        ui.press(DOWN)
    ui.press(OK)
    assert ui.screen().kind == "switch_off" and ui.screen().keys[2] == "Keep"
    ui.press(2)  # Keep
    assert ui.screen().kind == "menu" and not ui.switched_off


# -- the installer's rule: power off for the service's user, nothing else --------------------------

LOGIN1 = ("power-off", "power-off-multiple-sessions", "power-off-ignore-inhibit", "reboot", "reboot-multiple-sessions",
          "halt", "suspend", "hibernate", "set-wall-message", "manage", "inhibit-block-shutdown", "set-reboot-parameter",
          "attach-device", "flush-devices", "chvt", "set-self-linger")
OTHERS = ("org.freedesktop.systemd1.manage-units", "org.freedesktop.systemd1.manage-unit-files",
          "org.freedesktop.policykit.exec", "org.freedesktop.hostname1.set-hostname", "org.freedesktop.timedate1.set-time")


def test_the_rule_names_the_service_s_user_and_returns_yes_once():
    text = RULE.read_text(encoding="utf-8")
    user = re.search(r"^User=(\S+)$", UNIT.read_text(encoding="utf-8"), re.M).group(1)
    assert re.search(r"^SERVICE_USER=(\S+)$", INSTALLER.read_text(encoding="utf-8"), re.M).group(1) == user
    code = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("//"))
    assert code.count("polkit.Result.YES") == 1 and code.count("addRule") == 1
    assert re.findall(r'subject\.user === "([^"]+)"', code) == [user] and "||" in code and "subject.user" in code
    assert sorted(re.findall(r'action\.id === "([^"]+)"', code)) == [
        "org.freedesktop.login1.power-off", "org.freedesktop.login1.power-off-multiple-sessions"]
    assert not re.search(r"indexOf|startsWith|match|RegExp|\.test\(|spawn|(?<![=!])==(?!=)", code)  # exact ids only


@pytest.mark.skipif(shutil.which("node", path="/usr/bin:/bin:/usr/local/bin") is None,
                    reason="no JavaScript interpreter (node) to run the rule")
def test_run_as_polkit_would_the_rule_allows_exactly_powering_off_for_that_user_alone(tmp_path):
    """The rule's JavaScript run on node with a stand-in polkit: every action, several users."""
    actions = [f"org.freedesktop.login1.{a}" for a in LOGIN1] + list(OTHERS)
    users = ["elgrande", "pi", "root", "nobody", "elgrande2", "Elgrande"]
    probe = tmp_path / "probe.js"
    probe.write_text("const rules = []; const polkit = {Result: {YES: 'yes', NO: 'no', AUTH_ADMIN: 'auth_admin', "
                     "NOT_HANDLED: null}, addRule: (f) => rules.push(f), log: () => {}, spawn: () => { throw 1; }};\n"
                     + RULE.read_text(encoding="utf-8") +
                     f"\nconst out = {{}};\nfor (const a of {json.dumps(actions)}) for (const u of {json.dumps(users)})"
                     " { const r = rules.map((f) => f({id: a, lookup: () => ''}, {user: u, local: true, active: true,"
                     " isInGroup: () => true})).find((x) => x !== null && x !== undefined);"
                     " if (r !== undefined) out[a + ' ' + u] = r; }\nconsole.log(JSON.stringify(out));\n")
    node = shutil.which("node", path="/usr/bin:/bin:/usr/local/bin")
    done = subprocess.run([node, str(probe)], capture_output=True, text=True, check=True, env={"PATH": ""})
    assert json.loads(done.stdout) == {"org.freedesktop.login1.power-off elgrande": "yes",
                                       "org.freedesktop.login1.power-off-multiple-sessions elgrande": "yes"}


def test_the_menu_row_is_in_every_menu_after_new_game():
    from companion.measure.sample import four_player_game

    game = four_player_game()
    items = Controller(lambda settings: Game.new(settings), game=game)
    items.press(MENU_KEY, long=True)
    rows = items.screen().body.items
    assert rows[rows.index("New game") + 1] == switch_off.ROW
