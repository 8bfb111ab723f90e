"""The action decks: counts, keys, effects and the forgiving look-ups (RULES.md "Action decks")."""

import dataclasses
import re
from collections import Counter

import pytest

from companion.rules import cards
from companion.rules.cards import Effect

CLASSIC, NEW = cards.CLASSIC_DECK, cards.DECK_2023


def per_stack(deck):
    return {s: cards.total(c for c in deck if c.stack == s) for s in range(1, 6)}


# -- counts ------------------------------------------------------------------------


def test_classic_deck_is_11_per_stack_plus_the_kings_card():
    assert per_stack(CLASSIC) == {1: 11, 2: 11, 3: 11, 4: 11, 5: 1}
    assert cards.total(CLASSIC) == 45


def test_classic_copies_follow_seed_003():
    copies = {c.key: c.copies for c in CLASSIC}
    assert copies["classic.1.intrigue-own-2-foreign-2"] == 2
    assert copies["classic.1.intrigue-5-from-one-region"] == 2
    assert copies["classic.2.veto"] == 2
    assert copies["classic.2.special-scoring-region"] == 3
    assert copies["classic.3.special-scoring-4-point"] == 2
    assert copies["classic.3.special-scoring-5-point"] == 2
    assert copies["classic.3.special-scoring-6-7-point"] == 1
    assert copies["classic.3.special-scoring-castillo"] == 2
    assert copies["classic.4.mobile-scoreboard"] == 3
    assert copies["classic.4.power-of-the-cards"] == 2
    assert copies["classic.4.grande"] == 2
    assert copies["classic.5.kings-card"] == 1
    # every other classic card is a single copy
    doubles = {k for k, n in copies.items() if n > 1}
    assert all(copies[k] == 1 for k in copies if k not in doubles)
    assert sum(1 for c in CLASSIC if c.stack == 1 and c.title == "Intrigue") == 9  # 9 faces, 11 cards


def test_classic_copies_are_all_known():
    assert all(c.copies_known and c.stack_known and c.known for c in CLASSIC)


def test_2023_deck_is_10_per_stack_plus_your_majesty():
    assert per_stack(NEW) == {1: 10, 2: 10, 3: 10, 4: 10, 5: 1}
    assert cards.total(NEW) == 41
    assert [c.title for c in cards.stack_cards("2023", 5)] == ["Your Majesty"]


def test_the_2023_box_holds_55_action_cards():
    assert cards.total(NEW) + cards.total(cards.NEW_REGENCY) + cards.total(cards.OLD_HANDS) == 55


def test_2023_copy_counts_are_not_claimed_as_certain():
    for c in NEW:
        if c.key == "2023.5.your-majesty":
            assert c.copies_known
        else:
            assert not c.copies_known, c.key


def test_each_2023_stack_has_one_placeholder_filling_it_to_10():
    for stack in range(1, 5):
        unknown = [c for c in cards.stack_cards("2023", stack) if not c.known]
        assert len(unknown) == 1
        (placeholder,) = unknown
        assert placeholder.title == f"A card from stack {stack}"
        assert placeholder.effect is Effect.UNKNOWN
        assert placeholder.copies == 10 - sum(c.copies for c in cards.stack_cards("2023", stack) if c.known)
        assert placeholder.copies > 0


def test_new_regency_replaces_your_majesty():
    assert cards.total(cards.NEW_REGENCY) == 10
    assert all(c.stack == 5 and c.edition == "2023" for c in cards.NEW_REGENCY)
    known = [c.title for c in cards.NEW_REGENCY if c.known]
    assert sorted(known) == sorted(
        ["Exile", "Entourage", "Competition", "Chalet", "Rebellion", "Infiltration", "Stand-in"]
    )
    assert sum(c.copies for c in cards.NEW_REGENCY if not c.known) == 3
    with_regency = cards.deck("2023", new_regency=True)
    assert per_stack(with_regency) == {1: 10, 2: 10, 3: 10, 4: 10, 5: 10}
    assert "2023.5.your-majesty" not in {c.key for c in with_regency}


def test_new_regency_is_2023_only():
    with pytest.raises(ValueError):
        cards.deck("classic", new_regency=True)


def test_old_hands_four_cards_in_stacks_1_2_2_4():
    titles = {c.title: c for c in cards.OLD_HANDS}
    assert set(titles) == {"Ambush", "Rivalries", "Delegation", "Veto"}
    # 000 l.501: adding all 4 removes 1 card from stack 1, 2 from stack 2, 1 from stack 4
    assert Counter(c.stack for c in cards.OLD_HANDS) == Counter({1: 1, 2: 2, 4: 1})
    assert all(not c.stack_known for c in cards.OLD_HANDS)  # which card is which: assumed
    assert all(c.copies == 1 for c in cards.OLD_HANDS)


# -- keys, fields ----------------------------------------------------------------------


def test_every_key_is_unique_and_well_formed():
    keys = [c.key for c in cards.ALL_CARDS]
    assert len(keys) == len(set(keys))
    for c in cards.ALL_CARDS:
        assert re.fullmatch(r"(2023|classic)\.[1-5]\.[a-z0-9]+(-[a-z0-9]+)*", c.key), c.key
        assert c.key.startswith(f"{c.edition}.{c.stack}.")


def test_caballeros_match_the_stack():
    for c in cards.ALL_CARDS:
        assert c.caballeros == c.stack, c.key
    assert cards.card("classic.5.kings-card").caballeros == 5
    assert cards.card("2023.5.your-majesty").caballeros == 5


def test_copies_are_positive_and_texts_fit_a_small_screen():
    for c in cards.ALL_CARDS:
        assert c.copies >= 1
        assert c.title and c.text
        assert len(c.text) <= 160, (c.key, len(c.text))
        assert c.edition in cards.EDITIONS


def test_cards_are_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        cards.card("2023.3.outposts").copies = 5


# -- effects ------------------------------------------------------------------------


def test_every_effect_has_help_and_exactly_one_group():
    assert set(cards.EFFECT_HELP) == set(Effect)
    grouped = [e for group in cards.EFFECT_GROUPS.values() for e in group]
    assert len(grouped) == len(set(grouped))
    assert set(grouped) == set(Effect)


def test_every_effect_is_used_and_every_card_effect_is_known():
    used = {c.effect for c in cards.ALL_CARDS}
    assert used == set(Effect)
    for c in cards.ALL_CARDS:
        assert isinstance(c.effect, Effect)
        assert (c.effect is Effect.UNKNOWN) == (not c.known), c.key


def test_params_the_handlers_rely_on():
    for c in cards.ALL_CARDS:
        p = dict(c.params)
        assert len(p) == len(c.params), f"duplicate param in {c.key}"
        if c.effect is Effect.SCORE_GROUP:
            assert p["points"] in (4, 5, 6)
        if c.effect in (Effect.MOVE_KING, Effect.KING_ENTOURAGE, Effect.KING_COMPETITION):
            assert p["to"] in {"anywhere", "adjacent", "abroad", "fewest", "castillo"}
        if c.effect is Effect.MOVE_CABALLEROS:
            assert set(p) & {"own", "foreign", "any"}
        if c.effect in (Effect.RETURN_FROM_COURT, Effect.RETURN_BY_SECRET_DISC, Effect.RETURN_FROM_COURT_OR_REGIONS):
            assert p["count"] == "all" or isinstance(p["count"], int)
        if c.effect is Effect.SCORE_REGION:
            assert p["castillo"] is False  # modern texts; 1995 kept in variant_1995
    assert cards.card("classic.2.veto").param("partial") is True
    assert cards.card("2023.2.veto").param("partial") is False


def test_special_kind_matches_the_referees_kinds():
    referee_kinds = {"region", "group4", "group5", "group6", "castillo", "first_only", "most", "fewest", "discs"}
    kinds = {cards.special_kind(c) for c in cards.ALL_CARDS} - {None}
    assert kinds == referee_kinds
    assert cards.special_kind(cards.card("2023.3.fiesta")) == "group5"
    assert cards.special_kind(cards.card("classic.3.special-scoring-6-7-point")) == "group6"
    assert cards.special_kind(cards.card("2023.4.enactment")) is None


def test_1995_variants_sit_on_the_cards_that_differ():
    with_variant = {c.key for c in cards.ALL_CARDS if c.variant_1995}
    assert with_variant == {
        "classic.2.province",
        "classic.2.special-scoring-region",
        "classic.3.special-scoring-region",
        "classic.4.eviction",
        "classic.2.secret-disc-return-2",  # 004 l.121: not in RULES.md's list
    }
    assert "Castillo" in cards.card("classic.2.special-scoring-region").variant_1995


# -- the titles RULES.md knows ---------------------------------------------------------

RULES_2023 = {
    "Conspiracy": (1, Effect.MOVE_CABALLEROS),
    "Intrigue": (1, Effect.MOVE_CABALLEROS),
    "Militia": (1, Effect.PLACE_EXTRA),
    "Fair": (2, Effect.SCORE_REGION),
    "Withdrawal": (2, Effect.RETURN_FROM_COURT_OR_REGIONS),
    "Civil War": (2, Effect.RETURN_BY_SECRET_DISC),
    "Outposts": (3, Effect.SCORE_GROUP),
    "Fiesta": (3, Effect.SCORE_GROUP),
    "Revelation": (3, Effect.SCORE_CASTILLO),
    "Enactment": (4, Effect.SCORING_TILE),
    "Empowerment": (4, Effect.POWER_CARD_BACK),
    "Adopted Home": (4, Effect.MOVE_GRANDE),
    "Coup": (4, Effect.EVICTION),
    "Your Majesty": (5, Effect.MOVE_KING),
}


@pytest.mark.parametrize("title", sorted(RULES_2023))
def test_known_2023_titles_are_in_their_stack(title):
    stack, effect = RULES_2023[title]
    c = cards.find("2023", title)
    assert c in NEW
    assert (c.title, c.stack, c.effect) == (title, stack, effect)


def test_2023_scoring_groups():
    assert cards.find("2023", "Outposts").param("points") == 4
    assert cards.find("2023", "Fiesta").param("points") == 5


RULES_CLASSIC = {
    "Royal Advisor": (4, Effect.MOVE_KING, "adjacent"),
    "Eviction": (4, Effect.EVICTION, None),
    "Mobile Scoreboard": (4, Effect.SCORING_TILE, None),
    "Power of the Cards": (4, Effect.POWER_CARD_BACK, None),
    "The Court": (4, Effect.COURT_INTAKE, None),
    "Grande": (4, Effect.MOVE_GRANDE, None),
    "Veto": (2, Effect.VETO, None),
    "King's Card": (5, Effect.MOVE_KING, "anywhere"),
}


@pytest.mark.parametrize("title", sorted(RULES_CLASSIC))
def test_known_classic_titles_are_in_their_stack(title):
    stack, effect, to = RULES_CLASSIC[title]
    c = cards.find("classic", title)
    assert (c.stack, c.effect, c.param("to")) == (stack, effect, to)


def test_classic_stacks_have_their_themes():
    assert {c.title for c in cards.stack_cards("classic", 1)} == {"Intrigue"}
    assert {c.title for c in cards.stack_cards("classic", 3)} == {"Special Scoring"}
    scoring = [c for c in cards.stack_cards("classic", 3)]
    assert {c.effect for c in scoring} == {
        Effect.SCORE_GROUP, Effect.SCORE_CASTILLO, Effect.SCORE_FIRST_ONLY,
        Effect.SCORE_MOST, Effect.SCORE_FEWEST, Effect.SCORE_REGION,
    }
    assert cards.find("classic", "special-scoring-secret-discs").stack == 4


def test_new_regency_effects():
    assert cards.find("2023", "Exile").param("to") == "abroad"
    assert cards.find("2023", "Chalet").param("to") == "fewest"
    assert cards.find("2023", "Rebellion").param("to") == "castillo"
    assert cards.find("2023", "Entourage").effect is Effect.KING_ENTOURAGE
    assert cards.find("2023", "Competition").effect is Effect.KING_COMPETITION
    assert cards.find("2023", "Infiltration").effect is Effect.PLACE_IN_KINGS_REGION
    assert cards.find("2023", "Stand-in").effect is Effect.SWAP_KING_GRANDE


# -- look-ups ---------------------------------------------------------------------------


def test_card_by_key():
    assert cards.card("classic.4.mobile-scoreboard").title == "Mobile Scoreboard"
    assert cards.card("2023.3.outposts").title == "Outposts"
    assert cards.card("CLASSIC.4.Mobile-Scoreboard").key == "classic.4.mobile-scoreboard"


def test_unknown_key_says_what_would_work():
    with pytest.raises(KeyError) as err:
        cards.card("classic.4.mobile-scorebord")
    assert "classic.4.mobile-scoreboard" in str(err.value)
    with pytest.raises(KeyError) as err:
        cards.card("nonsense")
    assert "keys look like" in str(err.value)


@pytest.mark.parametrize(
    "edition, typed, key",
    [
        ("2023", "conspiracy", "2023.1.conspiracy"),
        ("2023", "  CIVIL  war ", "2023.2.civil-war"),
        ("2023", "civil-war", "2023.2.civil-war"),
        ("2023", "Stand in", "2023.5.stand-in"),
        ("2023", "standin", "2023.5.stand-in"),
        ("2023", "Ádopted Hóme", "2023.4.adopted-home"),
        ("2023", "chalot", "2023.5.chalet"),
        ("2023", "veto", "2023.2.veto"),
        ("2023", "king's card", "2023.5.your-majesty"),
        ("2023", "3.outposts", "2023.3.outposts"),
        ("2023", "2023.3.outposts", "2023.3.outposts"),
        ("Classic", "mobile scoreboard", "classic.4.mobile-scoreboard"),
        ("classic", "angry king", "classic.2.angry-king"),
        ("classic", "The King returns!", "classic.2.angry-king"),
        ("classic", "Movement", "classic.4.eviction"),
        ("classic", "royal adviser", "classic.4.royal-advisor"),
        ("classic", "kings card", "classic.5.kings-card"),
        ("classic", "intrigue-own-4", "classic.1.intrigue-own-4"),
    ],
)
def test_find_is_forgiving(edition, typed, key):
    assert cards.find(edition, typed).key == key


def test_find_keeps_editions_apart():
    assert cards.find("classic", "Veto").key == "classic.2.veto"
    with pytest.raises(KeyError):
        cards.find("classic", "Conspiracy")
    with pytest.raises(KeyError):
        cards.find("2023", "Mobile Scoreboard")


def test_find_refuses_to_guess_between_cards_sharing_a_title():
    with pytest.raises(KeyError) as err:
        cards.find("classic", "Intrigue")
    assert "classic.1.intrigue-any-3" in str(err.value)
    with pytest.raises(KeyError):
        cards.find("2023", "unknown")  # four placeholders share that slug


def test_find_unknown_title_lists_titles():
    with pytest.raises(KeyError) as err:
        cards.find("2023", "Armada")
    assert "Fiesta" in str(err.value)
    with pytest.raises(ValueError):
        cards.find("1995", "Veto")


def test_stack_cards_checks_the_stack():
    assert cards.stack_cards("classic", 5) == (cards.card("classic.5.kings-card"),)
    with pytest.raises(ValueError):
        cards.stack_cards("classic", 6)


def test_deck_returns_the_catalogues():
    assert cards.deck("classic") is CLASSIC
    assert cards.deck("2023") is NEW
    with pytest.raises(ValueError):
        cards.deck("grandissimo")


# -- Power Shift ----------------------------------------------------------------------


def test_power_shift_has_16_modifiers():
    assert len(cards.POWER_SHIFT) == 16
    assert {m.modifier for m in cards.POWER_SHIFT} == {-2, -1, 1, 2}
    assert {m.ability for m in cards.POWER_SHIFT} == {None, *cards.Ability}
    assert any(m.ability is None for m in cards.POWER_SHIFT)
    assert len({m.key for m in cards.POWER_SHIFT}) == 16
    assert cards.POWER_SHIFT_COMPOSITION_KNOWN is False
    assert cards.PowerModifier("x", 2, cards.Ability.MOVE_GRANDE).text == "+2: Move 1 Grande of your choice."
