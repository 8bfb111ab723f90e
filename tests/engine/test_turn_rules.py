"""A turn as the rules define it (companion/engine/turn_rules.py), the cases the key-driven tests
(tests/ui/test_turn_rules_by_keys.py) leave out: each special step once, a card not named, a Veto
on one's own turn or after the action is complete."""


from companion.engine import steps as s
from companion.engine.state import GameState
from tests.engine.states import ann_takes, board_game, next_round, power_cards, refused, take


def started(edition: str = "classic", **variants) -> GameState:
    """A classic board game (the King in Castilla; Bo's home Aragón, Cy's Sevilla), the turns begun."""
    state = board_game(edition, seed=3, **variants)
    return power_cards(state, {"red": 13, "blue": 1, "green": 5})  # turns: red, green, blue


def test_a_power_card_comes_back_once():
    """003 l.623 (Power of the Cards): "You may return 1 of your used Power cards to your hand" — one."""
    state = started()
    for colour, stack in (("red", 1), ("green", 2), ("blue", 3)):
        take(state, s.ActionCardTaken(colour, stack, None))
        take(state, s.TurnEnded(colour))
    next_round(state)
    power_cards(state, {"blue": 2, "green": 11, "red": 12})  # from Blue's lowest; red first
    take(state, s.ActionCardTaken("red", 4, "classic.4.power-of-the-cards"))
    take(state, s.PowerCardReturned("red", 13))
    refused(state, s.PowerCardReturned("red", 12), "the card returns a Power card once a turn")


def test_a_card_not_named_may_do_what_its_stack_may_hold():
    state = started()
    take(state, s.ActionCardTaken("red", 4, None))  # classic stack 4: Power of the Cards among them
    take(state, s.PowerCardReturned("red", 13))
    take(state, s.TurnEnded("red"))
    take(state, s.ActionCardTaken("green", 3, None))  # stack 3 scores; the Castillo card among them
    refused(state, s.PowerCardReturned("green", 5), "card does not say: a Power card back")
    take(state, s.SpecialScoringStarted("castillo", ("castillo",)))


def test_the_secret_disc_scoring_is_not_on_the_classic_stack_3():
    state = started()
    take(state, s.ActionCardTaken("red", 3, None))
    refused(state, s.SpecialScoringStarted("discs", ("galicia",)), "not regions chosen exactly once on secret discs")


def test_a_veto_on_ones_own_turn_or_after_the_action_is_complete_is_refused():
    """003 l.452: "prevent another player from executing his special action"; 004 l.114: "You may
    only prevent a special action if ... the special action is not yet complete.\""""
    state = started()
    take(state, s.ActionCardTaken("red", 2, "classic.2.veto"))
    take(state, s.TurnEnded("red"))
    take(state, s.ActionCardTaken("green", 4, "classic.4.royal-advisor"))
    take(state, s.KingMoved("toledo", by_card=True))
    take(state, s.Placed("green", "granada", 1))  # the King's move done, then the placement
    refused(state, s.VetoUsed("red"), "special action is complete")
    take(state, s.TurnEnded("green"))
    take(state, s.ActionCardTaken("blue", 1, None))
    take(state, s.TurnEnded("blue"))
    next_round(state)
    power_cards(state, {"blue": 2, "green": 12, "red": 11})  # from Blue's lowest; turns: green, red
    take(state, s.ActionCardTaken("green", 3, "classic.3.special-scoring-castillo"))
    take(state, s.TurnEnded("green"))
    take(state, s.ActionCardTaken("red", 4, None))
    refused(state, s.VetoUsed("red"), "not one's own")


def test_a_classic_veto_before_the_action_stops_all_of_it():
    """003 l.450-452: "you may entirely or partly prevent another player from executing his special
    action ... The player affected by the Veto must immediately terminate the execution of their special
    action"; 004 l.114: "You cannot prevent a player from moving Caballeros onto the board"."""
    state = started()
    take(state, s.ActionCardTaken("red", 2, "classic.2.veto"))
    take(state, s.TurnEnded("red"))
    take(state, s.ActionCardTaken("green", 4, "classic.4.royal-advisor"))
    take(state, s.Placed("green", "navarra", 2))  # the placement first: the Veto may still come
    take(state, s.VetoUsed("red"))
    refused(state, s.KingMoved("toledo", by_card=True), "special action is over")
    take(state, s.Placed("green", "navarra", 1))  # the placement goes on: a Veto never stops it (004 l.114)


# -- issue 20 item 3: the turn's two actions, never split; the King moved once ---------------------

def test_a_turns_actions_cannot_be_split():
    """000 l.257: "You decide whether to perform the Special action first and then place the
    Caballeros, or vice versa. However, you cannot split the actions. You must fully complete one
    action before performing the other." 003 l.113: "you must complete them one at a time. You may
    not, for example, place some of your Caballeros, execute the Special action, then place the rest
    of your Caballeros"; 004 l.95: "An action may not be split.\""""
    state = started()
    take(state, s.ActionCardTaken("red", 4, "classic.4.royal-advisor"))
    take(state, s.Placed("red", "navarra", 1))
    take(state, s.KingMoved("toledo", by_card=True))
    refused(state, s.Placed("red", "granada", 1), "a turn's actions cannot be split: Ann did the placement, then")
    assert state.counts["granada"] == {}


def test_the_royal_advisor_moves_the_king_once():
    """004 l.143-144: "Royal Adviser: move the King into a neighboring region. You may move the King no
    further than one region away from his present position": one move, not a walk of two."""
    state = started()
    take(state, s.ActionCardTaken("red", 4, "classic.4.royal-advisor"))
    take(state, s.KingMoved("toledo", by_card=True))
    refused(state, s.KingMoved("granada", by_card=True), "the card moves the King once a turn")
    assert state.king == "toledo"


# -- issue 20 item 4: a special action only with the card that grants it ---------------------------

def test_stand_in_and_competition_only_with_their_own_card():
    """000 l.677 (002 l.1342-1343), Competition: "Only with this card, you can throw Grandes into the
    Castillo"; Stand-in's swap of the King and a Grande is its own card's (000 l.703-705): Chalet,
    which moves the King, grants neither, nor a Power card back (000 l.257: "both actions on it")."""
    state = ann_takes("2023.5.chalet", 5, new_regency=True, before=(s.KingMoved("aragon"),))  # beside Bo's Grande
    refused(state, s.KingAndGrandeSwapped("blue"), "Ann's card does not say: Stand-in: swap the King and a Grande")
    refused(state, s.GrandesToCastillo(), "Ann's card does not say: Competition: the Grandes into the Castillo")
    refused(state, s.PowerCardReturned("red", 13), "Ann's card does not say: a Power card back to the hand")
    assert state.king == "aragon" and state.castillo == {}


# -- issue 20 item 6: a Veto stops everything of the special action -------------------------------

def vetoed_2023() -> GameState:
    """A 2023 game with the Old Hands Veto: Ann (first) keeps it; Cy takes Intrigue next."""
    state = board_game("2023", seed=3, old_hands=("veto",))
    take(state, s.ActionCardsRevealed(((1, "2023.1.intrigue"), (2, "2023.2.veto"))))
    power_cards(state, {"red": 13, "blue": 1, "green": 5})  # turns: red, green, blue
    take(state, s.ActionCardTaken("red", 2), s.TurnEnded("red"))
    return take(state, s.ActionCardTaken("green", 1))


def test_the_2023_veto_stops_the_whole_special_action_before_it_begins():
    """002 l.1416-1419 (000 l.711): "You are then allowed to completely prevent a Special action that
    someone wants to perform this or next round": after it, nothing of that action; the placement
    is not the special action and goes on."""
    state = vetoed_2023()
    take(state, s.VetoUsed("red"))
    refused(state, s.CardMoved("green", "sevilla", "toledo", 1),
            "this turn's special action is over \\(stopped by a Veto, or done\\)")
    take(state, s.Placed("green", "navarra", 1))
    take(state, s.TurnEnded("green"))
    assert state.counts["toledo"] == {} and state.counts["navarra"] == {"green": 1}


def test_the_2023_veto_cannot_cancel_a_special_action_begun():
    """002 l.1420-1422: "You must immediately decide whether you want to prevent this Special action.
    You cannot cancel a Special action if it has already begun.\""""
    state = vetoed_2023()
    take(state, s.CardMoved("green", "sevilla", "toledo", 1))
    refused(state, s.VetoUsed("red"), "the 2023 Veto cannot cancel a special action once it has begun")
    take(state, s.CardMoved("blue", "aragon", "toledo", 1))  # the rest of Intrigue goes on
    assert state.counts["toledo"] == {"green": 1, "blue": 1}
