"""How a settings file's mistake is said: one line, values written as TOML writes them.

Shared by companion/settings/file.py and the sections kept apart from it (companion/settings/big_box.py).
"""

import re
import unicodedata

from companion.language import _


class _Bad(Exception):
    pass


def _describe(value) -> str:
    if isinstance(value, bool):
        return _("{value} (true/false)").format(value=str(value).lower())
    if isinstance(value, str):
        return _("the text {quote}").format(quote=_quote(value))
    if isinstance(value, dict):
        return _("a section")
    if isinstance(value, list):
        return _("a list")
    if isinstance(value, (int, float)):
        return _number(value)
    return _("a {type}").format(type=type(value).__name__)


def _quote(text: str) -> str:
    return '"' + _escape(text.replace("\\", "\\\\").replace('"', '\\"')) + '"'


def _name(key: str) -> str:
    """A key or section name as TOML would write it: bare if it can be, else quoted."""
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else _quote(key)


_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(text: str) -> str:
    """``text`` with control characters and line breaks written as escapes, so a message stays one line."""
    return "".join(_ESCAPES.get(c, f"\\u{ord(c):04x}") if unicodedata.category(c) in ("Cc", "Zl", "Zp") else c
                   for c in text)


def _number(value) -> str:
    return repr(value) if isinstance(value, float) else str(value)


def _flag(key: str, value) -> bool:
    if not isinstance(value, bool):
        raise _Bad(_('{key} must be true or false, not {describe}').format(key=key, describe=_describe(value)))
    return value
