"""The table's choices for a game, as the wizard makes them and the journal's first line keeps them.

Apart from the game's state (companion/engine/state.py): the setup wizard needs these on
the first frame of a start without a saved game, the rest only once a game is in play.
"""

from typing import TYPE_CHECKING

from companion.engine import hooks
from companion.language import N_, _
from companion.rules import modes, spain
from companion.rules.plain_data import dataclass  # no code compiled at import (issue 23)

if TYPE_CHECKING:
    from companion.rules.editions import Edition

#: The rules revision a new game starts under. A rules fix that would refuse or change a step an
#: older journal holds applies from the revision that brought it, so old games replay as they
#: were played (0: before 0.3; 1: 0.3's Competition Grande discs, Power Shift's three
#: Modifier cards, and no secret discs under Rebellion; 2: issue 20's rules: a turn as the rules
#: define it (companion/engine/turn_rules.py: its two actions never split, each special step once
#: and only with the card that grants it, a Veto stopping what its edition says), the card
#: effects (Exile's neighbours, nothing moved into the Castillo under Rebellion, "as much as
#: possible" of a card that sends opponents' Caballeros back), the Power card's Caballeros into
#: the Court at the start of its player's turn, not when it is played, and only the active
#: player throwing into the Castillo; 3: issue 21's Big Box: its checks (companion/engine/modes/figures.py:
#: the Grand Inquisitor's and the Queen's one more never into the Castillo, one ship token a player,
#: the Queen or the Jester from one card, only a gold or wares disc waiting in the colonies delivered)
#: and its places: "most" and "fewest" count the Big Box regions too (S:208, S:308), and black
#: Caballeros come out of the Castillo by the holder's secret disc (S:248); 4: issue 20's Eviction / Coup
#: begun empties its region of the opponents' Caballeros before the turn ends (003 l.655-657, 000 l.585,
#: "as much of the action as possible", 000 l.281; companion/engine/card_effects.py check_emptied); 5: issue 32's
#: seats and cards: the Grand Inquisitor's rule for black Caballeros in the Castillo asked of the mode, never of a
#: player's colour named black (companion/engine/scorings.py BLACK_ASKED_OF_THE_MODE), and the card fixes that
#: name this revision where they are made; 6: issue 35's deal: where the table lets the companion shuffle the
#: action cards (``deals``), each round's cards come from the recorded seed (companion/engine/dealing.py).
REVISION = 6
#: The first revision at which the companion may deal the action cards (``Settings.deals``).
DEALS_FROM = 6
MAX_SEED = 2**63 - 1
SHORT_GAME_ROUNDS = (2, 3, 5, 6, 8, 9)


@dataclass(frozen=True)
class Player:
    """A seat at the table: who sits there, and the colour they play."""

    name: str
    colour: str


@dataclass(frozen=True)
class CardReading:
    """Intrigue & the King: the table's reading of one card's face (rules/big_box/intrigue_cards.py's
    catalogue corrections; "" and None: as the catalogue says)."""

    value: int
    heads: int | None = None
    effect: str = ""
    title: str = ""
    text: str = ""
    confidence: str = ""
    source: str = ""

    def fields(self) -> dict[str, int | str]:
        """What the table read: the catalogue's override of this card."""
        return {name: given for name, given in vars(self).items() if name != "value" and given not in (None, "")}


#: The variants a table switches on, as the screens and the game log name them.
VARIANTS = (("short_game", N_("Short game (6 rounds)")), ("four_stacks", N_("4 action stacks")),
            ("new_regency", N_("New Regency")), ("power_shift", N_("Power Shift")), ("board", N_("Board recorded")),
            ("secret_castillo", N_("Secret Castillo")), ("deals", N_("Companion deals cards")))


@dataclass(frozen=True)
class Settings:
    """The table's choices at setup: stored in the journal's first line with the seed."""

    edition: str = "2023"
    players: tuple[Player, ...] = ()
    #: The 2023 two-player dummy's colour (None when there is no dummy).
    dummy: str | None = None
    short_game: bool = False
    four_stacks: bool = False
    new_regency: bool = False
    #: The Old Hands cards shuffled in (their short names: "ambush", "veto", "delegation", "rivalries").
    old_hands: tuple[str, ...] = ()
    power_shift: bool = False
    seed: int = 0
    #: The table records placements: the companion knows every Caballero's place (companion/engine/
    #: board.py). Off: "scores only", counts learnt at scorings (every journal before 0.3).
    board: bool = False
    #: The rules revision the game was started under (REVISION; 0 in journals before 0.3).
    revision: int = 0
    #: The Castillo's contents stay secret until it is scored (000 l.309-310: "No one may ever check
    #: how many Caballeros are inside"; 003 l.142; 004 l.58): the screens say who threw in, not how
    #: many are there. On in a new game unless the table switches it off in the wizard; absent (off)
    #: in every journal before issue 20, which then follow the settings file's game.hide_castillo.
    secret_castillo: bool = False
    #: A Big Box way to play (rules/modes.py: "colonies"); "" for the base game (since 0.4,
    #: written only when set).
    expansion: str = ""
    #: Grandissimo: its black Caballeros take places for nobody (the GI&C reading, S:306) instead
    #: of being ignored at scorings (S:398; since 0.4, written only when set).
    black_invisible: bool = False
    #: Intrigue & the King: the Caballero cards the overview card gives this player count, highest
    #: first; () for the assumed highest N (RULES-EXPANSIONS.md §1.3; written only when set).
    caballero_cards: tuple[int, ...] = ()
    #: The King & the Colonies: where the placement number comes from when a player takes neither
    #: the Grand Inquisitor's nor the stack-7 card: "caballero_card" (assumed) or "action_card"
    #: (S:274's words; RULES-EXPANSIONS.md §7.4; written only when set).
    kc_placement: str = "caballero_card"
    #: Intrigue & the King (and The King & the Colonies): the 1998 players edition's variant, the
    #: King and the Intrigant may choose their own card's action at every player count, not only
    #: with 2-3 (RULES-EXPANSIONS.md §1.4, §7.17; written only when set).
    players_edition: bool = False
    #: The Big Box regions' scoreboards as the table reads them, where they differ from
    #: rules/big_box/regions.py's ((region id, (1st, 2nd, 3rd)); written only when set).
    scoreboards: tuple[tuple[str, tuple[int, int, int]], ...] = ()
    #: The seats' bonuses as the table reads them ((seat title, points); written only when set).
    seat_bonuses: tuple[tuple[str, int], ...] = ()
    #: Intrigue & the King: the table's corrections of the card catalogue (written only when set).
    intrigue_cards: tuple[CardReading, ...] = ()
    #: A classic game's cards read by the modern text (seed 003, "modern") or by the 1995 rules on the
    #: four cards where they differ ("1995": companion/engine/classic_1995.py; the settings file's
    #: game.classic_text; since 0.7, written only when set).
    classic_text: str = "modern"
    #: Who shuffles the action cards: the companion (True: it deals each stack's order from the seed and
    #: says each round which card each stack shows, companion/engine/dealing.py; the classic base game,
    #: from revision 6) or the table (False, every journal before issue 35; written only when set).
    deals: bool = False

    def variant_labels(self) -> list[str]:
        """The variants in play, as a person reads them ("Short game (6 rounds)", "Old Hands: Veto")."""
        from companion.rules.cards import OLD_HANDS  # the decks only when a game is described

        titles = {c.slug: c.title for c in OLD_HANDS}
        merged = 3 not in self.stacks  # always with the 2-player dummy
        return ([_(hooks.of(self).title)] * bool(self.expansion)
                + [_(label) for key, label in VARIANTS if getattr(self, key) or (key == "four_stacks" and merged)]
                + [_("Old Hands: {title}").format(title=_(titles.get(slug, slug))) for slug in self.old_hands])

    @property
    def rules(self) -> "Edition":
        from companion.rules.editions import edition

        return edition(self.edition)

    @property
    def colours(self) -> tuple[str, ...]:
        # Kept beside the fields (never compared, shown or written: plain_data reads the fields alone):
        # a page's offers ask for them thousands of times a press (issue 36).
        known = self.__dict__.get("_colours")
        if known is None:
            known = tuple(p.colour for p in self.players)
            object.__setattr__(self, "_colours", known)
        return known

    @property
    def mode(self) -> modes.Mode:
        return modes.mode(self.expansion)

    @property
    def regions(self) -> tuple[str, ...]:
        """Every region scored at a general scoring, in order: Spain's, then the Big Box's in play."""
        known = self.__dict__.get("_regions")
        if known is None:
            known = spain.SCORING_ORDER + hooks.of(self).regions
            object.__setattr__(self, "_regions", known)
        return known

    @property
    def rounds(self) -> tuple[int, ...]:
        return SHORT_GAME_ROUNDS if self.short_game else tuple(range(1, 10))

    @property
    def stacks(self) -> tuple[int, ...]:
        """Action card stacks on the table; with 4 stacks, stack 2 holds 2 and 3 shuffled together."""
        merged = self.four_stacks or self.dummy is not None  # always with the 2-player dummy
        return ((1, 2, 4, 5) if merged else (1, 2, 3, 4, 5)) + hooks.of(self).stacks

    def to_json(self) -> dict:
        return {
            "edition": self.edition,
            "players": [{"name": p.name, "colour": p.colour} for p in self.players],
            "dummy": self.dummy,
            "short_game": self.short_game,
            "four_stacks": self.four_stacks,
            "new_regency": self.new_regency,
            "old_hands": list(self.old_hands),
            "power_shift": self.power_shift,
            "seed": self.seed,
            "board": self.board,
            "revision": self.revision,
            **({"secret_castillo": True} if self.secret_castillo else {}),
            **({"expansion": self.expansion} if self.expansion else {}),
            **({"black_invisible": True} if self.black_invisible else {}),
            **({"caballero_cards": list(self.caballero_cards)} if self.caballero_cards else {}),
            **({"kc_placement": self.kc_placement} if self.kc_placement != "caballero_card" else {}),
            **({"players_edition": True} if self.players_edition else {}),
            **({"scoreboards": [[r, list(v)] for r, v in self.scoreboards]} if self.scoreboards else {}),
            **({"seat_bonuses": [list(pair) for pair in self.seat_bonuses]} if self.seat_bonuses else {}),
            **({"intrigue_cards": [{"value": c.value, **c.fields()} for c in self.intrigue_cards]}
               if self.intrigue_cards else {}),
            **({"classic_text": self.classic_text} if self.classic_text != "modern" else {}),
            **({"deals": True} if self.deals else {}),
        }

    @staticmethod
    def from_json(data: dict) -> "Settings":
        """The settings of a journal's first line, each checked for its form (FormError if not);
        whether they make a game is settings_check.check_settings's question."""
        from companion.engine import forms

        return forms.build(Settings, data, "settings", ints={"seed": MAX_SEED})
