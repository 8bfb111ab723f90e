"""The cards' titles and texts stay English in the data and are looked up where they are shown."""


from companion import language
from companion.language import _
from companion.rules.big_box.intrigue_cards import EFFECT_KINDS
from companion.rules.deck_2023 import DECK_2023, NEW_REGENCY, OLD_HANDS, YOUR_MAJESTY
from companion.rules.deck_classic import CLASSIC_DECK
from companion.rules.special_scoring import KINDS

CARDS = (*DECK_2023, *NEW_REGENCY, *OLD_HANDS, *CLASSIC_DECK)


def test_the_data_keeps_the_english_whatever_the_language():
    language.use("de")
    assert YOUR_MAJESTY.title == "Your Majesty"
    assert next(c for c in CLASSIC_DECK if c.slug == "kings-card").title == "King's Card"


#: The words both languages write alike (docs/glossary-de.md): every other German title differs.
SHARED = {"Fiesta", "Veto", "Chalet", "Rebellion", "Delegation", "Grande"}


def test_english_is_the_code_own_words():
    language.use("en")
    for card in CARDS:
        assert _(card.title) == card.title and _(card.text) == card.text


def test_german_says_every_title_and_text_in_german():
    language.use("de")
    alike = {card.title for card in CARDS if _(card.title) == card.title}
    assert alike <= SHARED
    assert all(_(card.text) != card.text for card in CARDS)
    assert all(_(card.variant_1995) != card.variant_1995 for card in CARDS if card.variant_1995)
    assert all(_(kind.wording) != kind.wording for kind in KINDS.values() if kind.key != "castillo")
    assert all(_(text) != text for text in EFFECT_KINDS.values())


def test_the_german_edition_words_where_a_source_gives_them():
    """docs/glossary-de.md: the titles the German rules print."""
    language.use("de")
    assert _(YOUR_MAJESTY.title) == "Ihre Majestät"
    assert _("Fiesta") == "Fiesta"
    assert _("King's Card") == "Königskarte"
    assert _("Special Scoring") == "Sonderwertung"
    assert _("Veto") == "Veto"
