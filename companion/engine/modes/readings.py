"""The table's readings of the Big Box facts the sources leave open, as a game records them.

The settings file's ``[big_box]`` (companion/settings/file.py) holds the table's readings: the new
regions' scoreboards, the seats' bonuses, Intrigue & the King's Caballero cards and card
corrections and the players edition's variant, The King & the Colonies' placement number
(docs/rules-confidence.md says which facts are only assumed). When the wizard makes
a new game, those that differ from the companion's defaults and that the game's mode uses go
into its Settings (:func:`from_config`), so the journal replays as the table played; the
scoring and the I&K turn read them back here (:func:`region`, :func:`cards`).
"""

from collections.abc import Mapping
from functools import cache
from typing import Protocol

from companion.engine.settings import CardReading, Settings
from companion.rules import modes
from companion.rules.big_box import MOST_POINTS, intrigue_cards, intrigue_round
from companion.rules.big_box import regions as big_box


class TableReadings(Protocol):
    """The settings file's [big_box] as this module reads it (companion/settings/big_box.py's
    BigBoxConfig): the scoreboards and seats by their keys (BOARD_KEYS, SEAT_KEYS) and these."""

    @property
    def caballero_cards(self) -> tuple[tuple[int, tuple[int, ...]], ...]: ...
    @property
    def intrigue_cards(self) -> tuple[tuple[int, tuple[tuple[str, int | str], ...]], ...]: ...
    @property
    def players_edition(self) -> bool: ...
    @property
    def kc_placement(self) -> str: ...


#: The settings file's key of each seat (its title in lower case) and of each region with a scoreboard.
SEAT_KEYS = {"captain": "Captain", "viceroy": "Viceroy", "ambassador": "Ambassador", "envoy": "Envoy"}
BOARD_KEYS = {"france": big_box.FRANCE, "america": big_box.AMERICA, "mediterranean": big_box.MEDITERRANEAN,
              "portugal": big_box.PORTUGAL}


def from_config(readings: TableReadings, expansion: str, players: int) -> dict[str, object]:
    """The Settings fields of a new game from the table's readings: only what the mode uses and
    only what differs from the defaults, so a default game's journal is as before."""
    mode = modes.mode(expansion)
    regions = [big_box.REGIONS[r] for r in mode.regions]
    boards = tuple((big_box.REGIONS[r].id, getattr(readings, key)) for key, r in BOARD_KEYS.items()
                   if r in mode.regions and getattr(readings, key) != big_box.REGIONS[r].values)
    titles = {seat.title: seat.amount for region in regions for seat in region.seats}
    bonuses = tuple((title, getattr(readings, key)) for key, title in SEAT_KEYS.items()
                    if title in titles and getattr(readings, key) != titles[title])
    fields: dict[str, object] = {"scoreboards": boards, "seat_bonuses": bonuses}
    if mode.intrigue:
        cards = dict(readings.caballero_cards).get(players, ())
        if cards and cards != intrigue_round.caballero_cards(players):
            fields["caballero_cards"] = cards
        fields["intrigue_cards"] = tuple(CardReading(value, **dict(given))  # type: ignore[arg-type]
                                         for value, given in readings.intrigue_cards)
    if mode.intrigue and readings.players_edition:
        fields["players_edition"] = True
    if mode.intrigue and mode.grand_inquisitor_stack and readings.kc_placement != intrigue_round.KC_PLACEMENT_SETTINGS[0]:
        fields["kc_placement"] = readings.kc_placement  # The King & the Colonies' alone: ignored by the others
    return {name: value for name, value in fields.items() if value}


def region(settings: Settings, where: str) -> big_box.Region:
    """A Big Box region with the game's readings of its scoreboard and seats."""
    return _region(where, settings.scoreboards, settings.seat_bonuses)


@cache
def _region(where: str, boards: tuple, bonuses: tuple) -> big_box.Region:
    region = big_box.REGIONS[where]
    titles = {seat.title for seat in region.seats}
    return big_box.corrected(region, dict(boards).get(where), {t: n for t, n in bonuses if t in titles})


def cards(settings: Settings) -> Mapping[int, intrigue_cards.IntrigueCard]:
    """Intrigue & the King's card catalogue with the game's corrections, by value."""
    return _catalogue(settings.intrigue_cards) if settings.intrigue_cards else intrigue_cards.CARDS


@cache
def _catalogue(readings: tuple[CardReading, ...]) -> Mapping[int, intrigue_cards.IntrigueCard]:
    return intrigue_cards.catalogue({c.value: c.fields() for c in readings})


def check(settings: Settings) -> None:
    """ValueError, one line, if the readings a journal's header holds do not fit its game."""
    mode = settings.mode
    if (settings.scoreboards or settings.seat_bonuses) and not mode.regions:
        raise ValueError(f"scoreboards and seats are the Big Box regions', not {mode.title or 'the base game'}'s")
    seen = set()
    for where, values in settings.scoreboards:
        if where not in mode.regions or not any(big_box.REGIONS[where].values):
            boards = ", ".join(r for r in mode.regions if any(big_box.REGIONS[r].values))
            raise ValueError(f"a scoreboard of {where!r}: {mode.title}'s are {boards}")
        first, second, third = values
        if not MOST_POINTS >= first >= second >= third >= 0 or first < 1:
            raise ValueError(f"{where}'s scoreboard {first}/{second}/{third} does not go down from 1 to {MOST_POINTS}")
        seen.add(where)
    if len(seen) != len(settings.scoreboards):
        raise ValueError("a region's scoreboard is given twice")
    titles = {seat.title for r in mode.regions for seat in big_box.REGIONS[r].seats}
    for title, points in settings.seat_bonuses:
        if title not in titles:
            raise ValueError(f"{title!r} is not a seat of {mode.title} ({', '.join(sorted(titles)) or 'none'})")
        if not 0 <= points <= MOST_POINTS:
            raise ValueError(f"the {title}'s bonus must be 0 to {MOST_POINTS}, not {points}")
    if len({title for title, _ in settings.seat_bonuses}) != len(settings.seat_bonuses):
        raise ValueError("a seat's bonus is given twice")
    if settings.intrigue_cards:
        if not mode.intrigue:
            raise ValueError(f"card corrections are Intrigue & the King's, not {mode.title or 'the base game'}'s")
        if len({c.value for c in settings.intrigue_cards}) != len(settings.intrigue_cards):
            raise ValueError("a card is corrected twice")
        _catalogue(settings.intrigue_cards)  # its own one-line ValueError


def lines(settings: Settings) -> list[str]:
    """The readings in force, as the menu lists them ("America 4/0/0 · Viceroy +5"); the table's
    own (recorded in the game) end with "(table)"."""
    mine = {where for where, _ in settings.scoreboards} | {title for title, _ in settings.seat_bonuses}
    out = []
    for where in settings.mode.regions:
        region = _region(where, settings.scoreboards, settings.seat_bonuses)
        text = region.name[0].upper() + region.name[1:] + (" " + "/".join(map(str, region.values))) * any(region.values)
        text += "".join(f" · {seat.title} +{seat.amount}" for seat in region.seats)
        out.append(text + " (table)" * (where in mine or any(seat.title in mine for seat in region.seats)))
    if settings.mode.intrigue:
        cards_ = intrigue_round.caballero_cards(len(settings.players), settings.caballero_cards or None)
        out.append("Caballero cards " + "-".join(map(str, cards_)) + " (table)" * bool(settings.caballero_cards))
        if settings.players_edition:
            out.append("Players edition: King, Intrigant choose (table)")
        if settings.mode.grand_inquisitor_stack:
            table = settings.kc_placement != intrigue_round.KC_PLACEMENT_SETTINGS[0]
            out.append("Placing: " + ("played card's heads" if table else "Caballero card") + " (table)" * table)
        for reading in settings.intrigue_cards:
            read = ", ".join(f"{name} {given}" for name, given in reading.fields().items())
            out.append(f"Card {reading.value}: {read} (table)")
    return out
