"""Notices: what happened that the table should read before going on (a scoring's results,
the dummy's moves, a resumed or unreadable game, an export; a correction's: corrected.py)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple, TypeVar

from companion.language import N_, _, ngettext
from companion.rules import colours
from companion.ui import intents
from companion.ui.intents import Close, Intent
from companion.ui.pages import LinesPage, Page
from companion.ui.screens.common import NO_BACK, View, facts, paragraph
from companion.ui.screens.map import map_page
from companion.ui.view import Line

if TYPE_CHECKING:  # the game's modules only once a game is played (a start without one skips them)
    from companion.engine import flow
    from companion.engine.flow import Event
    from companion.play.game import Game

E = TypeVar("E", bound="Event")


def read() -> Intent:
    """A notice read: back to where the table was (closing the menu it came from)."""
    return Close()


def after(game: Game, events: tuple[Event, ...], view: View = View()) -> list[Page]:
    """Pages to read before going on, top first, from the events the unit caused (the engine's
    flow): a scoring's results, then what the table does now that a round is over (with the
    dummy's new moves), or else the dummy's moves."""
    from companion.engine import flow  # (a game is under way)
    from companion.engine.prompt import round_named

    out: list[Page] = []
    dummy_moved = _one(events, flow.DummyMoved)
    moves = list(dummy_moved.moves) if dummy_moved else []
    noted = _one(events, flow.ScoringFollowsTheBoard)
    if noted:  # a count changed which regions this scoring scores
        out.append(LinesPage("corrected", game.prompt.headline, _("The scoring follows the board"),
                             lambda _: read(), lines=[paragraph(n, first="• ") for n in noted.notes], **NO_BACK))
    round_began = _one(events, flow.RoundBegan)
    said = False  # (whether a scoring's results say how the next round begins)
    scored = _one(events, flow.RegionsScored)
    if scored:
        # A general scoring's results also say how the next round begins (one OK for both).
        after_scoring = _next_round(game, moves) if round_began is not None else []
        out.append(results(game, scored.occasion, after_scoring, headline=scored_headline(scored)))
        moves, said = ([], True) if after_scoring else (moves, False)
    if _one(events, flow.GeneralScoringBegan) and game.settings.board:
        out.append(map_page(game, view))  # a general scoring begins: the board, checked at a glance
    if _one(events, flow.TurnsBegan) and facts(game.settings).own_cards:
        out.append(deal(game))  # the last card played: who holds which card, in turn order
    if round_began is not None and round_began.from_turns and not said:  # (after a scoring: its results say it)
        opening = round_opening(game)
        if opening is not None:  # the dummy's round start: said on the round's first Power card page
            earlier = moves[:len(moves) - len(game.state.dummy.moves_in(game.state.round))]
            if earlier:  # the dummy's last turn ended the round: read as any turn of its
                headline = _("{moment} · The dummy").format(moment=round_named(round_began.ended))
                out.append(dummy(game, earlier, headline=headline))
        elif moves or not _cards_page_says_it(game):
            out.append(round_over(game, round_began.ended, moves))
    elif moves:
        out.append(dummy(game, moves))
    return out


def _one(events: tuple[Event, ...], kind: type[E]) -> E | None:
    """The unit's event of that kind, or None."""
    return next((event for event in events if isinstance(event, kind)), None)


def _cards_page_says_it(game: Game) -> bool:
    """Whether the round's start opens on the cards showing (the table names them), whose page
    says how the round begins: the round-over page, with nothing to decide, is not shown."""
    from companion.ui.screens import deal  # (a game is under way)

    return deal.page_says_the_round(game)


def round_over(game: Game, ended: int, moves: list[str]) -> Page:
    """The end of a round: what the table does now, in one screen (one OK)."""
    return LinesPage("round_over", _("Round {round} is over").format(round=ended), _("What the table does now"), lambda _: read(),
                     lines=_next_round(game, moves), **NO_BACK)


def read_together(new: list[intents.Page], unread: list[intents.Page]) -> list[intents.Page]:
    """The pages a turn's end left (``new``) under those its last steps left to read (``unread``),
    each in stack order (the top last). A special scoring's results still to read when the turn's
    end ends the round also say how the next round begins, as a general scoring's do: one OK for
    both, the round-over page folded into them."""
    ended = [page for page in new if page.kind == "round_over"]
    scored = [page for page in unread if page.kind == "results"]
    if ended and scored and isinstance(ended[0], LinesPage) and isinstance(scored[0], LinesPage):
        scored[0].lines = [*scored[0].lines, *ended[0].lines]
        new = [page for page in new if page is not ended[0]]
    return new + unread


#: The characters of a list row on the 2.7" panel (200 px of the body font's 8-px characters).
ROW_CHARS = 25
#: The notes that show above the first card there (six rows under a two-row prompt).
NOTE_ROWS = 5

#: The Power card the dummy turns up: the Power card page's prompt says it ("dummy: 11").
_TURNED_UP = "turned up Power card"


class Opening(NamedTuple):
    """How a dummy game's round begins, on its first Power card page: the prompt's start ("First
    Player", when the player asked is the First Player, else "") and the rows to read above the
    cards (what the table does, the dummy's moves)."""

    first: str
    rows: list[str]


def round_opening(game: Game) -> Opening | None:
    """A 2-player game's round from round 2, before any player's Power card: what the round-over
    page would say (_next_round's lines), laid out for the rows of a list that show at once on
    the 2.7" (the round marker: the page's headline; the dummy's Power card: its prompt), or None."""
    state = game.state
    moves = state.dummy.moves_in(state.round) if game.settings.dummy else []
    if not moves or state.round < 2 or set(state.played) - {game.settings.dummy}:
        return None
    from companion.ui.screens import deal  # (a game is under way)

    new_cards = deal.lines(game)
    if len(new_cards) > 1:  # the companion's deal: its cards to lay out, on the round-over page
        return None
    first = _first_player(game)
    asked = game.prompt.colour == state.first_player  # (the prompt says it: "First Player Blue: play …")
    rows = ([] if asked else [f"{first.text}: {first.right}"]) + [new_cards[0].text]  # "Deal new action cards"
    for move in moves:
        if not move.startswith(_TURNED_UP):
            rows += wrapped(f"{_dummy_name(game)}: {move}")
    if len(rows) > NOTE_ROWS:  # more than shows at once: the round-over page says it
        return None
    return Opening(first.text if asked else "", rows)


def wrapped(text: str, hang: str = "  ", width: int = ROW_CHARS) -> list[str]:
    """``text`` in rows of at most ``width`` characters, cut between words, the rows after the
    first beginning with ``hang`` (a list row is one line: the renderer cuts a longer one)."""
    rows: list[str] = []
    for word in text.split(" "):
        if rows and len(rows[-1]) + 1 + len(word) <= width:
            rows[-1] += " " + word
        else:
            rows.append((hang if rows else "") + word)
    return rows


def _next_round(game: Game, moves: list[str]) -> list[Line]:
    state = game.state
    told = facts(game.settings)
    if told.own_cards:  # the played cards leave the game; the lowest leads (S:166, S:173)
        return [Line(_(told.first_player), state.name(state.first_player)), Line(_("Round marker to"), str(state.round)),
                Line(_("Played cards leave the game")), Line(_("King, Intrigue, Caballero cards back"))]
    from companion.ui.screens import deal  # (a game is under way)

    lines = [_first_player(game), Line(_("Round marker to"), str(state.round)),
             *deal.lines(game)]  # the companion's deal: each stack's card (issue 35)
    if moves:
        lines.append(Line(_("The dummy ({colour}):").format(colour=_dummy_name(game)), strong=True))
        lines += [paragraph(m, first="• ") for m in moves]
    return lines


def _first_player(game: Game) -> Line:
    return Line(_("First Player"), game.state.name(game.state.first_player))


def _dummy_name(game: Game) -> str:
    return colours.word(game.settings.dummy) if game.settings.dummy else ""


def deal(game: Game) -> Page:
    """Intrigue & the King: the round's cards handed out by the values played (S:167), in turn
    order (S:168), one OK. Each player also takes his card's Caballero heads to the Court."""
    from companion.engine.prompt import round_named  # (a game is under way)

    return LinesPage("intrigue_deal", _("{moment} · The deal").format(moment=round_named(game.state.round)),
                     _("Cards in turn order"),
                     lambda _: read(), lines=deal_lines(game), **NO_BACK)


def deal_lines(game: Game) -> list[Line]:
    from companion.engine.modes import offers  # (a Big Box game only)

    state = game.state
    dealt = offers.deal(state)
    assert dealt is not None
    lines = [Line(_("King's card"), state.name(dealt.king), strong=True),
             Line(_("Intrigue card"), state.name(dealt.intrigant))]
    lines += [Line(f"{i}. {state.name(c)} · {dealt.played[c]}", _("{count} Cab.").format(count=dealt.caballero_card[c]))
              for i, c in enumerate(dealt.turn_order, start=1)]
    lines.append(paragraph(_("Court: each takes his card's heads"), then=""))
    return lines


#: The title when nothing can be recorded (a full disk, a read-only folder): the notice says why.
SHOWN_ONLY = N_("Shown only: nothing is recorded")


def on_resume(game: Game, notice: str, shown_only: bool = False) -> list[Page]:
    """What a restart shows: one page, one OK: where the game stands, and what was on the
    screen before (the dummy's round start, or a scoring's results). ``shown_only``: the game
    can be looked at but no step recorded (the notice says why and what to do)."""
    state = game.state
    count = game.step_count
    lines = [Line(ngettext("{count} step replayed.", "{count} steps replayed.", count).format(count=count)),
             Line(game.prompt.asks)]
    lines += [paragraph(notice, then="")] if notice else []
    cut = bool(game.journal and game.journal.cut_at)
    title = _(SHOWN_ONLY) if shown_only else _("Resumed at the last good step") if cut else _("Game resumed where it stood")
    if game.settings.dummy and game.phase == "power_cards" and state.dummy.moves_in(state.round):
        # The dummy's round start is read before the Power cards: shown again after a restart.
        lines.append(Line(_("The dummy ({colour}):").format(colour=_dummy_name(game)), strong=True))
        lines += [paragraph(m, first="• ") for m in state.dummy.moves_in(state.round)]
    from companion.engine import flow  # (a game in hand: the engine is loaded)

    if flow.deal_just_shown(state, game.phase, game.last_unit):
        # A way to play's own deal had just been shown (the round's last card played): again,
        # before the first turn (its special action without a choice went with the last card).
        lines.append(Line(_("The deal:"), strong=True))
        lines += deal_lines(game)
    if game.phase == "power_cards" and not state.played and state.round != game.settings.rounds[0]:
        from companion.ui.screens import deal  # the companion's deal: this round's cards, again (round 1 has its page)

        lines += [line for line in deal.lines(game) if line.text != _(deal.DEAL_NEW)]
    told = facts(game.settings)
    if count == 1 and told.setup_notes:
        # A Big Box game just set up: what the table does before round 1, again.
        lines.append(Line(f"{told.title}:", strong=True))
        lines += [paragraph(note, first="• ") for note in told.setup_notes]
    if flow.scoring_just_ended(state):
        # A scoring had just ended: its results again, as they were on the screen.
        last = [line for line in state.sheet[state.scoring_from:] if line.where]  # (no corrections, deliveries)
        occasion = last[-1].occasion if last else "the last scoring"
        lines.append(Line(occasion[0].upper() + occasion[1:] + ":", strong=True))
        lines += result_rows(game, occasion)
    return [LinesPage("resumed", game.prompt.headline, title, lambda _: read(), lines=lines, **NO_BACK)]


def log_checked(game: Game, notice: str, set_aside: bool) -> Page:
    """The game log's check while the keys rested found the game in hand was not the log's: the
    game now follows the log (companion/engine/recheck.py), ``set_aside`` the lines from the first
    the rules refuse; one line says what and where, one OK."""
    title = _("Refused steps set aside") if set_aside else _("The game follows its log")
    return LinesPage("log_checked", game.prompt.headline, title, lambda _: read(),
                     lines=[paragraph(notice, then="")], **NO_BACK)


def unreadable(notice: str, shown_only: bool = False) -> Page:
    title = _(SHOWN_ONLY) if shown_only else _("The game log could not be read")
    return LinesPage("unreadable", _("El Grande companion"), title, lambda _: read(),
                     lines=[paragraph(notice, then="")], **NO_BACK)


def dummy(game: Game, moves: list[str], headline: str = "") -> Page:
    """What the dummy did and why, under its colour (the table moves its pieces)."""
    headline = headline or _("{moment} · The dummy").format(moment=game.prompt.headline.split(" · ")[0])
    lines = [paragraph(m, first="• ") for m in moves] or [paragraph(_("Nothing yet this round."))]
    return LinesPage("dummy", headline, _("The dummy ({colour})").format(colour=_dummy_name(game)), lambda _: read(),
                     lines=lines, **NO_BACK)


def scored_headline(scored: flow.RegionsScored) -> str:
    """The moment a scoring's results are about ("Round 3 · General scoring"), not the phase
    the game has moved on to."""
    from companion.engine.prompt import scoring_title  # (a game is under way)

    return scoring_title(scored.round, scored.general)


def results(game: Game, occasion: str, then: list[Line] | None = None, headline: str = "") -> Page:
    """What a scoring gave: one line per place scored, then each player's gain and total
    (and ``then``: how the next round begins, after a general scoring), under the moment scored."""
    return LinesPage("results", headline or game.prompt.headline, occasion[0].upper() + occasion[1:],
                     lambda _: read(), lines=result_rows(game, occasion) + (then or []), **NO_BACK)


def result_rows(game: Game, occasion: str) -> list[Line]:
    state = game.state
    lines = [line for line in state.sheet[state.scoring_from:] if line.occasion in (occasion, "correction")]
    rows: list[Line] = []
    places: dict[str, list[str]] = {}
    gained = {c: 0 for c in state.colours}
    for line in lines:
        points = f"{line.points:+d}" if line.occasion == "correction" else str(line.points)
        places.setdefault(line.where, []).append(f"{state.name(line.colour)} {points}")
        gained[line.colour] += line.points
    for where, parts in places.items():
        rows.append(paragraph(f"{state.rules.name(where) if where else _('Corrected')}: {', '.join(parts)}"))
    if not rows:
        rows.append(Line(_("Nobody scored.")))
    elif occasion.startswith("general"):  # the regions a general scoring did not ask (nobody there)
        nobody = [state.rules.name(r) for r in state.regions if r not in places]
        if nobody:
            rows.append(paragraph(_("Nobody scored: {regions}").format(regions=", ".join(nobody))))
    # Each player's gain and total first: they show without scrolling, even with five players.
    totals = [Line(f"{state.name(colour)} +{gained[colour]}", str(state.scores[colour]), strong=True)
              for colour in sorted(state.colours, key=lambda c: -state.scores[c])]
    return totals + rows


def exported(game: Game, written: list[Path], folder: Path, error: str = "") -> Page:
    """What an export wrote, or why it could not."""
    if error:
        lines, prompt = [paragraph(error, then="")], _("Not exported")
    else:
        lines = [Line(p.name) for p in written] + [Line(_("in {folder}").format(folder=folder))]
        if not game.over:
            lines.append(Line(_("BG Stats file: at game over")))
        prompt = _("Exported")
    if game.over and not error:  # and on the phone in one scan: OK shows the play's QR code
        return LinesPage("export", game.prompt.headline, prompt, lambda _: intents.PhoneCode(), lines=lines,
                         ok_label="Phone", **NO_BACK)
    return LinesPage("export", game.prompt.headline, prompt, lambda _: read(), lines=lines, **NO_BACK)
