"""Rummy 500: each player alone scores what they melded and laid off, less what is left in hand.

A hand is entered as the cards themselves (melds, lay-offs, hands) or as points counted at the
table; the cards are checked as a real deal would allow (RULES.md, rummy-500).
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper.rules.base import (
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
    race_hand,
)
from scorekeeper.rules.cards import RANK_NAMES, SUIT_NAMES, Card, parse_card
from scorekeeper.rules.errors import RuleViolation
from scorekeeper.rules.reasons import Reason

# Card values; an ace low in a run is worth the ace_low_points option instead.
VALUES: dict[str, int] = {"A": 15, "K": 10, "Q": 10, "J": 10, "10": 10, "9": 9, "8": 8, "7": 7,
                          "6": 6, "5": 5, "4": 4, "3": 3, "2": 2}
JOKER_POINTS = 15
# Places in a run: the ace is 1 when low and 14 when high.
PLACE: dict[str, int] = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
                         "10": 10, "J": 11, "Q": 12, "K": 13}
ACE_HIGH = 14
LONGEST_RUN = 13  # the ace is high or low, never both
SET_SIZES = (3, 4)
CARDS_PER_PLAYER = 7
DECK_SIZE = 52
JOKERS_PER_DECK = 2
DECK_VALUE = 4 * sum(VALUES.values())  # 396
RANK_PLURALS: dict[str, str] = {rank: "sixes" if rank == "6" else f"{name}s"
                                for rank, name in RANK_NAMES.items()}
FULL_FORM = ("melds", "layoffs", "hand", "went_out", "discard")
QUICK_FORM = ("meld_points", "hand_points", "went_out")

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("target", "integer", 500, "Points a player needs to win the game.", minimum=1,
               label="Points to win"),
    OptionSpec("decks", "integer", None,
               "Packs shuffled together. Left to the number of players, one pack is used up to "
               "four players and two from five.", choices=(1, 2), nullable=True,
               label="Packs", choice_labels=("One pack", "Two packs"),
               null_label="One up to four players, two from five"),
    OptionSpec("jokers", "boolean", False,
               "Two jokers per pack, wild: each stands for one card and scores 15.",
               label="Jokers wild"),
    OptionSpec("ace_low_points", "integer", 15,
               "What an ace is worth at the low end of a run (A-2-3): 15, or 1. An ace anywhere "
               "else scores 15.", choices=(15, 1), label="Ace low in a run",
               choice_labels=("15, like any ace", "1")),
    OptionSpec("boathouse", "boolean", False,
               "Going out needs a final discard: the last card cannot be melded.",
               label="Boathouse (go out with a discard)"),
)

# House rules of common tables, one tap on the start page (tests check each validates).
PRESETS: tuple[Preset, ...] = (
    Preset("classic", "Classic Rummy 500",
           "500 to win, no jokers, an ace worth 15 wherever it is, going out on a meld.",
           {"target": 500, "jokers": False, "ace_low_points": 15, "boathouse": False}),
    Preset("jokers-wild", "Jokers wild",
           "Two jokers per pack, each standing for any card and scoring 15.", {"jokers": True}),
    Preset("boathouse", "Boathouse",
           "Going out needs a final discard, and an ace low in A-2-3 counts 1.",
           {"boathouse": True, "ace_low_points": 1}),
    Preset("big-table", "Big table",
           "Two packs shuffled together with their jokers, for a crowd.",
           {"decks": 2, "jokers": True}),
)

HAND = HandSize(cards=CARDS_PER_PLAYER)


@dataclass(frozen=True)
class Reading:
    """How a meld lies on the table: a set, or a run whose lowest card is at place `low`."""

    kind: str  # "set" or "run"
    low: int = 0

    def value(self, card: Card, ace_low_points: int) -> int:
        if card.is_joker:
            return JOKER_POINTS
        if card.rank == "A" and self.kind == "run" and self.low == 1:
            return ace_low_points
        return VALUES[card.rank]


@dataclass(frozen=True)
class MeldRuling:
    valid: bool
    kind: str | None
    points: int
    explanation: tuple[str, ...]


@dataclass(frozen=True)
class Rummy(SeatedGame):
    """The Variant protocol for Rummy 500."""

    key: str = "rummy-500"
    name: str = "Rummy 500"
    description: str = ("Rummy 500: two to eight players, each alone, meld sets and runs and lay "
                        "off on anyone's melds; each hand scores melded and laid-off cards less "
                        "the cards left in hand, first to 500.")
    forms: tuple[tuple[int, int], ...] = tuple((n, 1) for n in range(2, 9))
    team_play: bool = False
    option_specs: tuple[OptionSpec, ...] = OPTIONS
    presets: tuple[Preset, ...] = PRESETS
    statistics: tuple[str, ...] = ("meld_points", "penalty_points", "went_out")
    family: str = "rummy"
    hand: HandSize = HAND
    hand_fields: tuple[str, ...] = ("players",)
    referees: Mapping[str, Judge] = dataclasses.field(default_factory=dict, hash=False,
                                                         compare=False)

    def bids(self, options: Mapping[str, OptionValue] | None = None) -> tuple[BidSpec, ...]:
        return ()

    def check_table(self, table: Table) -> None:
        super().check_table(table)
        if decks_for(table) * DECK_SIZE < table.seats * CARDS_PER_PLAYER:
            raise RuleViolation(f"one deck cannot deal {CARDS_PER_PLAYER} cards to each of "
                                f"{table.seats} players: play with two decks", "options.decks",
                                rule="option_for_table")

    def score_hand(self, table: Table, state: GameState, hand: Mapping[str, Any]) -> HandResult:
        unknown = sorted(set(hand) - set(self.hand_fields))
        if unknown:
            raise RuleViolation(f"{unknown[0]} is not part of a {self.name} hand: give each "
                                "player's melds, lay-offs and hand under players", unknown[0],
                                rule="unknown_key")
        entries = hand.get("players")
        n = table.seats
        if not isinstance(entries, list) or len(entries) != n:
            raise RuleViolation(f"players must list what each of the {n} players did, in order",
                                "players", rule="entry_form")
        for i, entry in enumerate(entries):
            if not isinstance(entry, dict):
                raise RuleViolation("each player is an object: melds, layoffs, hand (or "
                                    "meld_points and hand_points)", f"players.{i}",
                                    rule="entry_form")
        quick = [is_quick(entry, f"players.{i}") for i, entry in enumerate(entries)]
        if any(q != quick[0] for q in quick):
            first = quick.index(not quick[0])
            raise RuleViolation("every player of a hand is entered the same way: all with their "
                                "cards, or all with counted points", f"players.{first}",
                                rule="entry_mixed_ways")
        if quick[0]:
            melded, held, out = counted_hand(table, entries)
            layoffs = [0] * n
        else:
            melded, layoffs, held, out = card_hand(table, entries)
        names = [side.name for side in table.sides]
        deltas = [m + lay - h for m, lay, h in zip(melded, layoffs, held, strict=True)]
        if quick[0]:
            lines = [Reason("rummy_counted", {"player": names[p], "melded": melded[p],
                                              "held": held[p], "points": deltas[p]})
                     for p in range(n)]
        else:
            lines = [Reason("rummy_cards", {"player": names[p], "melded": melded[p],
                                            "laid_off": layoffs[p], "held": held[p],
                                            "points": deltas[p]}) for p in range(n)]
        if out is not None:
            lines.append(Reason("went_out", {"player": names[out]}))
        tally = tuple({"meld_points": melded[p] + layoffs[p], "penalty_points": held[p],
                       "went_out": int(p == out)} for p in range(n))
        return race_hand(table, state, deltas, lines, tally)


def decks_for(table: Table) -> int:
    """The decks in play: as the option says, or one up to four players and two from five."""
    decks = table.options.get("decks")
    if isinstance(decks, int):
        return decks
    return 1 if table.seats <= 4 else 2


def ace_low_points(table: Table) -> int:
    value = table.options["ace_low_points"]
    assert isinstance(value, int)
    return value


def is_quick(entry: Mapping[str, Any], where: str) -> bool:
    """Whether a player is entered as counted points (else as cards); refuses unknown keys."""
    for key in entry:
        if key not in FULL_FORM and key not in QUICK_FORM:
            raise RuleViolation(f"{key} is not part of a player's hand: melds, layoffs, hand, "
                                "went_out, discard (or meld_points and hand_points)",
                                f"{where}.{key}", rule="unknown_key")
    full = [k for k in entry if k in FULL_FORM and k != "went_out"]
    quick = [k for k in entry if k in QUICK_FORM and k != "went_out"]
    if full and quick:
        raise RuleViolation(f"give a player's cards or counted points, not both ({full[0]} and "
                            f"{quick[0]})", where, rule="entry_both_ways")
    return bool(quick)


def went_out_flag(entry: Mapping[str, Any], where: str) -> bool | None:
    flag = entry.get("went_out")
    if flag is not None and not isinstance(flag, bool):
        raise RuleViolation("went_out must be true or false", f"{where}.went_out",
                            rule="entry_form")
    return flag


# -- counted points -----------------------------------------------------------------------------


def counted_hand(table: Table, entries: list[Any]) -> tuple[list[int], list[int], int | None]:
    """Meld points, hand points and who went out, for a hand counted at the table."""
    melded, held, flags = [], [], []
    for i, entry in enumerate(entries):
        where = f"players.{i}"
        for key in ("meld_points", "hand_points"):
            value = entry.get(key)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise RuleViolation(f"{key} must be a whole number of points, 0 or more",
                                    f"{where}.{key}", rule="entry_form")
        flags.append(went_out_flag(entry, where))
        melded.append(entry["meld_points"])
        held.append(entry["hand_points"])
    out = going_out(flags, [h == 0 for h in held], melded)
    value = decks_for(table) * (DECK_VALUE + (JOKERS_PER_DECK * JOKER_POINTS
                                              if table.options["jokers"] else 0))
    total = sum(melded) + sum(held)
    if total > value:
        raise RuleViolation(f"the points add up to {total}, more than the {value} the cards in "
                            "play are worth", "players", rule="rummy_points_sum")
    return melded, held, out


def going_out(flags: Sequence[bool | None], empty: Sequence[bool],
              melded: Sequence[int]) -> int | None:
    """The one player who went out (None if the stock ran out first)."""
    out: int | None = None
    for p, (flag, no_cards) in enumerate(zip(flags, empty, strict=True)):
        where = f"players.{p}.went_out"
        if flag is True and not no_cards:
            raise RuleViolation("a player who went out has no cards left in hand", where,
                                rule="went_out_cards")
        if flag is False and no_cards:
            raise RuleViolation("a player with no cards left in hand went out", where,
                                rule="went_out_cards")
        if no_cards:
            if out is not None:
                raise RuleViolation(f"only one player goes out in a hand, and player {out} "
                                    "already did", where, rule="one_goes_out")
            if melded[p] == 0:
                raise RuleViolation("a player cannot go out without melding or laying off a "
                                    "card", where, rule="going_out_meld")
            out = p
    return out


# -- the cards themselves -----------------------------------------------------------------------


def card_hand(table: Table, entries: list[Any]
              ) -> tuple[list[int], list[int], list[int], int | None]:
    """Meld, lay-off and hand points per player and who went out, from the cards entered."""
    n = len(entries)
    lists = ("melds", "layoffs", "hand")
    for i, entry in enumerate(entries):
        for key in lists:
            if not isinstance(entry.get(key, []), list):
                raise RuleViolation(f"{key} must be a list", f"players.{i}.{key}",
                                    rule="entry_form")
        for j, meld in enumerate(entry.get("melds", [])):
            if not isinstance(meld, list):
                raise RuleViolation("a meld is a list of cards", f"players.{i}.melds.{j}",
                                    rule="entry_form")
        for j, layoff in enumerate(entry.get("layoffs", [])):
            onto = layoff.get("onto") if isinstance(layoff, dict) else None
            if (not isinstance(layoff, dict) or set(layoff) != {"card", "onto"}
                    or not isinstance(onto, list) or len(onto) != 2
                    or any(isinstance(x, bool) or not isinstance(x, int) for x in onto)):
                raise RuleViolation('a lay-off is {"card": card, "onto": [player index, meld '
                                    'index]}', f"players.{i}.layoffs.{j}", rule="entry_form")
        went_out_flag(entry, f"players.{i}")

    deck = Deck(table)
    melds: list[list[list[Card]]] = []
    layoffs: list[list[tuple[Card, list[int]]]] = []
    hands: list[list[Card]] = []
    discards: list[Card | None] = []
    places: list[tuple[Card, str]] = []  # every card in reading order, player by player

    def read(text: object, field: str) -> Card:
        card = deck.card(text, field)
        places.append((card, field))
        return card

    for i, entry in enumerate(entries):
        melds.append([[read(c, f"players.{i}.melds.{j}.{k}") for k, c in enumerate(meld)]
                      for j, meld in enumerate(entry.get("melds", []))])
        layoffs.append([(read(lay["card"], f"players.{i}.layoffs.{j}.card"), lay["onto"])
                        for j, lay in enumerate(entry.get("layoffs", []))])
        hands.append([read(c, f"players.{i}.hand.{k}")
                      for k, c in enumerate(entry.get("hand", []))])
        discards.append(read(entry["discard"], f"players.{i}.discard") if "discard" in entry
                        else None)
    deck.count(places)

    low = ace_low_points(table)
    for i, player_melds in enumerate(melds):
        for j, meld in enumerate(player_melds):
            reading = read_meld(meld, low)
            if isinstance(reading, str):
                raise RuleViolation(f"{cards_text(meld)} is not a meld: {reading}",
                                    f"players.{i}.melds.{j}", rule="meld_invalid")
    extra: dict[tuple[int, int], list[tuple[int, Card]]] = {}
    for i, player_layoffs in enumerate(layoffs):
        for j, (card, (p, m)) in enumerate(player_layoffs):
            if not (0 <= p < n and 0 <= m < len(melds[p])):
                raise RuleViolation(f"there is no meld {m} of player {p} to lay off onto",
                                    f"players.{i}.layoffs.{j}.onto", rule="layoff_onto")
            extra.setdefault((p, m), []).append((i, card))

    melded, laid_off = [0] * n, [0] * n
    for i, player_melds in enumerate(melds):
        for j, meld in enumerate(player_melds):
            added = extra.get((i, j), [])
            whole = meld + [card for _, card in added]
            reading = read_meld(whole, low)
            if isinstance(reading, str):
                laid = ", ".join(str(card) for _, card in added)
                raise RuleViolation(f"with {laid} laid off onto it, {cards_text(meld)} is no "
                                    f"longer a meld: {reading}", f"players.{i}.melds.{j}",
                                    rule="meld_invalid")
            melded[i] += sum(reading.value(card, low) for card in meld)
            for who, card in added:
                laid_off[who] += reading.value(card, low)

    held = [sum(JOKER_POINTS if c.is_joker else VALUES[c.rank] for c in cards) for cards in hands]
    flags = [went_out_flag(entry, f"players.{i}") for i, entry in enumerate(entries)]
    out = going_out(flags, [not cards for cards in hands],
                    [melded[p] + laid_off[p] for p in range(n)])
    for i, discard in enumerate(discards):
        if discard is not None and i != out:
            raise RuleViolation("only the player who went out names a final discard",
                                f"players.{i}.discard", rule="discard_not_out")
    if out is not None and table.options["boathouse"] and discards[out] is None:
        raise RuleViolation("under the boathouse rule going out takes a final discard: name it "
                            "(discard)", f"players.{out}.discard", rule="boathouse_discard")
    return melded, laid_off, held, out


class Deck:
    """The cards in play under a game's options, and how many of each one hand may hold."""

    def __init__(self, table: Table) -> None:
        self.decks = decks_for(table)
        self.jokers = bool(table.options["jokers"])

    def card(self, text: object, field: str) -> Card:
        card = parse_card(text, field)
        if card.rank not in VALUES and not card.is_joker:
            raise RuleViolation(f"{card} is not in a Rummy 500 deck (ranks A K Q J 10 … 2)",
                                field, rule="card_not_in_deck")
        if card.is_joker and not self.jokers:
            raise RuleViolation("there are no jokers in this game (option jokers is off)", field,
                                rule="card_not_in_deck")
        return card

    def count(self, places: Sequence[tuple[Card, str]]) -> None:
        """No card more often than the decks hold: each card once a deck, two jokers a deck.
        `places` are the cards in reading order with their fields; the one too many is named."""
        seen: Counter[str] = Counter()
        jokers = 0
        for card, field in places:
            jokers += card.is_joker
            if card.code != "JK":  # JK is any joker; JKR and JKB are one of each per deck
                seen[card.code] += 1
            if seen[card.code] > self.decks:
                raise RuleViolation(f"{card} appears more often than {self.counted} holds",
                                    field, rule="card_repeated")
            if jokers > JOKERS_PER_DECK * self.decks:
                raise RuleViolation(f"there are only {JOKERS_PER_DECK * self.decks} jokers in "
                                    f"{self.counted}", field, rule="card_repeated")

    @property
    def counted(self) -> str:
        return "one deck" if self.decks == 1 else f"{self.decks} decks"


# -- melds --------------------------------------------------------------------------------------


def read_meld(cards: Sequence[Card], ace_low: int) -> Reading | str:
    """The meld's reading, or why the cards are not a meld."""
    if len(cards) < SET_SIZES[0]:
        return "a meld has at least 3 cards"
    naturals = [card for card in cards if not card.is_joker]
    if not naturals:
        return "a meld needs at least one card that is not a joker"
    ranks = {card.rank for card in naturals}
    suits = {card.suit for card in naturals}
    if len(ranks) == 1:
        if len(cards) in SET_SIZES and len(suits) == len(naturals):
            return Reading("set")
        if len(naturals) > 1:
            if len(suits) < len(naturals):
                return "a set has each suit at most once"
            return "a set has 3 or 4 cards"
    if len(suits) > 1:
        return "the cards are neither all of one rank (a set) nor all of one suit (a run)"
    if len(ranks) < len(naturals):
        return "a run has each rank once"
    if len(cards) > LONGEST_RUN:
        return "a run has at most 13 cards: the ace is high or low, never both"
    best: tuple[int, int] | None = None
    for low in range(1, ACE_HIGH - len(cards) + 2):
        reading = Reading("run", low)
        if fits(naturals, low, low + len(cards) - 1):
            points = sum(reading.value(card, ace_low) for card in cards)
            best = max(best or (points, low), (points, low))
    if best is None:
        if "A" in ranks:
            return ("the cards are not in sequence; the ace is high (Q-K-A) or low (A-2-3), "
                    "never both (K-A-2 is not a run)")
        return "the cards are not in sequence"
    return Reading("run", best[1])


def fits(naturals: Sequence[Card], low: int, high: int) -> bool:
    """Whether these cards of one suit, each rank once, all lie between places low and high."""
    for card in naturals:
        place = PLACE[card.rank]
        if card.rank == "A" and high == ACE_HIGH:
            place = ACE_HIGH
        if not low <= place <= high:
            return False
    return True


def cards_text(cards: Sequence[Card]) -> str:
    return " ".join(str(card) for card in cards)


def adjudicate_meld(table: Table, cards: object) -> MeldRuling:
    """Is this a meld, which kind, and what is it worth; 422 for cards no deal could hold."""
    if not isinstance(cards, list):
        raise RuleViolation("cards must be a list of cards", "cards", rule="entry_form")
    deck = Deck(table)
    meld = [deck.card(text, f"cards.{i}") for i, text in enumerate(cards)]
    deck.count([(card, f"cards.{i}") for i, card in enumerate(meld)])
    low = ace_low_points(table)
    reading = read_meld(meld, low)
    if isinstance(reading, str):
        return MeldRuling(False, None, 0, (f"{cards_text(meld)} is not a meld: {reading}.",))
    values = [reading.value(card, low) for card in meld]
    return MeldRuling(True, reading.kind, sum(values),
                      (describe(meld, reading),
                       f"Worth {sum(values)} points ({' + '.join(map(str, values))})."))


def describe(meld: Sequence[Card], reading: Reading) -> str:
    """'A set of three kings.', 'A run of hearts from the ace (low) to the three.'"""
    natural = next(card for card in meld if not card.is_joker)
    jokers = sum(card.is_joker for card in meld)
    if reading.kind == "set":
        text = f"A set of {len(meld)} {RANK_PLURALS[natural.rank]}"
        if jokers:
            text += f" ({jokers} joker{'s' if jokers > 1 else ''} standing in)"
        return text + "."
    assert natural.suit is not None
    ranks = [next(rank for rank, p in PLACE.items() if p == place) if place < ACE_HIGH else "A"
             for place in range(reading.low, reading.low + len(meld))]
    present = {card.rank for card in meld if not card.is_joker}
    shown = [rank if rank in present else f"{rank} (a joker)" for rank in ranks]
    ace = " The ace is low." if reading.low == 1 and "A" in present else ""
    return f"A run of {SUIT_NAMES[natural.suit]}: {', '.join(shown)}.{ace}"


def judge_meld(variant: Rummy, table: Table, body: Mapping[str, Any]) -> dict[str, Any]:
    """/adjudicate/meld: is it a meld, of which kind, and what is it worth."""
    ruling = adjudicate_meld(table, body["cards"])
    return {"valid": ruling.valid, "kind": ruling.kind, "points": ruling.points,
            "explanation": list(ruling.explanation)}


VARIANT = Rummy(referees={"meld": judge_meld})
