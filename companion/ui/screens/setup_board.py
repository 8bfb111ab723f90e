"""The setup on the board: the King's region, each home, the first player (and a Big Box game's
region cards), drawn by the companion in one OK or entered from the physical cards."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.language import N_, _
from companion.rules import modes, spain
from companion.rules.colours import player_name
from companion.ui.intents import Intent, Pop, Push, Start
from companion.ui.pages import LinesPage, ListPage, Page
from companion.ui.screens.common import BACK, MENU_KEY, NO_BACK, facts, paragraph
from companion.ui.view import Line

if TYPE_CHECKING:  # the journal's vocabulary is imported when the wizard makes the setup step
    from companion.engine import steps as s
    from companion.engine.settings import Settings


def draw_page(settings: Settings, *, back: bool = True) -> Page:
    """The setup's first question: the King's region card, the cursor on the first region; one row
    up, *Companion draws all*: the King, the homes and the first player drawn at once (also for a
    game whose setup was undone: then no Back)."""

    def chosen(region: str | None) -> Intent:
        if region is None:
            from companion.engine.offers import setup as drawn  # the rules engine only once the setup is drawn

            facts(settings)  # (the ways to play registered first: the draw asks theirs)
            setup = drawn.whole(settings)
            return Start(settings, setup, then=drawn_page(settings, setup))
        return enter_setup(settings, {"king": region})

    items: list[tuple[str, str | None]] = [(_(DRAW), None)] + list(_regions(settings, ()))
    return ListPage("setup_king", _("New game"), _("The King's region"), chosen, items=items, cursor=1,
                    **(BACK if back else MENU_KEY))


#: The row above the regions on the King's page: the companion draws the whole setup.
DRAW = N_("Companion draws all")


def _regions(settings: Settings, exclude) -> list[tuple[str, str]]:
    return [(settings.rules.name(r), r) for r in spain.SCORING_ORDER if r not in exclude]


def drawn_page(settings: Settings, setup: s.SetupDone) -> Page:
    rules, names = settings.rules, {p.colour: player_name(p) for p in settings.players}
    lines = [Line(_("King"), rules.name(setup.king), strong=True)]
    lines += [Line(_("{name}'s home").format(name=names[c]), rules.name(r)) for c, r in setup.homes]
    table = facts(settings)
    lines.append(Line(_(table.first_player), names[setup.first]))  # S:166
    lines += [Line(f"{modes.BLACK_AT_SETUP} black", rules.name(r)) for r in setup.black]
    if setup.limit_table:
        lines.append(Line(f"Limit table ({modes.LIMIT_TABLE_SPACES[len(settings.players)]})", rules.name(setup.limit_table)))
    lines += big_box_lines(settings) if table.setup_notes else []
    return LinesPage("setup_drawn", _("New game"), _("The companion drew:"), lambda _page: Pop(), lines=lines, **NO_BACK)


def big_box_lines(settings: Settings) -> list[Line]:
    """What the table does at a Big Box setup that a scores-only game does not record (the setup's
    secret disc, the discs and pieces beside the board, the cards each keeps): the companion learns
    the Caballeros at the first scoring and the cards as they are played."""
    table = facts(settings)
    return [Line(f"{table.title}:", strong=True)] + [paragraph(note, first="• ") for note in table.setup_notes]


def big_box_setup(settings: Settings) -> Page | None:
    """The same, after a setup entered from the cards (one OK); None for a game without notes."""
    if not facts(settings).setup_notes:
        return None
    return LinesPage("big_box_setup", _("New game"), _("Before round 1"), lambda _page: Pop(), lines=big_box_lines(settings),
                     **NO_BACK)


def enter_setup(settings: Settings, got: dict) -> Intent:
    """After the King's region (draw_page), each home and the first player: one list each, from
    the physical cards."""
    colours = [p.colour for p in settings.players]
    names = {p.colour: player_name(p) for p in settings.players}

    def regions(exclude) -> list[tuple[str, str]]:
        return _regions(settings, exclude)

    if "king" not in got:
        return Push(draw_page(settings))
    homes: dict[str, str] = got.get("homes", {})
    waiting = [c for c in colours if c not in homes]
    if waiting:
        colour = waiting[0]

        def home(region: str) -> Intent:
            return enter_setup(settings, {**got, "homes": {**homes, colour: region}})

        return Push(ListPage("setup_home", _("New game"), _("{name}'s home region").format(name=names[colour]), home,
                             items=regions({got["king"], *homes.values()})))

    table = facts(settings)
    drawn = {got["king"], *homes.values()}
    black: list[str] = got.get("black", [])
    if len(black) < table.unowned_regions:  # S:198, S:294
        return Push(ListPage("setup_black", _("New game"), f"Region card {len(black) + 1} of {table.unowned_regions}: "
                             f"{modes.BLACK_AT_SETUP} black Caballeros",
                             lambda r: enter_setup(settings, {**got, "black": [*black, r]}),
                             items=regions(drawn | set(black))))
    if table.limit_table and "limit" not in got:  # S:199
        return Push(ListPage("setup_limit", _("New game"),
                             f"Region card: the Limit table ({modes.LIMIT_TABLE_SPACES[len(colours)]} spaces)",
                             lambda r: enter_setup(settings, {**got, "limit": r}), items=regions(drawn | set(black))))

    def first(colour: str) -> Intent:
        from companion.engine.steps import SetupDone

        return Start(settings, SetupDone(king=got["king"], homes=tuple((c, homes[c]) for c in colours), first=colour,
                                         black=tuple(black), limit_table=got.get("limit")),
                     then=big_box_setup(settings))

    return Push(ListPage("setup_first", _("New game"), _(table.first_asked), first,  # S:166
                         items=[(names[c], c) for c in colours]))
