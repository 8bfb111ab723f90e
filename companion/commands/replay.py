"""`elgrande-companion replay JOURNAL`: where a recorded game stands."""

import argparse
import json

from companion.commands import UsageError
from companion.language import _


def add_parser(sub) -> None:
    p = sub.add_parser("replay", help=_("replay a game log and show where the game stands"),
                       description=_("Replays a game log (a .jsonl file) and prints where the game stands."))
    p.add_argument("journal", metavar="GAME_LOG", help=_("the game's .jsonl log"))
    p.add_argument("--json", action="store_true", help=_("print one JSON object (phase, round, scores, ...)"))
    p.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    from companion.play.game import Game
    from companion.record.files import FileFault
    from companion.record.journal import read_only

    try:
        game = Game.from_record(read_only(args.journal))
    except FileNotFoundError:
        raise UsageError(_('no such game log: {journal}').format(journal=args.journal)) from None
    except FileFault as error:  # the journal's faults included: one line naming the line
        raise UsageError(_('cannot replay {journal}: {error}').format(journal=args.journal, error=error)) from None
    state, prompt = game.state, game.prompt
    if args.json:
        print(json.dumps({
            "phase": game.phase,
            "round": state.round,
            "scores": {state.name(c): state.scores.get(c, 0) for c in state.colours},
            "colours": {state.name(c): c for c in state.colours},
            "prompt": {"headline": prompt.headline, "asks": prompt.asks, "colour": prompt.colour},
            "board_recorded": state.settings.board,  # false: scores only (courts and provinces unknown)
            "board": {region: counts for region, counts in state.counts.items() if counts},
            "castillo": state.castillo,
            "courts": state.court,
            "provinces": state.province,
            "king": state.king,
            "grandes": state.grandes,
            "tiles": state.tiles,
            "steps": len(game.steps),
            **big_box(state),
            "standings": [{"place": p, "player": state.name(c), "points": pts} for p, c, pts in state.standings()],
        }, ensure_ascii=False))
        return 0
    print(prompt.headline)
    print(_('  next: {asks}').format(asks=prompt.asks))
    if state.king:
        print(_('  King: {name}   steps recorded: {steps}').format(name=state.rules.name(state.king), steps=len(game.steps)))
    for place, colour, points in state.standings():
        print(f"  {place}. {state.name(colour):<12} {points:>3}")
    return 0


def big_box(state) -> dict:
    """A Big Box game's own holdings: its mode, who holds the Grand Inquisitor (the black
    Caballeros are "black" in "board"), where the Limit table stands, who sat on each seat at the
    last scoring, and the gold and wares delivered so far (player -> discs)."""
    expansion = state.settings.expansion  # the game log's word for its way to play ("" the base game)
    if not expansion:
        return {}
    from companion.engine.table import standing

    now = standing(state)
    delivered: dict[str, list[str]] = {}
    for line in state.sheet:
        if line.occasion.endswith(" delivered"):
            delivered.setdefault(state.name(line.colour), []).append(line.occasion.split()[0])
    return {
        "expansion": expansion,
        "regions": list(state.regions),
        "grand_inquisitor": state.name(now.grand_inquisitor) if now.grand_inquisitor else None,
        "limit_table": now.limit_table,
        "seats": {title: state.name(colour) for title, colour in now.seats.items()},
        "delivered": delivered,
        "holdings": {what: state.name(colour) for what, colour in now.holdings.items()},
    }
