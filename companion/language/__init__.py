"""The table's language: the code's English words looked up in the gettext catalogue of the language chosen.

The code marks each sentence a player reads with :func:`_` (or :func:`ngettext` where a number
decides the form, :func:`N_` where the words are data kept in English and looked up where they are
shown: the cards' titles and texts). ``pybabel extract`` collects the marks into
companion/language/elgrande.pot, each language's catalogue is
companion/language/locale/<code>/LC_MESSAGES/elgrande.po, compiled to the .mo beside it that
Python's gettext reads (docs/development.md, "The table's language"). English is the code's own
words: no catalogue. "xx" is the pseudo-locale of the tests (companion/language/pseudo.py).

One language at a time, chosen by :func:`use`; nothing is translated at import, so a module's
constant stays English and is looked up where it is shown.
"""

from __future__ import annotations

import gettext
from collections.abc import Mapping
from pathlib import Path

#: The gettext domain: the catalogues' file name.
DOMAIN = "elgrande"
#: Where the catalogues are (package data: shipped with the code).
LOCALE_DIR = Path(__file__).parent / "locale"
#: The languages the table speaks, the code's own first.
SUPPORTED = ("en", "de")
#: The languages every page speaks: a table's system language becomes the screens' only where its catalogue
#: covers every page (issue 37: German's covers the command line, the setup, the menus and the standings so
#: far), so a German Pi shows one language, not two, until then; ``[game] language = "de"`` asks for it anyway.
WHOLE = ("en",)
#: Each language by its own name, as a settings page shows it.
NAMES = {"en": "English", "de": "Deutsch", "xx": "Pseudo"}
#: The pseudo-locale: every string wrapped and lengthened (tests only; never a default).
PSEUDO = "xx"
#: The environment variables that name the system's language, in gettext's order.
ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

_active: gettext.NullTranslations = gettext.NullTranslations()
_code = "en"


def use(code: str) -> None:
    """Speak ``code`` from now on ("en", "de" or the pseudo-locale "xx"); ValueError for another."""
    global _active, _code
    _active = translations(code)
    _code = code


def translations(code: str) -> gettext.NullTranslations:
    """The catalogue of ``code``: English is the code's words; a missing .mo is an error, not English."""
    if code == "en":
        return gettext.NullTranslations()
    if code == PSEUDO:
        from companion.language.pseudo import Pseudo

        return Pseudo()
    if code not in SUPPORTED:
        raise ValueError(f"no catalogue for the language {code!r}")
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[code])


def current() -> str:
    """The language spoken now."""
    return _code


def _(message: str) -> str:
    """``message`` in the language spoken now."""
    return _active.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for ``n`` as the catalogue's Plural-Forms choose it (English: singular for 1)."""
    return _active.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in ``context``: one English word that two languages say two ways."""
    return _active.pgettext(context, message)


def N_(message: str) -> str:
    """Marks ``message`` for the catalogue and keeps it English: data looked up with :func:`_` where shown."""
    return message


def from_environment(env: Mapping[str, str]) -> str:
    """The system's language when it is one the table speaks, else English.

    Read as Python's gettext reads it: the first set of LANGUAGE, LC_ALL, LC_MESSAGES, LANG
    decides ("de_DE.UTF-8" names German, "fr:de" too); "C" and "POSIX" are English. Only the
    environment: never the host's /etc. ``LANGUAGE=xx`` is the pseudo-locale (a developer's check).
    """
    for name in ENVIRONMENT:
        value = env.get(name, "")
        if not value:
            continue
        for entry in value.split(":"):
            code = entry.split(".")[0].split("@")[0].split("_")[0].casefold()
            if code in SUPPORTED or code == PSEUDO:
                return code
        return "en"  # the first variable set decides, as for Python's gettext.find
    return "en"
