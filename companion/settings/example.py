"""The default settings file, every key explained: what ``elgrande-companion config --example``
prints and the installer writes. The keys and their checks: file.py."""

from __future__ import annotations

from companion.settings import big_box
from companion.settings.bounds import NUMBERS, PLACE_LENGTH
from companion.settings.file import Config
from companion.settings.words import _number, _quote


def example_config() -> str:
    """The default settings file, every key explained (``elgrande-companion config --example``)."""
    d = Config()
    pins = ", ".join(str(p) for p in d.keys.pins)
    return f"""\
# El Grande table companion: settings.
#
# Lines starting with # are comments. Every value below is the default:
# delete a line (or the whole file) to get the default back. After a change,
# restart the companion:  sudo systemctl restart elgrande-companion
# A mistake here is reported in one line naming the key, in the log:
#   journalctl -u elgrande-companion -e

[keys]
# The four keys beside the screen, as BCM GPIO numbers, KEY1 first.
# The Waveshare 2.7inch HAT wires KEY1..KEY4 to GPIO 5, 6, 13 and 19.
# A pressed key connects its pin to ground.
pins = [{pins}]
# Seconds to hold a key for a long press (the menu, undo). {_bound("keys", "long_press")}.
long_press = {d.keys.long_press}
# Seconds a key must stay pressed before the press counts; shorter glitches
# on the line are ignored. {_bound("keys", "debounce")}.
debounce = {d.keys.debounce}

[display]
# Which panel (`elgrande-companion config --panels` lists them): "2in7_V2" = 2.7inch
# e-Paper HAT V2 (fast partial refresh), "2in7" = the older 2.7inch e-Paper HAT V1 (full
# refresh only, each change blinks), "4in2_V2" = 4.2inch e-Paper V2, "7in5_V2" = 7.5inch
# e-Paper V2 (both without keys: four buttons on keys.pins), "none" = no panel (keys only;
# see the log). Older files say "v2" or "v1" for the 2.7inch ones: still read.
# The 2.7inch V2 has a "V2" sticker on the back of the glass.
model = "{d.display.model}"
# Turn the picture by 0, 90, 180 or 270 degrees (180: the Pi stands upside down).
rotation = {d.display.rotation}
# The panel's size in pixels, long side first: 264 x 176, the 2.7inch panels' (another
# size only with model = "none", for the simulator). Width {_bound("display", "width")},
# height {_bound("display", "height")}.
width = {d.display.width}
height = {d.display.height}
# Quick (partial) refreshes after which one full refresh, which blinks but
# clears the faint shadows (ghosting) partial ones leave behind, is done as
# soon as the keys rest for 2 s. Lower it if you see ghosting; 0 = always
# full refresh. {_bound("display", "partials_before_full")}.
partials_before_full = {d.display.partials_before_full}
# Seconds without a change before the panel is put to sleep, as Waveshare
# asks (the picture stays). 0 = sleep right after each refresh.
# {_bound("display", "idle_sleep")}.
idle_sleep = {_number(d.display.idle_sleep)}
# Seconds to wait for the panel to answer before reporting that it does not
# (check the HAT is pushed fully onto the pins and that model is right).
# {_bound("display", "busy_timeout")}.
busy_timeout = {_number(d.display.busy_timeout)}
# How the panel is driven: "builtin" = the companion's own driver (sends a
# whole picture at once); "waveshare" = Waveshare's Python driver (the
# waveshare_epd or waveshare-epaper package), much slower per picture. The
# same bytes reach the panel either way.
driver = "{d.display.driver}"
# The built-in driver resets the V2 panel before every quick (partial)
# refresh, as all of Waveshare's drivers do; false saves 42 ms a refresh but
# is not yet tried on every panel (elgrande-companion bench --panel times
# both). Keep true unless you have checked the glass.
partial_reset = {str(d.display.partial_reset).lower()}
# "arm" = read in the hand; "table" = read across the table: the larger
# panels draw everything twice as large (the 2.7inch stays as it is).
reading_distance = "{d.display.reading_distance}"
# Seconds without a key press before the panel shows, large, whose turn it
# is, the round and the standings; the next press brings back the page in
# hand (that press does nothing else), so a wait shorter than a pause
# between two presses would take the presses away.
# {_bound("display", "table_view")}.
table_view = {_number(d.display.table_view)}

[game]
# The edition a new game offers first: "2023" (Hans im Glück 2023) or "classic".
edition = "{d.game.edition}"
# Folder of the game logs (this game and the earlier ones). "" = the default:
# /var/lib/elgrande-companion when started by systemd at boot,
# else ~/.local/state/elgrande-companion.
state_dir = "{d.game.state_dir}"
# Where the table stands: the location of each play in the BG Stats file that
# "export" writes (BG Stats groups plays by location). 1 to {PLACE_LENGTH} characters.
location = {_quote(d.game.location)}
# true: the screens never show how many Caballeros are in the Castillo, only
# that a throw was recorded, until the Castillo is scored (as at the table),
# in every game; false: as each game was started (a new game's "Secret
# Castillo" variant, on unless the table switches it off).
hide_castillo = {str(d.game.hide_castillo).lower()}
# The table's regular players, offered as names for each seat of a new game
# (the wizard can also spell a new one), like ["Ann", "Bo", "Cy"].
players = []
# Who owns the BG Stats app the exported games go to, like "Ann": when that
# name plays, the BG Stats file links that player to the app's owner
# ("me"). "" = nobody named (no player of the file is the owner).
me = {_quote(d.game.me)}
# The text a new classic game's cards follow where the rulebooks differ:
# "modern" (the classic edition sold today) or "1995" (the Rio Grande rules:
# the Province card sends one of your own back too, a Special Scoring of a
# region may choose the Castillo, an Eviction disc on the emptied region sends
# them to the Court, and Return 2 takes from a region with 1 when no region
# holds 2). A game keeps the text it started with; 2023 games ignore it.
classic_text = {_quote(d.game.classic_text)}
# The table's language: "en" (English) or "de" (German, the words of the
# German edition). "" = the system's language (LANGUAGE, LC_ALL, LC_MESSAGES
# or LANG) where it is one of these, else English. A game resumes in either.
language = {_quote(d.game.language)}

{big_box.example()}"""




def _bound(section: str, key: str) -> str:
    """A key's bound in words (companion/settings/bounds.py), with a capital: "0.25 to 5 seconds"."""
    shown = NUMBERS[section, key].shown()
    return shown[0].upper() + shown[1:]
