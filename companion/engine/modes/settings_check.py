"""The Big Box's settings, checked for every game (companion/engine/settings_check.py runs it through
companion/engine/hooks.py): a mode's choices, and none of them outside their mode."""

from companion.engine.modes import readings
from companion.engine.settings import Settings
from companion.engine.steps import StepRefused
from companion.rules import modes
from companion.rules.big_box.intrigue_round import KC_PLACEMENT_SETTINGS, caballero_cards


def check(settings: Settings) -> None:
    try:
        mode = modes.mode(settings.expansion)
    except ValueError as error:
        raise StepRefused(str(error)) from None
    if settings.kc_placement != KC_PLACEMENT_SETTINGS[0]:
        if settings.kc_placement not in KC_PLACEMENT_SETTINGS:
            raise StepRefused(f"kc_placement is {' or '.join(map(repr, KC_PLACEMENT_SETTINGS))}, "
                              f"not {settings.kc_placement!r}")
        if not (mode.intrigue and mode.grand_inquisitor_stack):
            raise StepRefused("where the placement number comes from is The King & the Colonies' choice")
    if settings.players_edition and not mode.intrigue:
        raise StepRefused(f"the players edition's choice of actions is Intrigue & the King's, "
                          f"not {mode.title if settings.expansion else 'the base game'}'s")
    if not settings.expansion:
        if settings.black_invisible:
            raise StepRefused("'black take places' is a Grandissimo choice")
        if settings.caballero_cards:
            raise StepRefused("Caballero cards are Intrigue & the King's, not the base game's")
        if settings.scoreboards or settings.seat_bonuses or settings.intrigue_cards:
            raise StepRefused("scoreboards, seats and card corrections are the Big Box's, not the base game's")
        return
    if not mode.playable:
        raise StepRefused(f"{mode.title} is not walked by this companion yet")
    if settings.edition != "classic":
        raise StepRefused(f"{mode.title} is played with the classic deck (the Big Box), not the {settings.rules.title}")
    if settings.four_stacks:
        raise StepRefused(f"{mode.title} plays with all five stacks and its own")
    if settings.black_invisible and mode.black_count != "ignored":
        raise StepRefused("'black take places' is a Grandissimo choice")
    if settings.caballero_cards:
        if not mode.intrigue:
            raise StepRefused(f"Caballero cards are Intrigue & the King's, not {mode.title}'s")
        try:
            caballero_cards(len(settings.players), settings.caballero_cards)
        except ValueError as error:
            raise StepRefused(str(error)) from None
    try:
        readings.check(settings)
    except ValueError as error:
        raise StepRefused(str(error)) from None
    if mode.grand_inquisitor and modes.BLACK in {p.colour.casefold() for p in settings.players}:
        raise StepRefused(f"in {mode.title} black is the Grand Inquisitor's colour: choose another")
