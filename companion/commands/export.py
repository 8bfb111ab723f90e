"""`elgrande-companion export [JOURNAL] [--to DIR]`: the game log and a BG Stats file."""

import argparse
from pathlib import Path

from companion.commands import UsageError
from companion.language import _


def add_parser(sub) -> None:
    p = sub.add_parser("export", help=_("copy a game's log and write a BG Stats import file"),
                       description=_("Writes the game log and, for a finished game, a BG Stats "
                                   "import file (.bgsplay) into a folder, always as new files: "
                                   "<start>-el-grande.jsonl/.bgsplay, with -2, -3 ... when a name is taken."))
    p.add_argument("journal", metavar="GAME_LOG", nargs="?", type=Path,
                   help=_("a game's .jsonl log (default: the current game in the state folder)"))
    p.add_argument("--to", metavar="DIR", type=Path, default=Path("."), help=_("where to write (default: here)"))
    p.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    from companion.play.game import Game
    from companion.record.export import ExportError, export, reason, shown
    from companion.record.files import FileFault
    from companion.record.journal import read_only
    from companion.settings.file import ConfigError, load_config, state_dir

    try:
        config = load_config()
    except ConfigError as error:
        raise UsageError(str(error)) from None
    path = args.journal or state_dir(config) / "game.jsonl"
    try:
        journal = read_only(path)
        game = Game.from_record(journal)
    except FileNotFoundError:
        raise UsageError(_('no such game log: {shown}').format(shown=shown(path))) from None
    except FileFault as error:  # the journal's faults included: one line naming the line
        raise UsageError(_('cannot read {shown}: {error}').format(shown=shown(path), error=error)) from None
    except OSError as error:
        raise UsageError(_('cannot read {shown}: {reason}').format(shown=shown(path), reason=reason(error))) from None
    game.journal = journal
    try:
        written = export(game, args.to, location=config.game.location, me=config.game.me)
    except ExportError as error:
        raise UsageError(str(error)) from None
    for written_path in written:
        print(written_path)
    if not game.over:
        print(_('(no BG Stats file: the game is not over yet — {headline})').format(headline=game.prompt.headline))
    return 0
