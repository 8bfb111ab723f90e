"""Which screens are one *family* on the e-paper panel: they share partial refreshes.

The display refreshes partially within and across families, and fully (a
6 s flash) only when the keys are quiet: after many partials, on leaving a
family after several partials, or when idle (``hardware/display/policy.py``).
A family is a group of screens a player moves between in one stretch of
play; leaving it is a natural moment to clear the ghosts. The app hands the
display a frame's family (``family(screen.kind)``), not its kind.

Every screen kind is listed here (a test holds it against every screen the
companion draws); an unknown kind is a family of its own.
"""

from __future__ import annotations

FAMILIES: dict[str, tuple[str, ...]] = {
    # a round at the table: the power cards, the turns with their card page, the dummy's moves
    "turn": ("power_cards", "power_shift", "cards_shown", "reveal", "dummy", "round_over", "turn_card",
             "turn", "intrigue_card", "intrigue_deal", "intrigue_action", "round_deal"),
    # lists and counters opened from a turn: where things went, special scorings
    "lists": ("region", "tile", "chalet", "who", "power_back", "castillo_throw", "placements", "intake", "special",
              "special_confirm", "disc"),
    # a scoring from the secret discs to the results; the game's end
    "scoring": ("discs", "scoring", "scoring_regions", "seat", "results", "standings", "bgstats", "chart", "sheet"),
    # the menu and what it opens
    "menu": ("menu", "map", "undo", "new_game", "export", "game_settings", "cards", "card_text",
             "castillo_correction", "counts_correction", "score_correction", "corrected", "delivery",
             "holdings", "holding_to", "switch_off"),
    # the picture the panel keeps once the companion is switched off (companion/ui/screens/switch_off.py)
    "standby": ("standby",),
    # the table view, shown large while the keys rest (companion/ui/table_view.py)
    "table": ("table_view",),
    # a new game, and the notices at start-up
    "setup": ("setup_edition", "setup_players", "setup_seats", "setup_colours", "setup_name", "setup_speller", "setup_variants",
              "setup_drawn", "setup_king", "setup_home", "setup_black", "setup_limit", "setup_first", "big_box_setup",
              "setup_discs", "resumed", "unreadable", "log_checked"),
}

_FAMILY_OF = {kind: name for name, kinds in FAMILIES.items() for kind in kinds}


def family(kind: str) -> str:
    """The family of screen ``kind`` (the kind itself when it has none)."""
    return _FAMILY_OF.get(kind, kind)
