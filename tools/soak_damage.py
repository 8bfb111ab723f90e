"""The damage tools/soak_journal.py does between a kill and the resume (``--damage SHARE``): what an SD
card that flips a bit, or a careless hand, does to the snapshot beside the game log or to the log's tail.

Each kind is one of the shapes issue 33 found mishandled:

  snapshot bit      one random bit of the snapshot file flipped
  snapshot state    one number in its "state" changed (one digit)
  snapshot before   one number in its "before" (the state an undo goes back to) changed
  snapshot allowed  one bit flipped in one of its "allowed" events' names
  snapshot chart    its "chart" naming another phase
  log tail bit      one random bit flipped in the game log's last line

A snapshot's kinds leave the game log whole: every step reported done is confirmed and must be
held, exactly as the log has it. A flipped bit in the log's tail may cost the damaged line itself
(that step's record is gone; a bit that leaves valid JSON may even make it another step, which the
log then holds): there, "confirmed" means the steps on the lines before the damaged one.
The snapshot is edited as JSON (parsed, one leaf changed, written back as the companion writes it),
so whatever fields and checks it grows, the damage stays the same shape. :func:`replays` is the check
after it: the log, replayed from nothing, is the game held.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

from companion.play.game import Game
from companion.record.journal import read_only

SNAPSHOT_KINDS = ("snapshot bit", "snapshot state", "snapshot before", "snapshot allowed", "snapshot chart")
LOG_KINDS = ("log tail bit",)
KINDS = SNAPSHOT_KINDS + LOG_KINDS


class Damage:
    """What was done (``kind``, ``detail``) and, for the log's tail, the line it hit (1 = the header)."""

    def __init__(self, kind: str, detail: str, line: int | None = None):
        self.kind, self.detail, self.line = kind, detail, line

    def confirmed(self, done: int) -> int:
        """The steps reported done that must survive this damage (the lines before the damaged one)."""
        return done if self.line is None else min(done, self.line - 2)

    def __str__(self) -> str:
        return f"{self.kind} ({self.detail})"


def damage(log: Path, rng: random.Random, phases: list[str]) -> Damage | None:
    """One damage of a kind rng picks among those this run's files allow (None: none fits)."""
    snapshot = log.with_name(log.name + ".snapshot")
    kinds = list(KINDS if snapshot.exists() else LOG_KINDS)
    rng.shuffle(kinds)
    for kind in kinds:
        done = _LOG[kind](log, rng) if kind in LOG_KINDS else _snapshot(kind, snapshot, rng, phases)
        if done is not None:
            return done
    return None


# -- the log's tail ----------------------------------------------------------------------------
def _log_tail_bit(log: Path, rng: random.Random) -> Damage | None:
    data = bytearray(log.read_bytes())
    body = data.rstrip(b"\n")
    header_end = data.find(b"\n") + 1
    start = body.rfind(b"\n") + 1
    if header_end <= 0 or start < header_end or start >= len(body):  # no step line yet
        return None
    at = rng.randrange(start, min(len(body) + 1, len(data)))  # the last line, its newline (if any) included
    bit = rng.randrange(8)
    data[at] ^= 1 << bit
    log.write_bytes(bytes(data))
    return Damage("log tail bit", f"byte {at} bit {bit}", line=data.count(b"\n", 0, start) + 1)


_LOG = {"log tail bit": _log_tail_bit}


# -- the snapshot --------------------------------------------------------------------------------
def _snapshot(kind: str, path: Path, rng: random.Random, phases: list[str]) -> Damage | None:
    data = path.read_bytes()
    if kind == "snapshot bit":
        if not data:
            return None
        at, bit = rng.randrange(len(data)), rng.randrange(8)
        changed = bytearray(data)
        changed[at] ^= 1 << bit
        path.write_bytes(bytes(changed))
        return Damage(kind, f"byte {at} bit {bit}")
    try:
        body = json.loads(data)
    except ValueError:  # (a kill inside its write leaves the old one or the new one, so not expected)
        return None
    if not isinstance(body, dict):
        return None
    if kind == "snapshot chart":
        others = [name for name in phases if name != body.get("chart")]
        if "chart" not in body or not others:
            return None
        body["chart"] = rng.choice(others)
        detail = f"chart {body['chart']}"
    else:
        field = kind.removeprefix("snapshot ")
        leaves = list(_leaves(body.get(field), str if field == "allowed" else int))
        if not leaves:
            return None
        holder, key = rng.choice(leaves)
        if field == "allowed":
            text = holder[key]
            at = rng.randrange(len(text))
            holder[key] = text[:at] + chr(ord(text[at]) ^ 1) + text[at + 1:]
            detail = f"{text!r} -> {holder[key]!r}"
        else:
            number = holder[key]
            digits = str(abs(number))
            at = rng.randrange(len(digits))
            digit = rng.choice([d for d in "0123456789" if d != digits[at]])
            holder[key] = (-1 if number < 0 else 1) * int(digits[:at] + digit + digits[at + 1:])
            detail = f"{field}: {number} -> {holder[key]}"
    path.write_text(json.dumps(body, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    return Damage(kind, detail)


def _leaves(tree: object, kind: type) -> list[tuple[list | dict, int | str]]:
    """(holder, key) of every leaf of ``kind`` in a JSON tree (bools are not numbers here)."""
    found: list[tuple[list | dict, int | str]] = []
    stack = [tree]
    while stack:
        node = stack.pop()
        pairs = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        for key, value in pairs:
            if isinstance(value, (dict, list)):
                stack.append(value)
            elif isinstance(value, kind) and not isinstance(value, bool) and (kind is not str or value):
                found.append((node, key))
    return found


def by_kind(count: dict) -> list[str]:
    """The summary's lines of a soak with damage: for each kind the runs it damaged and their failures by
    class, what Game.resume raised, and the failures of runs left undamaged."""
    lines = ["  by damage: runs damaged, then failed runs by class"]
    for kind in KINDS:
        failures = sorted((key.split(": ", 1)[1], value) for key, value in count.items()
                          if key.startswith(f"damage {kind}: "))
        said = ", ".join(f"{what} {value}" for what, value in failures) or "no failure"
        lines.append(f"    {kind:<18}{count.get(f'damaged: {kind}', 0):>6}   {said}")
    lines += [f"    {key}: {value}" for key, value in sorted(count.items()) if key.startswith("resume raised ")]
    undamaged = sorted((key.split(": ", 1)[1], value) for key, value in count.items() if key.startswith("damage none: "))
    if undamaged:
        lines.append("    undamaged runs failed: " + ", ".join(f"{what} {value}" for what, value in undamaged))
    return lines


def replays(path: Path, game: Game, standing: Callable[[Game], tuple]) -> bool:
    """The log on disk replays from nothing, every line taken, to the game held (its whole state): what a
    start that finds no snapshot to trust would make of it. A damaged snapshot trusted fails this."""
    try:
        record = read_only(path)
        replayed, damage = Game.shown(record)
    except Exception:  # noqa: BLE001 - a log that does not replay
        return False
    return (damage is None and standing(replayed) == standing(game) and list(replayed.steps) == list(game.steps)
            and replayed.state == game.state)
