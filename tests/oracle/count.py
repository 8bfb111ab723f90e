"""An independent count of every Caballero (issue 32), written from the rulebooks and the game log's
record format (docs/journal.md), importing nothing of the companion: it follows a game line by line
and keeps, for every colour, how many stand in each region, the Castillo, the Court and the Province.

The rules it counts by (000 = 2023 English rules, 003/004 = classic, S:n = the Big Box; RULES.md):
setup puts 2 in the home region, 7 in the Court (the Colonies: 9 of 36, S:203) and the rest of the
30 in the Province (RULES.md "Setup numbers"); the 2023 dummy has no home and no Court, its 30 lie
next to the board (000 l.465: here its Province); the Grand Inquisitor's 4 black stand 2 each in two
drawn regions (S:198; Grandissimo 2 in one, S:294). At the start of a player's turn his Power card's
Caballeros come from the Province to the Court (000 l.233; before rules revision 2, when the card was
played, as those logs were written), the highest card's player first (000 l.217). Placements and
throws come from the Court (000 l.233); card moves, corrections and sails move what the line says; a
count corrected finds the extra in the Court, then the Province, and sends the missing back to the
Province (docs/journal.md, CountsCorrected). After a general scoring's Castillo is scored, each
player's Caballeros there go to the region on his secret disc, or to his Court when it names the
King's region or nothing (000 l.362, l.380); under Rebellion (the King in the Castillo) they stay.

Where the log itself does not say what happened, the oracle reads that one fact from the game's
public state (``Table``, given by the test) and checks its consequences: the dummy's seeded region
draws (2 Caballeros in each of at most 2 regions, never the King's, from its pile: 000 l.466-470;
its Castillo Caballeros to one drawn region, or back to its pile when the King's is drawn: the
companion's house ruling, RULES.md), the dummy's turned-up Power card (000 l.472), who holds the
Grand Inquisitor (his black Caballeros leave the Castillo by the holder's disc or stay, S:248), and
in Intrigue & the King's modes the turn order and the Caballero cards' heads (their catalogue).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Protocol

SPAIN = ("galicia", "navarra", "aragon", "cataluna", "castilla", "toledo", "sevilla", "granada", "valencia")
CASTILLO, COURT, PROVINCE = "castillo", "court", "province"
#: Caballeros to the Court per Power card (RULES.md "Power cards 1-13", the cards' faces).
INTAKE = {1: 6, 2: 5, 3: 5, 4: 4, 5: 4, 6: 3, 7: 3, 8: 2, 9: 2, 10: 1, 11: 1, 12: 0, 13: 0}
#: The Big Box's places by mode (S:207-219, S:294-306): regions scored, then places never scored.
MODE_REGIONS = {"colonies": ("france", "ship", "america", "mediterranean"),
                "king_colonies": ("france", "ship", "america", "mediterranean"), "grandissimo": ("portugal",)}
ASIDE = {"grandissimo": ("ship", "prison")}
#: The setup's secret disc (S:204, S:162, S:269) and the Court at setup (S:203), by mode.
SETUP_DISC = {"colonies": 2, "king_colonies": 2, "intrigue": 1}
COURT_AT_SETUP = {"colonies": 9, "king_colonies": 9}
EXTRA = {"colonies": 6, "king_colonies": 6}
BLACK = "black"
BLACK_REGIONS = {"colonies": 2, "king_colonies": 2, "grandissimo": 1}
SCORING_ROUNDS = (3, 6, 9)
SHORT_ROUNDS = (2, 3, 5, 6, 8, 9)


class Table(Protocol):
    """The public facts the log does not hold (see the module's docstring)."""

    def where(self, colour: str) -> dict[str, int]: ...  # the companion's count of one colour (the dummy's draws)

    def dummy_card(self) -> int: ...

    def inquisitor(self) -> str | None: ...

    def king(self) -> str | None: ...

    def turn_order(self) -> list[str]: ...

    def intake_came(self, colour: str) -> int: ...


class Miscount(AssertionError):
    pass


@dataclass
class Count:
    """The oracle's own count, and the little of the game it needs to keep it."""

    header: dict
    places: dict[str, dict[str, int]] = field(default_factory=dict)
    king: str | None = None
    round: int = 0
    played: dict[str, int] = field(default_factory=dict)  # each player's total this round (Power Shift's too)
    cards: dict[str, int] = field(default_factory=dict)  # the Power card's own value: its intake
    limit: str | None = None  # the Limit table's region (S:199, S:254)
    queue: list[str] = field(default_factory=list)
    intake: dict[str, tuple[int, list]] = field(default_factory=dict)
    discs: dict[str, str | None] = field(default_factory=dict)
    scoring: str = ""  # "general" while a general scoring is under way (a special one moves nobody out)
    scored: set[str] = field(default_factory=set)
    history: list = field(default_factory=list)

    # -- the table -------------------------------------------------------------------------
    @property
    def settings(self) -> dict:
        return self.header["settings"]

    @property
    def mode(self) -> str:
        return self.settings.get("expansion") or ""

    @property
    def revision(self) -> int:
        return self.settings.get("revision", 0)

    @property
    def players(self) -> list[str]:
        return [p["colour"] for p in self.settings["players"]]

    @property
    def dummy(self) -> str | None:
        return self.settings.get("dummy")

    @property
    def colours(self) -> list[str]:
        """Every colour counted: the players, the dummy, the Grand Inquisitor's black."""
        return self.players + ([self.dummy] if self.dummy else []) + ([BLACK] if self.mode in BLACK_REGIONS else [])

    @property
    def regions(self) -> tuple[str, ...]:
        return SPAIN + MODE_REGIONS.get(self.mode, ())

    def where(self, colour: str) -> dict[str, int]:
        """Where the oracle has ``colour``'s Caballeros: place -> count, the empty places left out."""
        return {place: held[colour] for place, held in self.places.items() if held.get(colour)}

    def total(self, colour: str) -> int:
        return sum(self.where(colour).values())

    def supply(self, colour: str) -> int:
        if colour == BLACK and self.mode in BLACK_REGIONS:
            return 2 * BLACK_REGIONS[self.mode]
        return 30 + (EXTRA.get(self.mode, 0) if colour in self.players else 0)

    def _put(self, colour: str, place: str, n: int) -> None:
        if n:
            self.places[place][colour] = self.places[place].get(colour, 0) + n

    def move(self, colour: str, source: str, target: str, n: int) -> None:
        if n < 0 or self.places[source].get(colour, 0) < n:
            raise Miscount(f"{colour}: {n} from {source}, which holds {self.places[source].get(colour, 0)}")
        self._put(colour, source, -n)
        self._put(colour, target, n)

    # -- a line of the log ---------------------------------------------------------------
    def follow(self, line: dict, table: Table) -> None:
        """One line of the game log: a step, a unit of steps, or an undo."""
        if "undo" in line:
            self.__dict__.update(self.history.pop())
            return
        self.history.append(copy.deepcopy({k: v for k, v in self.__dict__.items() if k != "history"}))
        for step in line.get("unit", [line]):
            getattr(self, "_" + step["step"], self._nothing)(step, table)

    def _nothing(self, step: dict, table: Table) -> None:
        """A step that moves no Caballero (the King, a tile, a Grande, a card, a score, a disc delivered)."""

    # setup
    def _SetupDone(self, step: dict, table: Table) -> None:
        self.places = {p: {} for p in (*self.regions, *ASIDE.get(self.mode, ()), CASTILLO, COURT, PROVINCE)}
        self.king = step["king"]
        homes = dict(step["homes"])
        for colour in self.players + ([self.dummy] if self.dummy else []):
            court = COURT_AT_SETUP.get(self.mode, 7) if colour in self.players else 0
            home = 2 if colour in homes else 0
            if home:
                self._put(colour, homes[colour], home)
            self._put(colour, COURT, court)
            self._put(colour, PROVINCE, self.supply(colour) - home - court)
        for region in step.get("black") or ():
            self._put(BLACK, region, 2)
        self.limit = step.get("limit_table")
        self.round = 2 if self.settings.get("short_game") else 1
        self._round_begins(table)

    def _SetupDiscs(self, step: dict, table: Table) -> None:
        for colour, region in step["discs"]:
            if region is not None and region != self.king:
                self.move(colour, COURT, region, min(SETUP_DISC[self.mode], self.places[COURT].get(colour, 0)))

    # a round
    def _round_begins(self, table: Table) -> None:
        self.played, self.cards, self.queue, self.intake = {}, {}, [], {}
        if self.dummy:  # 000 l.466-470: its seeded draws, read from the table, checked here
            self._adopt_dummy(table, "its round's placement", self._dummy_places_ok)
            self.played[self.dummy] = table.dummy_card()  # (000 l.472: turned up, not in the log)

    def _PowerCardPlayed(self, step: dict, table: Table) -> None:
        colour = step["colour"]
        self.played[colour] = step["value"] + step.get("modifier", 0)
        self.cards[colour] = step["value"]
        if self.revision < 2:  # the intake when the card was played, as those logs were written
            self._take_in(colour, INTAKE[step["value"]])
        if all(c in self.played for c in self.players):
            self.queue = sorted(self.played, key=lambda c: -self.played[c])  # 000 l.217: highest first
            self._next_turn(table, first=True)

    def _IntrigueCardPlayed(self, step: dict, table: Table) -> None:
        self.played[step["colour"]] = step["value"]
        if all(c in self.played for c in self.players):
            self.queue = list(table.turn_order())  # (the Caballero cards dealt by value: their catalogue)
            self._next_turn(table, first=True)

    def _next_turn(self, table: Table, first: bool = False) -> None:
        if not first:
            self.queue.pop(0)
        while self.queue and self.queue[0] == self.dummy:  # the dummy's turn takes a card, places nothing
            self.queue.pop(0)
        if not self.queue:
            self._round_ends(table)
            return
        colour = self.queue[0]
        if self.revision >= 2 and colour not in self.intake:
            if self.mode in ("intrigue", "king_colonies"):
                came = table.intake_came(colour)  # (his Caballero card's heads: their catalogue)
                self.move(colour, PROVINCE, COURT, came)
                self.intake[colour] = (came, [])
            else:
                self._take_in(colour, INTAKE[self.cards[colour]])

    def _take_in(self, colour: str, most: int) -> None:
        came = min(most, self.places[PROVINCE].get(colour, 0))
        self.move(colour, PROVINCE, COURT, came)
        self.intake[colour] = (came, [])

    def _CourtIntake(self, step: dict, table: Table) -> None:
        colour = step["colour"]
        came, regions = self.intake.get(colour, (0, []))  # the turn's intake so far undone, the new one taken
        for region, n in [(PROVINCE, came), *regions]:
            self._put(colour, COURT, -n)
            self._put(colour, region, n)
        for region, n in [(PROVINCE, step["province"]), *step["regions"]]:
            self._put(colour, region, -n)
            self._put(colour, COURT, n)
        if any(held.get(colour, 0) < 0 for held in self.places.values()):
            raise Miscount(f"{colour}: the Court intake {step} takes more than there is: {self.where(colour)}")
        self.intake[colour] = (step["province"], list(step["regions"]))

    def _CastilloThrow(self, step: dict, table: Table) -> None:
        pile = COURT if step["colour"] in self.players else PROVINCE
        self.move(step["colour"], pile, CASTILLO, step["count"])

    def _Placed(self, step: dict, table: Table) -> None:
        self.move(step["colour"], COURT, step["region"], step["count"])

    def _CardMoved(self, step: dict, table: Table) -> None:
        self.move(step["colour"], step["source"], step["target"], step["count"])

    _CaballerosMoved = _Sailed = _CardMoved

    def _Jailed(self, step: dict, table: Table) -> None:
        self.move(step["colour"], step["region"], "prison", 1)  # S:306

    def _Pardoned(self, step: dict, table: Table) -> None:
        for colour, n in list(self.places["prison"].items()):
            self.move(colour, "prison", step["region"], n)

    def _GiftPlaced(self, step: dict, table: Table) -> None:
        self.move(step["colour"], PROVINCE, step["region"], 1)  # S:390: one of the giver's from his Province

    def _TurnEnded(self, step: dict, table: Table) -> None:
        self._next_turn(table)

    def _KingMoved(self, step: dict, table: Table) -> None:
        self.king = step["region"]

    def _KingAndGrandeSwapped(self, step: dict, table: Table) -> None:
        self.king = table.king()  # (to where that Grande stood: the oracle keeps no Grandes; asked of the table)

    def _LimitTableMoved(self, step: dict, table: Table) -> None:
        self.limit = step["region"]

    # corrections
    def _set(self, colour: str, place: str, n: int) -> None:
        change = n - self.places[place].get(colour, 0)
        if colour == BLACK and self.mode in BLACK_REGIONS:
            self._put(colour, place, change)  # no Court or Province (S:246)
        elif change > 0:
            court = min(change, self.places[COURT].get(colour, 0))
            self.move(colour, COURT, place, court)
            self.move(colour, PROVINCE, place, change - court)
        elif change < 0:
            self.move(colour, place, PROVINCE, -change)

    def _CountsCorrected(self, step: dict, table: Table) -> None:
        for colour, n in step["counts"]:
            self._set(colour, step["region"], n)

    def _CastilloCorrected(self, step: dict, table: Table) -> None:
        self._set(step["colour"], CASTILLO, step["count"])

    # scorings
    def _round_ends(self, table: Table) -> None:
        if self.round in SCORING_ROUNDS:
            self.scoring, self.scored, self.discs = "general", set(), {}
            return
        self._next_round(table)

    def _next_round(self, table: Table) -> None:
        if self.round == 9:
            return  # game over
        rounds = SHORT_ROUNDS if self.settings.get("short_game") else tuple(range(1, 10))
        self.round = rounds[rounds.index(self.round) + 1]
        self._round_begins(table)

    def _SecretDiscs(self, step: dict, table: Table) -> None:
        self.discs.update(dict(step["discs"]))

    def _SecretDisc(self, step: dict, table: Table) -> None:
        self.discs[step["colour"]] = step["region"]

    def _Scored(self, step: dict, table: Table) -> None:
        where, counts = step["where"], dict(step["counts"])
        limit = where == self.limit  # only those on the Limit table are counted (S:253)
        for colour, n in counts.items():
            if not limit or n > self.places[where].get(colour, 0):
                self._set(colour, where, n)
        if self.scoring != "general":
            return
        if where == CASTILLO and self.king != CASTILLO:
            self._empty_castillo(table)
        self.scored.add(where)
        if self.scored >= {CASTILLO, *self.regions}:
            self.scoring = ""
            self._next_round(table)

    def _empty_castillo(self, table: Table) -> None:
        """000 l.362, l.380: to the region on the disc; the King's region or none: the Court."""
        for colour, n in list(self.places[CASTILLO].items()):
            if not n:
                continue
            if colour == self.dummy:
                self._adopt_dummy(table, "its Castillo Caballeros' draw", self._dummy_leaves_ok)
                continue
            if colour == BLACK and self.mode in BLACK_REGIONS:  # S:248: by the holder's disc, or they stay
                holder = table.inquisitor()
                region = self.discs.get(holder) if holder else None
                if region is not None and region != self.king:
                    self.move(colour, CASTILLO, region, n)
                continue
            region = self.discs.get(colour)
            self.move(colour, CASTILLO, region if region is not None and region != self.king else COURT, n)

    # the dummy's seeded draws
    def _adopt_dummy(self, table: Table, what: str, fits) -> None:
        dummy = self.dummy
        assert dummy is not None
        theirs, mine = table.where(dummy), self.where(dummy)
        change = {p: theirs.get(p, 0) - mine.get(p, 0) for p in {*theirs, *mine}}
        change = {p: n for p, n in change.items() if n}
        if change and not fits(change):
            raise Miscount(f"the dummy's {what} is not one the rules allow: {change}")
        for place, n in change.items():
            self._put(dummy, place, n)

    def _dummy_places_ok(self, change: dict[str, int]) -> bool:
        """000 l.466-470: 2 in each of at most 2 drawn regions (fewer when its pile runs out), never
        the King's, from the Caballeros next to the board."""
        regions = {p: n for p, n in change.items() if p != PROVINCE}
        return (len(regions) <= 2 and all(p in SPAIN and p != self.king and 0 < n <= 2 for p, n in regions.items())
                and change.get(PROVINCE, 0) == -sum(regions.values()))

    def _dummy_leaves_ok(self, change: dict[str, int]) -> bool:
        """All its Castillo Caballeros to one drawn region not the King's, or back next to the board."""
        n = -change.get(CASTILLO, 0)
        rest = {p: k for p, k in change.items() if p != CASTILLO}
        return n > 0 and len(rest) == 1 and all(k == n and p != self.king and (p in SPAIN or p == PROVINCE)
                                                for p, k in rest.items())
