"""The Big Box board: which regions border France and Portugal, where the coast is, how
Caballeros reach the ship and the colonies, and the places that are never scored (Grandissimo's
ship and prison). Facts and their confidence: ../shared/RULES-EXPANSIONS.md §2.3, §2.5, §4.3,
§4.5 ("S:n" = seed 004, line n).

The nine regions' own borders are spain.py's; a Big Box region joins them only when its mode
puts it on the board (``in_play``: the game's regions in scoring order).
"""

from types import MappingProxyType

from companion.rules import spain

FRANCE, PORTUGAL = spain.FRANCE, spain.PORTUGAL
SHIP, AMERICA, MEDITERRANEAN = "ship", "america", "mediterranean"
#: Grandissimo's prison (S:297, S:306): its Caballeros count nowhere (assumed, §4.3).
PRISON = "prison"

#: The coastal Spanish regions (S:212: the ship sails from them; not Aragón or the two Castillas).
COAST = frozenset({spain.GALICIA, spain.NAVARRA, spain.CATALUNA, spain.VALENCIA, spain.GRANADA, spain.SEVILLA})

#: Borders of the Big Box regions on the map. France: Aragón and Cataluña (S:210, sure; the 2023
#: Exile card's third neighbour, Navarra, is RULES.md's assumption for a board without France as a
#: region). Portugal: Galicia, Castilla la Vieja, Castilla la Nueva, Sevilla (assumed, §4.5).
BORDERS = MappingProxyType({
    FRANCE: frozenset({spain.ARAGON, spain.CATALUNA}),
    PORTUGAL: spain.OUTSIDE_NEIGHBOURS[PORTUGAL],
})

#: Colonies reached only by the ship or by repositioning cards; the King never goes there (S:216).
COLONIES = (AMERICA, MEDITERRANEAN)


def neighbours(place: str, in_play: tuple[str, ...]) -> frozenset[str]:
    """The regions in play that border ``place`` (a Spanish region, France or Portugal in play):
    where a turn places when the King stands there."""
    if place in BORDERS:
        return BORDERS[place] if place in in_play else frozenset()
    near = spain.neighbours(place)
    return near | frozenset(region for region, border in BORDERS.items() if region in in_play and place in border)


def coastal(place: str | None, in_play: tuple[str, ...]) -> bool:
    """France (S:212) and Portugal (S:297) are on the coast too, when they are on the board."""
    return place in COAST or (place in (FRANCE, PORTUGAL) and place in in_play)


def from_the_court(king: str | None, in_play: tuple[str, ...]) -> frozenset[str]:
    """The Big Box places a turn may place in from the Court beside the King's neighbours: GI&C's
    ship when the King is on the coast (S:212). America and the Mediterranean never (S:216)."""
    return frozenset({SHIP}) if SHIP in in_play and coastal(king, in_play) else frozenset()


def sailing_to(in_play: tuple[str, ...], king: str | None) -> tuple[str, ...]:
    """Where Caballeros on the ship may go at the start of their owner's turn: GI&C, to America,
    France, the Mediterranean or a coastal Spanish region (S:213); Grandissimo, to any coastal
    region including Portugal (S:297). Never the King's region."""
    ordered = spain.SCORING_ORDER + tuple(r for r in in_play if r not in spain.REGIONS)
    return tuple(r for r in ordered if r != king and r != SHIP and (coastal(r, in_play) or r in COLONIES)
                 and (r in spain.REGIONS or r in in_play))
