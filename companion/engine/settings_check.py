"""Whether a game's settings make a game El Grande can be played by (StepRefused, in one line,
when not): the players, the edition, the mini expansions and the Big Box's modes and choices.
``Game.new`` and a game log's header are checked by it."""

from companion.engine import classic_1995, dealing, hooks
from companion.engine.forms import FormError, text
from companion.engine.settings import Settings
from companion.engine.steps import StepRefused
from companion.rules import cards
from companion.rules.editions import EDITIONS


def check_settings(settings: Settings) -> None:
    if settings.edition not in EDITIONS:
        raise StepRefused(f"unknown edition {settings.edition!r}; editions: {', '.join(EDITIONS)}")
    rules = settings.rules
    players = len(settings.players)
    if not 2 <= players <= 5:
        raise StepRefused(f"El Grande is for 2 to 5 players, not {players}")
    for seat, player in enumerate(settings.players, start=1):
        try:  # the game log's own check of its texts (issue 33: Game.new wrote names its next start set aside)
            text(player.name, f"player {seat}'s name")
        except FormError as error:
            raise StepRefused(str(error)) from None
    colours = [p.colour for p in settings.players] + ([settings.dummy] if settings.dummy else [])
    if len({c.casefold() for c in colours}) != len(colours):
        raise StepRefused("every player (and the dummy) needs a colour of their own")
    if settings.dummy and not (rules.has_dummy and players == 2):
        raise StepRefused("the dummy plays only in a 2-player game of the 2023 edition")
    if rules.has_dummy and players == 2 and not settings.dummy:
        raise StepRefused("a 2-player game of the 2023 edition needs a colour for the dummy")
    if settings.four_stacks and players > 3:
        raise StepRefused(f"4 action stacks is for 2 or 3 players: with {players}, a player would find no card")
    _check_expansions(settings)
    if settings.deals and dealing.dealable(settings):
        raise StepRefused(dealing.dealable(settings))
    _check_way_to_play(settings)
    classic_1995.check_settings(settings)


def _check_way_to_play(settings: Settings) -> None:
    """A way to play its package registered (companion/engine/hooks.py), and every settings check a
    way to play adds (its own choices refused in the other games)."""
    if not hooks.known(settings.expansion):
        raise StepRefused(f"unknown way to play {settings.expansion!r}; known: {', '.join(hooks.keys())}")
    for check in hooks.SETTINGS_CHECKS:
        check(settings)


def _check_expansions(settings: Settings) -> None:
    modern = [label for key, label in (("new_regency", "New Regency"), ("power_shift", "Power Shift"))
              if getattr(settings, key)] + (["Old Hands"] if settings.old_hands else [])
    if modern and settings.edition != "2023":
        raise StepRefused(f"{' and '.join(modern)}: mini expansions of the 2023 edition, not the {settings.rules.title}")
    names = [c.slug for c in cards.OLD_HANDS] if settings.old_hands else []  # (the decks only when asked)
    for slug in settings.old_hands:
        if slug not in names:
            raise StepRefused(f"{slug!r} is not an Old Hands card; they are: {', '.join(names)}")
    if len(set(settings.old_hands)) != len(settings.old_hands):
        raise StepRefused("an Old Hands card is added once")
