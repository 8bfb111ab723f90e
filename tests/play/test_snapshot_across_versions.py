"""A snapshot across versions of one rules revision (issue 36): an update that leaves the game code alone
resumes from the snapshot; one that changes a byte of it, or a snapshot without the code's digest, is
replayed from the log. Each snapshot below is sealed, whole and from this very log: only its stamps differ."""

import pytest

from companion.measure.sample import four_player_game
from companion.play import snapshot
from companion.play.game import Game
from companion.record import snapshot as snapshot_file
from companion.record.journal import read_only

SAMPLE = four_player_game()


def game_log(tmp_path, steps=30):
    path = tmp_path / "game.jsonl"
    game = Game.new(SAMPLE.settings, path)
    for step in SAMPLE.steps[:steps]:
        game.send(step)
    game.close()
    return path


def restamped(path, **stamps):
    """The snapshot beside ``path`` rewritten (sealed) with ``stamps`` in place of its own; None removes one."""
    body, why = snapshot_file.read(path)
    assert body is not None, why
    for key, value in stamps.items():
        if value is None:
            del body[key]
        else:
            body[key] = value
    snapshot_file.write(path, body)


def replayed(path, applied):
    """How many steps a resume of ``path`` replayed (0: from its snapshot), its game checked against the log."""
    applied.clear()
    game = Game.resume(path)
    game.close()
    count = len(applied)
    again = Game.from_record(read_only(path))
    assert game.state == again.state and game.phase == again.phase and game.steps == again.steps
    return count


def test_another_version_with_this_game_code_resumes_from_its_snapshot(tmp_path, applied):
    path = game_log(tmp_path)
    restamped(path, version="0.7.9/rules-6/snapshot-3/0123456789abcdef")
    assert replayed(path, applied) == 0


def test_a_snapshot_of_another_game_code_is_replayed_from_the_log(tmp_path, applied):
    path = game_log(tmp_path)
    digest = snapshot.code_digest()
    restamped(path, version="0.7.9/rules-6/snapshot-3/0123456789abcdef", code=digest[:-1] + ("0" if digest[-1] != "0" else "1"))
    assert replayed(path, applied) == 30
    assert replayed(path, applied) == 0  # and the snapshot written again is this code's


def test_an_older_snapshot_without_the_codes_digest_is_replayed_after_an_update(tmp_path, applied):
    path = game_log(tmp_path)
    restamped(path, version="0.7.9/rules-6/snapshot-3/0123456789abcdef", code=None)
    assert replayed(path, applied) == 30


def test_the_same_version_needs_no_digest(tmp_path, applied):
    """A snapshot written before the digest (no "code"), by this very version: trusted as it always was."""
    path = game_log(tmp_path)
    restamped(path, code=None)
    assert replayed(path, applied) == 0


def test_a_changed_byte_of_the_game_code_changes_the_digest_and_a_touched_file_does_not(tmp_path, monkeypatch):
    """The digest reads the files' bytes (a reinstall that rewrites every time keeps it), not their times."""
    code = tmp_path / "companion"
    for folder in snapshot.PROVEN:
        (code / folder).mkdir(parents=True, exist_ok=True)
        (code / folder / "a.py").write_text(f"# {folder}\n")
    monkeypatch.setattr(snapshot, "__file__", str(code / "play" / "snapshot.py"))

    def digest():
        snapshot._digest.clear()
        return snapshot.code_digest()

    try:
        first = digest()
        (code / "engine" / "a.py").touch()
        import os

        os.utime(code / "rules" / "a.py", (1, 1))
        assert digest() == first
        (code / "record" / "a.py").write_text("# record!\n")
        assert digest() != first
    finally:
        snapshot._digest.clear()


def test_the_digest_names_the_rules_revision_and_the_snapshot_format():
    from companion.engine.settings import REVISION

    assert snapshot.code_digest().startswith(f"rules-{REVISION}/snapshot-{snapshot.FORMAT_VERSION}/")


def test_a_resume_of_this_very_version_keeps_its_snapshots_digest_and_hashes_no_code(tmp_path, monkeypatch):
    """The digest a trusted snapshot of this version holds is the code's own; the resume keeps it, so the
    game's next snapshot carries it without reading the code's files again."""
    path = game_log(tmp_path)
    written = snapshot_file.read(path)[0]["code"]
    assert written == snapshot.code_digest()
    snapshot.version()  # the version's own stamp (names, sizes, times) kept, as every start keeps it
    monkeypatch.setattr(snapshot, "_digest", [])
    monkeypatch.setattr(snapshot, "_code_files", lambda *folders: pytest.fail("the code was read again"))
    game = Game.resume(path)
    assert game.from_snapshot and snapshot.code_digest() == written
    game.send(SAMPLE.steps[30])
    game.close()
    assert snapshot_file.read(path)[0]["code"] == written


def test_a_snapshot_of_another_version_lends_no_digest(tmp_path, monkeypatch):
    """Only a snapshot of this very version says what this code's digest is: another's is checked against it."""
    path = game_log(tmp_path)
    restamped(path, version="0.7.9/rules-6/snapshot-3/0123456789abcdef", code="rules-6/snapshot-3/not-this-code")
    monkeypatch.setattr(snapshot, "_digest", [])
    game = Game.resume(path)
    assert not game.from_snapshot
    game.close()
    assert snapshot.code_digest() != "rules-6/snapshot-3/not-this-code"
