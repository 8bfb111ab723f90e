"""Key scripts' words (docs/ui.md, "Key scripts"): `#` only begins a comment, KEY3 is held with L3,
and the older scripts' `!`, `@`, `$` are still holds."""

from companion.ui.key_event import KeyEvent
from hardware.sim.terminal import parse_script


def test_hold_key3_is_l3_and_a_hash_always_begins_a_comment():
    assert parse_script("L3 # hold KEY3, then a comment: 1 2\n#4 4\n3") == [KeyEvent(2, long=True), KeyEvent(2)]


def test_an_older_scripts_shifted_digits_still_hold_their_keys():
    assert parse_script("! @ $") == [KeyEvent(0, long=True), KeyEvent(1, long=True), KeyEvent(3, long=True)]


def test_a_hash_glued_to_a_word_ends_the_word_there():
    assert parse_script("4#ok") == [KeyEvent(3)]
