"""argparse's own words, marked for the catalogue: argparse looks them up with gettext at call time
(Python's documentation, "Translating the argparse output"), through its module names ``_`` and
``ngettext``; :func:`speak` points them at the table's language.

The marks name the messages of Python 3.11 to 3.13 that the companion's ``--help`` and one-line
errors show; one a newer argparse words otherwise stays English (the pseudo-locale test of the
CLI, tests/language/test_pseudo_cli.py, shows it at once).
"""

from __future__ import annotations

import argparse

from companion import language
from companion.language import N_

MESSAGES = (
    N_("usage: "),
    N_("options"),
    N_("positional arguments"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("not allowed with argument %s"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("expected one argument"),
    N_("expected at least one argument"),
    N_("expected at most one argument"),
    N_("ignored explicit argument %r"),
    N_("one of the arguments %s is required"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
)


def speak() -> None:
    """argparse says its words in the language spoken now (looked up at each call, so a later
    :func:`companion.language.use` counts too)."""
    argparse._ = language._  # type: ignore[attr-defined]
    argparse.ngettext = language.ngettext  # type: ignore[attr-defined]
