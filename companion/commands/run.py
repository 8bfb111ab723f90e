"""`elgrande-companion [run]`: the companion itself (the default command).

On a Raspberry Pi with the e-paper HAT it uses the four keys and the panel;
anywhere else it runs the simulator in this terminal. It always says which,
and why, on start. The game is kept in the state directory and resumes on
the next start.
"""

import argparse
import sys
from pathlib import Path

from companion.commands import UsageError
from companion.language import _, ngettext


def add_parser(sub) -> None:
    p = sub.add_parser("run", help=_("run the companion (the default; a simulator in the terminal without Pi hardware)"),
                       description=_("Runs the companion: the Pi's keys and panel when they are there, "
                                   "else a simulator in this terminal (keys 1-4, !@#$ or l+1-4 to hold, q quits)."))
    where = p.add_mutually_exclusive_group()
    where.add_argument("--sim", action="store_true", help=_("the terminal simulator even on a Pi"))
    where.add_argument("--hardware", action="store_true",
                       help=_("the Pi's keys and panel, or fail (what the systemd service uses)"))
    p.add_argument("--keys", metavar="FILE|NAME",
                   help=_("play a script of key presses (1-4 press, L1-L4 hold, # comments) and stop; a shipped "
                        "sample by name (sample: the 4-player game, board recorded; sample_game, "
                        "sample_colonies_game, ...) starts afresh in its own folder (samples/NAME in the state "
                        "folder) on every run, a FILE plays on the folder's saved game"))
    p.add_argument("--frames", metavar="DIR", type=Path, help=_("also write every frame as a PNG into DIR"))
    p.add_argument("--state-dir", metavar="DIR", type=Path,
                   help=_("where the game is kept (default: the config's, else the user's state directory)"))
    p.add_argument("--config", metavar="FILE", type=Path, help=_("settings file (default: $ELGRANDE_CONFIG, "
                                                              "else ~/.config/elgrande-companion/config.toml)"))
    p.add_argument("--seed", type=int, metavar="N",
                   help=_("the seed of a new game's draws (setup, the dummy), so that a key script replays the same"))
    p.add_argument("--art", action="store_true", help=_("simulator: draw the panel's pixels as text art, not the words"))
    p.add_argument("--scale", type=int, default=2, choices=(1, 2, 3, 4),
                   help=_("with --art: one character per SCALE x SCALE pixels (default 2)"))
    p.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    import logging

    from companion.record.files import FileFault
    from companion.record.saves import Games
    from companion.settings.file import ConfigError, load_config, state_dir

    try:
        config = load_config(args.config)
    except ConfigError as error:
        raise UsageError(str(error)) from None
    from companion import language
    from companion.settings.language import table_language

    language.use(table_language(config.game.language))  # the table's language, from here on
    sample = _sample(args.keys)
    if sample and args.seed is None:  # a sample by name: the draws it was written with (the companion's deal too)
        from companion.samples import SEED

        args.seed = SEED
    folder = args.state_dir or (state_dir(config) / "samples" / Path(sample).stem if sample else state_dir(config))
    script = _read_script(sample or Path(args.keys)) if args.keys else None
    # One line per event on stderr: the terminal's scrollback, or the journal under systemd.
    logging.basicConfig(level=logging.INFO if args.hardware else logging.WARNING,
                        format="%(levelname)s %(name)s: %(message)s")
    games = Games(folder)
    try:
        with games.lock():  # before the journal is opened or repaired, and before the Pi's pins
            games.writable()
            if sample and games.current.exists():  # a sample by name starts afresh; the earlier one is kept
                print(_("The sample starts afresh; its earlier game is kept as {put_aside}.").format(
                    put_aside=games.put_aside()), file=sys.stderr)
            return _run(args, config, games, script)
    except FileFault as error:
        raise UsageError(str(error)) from None


def _run(args: argparse.Namespace, config, games, script) -> int:
    from companion.app import Loop

    ui = _controller(args, config, games)
    size = (config.display.width, config.display.height)
    on_frame = _frame_writer(args.frames) if args.frames else None

    session = None if args.sim or script is not None else _open_pi(config, args.hardware)
    try:
        if session is not None:
            ui.can_switch_off = True  # Menu › Switch off powers the Pi off (the simulator's only says so)
            loop = Loop(ui, session.show, session.size, on_frame=on_frame, scale=_scale(config, session.size),
                        table_after=config.display.table_view, key_waiting=session.key_waiting, settle=True)
            loop.run(session.presses(idle=loop.tick))
            if session.stopped_by is not None:
                print(_('{name} received: closing the panel, the pins and the game.').format(name=session.stopped_by.name),
                      file=sys.stderr)
        elif script is not None:
            ui, loop = _play_script(args, config, games, script, size, on_frame, ui)
        else:
            from companion.ui.draw.plain import plain
            from companion.ui.draw.render import to_text
            from hardware.sim.terminal import TerminalKeys, TerminalScreen

            screen = TerminalScreen()

            def seen(image, view) -> None:
                if on_frame:
                    on_frame(image, view)
                screen.show(to_text(image, args.scale) if args.art else plain(view))

            keys = TerminalKeys()
            loop = Loop(ui, lambda image, kind: None, size, on_frame=seen, scale=_scale(config, size),
                        table_after=config.display.table_view, key_waiting=keys.waiting, settle=True)
            loop.run(keys.events(idle=loop.tick))
    finally:
        try:
            if session is not None:
                session.close()  # STOPPING=1, last frame, panel asleep, its pins, SPI and the keys closed
        finally:
            if ui.game is not None:
                ui.game.close()  # last: each step is on disk (fsynced) already; closing only lets go of it
    if ui.switched_off and session is not None:
        return _power_off()
    if games.unwritable:
        print(ngettext("{frames} frame shown; nothing was recorded: {unwritable}",
                       "{frames} frames shown; nothing was recorded: {unwritable}", loop.frames).format(
            frames=loop.frames, unwritable=games.unwritable))
    elif games.current.exists():
        print(ngettext("{frames} frame shown; the game log is {current}; it resumes on the next start.",
                       "{frames} frames shown; the game log is {current}; it resumes on the next start.", loop.frames).format(
            frames=loop.frames, current=games.current))
    else:
        print(ngettext("{frames} frame shown; no game started yet (game logs are kept in {dir}).",
                       "{frames} frames shown; no game started yet (game logs are kept in {dir}).", loop.frames).format(
            frames=loop.frames, dir=games.dir))
    return 0


def _power_off() -> int:
    """Menu › Switch off, once the panel sleeps on its standby picture: the Pi powered off (0); or, where
    systemd refuses, one line saying why and 1, so that systemd starts the companion again on the game."""
    from hardware.power import power_off

    why = power_off()
    if why:
        print(_('not switched off: {why}').format(why=why), file=sys.stderr)
        return 1
    print(_("switched off: the Pi powers off; the game resumes on the next start."), file=sys.stderr)
    return 0


def _scale(config, size: tuple[int, int]) -> int:
    """Layout pixels to panel pixels for the configured panel and display.reading_distance."""
    from companion.settings.panel import scale_for

    return scale_for(size, config.display.model, config.display.reading_distance)


def _controller(args: argparse.Namespace, config, games):
    from companion.app import make_controller

    seed = (lambda: args.seed) if args.seed is not None else None
    return make_controller(games, seed, edition=config.game.edition, location=config.game.location,
                           hide_castillo=config.game.hide_castillo, roster=config.game.players, me=config.game.me,
                           big_box=config.big_box, classic_text=config.game.classic_text)


def _play_script(args: argparse.Namespace, config, games, script, size, on_frame, ui):
    """A key script, its `q`s quitting and starting again on the saved game; the last screen
    is shown in the terminal. Returns the controller and the loop of the last part."""
    from companion.app import Loop
    from companion.ui.draw.plain import plain
    from companion.ui.draw.render import to_text
    from hardware.sim.terminal import RESTART, TerminalScreen

    shown: list[str] = []

    def seen(image, view) -> None:
        if on_frame:
            on_frame(image, view)
        shown[:] = [to_text(image, args.scale) if args.art else plain(view)]

    parts: list[list] = [[]]
    for event in script:
        parts.append([]) if event is RESTART else parts[-1].append(event)
    frames = 0
    for number, part in enumerate(parts):
        if number:  # quit, and start the companion again on what it saved
            if ui.game is not None:
                ui.game.close()
            ui = _controller(args, config, games)
        loop = Loop(ui, lambda image, kind: None, size, on_frame=seen, scale=_scale(config, size))
        loop.run(iter(part))
        frames += loop.frames
    loop.frames = frames
    TerminalScreen().show(shown[0])
    return ui, loop


def _sample(keys: str | None) -> Path | None:
    """The shipped script ``--keys`` names (companion/samples/__init__.py), unless it is a file here."""
    from companion.samples import shipped

    return shipped(keys) if keys and not Path(keys).exists() else None


#: The largest key script read (a whole Big Box game by keys is about 14 KB).
MAX_SCRIPT = 1 << 20


def _read_script(path: Path):
    from companion.record.files import FileFault, read_regular, shown
    from hardware.sim.terminal import KeyScriptError, parse_script

    try:
        return parse_script(read_regular(path, MAX_SCRIPT).decode("utf-8"), path.name)
    except FileNotFoundError:
        from companion.samples import names

        raise UsageError(_("cannot read key script {shown}: no such file (the shipped ones by name: {samples})").format(
            shown=shown(path), samples=', '.join(names()))) from None
    except FileFault as error:  # a FIFO, /dev/zero, a folder, over 1 MB: refused, never read for ever
        raise UsageError(_('key script {error}').format(error=error)) from None
    except KeyScriptError as error:
        raise UsageError(str(error)) from None
    except ValueError as error:  # (UnicodeDecodeError is one) a NUL in the path, bytes not UTF-8
        if isinstance(error, UnicodeDecodeError):
            raise UsageError(_('key script {shown} is not UTF-8 text').format(shown=shown(path))) from None
        raise UsageError(_('key script {shown}: not a usable path').format(shown=shown(path))) from None


def _frame_writer(folder: Path):
    from companion.ui.draw.render import save_png

    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise UsageError(_("cannot write frames to {folder}: {reason}").format(
            folder=folder, reason=error.strerror or error)) from None
    count = [0]

    def write(image, screen) -> None:
        count[0] += 1
        save_png(image, folder / f"{count[0]:04d}-{screen.kind or 'screen'}.png")

    return write


def _open_pi(config, required: bool):
    """The Pi's keys and panel, or None for the simulator; says which on stderr."""
    import hardware

    reasons = hardware.missing()
    if reasons and not required:
        print(_('No Pi hardware ({reason}): running the simulator in this terminal.').format(reason=reasons[0]), file=sys.stderr)
        return None
    if reasons:
        raise UsageError(_('no Pi hardware: {reason}').format(reason=reasons[0]))
    try:
        from hardware.pi import PiSession, PiUnavailable
    except ImportError as error:
        if required:
            raise UsageError(_('the Pi adapter cannot load: {error}').format(error=error)) from None
        print(_('Pi adapter unavailable ({error}): running the simulator.').format(error=error), file=sys.stderr)
        return None
    try:
        # SIGTERM (systemctl stop/restart) and SIGINT end the loop above; its finally is the shutdown.
        session = PiSession(config).stop_on_signals().open()
    except PiUnavailable as error:
        if required:
            raise UsageError(str(error)) from None
        print(_('Pi hardware found but not usable ({error}): running the simulator.').format(error=error), file=sys.stderr)
        return None
    print(_("Using the Pi: keys on GPIO {pins}, panel {model}.").format(
        pins=', '.join(map(str, config.keys.pins)), model=config.display.model), file=sys.stderr)
    return session
