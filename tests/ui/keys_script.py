"""What the keys player's games are made of and give: a game's steps grouped as the table enters
them, a step in words, the presses as a key script, and a game's steps in the form that holds the
same facts however they were entered (tests/ui/keys_player.py's Keys uses them)."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from companion.engine import board
from companion.engine import steps as s
from companion.engine.settings import Settings
from companion.play.game import Game
from companion.rules import spain

if TYPE_CHECKING:
    from tests.ui.keys_player import Keys


def units(steps) -> list[list[s.Step]]:
    """Steps as the table enters them: a turn's placements (Placed steps and a CastilloThrow) are
    one confirmation, and so are a card's moves that one page sends (one opponent's sending back
    to the Province, Militia's Caballeros from the Court); every other step is one."""
    out: list[list[s.Step]] = []
    for step in steps:
        placing = isinstance(step, (s.Placed, s.CastilloThrow))
        if placing and out and all(isinstance(x, (s.Placed, s.CastilloThrow)) for x in out[-1]):
            out[-1].append(step)
        elif out and _one_page(out[-1][-1], step):
            out[-1].append(step)
        else:
            out.append([step])
    return out


def _one_page(last: s.Step, step: s.Step) -> bool:
    """Whether a card's move ``step`` goes on the page of the move before it: the same colour's,
    both sent back to the Province or both from the Court."""
    if not (isinstance(last, s.CardMoved) and isinstance(step, s.CardMoved)) or last.colour != step.colour:
        return False
    return (last.target == step.target == board.PROVINCE) or (last.source == step.source == board.COURT)


def describe(step: s.Step) -> str:
    """`PowerCardPlayed red 9`: a step in a key script's comment."""
    def flat(value):
        if isinstance(value, tuple):
            return " ".join(flat(v) for v in value)
        return "-" if value is None else str(value)

    shown = [f for f in dataclasses.fields(step) if f.name not in step.added or getattr(step, f.name) != f.default]
    return " ".join([step.kind] + [flat(getattr(step, f.name)) for f in shown]).rstrip()


def key_script(keys: Keys, title: str, writer: str = "tests/ui/test_whole_games_by_keys.py") -> str:
    """The presses as a script `elgrande-companion run --keys` plays: one line per step; ``writer``:
    the test that writes it."""
    lines = [f"# {title}", f"# Written by {writer}; keys 1-4 are KEY1-KEY4.", ""]
    for what, presses in keys.script:
        if presses:
            keys_ = " ".join(f"L{k - 9}" if k >= 10 else str(k + 1) for k in presses)
            lines.append(f"{keys_:<24} # {what}")
    return "\n".join(lines) + "\n"


def grouped(colours, steps) -> list[s.Step]:
    """Steps with each run of SecretDisc steps (the keys keep one disc at a time) as the one
    SecretDiscs step they amount to (players without a disc: None)."""
    out: list[s.Step] = []
    run: dict[str, str | None] = {}
    for step in list(steps) + [None]:
        if isinstance(step, s.SecretDisc):
            run[step.colour] = step.region
            continue
        if run:
            out.append(s.SecretDiscs(tuple((c, run.get(c)) for c in colours)))
            run = {}
        if step is not None:
            out.append(step)
    return out


def facts(settings: Settings, steps) -> list:
    """Each step as JSON, in the form that holds the same facts however it was entered.

    Scored: a colour with no Caballeros may be listed with 0 or left out (the
    keys list every colour, 0 included; scripts leave them out). SecretDiscs:
    the disc of a player with nothing in the Castillo tally changes nothing
    (the keys ask only those with Caballeros in it; their disc is None).
    """
    game = Game(settings)
    out = []
    for step in steps:
        data = step.to_json()
        if isinstance(step, s.Scored):
            data["counts"] = sorted((c, n) for c, n in step.counts if n)
        if isinstance(step, s.SecretDiscs):
            data["discs"] = sorted((c, r) for c, r in step.discs if game.state.castillo.get(c))
        out.append(data)
        game.send(step)
    # A scoring's places in any order score the same (the keys may confirm the board's regions in
    # one unit, those of one colour first): each run of Scored steps compared as a set.
    runs: list = []
    for data in out:
        if data["step"] == "Scored" and runs and isinstance(runs[-1], list):
            runs[-1].append(data)
        else:
            runs.append([data] if data["step"] == "Scored" else data)
    return [sorted(run, key=repr) if isinstance(run, list) else run for run in runs]


def same(wanted: s.Step, recorded: s.Step) -> bool:
    """Whether a step the companion recorded by itself holds the facts wanted: a Scored step's
    colours with no Caballeros may be left out; the secret discs it records (nobody in the
    Castillo) change nothing."""
    if isinstance(wanted, s.Scored) and isinstance(recorded, s.Scored):
        return (wanted.where, sorted((c, n) for c, n in wanted.counts if n), wanted.seats) == (
            recorded.where, sorted((c, n) for c, n in recorded.counts if n), recorded.seats)
    if isinstance(wanted, s.SecretDiscs) and isinstance(recorded, s.SecretDiscs):
        return True
    return wanted == recorded


def place(region: str | None, rules) -> str:
    """How a region page lists a place."""
    if region is None:
        return "off the board"
    if region == spain.CASTILLO:
        return "the Castillo"
    return rules.name(region)
