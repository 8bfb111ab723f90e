"""`elgrande-companion run --keys sample`: the shipped sample game by name, from any folder, afresh
on every run (companion/samples/__init__.py); a script given as a path still resumes its folder's game."""

from companion import samples


def test_the_sample_plays_by_name_from_anywhere_and_a_second_run_plays_it_again(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # not the checkout's root
    folder = tmp_path / "demo"
    first = cli("run", "--keys", "sample", "--state-dir", str(folder))
    assert first[0] == 0, first[2]
    assert "Green wins with 57" in first[1]
    second = cli("run", "--keys", "sample", "--state-dir", str(folder))
    assert second[0] == 0, second[2]
    assert "Green wins with 57" in second[1] and "starts afresh" in second[2]
    assert len(list((folder / "games").glob("*.jsonl"))) == 1  # the first run's game, kept


def test_a_sample_by_name_keeps_its_own_folder_apart_from_the_tables_games(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("ELGRANDE_CONFIG", str(tmp_path / "none.toml"))
    status, _, err = cli("run", "--keys", "sample_game")
    assert status == 0, err
    home = tmp_path / "state" / "elgrande-companion"
    assert (home / "samples" / "sample_game" / "game.jsonl").exists()
    assert not (home / "game.jsonl").exists()


def test_every_shipped_script_is_reachable_by_its_name_and_a_path_is_not_a_name():
    assert samples.shipped("sample") == samples.HERE / "sample_board_game.keys"
    for name in samples.names():
        assert samples.shipped(name) is not None, name
    for not_a_name in ("", "../sample_game", "/etc/passwd", ".hidden", "nope"):
        assert samples.shipped(not_a_name) is None


def test_an_unknown_script_names_the_shipped_ones(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    status, _, err = cli("run", "--keys", "nope", "--state-dir", str(tmp_path / "s"))
    assert status == 2 and "sample_colonies_game" in err


def test_a_sample_by_name_plays_with_the_draws_it_was_written_with(cli, tmp_path, monkeypatch):
    """The companion's deal comes from the game's seed: played by name, the dealt classic sample gets the
    seed the bench and the tests play it with (samples.SEED) and ends on the standings the bench counts;
    --seed still says another deal, and other standings."""
    from companion.play.game import Game
    from companion.record.journal import read_only

    monkeypatch.chdir(tmp_path)
    from companion.measure.key_scripts import play, script_presses

    want = play(script_presses(samples.shipped("sample_dealt_classic_game")), tmp_path / "bench", seed=1).game
    ends = []
    for folder, extra in (("dealt", ()), ("other", ("--seed", "7"))):
        status, _, err = cli("run", "--keys", "sample_dealt_classic_game", *extra, "--state-dir", str(tmp_path / folder))
        assert status == 0, err
        game = Game.from_record(read_only(tmp_path / folder / "game.jsonl"))
        ends.append((game.phase, dict(game.state.scores)))
        game.close()
    assert ends[0] == ("game_over", dict(want.state.scores))
    assert ends[1][1] != ends[0][1]  # another deal, another game
