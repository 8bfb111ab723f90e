"""The kinds of move that name a region, as the rules ask "may this move name that place?".

Plain words, shared by the base engine (which asks its way to play through engine/hooks.py) and the
Big Box's regions (rules/big_box/regions.py ``allows``, which answers for its own places). In the base
game every kind names Spain's nine regions.
"""

SCORE = "score"  # a special scoring's "most"/"fewest"/"one region" pick (S:208, S:308)
SCOREBOARD = "scoreboard"  # a mobile scoreboard (scoring tile) placed or moved (S:241, S:308)
KING = "king"  # the King moved by a card (S:208: of GI&C's four, France only; S:308: Portugal)
GRANDE = "grande"  # a Grande moved (S:208 "treated just as the original regions"; S:308)
LIMIT_TABLE = "limit_table"  # the Limit table moved by a stack-7 card (S:254: never France)
CORRECT = "correct"  # a region's counts corrected by the table (any place it holds Caballeros)
SECRET_DISC = "secret_disc"  # a secret disc: never a Big Box region (S:208, S:308)
#: Intrigue & the King's card 20: placed from the Court "need not be ... adjacent to the King's
#: region" (S:177); never straight into America or the Mediterranean ("Caballeros get there only via
#: ship or by being repositioned", S:216).
PLACE_ANYWHERE = "place_anywhere"
MOVES = (SCORE, SCOREBOARD, KING, GRANDE, LIMIT_TABLE, CORRECT, SECRET_DISC, PLACE_ANYWHERE)
