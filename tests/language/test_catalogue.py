"""The catalogues hold every string the code marks, say each one's placeholders, and their .mo is their .po.

The marks are extracted here with Babel's own extractor (the mapping of babel.cfg, as
`pybabel extract` reads it), offline and in about a second: a string marked in the code and missing
from a catalogue fails, and so does one a catalogue keeps that no code marks any more.
"""

import gettext
import re
from pathlib import Path

import pytest

from companion import language

babel = pytest.importorskip("babel")
from babel.messages.extract import extract_from_dir  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402

ROOT = Path(__file__).parents[2]
CATALOGUES = [code for code in language.SUPPORTED if code != "en"]


def marked() -> set:
    """Every msgid the code marks (a plural as its (singular, plural) pair)."""
    method_map = [("companion/**.py", "python")]  # babel.cfg's mapping
    found = set()
    for _file, _line, message, _comments, _context in extract_from_dir(str(ROOT), method_map):
        found.add(message if isinstance(message, str) else tuple(message))
    return found


def catalogue(code: str):
    with open(language.LOCALE_DIR / code / "LC_MESSAGES" / f"{language.DOMAIN}.po", "rb") as po:
        return read_po(po)


def key(message):
    return message.id if isinstance(message.id, str) else tuple(message.id)


def test_babel_cfg_maps_the_companion_as_the_test_does():
    assert "[python: companion/**.py]" in (ROOT / "babel.cfg").read_text(encoding="utf-8")


@pytest.mark.parametrize("code", CATALOGUES)
def test_the_catalogue_has_every_marked_string_translated(code):
    in_code = marked()
    cat = catalogue(code)
    have = {key(m): m for m in cat if m.id}
    missing = sorted(map(str, in_code - set(have)))
    assert not missing, f"{code}: marked in the code, not in the catalogue (pybabel update): {missing[:5]}"
    untranslated = sorted(str(k) for k, m in have.items()
                          if not (all(m.string) if isinstance(m.string, tuple) else m.string) or m.fuzzy)
    assert not untranslated, f"{code}: not translated (or fuzzy): {untranslated[:5]}"
    stale = sorted(map(str, set(have) - in_code))
    assert not stale, f"{code}: in the catalogue, marked nowhere (pybabel update drops them): {stale[:5]}"


_FIELD = re.compile(r"\{([^{}]*)\}|%\(([^)]*)\)[sdr]|%[sdr]")


def fields(text: str) -> list[str]:
    return sorted(m.group(0) for m in _FIELD.finditer(text))


@pytest.mark.parametrize("code", CATALOGUES)
def test_each_translation_keeps_the_placeholders(code):
    for m in catalogue(code):
        if not m.id:
            continue
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        strings = [m.string] if isinstance(m.string, str) else list(m.string)
        for said in strings:
            assert fields(said) == fields(ids[-1]), (m.id, said)


@pytest.mark.parametrize("code", CATALOGUES)
def test_the_compiled_mo_is_its_po(code):
    """The .mo is committed (docs/development.md, "The table's language"): it must say what the .po says."""
    folder = language.LOCALE_DIR / code / "LC_MESSAGES"
    with open(folder / f"{language.DOMAIN}.mo", "rb") as mo:
        compiled = gettext.GNUTranslations(mo)._catalog  # type: ignore[attr-defined]
    want = {}
    for m in catalogue(code):
        if not m.id or m.fuzzy:
            continue
        context = f"{m.context}\x04" if m.context else ""  # as gettext keys a msgctxt
        if isinstance(m.id, str):
            want[context + m.id] = m.string
        else:
            for n, said in enumerate(m.string):
                want[(context + m.id[0], n)] = said
    got = {k: v for k, v in compiled.items() if k != ""}
    assert got == want, "the .mo is out of date: pybabel compile -d companion/language/locale -D elgrande"


@pytest.mark.parametrize("code", CATALOGUES)
def test_plural_forms_come_from_the_catalogue(code):
    assert catalogue(code).plural_forms.startswith("nplurals=")
    language.use("de")
    one = language.ngettext("{frames} frame shown; no game started yet (game logs are kept in {dir}).",
                            "{frames} frames shown; no game started yet (game logs are kept in {dir}).", 1)
    two = language.ngettext("{frames} frame shown; no game started yet (game logs are kept in {dir}).",
                            "{frames} frames shown; no game started yet (game logs are kept in {dir}).", 2)
    assert one.startswith("{frames} Bild ") and two.startswith("{frames} Bilder ")


def test_the_catalogues_ship_with_the_package():
    """The .mo is what gettext reads at the table: package data, beside its .po."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"language/locale/*/LC_MESSAGES/*.mo"' in text and '"language/locale/*/LC_MESSAGES/*.po"' in text
