"""What a game's way to play puts on the table, as the pages show it: plain data, fixed for the game.

The screens read a game's regions beyond Spain, its setup's draws and notes, its stacks' titles and
what a player may hold here, never a mode's record: ``facts(settings)`` asks engine/hooks.py, where
a way to play (the Big Box's modes, companion/engine/modes/) answers for itself and the base game
answers with nothing added. The value hands on no rules: nothing in it moves a piece or checks a step.
"""

from functools import cache

from companion.engine import hooks
from companion.rules import spain
from companion.rules.plain_data import dataclass  # no code compiled at import (issue 23)


@dataclass(frozen=True)
class TableFacts:
    #: The way to play's name on its pages ("" the base game).
    title: str
    #: Regions beyond Spain's nine, in scoring order, and the places beside them never scored.
    regions: tuple[str, ...]
    aside: tuple[str, ...]
    #: Its own cards replace the Power and the action cards (no action cards show, no 1995 text).
    own_cards: bool
    #: The setup page's name for who begins round 1, and its question for him (S:166).
    first_player: str
    first_asked: str
    #: What the table does before round 1 that a scores-only game does not record.
    setup_notes: tuple[str, ...]
    #: Caballeros each player puts by secret disc at setup (0: no such disc).
    setup_disc: int
    #: Region cards the setup draws for the unowned colours' Caballeros, and for a Limit table.
    unowned_regions: int
    limit_table: bool
    #: The unowned colours' Caballeros count for nobody at a scoring, unless the table chose otherwise
    #: (the settings' ``black_invisible``: they take places for nobody).
    unowned_ignored: bool
    #: The stacks beyond 1-5 and their titles on a turn's card page.
    stack_titles: tuple[tuple[int, str], ...]
    #: A stack's card is held by a player between scorings (the board's legend names him).
    held_card: bool
    #: Figures and tokens a player holds (the menu moves them), and discs delivered for points.
    holdings: tuple[str, ...]
    deliveries: bool
    #: Regions of the way to play beyond Spain the King may enter: France (GI&C, S:208), Portugal (S:308).
    king_abroad: tuple[str, ...] = ()

    @property
    def beyond_spain(self) -> tuple[str, ...]:
        """Every place of the way to play on the board, scored or not (the map's second page)."""
        return self.regions + self.aside

    def stack_title(self, stack: int) -> str | None:
        return dict(self.stack_titles).get(stack)


def facts(settings: hooks.Settings) -> TableFacts:
    """The table's facts of the settings' way to play (LookupError: a key nobody registered)."""
    return _of(hooks.of(settings))


@cache  # (a page asks on every frame; a registered way to play's answers never change)
def _of(rules: hooks.Rules) -> TableFacts:
    return TableFacts(title=rules.title, regions=rules.regions, aside=rules.aside, own_cards=rules.own_cards,
                      first_player=rules.first_player, first_asked=rules.first_asked,
                      setup_notes=rules.setup_notes, setup_disc=rules.setup_disc,
                      unowned_regions=rules.unowned_regions, limit_table=rules.limit_table,
                      unowned_ignored=rules.unowned_ignored,
                      stack_titles=rules.stack_titles, held_card=rules.held_card,
                      holdings=rules.holdings, deliveries=rules.deliveries,
                      king_abroad=tuple(r for r in rules.regions if r in (spain.FRANCE, spain.PORTUGAL)))


def regions_for(settings: hooks.Settings, move: str | None = None) -> tuple[str, ...]:
    """The regions a page lists for a kind of ``move`` (rules/region_moves.py's: "score", "correct",
    "scoreboard", ...) in the settings' way to play, in scoring order: Spain's nine, then the Big
    Box's it may name. No ``move``: Spain's nine."""
    if not move:
        return spain.SCORING_ORDER
    return hooks.of(settings).where(move)


def king_abroad(settings: hooks.Settings) -> tuple[tuple[str, str], ...]:
    """Where the King may go beyond Spain's regions, each with its row's note: New Regency's cards
    (France, Portugal, the Castillo by its Rebellion), or the Big Box's France (GI&C) and Portugal
    (Grandissimo)."""
    if settings.new_regency:
        return (spain.FRANCE, ""), (spain.PORTUGAL, ""), (spain.CASTILLO, "Rebellion")
    return tuple((region, "") for region in facts(settings).king_abroad)


def standing(state: hooks.GameState) -> hooks.Standing:
    """Where the game's way to play has its own pieces now (the Grand Inquisitor's holder, the Limit
    table, the seats, the figures held, the round's special actions, the colonies' discs): a copy."""
    return hooks.of(state.settings).standing(state)
