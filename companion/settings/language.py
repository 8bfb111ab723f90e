"""The settings file's ``[game] language``: the table's language, checked as the file's other keys are.

"" (the default) is the system's language: the environment's LANGUAGE, LC_ALL, LC_MESSAGES or LANG
where it names a language the table speaks, else English (companion/language/__init__.py,
:func:`~companion.language.from_environment`). The game log records no words, only keys and
numbers, so a game started in one language resumes in another.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from companion.language import PSEUDO, SUPPORTED, WHOLE, _, from_environment
from companion.settings.words import _Bad, _describe, _quote

#: What the key takes: a supported language's code, or "" for the system's.
CHOICES = ("", *SUPPORTED)


def check(key: str, value: object) -> str:
    """``value`` when it names a language the table speaks (or ""), else one line saying what would."""
    shown = ", ".join(_quote(code) for code in SUPPORTED)
    if isinstance(value, str) and value in CHOICES:
        return value
    said = _quote(value) if isinstance(value, str) else _describe(value)
    raise _Bad(_('{key} must be one of {shown} (or "" for the system\'s language), not {said}').format(
        key=key, shown=shown, said=said))


def table_language(setting: str, env: Mapping[str, str] | None = None) -> str:
    """The language the table speaks: the file's, else the system's where every page speaks it
    (companion/language WHOLE), else English."""
    if setting:
        return setting
    system = from_environment(os.environ if env is None else env)
    return system if system in WHOLE or system == PSEUDO else "en"
