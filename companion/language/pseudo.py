"""The pseudo-locale "xx": every marked string wrapped in « » and lengthened by a third.

Generated from the English, never a file to keep: a test run under it shows at once which text
on a page or in ``--help`` was never marked (it is the text without « »), and whether the longer
words still fit. The placeholders (``{name}``, ``%(prog)s``, ``%s``) stay as they are, so the
wrapped string formats as the English does.
"""

from __future__ import annotations

import gettext
import re

#: What a translation must keep: str.format and %-style fields, and the words a command line types as they
#: are (--options, METAVARS, $VARIABLES, paths).
_PLACEHOLDER = re.compile(r"(\{[^{}]*\}|%\([^)]*\)[-#0 +]*\d*[sdrif]|%[-#0 +]*\d*[sdrif%]"
                          r"|--?[A-Za-z][\w-]*|\b[A-Z][A-Z0-9_]+\b|\$\w+|~?/[\w./-]+)")
#: Vowels take an accent (Latin-1: the panel's fonts draw them), so unmarked English stands out.
_ACCENTS = str.maketrans("aeiouAEIOU", "áéíóúÁÉÍÓÚ")
OPEN, CLOSE = "«", "»"


def wrap(message: str) -> str:
    """``message`` as the pseudo-locale says it."""
    if not message:
        return message
    parts = _PLACEHOLDER.split(message)
    said = "".join(part if i % 2 else part.translate(_ACCENTS) for i, part in enumerate(parts))
    words = sum(len(part) for i, part in enumerate(parts) if not i % 2)
    return f"{OPEN}{said}{'~' * (words // 3)}{CLOSE}"


class Pseudo(gettext.NullTranslations):
    """gettext's translations, each one wrapped."""

    def gettext(self, message: str) -> str:
        return wrap(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return wrap(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return wrap(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return wrap(msgid1 if n == 1 else msgid2)
