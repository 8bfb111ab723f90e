"""`elgrande-companion score`: who gets what in one region or the Castillo.

A stable contract: with --json, exactly one JSON object whose "points" maps
every --count colour to its integer points, bonuses included.

The Big Box regions (France, the ship, America, the Mediterranean, Portugal)
come from rules/big_box/regions.py; their seats (--viceroy, --captain,
--ambassador, --envoy) and the Limit table (--limit) are inputs to the same
majority function as every other region.
"""

import argparse
import json

from companion.commands import UsageError
from companion.language import N_, _
from companion.rules import majority, spain
from companion.rules.big_box import regions as expansion_regions
from companion.rules.editions import UnknownRegion, edition
from companion.rules.text import fold

DUMMY = "dummy"
NEUTRAL = "neutral"


def add_parser(sub) -> None:
    p = sub.add_parser(
        "score",
        help=_("score one region or the Castillo (ties, bonuses, tiles, dummy)"),
        description=_("Who gets what here? Scores one region or the Castillo with the exact tie rules."),
        epilog=_("examples: {base} | Big Box: {big_box} (--count includes the seated Caballeros; the Viceroy is not "
                 "counted for the majority)").format(
            base="elgrande-companion score --region Navarra --count you=2 --count blue=2 --count green=2 --count orange=1",
            big_box="elgrande-companion score --region America --viceroy red --count red=2 --count blue=2"),
    )
    p.add_argument("--edition", default=None,
                   help=_("2023 or classic (default: 2023; classic with a Big Box region, seat or --limit)"))
    where = p.add_mutually_exclusive_group()
    where.add_argument("--region", metavar="NAME",
                       help=_("the region scored (names of either edition; Big Box: France, ship, America, "
                       "Mediterranean, Portugal)"))
    where.add_argument("--castillo", action="store_true", help=_("score the Castillo (5/3/1)"))
    p.add_argument("--values", metavar="A/B/C",
                   help=_("any scoreboard, e.g. 5/3/1; with --region, the table's correction of its values"))
    p.add_argument("--tile", metavar="A/B/C", help=_("a scoring tile covers it: 8/4/0 or 4/0/0"))
    p.add_argument("--count", metavar="COLOR=N", action="append", default=[],
                   help=_("a player's Caballeros there (repeat for each player)"))
    p.add_argument("--dummy", metavar="N", help=_("the 2023 dummy's Caballeros there (places, never scores)"))
    p.add_argument("--neutral", metavar="N",
                   help=_("Caballeros that take a place but belong to nobody (Grand Inquisitor)"))
    p.add_argument("--players", metavar="P", help=_("players at the table (default: the number of --count)"))
    p.add_argument("--king", action="store_true", help=_("this is the King's region (+2 to a sole first)"))
    p.add_argument("--grande", metavar="COLOR", action="append", default=[],
                   help=_("that player's Grande stands here (+2 to a sole first; repeatable)"))
    p.add_argument("--first-only", action="store_true",
                   help=_("only first place scores; a tie for first scores nothing"))
    for option, rule in SEATS.items():
        p.add_argument(f"--{option}", metavar="COLOR",
                       help=(_("who holds the {title} ({home}, +{amount})") if rule.counts_for_majority else
                             _("who holds the {title} ({home}, +{amount}, not counted for the majority)")).format(
                           title=_(rule.title), home=_seat_home(rule.title), amount=rule.amount))
    p.add_argument("--limit", metavar="N",
                   help=_("the Limit table stands here with N spaces (6 or 10): count only Caballeros ON it"))
    p.add_argument("--json", action="store_true", help=_("print one JSON object"))
    p.set_defaults(handler=handle)


#: The seat options, by the seat each names.
SEATS = {
    "viceroy": expansion_regions.VICEROY,
    "captain": expansion_regions.CAPTAIN,
    "ambassador": expansion_regions.AMBASSADOR,
    "envoy": expansion_regions.ENVOY,
}


def _seat_home(title: str) -> str:
    """Where a seat is: "in America", "on the ship"."""
    region = next(r for r in expansion_regions.REGIONS.values() if any(s.title == title for s in r.seats))
    return _(_SEAT_HOMES[region.id])


#: Where each seat is, whole (German says "in Frankreich", "auf dem Schiff"): by the seat's region.
_SEAT_HOMES = {"france": N_("in France"), expansion_regions.SHIP: N_("on the ship"), "america": N_("in America")}


#: Larger than any count or scoreboard value of the game.
MAX_NUMBER = 999


def whole(text: str, what: str) -> int:
    digits = text.strip()
    if digits.startswith("-") and digits[1:].isdigit():
        raise UsageError(_('{what} must not be negative, not {short}').format(what=what, short=_short(text)))
    if not (digits.isascii() and digits.isdigit()):
        raise UsageError(_('{what} must be a whole number, not {short}').format(what=what, short=_short(text)))
    if len(digits.lstrip("0")) > 3 or int(digits) > MAX_NUMBER:
        raise UsageError(_("{what} must be at most {MAX_NUMBER}, not {short}").format(
            what=what, MAX_NUMBER=MAX_NUMBER, short=_short(text)))
    return int(digits)


def scoreboard(text: str, option: str) -> tuple[int, int, int]:
    parts = text.split("/")
    if len(parts) != 3 or not all(p.strip().isdigit() and p.strip().isascii() for p in parts):
        raise UsageError(_("{option} takes three whole numbers like 5/3/1, not {short}").format(
            option=option, short=_short(text)))
    return tuple(whole(p, option) for p in parts)  # type: ignore[return-value]


def _short(text) -> str:
    shown = repr(text)
    return shown if len(shown) <= 30 else shown[:27] + "..."


def parse_counts(pairs: list[str]) -> dict[str, int]:
    if not pairs:
        raise UsageError(_("give at least one --count COLOR=N"))
    counts: dict[str, int] = {}
    seen: dict[str, str] = {}
    for pair in pairs:
        colour, sep, n = pair.partition("=")
        colour = colour.strip()
        if not sep or not colour:
            raise UsageError(_('--count takes COLOR=N, not {pair!r}').format(pair=pair))
        key = fold(colour)
        if key in seen:
            raise UsageError(_('--count {colour!r} given twice').format(colour=colour))
        if key in (DUMMY, NEUTRAL):
            raise UsageError(_('{colour!r} is reserved: use --{key} N').format(colour=colour, key=key))
        seen[key] = colour
        counts[colour] = whole(n.strip(), f"--count {colour}")
    return counts


def handle(args: argparse.Namespace) -> int:
    big = expansion_regions.find(args.region) if args.region else None
    held = {SEATS[option].title: getattr(args, option) for option in SEATS if getattr(args, option)}
    big_box = big is not None or bool(held) or args.limit is not None
    try:
        ed = edition(args.edition or ("classic" if big_box else "2023"))
    except ValueError as error:
        raise UsageError(str(error)) from None
    counts = parse_counts(args.count)
    if big is not None:
        where, values = big.name[0].upper() + big.name[1:], big.values
    elif args.region:
        try:
            region = ed.region(args.region)
        except UnknownRegion as error:
            raise UsageError(_("{error}; Big Box: {regions}").format(
                error=error, regions=', '.join(r.name for r in expansion_regions.REGIONS.values()))
                             ) from None
        where, values = ed.name(region), ed.values(region)
    elif args.castillo:
        where, values = "Castillo", spain.CASTILLO_VALUES
    elif not args.values:
        raise UsageError(_("say where: --region NAME, --castillo or --values A/B/C"))
    if args.values and (args.region or args.castillo):
        values = scoreboard(args.values, "--values")
        where += " (values as the table corrected them)"
    elif args.values:
        values = scoreboard(args.values, "--values")
        where = "Scoreboard"
    if args.tile:
        values = scoreboard(args.tile, "--tile")
        where += f" under the {'/'.join(map(str, values))} scoring tile"

    players = whole(args.players, "--players") if args.players else max(2, len(counts))
    if players < len(counts):
        raise UsageError(_('--players {players} but {colours} colours counted').format(players=players, colours=len(counts)))
    try:
        columns = ed.columns(players)
    except ValueError as error:
        raise UsageError(str(error)) from None

    everyone = dict(counts)
    never = set()
    if args.dummy is not None:
        if not ed.has_dummy:
            raise UsageError(_('the {title} has no dummy: the dummy is the 2023 two-player rule').format(title=_(ed.title)))
        if players != 2:
            raise UsageError(_("the dummy plays only in a 2-player game, not with {players} players (count the two players' "
                               "colours, or drop --players)").format(
                players=players))
        everyone[DUMMY] = whole(args.dummy, "--dummy")
        never.add(DUMMY)
    if args.neutral is not None:
        everyone[NEUTRAL] = whole(args.neutral, "--neutral")
        never.add(NEUTRAL)

    by_fold = {fold(c): c for c in counts}
    seats = _seats(held, big, where, args, by_fold, counts)
    _check_room(big, everyone, args)
    if args.king and big is not None and not big.king_may_enter:
        kings = ", ".join(r.name for r in expansion_regions.REGIONS.values() if r.king_may_enter)
        raise UsageError(_("--king: the King never goes to {name} (of the Big Box regions he goes only to {kings})").format(
            name=big.name, kings=kings))
    grandes = set()
    for colour in args.grande:
        if fold(colour) not in by_fold:
            raise UsageError(_('--grande {colour!r}: give that colour a --count too').format(colour=colour))
        grandes.add(by_fold[fold(colour)])

    result = majority.score(everyone, values, columns=columns, never_scores=never, king=args.king,
                            grandes=grandes, first_only=args.first_only, seats=seats)
    points = {c: (result.line(c).points if counts[c] else 0) for c in counts}
    if args.json:
        data = _as_json(ed.key, where, values, columns, players, result, points)
        data["seats"] = {seat.title: seat.holder for seat in seats}
        data["limit"] = whole(args.limit, "--limit") if args.limit is not None else None
        print(json.dumps(data, ensure_ascii=False))
    else:
        print(_as_table(ed.title, where, values, columns, players, result, counts, args))
    return 0


def _seats(held, big, where, args, by_fold, counts) -> tuple[majority.Seat, ...]:
    """The seats the options name, checked against the region and the counts."""
    seats = []
    for title, colour in held.items():
        option = f"--{title.lower()} {colour!r}"
        if big is not None:
            try:
                rule = big.seat(title)
            except KeyError:
                raise UsageError(_("{option}: {name} has no {title}; the {title} sits {seat_home}").format(
                    option=option, name=big.name, title=_(title), seat_home=_seat_home(title))) from None
        elif args.region or args.castillo:
            raise UsageError(_("{option}: {where} has no {title}; the {title} sits {seat_home}").format(
                option=option, where=where, title=_(title), seat_home=_seat_home(title)))
        else:
            rule = SEATS[title.lower()]
        who = by_fold.get(fold(colour))
        if who is None:
            raise UsageError(_("{option}: give that colour a --count too (its Caballeros here, seat included)").format(
                option=option))
        if counts[who] < sum(1 for c in held.values() if fold(c) == fold(colour)):
            raise UsageError(_("{option}: {who} has {n} Caballero(s) here; --count includes the seated Caballeros").format(
                option=option, who=who, n=counts[who]))
        seats.append(rule.held_by(who))
    return tuple(seats)


def _check_room(big, everyone: dict[str, int], args) -> None:
    """Refuse more Caballeros than the place holds: France's 3 spaces, the Limit table's N."""
    total = sum(everyone.values())
    if big is not None and big.capacity is not None and total > big.capacity:
        raise UsageError(_("{name} has room for only {capacity} Caballeros, {total} counted").format(
            name=big.name, capacity=big.capacity, total=total))
    if args.limit is None:
        return
    if args.castillo:
        raise UsageError(_("--limit: the Limit table stands in a region, never in the Castillo"))
    spaces = whole(args.limit, "--limit")
    try:
        expansion_regions.on_the_limit_table(everyone, spaces)
    except ValueError as error:
        raise UsageError(_('--limit {spaces}: {error}').format(spaces=spaces, error=error)) from None


def _as_json(edition_key, where, values, columns, players, result, points) -> dict:
    return {
        "points": points,
        "edition": edition_key,
        "where": where,
        "values": list(values),
        "players": players,
        "columns": columns,
        "lines": [
            {"who": line.who, "caballeros": line.caballeros, "place": line.place, "tied": line.tied,
             "scores": line.scores, "points": line.points, "bonuses": dict(line.bonuses), "reason": line.reason}
            for line in result.lines
        ],
    }


def _as_table(title, where, values, columns, players, result, counts, args) -> str:
    notes = [f"{players} players, {columns} column{'s' if columns > 1 else ''} score"]
    if args.king:
        notes.append("King's region")
    if args.first_only:
        notes.append("first place only")
    if args.limit is not None:
        notes.append(f"Limit table: the {args.limit} spaces' Caballeros only")
    rows = [f"{where} ({'/'.join(map(str, values))}) - {title}, {', '.join(notes)}"]
    width = max(len(w) for w in [*counts, DUMMY, NEUTRAL])
    for line in result.lines:
        pts = f"{line.points:>3}" if line.scores else "  -"
        rows.append(f"  {line.who:<{width}}  {line.caballeros:>2} Cab.  {pts}  {line.reason}")
    for colour, n in counts.items():
        if n == 0:
            rows.append(f"  {colour:<{width}}   0 Cab.    0  no Caballeros here")
    return "\n".join(rows)
