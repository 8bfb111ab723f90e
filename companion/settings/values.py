"""The settings file's values, key by key: each check takes the key's name and the TOML value and
returns the value the settings hold, or raises ``_Bad`` with one line a table can act on
(file.py names the file and joins the checks to the keys in ``_CHECKS``)."""

from __future__ import annotations

import os
import unicodedata

from companion.language import _
from companion.settings.bounds import NAME_LENGTH, NUMBERS, PLACE_LENGTH, ROSTER_SIZE
from companion.settings.words import _Bad, _describe, _quote

#: The GPIO numbers a key may be on (the bounds' keys.pins).
GPIO = NUMBERS["keys", "pins"]


def _integer(key: str, value) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _Bad(_('{key} must be a whole number, not {describe}').format(key=key, describe=_describe(value)))
    if refusal := NUMBERS[_section_key(key)].refusal(key, value):
        raise _Bad(refusal)
    return value


def _seconds(key: str, value) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise _Bad(_('{key} must be a number of seconds, not {describe}').format(key=key, describe=_describe(value)))
    if refusal := NUMBERS[_section_key(key)].refusal(key, value):  # also refuses nan
        raise _Bad(refusal)
    return float(value)


def _section_key(key: str) -> tuple[str, str]:
    section, _, name = key.partition(".")
    return section, name


def _one_of(key: str, value, choices: tuple) -> object:
    shown = ", ".join(_quote(c) if isinstance(c, str) else str(c) for c in choices)
    kinds = {type(c) for c in choices}
    if isinstance(value, bool) or type(value) not in kinds:
        raise _Bad(_('{key} must be one of {shown}, not {describe}').format(key=key, shown=shown, describe=_describe(value)))
    if value not in choices:
        raise _Bad(_("{key} must be one of {shown}, not {said}").format(
            key=key, shown=shown, said=_quote(value) if isinstance(value, str) else value))
    return value


def _pins(key: str, value) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise _Bad(_("{key} must be a list of 4 GPIO numbers like [5, 6, 13, 19], not {describe}").format(
            key=key, describe=_describe(value)))
    if len(value) != 4:
        raise _Bad(_('{key} must have 4 GPIO numbers (KEY1..KEY4), not {count}').format(key=key, count=len(value)))
    pins: list[int] = []
    for index, pin in enumerate(value, start=1):
        if isinstance(pin, bool) or not isinstance(pin, int):
            raise _Bad(_("{key}: KEY{index} must be a GPIO number, not {describe}").format(
                key=key, index=index, describe=_describe(pin)))
        if not GPIO.holds(pin):
            raise _Bad(_("{key}: KEY{index} must be a BCM GPIO number from {low:g} to {high:g}, not {pin}").format(
                key=key, index=index, low=GPIO.low, high=GPIO.high, pin=pin))
        if pin in pins:
            raise _Bad(_("{key}: GPIO {pin} is given twice (KEY{first} and KEY{index})").format(
                key=key, pin=pin, first=pins.index(pin) + 1, index=index))
        pins.append(pin)
    return tuple(pins)


def _edition(key: str, value) -> str:
    from companion.rules.editions import EDITIONS

    return str(_one_of(key, value, tuple(EDITIONS)))


def _path(key: str, value) -> str:
    if not isinstance(value, str):
        raise _Bad(_('{key} must be a folder path in quotes, not {describe}').format(key=key, describe=_describe(value)))
    if not value.isprintable():
        raise _Bad(_('{key} must be a folder path of printable characters, not {quote}').format(key=key, quote=_quote(value)))
    if value and not os.path.isabs(os.path.expanduser(value)):
        raise _Bad(_('{key} must be a full path like "/home/pi/elgrande-games" (or "" for the default), not {quote}').format(
            key=key, quote=_quote(value)))
    return value


def _classic_text(key: str, value) -> str:
    from companion.rules.editions import CLASSIC_TEXTS

    shown = " or ".join(_quote(text) for text in CLASSIC_TEXTS)
    if isinstance(value, int) and not isinstance(value, bool) and str(value) in CLASSIC_TEXTS:
        raise _Bad(_('{key} must be {shown} in quotes, not the number {value}').format(key=key, shown=shown, value=value))
    if not isinstance(value, str) or value not in CLASSIC_TEXTS:
        raise _Bad(_("{key} must be {shown}, not {said}").format(
            key=key, shown=shown, said=_quote(value) if isinstance(value, str) else _describe(value)))
    return value


def _roster(key: str, value) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(name, str) for name in value):
        raise _Bad(_('{key} must be a list of names in quotes like ["Ann", "Bo"], not {describe}').format(
            key=key, describe=_describe(value)))
    if len(value) > ROSTER_SIZE:
        raise _Bad(_("{key} holds at most {ROSTER_SIZE} names, not {count}").format(
            key=key, ROSTER_SIZE=ROSTER_SIZE, count=len(value)))
    for name in value:
        if not name.strip() or len(name) > NAME_LENGTH or not name.isprintable():
            raise _Bad(_("{key}: a name is 1 to {NAME_LENGTH} characters on one line, not {quote}").format(
                key=key, NAME_LENGTH=NAME_LENGTH, quote=_quote(name)))
    if len({name.casefold() for name in value}) != len(value):
        raise _Bad(_('{key}: a name is given twice').format(key=key))
    return tuple(name.strip() for name in value)


def _owner(key: str, value) -> str:
    """A player's name as the roster holds them (1 to NAME_LENGTH characters on one line), or "" for nobody."""
    if not isinstance(value, str):
        raise _Bad(_('{key} must be a player\'s name in quotes like "Ann" (or ""), not {describe}').format(
            key=key, describe=_describe(value)))
    if value and (not value.strip() or len(value) > NAME_LENGTH or not value.isprintable()):
        raise _Bad(_('{key} must be a name of 1 to {NAME_LENGTH} characters on one line (or ""), not {quote}').format(
            key=key, NAME_LENGTH=NAME_LENGTH, quote=_quote(value)))
    return value.strip()


def _place(key: str, value) -> str:
    if not isinstance(value, str):
        raise _Bad(_('{key} must be a name in quotes like "Table", not {describe}').format(key=key, describe=_describe(value)))
    if not value.strip() or len(value) > PLACE_LENGTH or any(unicodedata.category(c) in ("Cc", "Zl", "Zp") for c in value):
        raise _Bad(_('{key} must be a name of 1 to {PLACE_LENGTH} characters on one line, like "Table", not {quote}').format(
            key=key, PLACE_LENGTH=PLACE_LENGTH, quote=_quote(value)))
    return value
