"""A player's turn: the action card taken, then what happens on the board."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine import board, queries, scorings, turn_rules
from companion.engine import card_effects as card_effects_game
from companion.engine import steps as s
from companion.rules import cards, modes, spain
from companion.rules.special_scoring import KINDS
from companion.ui.intents import Intent, Pop, Push, Say, Send
from companion.ui.pages import CountsPage, ListPage, Page
from companion.ui.screens import big_box, card_effects
from companion.ui.screens.common import MENU_KEY, View
from companion.ui.screens.offered import REFUSED
from companion.ui.screens.placements import placements
from companion.ui.screens.scoring import special_menu, start_special
from companion.ui.screens.turn_end import KINGS_STACK, awaits_action, end_if_done, placeable, special_done
from companion.ui.screens.turn_moves import after_card, grande_refused, grande_row, king_page, tile_move
from companion.ui.words import card_title, tile_word

if TYPE_CHECKING:  # the game's modules only once a game is played (a start without one skips them)
    from companion.play.game import Game


def turn(game: Game, view: View = View()) -> Page:
    p, state = game.prompt, game.state
    colour = p.colour
    assert colour is not None
    if "ActionCardTaken" in p.expects:
        # Every stack keeps its row all round (a taken one says by whom): the rows never move. The
        # King's card on top, then stack n n rows down.
        items, marks = [], []
        takers = {stack: who for who, stack, _ in state.taken}
        for stack in sorted(state.settings.stacks, key=lambda n: n != KINGS_STACK):
            low, high = queries.caballeros_range(state, stack)
            shown = str(low) if low == high else f"{low}-{high}"
            key = state.revealed.get(stack)
            held = "+".join(map(str, sorted(queries.stacks_held(state, stack))))  # "2+3" with 4 stacks
            title = card_title(key, stack) if key else (
                "King's card" if stack == KINGS_STACK else state.settings.mode.stack_title(stack) or f"Stack {held}")
            items.append((f"{title} · {shown} Cab." if stack in p.choices else title, stack))
            marks.append("" if stack in p.choices else state.name(takers[stack]) if stack in takers else "gone")

        def take(stack: int) -> Intent:
            if stack not in p.choices:
                return Say(f"that card was taken by {state.name(takers[stack])} this round" if stack in takers
                           else "that card is not in play this round")
            return Send(s.ActionCardTaken(colour, stack), then=after_card)

        # The round's first player: the cursor on the first card left (the King's card, on top);
        # in the base game's later turns on the first of the four stacks' cards left (the King's
        # card, when still there, one ▲ above it).
        left = [i for i, (_, stack) in enumerate(items) if stack in p.choices]
        stacks = [i for i in left if items[i][1] != KINGS_STACK and state.taken and not state.settings.expansion]
        cursor = (stacks or left or [0])[0]
        gone = frozenset(i for i, (_, stack) in enumerate(items) if stack not in p.choices)
        return ListPage("turn_card", p.headline, p.asks, take, items=items, cursor=cursor, marks=marks,
                        passed=gone, **MENU_KEY)
    actions = turn_actions(game, view)
    done = done_this_turn(game, view)
    reasons: dict[str, str] = {}
    if any(label == "Grande moved" for label, _ in actions) and not done.get("Grande moved"):
        why = grande_refused(game, colour)  # (the King on it: said before the choice)
        if why:
            done["Grande moved"] = REFUSED
            reasons = {"Grande moved": why}
    return ListPage("turn", p.headline, p.asks, lambda do: do(), items=actions, cursor=start_row(game, actions, done),
                    marks=[done.get(label, "") for label, _ in actions],
                    reasons=[reasons.get(label, "") for label, _ in actions] if reasons else [], **MENU_KEY)


END = "End the turn"
PLACE = "Place Caballeros"


def start_row(game: Game, actions: list[tuple[str, object]], done: dict[str, str]) -> int:
    """Where the turn page's cursor starts: on the named card's action while it is to do, then on
    the placement while nothing is placed and some may be, then on the turn's end (a finished
    action moves the cursor on: OK never opens it again)."""
    state = game.state
    labels = [label for label, _ in actions]
    if waiting(game) and len(labels) > 1:
        return 1  # the unnamed card's action, "End the turn" one ▲ above it (turn_actions)
    if labels and labels[0] != END and not done.get(labels[0]) and not special_done(state):
        return 0
    if PLACE in labels and placeable(state) and not state.turn_placed + state.turn_thrown:
        return labels.index(PLACE)
    return labels.index(END) if END in labels else 0


#: Grandissimo's stack 7: the Queen & Jester card (S:290-291).
QUEEN_AND_JESTER = 7

#: What each step of a turn marks on the turn page.
_DONE = {"KingMoved": "King moved", "GrandeMoved": "Grande moved", "PowerCardReturned": "Power card back to hand"}


def done_this_turn(game: Game, view: View = View()) -> dict[str, str]:
    """Turn-page label -> a mark ("2 in", "done") for what the active player has entered this turn."""
    state = game.state
    steps = list(game.steps)
    start = max((i for i, step in enumerate(steps)
                 if isinstance(step, (s.ActionCardTaken, s.SpecialActionChosen)) and step.colour == state.active),
                default=len(steps))
    marks = {}
    for step in steps[start + 1:]:
        if isinstance(step, s.TileMoved):
            marks[tile_word(state).capitalize()] = "done"
        elif step.kind in _DONE and getattr(step, "colour", state.active) == state.active:
            marks[_DONE[step.kind]] = "done"
    if state.turn_thrown:
        marks["Throw into the Castillo"] = "done" if view.hide_castillo else f"{state.turn_thrown} in"
    moved = sum(n for *_, n in state.turn_moves)
    for label, _ in card_effects.actions(game) if moved else ():
        marks[label] = f"{moved} moved"
    if state.turn_parts and turn_rules.SPECIAL in state.turn_parts:
        for label, _ in card_effects.actions(game):
            marks.setdefault(label, "done")
    left = placeable(state)
    if left:
        marks[END] = f"{left} unplaced"
    if board.tracked(state) and state.active in state.intake:
        short = board.intake_short(state, state.active, queries.intake_room(state, state.active))
        if short:
            marks["Court intake"] = f"{short} short"
        elif any(isinstance(step, s.CourtIntake) for step in steps[start + 1:]):
            marks["Court intake"] = "done"
    if state.turn_thrown + state.turn_placed:  # (with the tally hidden, not how many went in)
        placed = "done" if view.hide_castillo and state.turn_thrown else f"{state.turn_thrown + state.turn_placed} placed"
        marks["Place Caballeros"] = placed
    return marks


def turn_actions(game: Game, view: View = View()) -> list[tuple[str, object]]:
    state = game.state
    colour = state.active
    assert colour is not None
    taken = queries.taken_by(state, colour)
    assert taken is not None
    key = taken[2]
    card = cards.card(key) if key else None
    kind = cards.special_kind(card) if card else None
    actions: list[tuple[str, object]] = []
    if kind and not state.turn_scored:
        actions.append((f"Score: {KINDS[kind].label}", lambda: start_special(game, kind, named=True)))
    effects = card_effects.actions(game)
    if card:  # the named card's action first, where the cursor starts; an unnamed card's after placing
        actions, effects = actions + effects, []
    if card and card.param("to") == "fewest":
        actions.append((f"{card.title}: King to fewest", lambda: Push(chalet_page(game))))
    Effect = cards.Effect
    scoring = not state.turn_scored and offers(game, frozenset(), scoring=True)
    actions += [
        ("End the turn", lambda: Send(s.TurnEnded(colour))),
        *placing_rows(game, colour, view),
        *effects,
        *([("Special scoring", lambda: Push(special_menu(game)))] if scoring else []),
        *([("King moved", lambda: Push(king_page(game)))] if offers(game, card_effects_game.KING_MOVERS) else []),
        *([(tile_word(state).capitalize(), lambda: Push(tile_move(game)))]
          if offers(game, frozenset({Effect.SCORING_TILE})) else []),
        *([grande_row(game, colour)] if offers(game, frozenset({Effect.MOVE_GRANDE})) else []),
        *([("Power card back to hand", lambda: Push(power_back_page(game, colour)))]
          if offers(game, frozenset({Effect.POWER_CARD_BACK})) else []),
    ]
    if waiting(game):  # the placements done, an unnamed card's action first: just below the turn's end
        placing = len(placing_rows(game, colour, view))
        actions = [actions[0], *actions[1 + placing:], *actions[1:1 + placing]]
    for holder in state.colours:
        # A Veto stops another player's special action: offered to its holders on others' turns,
        # while it can still stop it (turn_rules.py).
        if holder in state.vetoes and holder != colour and game_accepts(game, s.VetoUsed(holder)):
            actions.append((f"{state.name(holder)} uses a Veto", lambda h=holder: Send(s.VetoUsed(h))))
    if (taken[1] == QUEEN_AND_JESTER and QUEEN_AND_JESTER in state.settings.mode.stacks
            and state.settings.mode.holdings and not _figure_taken(game, colour)):
        # Grandissimo's stack 7 (S:309): the Queen OR the Jester into the taker's Court, once
        actions[1:1] = [(f"Take the {figure}", lambda f=figure: Send(s.HoldingMoved(f, colour)))
                        for figure in (modes.QUEEN, modes.JESTER) if state.holdings.get(figure) != colour]
    moves = {Effect.SCORING_TILE: tile_word(state).capitalize(), Effect.MOVE_GRANDE: "Grande moved"}
    own = [row for row in actions if card and row[0] == moves.get(card.effect)]
    if own:  # the named card's move first, where the cursor starts while it is to do
        actions.remove(own[0])
        actions.insert(0, own[0])
    actions += big_box.card_rows(game)
    if state.settings.new_regency and offers(game, frozenset({Effect.KING_COMPETITION})):
        actions.append(("Competition: Grandes in", lambda: Send(s.GrandesToCastillo())))
    if state.settings.new_regency and offers(game, frozenset({Effect.SWAP_KING_GRANDE})):
        actions.append(("Stand-in: swap King", lambda: stand_in(game)))
    return actions


def waiting(game: Game) -> bool:
    """Whether the turn page waits on an unnamed card's special action: its Caballeros placed, its
    stack still able to hold a card with an action to enter (turn_end.awaits_action). The OK that
    placed them did not end the turn; the cursor starts on the action's first row, "End the turn"
    one ▲ above it: "no special action" is ▲ OK."""
    state = game.state
    return bool(state.turn_placed + state.turn_thrown) and not placeable(state) and awaits_action(state)


def offers(game: Game, effects: frozenset, *, scoring: bool = False) -> bool:
    """Whether the turn page offers a special step: in a game under rules revision 2, only what the
    turn's card grants (``scoring``: a special scoring of some kind). A row stays once its step is
    done, for its mark; done again, after a Veto or split by the placement, it says why not."""
    state = game.state
    if not turn_rules.applies(state):
        return True
    if state.settings.expansion:
        return True  # the Big Box's turns: its own cards
    if scoring:
        kinds = turn_rules.scoring_kinds(state)
        return kinds is None or bool(kinds)
    return turn_rules.grants(state, effects)


def game_accepts(game: Game, step: s.Step) -> bool:
    try:
        game.check(step)
    except s.StepRefused:
        return False
    return True


def placing_rows(game: Game, colour: str, view: View = View()) -> list[tuple[str, object]]:
    """A turn's Caballeros: placed from the Court, with the Court intake and the Big Box's sails,
    prison and moves, when the board is recorded; thrown into the Castillo with scores only."""
    state = game.state
    if not board.tracked(state):
        return [("Throw into the Castillo", lambda: castillo_throw(game, colour, view))]
    rows: list[tuple[str, object]] = [("Place Caballeros", lambda: placements(game, colour))]
    if queries.intake_room(state, colour):
        rows.append(("Court intake", lambda: intake_page(game, colour)))
    return rows + big_box.sail_rows(game, colour) + big_box.prison_rows(game) + big_box.move_rows(game)


def _figure_taken(game: Game, colour: str) -> bool:
    """Whether ``colour`` took the Queen or the Jester since taking this turn's card."""
    steps = list(game.steps)
    start = max((i for i, step in enumerate(steps) if isinstance(step, s.ActionCardTaken) and step.colour == colour),
                default=len(steps))
    return any(isinstance(step, s.HoldingMoved) and step.colour == colour and step.what in (modes.QUEEN, modes.JESTER)
               for step in steps[start + 1:])


def intake_page(game: Game, colour: str) -> Intent:
    """The Power card's Caballeros to the Court as the player takes them: fewer from the Province,
    or (the Province empty) own Caballeros from regions, never the Castillo or the King's region.
    Pre-filled with what came; OK sets the turn's intake to the counters."""
    state = game.state
    most = queries.intake_room(state, colour)
    came, before = state.intake.get(colour, (0, ()))
    earlier = dict(before)
    province = board.held(state, colour, board.PROVINCE) + came
    who = state.name(colour)
    rows = [["Province", board.PROVINCE, came, 0, min(most, province),
             f"{who}'s Province holds {province}" if province < most else _brings(state, colour, most)]]
    if province < most:  # the Province ran short: own Caballeros from regions (000 l.249)
        for region in state.regions:
            have = board.held(state, colour, region) + earlier.get(region, 0)
            if have and region != state.king:
                rows.append([state.rules.name(region), region, earlier.get(region, 0), 0, min(have, most),
                             f"{who} has {have} in {state.rules.name(region)}"])

    def send(got: dict) -> Intent:
        regions = tuple((r, n) for r, n in got.items() if r != board.PROVINCE and n)
        if got[board.PROVINCE] == came and regions == tuple(before):
            return Pop()
        return Send(s.CourtIntake(colour, got[board.PROVINCE], regions))

    prompt = f"{who}: up to {most} to the Court" + (" (Province empty)" if province < most else "")
    return Push(CountsPage("intake", game.prompt.headline, prompt, send, rows=rows))


def _brings(state, colour: str, most: int) -> str:
    """What limits the intake: the card's heads, the most a card shows while they are unknown
    (Intrigue & the King), with the Grand Inquisitor's or the Queen's one more."""
    extra = " with the one more" if queries.extra_caballero(state, colour) else ""
    if queries.intake_heads_unknown(state, colour):
        return f"at most {most}{extra} (the card's heads unknown)"
    return f"the card brings {most}{extra}"


def stand_in(game: Game) -> Intent:
    """Stand-in swaps the King with a Grande of the player's choice (002), any colour's standing
    in a region: asked when there is more than one."""
    state = game.state
    grandes = [c for c in state.colours if state.grandes.get(c) in spain.REGIONS and state.grandes[c] != state.king]
    if len(grandes) == 1:
        return Send(s.KingAndGrandeSwapped(grandes[0]))
    return Push(ListPage("who", game.prompt.headline, "Swap the King with whose Grande?",
                         lambda c: Send(s.KingAndGrandeSwapped(c)),
                         items=[(f"{state.name(c)} · {state.rules.name(state.grandes[c])}", c) for c in grandes]))


def chalet_page(game: Game) -> Page:
    """New Regency Chalet: the King to the region with the fewest Caballeros (>0); the active player breaks ties."""
    state = game.state
    fewest = scorings.special_regions(state, "fewest")
    totals = state.totals()
    items: list[tuple[str, str | None]] = [(f"{state.rules.name(r)} · {totals[r]} Cab.", r) for r in fewest]
    prompt = f"Tied fewest: {state.name(state.active)} picks" if len(fewest) > 1 else "King to the fewest"
    return ListPage("chalet", game.prompt.headline, prompt, lambda r: Send(s.KingMoved(r, by_card=True)) if r else Pop(),
                    items=items or [("no region has Caballeros", None)])


def castillo_throw(game: Game, colour: str, view: View = View()) -> Intent:
    """The turn's throw, as a total to set: opened again, it shows what is in already
    (with the tally hidden, each throw is entered on its own)."""
    state = game.state
    room = queries.card_room(state, colour)
    already = 0 if view.hide_castillo else state.turn_thrown
    if room == 0 and not already:
        return Say(f"{state.name(colour)}'s card has no Caballeros left to place this turn "
                   "(the menu corrects the Castillo)")
    supply = state.supply(colour) - state.on_board(colour)
    most = already + min(supply, room)
    why = (f"{state.name(colour)}'s card places {already + room} this turn (more: Menu, Correct: the Castillo)"
           if room <= supply else f"all {state.supply(colour)} of {state.name(colour)}'s Caballeros "
                                  "are on the board")

    def thrown(got: dict) -> Intent:
        total = got[colour]
        if total > already:
            return Send(s.CastilloThrow(colour, total - already))
        if total < already:
            return Send(s.CastilloCorrected(colour, state.castillo.get(colour, 0) - (already - total)))
        return Pop()

    prompt = f"{state.name(colour)}'s throw this turn" + (f" ({already} in)" if already else "")
    return Push(CountsPage("castillo_throw", game.prompt.headline, prompt, thrown,
                           rows=[[state.name(colour), colour, already or 1, 0, max(most, 1), why]]))


def power_back_page(game: Game, colour: str) -> Page:
    """Empowerment: which played Power card goes back to the hand (000 "Empowerment"), the cursor
    on the highest: the card that plays first in a later round, which a player takes back rather
    than one that only brings Caballeros; the lowest is one ▼ from it (the list wraps). Its OK ends
    the turn when the card's actions are done, as every finished action does."""
    state = game.state
    used = sorted(set(range(1, 14)) - state.hands[colour])
    items: list[tuple[str, int | None]] = [(str(v), v) for v in used]
    if state.settings.power_shift and state.modifiers_played.get(colour):
        items.append(("a Modifier card", None))  # 000 Empowerment: "one of your played Modifier cards"

    def back(v: int | None) -> Intent:
        return Send(s.PowerCardReturned(colour, v or 0, modifier=v is None), after=end_if_done)

    return ListPage("power_back", game.prompt.headline, "Which Power card back to the hand?", back, items=items,
                    cursor=max(0, len(used) - 1))
