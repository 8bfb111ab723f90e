"""Random whole games that record the board (issue 20): both editions, 2 to 5 players, the 2023
two-player dummy, the short game and the mini expansions, each played from the setup to Game over
with random choices the referee accepts, the colours and seats drawn from the wizard's eight (black
among them, issue 32). After every step each colour's Caballeros, wherever they are (regions,
Castillo, Court, Province), add up to its supply, and an independent count (tests/oracle) that
follows the game log agrees with the engine's for every colour in every place; at a few points and
at the end the game log on disk, replayed, gives the same game.

Hypothesis chooses the table (edition, players, variants) and a seed; the seed drives every
choice at the table (random.Random), so a failure replays exactly and shrinks to the smallest
table that shows it. The choices come from what the game itself offers (the prompt's choices,
the board's places and counts, the cards a stack may hold) and the referee's refusals keep them
legal: a step refused is simply not taken, and another is tried."""

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import board, card_duties, card_effects, classic_1995, queries, scorings, turn_rules
from companion.engine import steps as s
from companion.engine.settings import REVISION, Player, Settings
from companion.play.game import Game
from companion.record.journal import read_only
from companion.rules import spain
from companion.rules.cards import OLD_HANDS, Effect
from companion.ui.screens.setup import COLOURS
from tests.engine.following import Following
from tests.hypothesis_budget import examples

#: The wizard's eight colours (black among them, issue 32): any colour in any seat, the dummy one no player has.
DUMMY = "white"
REGIONS = spain.SCORING_ORDER
#: Steps one game may take (a 5-player game takes about 300): a game that has not ended by then
#: is cut off there (see the counters: every game so far ends well before).
BUDGET = 1200
#: In a hundred steps: an undo, a correction from the menu, a replay from the game log.
UNDO, CORRECTION, REPLAY = 2, 3, 2


@st.composite
def tables(draw) -> Settings:
    """A table's choices as the wizard makes them, the board recorded: the colours and the seats drawn
    from the wizard's eight, black included (tests/engine/test_every_seat.py plays every cell of them)."""
    edition = draw(st.sampled_from(("2023", "classic")))
    players = draw(st.integers(2, 5))
    modern = edition == "2023"
    colours = draw(st.permutations(COLOURS))
    return Settings(
        edition=edition,
        players=tuple(Player(c.title(), c) for c in colours[:players]),
        dummy=colours[players] if modern and players == 2 else None,
        short_game=draw(st.booleans()),
        four_stacks=players <= 3 and draw(st.booleans()),
        new_regency=modern and draw(st.booleans()),
        power_shift=modern and draw(st.booleans()),
        old_hands=tuple(draw(st.lists(st.sampled_from([c.slug for c in OLD_HANDS]), unique=True))) if modern else (),
        secret_castillo=draw(st.booleans()),
        board=True,
        # revision 1: a board game begun before issue 20's rules (its game log replays by them)
        revision=draw(st.sampled_from((REVISION, REVISION, REVISION, 1))),
        seed=draw(st.integers(0, 2**32)),
        deals=not modern and draw(st.booleans()),  # the companion's deal (revision 6; nothing dealt under 1)
    )


@dataclass
class Tally:
    """What a game did, for the assertions and for a reader of a failure."""

    steps: int = 0
    refused: int = 0
    undone: int = 0
    stuck: int = 0
    replays: int = 0
    kinds: dict[str, int] = field(default_factory=dict)


# -- the table's choices ------------------------------------------------------------------


def choices(game: Game, rng: random.Random) -> Iterator[s.Step]:
    """Steps the table might take now, the likelier first; the referee refuses the illegal ones."""
    if rng.randrange(100) < CORRECTION and game.phase != "setup":
        yield from corrections(game, rng)
    yield from _BY_PHASE[game.phase](game, rng)


def setup(game: Game, rng: random.Random) -> Iterator[s.Step]:
    deck = list(REGIONS)
    rng.shuffle(deck)
    colours = game.state.colours
    yield s.SetupDone(king=deck[0], homes=tuple(zip(colours, deck[1:])), first=rng.choice(colours))


def power_cards(game: Game, rng: random.Random) -> Iterator[s.Step]:
    prompt, state = game.prompt, game.state
    colour = prompt.colour
    assert colour is not None and prompt.choices, prompt
    if rng.randrange(10) == 0 and not state.played:  # the cards the stacks show, told before any is taken
        shown = [(stack, rng.choice(left)) for stack in state.settings.stacks
                 if (left := queries.cards_left(state, stack)) and rng.randrange(2)]
        yield s.ActionCardsRevealed(tuple((stack, c.key) for stack, c in shown))
    values = list(prompt.choices)
    rng.shuffle(values)
    shift = state.settings.power_shift and state.modifier_cards.get(colour, 0) and rng.randrange(3) == 0
    for value in values:
        if shift:
            yield s.PowerCardPlayed(colour, value, rng.choice((-2, -1, 1, 2)))
        yield s.PowerCardPlayed(colour, value)


def turns(game: Game, rng: random.Random) -> Iterator[s.Step]:
    prompt, state = game.prompt, game.state
    colour = state.active
    assert colour is not None
    if "ActionCardTaken" in prompt.expects:
        stacks = list(prompt.choices)
        rng.shuffle(stacks)
        for stack in stacks:
            left = queries.cards_left(state, stack)
            if left and rng.randrange(3):  # the table names the card (else: any card the stack may hold)
                yield s.ActionCardTaken(colour, stack, rng.choice(left).key)
            yield s.ActionCardTaken(colour, stack)
        return
    options = list(acting(game, rng))
    rng.shuffle(options)
    ending = s.TurnEnded(colour)
    if rng.randrange(4) == 0:
        yield ending
    yield from options
    yield ending


def acting(game: Game, rng: random.Random) -> Iterator[s.Step]:
    """A turn under way: placements, the card's special action, a Veto, the turn's end."""
    state = game.state
    colour = state.active
    assert colour is not None
    room = min(queries.card_room(state, colour), board.held(state, colour, board.COURT))
    near = board.receiving(state, colour)
    if card_effects.into_kings_region(state) and state.king in state.regions:
        near.append(state.king)
    for _ in range(3):
        if room > 0 and near:
            where = rng.choice(near)
            n = rng.randint(1, room)
            yield s.CastilloThrow(colour, n) if where == spain.CASTILLO else s.Placed(colour, where, n)
    yield from card_moves(game, rng)
    king_places = [*REGIONS, spain.CASTILLO, spain.FRANCE, spain.PORTUGAL]
    yield s.KingMoved(rng.choice(king_places), by_card=True)
    if state.king in REGIONS:
        yield s.KingMoved(rng.choice(sorted(spain.neighbours(state.king))), by_card=True)
    yield s.TileMoved(rng.choice(("8/4/0", "4/0/0")), rng.choice([*REGIONS, spain.CASTILLO]), by_card=True)
    yield s.GrandeMoved(colour, rng.choice(REGIONS), by_card=True)
    used = sorted(set(range(1, 14)) - state.hands.get(colour, set()))
    if used:
        yield s.PowerCardReturned(colour, rng.choice(used))
    if state.modifiers_played.get(colour):
        yield s.PowerCardReturned(colour, 0, modifier=True)
    yield from special_scorings(game, rng)
    yield from vetoes(game, rng)
    yield s.KingAndGrandeSwapped(rng.choice(state.colours))
    yield s.GrandesToCastillo()
    came, _ = state.intake.get(colour, (0, ()))
    if came:
        yield s.CourtIntake(colour, rng.randint(0, came))


def card_moves(game: Game, rng: random.Random) -> Iterator[s.Step]:
    """Moves of Caballeros a card might make: from where a colour has some, to any place; and for
    a card that sends opponents back, what each still owes."""
    state = game.state
    places = board.places(state)
    for _ in range(6):
        colour = rng.choice(state.everyone)
        have = [p for p in places if board.held(state, colour, p) > 0]
        if have:
            source = rng.choice(have)
            target = rng.choice([p for p in places if p != source])
            yield s.CardMoved(colour, source, target, rng.randint(1, board.held(state, colour, source)))
    if state.turn_moves and card_effects.candidates(state, frozenset({Effect.EVICTION})):
        emptied = state.turn_moves[0][1]  # an Eviction / Coup begun empties its region (revision 4)
        for colour in card_duties.opponents(state):
            if board.held(state, colour, emptied) > 0:
                for target in rng.sample([p for p in places if p != emptied], 3):
                    yield s.CardMoved(colour, emptied, target, board.held(state, colour, emptied))
    old = state.turn_king_from  # Entourage: up to 2 of any colour follow the King from his old region
    if old in state.regions and old != state.king and card_effects.candidates(state, frozenset({Effect.KING_ENTOURAGE})):
        for colour in [c for c in state.everyone if board.held(state, c, old)]:
            yield s.CardMoved(colour, old, state.king or "", min(2, board.held(state, colour, old)))
            yield s.CardMoved(colour, old, state.king or "", 1)
    for card in card_effects.candidates(state, frozenset({Effect.RETURN_BY_SECRET_DISC})):
        count = card.param("count")  # a return by disc is whole: all there, or the card's 2 (revision 5)
        for colour in card_duties.opponents(state):
            mine = [m for m in state.turn_moves if m[0] == colour]
            regions = [mine[0][1]] if mine else classic_1995.disc_regions(state, card, colour)
            if regions:
                region = rng.choice(regions)
                want = board.held(state, colour, region) if count == "all" or not isinstance(count, int) else (
                    count - sum(m[3] for m in mine))
                n = min(want, board.held(state, colour, region))
                if n > 0:
                    yield s.CardMoved(colour, region, board.PROVINCE, n)
    for card in card_effects.candidates(state, card_duties.SENDING_BACK):
        for colour in card_duties.opponents(state):
            sent = sum(m[3] for m in state.turn_moves if m[0] == colour)
            owed = card_duties.owed(state, card, colour, sent) - sent
            sources = [p for p in card_duties.sources(state, card) if board.held(state, colour, p) > 0]
            if owed > 0 and sources:
                source = rng.choice(sources)
                yield s.CardMoved(colour, source, board.PROVINCE, min(owed, board.held(state, colour, source)))


def special_scorings(game: Game, rng: random.Random) -> Iterator[s.Step]:
    state = game.state
    kinds = turn_rules.scoring_kinds(state)
    for kind in sorted(kinds if kinds is not None else scorings.pick.KINDS):
        if kind == "region":
            yield s.SpecialScoringStarted(kind, (rng.choice(REGIONS),))
        elif kind == "discs":
            yield s.SpecialScoringStarted(kind, tuple(rng.sample(REGIONS, rng.randint(1, 3))))
        else:
            yield s.SpecialScoringStarted(kind, scorings.special_regions(state, kind))


def vetoes(game: Game, rng: random.Random) -> Iterator[s.Step]:
    holders = [c for c in game.state.vetoes if c != game.state.active]
    if holders and rng.randrange(3) == 0:
        yield s.VetoUsed(rng.choice(holders))


def scoring(game: Game, rng: random.Random) -> Iterator[s.Step]:
    """A place scored with the board's counts (now and then one counted differently, a correction)."""
    state = game.state
    yield from vetoes(game, rng)
    where = game.prompt.choices[0]
    counts = dict(state.castillo if where == spain.CASTILLO else state.counts[where])
    if rng.randrange(10) == 0:
        changed = dict(counts)
        colour = rng.choice(state.everyone)
        changed[colour] = max(0, changed.get(colour, 0) + rng.choice((-2, -1, 1, 2)))
        yield s.Scored(where, tuple(changed.items()))
    yield s.Scored(where, tuple(counts.items()))


def secret_discs(game: Game, rng: random.Random) -> Iterator[s.Step]:
    state = game.state

    def disc() -> str | None:
        return rng.choice((None, *REGIONS))

    waiting = scorings.waiting_discs(state)
    if "SecretDisc" in game.expects and waiting:
        yield s.SecretDisc(rng.choice(waiting), disc())
    yield s.SecretDiscs(tuple((c, disc()) for c in state.colours))


def corrections(game: Game, rng: random.Random) -> Iterator[s.Step]:
    """What the table corrects from the menu, at any time: the board's pieces and counts."""
    state = game.state
    colour = rng.choice(state.everyone)
    places = board.places(state)
    source = rng.choice(places)
    held = board.held(state, colour, source)
    targets = [p for p in places if p != source]
    if held:  # (into the dummy's Court too: refused, test_the_dummy_has_no_court)
        yield s.CaballerosMoved(colour, source, rng.choice(targets), rng.randint(1, held))
    region = rng.choice(REGIONS)
    yield s.CountsCorrected(region, ((colour, max(0, board.held(state, colour, region) + rng.choice((-1, 1)))),))
    yield s.CastilloCorrected(colour, max(0, state.castillo.get(colour, 0) + rng.choice((-1, 1))))
    yield s.KingMoved(rng.choice(REGIONS))
    yield s.GrandeMoved(rng.choice(state.colours), rng.choice(REGIONS))
    yield s.TileMoved(rng.choice(("8/4/0", "4/0/0")), rng.choice((None, *REGIONS)))


_BY_PHASE = {"setup": setup, "power_cards": power_cards, "turns": turns, "special_scoring": scoring,
             "castillo": scoring, "regions": scoring, "secret_discs": secret_discs}


# -- what must hold ----------------------------------------------------------------------


def every_colour_adds_up(game: Game) -> None:
    """Each colour's Caballeros, wherever they are, are its supply; none is below zero anywhere."""
    state = game.state
    for colour in state.everyone:
        where = board.everywhere(state, colour)
        assert all(n >= 0 for n in where.values()), (colour, where)
        assert board.total(state, colour) == state.supply(colour), (colour, where, game.steps[-3:])


def same_game(again: Game, game: Game, how: str) -> None:
    mine, theirs = game.state, again.state
    assert theirs.counts == mine.counts, how
    assert (theirs.castillo, theirs.court, theirs.province) == (mine.castillo, mine.court, mine.province), how
    assert (theirs.king, theirs.grandes, theirs.tiles) == (mine.king, mine.grandes, mine.tiles), how
    assert theirs.scores == mine.scores, how
    assert theirs == mine and again.phase == game.phase, how


def replays_the_same(game: Game, path: Path) -> None:
    """The game log on disk, every line checked again, and the steps alone give this game."""
    same_game(Game.from_record(read_only(path)), game, "replayed from the game log")
    same_game(Game.replay(game.settings, list(game.steps)), game, "replayed from its steps")


# -- a whole game ------------------------------------------------------------------------


def play(table: Settings, path: Path, follow: Callable[[Game], None] | None = None) -> tuple[Game, Tally]:
    """A whole game at random from the table's seed; ``follow`` is told the game after every step and undo
    (tests/oracle: the independent count)."""
    rng = random.Random(table.seed)
    tally = Tally()
    game = Game.new(table, path)
    try:
        for _ in range(BUDGET):
            if game.over:
                break
            if len(game.steps) > 1 and rng.randrange(100) < UNDO:
                game.undo()  # never the setup
                tally.undone += 1
            elif not take_one(game, rng, tally):
                tally.stuck += 1  # nothing the table tried was legal: take the last step back
                game.undo()
            every_colour_adds_up(game)
            if follow is not None:
                follow(game)
            if rng.randrange(100) < REPLAY:
                replays_the_same(game, path)
                tally.replays += 1
        replays_the_same(game, path)
    finally:
        game.close()
    return game, tally


def take_one(game: Game, rng: random.Random, tally: Tally) -> bool:
    for step in choices(game, rng):
        try:
            game.send(step)
        except s.StepRefused:
            tally.refused += 1
            continue
        tally.steps += 1
        tally.kinds[step.kind] = tally.kinds.get(step.kind, 0) + 1
        return True
    return False


@pytest.mark.slow
@settings(max_examples=examples(8), suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(table=tables())
def test_random_whole_games_keep_every_caballero_and_replay(table, tmp_path_factory):
    folder = tmp_path_factory.mktemp("random-game")
    path = folder / "game.jsonl"
    game, tally = play(table, path, Following(path))  # the independent count, after every step
    assert game.over, (tally, game.prompt)
    assert tally.stuck <= tally.steps // 20, tally


def test_the_dummy_has_no_court():
    """000 l.465: "place the Caballeros of that color next to the game board" -- the dummy has no
    Court; nothing moves into one, and its round's placements never take more than its Province holds."""
    table = Settings(players=(Player("Red", "red"), Player("Blue", "blue")), dummy=DUMMY, board=True, revision=REVISION)
    game = Game.new(table)
    game.send(s.SetupDone(king="toledo", homes=(("red", "galicia"), ("blue", "aragon")), first="red"))
    dummy_region = next(r for r, c in game.state.counts.items() if c.get(DUMMY))
    with pytest.raises(s.StepRefused, match="no Court"):  # 000 l.465: "lie next to the game board"
        game.send(s.CaballerosMoved(DUMMY, dummy_region, board.COURT, 1))
    every_colour_adds_up(game)
    while game.state.province[DUMMY] > 1:
        game.send(s.CaballerosMoved(DUMMY, board.PROVINCE, "castillo", 1))
    game.send(s.PowerCardPlayed("red", 13), s.PowerCardPlayed("blue", 12))
    while game.phase == "turns":
        game.send(s.ActionCardTaken(game.state.active, game.prompt.choices[0]))
        game.send(s.TurnEnded(game.state.active))
    assert game.state.province[DUMMY] == 0  # its last one placed, no more
    every_colour_adds_up(game)


def test_an_older_game_log_keeps_the_dummys_court_move():
    """Revision 2's game logs replay as they were played: the move was accepted then."""
    table = Settings(players=(Player("Red", "red"), Player("Blue", "blue")), dummy=DUMMY, board=True, revision=2)
    game = Game.new(table)
    game.send(s.SetupDone(king="toledo", homes=(("red", "galicia"), ("blue", "aragon")), first="red"))
    dummy_region = next(r for r, c in game.state.counts.items() if c.get(DUMMY))
    game.send(s.CaballerosMoved(DUMMY, dummy_region, board.COURT, 1))
    assert board.held(game.state, DUMMY, board.COURT) == 1


def test_the_correction_page_offers_no_court_for_the_dummy():
    """000 l.465: the dummy's Caballeros lie next to the board; moving one, its Court is not offered."""
    from companion.ui.screens import correct_moves

    table = Settings(players=(Player("Red", "red"), Player("Blue", "blue")), dummy=DUMMY, board=True, revision=REVISION)
    game = Game.new(table)
    game.send(s.SetupDone(king="toledo", homes=(("red", "galicia"), ("blue", "aragon")), first="red"))
    dummy_region = next(r for r, c in game.state.counts.items() if c.get(DUMMY))
    places = board.places(game.state)

    def targets(colour: str) -> list[str]:
        page = correct_moves.move_to(game, colour, dummy_region, lambda *a: None, places)  # type: ignore[arg-type,return-value]
        return [p for _, p in page.items]

    assert board.COURT not in targets(DUMMY) and board.PROVINCE in targets(DUMMY)
    assert board.COURT in targets("red")
