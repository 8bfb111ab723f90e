"""Every screen of the game: the page for the game's current prompt, the
setup wizard, the menu, corrections, notices (the dummy's moves, scoring
results) and the end of the game.

Pages only read the game and call ``ui.send(step)``; the game checks and
records. Pre-filled values make an unchanged board cheap: counts start at
what the companion knows, so a general scoring is mostly OK, OK, OK.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.game import referee
from companion.game import steps as s
from companion.game.state import VARIANTS, Player, Settings
from companion.rules import cards, spain
from companion.rules.power_cards import COURT_INTAKE
from companion.ui.pages import CountsPage, LinesPage, ListPage, Page
from companion.ui.view import Chart, Line, Series
from companion.ui.words import card_label, card_title, describe

if TYPE_CHECKING:
    from companion.game.game import Game
    from companion.ui.controller import Controller

COLOURS = ("red", "blue", "green", "yellow", "black", "orange", "purple", "white")

#: Characters of body text per line: render.body_columns() on the 264x176 panel
#: with the keys at the side (this module stays free of the renderer).
COLUMNS = 25


# -- the page for the game's prompt ---------------------------------------------


def main_page(ui: Controller) -> Page:
    game = ui.game
    if game is None:
        return wizard_page(ui)
    return _PHASES[game.phase](ui, game)


def _menu_key(ui: Controller) -> dict:
    return {"third": "Menu", "on_third": lambda: ui.push(menu(ui))}


def _power_cards(ui: Controller, game: Game) -> Page:
    p, state = game.prompt, game.state
    items = [(f"{v:>2}  · {COURT_INTAKE[v]} to the Court", v) for v in p.choices]

    def chosen(value: int) -> None:
        if state.settings.power_shift:
            ui.push(ListPage("power_shift", p.headline, f"{state.name(p.colour)}: {value} with a modifier?",
                             lambda m: ui.send(s.PowerCardPlayed(p.colour, value, m)),
                             items=[("no modifier", 0), ("+1", 1), ("+2", 2), ("-1", -1), ("-2", -2)],
                             third="Back", on_third=ui.pop))
        else:
            ui.send(s.PowerCardPlayed(p.colour, value))

    prompt = p.asks
    if state.settings.dummy and state.settings.dummy in state.played:
        prompt += f" (dummy: {state.played[state.settings.dummy]})"
    return ListPage("power_cards", p.headline, prompt, chosen, items=items, **_menu_key(ui))


def _turn(ui: Controller, game: Game) -> Page:
    p, state = game.prompt, game.state
    colour = p.colour
    if "ActionCardTaken" in p.expects:
        items = []
        for stack in p.choices:
            low, high = referee.caballeros_range(state, stack)
            shown = str(low) if low == high else f"{low}-{high}"
            key = state.revealed.get(stack)
            held = "+".join(map(str, sorted(referee.stacks_held(state, stack))))  # "2+3" with 4 stacks
            title = card_title(key, stack) if key else ("King's card" if stack == 5 else f"Stack {held}")
            items.append((f"{title} · {shown} Cab.", stack))
        return ListPage("turn_card", p.headline, p.asks, lambda st: ui.send(s.ActionCardTaken(colour, st)),
                        items=items, **_menu_key(ui))
    actions = turn_actions(ui, game)
    done = done_this_turn(game)
    return ListPage("turn", p.headline, p.asks, lambda do: do(), items=actions,
                    marks=[done.get(label, "") for label, _ in actions], **_menu_key(ui))


#: What each step of a turn marks on the turn page.
_DONE = {"KingMoved": "King moved", "GrandeMoved": "Grande moved", "PowerCardReturned": "Power card back to hand"}


def done_this_turn(game: Game) -> dict[str, str]:
    """Turn-page label -> a mark ("2 in", "done") for what the active player has entered this turn."""
    state = game.state
    steps = list(game.steps)
    start = max((i for i, step in enumerate(steps)
                 if step.kind == "ActionCardTaken" and step.colour == state.active), default=len(steps))
    marks = {}
    for step in steps[start + 1:]:
        if step.kind == "TileMoved":
            marks[state.rules.tile_name.capitalize()] = "done"
        elif step.kind in _DONE and getattr(step, "colour", state.active) == state.active:
            marks[_DONE[step.kind]] = "done"
    if state.turn_thrown:
        marks["Throw into the Castillo"] = f"{state.turn_thrown} in"
    return marks


def turn_actions(ui: Controller, game: Game) -> list[tuple[str, object]]:
    state = game.state
    colour = state.active
    taken = next(t for t in state.taken if t[0] == colour)
    actions: list[tuple[str, object]] = []
    kind = None
    if taken[2]:
        kind = cards.special_kind(cards.card(taken[2]))
    if kind and not state.turn_scored:
        actions.append((f"Score: {SPECIAL_LABELS[kind]}", lambda: start_special(ui, kind)))
    if taken[2] and cards.card(taken[2]).param("to") == "fewest":
        actions.append((f"{cards.card(taken[2]).title}: King to fewest", lambda: ui.push(chalet_page(ui))))
    actions += [
        ("End the turn", lambda: ui.send(s.TurnEnded(colour))),
        ("Throw into the Castillo", lambda: castillo_throw(ui, colour)),
        *([] if state.turn_scored else [("Special scoring", lambda: ui.push(special_menu(ui)))]),
        ("King moved", lambda: ui.push(region_page(ui, "King to which region?", lambda r: ui.send(s.KingMoved(r)),
                                                   extra=_abroad(state)))),
        (state.rules.tile_name.capitalize(), lambda: ui.push(tile_page(ui))),
        ("Grande moved", lambda: ui.push(region_page(ui, f"{state.name(colour)}'s Grande to?",
                                                     lambda r: ui.send(s.GrandeMoved(colour, r))))),
        ("Power card back to hand", lambda: ui.push(power_back_page(ui, colour))),
    ]
    for holder in state.colours:
        # A Veto stops another player's special action: offered to its holders on others' turns.
        if holder in state.vetoes and holder != colour:
            actions.append((f"{state.name(holder)} uses a Veto", lambda h=holder: ui.send(s.VetoUsed(h))))
    if state.settings.new_regency:
        actions.append(("Competition: Grandes in", lambda: ui.send(s.GrandesToCastillo())))
        actions.append(("Stand-in: swap King", lambda: ui.send(s.KingAndGrandeSwapped(colour))))
    return actions


def chalet_page(ui: Controller) -> Page:
    """New Regency Chalet: the King to the region with the fewest Caballeros (>0); the active player breaks ties."""
    state = ui.game.state
    fewest = referee.special_regions(state, "fewest")
    totals = state.totals()
    items = [(f"{state.rules.name(r)} · {totals[r]} Cab.", r) for r in fewest]
    prompt = f"Tied fewest: {state.name(state.active)} picks" if len(fewest) > 1 else "King to the fewest"
    return ListPage("chalet", ui.game.prompt.headline, prompt, lambda r: ui.send(s.KingMoved(r)) if r else ui.pop(),
                    items=items or [("no region has Caballeros", None)], third="Back", on_third=ui.pop)


def _abroad(state) -> tuple[tuple[str, str], ...]:
    if not state.settings.new_regency:
        return ()
    return (("France", spain.FRANCE), ("Portugal", spain.PORTUGAL), ("Castillo (Rebellion)", spain.CASTILLO))


def region_page(ui: Controller, prompt: str, then, *, extra=(), none_label: str | None = None,
                kind: str = "region") -> Page:
    state = ui.game.state
    items = [(state.rules.name(r), r) for r in spain.SCORING_ORDER] + list(extra)
    if none_label:
        items.insert(0, (none_label, None))
    return ListPage(kind, ui.game.prompt.headline, prompt, then, items=items, third="Back", on_third=ui.pop)


def castillo_throw(ui: Controller, colour: str) -> None:
    state = ui.game.state
    if referee.card_room(state, colour) == 0:
        raise s.StepRefused(f"{state.name(colour)}'s card has no Caballeros left to place this turn "
                            "(the menu corrects the Castillo)")
    room = max(1, min(state.rules.caballeros_per_colour - state.on_board(colour), referee.card_room(state, colour)))
    page = CountsPage("castillo_throw", ui.game.prompt.headline, f"{state.name(colour)} throws into the Castillo",
                      lambda counts: ui.send(s.CastilloThrow(colour, counts[colour])),
                      rows=[[state.name(colour), colour, 1, 1, room]], third="Back", on_third=ui.pop)
    ui.push(page)


def tile_page(ui: Controller) -> Page:
    state = ui.game.state

    def tile_chosen(tile: str) -> None:
        ui.push(region_page(ui, f"The {tile} tile to?", lambda r: ui.send(s.TileMoved(tile, r)),
                            extra=(("the Castillo", spain.CASTILLO),), none_label="off the board"))

    items = [(f"{t}, now {state.rules.name(r) if r else 'off the board'}", t) for t, r in state.tiles.items()]
    return ListPage("tile", ui.game.prompt.headline, f"Which {state.rules.tile_name}?", tile_chosen,
                    items=items, third="Back", on_third=ui.pop)


def power_back_page(ui: Controller, colour: str) -> Page:
    state = ui.game.state
    used = sorted(set(range(1, 14)) - state.hands[colour])
    return ListPage("power_back", ui.game.prompt.headline, "Which Power card back to the hand?",
                    lambda v: ui.send(s.PowerCardReturned(colour, v)), items=[(str(v), v) for v in used],
                    third="Back", on_third=ui.pop)


#: Special scorings as a list row holds them (25 characters with "Score: " before them); the
#: confirm page gives the referee's full wording.
SPECIAL_LABELS = {
    "region": "one region",
    "group4": "4-point regions",
    "group5": "5-point regions",
    "group6": "6/7-point regions",
    "castillo": "the Castillo",
    "first_only": "1st places only",
    "most": "most Caballeros",
    "fewest": "fewest Caballeros",
    "discs": "by secret discs",
}


def special_menu(ui: Controller) -> Page:
    items = [(SPECIAL_LABELS[kind], kind) for kind in referee.SPECIAL_KINDS]
    return ListPage("special", ui.game.prompt.headline, "Which special scoring?", lambda k: start_special(ui, k),
                    items=items, third="Back", on_third=ui.pop)


def start_special(ui: Controller, kind: str) -> None:
    state = ui.game.state
    if kind == "region":
        ui.push(region_page(ui, "Score which region?", lambda r: ui.send(s.SpecialScoringStarted("region", (r,)))))
        return
    if kind == "discs":
        ask_discs(ui, list(state.colours), lambda discs: scoring_order(
            ui, "discs", referee.special_regions(state, "discs", discs=discs)), "Scoring disc")
        return
    regions = referee.special_regions(state, kind)
    names = ", ".join(state.rules.name(r) for r in regions) or "nothing"
    ui.push(LinesPage("special_confirm", ui.game.prompt.headline, referee.SPECIAL_KINDS[kind],
                      lambda _: scoring_order(ui, kind, regions),
                      lines=wrapped(f"Scores: {names}") + wrapped("(from the counts known; correct them in the menu)"),
                      third="Back", on_third=ui.pop))


def scoring_order(ui: Controller, kind: str, left, chosen=()) -> None:
    """The active player picks the order of a special scoring, one place at a time (OK: the board's order)."""
    if len(left) <= 1:
        ui.send(s.SpecialScoringStarted(kind, tuple(chosen) + tuple(left)))
        return
    state = ui.game.state

    def pick(where):
        scoring_order(ui, kind, [r for r in left if r != where], (*chosen, where))

    ui.push(ListPage("special_order", ui.game.prompt.headline,
                     f"{state.name(state.active)}: score which {'next' if chosen else 'first'}?", pick,
                     items=[(state.rules.name(r), r) for r in left], third="Back", on_third=ui.pop))


def ask_discs(ui: Controller, who: list[str], done, title: str, chosen: dict | None = None) -> None:
    """One list per player: the region on their secret disc (or none / not clear)."""
    chosen = dict(chosen or {})
    if not who:
        done(chosen)
        return
    colour, rest = who[0], who[1:]
    state = ui.game.state

    def pick(region):
        chosen[colour] = region
        ask_discs(ui, rest, done, title, chosen)

    ui.push(region_page(ui, f"{title}: {state.name(colour)}", pick, none_label="none / not clear", kind="disc"))


def _scoring(ui: Controller, game: Game) -> Page:
    state, p = game.state, game.prompt
    where = p.choices[0]
    known = state.castillo if where == spain.CASTILLO else state.counts[where]
    limit = state.rules.caballeros_per_colour
    rows = []
    for colour in state.everyone:
        have = known.get(colour, 0)
        room = limit - state.on_board(colour) + have
        rows.append([state.name(colour), colour, have, 0, max(have, room)])
    values = "/".join(map(str, state.values(where)))
    notes = []
    if where == state.king:
        notes.append("King")
    grandes = [state.name(c) for c, r in state.grandes.items() if r == where]
    if grandes:
        notes.append("Grande " + ", ".join(grandes))
    prompt = f"{state.rules.name(where)} {values}" + (f" · {' · '.join(notes)}" if notes else "")
    return CountsPage("scoring", p.headline, prompt,
                      lambda counts: ui.send(s.Scored(where, tuple(counts.items()))), rows=rows, **_menu_key(ui))


def _discs(ui: Controller, game: Game) -> Page:
    state, p = game.state, game.prompt
    inside = [c for c in state.colours if state.castillo.get(c)]

    def send(discs):
        ui.send(s.SecretDiscs(tuple((c, discs.get(c)) for c in state.colours)))

    if not inside:
        return LinesPage("discs", p.headline, "Secret discs", lambda _: send({}),
                         lines=wrapped("Nobody threw into the Castillo: no secret discs needed.", then=""),
                         **_menu_key(ui))
    lines = [Line(f"{state.name(c)}", f"{state.castillo[c]} in") for c in inside]
    return LinesPage("discs", p.headline, "Set the secret discs, then OK",
                     lambda _: ask_discs(ui, inside, send, "Disc"), lines=lines, **_menu_key(ui))


def _game_over(ui: Controller, game: Game) -> Page:
    state = game.state
    lines = [Line(f"{place}. {state.name(colour)}", str(points), strong=place == 1)
             for place, colour, points in state.standings()]
    return LinesPage("standings", "Game over", game.prompt.asks, lambda _: ui.push(chart_page(ui)),
                     lines=lines, ok_label="Chart", **_menu_key(ui))


def chart_page(ui: Controller) -> Page:
    state = ui.game.state
    totals = {c: [0] for c in state.colours}
    running = {c: 0 for c in state.colours}
    occasion = None
    for line in state.sheet:
        if line.occasion != occasion and occasion is not None:
            for c in state.colours:
                totals[c].append(running[c])
        occasion = line.occasion
        running[line.colour] += line.points
    for c in state.colours:
        totals[c].append(running[c])
    series = tuple(Series(state.name(c), tuple(totals[c])) for c in state.colours)
    return LinesPage("chart", "Game over", "Scores over the game", lambda _: ui.pop(),
                     body=Chart(series), third="Back", on_third=ui.pop)


_PHASES = {
    "setup": lambda ui, game: _setup(ui, game),
    "power_cards": _power_cards,
    "turns": _turn,
    "special_scoring": _scoring,
    "castillo": _scoring,
    "regions": _scoring,
    "secret_discs": _discs,
    "game_over": _game_over,
}


# -- notices: what happened that the table should see ------------------------------


@dataclass(frozen=True)
class Snapshot:
    sheet: int
    dummy_moves: int
    scoring: str

    @staticmethod
    def of(game: Game | None) -> Snapshot:
        if game is None:
            return Snapshot(0, 0, "")
        return Snapshot(len(game.state.sheet), len(game.state.dummy.moves), game.state.scoring)


def notices(ui: Controller, before: Snapshot) -> list[Page]:
    """Pages to read before going on: a scoring's results, the dummy's moves (newest last)."""
    state = ui.game.state
    out = []
    if before.scoring and state.scoring != before.scoring:
        out.append(results_page(ui, before.scoring))
    moves = [text for _, text in state.dummy.moves[before.dummy_moves:]]
    if moves:
        out.append(dummy_page(ui, moves))
    return out


def dummy_page(ui: Controller, moves: list[str]) -> Page:
    """What the dummy did and why, under its colour (the table moves its pieces)."""
    state = ui.game.state
    headline = f"{ui.game.prompt.headline.split(' · ')[0]} · The dummy"
    lines = [line for m in moves for line in wrapped(m, first="• ")] or wrapped("Nothing yet this round.")
    return LinesPage("dummy", headline, f"The dummy ({state.settings.dummy.title()})", lambda _: ui.pop(),
                     lines=lines, third="")


def results_page(ui: Controller, occasion: str) -> Page:
    """What a scoring gave: one line per place scored, then each player's gain and total."""
    state = ui.game.state
    lines = [line for line in state.sheet[state.scoring_from:] if line.occasion in (occasion, "correction")]
    rows: list[Line] = []
    places: dict[str, list[str]] = {}
    gained = {c: 0 for c in state.colours}
    for line in lines:
        points = f"{line.points:+d}" if line.occasion == "correction" else str(line.points)
        places.setdefault(line.where, []).append(f"{state.name(line.colour)} {points}")
        gained[line.colour] += line.points
    for where, parts in places.items():
        rows += wrapped(f"{state.rules.name(where) if where else 'Corrected'}: {', '.join(parts)}")
    if not rows:
        rows.append(Line("Nobody scored."))
    for colour in sorted(state.colours, key=lambda c: -state.scores[c]):
        rows.append(Line(f"{state.name(colour)} +{gained[colour]}", str(state.scores[colour]), strong=True))
    return LinesPage("results", ui.game.prompt.headline, occasion[0].upper() + occasion[1:], lambda _: ui.pop(),
                     lines=rows, third="")


# -- menu, undo, corrections -------------------------------------------------------------


def menu(ui: Controller) -> Page:
    game = ui.game
    items: list[tuple[str, object]] = []
    if game is not None:
        if game.steps:
            items.append(("Undo the last step", lambda: ui.push(undo_question(ui))))
        items.append(("Score sheet", lambda: ui.push(sheet_page(ui))))
        items.append(("This game's settings", lambda: ui.push(game_settings_page(ui))))
        if game.settings.dummy and game.phase not in ("setup", "game_over"):
            items.append(("The dummy this round", lambda: ui.push(
                dummy_page(ui, game.state.dummy.moves_in(game.state.round)))))
        if game.journal is not None:
            items.append(("Export the game log", lambda: ui.push(export_page(ui))))
        if game.phase == "power_cards":
            items.append(("Cards showing this round", lambda: ask_revealed(ui, reveal_stacks(ui))))
        if "SpecialScoringStarted" in game.prompt.expects and not game.state.turn_scored:
            items.append(("Special scoring", lambda: ui.push(special_menu(ui))))
        if game.phase not in ("setup", "game_over"):
            items += correction_items(ui)
    items.append(("Rules of an action card", lambda: ui.push(card_list(ui))))
    if game is not None:
        items.append(("New game", lambda: ui.push(new_game_question(ui))))
    items.append(("Back", ui.pop))
    headline = game.prompt.headline if game else "El Grande companion"
    return ListPage("menu", headline, "Menu", lambda do: do(), items=items, third="Back", on_third=ui.pop)


def correction_items(ui: Controller) -> list[tuple[str, object]]:
    state = ui.game.state
    return [
        ("Correct: the King", lambda: ui.push(region_page(ui, "The King is in", lambda r: ui.send(s.KingMoved(r)),
                                                          extra=_abroad(state)))),
        (f"Correct: a {state.rules.tile_name.removeprefix('mobile ')}", lambda: ui.push(tile_page(ui))),
        ("Correct: a Grande", lambda: ui.push(ListPage(
            "who", ui.game.prompt.headline, "Whose Grande?",
            lambda c: ui.push(region_page(ui, f"{state.name(c)}'s Grande is in",
                                          lambda r: ui.send(s.GrandeMoved(c, r)))),
            items=[(state.name(c), c) for c in state.colours], third="Back", on_third=ui.pop))),
        ("Correct: the Castillo", lambda: ui.push(castillo_correction(ui))),
        ("Correct: counts in a region", lambda: ui.push(region_page(
            ui, "Counts in which region?", lambda r: ui.push(counts_correction(ui, r))))),
        ("Correct: a score", lambda: ui.push(score_correction(ui))),
    ]


def reveal_stacks(ui: Controller) -> list[int]:
    """Stacks whose card is worth naming: those with a known card left (the King's card is always there)."""
    state = ui.game.state
    return [stack for stack in state.settings.stacks
            if (stack != 5 or state.settings.new_regency) and referee.cards_left(state, stack)]


def ask_revealed(ui: Controller, stacks: list[int], chosen: tuple = ()) -> None:
    """One list per stack: the card it shows (or not said); then the cards are recorded."""
    if not stacks:
        if chosen or ui.game.state.revealed:  # nothing named now clears what was named before
            ui.send(s.ActionCardsRevealed(chosen))
        else:
            ui.rebuild()
        return
    state = ui.game.state
    stack, rest = stacks[0], stacks[1:]
    left = referee.cards_left(state, stack)
    items = [("not said", None)] + [(card_label(c, left), c.key) for c in left]
    current = state.revealed.get(stack)
    cursor = next((i for i, (_, key) in enumerate(items) if key == current), 0)
    name = "The 5th stack" if stack == 5 else ("Stack 2 (2 and 3)" if stack == 2 and 3 not in state.settings.stacks
                                               else f"Stack {stack}")
    ui.push(ListPage("reveal", ui.game.prompt.headline, f"{name} shows", lambda key: ask_revealed(
        ui, rest, chosen + (((stack, key),) if key else ())), items=items, cursor=cursor,
        third="Back", on_third=ui.pop))


def castillo_correction(ui: Controller) -> Page:
    state = ui.game.state
    rows = [[state.name(c), c, state.castillo.get(c, 0), 0, 30] for c in state.everyone]
    return CountsPage("castillo_correction", ui.game.prompt.headline, "The Castillo holds",
                      lambda counts: ui.send(*[s.CastilloCorrected(c, n) for c, n in counts.items()
                                               if n != state.castillo.get(c, 0)]),
                      rows=rows, third="Back", on_third=ui.pop)


def counts_correction(ui: Controller, region: str) -> Page:
    state = ui.game.state
    known = state.counts[region]
    rows = [[state.name(c), c, known.get(c, 0), 0, 30] for c in state.everyone]
    return CountsPage("counts_correction", ui.game.prompt.headline, f"{state.rules.name(region)} holds",
                      lambda counts: ui.send(s.CountsCorrected(region, tuple(counts.items()))),
                      rows=rows, third="Back", on_third=ui.pop)


def score_correction(ui: Controller) -> Page:
    state = ui.game.state
    rows = [[state.name(c), c, state.scores[c], 0, 999] for c in state.colours]
    return CountsPage("score_correction", ui.game.prompt.headline, "Scores should be",
                      lambda counts: ui.send(*[s.ScoreCorrected(c, n - state.scores[c], "corrected at the table")
                                               for c, n in counts.items() if n != state.scores[c]]),
                      rows=rows, third="Back", on_third=ui.pop)


def undo_question(ui: Controller) -> Page:
    game = ui.game
    if game is None or not game.steps:
        return LinesPage("undo", game.prompt.headline if game else "Setup", "Nothing to undo", lambda _: ui.pop(),
                         lines=[], third="")
    last = describe(game.steps[-1], game.state)
    return LinesPage("undo", game.prompt.headline, "Undo the last step?", lambda _: ui.undo(),
                     lines=wrapped(last, then=""), ok_label="Undo", third="Keep", on_third=ui.pop)


def new_game_question(ui: Controller) -> Page:
    return LinesPage("new_game", ui.game.prompt.headline, "Start a new game?", lambda _: ui.new_game(),
                     lines=wrapped("This game is kept in the saved games.", then=""), ok_label="New", third="Keep",
                     on_third=ui.pop)


def export_page(ui: Controller) -> Page:
    """Write the game log (and at game over a BG Stats file) next to the saved games."""
    from companion.game.export import ExportError, configured_location, export

    game = ui.game
    folder = game.journal.path.parent / "exports"
    try:
        lines = [Line(p.name) for p in export(game, folder, location=configured_location())]
        lines.append(Line(f"in {folder}"))
        if not game.over:
            lines.append(Line("BG Stats file: at game over"))
        prompt = "Exported"
    except ExportError as error:
        lines, prompt = [Line(x) for x in wrap(str(error), 30)], "Not exported"
    return LinesPage("export", game.prompt.headline, prompt, lambda _: ui.pop(), lines=lines, third="")


def sheet_page(ui: Controller) -> Page:
    state = ui.game.state
    lines = [Line(f"{state.name(c)}", str(state.scores.get(c, 0)), strong=True) for c in state.colours]
    for line in reversed(state.sheet[-30:]):
        where = state.rules.name(line.where) if line.where else line.occasion
        lines.append(Line(f"R{line.round} {where}: {state.name(line.colour)}", f"+{line.points}"))
        lines += wrapped(line.reason, first="  ")
    return LinesPage("sheet", ui.game.prompt.headline, "Score sheet", lambda _: ui.pop(), lines=lines,
                     third="Back", on_third=ui.pop)


def game_settings_page(ui: Controller) -> Page:
    """What the table chose at setup (fixed for the game; the panel's settings are in the settings file)."""
    game = ui.game
    settings = game.settings
    variants = settings.variant_labels()
    lines = [Line("Edition", settings.rules.title.removeprefix("El Grande ").removesuffix(" edition")),
             Line("Seats, clockwise")]
    lines += [Line(f"  {i}. {p.name}", p.colour if p.name.lower() != p.colour else "") for i, p in
              enumerate(settings.players, start=1)]
    if settings.dummy:
        lines.append(Line("  the dummy", settings.dummy.title()))
    lines.append(Line("Rounds", str(len(settings.rounds))))
    lines += wrapped("Variants: " + (", ".join(variants) or "none"))
    lines.append(Line("Seed", str(settings.seed)))
    return LinesPage("game_settings", game.prompt.headline, "This game's settings", lambda _: ui.pop(),
                     lines=lines, third="Back", on_third=ui.pop)


def card_list(ui: Controller) -> Page:
    settings = ui.game.settings if ui.game else None
    edition = settings.edition if settings else ui.wizard.get("edition", "2023")
    deck = [c for c in cards.deck(edition, new_regency=bool(settings and settings.new_regency)) if c.known]
    if settings:  # the Old Hands cards shuffled in, each beside its stack
        deck = sorted(deck + [c for c in cards.OLD_HANDS if c.slug in settings.old_hands], key=lambda c: c.stack)
    items = [(f"{c.stack} {card_label(c, deck)}", c) for c in deck]
    return ListPage("cards", "Rules", "Which action card?", lambda c: ui.push(card_text(ui, c)), items=items,
                    third="Back", on_third=ui.pop)


def card_text(ui: Controller, card) -> Page:
    return LinesPage("card_text", "Rules", f"{card.title} (stack {card.stack})", lambda _: ui.pop(),
                     lines=wrapped(card.text, then="") + wrapped(f"Place up to {card.caballeros} "
                                                        f"Caballero{'s' if card.caballeros != 1 else ''}.", then=""),
                     third="Back", on_third=ui.pop)


def wrap(text: str, width: int) -> list[str]:
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return lines + ([line] if line else [])


def wrapped(text: str, first: str = "", then: str = "  ", width: int = COLUMNS) -> list[Line]:
    """``text`` as Lines that fit the panel: the first begins with ``first``, the rest with ``then``."""
    rows, row, empty = [], first, True
    for word in text.split():
        if empty:
            row, empty = row + word, False
        elif len(row) + 1 + len(word) > width:
            rows.append(row)
            row = then + word
        else:
            row = f"{row} {word}"
    return [Line(r) for r in rows + [row]]


# -- the setup wizard ----------------------------------------------------------------------


def wizard_page(ui: Controller) -> Page:
    w = ui.wizard
    w.setdefault("edition", ui.edition)

    def edition(value):
        w["edition"] = value
        ui.push(players_page(ui))

    items = [("El Grande 2023", "2023"), ("El Grande classic", "classic")]
    return ListPage("setup_edition", "New game", "Which edition?", edition, items=items,
                    cursor=[value for _, value in items].index(ui.edition), third="Menu",
                    on_third=lambda: ui.push(menu(ui)))


def players_page(ui: Controller) -> Page:
    w = ui.wizard

    def players(n):
        w["players"] = n
        w["colours"] = []
        if n != 3:  # 4 action stacks is a 3-player choice (2 players: always)
            w.get("variants", set()).discard("four_stacks")
        ui.push(colour_page(ui))

    return ListPage("setup_players", "New game", "How many players?", players,
                    items=[(f"{n} players", n) for n in range(2, 6)], cursor=2, third="Back", on_third=ui.pop)


def colour_page(ui: Controller) -> Page:
    w = ui.wizard
    seat = len(w["colours"]) + 1
    dummy = w["edition"] == "2023" and w["players"] == 2 and seat > 2
    free = [c for c in COLOURS if c not in w["colours"]]

    def chosen(colour):
        # This seat's colour; seats after it are chosen again (Back from a later page lands here).
        w["colours"] = w["colours"][:seat - 1] + [colour]
        if len(w["colours"]) < w["players"] + (1 if w["edition"] == "2023" and w["players"] == 2 else 0):
            ui.push(colour_page(ui))
        else:
            ui.push(variants_page(ui))

    def back():
        w["colours"] = w["colours"][:seat - 1]
        ui.pop()

    prompt = "Colour of the dummy" if dummy else f"Seat {seat} (clockwise): colour"
    return ListPage("setup_colours", "New game", prompt, chosen, items=[(c.title(), c) for c in free],
                    third="Back", on_third=back)


#: Old Hands cards as wizard toggles: ("old:veto", "Old Hands: Veto").
OLD_HANDS_TOGGLES = tuple((f"old:{c.slug}", f"Old Hands: {c.title}") for c in cards.OLD_HANDS)


def variants_page(ui: Controller) -> Page:
    w = ui.wizard
    chosen = w.setdefault("variants", set())
    available = [(k, label) for k, label in VARIANTS + OLD_HANDS_TOGGLES
                 if (w["edition"] == "2023" or k == "short_game") and (k != "four_stacks" or w["players"] == 3)]
    page: ListPage

    def toggle(key):
        if key == "go":
            ui.push(draw_page(ui))
            return
        chosen.symmetric_difference_update({key})
        page.marks = marks()

    def marks():
        return [""] + ["on" if k in chosen else "off" for k, _ in available]

    page = ListPage("setup_variants", "New game", "Variants (OK switches)", toggle,
                    items=[("Start the game ►", "go")] + [(label, k) for k, label in available], marks=marks(),
                    third="Back", on_third=ui.pop)
    return page


def settings_from_wizard(ui: Controller) -> Settings:
    w = ui.wizard
    colours = w["colours"]
    players = tuple(Player(c.title(), c) for c in colours[: w["players"]])
    dummy = colours[w["players"]] if len(colours) > w["players"] else None
    chosen = w.get("variants", ())
    flags = {k: (k in chosen) for k, _ in VARIANTS}
    old_hands = tuple(k.removeprefix("old:") for k, _ in OLD_HANDS_TOGGLES if k in chosen)
    return Settings(edition=w["edition"], players=players, dummy=dummy, seed=ui.new_seed(), old_hands=old_hands,
                    **flags)


def draw_page(ui: Controller, settings: Settings | None = None) -> Page:
    """How the setup is made; with settings, for a game whose setup was undone."""

    def how(choice):
        chosen = settings or settings_from_wizard(ui)
        if choice == "draw":
            from companion.game.state import GameState

            setup = referee.draw_setup(GameState(chosen))
            record_setup(ui, chosen, setup)
            ui.push(drawn_page(ui, setup))
        else:
            ui.wizard["settings"] = chosen
            enter_setup(ui, chosen, {})

    return ListPage("setup_draw", "New game", "King, homes, first player:", how,
                    items=[("Companion draws them", "draw"), ("Enter from the cards", "enter")],
                    third="Back", on_third=ui.pop)


def record_setup(ui: Controller, settings: Settings, setup: s.SetupDone) -> None:
    """Start the game with its setup, or record the setup again after it was undone."""
    if ui.game is not None and ui.game.phase == "setup":
        ui.send(setup)
    else:
        ui.begin(settings, setup)


def _setup(ui: Controller, game) -> Page:
    return draw_page(ui, game.settings)


def drawn_page(ui: Controller, setup: s.SetupDone) -> Page:
    state = ui.game.state
    lines = [Line("King", state.rules.name(setup.king), strong=True)]
    lines += [Line(f"{state.name(c)}'s home", state.rules.name(r)) for c, r in setup.homes]
    lines.append(Line("First player", state.name(setup.first)))
    return LinesPage("setup_drawn", "New game", "The companion drew:", lambda _: ui.pop(), lines=lines, third="")


def enter_setup(ui: Controller, settings: Settings, got: dict) -> None:
    colours = [p.colour for p in settings.players]
    names = {p.colour: p.name for p in settings.players}
    rules = settings.rules

    def regions(exclude):
        return [(rules.name(r), r) for r in spain.SCORING_ORDER if r not in exclude]

    if "king" not in got:
        ui.push(ListPage("setup_king", "New game", "The King's region", lambda r: enter_setup(
            ui, settings, {**got, "king": r}), items=regions(()), third="Back", on_third=ui.pop))
        return
    homes = got.setdefault("homes", {})
    for colour in colours:
        if colour not in homes:
            taken = {got["king"], *homes.values()}
            ui.push(ListPage("setup_home", "New game", f"{names[colour]}'s home region", lambda r, c=colour: enter_setup(
                ui, settings, {**got, "homes": {**homes, c: r}}), items=regions(taken), third="Back", on_third=ui.pop))
            return
    ui.push(ListPage("setup_first", "New game", "Who has the First Player marker?", lambda c: record_setup(
        ui, settings, s.SetupDone(king=got["king"], homes=tuple((c2, homes[c2]) for c2 in colours), first=c)),
        items=[(names[c], c) for c in colours], third="Back", on_third=ui.pop))
