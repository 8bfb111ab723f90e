"""The Intrigue & the King card catalogue (RULES-EXPANSIONS.md §1.6; "S:n" = seed 004, line n)
and the table's corrections to it."""

import pytest

from companion.rules.big_box import intrigue_cards as ic


def test_the_eighteen_originals_and_the_explained_odd_values():
    """S:163: 'limit the possible cards to just the 18 that are evenly divisible by 10'; S:176-191
    explain 13 (KIPE-NL), 15, 23 (KIPE-NL), 25, 35, 63, 75, 93, 135, 145."""
    cards = ic.catalogue()
    originals = [v for v, card in cards.items() if card.original]
    assert originals == list(range(10, 181, 10))
    assert sorted(set(cards) - set(originals)) == [13, 15, 23, 25, 35, 63, 75, 93, 135, 145]
    # 28 of known value + the Joker + two nobody describes = 31 per colour (S:155)
    assert len(cards) + 1 + 2 == 31


@pytest.mark.parametrize("value,effect,title", [
    (15, "place_five", "Five Caballeros"),  # S:176 'You move 5 Caballeros instead of the number on your Caballero card'
    (20, "place_anywhere", "Anywhere"),  # S:177 'They need not be moved to regions adjacent to the King's region'
    (35, "grandes_by_disc", "Grandes by disc"),  # S:179
    (40, "veto", "Veto"),  # S:180 'This may be played prior to your turn' + BABATZ
    (93, "quarantine", "Quarantine"),  # S:186
    (110, "score_castillo", "Castillo scoring"),  # S:188
    (145, "score_region", "Score a region"),  # S:190
    (150, "score_region", "Score any region"),  # S:190
    (13, "opponent_grandes_by_disc", "Wandertag"),  # KIPE-NL
    (23, "move_castillo", "Schiebung"),  # KIPE-NL
])
def test_known_cards(value, effect, title):
    card = ic.catalogue()[value]
    assert (card.value, card.effect, card.title) == (value, effect, title)
    assert card.heads is None  # no source gives any card's heads


def test_every_card_names_a_kind_a_confidence_and_a_source():
    for card in (*ic.catalogue().values(), ic.KING_CARD, ic.INTRIGUE_CARD, *ic.VALUELESS):
        assert card.effect in ic.EFFECT_KINDS and card.confidence in ic.CONFIDENCES and card.source
        assert card.title and card.text


def test_unknown_originals_say_so():
    card = ic.catalogue()[130]
    assert (card.effect, card.confidence, card.source) == ("unknown", "unknown", "S:163")
    assert ic.catalogue()[93].confidence == "sure" and ic.catalogue()[13].confidence == "likely"


def test_king_and_intrigue_cards():
    """S:170; card faces RGG-14."""
    assert ic.KING_CARD.effect == "move_king_anywhere" and ic.KING_CARD.text == "You may move the King to any region"
    assert ic.INTRIGUE_CARD.effect == "intrigue"
    assert "one opposing Caballero, or up to all of your own" in ic.INTRIGUE_CARD.text
    assert ic.KING_CARD.value is None and ic.INTRIGUE_CARD.value is None and ic.JOKER.value is None


def test_an_override_corrects_a_card_as_a_toml_table_gives_it():
    """[intrigue.cards.130] heads = 3, effect = "move_caballeros", title = "Reposition"."""
    cards = ic.catalogue({"130": {"heads": 3, "effect": "move_caballeros", "title": "Reposition"}})
    card = cards[130]
    assert (card.heads, card.effect, card.title, card.source, card.confidence) == (
        3, "move_caballeros", "Reposition", "table", "sure")
    assert card.text == ic.EFFECT_KINDS["move_caballeros"]
    assert ic.catalogue()[130].effect == "unknown"  # the built-in catalogue is untouched
    assert cards[20] == ic.catalogue()[20]


def test_heads_alone_keep_what_is_known_of_the_action():
    card = ic.catalogue({15: {"heads": 1}})[15]
    assert (card.heads, card.effect, card.confidence, card.source) == (1, "place_five", "sure", "table")
    assert ic.catalogue({120: {"heads": 2}})[120].confidence == "unknown"


def test_an_override_adds_a_card_of_a_new_value():
    """The two undescribed cards, or the Joker once the table has read its value."""
    cards = ic.catalogue({7: {"effect": "joker", "title": "Joker", "heads": 0}})
    assert len(cards) == len(ic.CARDS) + 1
    assert (cards[7].value, cards[7].effect, cards[7].title) == (7, "joker", "Joker")
    assert list(cards) == sorted(cards)


@pytest.mark.parametrize("overrides,message", [
    ({"130": {"effect": "zap"}}, "intrigue.cards.130.effect: unknown effect kind 'zap'; kinds: move_king_anywhere, "),
    ({"130": {"heads": 7}}, "intrigue.cards.130.heads must be between 0 and 6, not 7"),
    ({"130": {"heads": -1}}, "intrigue.cards.130.heads must be between 0 and 6, not -1"),
    ({"130": {"heads": "3"}}, "intrigue.cards.130.heads must be a whole number of Caballeros, not '3'"),
    ({"130": {"heads": True}}, "intrigue.cards.130.heads must be a whole number"),
    ({"1000": {"heads": 1}}, "intrigue.cards.1000: a card value must be between 1 and 999"),
    ({0: {"heads": 1}}, "intrigue.cards.0: a card value must be between 1 and 999"),
    ({"joker": {"heads": 1}}, "intrigue.cards.joker: a card is named by its value, a whole number like 130"),
    ({"130": {"colour": "red"}}, "intrigue.cards.130: unknown field 'colour'; fields: heads, effect, title"),
    ({"130": 3}, "intrigue.cards.130 must be a table of heads, effect, title, text, confidence, source, not 3"),
    ({"130": {"title": 5}}, "intrigue.cards.130.title must be text in quotes, not 5"),
    ({"130": {"title": " "}}, "intrigue.cards.130.title must not be empty"),
    ({"130": {"confidence": "certain"}}, "intrigue.cards.130.confidence must be one of sure, likely, assumed"),
])
def test_bad_overrides_are_refused_in_one_line(overrides, message):
    with pytest.raises(ValueError) as error:
        ic.catalogue(overrides)
    assert str(error.value).startswith(message)
    assert "\n" not in str(error.value)


def test_the_effect_error_lists_every_kind():
    with pytest.raises(ValueError) as error:
        ic.catalogue({"130": {"effect": "Move Caballeros"}})
    assert all(kind in str(error.value) for kind in ic.EFFECT_KINDS)
