"""Entry point: `elgrande-companion [run|score|replay|screens|bench] ...`.

Only this module (and app.py) knows every layer. Every user error ends as
one line on stderr and exit status 2, never a traceback.
"""

import argparse
import os
import sys
from importlib import import_module

from companion import __version__, language
from companion.commands import UsageError
from companion.language import _
from companion.language.argparse_words import speak

PROG = "elgrande-companion"

#: The sub-commands, in the order `--help` lists them; each lives in companion/commands/<name>.py.
COMMANDS = ("run", "score", "replay", "export", "screens", "bench", "config")


class Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line, not usage text plus a line."""

    def error(self, message: str):  # noqa: D102 - argparse API
        raise UsageError(message)


def build_parser(command: str | None = None) -> Parser:
    """The parser for every sub-command, or only for ``command`` when it names one.

    Only the chosen command's module is imported, so a start does not pay for
    the others' imports (bench, score, config ...); ``--help``, ``--version``
    and an unknown command still see them all.
    """
    names = (command,) if command in COMMANDS else COMMANDS
    parser = Parser(
        prog=PROG,
        description=_("Referee and scorekeeper for the board game El Grande."),
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}",
                        help=_("show program's version number and exit"))
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for name in names:
        import_module(f"companion.commands.{name}").add_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    # The command line speaks the system's language (LANGUAGE, LC_ALL, LC_MESSAGES, LANG); the table
    # speaks the settings file's [game] language (companion/settings/language.py).
    language.use(language.from_environment(os.environ))
    speak()
    command = argv[0] if argv else None
    if command is None or (command.startswith("-") and command not in ("-h", "--help", "--version")):
        argv = ["run", *argv]  # `elgrande-companion` alone runs the companion
    parser = build_parser(argv[0])
    try:
        args = parser.parse_args(argv)
        return args.handler(args)
    except UsageError as error:
        name = f"{PROG} {args_command(argv)}".rstrip()
        print(f"{name}: {one_line(str(error))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (`replay ... | head`): end quietly, and keep Python from
        # complaining about stdout again when it flushes at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except Exception as error:  # a bug of ours: one line for the table, the traceback on request
        if os.environ.get("ELGRANDE_DEBUG"):
            raise
        name = f"{PROG} {args_command(argv)}".rstrip()
        print(_("{name}: internal error ({kind}: {message}); run again with ELGRANDE_DEBUG=1 for the details, and please "
                "report it").format(
            name=name, kind=type(error).__name__, message=one_line(str(error))[:200]), file=sys.stderr)
        return 1


def one_line(text: str) -> str:
    """A message on one line, whatever a path in it holds."""
    return text.replace("\r", "\\r").replace("\n", "\\n")


def args_command(argv: list[str]) -> str:
    return argv[0] if argv and not argv[0].startswith("-") else ""
