"""The menu (a long press of KEY1): undo, the score sheet, this game's settings, the dummy,
export, the cards showing, a special scoring, corrections, the rules of a card, a new game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine.modes import steps as s
from companion.rules import cards
from companion.rules.big_box import deliveries
from companion.ui.intents import Close, Export, Intent, NewGame, Pop, Push, Say, Send, Undo
from companion.ui.pages import CountsPage, LinesPage, ListPage, Page
from companion.ui.screens import corrections, notices
from companion.ui.screens.common import NO_BACK, View, facts, paragraph
from companion.ui.screens.map import map_page
from companion.ui.screens.scoring import special_menu
from companion.ui.view import Line
from companion.ui.words import card_label, describe

if TYPE_CHECKING:  # the game's modules only once a game is played (a start without one skips them)
    from companion.play.game import Game


#: A menu row: its label and what OK does, or a reason why it is not available now.
Row = tuple[str, object]


def not_now(why: str) -> object:
    """A row kept in its place while unavailable: OK says why (its mark: ✗)."""
    return lambda: Say(why)


def menu(game: Game | None, edition: str = "2023", view: View = View(), can_switch_off: bool = False) -> Page:
    """The menu's rows never move within a game, nor between games: every game has the same rows
    in the same places, unavailable ones marked ✗ (OK says why); a mode's own rows (the
    dummy, the Big Box's, a Veto) come after them, above Back; *Correct: move Caballeros* is the
    last, one ▲ from the top (docs/table.md). *Switch off* comes after *New game* (on the Pi: the
    standby picture, the Pi powered off; elsewhere it says what it would do: can_switch_off)."""
    from companion.ui.screens import switch_off  # (the row's pages: with the first menu)

    if game is None:
        return ListPage("menu", "El Grande companion", "Menu", lambda do: do(),
                        items=[("Rules of an action card", lambda: Push(card_list(game, edition))),
                               switch_off.row(can_switch_off), ("Back", lambda: Pop())])
    from companion.ui.screens import turn  # (a game's pages only once a game is played)

    phase = game.phase
    playing = phase not in ("setup", "game_over")
    why = "after the game" if phase == "game_over" else "before the setup"
    rows: list[tuple[str, object, bool]] = [  # the most used first: the cards named every round
        ("Undo the last step", lambda: Push(undo_question(game)), bool(game.steps)),
        _cards_showing(game),
        _special_scoring(game, turn),
        ("Map", (lambda: Push(map_page(game, view))) if phase != "setup" else not_now("no board before the setup"),
         phase != "setup"),
        ("Score sheet", lambda: Push(sheet(game)), True),
        ("This game's settings", lambda: Push(game_settings(game)), True),
        ("Export the game log", (lambda: Export()) if game.journal is not None
         else not_now("this game is not kept in a game log"), game.journal is not None),
    ]
    fixed = [(label, do if playing else not_now(f"no correction {why}"), playing)
             for label, do in corrections.items(game, view)]
    rows += [row for row in fixed if row[0] != corrections.MOVE]
    rows += [("Rules of an action card", lambda: Push(card_list(game, edition)), True),
             ("New game", lambda: Push(new_game_question(game)), True), (*switch_off.row(can_switch_off), True)]
    rows += [(label, do, True) for label, do in _own_rows(game, turn)]
    rows.append(("Back", lambda: Pop(), True))
    move = [row for row in fixed if row[0] == corrections.MOVE]
    rows += move or [(corrections.MOVE, not_now("the board is not recorded in this game: scores only"), False)]
    items = [(label, do) for label, do, _ in rows]
    marks = ["" if ready else "✗" for *_, ready in rows]  # (a short mark: the label stays whole)
    return ListPage("menu", game.prompt.headline, "Menu", lambda do: do(), items=items, marks=marks)


def _cards_showing(game: Game) -> tuple[str, object, bool]:
    label = "Cards showing this round"
    if facts(game.settings).own_cards:
        return label, not_now("Intrigue & the King: no action cards are shown"), False
    if game.phase != "power_cards":
        return label, not_now("named before the round's first turn, while the Power cards are played"), False
    from companion.ui.screens import reveal  # (a round's cards: once named)

    return label, lambda: Push(reveal.cards_shown(game)), True


def _special_scoring(game: Game, turn) -> tuple[str, object, bool]:
    label = "Special scoring"
    if "SpecialScoringStarted" in game.expects and not game.state.turn_scored and turn.offers(
            game, frozenset(), scoring=True):
        return label, lambda: Push(special_menu(game)), True
    why = ("this turn has scored already" if game.phase == "turns" and game.state.turn_scored
           else "started from a turn whose card scores")
    return label, not_now(why), False


def _own_rows(game: Game, turn) -> list[Row]:
    """The rows of a mode or a moment: the dummy, a Veto during a special scoring, the Big Box's."""
    state, phase = game.state, game.phase
    playing = phase not in ("setup", "game_over")
    rows: list[Row] = []
    if game.settings.dummy:
        rows.append(("The dummy this round", (lambda: Push(notices.dummy(game, state.dummy.moves_in(state.round))))
                     if playing else not_now("no round under way")))
    if phase == "special_scoring":  # the classic Veto stops a special scoring part-way (003 l.450-452)
        rows += [(f"{state.name(h)} uses a Veto", lambda h=h: Send(s.VetoUsed(h)))
                 for h in state.vetoes if turn.game_accepts(game, s.VetoUsed(h))]
    table = facts(game.settings)
    if table.holdings:
        rows.append(("Figures and tokens", (lambda: Push(holdings_page(game))) if playing
                     else not_now("no game under way")))
    if table.deliveries:
        rows.append(("Gold or wares delivered", (lambda: Push(delivery_page(game))) if playing
                     else not_now("no game under way")))
    if table.limit_table and playing:
        from companion.ui.screens import big_box  # (a Big Box game only)

        rows += big_box.limit_table_rows(game)
    return rows


def holdings_page(game: Game) -> Page:
    """Grandissimo: who holds the Queen, the Jester, each ship token, the Grand Inquisitor; OK on
    one asks whose Court it goes to (or back beside the board)."""
    state = game.state

    def who(what: str) -> Intent:
        items: list[tuple[str, str | None]] = [("beside the board", None)] + [(state.name(c), c) for c in state.colours]
        cursor = next((i for i, (_, c) in enumerate(items) if c == state.holdings.get(what)), 0)
        return Push(ListPage("holding_to", game.prompt.headline, f"The {what} to?",
                             lambda c: Send(s.HoldingMoved(what, c)), items=items, cursor=cursor))

    items = [(f"{what}: {state.name(state.holdings[what]) if what in state.holdings else '-'}", what)
             for what in facts(state.settings).holdings]
    return ListPage("holdings", game.prompt.headline, "Who holds which?", who, items=items)


def delivery_page(game: Game) -> Page:
    """GI&C: a disc brought to a Spanish coastal region scores at once (gold 6, wares 4; S:222, S:233):
    one list of who delivered what."""
    state = game.state
    items: list[tuple[str, object]] = [(f"{state.name(c)}: {disc} +{points}", (c, disc))
                                       for c in state.colours for disc, points in (("gold", 6), ("wares", 4))]
    items.append(("A card's discs to the colonies", None))

    def pick(chosen: object) -> Intent:
        return Push(discs_page(game)) if chosen is None else Send(s.Delivered(*chosen))  # type: ignore[misc]

    return ListPage("delivery", game.prompt.headline, "Who brought which disc to Spain?", pick, items=items)


def discs_page(game: Game) -> Page:
    """GI&C: a stack-7 card's action performed puts its discs out, gold in America and wares in the
    Mediterranean (S:216-221); 11 discs in all (likely). A delivery takes one back (S:233)."""
    waiting = game.state.colony_discs
    room = max(0, deliveries.ALL_DISCS - sum(waiting.values()))
    rows = [["gold to America", "gold", 0, 0, room], ["wares to the Med.", "wares", 0, 0, room]]
    out = f"out: {waiting.get('gold', 0)} gold, {waiting.get('wares', 0)} wares"
    return CountsPage("counts_correction", game.prompt.headline, f"The card's discs ({out})",
                      lambda got: Send(s.DiscsPlaced(got["gold"], got["wares"])), rows=rows)


def undo_question(game: Game | None) -> Page:
    if game is None or not game.steps:
        return LinesPage("undo", game.prompt.headline if game else "Setup", "Nothing to undo", lambda _: Pop(),
                         lines=[], **NO_BACK)
    unit = game.last_unit
    # A special action without a choice went with the step the table confirmed: that one is named.
    automatic = len(unit) > 1 and unit[-1].kind == "SpecialActionChosen"
    last = describe(unit[-2] if automatic else game.steps[-1], game.state)
    scored = [step.where for step in unit if isinstance(step, s.Scored)]
    if len(scored) > 1:  # a general scoring's places confirmed at once (or scored by the board)
        names = ", ".join(game.state.rules.name(w) for w in scored)
        first = "" if isinstance(unit[0], s.Scored) else describe(unit[0], game.state) + ", and "
        last = f"{first}the scoring of {names}"
    return LinesPage("undo", game.prompt.headline, "Undo the last step?", lambda _: Undo(),
                     lines=[paragraph(last, then="")], ok_label="Undo", third="Keep")


def new_game_question(game: Game) -> Page:
    return LinesPage("new_game", game.prompt.headline, "Start a new game?", lambda _: NewGame(),
                     lines=[paragraph("This game's log is kept with the others.", then="")], ok_label="New", third="Keep")


def sheet(game: Game) -> Page:
    state = game.state
    lines = [Line(f"{state.name(c)}", str(state.scores.get(c, 0)), strong=True) for c in state.colours]
    occasion = None
    for line in reversed(state.sheet[-30:]):  # newest first, under a heading per scoring
        if line.occasion != occasion:
            occasion = line.occasion
            heading = "special scoring" if occasion.startswith("special") else occasion  # "general scoring 2"
            lines.append(Line(f"R{line.round} {heading}", strong=True))
        where = state.rules.name(line.where) if line.where else (
            "corrected" if line.occasion == "correction" else line.occasion)  # "gold delivered"
        lines.append(Line(f"  {where}: {state.name(line.colour)}", f"{line.points:+d}"))
        lines.append(paragraph(line.reason, first="    ", then="    "))
    return LinesPage("sheet", game.prompt.headline, "Score sheet", lambda _: Close(), lines=lines)


def game_settings(game: Game) -> Page:
    """What the table chose at setup (fixed for the game; the panel's settings are in the settings file)."""
    settings = game.settings
    variants = settings.variant_labels()
    lines = [Line("Edition", settings.rules.title.removeprefix("El Grande ").removesuffix(" edition")),
             Line("Seats, clockwise")]
    lines += [Line(f"  {i}. {p.name}", p.colour if p.name.lower() != p.colour else "") for i, p in
              enumerate(settings.players, start=1)]
    if settings.dummy:
        lines.append(Line("  the dummy", settings.dummy.title()))
    lines.append(Line("Rounds", str(len(settings.rounds))))
    lines.append(Line("Board", "recorded" if settings.board else "scores only"))
    lines.append(paragraph("Variants: " + (", ".join(variants) or "none")))
    if settings.edition == "classic" and not facts(settings).own_cards:  # the settings file's game.classic_text
        lines.append(Line("Card text", "1995 rules (table)" if settings.classic_text == "1995" else "modern"))
    if settings.expansion:  # the Big Box readings in force: the table's where it gave its own
        from companion.engine.modes import offers

        lines += [paragraph(text) for text in offers.readings_lines(settings)]
    lines.append(Line("Seed", str(settings.seed)))
    return LinesPage("game_settings", game.prompt.headline, "This game's settings", lambda _: Close(), lines=lines)


def card_list(game: Game | None, edition: str) -> Page:
    settings = game.settings if game else None
    edition = settings.edition if settings else edition
    deck = [c for c in cards.deck(edition, new_regency=bool(settings and settings.new_regency)) if c.known]
    if settings:  # the Old Hands cards shuffled in, each beside its stack
        deck = sorted(deck + [c for c in cards.OLD_HANDS if c.slug in settings.old_hands], key=lambda c: c.stack)
    items = [(f"{c.stack} {card_label(c, deck)}", c) for c in deck]
    return ListPage("cards", "Rules", "Which action card?", lambda c: Push(card_text(c)), items=items)


def card_text(card: cards.ActionCard) -> Page:
    places = f"Place up to {card.caballeros} Caballero{'s' if card.caballeros != 1 else ''}."
    return LinesPage("card_text", "Rules", f"{card.title} (stack {card.stack})", lambda _: Pop(),
                     lines=[paragraph(card.text, then=""), paragraph(places, then="")])
