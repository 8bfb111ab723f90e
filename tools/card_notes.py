"""The hand-written columns of docs/rules-confidence.md's card table, as tools/card_table.py
writes them for a card new to the table: what the companion checks, what the screens guide,
what is left to the table (by effect, and per card where they differ), and each card's
rulebook lines. Once a row is in the doc, the doc's own cells are kept.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.rules.action_card import Effect

#: What the companion checks, what the screens guide, what is left to the table, by effect.
NOTES: Mapping[Effect, tuple[str, str, str]] = {
    Effect.MOVE_CABALLEROS: (
        "`card_effects._moving`: the card's limits (effect column) over the whole turn, one source region where "
        "it says; never out of the Castillo",
        "*move Caballeros* (`ui/screens/card_effects.py`)",
        "which Caballeros, from where, to where; moving fewer (the card says *may*)"),
    Effect.PLACE_EXTRA: (
        "`card_effects._placing`: own, from the Court, into any regions (the Castillo only where the card says), "
        "at most its count",
        "*place from the Court* (`place_extra`)",
        "where; placing fewer"),
    Effect.MOVE_OR_PLACE: (
        "`card_effects.allows`: one half or the other (`_moving` or `_placing`), never both",
        "both halves offered (`_halves`)",
        "which half; where"),
    Effect.PLACE_IN_KINGS_REGION: (
        "`card_effects.into_kings_region`: the turn's placements may go into the King's region "
        "(`board.check_placed`)",
        "the placing rows offer the King's region (`ui/screens/turn.py`)",
        "—"),
    Effect.RETURN_FROM_COURT: (
        "`card_effects._returns`: opponents' Caballeros, Court → Province, at most the card's number each; "
        "`owed`/`check_as_much`: each sends as many as the card says or all they have, whole before the next, "
        "checked again at `TurnEnded` (rev. 2)",
        "*send back from Courts*: opponent by opponent, pre-filled (`send_back`)",
        "—"),
    Effect.RETURN_FROM_REGIONS: (
        "`card_effects._returns`: 1 of each opponent from the regions (never the King's region or the Castillo), "
        "as many as possible (`owed`)",
        "*send back from regions* (`send_back`)",
        "which Caballero of each opponent (the active player's choice)"),
    Effect.RETURN_FROM_COURT_OR_REGIONS: (
        "`card_effects._returns`: opponents' Caballeros from their Court and/or the regions (never the King's region "
        "or the Castillo), at most the card's number each; as many as possible, left neighbour first, each whole "
        "before the next (`_answered`, `check_as_much`, rev. 2)",
        "*send back*: opponent by opponent from the left neighbour, pre-filled (`send_back`)",
        "each opponent's choice of Court or regions"),
    Effect.RETURN_BY_SECRET_DISC: (
        "`card_effects._returns` and `_one_place_each`: each opponent from one region, to the Province, at most the "
        "card's number (all: the region's); the region's minimum (`min_in_region`) is the page's, not the referee's",
        "*send back by disc*: each opponent's disc among the regions holding the minimum, the number pre-filled "
        "(`by_disc`)",
        "the secret discs (set at the table, entered when revealed); a disc not set clearly: *none*"),
    Effect.EVICTION: (
        "`card_effects._eviction`: opponents only, one region emptied, each colour to one region or its Court; "
        "once begun, no opponent's Caballero left in it at `TurnEnded` or before the placement "
        "(`card_duties.check_emptied`, rev. 4)",
        "*empty a region*: the region, then each opponent's disc; the King's region sends them to the Court (`evict`)",
        "the discs; a disc not set clearly (Menu → Correct: counts in a region)"),
    Effect.SCORE_REGION: (
        "`turn_rules.scoring_kinds`: only the kind the card names; `scorings._check_special`: one region, not the "
        "Castillo (the King's region allowed)",
        "*Score: a region of your choice* (`ui/screens/turn.py`, `start_special`)",
        "the counts (entered, or as recorded)"),
    Effect.SCORE_GROUP: (
        "`special_scoring.group`: the regions whose first value in force is the card's (tiles count); "
        "`scorings._check_special` refuses another set, fewer only while another player holds a classic Veto "
        "(`turn_rules.short_scoring_allowed`)",
        "*Score: all N-point regions*, in the order the player picks",
        "the order (totals do not depend on it)"),
    Effect.SCORE_CASTILLO: (
        "`scorings._check_special`: the Castillo only; its Caballeros stay in (only a general scoring empties it)",
        "*Score: the Castillo*",
        "the Castillo's counts (secret until it is opened: the wizard's *Secret Castillo*, `[game] hide_castillo`)"),
    Effect.SCORE_FIRST_ONLY: (
        "`special_scoring.regions`: every region, first place only, a tie for first scores nothing; the King's and "
        "Grande's bonus to a sole first (above: *likely*)",
        "*Score: first place only*",
        "—"),
    Effect.SCORE_MOST: (
        "`special_scoring.most` from the recorded counts, ties all scored; a count corrected on the way re-selects "
        "the regions left (above: *assumed*)",
        "*Score: the most*",
        "the counts, where the record differs from the board (correct them first)"),
    Effect.SCORE_FEWEST: (
        "`special_scoring.fewest` from the recorded counts, empty regions left out, ties all scored",
        "*Score: the fewest*",
        "the counts, where the record differs from the board (correct them first)"),
    Effect.SCORE_SECRET_DISCS: (
        "`scorings._check_special`: the regions as the table gives them, each once (the discs are the table's)",
        "each player's disc, the active one's too, then the regions on exactly one disc "
        "(`special_scoring.chosen_once`, `ui/screens/scoring.py`)",
        "the discs (set at the table)"),
    Effect.SCORING_TILE: (
        "`card_special_steps.check_tile`, `referee._check_tile`: by the card only, placed or moved (never taken off), one "
        "per region, never into or out of the King's region, the Castillo allowed; once a turn (`turn_rules.ONCE`)",
        "*Scoring tile* (`tile_page`)",
        "which tile, where"),
    Effect.POWER_CARD_BACK: (
        "`referee._check_returned`: a used Power card (this round's too); granted only by this card "
        "(`turn_rules.GRANTED_BY`), once",
        "*Power card back to hand* (`power_back_page`)",
        "which card (it need not be shown: the page asks the player)"),
    Effect.COURT_INTAKE: (
        "`card_effects._court`: own Caballeros, Province → Court, at most 2; from regions (not the King's region, "
        "not the Castillo) only with the Province empty (003 l.629 with l.79)",
        "*Caballeros to the Court* (`court_card`)",
        "taking fewer"),
    Effect.MOVE_GRANDE: (
        "`card_special_steps.check_grande`, `referee._check_grande`: the player's own Grande, to a region, never into or "
        "out of the King's region; once a turn",
        "*Grande moved* (`grande_row`)",
        "where"),
    Effect.VETO: (
        "`referee._check_veto`: its holder, this round and the next (`state.vetoes`); `turn_rules._check_veto`: "
        "never on one's own turn, the 2023 Veto only before the action begins, the classic one before or during it "
        "(`veto_partial`); after it nothing more of that action (`turn_rules.check`)",
        "*… uses a Veto* on the other players' turns",
        "announcing special actions before doing them"),
    Effect.MOVE_KING: (
        "`card_special_steps.check_king`/`_king_reach`: any region (not the Castillo, France or Portugal); once a turn",
        "the King's page opens at once (`kings_move`)",
        "leaving the King where he is (Back)"),
    Effect.KING_ENTOURAGE: (
        "`card_effects.allows`: followers only from the King's old region to his new one, at most 2; the one move "
        "into the King's region allowed",
        "*2 follow the King*, pre-filled with as many as possible; fewer refused on the page (`entourage`)",
        "whose Caballeros follow"),
    Effect.KING_COMPETITION: (
        "`referee._check_competition`: a Grande in the King's new region; granted only by this card, once "
        "(`turn_rules.GRANTED_BY`)",
        "*Competition: Grandes in*",
        "the Grandes' discs at the Castillo's scoring (above: *assumed*)"),
    Effect.SWAP_KING_GRANDE: (
        "`referee._check_swap`: the King and that Grande both in regions; granted only by this card, once",
        "*Stand-in: swap King* (`stand_in`)",
        "whose Grande"),
    Effect.UNKNOWN: (
        "`turn_rules.grants`: a card whose text is unknown may grant any special step and any special scoring "
        "(`scoring_kinds` is None); its Caballero moves are the table's: recorded as made, checked only "
        "against the board (places, counts, the King's region; `card_effects.table_decides`, issue 20; a stack "
        "not named keeps the checks of the cards it may hold)",
        "every row the stack's cards may grant",
        "what the card does and what it moves"),
}

#: Cards whose notes differ from their effect's.
OVERRIDES: Mapping[str, tuple[str, str, str]] = {
    "classic.2.province": (
        "`card_effects._returns`: 1 of each opponent from the regions (never the King's region or the Castillo), "
        "as many as possible (`owed`); 1995 (`[game] classic_text`): one of the taker's own too "
        "(`classic_1995.senders`, 004 l.119)",
        "*send back from regions* (`send_back`): each opponent, in 1995 the taker last",
        "which Caballero of each opponent"),
    "classic.2.special-scoring-region": (
        NOTES[Effect.SCORE_REGION][0] + "; 1995 (`[game] classic_text`): the Castillo too, scored as the Castillo "
        "card does, its Caballeros back in (`classic_1995.scoring_kinds`, 004 l.124)",
        NOTES[Effect.SCORE_REGION][1] + "; 1995: *the Castillo* after the regions",
        "the counts (entered, or as recorded)"),
    "classic.3.special-scoring-region": (
        NOTES[Effect.SCORE_REGION][0] + "; 1995 (`[game] classic_text`): the Castillo too, scored as the Castillo "
        "card does, its Caballeros back in (`classic_1995.scoring_kinds`, 004 l.139)",
        NOTES[Effect.SCORE_REGION][1] + "; 1995: *the Castillo* after the regions",
        "the counts (entered, or as recorded)"),
    "classic.2.secret-disc-return-2": (
        NOTES[Effect.RETURN_BY_SECRET_DISC][0],
        NOTES[Effect.RETURN_BY_SECRET_DISC][1] + "; 1995 (`[game] classic_text`): a player with 2 in no region "
        "picks one where he has 1 (`classic_1995.disc_regions`, 004 l.121)",
        NOTES[Effect.RETURN_BY_SECRET_DISC][2]),
    "classic.4.eviction": (
        NOTES[Effect.EVICTION][0],
        "*empty a region*: the region, then each opponent's disc; the King's region sends them to the Court, in "
        "1995 (`[game] classic_text`) the emptied region too (`evict`, `classic_1995.eviction_to`, 004 l.145)",
        "the discs; a disc not set clearly (Menu → Correct: counts in a region)"),
    "2023.4.coup": (
        NOTES[Effect.EVICTION][0],
        "*empty a region*: the region you choose, then each opponent's disc; the King's region: to the Court "
        "(000 l.366)",
        "the discs; a disc not set clearly (000 l.366: to the Court): Menu → Correct: counts"),
    "2023.4.empowerment": (
        "`referee._check_returned`: a used Power card (this round's too) or, with Power Shift, a played Modifier; "
        "granted only by this card, once",
        NOTES[Effect.POWER_CARD_BACK][1],
        "which card (000 l.629's First Player marker holds by construction: `referee.end_round` counts the card "
        "played)"),
    "classic.4.royal-advisor": (
        "`card_special_steps._king_reach`: a region adjacent to the King's (RULES.md borders: 10 sure, 5 likely); once a "
        "turn (004 l.143-144)",
        "*King moved*",
        "leaving the King where he is"),
    "New Regency.exile": (
        "`card_special_steps._king_reach`: France or Portugal; then the turn's placements only beside them "
        "(`board.receiving`, rev. 2; their borders above: *assumed*)",
        "the King's page with France and Portugal (`abroad`)",
        "their borders, if the table reads the map otherwise (Menu → Correct)"),
    "New Regency.chalet": (
        "`card_special_steps._king_reach`: a region with the fewest Caballeros, empty ones left out "
        "(`special_scoring.regions('fewest')`)",
        "*Chalet: King to fewest* (`chalet_page`)",
        "the tie (the active player decides)"),
    "New Regency.rebellion": (
        "`card_special_steps._king_reach`: beside the Castillo; then nobody throws in (`referee._check_throw`), no card "
        "moves in (`check_rebellion`), any region takes placements, no discs and its Caballeros stay in "
        "(`scorings`)",
        "the King's page with *the Castillo*",
        "—"),
    "New Regency.entourage": (
        "`card_special_steps._king_reach`: any region; then " + NOTES[Effect.KING_ENTOURAGE][0].split(": ", 1)[1],
        NOTES[Effect.KING_ENTOURAGE][1], NOTES[Effect.KING_ENTOURAGE][2]),
    "New Regency.competition": (
        "`card_special_steps._king_reach`: any region; then " + NOTES[Effect.KING_COMPETITION][0].split(": ", 1)[1],
        NOTES[Effect.KING_COMPETITION][1], NOTES[Effect.KING_COMPETITION][2]),
}

#: The rulebook lines (seed file and line, ../shared/seeds) of each card.
RULEBOOK: Mapping[str, str] = {
    "classic.1.intrigue-any-3": "003 l.370; 004 l.106-107",
    "classic.1.intrigue-any-4": "003 l.372; 004 l.110-111",
    "classic.1.intrigue-own-4": "003 l.374; 004 l.109-110",
    "classic.1.intrigue-foreign-3": "003 l.378-380; 004 l.105-106",
    "classic.1.intrigue-own-2-foreign-2": "003 l.384-390; 004 l.107-108",
    "classic.1.intrigue-5-from-one-region": "003 l.394-396; 004 l.104-105",
    "classic.1.intrigue-all-own-from-one-region": "003 l.400-408; 004 l.101-102",
    "classic.1.intrigue-place-2": "003 l.412-418; 004 l.102-103",
    "classic.1.intrigue-move-or-place": "003 l.420-428; 004 l.103-104",
    "classic.2.veto": "003 l.446-456; 004 l.113-114",
    "classic.2.decay-of-authority-all": "003 l.460-464; 004 l.114-115",
    "classic.2.decay-of-authority-3": "003 l.462-468; 004 l.115-116",
    "classic.2.province": "003 l.472; 004 l.118-119, l.352",
    "classic.2.angry-king": "003 l.476-480; 004 l.116-117",
    "classic.2.secret-disc-return-all": "003 l.484-486; 004 l.121-122",
    "classic.2.secret-disc-return-2": "003 l.490-494; 004 l.120-121",
    "classic.2.special-scoring-region": "003 l.498-502; 004 l.123-124",
    "classic.3.special-scoring-4-point": "003 l.525-531; 004 l.126-131",
    "classic.3.special-scoring-5-point": "003 l.535-543; 004 l.132-133",
    "classic.3.special-scoring-6-7-point": "003 l.547-553; 004 l.133-134",
    "classic.3.special-scoring-castillo": "003 l.557-559; 004 l.134-135",
    "classic.3.special-scoring-first-only": "003 l.563-569; 004 l.135-136",
    "classic.3.special-scoring-most": "003 l.573-579; 004 l.136-137",
    "classic.3.special-scoring-fewest": "003 l.583-589; 004 l.137-138",
    "classic.3.special-scoring-region": "003 l.595; 004 l.138-139",
    "classic.4.mobile-scoreboard": "003 l.609-615; 004 l.141-142",
    "classic.4.power-of-the-cards": "003 l.621-625; 004 l.146-147",
    "classic.4.the-court": "003 l.627-629 (with l.77-81); 004 l.147",
    "classic.4.grande": "003 l.633-635; 004 l.145-146",
    "classic.4.special-scoring-secret-discs": "003 l.645-649; 004 l.148-149",
    "classic.4.eviction": "003 l.653-659; 004 l.144-145",
    "classic.4.royal-advisor": "003 l.663-665; 004 l.143-144",
    "classic.5.kings-card": "003 l.667-669; 004 l.150-152",
    "2023.1.conspiracy": "002 l.275-278 (face); 000 l.531-538",
    "2023.1.intrigue": "000 l.542-545; 002 l.988-1003",
    "2023.1.militia": "000 l.607-609; 002 l.1191-1195",
    "2023.1.unknown": "000 l.99 (10 cards a stack)",
    "2023.2.fair": "002 l.281-289 (face); 000 l.559-567",
    "2023.2.withdrawal": "000 l.549-557; 002 l.1053-1062",
    "2023.2.civil-war": "000 l.613-615, l.575-581; 002 l.1216-1226",
    "2023.2.unknown": "000 l.99",
    "2023.3.outposts": "002 l.286, l.838-841 (face); 000 l.571-573",
    "2023.3.fiesta": "000 l.295; 002 l.468",
    "2023.3.revelation": "000 l.619-621",
    "2023.3.unknown": "000 l.99",
    "2023.4.enactment": "000 l.635-641, l.432; 002 l.848",
    "2023.4.empowerment": "000 l.625-631",
    "2023.4.adopted-home": "000 l.645-649",
    "2023.4.coup": "000 l.585-589; 002 l.1086, l.1151",
    "2023.4.unknown": "000 l.99",
    "2023.5.your-majesty": "000 l.653-657, l.289",
    "2023.5.exile": "000 l.661-663",
    "2023.5.entourage": "000 l.667-669",
    "2023.5.competition": "000 l.675-679",
    "2023.5.chalet": "000 l.683-687 (\"Chalot\"); 002 l.1264, l.1349",
    "2023.5.rebellion": "000 l.691-693",
    "2023.5.infiltration": "000 l.697-699",
    "2023.5.stand-in": "000 l.703-705",
    "2023.5.new-regency-unknown": "000 l.489 (10 cards)",
    "2023.1.ambush": "002 l.73-88 (face); 000 l.495-503",
    "2023.2.veto": "000 l.709-713; 002 l.1414-1423",
    "2023.2.delegation": "002 l.867 (a face fragment; the text: RULES.md); 000 l.501",
    "2023.4.rivalries": "002 l.865 (a face fragment; the text: RULES.md); 000 l.501",
    "power-shift": "000 l.505-525; 002 l.940-962",
    "power-shift.court-1": "000 l.525; 002 l.940-962 (face fragments)",
    "power-shift.move-own-1": "000 l.525; 002 l.940-962 (face fragments)",
    "power-shift.move-grande": "000 l.525; 002 l.940-962 (face fragments)",
}

MODIFIER_NOTES = (
    "`referee._check_power`: -2, -1, +1, +2 with a Power card, 3 a player (rev. 1), the total unique; the lowest "
    "total takes the First Player marker",
    "the Power card page's modifier",
    "passing one to the left at setup")
ABILITY_LEFT = "the ability itself (not guided): Menu → Correct"
