"""The companion as a user starts it on a PC: the simulator, key scripts, frames, resume."""

import io
import json

import pytest

from companion.ui.key_event import KeyEvent
from hardware.sim.terminal import KeyScriptError, TerminalKeys, parse_script

NO_CONFIG = "/nonexistent/elgrande-config.toml"


@pytest.fixture
def run(cli, tmp_path, monkeypatch):
    monkeypatch.setenv("ELGRANDE_CONFIG", NO_CONFIG)
    monkeypatch.delenv("STATE_DIRECTORY", raising=False)
    state = tmp_path / "state"

    def go(*argv, keys: str | None = None):
        args = ["run", "--sim", "--state-dir", str(state), *argv]
        if keys is not None:
            script = tmp_path / "keys.txt"
            script.write_text(keys)
            args += ["--keys", str(script)]
        return cli(*args)

    go.state = state
    return go


def test_a_key_script_plays_and_shows_the_last_screen(run):
    # 2023, 2 players -> colours page
    status, out, err = run(keys="4  # El Grande 2023\n1 1 4  # 2 players\n")
    assert status == 0, err
    assert "How many players?" not in out
    assert out.count("[4] OK") == 1  # only the last screen is shown for a script
    assert "5 frames shown" in out  # the first screen and one per press


def test_a_game_is_kept_and_resumes_on_the_next_start(run):
    # Through the wizard with the defaults and into round 1 of a 4-player game.
    status, out, err = run(keys="4 4 " + "4 " * 12)
    assert status == 0, err
    assert (run.state / "game.jsonl").exists()
    before = (run.state / "game.jsonl").read_text()
    status, out, err = run(keys="")
    assert status == 0, err
    assert "Game resumed where it stood" in out
    assert (run.state / "game.jsonl").read_text() == before  # reading it changes nothing


def test_frames_are_written_as_png(run, tmp_path):
    frames = tmp_path / "frames"
    status, out, err = run("--frames", str(frames), keys="4 2 4")
    assert status == 0, err
    names = sorted(p.name for p in frames.glob("*.png"))
    assert len(names) == 4 and names[0].startswith("0001-")


def test_art_mode_draws_the_panel_pixels(run):
    status, out, err = run("--art", keys="")
    assert status == 0, err
    assert "█" in out and "Which edition?" not in out


def test_a_bad_key_script_is_one_line(run):
    status, out, err = run(keys="4 4\n4 X9\n")
    assert status == 2
    assert err.strip() == ("elgrande-companion run: keys.txt line 2: 'X9' is not a key "
                           "(use 1-4 for a press, L1-L4 for a long press, q to quit and start again)")


def test_a_bad_config_is_one_line_naming_the_key(cli, tmp_path):
    config = tmp_path / "config.toml"
    config.write_text("[display]\nrotation = 45\n")
    status, out, err = cli("run", "--sim", "--config", str(config), "--state-dir", str(tmp_path))
    assert status == 2
    assert len(err.strip().splitlines()) == 1 and "display.rotation" in err


def test_hardware_required_but_absent_is_one_line(cli, tmp_path, monkeypatch):
    monkeypatch.setenv("ELGRANDE_CONFIG", NO_CONFIG)
    monkeypatch.setattr("hardware.missing", lambda dev="/dev": ["no /dev/spidev0.0: SPI is off"])
    status, out, err = cli("run", "--hardware", "--state-dir", str(tmp_path))
    assert status == 2
    assert err.strip() == "elgrande-companion run: no Pi hardware: no /dev/spidev0.0: SPI is off"


def test_without_hardware_the_simulator_says_so(cli, tmp_path, monkeypatch):
    monkeypatch.setenv("ELGRANDE_CONFIG", NO_CONFIG)
    monkeypatch.setattr("hardware.missing", lambda dev="/dev": ["no /dev/spidev0.0: SPI is off"])
    monkeypatch.setattr("sys.stdin", io.StringIO("2 q\n"))
    status, out, err = cli("run", "--state-dir", str(tmp_path))
    assert status == 0
    assert "running the simulator" in err
    assert "> El Grande classic" in out  # KEY2 moved the cursor down


def test_script_words():
    assert parse_script("1 2\n# a comment\nL4 l1 ! $  # hold\n") == [
        KeyEvent(0), KeyEvent(1), KeyEvent(3, True), KeyEvent(0, True), KeyEvent(0, True), KeyEvent(3, True)]
    with pytest.raises(KeyScriptError, match="line 1: '5'"):
        parse_script("5")


def test_piped_words_stop_at_q():
    keys = TerminalKeys(io.StringIO("1 L2\n3 q 4\n"))
    assert list(keys.events()) == [KeyEvent(0), KeyEvent(1, True), KeyEvent(2)]
    assert keys.quit


def test_the_shipped_sample_game_script_plays_to_the_standings(run):
    from companion.measure.key_scripts import SAMPLE_KEYS

    status, out, err = run(keys=SAMPLE_KEYS.read_text())
    assert status == 0, err
    assert "Game over" in out
    assert "Red wins with 71" in out
    standings = [line.split() for line in out.splitlines() if line.strip()[:2] in ("1.", "2.", "3.", "4.")]
    assert standings == [["1.", "Red", "71"], ["2.", "Green", "54"], ["3.", "Blue", "49"], ["4.", "Yellow", "48"]]
    from hardware.sim.terminal import parse_script

    presses = len(parse_script(SAMPLE_KEYS.read_text(), "sample"))
    assert f"{presses + 1} frames shown" in out  # the first frame, then one per press


def test_the_shipped_board_sample_plays_to_standings_that_follow_from_the_board(run):
    from companion.measure.key_scripts import SAMPLE_BOARD_KEYS

    status, out, err = run(keys=SAMPLE_BOARD_KEYS.read_text())
    assert status == 0, err
    assert "Green wins with 57" in out
    standings = [line.split() for line in out.splitlines() if line.strip()[:2] in ("1.", "2.", "3.", "4.")]
    assert standings == [["1.", "Green", "57"], ["2.", "Blue", "55"], ["3.", "Yellow", "49"], ["4.", "Red", "45"]]
    journal = [json.loads(line) for line in (run.state / "game.jsonl").read_text().splitlines()]
    assert journal[0]["settings"]["board"] is True
    kinds = {step.get("step") for line in journal[1:] for step in line.get("unit", [line])}
    assert {"Placed", "CourtIntake"} <= kinds and not kinds & {"CountsCorrected", "CaballerosMoved"}


def test_the_shipped_colonies_game_plays_to_its_standings(run):
    from companion.measure.key_scripts import SAMPLE_COLONIES_KEYS

    status, out, err = run(keys=SAMPLE_COLONIES_KEYS.read_text())
    assert status == 0, err
    standings = [line.split() for line in out.splitlines() if line.strip()[:2] in ("1.", "2.", "3.", "4.")]
    assert standings == [["1.", "Blue", "80"], ["2.", "Yellow", "77"], ["3.", "Red", "76"], ["4.", "Green", "69"]]
    header = json.loads((run.state / "game.jsonl").read_text().splitlines()[0])
    assert header["settings"]["expansion"] == "colonies" and header["settings"]["edition"] == "classic"


def test_the_shipped_colonies_game_with_the_board_recorded_plays_to_its_standings(run):
    from companion.measure.key_scripts import SAMPLE_COLONIES_BOARD_KEYS

    status, out, err = run(keys=SAMPLE_COLONIES_BOARD_KEYS.read_text())
    assert status == 0, err
    standings = [line.split() for line in out.splitlines() if line.strip()[:2] in ("1.", "2.", "3.", "4.")]
    assert standings == [["1.", "Green", "83"], ["2.", "Red", "75"], ["3.", "Blue", "63"], ["4.", "Yellow", "55"]]
    journal = [json.loads(line) for line in (run.state / "game.jsonl").read_text().splitlines()]
    assert journal[0]["settings"]["expansion"] == "colonies" and journal[0]["settings"]["board"] is True
    kinds = {step.get("step") for line in journal[1:] for step in line.get("unit", [line])}
    assert {"SetupDiscs", "Placed", "Sailed", "Delivered", "CaballerosMoved", "TileMoved", "SpecialScoringStarted"} <= kinds


def test_the_shipped_grandissimo_board_game_plays_to_its_standings(run):
    from companion.measure.key_scripts import SAMPLE_GRANDISSIMO_BOARD_KEYS

    status, out, err = run(keys=SAMPLE_GRANDISSIMO_BOARD_KEYS.read_text())
    assert status == 0, err
    standings = [line.split() for line in out.splitlines() if line.strip()[:2] in ("1.", "2.", "3.")]
    assert standings == [["1.", "Blue", "68"], ["2.", "Red", "50"], ["3.", "Green", "46"]]
    journal = [json.loads(line) for line in (run.state / "game.jsonl").read_text().splitlines()]
    assert journal[0]["settings"]["expansion"] == "grandissimo" and journal[0]["settings"]["board"] is True
    kinds = {step.get("step") for line in journal[1:] for step in line.get("unit", [line])}
    assert {"Placed", "Sailed", "Jailed", "Pardoned", "HoldingMoved"} <= kinds
    assert not kinds & {"CountsCorrected", "CaballerosMoved"}


def test_the_shipped_intrigue_game_plays_to_its_standings(run):
    from companion.measure.key_scripts import SAMPLE_INTRIGUE_KEYS

    status, out, err = run(keys=SAMPLE_INTRIGUE_KEYS.read_text())
    assert status == 0, err
    standings = [line.split() for line in out.splitlines() if line.strip()[:2] in ("1.", "2.", "3.")]
    assert standings == [["1.", "Red", "99"], ["2.", "Green", "87"], ["3.", "Blue", "66"]]
    journal = [json.loads(line) for line in (run.state / "game.jsonl").read_text().splitlines()]
    assert journal[0]["settings"]["expansion"] == "intrigue" and journal[0]["settings"]["edition"] == "classic"
    kinds = {step.get("step") for line in journal[1:] for step in line.get("unit", [line])}
    assert {"IntrigueCardPlayed", "SpecialActionChosen"} <= kinds
    assert not kinds & {"PowerCardPlayed", "ActionCardTaken"}


def test_the_shipped_king_colonies_game_plays_to_its_standings(run):
    from companion.measure.key_scripts import SAMPLE_KING_COLONIES_KEYS

    status, out, err = run(keys=SAMPLE_KING_COLONIES_KEYS.read_text())
    assert status == 0, err
    standings = [line.split() for line in out.splitlines() if line.strip()[:2] in ("1.", "2.", "3.", "4.")]
    assert standings == [["1.", "Red", "86"], ["2.", "Blue", "81"], ["3.", "Green", "74"], ["4.", "Yellow", "67"]]
    journal = [json.loads(line) for line in (run.state / "game.jsonl").read_text().splitlines()]
    assert journal[0]["settings"]["expansion"] == "king_colonies" and journal[0]["settings"]["edition"] == "classic"
    chosen = {step.get("action") for line in journal[1:] for step in line.get("unit", [line])
              if step.get("step") == "SpecialActionChosen"}
    assert {"grand_inquisitor", "stack_7", "king", "intrigue", "own"} <= chosen



def test_the_shipped_king_colonies_board_game_plays_to_its_standings_from_the_board(run):
    from companion.measure.key_scripts import SAMPLE_KING_COLONIES_BOARD_KEYS

    status, out, err = run(keys=SAMPLE_KING_COLONIES_BOARD_KEYS.read_text())
    assert status == 0, err
    standings = [line.split() for line in out.splitlines() if line.strip()[:2] in ("1.", "2.", "3.", "4.")]
    assert standings == [["1.", "Blue", "81"], ["2.", "Red", "77"], ["3.", "Green", "74"], ["4.", "Yellow", "45"]]
    journal = [json.loads(line) for line in (run.state / "game.jsonl").read_text().splitlines()]
    settings = journal[0]["settings"]
    assert settings["expansion"] == "king_colonies" and settings["board"] is True
    kinds = {step.get("step") for line in journal[1:] for step in line.get("unit", [line])}
    assert {"SetupDiscs", "CourtIntake", "Placed", "Sailed", "CaballerosMoved"} <= kinds
    assert "CountsCorrected" not in kinds


def test_the_shipped_intrigue_board_game_plays_to_its_standings_from_the_board(run):
    from companion.measure.key_scripts import SAMPLE_INTRIGUE_BOARD_KEYS

    status, out, err = run(keys=SAMPLE_INTRIGUE_BOARD_KEYS.read_text())
    assert status == 0, err
    standings = [line.split() for line in out.splitlines() if line.strip()[:2] in ("1.", "2.", "3.")]
    assert standings == [["1.", "Red", "86"], ["2.", "Blue", "51"], ["3.", "Green", "49"]]
    journal = [json.loads(line) for line in (run.state / "game.jsonl").read_text().splitlines()]
    settings = journal[0]["settings"]
    assert settings["expansion"] == "intrigue" and settings["board"] is True
    steps = [step for line in journal[1:] for step in line.get("unit", [line])]
    kinds = {step.get("step") for step in steps}
    assert {"SetupDiscs", "CourtIntake", "Placed", "TileMoved", "SpecialScoringStarted"} <= kinds
    assert "CountsCorrected" not in kinds

def test_the_settings_files_edition_is_where_the_wizard_starts(run, tmp_path):
    config = tmp_path / "config.toml"
    config.write_text('[game]\nedition = "classic"\n')
    status, out, err = run("--config", str(config), keys="")
    assert status == 0, err
    assert "> El Grande classic" in out
    status, out, err = run("--config", str(config), keys="4 " * 14)  # OK on everything: into round 1
    assert status == 0, err
    assert json.loads((run.state / "game.jsonl").read_text().splitlines()[0])["settings"]["edition"] == "classic"


def test_q_in_a_key_script_quits_and_starts_again_on_the_saved_game(run):
    from companion.measure.key_scripts import SAMPLE_KEYS

    keys = SAMPLE_KEYS.read_text().splitlines()
    # Quit after the first Power card, and again in the middle of the game: each restart
    # shows "Game resumed" (one OK), then the game goes on to the same standings.
    cut = len(keys) // 2
    script = "\n".join(keys[:4] + ["q", "4"] + keys[4:cut] + ["q 4"] + keys[cut:])
    status, out, err = run(keys=script)
    assert status == 0, err
    standings = [line.split() for line in out.splitlines() if line.strip()[:2] in ("1.", "2.", "3.", "4.")]
    assert standings == [["1.", "Red", "71"], ["2.", "Green", "54"], ["3.", "Blue", "49"], ["4.", "Yellow", "48"]]


def test_seed_makes_a_new_games_draws_repeatable(run, tmp_path):
    import json

    drawn = []
    for attempt in range(2):
        status, out, err = run("--seed", "12345", keys="4 " * 7 + "1 " + "4 " * 5)  # ▲ to *Companion draws all*
        assert status == 0, err
        path = run.state / "game.jsonl"
        lines = path.read_text().splitlines()
        path.rename(tmp_path / f"game-{attempt}.jsonl")
        drawn.append([json.loads(line) for line in lines[1:]] + [json.loads(lines[0])["settings"]["seed"]])
    assert drawn[0] == drawn[1] and drawn[0][-1] == 12345
