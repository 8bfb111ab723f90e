"""The card effects' offers on (state, expects) alone (companion/engine/offers/card_moves.py,
effects.py, placements.py): the games are played through Game only to reach a state. A 3-player
game, the King in Toledo; Ann (red) at home in Galicia, Bo (blue) in Aragón, Cy (green) in
Sevilla. Every offer is sound: stable ids, its default allowed, every allowed option's steps
accepted by the referee and the phase, every refused one carrying the referee's reason (an option
opening the next page, "who:", "from:", "to:", "evict:", sends no step but may say why)."""

from companion.engine import steps as s
from companion.engine.offers import Offer, card_moves, effects, placements
from companion.play.game import Game
from tests.engine.test_card_effects import ann_takes
from tests.engine.test_offers import sound as offers_are_sound


def sound(offer: Offer, game: Game) -> None:
    offers_are_sound(offer, game, refused_send=False)


def test_intrigue_whose_marks_the_others_once_their_two_are_moved_and_starts_on_ann():
    game = ann_takes("2023.1.intrigue", 1)
    whose = card_moves.whose(game.state, game.expects)
    sound(whose, game)
    assert whose.default == "who:blue" and not any(o.why_not for o in whose.options)  # gains.likeliest_move's
    game.send(s.CardMoved("blue", "aragon", "navarra", 2))  # the others' 2 used: only Ann's own
    whose = card_moves.whose(game.state, game.expects)
    sound(whose, game)
    assert whose.default == "who:red"
    assert whose.option("who:blue").why_not == "Intrigue moves at most 2 foreign Caballeros, not 3"
    sources = card_moves.sources(game.state, game.expects, "red")
    assert [o.id for o in sources.options] == ["from:galicia"] and sources.default == "from:galicia"
    targets = card_moves.targets(game.state, game.expects, "red", "galicia")
    sound(targets, game)
    assert "to:toledo" not in [o.id for o in targets.options] and targets.default in [o.id for o in targets.allowed]
    assert card_moves.how_many(game.state, game.expects, "red", "galicia", "navarra")[0] == 2


def test_conspiracy_from_one_region_marks_every_other_source():
    game = ann_takes("2023.1.conspiracy", 1)
    game.send(s.CardMoved("blue", "aragon", "navarra", 1))  # out of one region only, from now on
    whose = card_moves.whose(game.state, game.expects)
    sound(whose, game)
    assert whose.option("who:red").why_not and whose.default == "who:blue"
    assert card_moves.more(game.state, game.expects)


def test_a_move_card_refuses_its_place_half_from_the_court_before_the_page():
    # 4611's trap (an Intrigue taken, its stack's place-2 half listed): no place takes one from the Court
    game = ann_takes("2023.1.intrigue", 1)
    extra = effects.extra(game.state, game.expects, "red", ["galicia", "castillo"], 2)
    assert extra.default is None and extra.why_not == "Intrigue moves Caballeros out of regions into regions or the Castillo"
    nxt = effects.next_place(game.state, game.expects, "red", {})
    assert nxt.why_not == extra.why_not


def test_militia_next_place_starts_where_it_gains_most_and_offers_no_more_from_the_second_on():
    game = ann_takes("2023.1.militia", 1)
    first = effects.next_place(game.state, game.expects, "red", {})
    sound(first, game)
    assert first.default == "place:castilla" and "place:toledo" not in [o.id for o in first.options]
    second = effects.next_place(game.state, game.expects, "red", {"castilla": 1})
    sound(second, game)
    assert second.default == "place:granada"
    assert second.option("place:none").steps == (s.CardMoved("red", "court", "castilla", 1),)


def test_decay_of_authority_done_the_stacks_other_send_backs_say_the_referees_reason():
    # 6045's and 9833's traps: stack 2 not named, Decay of Authority's 3 each sent from the Courts;
    # the Province card's send-back from the regions and the discs would be refused on their OK
    game = ann_takes(None, 2, edition="classic")
    game.send(s.CardMoved("blue", "court", "province", 3), s.CardMoved("green", "court", "province", 3))
    rows = dict(effects.effects(game.state))
    reason = ("no card of that stack allows it: Decay of Authority: other players' Caballeros from their Court "
              "back to the Province")
    regions = rows[effects.Effect.RETURN_FROM_REGIONS]
    assert effects.send_back(game.state, game.expects, regions, "blue").why_not == reason
    disc = rows[effects.Effect.RETURN_BY_SECRET_DISC][0]
    offered = effects.disc(game.state, game.expects, disc, "blue")
    sound(offered, game)
    assert effects.disc_refused(offered) == reason and offered.default == "disc:none"


def test_a_fresh_send_back_is_pre_filled_as_the_card_makes_them_send_and_accepted():
    game = ann_takes("classic.2.decay-of-authority-3", 2, edition="classic")
    found = dict(effects.effects(game.state))[effects.Effect.RETURN_FROM_COURT]
    back = effects.send_back(game.state, game.expects, found, "blue")
    assert (back.must, back.certain, back.why_not) == (3, True, "")
    assert back.steps == (s.CardMoved("blue", "court", "province", 3),)


def test_the_eviction_region_and_each_refuge_are_sound():
    game = ann_takes("classic.4.eviction", 4, edition="classic")
    evicting = effects.eviction(game.state, game.expects)
    sound(evicting, game)
    assert evicting.default in [o.id for o in evicting.options]
    region = evicting.default.removeprefix("evict:")
    colour = effects.evicted(game.state, region)[0]
    refuge = effects.refuges(game.state, game.expects, region, colour, effects.refuge_defaults(game.state, region)[colour])
    sound(refuge, game)


def test_the_placements_say_the_referees_reason_when_the_card_must_finish_first():
    game = ann_takes("2023.1.intrigue", 1)
    places = placements.places(game.state, "red")
    assert places and all(not placements.refused(game.state, game.expects, "red", p) for p in places)
    game.send(s.CardMoved("blue", "aragon", "navarra", 1))  # the special action begun: placements may follow
    assert placements.likeliest(game.state, "red", places[1:]) in places
