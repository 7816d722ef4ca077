"""Italian 500 (Cinquecento, Marianna): card points and Mariannas, first side to 500.

A hand is scored from what each side captured (as points, or as the cards themselves) plus the
Mariannas declared (RULES.md, cinquecento).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scorekeeper.rules.base import (
    DEAL_TO_THE_RIGHT,
    MAX_OPTION_NUMBER,
    BidSpec,
    GameState,
    HandResult,
    HandSize,
    Judge,
    OptionSpec,
    OptionValue,
    Preset,
    SeatedGame,
    Table,
    as_played,
    race_hand,
)
from scorekeeper.rules.errors import RuleViolation
from scorekeeper.rules.house import CardPointsOptions
from scorekeeper.rules.reasons import Reason
from scorekeeper.rules.sentences import render_all

HAND_POINTS = 120
MAX_MARIANNAS = 4
TWOS = 4  # one a suit; RULES.md: three players take one out (39 cards), which is their business
# Card points by rank; the French-deck form writes Re, Cavallo and Fante as K, Q and J.
ITALIAN_POINTS: dict[str, int] = {"A": 11, "3": 10, "R": 4, "C": 3, "F": 2,
                                  "7": 0, "6": 0, "5": 0, "4": 0, "2": 0}
FRENCH_RANK: dict[str, str] = {"K": "R", "Q": "C", "J": "F"}
SUITS: dict[str, tuple[str, ...]] = {
    "italian": ("coins", "cups", "swords", "clubs"),
    "french": ("hearts", "diamonds", "spades", "clubs"),
}
FRENCH_SUIT_LETTERS: dict[str, str] = {"H": "hearts", "D": "diamonds", "S": "spades",
                                       "C": "clubs"}
MARIANNA_VALUES: dict[str, tuple[int, ...]] = {
    "40-20": (40, 20, 20, 20), "40-60-80-100": (40, 60, 80, 100), "20-40-60-80": (20, 40, 60, 80),
}

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("target", "integer", 500, "Points a side needs to win the game.", minimum=1,
               maximum=MAX_OPTION_NUMBER,
               label="Points to win"),
    OptionSpec("marianna_values", "string", "40-20",
               "What the Mariannas are worth in the order declared: the first 40 and each later "
               "one 20, or rising by 20 from 40, or rising by 20 from 20.",
               choices=tuple(MARIANNA_VALUES), label="Mariannas worth",
               choice_labels=("40, then 20 each", "40, 60, 80, 100", "20, 40, 60, 80")),
    OptionSpec("marianna_changes_trump", "boolean", False,
               "Each later Marianna makes its suit trumps (otherwise only the first names "
               "trumps).", label="Each Marianna changes trumps"),
    OptionSpec("deck", "string", "italian",
               "The 40-card Italian pack (coins, cups, swords, clubs) or a French pack without "
               "8s, 9s and 10s, its K, Q and J standing for Re, Cavallo and Fante.",
               choices=tuple(SUITS), label="Cards",
               choice_labels=("Italian pack", "French pack")),
)

# House rules of common tables, one tap on the start page (tests check each validates).
PRESETS: tuple[Preset, ...] = (
    Preset("classic", "Classic Marianna",
           "500 to win, the first Marianna 40 and names trumps, each later one 20, Italian "
           "cards.", {"target": 500, "marianna_values": "40-20", "marianna_changes_trump": False,
                      "deck": "italian"}),
    Preset("rising-mariannas", "Rising Mariannas",
           "Mariannas worth 40, 60, 80 and 100 in the order declared, each making its suit "
           "trumps.", {"marianna_values": "40-60-80-100", "marianna_changes_trump": True}),
    Preset("french-pack", "With a French pack",
           "The classic rules played with an ordinary pack, 8s, 9s and 10s taken out.",
           {"deck": "french"}),
)

HAND = HandSize(points=HAND_POINTS)


@dataclass(frozen=True)
class Cinquecento(SeatedGame):
    """The Variant protocol for Italian 500."""

    key: str = "cinquecento"
    name: str = "Cinquecento"
    description: str = ("Italian 500 (Marianna): 40 cards, points for the cards captured and for "
                        "each Marianna (Re and Cavallo of a suit) declared, first side to 500.")
    forms: tuple[tuple[int, int], ...] = ((2, 2), (2, 1), (3, 1))
    team_play: bool = True
    option_specs: tuple[OptionSpec, ...] = OPTIONS
    presets: tuple[Preset, ...] = PRESETS
    statistics: tuple[str, ...] = ("card_points", "marianna_points", "mariannas")
    family: str = "card_points"
    hand: HandSize = HAND
    hand_fields: tuple[str, ...] = ("points", "captured", "mariannas")
    referees: Mapping[str, Judge] = dataclasses.field(default_factory=dict, hash=False,
                                                         compare=False)

    def bids(self, options: Mapping[str, OptionValue] | None = None) -> tuple[BidSpec, ...]:
        return ()

    def score_hand(self, table: Table, state: GameState, hand: Mapping[str, Any]) -> HandResult:
        unknown = sorted(set(hand) - set(self.hand_fields))
        if unknown:
            raise RuleViolation("unknown_key.cinquecento_hand", unknown[0], key=unknown[0],
                                variant=self.key, variant_name=self.name)
        house = house_rules(table.options)
        points = self._card_points(table, house, hand)
        deltas = list(points)
        lines = [Reason("card_points", {"side": table.sides[s].name, "points": p})
                 for s, p in enumerate(points)]
        tally = [{"card_points": p, "marianna_points": 0, "mariannas": 0} for p in points]
        for side, value, line in self._mariannas(table, house, hand.get("mariannas", [])):
            deltas[side] += value
            tally[side]["marianna_points"] += value
            tally[side]["mariannas"] += 1
            lines.append(line)
        # Seed 000: the deal passes to the right (RULES.md, decisions of 2026-11-27).
        return race_hand(table, state, house.target, deltas, lines, tuple(tally),
                         DEAL_TO_THE_RIGHT)

    # -- pieces --------------------------------------------------------------------------------

    def _card_points(self, table: Table, house: CardPointsOptions,
                     hand: Mapping[str, Any]) -> list[int]:
        n = len(table.sides)
        if "captured" in hand and "points" in hand:
            raise RuleViolation("entry_both_ways.captured", "captured")
        if "captured" in hand:
            points = count_captured(hand["captured"], n, house.deck, twos_in_deck(table.seats))
            field = "captured"
        elif "points" in hand:
            points = hand["points"]
            field = "points"
            if not isinstance(points, list) or len(points) != n or any(
                    isinstance(p, bool) or not isinstance(p, int) or p < 0 for p in points):
                raise RuleViolation("entry_form.card_points", "points", sides=n)
        else:
            raise RuleViolation("entry_missing.card_points", "points")
        if sum(points) != HAND_POINTS:
            raise RuleViolation("card_points_sum", field, total=sum(points), expected=HAND_POINTS)
        return list(points)

    def _mariannas(self, table: Table, house: CardPointsOptions,
                   declared: object) -> list[tuple[int, int, Reason]]:
        """(side, value, explanation) for each Marianna, in the order declared."""
        if not isinstance(declared, list):
            raise RuleViolation("entry_form.mariannas", "mariannas")
        if len(declared) > MAX_MARIANNAS:
            raise RuleViolation("marianna_twice.count", "mariannas", most=MAX_MARIANNAS,
                                given=len(declared))
        values = MARIANNA_VALUES[house.marianna_values]
        suits = SUITS[house.deck]
        changes = house.marianna_changes_trump
        seen: list[str] = []
        scored = []
        for i, entry in enumerate(declared):
            where = f"mariannas.{i}"
            if not isinstance(entry, dict) or set(entry) - {"side", "suit", "stock_exhausted"}:
                raise RuleViolation("entry_form.marianna", where)
            side = entry.get("side")
            if isinstance(side, bool) or not isinstance(side, int) or not (
                    0 <= side < len(table.sides)):
                raise RuleViolation("side_range.marianna", f"{where}.side",
                                    last=len(table.sides) - 1)
            suit = entry.get("suit")
            if suit not in suits:
                raise RuleViolation("unknown_suit.marianna", f"{where}.suit", suits=list(suits))
            if suit in seen:
                raise RuleViolation("marianna_twice", f"{where}.suit", suit=suit)
            if entry.get("stock_exhausted", False) is not False:
                raise RuleViolation("marianna_late", where)
            seen.append(suit)
            # The first Marianna names trumps, and each later one too under marianna_changes_trump.
            line = Reason("marianna_trump" if i == 0 or changes else "marianna",
                          {"suit": suit, "side": table.sides[side].name, "points": values[i]})
            scored.append((side, values[i], line))
        return scored


def house_rules(options: Mapping[str, OptionValue]) -> CardPointsOptions:
    """A game's options, as the rules read them."""
    return CardPointsOptions.from_mapping(as_played(OPTIONS, options))


def twos_in_deck(players: int) -> int:
    """The 2s in play: all four, or three at three players (39 cards)."""
    return TWOS - 1 if players == 3 else TWOS


def count_captured(captured: object, sides: int, deck: str, twos: int = TWOS) -> list[int]:
    """Card points of the cards each side captured; every card once, all from the deck, and no
    more 2s than the deck holds (`twos`)."""
    if not isinstance(captured, list) or len(captured) != sides:
        raise RuleViolation("entry_form.captured", "captured", sides=sides)
    seen: set[tuple[str, str]] = set()
    twos_seen = 0
    points = []
    for s, cards in enumerate(captured):
        if not isinstance(cards, list):
            raise RuleViolation("entry_form.captured_side", f"captured.{s}")
        total = 0
        for j, text in enumerate(cards):
            card = read_card(text, deck, f"captured.{s}.{j}")
            if card in seen:
                raise RuleViolation("card_repeated.captured", f"captured.{s}.{j}", text=text)
            seen.add(card)
            twos_seen += card[0] == "2"
            if twos_seen > twos:
                raise RuleViolation("card_not_in_deck.cinquecento_twos", f"captured.{s}.{j}",
                                    text=text, twos=twos)
            total += ITALIAN_POINTS[card[0]]
        points.append(total)
    return points


def read_card(text: object, deck: str, field: str) -> tuple[str, str]:
    """(Italian rank, suit name) of a card written for this deck: R-coins, or KH in French."""
    example = "R-coins" if deck == "italian" else "KH"
    if isinstance(text, str):
        code = text.strip()
        if deck == "italian" and "-" in code:
            rank, _, suit = code.partition("-")
            rank, suit = rank.upper(), suit.lower()
            if rank in ITALIAN_POINTS and suit in SUITS["italian"]:
                return rank, suit
        if deck == "french" and len(code) in (2, 3):
            rank, letter = code[:-1].upper(), code[-1].upper()
            rank = FRENCH_RANK.get(rank, rank)
            if rank in ITALIAN_POINTS and letter in FRENCH_SUIT_LETTERS:
                return rank, FRENCH_SUIT_LETTERS[letter]
    raise RuleViolation("card_not_in_deck.cinquecento", field, text=text, deck=deck,
                        example=example)


TRICK_ORDER = ("A", "3", "R", "C", "F", "7", "6", "5", "4", "2")  # highest first


@dataclass(frozen=True)
class CinquecentoTrick:
    winner: int  # index into plays
    seat: int
    card: str  # as canonical for the deck: R-coins, or KH
    reasons: tuple[Reason, ...]  # one per line of the explanation

    @property
    def explanation(self) -> tuple[str, ...]:
        return render_all(self.reasons)


def adjudicate_trick(table: Table, trump: object, plays: object) -> CinquecentoTrick:
    """Highest trump wins, else the highest card of the suit led; nobody has to follow suit."""
    deck = house_rules(table.options).deck
    if trump is not None and trump not in SUITS[deck]:
        raise RuleViolation("unknown_suit.trump", "trump", suits=list(SUITS[deck]))
    if not isinstance(plays, list) or len(plays) != table.seats:
        raise RuleViolation("trick_size.cinquecento", "plays", expected=table.seats)
    cards: list[tuple[str, str]] = []
    seats: list[int] = []
    for i, play in enumerate(plays):
        if not isinstance(play, dict) or set(play) != {"seat", "card"}:
            raise RuleViolation("entry_form.cinquecento_play", f"plays.{i}")
        seat = play["seat"]
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < table.seats:
            raise RuleViolation("seat_range.play", f"plays.{i}.seat", last=table.seats - 1)
        if seats and seat != (seats[-1] + 1) % table.seats:
            raise RuleViolation("play_order.next", f"plays.{i}.seat", after=seats[-1],
                                expected=(seats[-1] + 1) % table.seats, seat=seat)
        card = read_card(play["card"], deck, f"plays.{i}.card")
        if card in cards:
            raise RuleViolation("card_repeated.cinquecento_trick", f"plays.{i}.card",
                                card=canonical(card, deck))
        seats.append(seat)
        cards.append(card)
    led = cards[0][1]
    trumps = [c for c in cards if c[1] == trump]
    lines = [Reason("cinquecento_trumps", {"suit": trump}) if trump else
             Reason("cinquecento_no_trumps")]
    if trumps:
        best = min(trumps, key=lambda c: TRICK_ORDER.index(c[0]))
        lines.append(Reason("cinquecento_trump_wins"))
    else:
        best = min((c for c in cards if c[1] == led), key=lambda c: TRICK_ORDER.index(c[0]))
        lines.append(Reason("cinquecento_suit_wins" if trump else "cinquecento_suit_led",
                            {"suit": led, "deck": deck}))
    winner = cards.index(best)
    code = canonical(best, deck)
    lines.append(Reason("cinquecento_won", {"seat": seats[winner], "card": code}))
    return CinquecentoTrick(winner, seats[winner], code, tuple(lines))


def canonical(card: tuple[str, str], deck: str) -> str:
    """A card as written for its deck: R-coins, or KH in the French deck."""
    rank, suit = card
    if deck == "italian":
        return f"{rank}-{suit}"
    letter = next(k for k, v in FRENCH_SUIT_LETTERS.items() if v == suit)
    return next((k for k, v in FRENCH_RANK.items() if v == rank), rank) + letter


def judge_trick(variant: Cinquecento, table: Table, body: Mapping[str, Any]) -> dict[str, Any]:
    """/adjudicate/trick for Cinquecento: the trump named, no contract."""
    extra = sorted(set(body) & {"contract", "led_before"})
    if extra:
        raise RuleViolation("unknown_key.cinquecento_trick", extra[0], key=extra[0],
                            variant=variant.key, variant_name=variant.name)
    ruling = adjudicate_trick(table, body.get("trump"), body["plays"])
    return {"winner": {"seat": ruling.seat, "card": ruling.card},
            "explanation": list(ruling.explanation),
            "reasons": [reason.to_dict() for reason in ruling.reasons]}


VARIANT = Cinquecento(referees={"trick": judge_trick})
