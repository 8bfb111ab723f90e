"""engine/table.py: the facts a way to play puts on the table, as the pages read them, answered by
engine/hooks.py (a mode's from its record, the base game's with nothing added; issue 34)."""

import dataclasses

import pytest

import companion.engine.modes  # noqa: F401  (the Big Box's modes registered)
from companion.engine import hooks, table
from companion.engine.settings import REVISION, Player, Settings
from companion.rules import modes

PLAYERS = (Player("Ann", "red"), Player("Bob", "blue"), Player("Cy", "green"))


def facts_of(key: str) -> table.TableFacts:
    return table.facts(Settings(edition="classic", players=PLAYERS, seed=1, revision=REVISION, expansion=key))


def test_the_base_game_puts_nothing_of_its_own_on_the_table():
    base = facts_of("")
    assert (base.regions, base.aside, base.beyond_spain, base.setup_notes, base.stack_titles, base.holdings) == (
        (), (), (), (), (), ())
    assert (base.own_cards, base.setup_disc, base.unowned_regions, base.limit_table, base.held_card,
            base.deliveries, base.unowned_ignored) == (False, 0, 0, False, False, False, False)
    assert (base.first_player, base.first_asked) == ("First player", "Who has the First Player marker?")
    assert base.king_abroad == ()


def test_the_colonies_table():
    colonies = facts_of("colonies")
    assert colonies.title == "Grand Inquisitor & the Colonies"
    assert colonies.regions == ("france", "ship", "america", "mediterranean") and colonies.aside == ()
    assert (colonies.setup_disc, colonies.unowned_regions, colonies.limit_table) == (2, 2, True)  # S:198-204
    assert colonies.held_card and colonies.deliveries and colonies.holdings == ()
    assert colonies.stack_title(6) == "Grand Inquisitor" and colonies.stack_title(7) == "Stack 7"
    assert colonies.stack_title(5) is None and not colonies.own_cards
    assert colonies.first_player == "First player"
    assert colonies.king_abroad == ("france",)  # S:208: not the ship, America or the Mediterranean


def test_intrigue_and_the_king_lead_by_the_lowest_card():
    intrigue = facts_of("intrigue")
    assert intrigue.own_cards and intrigue.regions == () and intrigue.setup_disc == 1  # S:162
    assert (intrigue.first_player, intrigue.first_asked) == ("Lead player", "Who plays the first card?")  # S:166
    assert intrigue.setup_notes[-1] == "Each picks 13 of his 31 cards"  # S:163
    assert facts_of("king_colonies").own_cards and facts_of("king_colonies").first_player == "Lead player"


def test_grandissimo_has_its_ship_and_prison_aside_and_its_holdings():
    grandissimo = facts_of("grandissimo")
    assert grandissimo.regions == ("portugal",) and grandissimo.beyond_spain == ("portugal", "ship", "prison")
    assert grandissimo.holdings == ("Queen", "Jester", "Ship token 1", "Ship token 2", "Grand Inquisitor")
    assert grandissimo.unowned_regions == 1 and not grandissimo.limit_table and not grandissimo.held_card  # S:294
    assert grandissimo.stack_title(7) == "Queen & Jester" and not grandissimo.deliveries
    assert grandissimo.unowned_ignored and not facts_of("colonies").unowned_ignored  # S:398; S:246
    assert grandissimo.king_abroad == ("portugal",) and facts_of("intrigue").king_abroad == ()  # S:308


@pytest.mark.parametrize("key", [key for key in modes.MODES if key])
def test_every_mode_answers_each_fact_from_its_record(key):
    """A mode added to rules/modes.py puts its data on the pages with no page changed."""
    mode, facts = modes.mode(key), facts_of(key)
    assert (facts.title, facts.regions, facts.aside, facts.own_cards, facts.setup_notes, facts.setup_disc,
            facts.unowned_regions, facts.limit_table, facts.stack_titles, facts.holdings, facts.deliveries) == (
        mode.title, mode.regions, mode.aside, mode.intrigue, mode.setup_notes, mode.setup_disc,
        mode.black_regions, mode.limit_table, mode.extra_stacks, mode.holdings, mode.deliveries)
    assert facts.held_card == bool(mode.grand_inquisitor_stack)
    assert facts.unowned_ignored == (mode.black_count == "ignored")


def test_the_facts_are_plain_data():
    """Nothing in them hands on the rules: strings, numbers, flags and tuples of them, frozen."""
    facts = facts_of("king_colonies")

    def plain(value) -> bool:
        return isinstance(value, (str, int, bool)) or (isinstance(value, tuple) and all(map(plain, value)))

    assert all(plain(getattr(facts, field.name)) for field in dataclasses.fields(facts))
    with pytest.raises(dataclasses.FrozenInstanceError):
        facts.regions = ()  # type: ignore[misc]


class Fifth(hooks.Rules):
    """A way to play nobody wrote yet: one more region, a colour nobody owns drawn for at setup."""

    title = "A fifth way"
    regions = ("portugal",)
    unowned = ("white",)
    unowned_regions = 1
    first_player, first_asked = "Leader", "Who leads?"
    setup_notes = ("Each takes a white Caballero",)


def test_a_fifth_way_to_play_puts_its_own_facts_on_the_table(monkeypatch):
    monkeypatch.setitem(hooks._REGISTERED, "fifth", Fifth())
    fifth = facts_of("fifth")
    assert (fifth.title, fifth.regions, fifth.unowned_regions, fifth.first_player, fifth.setup_notes) == (
        "A fifth way", ("portugal",), 1, "Leader", ("Each takes a white Caballero",))
    assert not fifth.own_cards and not fifth.holdings


def test_a_way_nobody_registered_has_no_facts():
    with pytest.raises(LookupError, match="'sixth' is not registered"):
        facts_of("sixth")
