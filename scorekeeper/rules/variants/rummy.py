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
from scorekeeper.rules.cards import Card, parse_card
from scorekeeper.rules.errors import RuleViolation
from scorekeeper.rules.house import RummyOptions
from scorekeeper.rules.reasons import Reason
from scorekeeper.rules.sentences import render_all

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
FULL_FORM = ("melds", "layoffs", "hand", "went_out", "discard")
QUICK_FORM = ("meld_points", "hand_points", "went_out")

# Seed 002; games and exports from before the option lacked it and let anyone lay off.
OWN_MELD = OptionSpec("layoff_needs_own_meld", "boolean", True,
                      "Laying off onto another player's meld needs a meld of one's own on the "
                      "table, put down earlier in the hand or in the same turn. Switched off, "
                      "anyone may lay off onto any meld.", label="Meld before laying off on others",
                      before=False)

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("target", "integer", 500, "Points a player needs to win the game.", minimum=1,
               maximum=MAX_OPTION_NUMBER,
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
    OWN_MELD,
)

# House rules of common tables, one tap on the start page (tests check each validates).
PRESETS: tuple[Preset, ...] = (
    Preset("classic", "Classic Rummy 500",
           "500 to win, no jokers, an ace worth 15 wherever it is, going out on a meld, laying "
           "off on others' melds only after a meld of one's own.",
           {"target": 500, "jokers": False, "ace_low_points": 15, "boathouse": False,
            "layoff_needs_own_meld": True}),
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
    reasons: tuple[Reason, ...]

    @property
    def explanation(self) -> tuple[str, ...]:
        """The ruling in words: one sentence per reason."""
        return render_all(self.reasons)


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
        decks = decks_for(table, house_rules(table.options))
        if decks * DECK_SIZE < table.seats * CARDS_PER_PLAYER:
            raise RuleViolation("option_for_table.rummy_decks", "options.decks",
                                cards=CARDS_PER_PLAYER, players=table.seats)

    def score_hand(self, table: Table, state: GameState, hand: Mapping[str, Any]) -> HandResult:
        unknown = sorted(set(hand) - set(self.hand_fields))
        if unknown:
            raise RuleViolation("unknown_key.rummy_hand", unknown[0], key=unknown[0],
                                variant_name=self.name)
        entries = hand.get("players")
        n = table.seats
        if not isinstance(entries, list) or len(entries) != n:
            raise RuleViolation("entry_form.rummy_players", "players", players=n)
        for i, entry in enumerate(entries):
            if not isinstance(entry, dict):
                raise RuleViolation("entry_form.rummy_player", f"players.{i}")
        quick = [is_quick(entry, f"players.{i}") for i, entry in enumerate(entries)]
        if any(q != quick[0] for q in quick):
            first = quick.index(not quick[0])
            raise RuleViolation("entry_mixed_ways", f"players.{first}")
        house = house_rules(table.options)
        if quick[0]:
            melded, held, out = counted_hand(table, house, entries)
            layoffs = [0] * n
        else:
            melded, layoffs, held, out = card_hand(table, house, entries)
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
        return race_hand(table, state, house.target, deltas, lines, tally)


def house_rules(options: Mapping[str, OptionValue]) -> RummyOptions:
    """A game's options, as the rules read them."""
    return RummyOptions.from_mapping(as_played(OPTIONS, options))


def decks_for(table: Table, house: RummyOptions) -> int:
    """The decks in play: as the option says, or one up to four players and two from five."""
    if house.decks is not None:
        return house.decks
    return 1 if table.seats <= 4 else 2


def is_quick(entry: Mapping[str, Any], where: str) -> bool:
    """Whether a player is entered as counted points (else as cards); refuses unknown keys."""
    for key in entry:
        if key not in FULL_FORM and key not in QUICK_FORM:
            raise RuleViolation("unknown_key.rummy_player", f"{where}.{key}", key=key)
    full = [k for k in entry if k in FULL_FORM and k != "went_out"]
    quick = [k for k in entry if k in QUICK_FORM and k != "went_out"]
    if full and quick:
        raise RuleViolation("entry_both_ways.rummy", where, cards=full[0], points=quick[0])
    return bool(quick)


def went_out_flag(entry: Mapping[str, Any], where: str) -> bool | None:
    flag = entry.get("went_out")
    if flag is not None and not isinstance(flag, bool):
        raise RuleViolation("entry_form.went_out", f"{where}.went_out")
    return flag


def went_out(players: Sequence[Mapping[str, Any]]) -> int | None:
    """Who went out of a hand the rules took: the one player left holding nothing, by cards or
    by counted points (None: the stock ran out first)."""
    empty = [p["hand_points"] == 0 if "hand_points" in p else not p.get("hand") for p in players]
    return empty.index(True) if True in empty else None


# -- counted points -----------------------------------------------------------------------------


def counted_hand(table: Table, house: RummyOptions,
                 entries: list[Any]) -> tuple[list[int], list[int], int | None]:
    """Meld points, hand points and who went out, for a hand counted at the table."""
    melded, held, flags = [], [], []
    for i, entry in enumerate(entries):
        where = f"players.{i}"
        for key in ("meld_points", "hand_points"):
            value = entry.get(key)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise RuleViolation("entry_form.rummy_points", f"{where}.{key}", key=key)
        flags.append(went_out_flag(entry, where))
        melded.append(entry["meld_points"])
        held.append(entry["hand_points"])
    out = going_out(table, flags, [h == 0 for h in held], melded)
    value = decks_for(table, house) * (DECK_VALUE + (JOKERS_PER_DECK * JOKER_POINTS
                                                     if house.jokers else 0))
    total = sum(melded) + sum(held)
    if total > value:
        raise RuleViolation("rummy_points_sum", "players", total=total, value=value)
    return melded, held, out


def going_out(table: Table, flags: Sequence[bool | None], empty: Sequence[bool],
              melded: Sequence[int]) -> int | None:
    """The one player who went out (None if the stock ran out first)."""
    out: int | None = None
    for p, (flag, no_cards) in enumerate(zip(flags, empty, strict=True)):
        where = f"players.{p}.went_out"
        if flag is True and not no_cards:
            raise RuleViolation("went_out_cards.cards_left", where)
        if flag is False and no_cards:
            raise RuleViolation("went_out_cards.no_cards", where)
        if no_cards:
            if out is not None:
                raise RuleViolation("one_goes_out", where, out=out,
                                    player=table.sides[out].name)
            if melded[p] == 0:
                raise RuleViolation("going_out_meld", where)
            out = p
    return out


# -- the cards themselves -----------------------------------------------------------------------


def card_hand(table: Table, house: RummyOptions, entries: list[Any]
              ) -> tuple[list[int], list[int], list[int], int | None]:
    """Meld, lay-off and hand points per player and who went out, from the cards entered."""
    n = len(entries)
    lists = ("melds", "layoffs", "hand")
    for i, entry in enumerate(entries):
        for key in lists:
            if not isinstance(entry.get(key, []), list):
                raise RuleViolation("entry_form.rummy_list", f"players.{i}.{key}", key=key)
        for j, meld in enumerate(entry.get("melds", [])):
            if not isinstance(meld, list):
                raise RuleViolation("entry_form.meld", f"players.{i}.melds.{j}")
        for j, layoff in enumerate(entry.get("layoffs", [])):
            onto = layoff.get("onto") if isinstance(layoff, dict) else None
            if (not isinstance(layoff, dict) or set(layoff) != {"card", "onto"}
                    or not isinstance(onto, list) or len(onto) != 2
                    or any(isinstance(x, bool) or not isinstance(x, int) for x in onto)):
                raise RuleViolation("entry_form.layoff", f"players.{i}.layoffs.{j}")
        went_out_flag(entry, f"players.{i}")

    deck = Deck(table, house)
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

    low = house.ace_low_points
    for i, player_melds in enumerate(melds):
        for j, meld in enumerate(player_melds):
            reading = read_meld(meld, low)
            if isinstance(reading, str):
                raise RuleViolation("meld_invalid", f"players.{i}.melds.{j}",
                                    cards=codes(meld), flaw=reading)
    extra: dict[tuple[int, int], list[tuple[int, Card]]] = {}
    for i, player_layoffs in enumerate(layoffs):
        for j, (card, (p, m)) in enumerate(player_layoffs):
            if not (0 <= p < n and 0 <= m < len(melds[p])):
                raise RuleViolation("layoff_onto", f"players.{i}.layoffs.{j}.onto", meld=m,
                                    player=p)
            extra.setdefault((p, m), []).append((i, card))

    melded, laid_off = [0] * n, [0] * n
    for i, player_melds in enumerate(melds):
        for j, meld in enumerate(player_melds):
            added = extra.get((i, j), [])
            whole = meld + [card for _, card in added]
            reading = read_meld(whole, low)
            if isinstance(reading, str):
                raise RuleViolation("meld_invalid.layoff", f"players.{i}.melds.{j}",
                                    laid=[card.code for _, card in added], cards=codes(meld),
                                    flaw=reading)
            melded[i] += sum(reading.value(card, low) for card in meld)
            for who, card in added:
                laid_off[who] += reading.value(card, low)
    # A game stored before the option existed plays by its value from before (base.as_played).
    if house.layoff_needs_own_meld:
        check_own_melds(table, melds, layoffs)

    held = [sum(JOKER_POINTS if c.is_joker else VALUES[c.rank] for c in cards) for cards in hands]
    flags = [went_out_flag(entry, f"players.{i}") for i, entry in enumerate(entries)]
    out = going_out(table, flags, [not cards for cards in hands],
                    [melded[p] + laid_off[p] for p in range(n)])
    for i, discard in enumerate(discards):
        if discard is not None and i != out:
            raise RuleViolation("discard_not_out", f"players.{i}.discard")
    if out is not None and house.boathouse and discards[out] is None:
        raise RuleViolation("boathouse_discard", f"players.{out}.discard")
    return melded, laid_off, held, out


def check_own_melds(table: Table, melds: Sequence[Sequence[object]],
                    layoffs: Sequence[Sequence[tuple[Card, list[int]]]]) -> None:
    """Seed 002: a lay-off onto another player's meld needs a meld of one's own on the table,
    from an earlier turn of this hand or the same turn. A hand is entered without its turns, and
    melds do not outlive their hand, so "a meld of one's own" is a meld in the player's own
    `melds` of this hand: whoever lays off onto another's meld melded something this hand. (A
    lay-off onto one's own meld always has one.)"""
    for i, player_layoffs in enumerate(layoffs):
        if melds[i]:
            continue
        for j, (_card, (p, _m)) in enumerate(player_layoffs):
            if p != i:
                raise RuleViolation("layoff_own_meld", f"players.{i}.layoffs.{j}",
                                    player=table.sides[i].name)


class Deck:
    """The cards in play under a game's options, and how many of each one hand may hold."""

    def __init__(self, table: Table, house: RummyOptions) -> None:
        self.decks = decks_for(table, house)
        self.jokers = house.jokers

    def card(self, text: object, field: str) -> Card:
        card = parse_card(text, field)
        if card.rank not in VALUES and not card.is_joker:
            raise RuleViolation("card_not_in_deck.rummy", field, card=card.code)
        if card.is_joker and not self.jokers:
            raise RuleViolation("card_not_in_deck.rummy_jokers", field)
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
                raise RuleViolation("card_repeated.rummy", field, card=card.code,
                                    decks=self.decks)
            if jokers > JOKERS_PER_DECK * self.decks:
                raise RuleViolation("card_repeated.rummy_jokers", field,
                                    jokers=JOKERS_PER_DECK * self.decks, decks=self.decks)


# -- melds --------------------------------------------------------------------------------------


def read_meld(cards: Sequence[Card], ace_low: int) -> Reading | str:
    """The meld's reading, or why the cards are not a meld (a key of sentences.WORDS["meld
    flaw"])."""
    if len(cards) < SET_SIZES[0]:
        return "too_few"
    naturals = [card for card in cards if not card.is_joker]
    if not naturals:
        return "only_jokers"
    ranks = {card.rank for card in naturals}
    suits = {card.suit for card in naturals}
    if len(ranks) == 1:
        if len(cards) in SET_SIZES and len(suits) == len(naturals):
            return Reading("set")
        if len(naturals) > 1:
            if len(suits) < len(naturals):
                return "set_suit_twice"
            return "set_size"
    if len(suits) > 1:
        return "mixed"
    if len(ranks) < len(naturals):
        return "run_rank_twice"
    if len(cards) > LONGEST_RUN:
        return "run_too_long"
    best: tuple[int, int] | None = None
    for low in range(1, ACE_HIGH - len(cards) + 2):
        reading = Reading("run", low)
        if fits(naturals, low, low + len(cards) - 1):
            points = sum(reading.value(card, ace_low) for card in cards)
            best = max(best or (points, low), (points, low))
    if best is None:
        return "ace_both_ends" if "A" in ranks else "not_in_sequence"
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


def codes(cards: Sequence[Card]) -> list[str]:
    return [card.code for card in cards]


def adjudicate_meld(table: Table, cards: object) -> MeldRuling:
    """Is this a meld, which kind, and what is it worth; 422 for cards no deal could hold."""
    if not isinstance(cards, list):
        raise RuleViolation("entry_form.meld_cards", "cards")
    house = house_rules(table.options)
    deck = Deck(table, house)
    meld = [deck.card(text, f"cards.{i}") for i, text in enumerate(cards)]
    deck.count([(card, f"cards.{i}") for i, card in enumerate(meld)])
    low = house.ace_low_points
    reading = read_meld(meld, low)
    if isinstance(reading, str):
        return MeldRuling(False, None, 0,
                          (Reason("not_a_meld", {"cards": codes(meld), "flaw": reading}),))
    values = [reading.value(card, low) for card in meld]
    return MeldRuling(True, reading.kind, sum(values),
                      (describe(meld, reading),
                       Reason("meld_worth", {"points": sum(values), "values": values})))


def describe(meld: Sequence[Card], reading: Reading) -> Reason:
    """What the meld is: a set of 3 kings (jokers standing in), a run of hearts from A to 3."""
    natural = next(card for card in meld if not card.is_joker)
    jokers = sum(card.is_joker for card in meld)
    if reading.kind == "set":
        if jokers:
            return Reason("meld_set_jokers", {"count": len(meld), "rank": natural.rank,
                                              "jokers": jokers})
        return Reason("meld_set", {"count": len(meld), "rank": natural.rank})
    assert natural.suit is not None
    ranks = [next(rank for rank, p in PLACE.items() if p == place) if place < ACE_HIGH else "A"
             for place in range(reading.low, reading.low + len(meld))]
    present = {card.rank for card in meld if not card.is_joker}
    places = [{"rank": rank, "joker": rank not in present} for rank in ranks]
    code = "meld_run_ace_low" if reading.low == 1 and "A" in present else "meld_run"
    return Reason(code, {"suit": natural.suit, "places": places})


def judge_meld(variant: Rummy, table: Table, body: Mapping[str, Any]) -> dict[str, Any]:
    """/adjudicate/meld: is it a meld, of which kind, and what is it worth."""
    ruling = adjudicate_meld(table, body["cards"])
    return {"valid": ruling.valid, "kind": ruling.kind, "points": ruling.points,
            "explanation": list(ruling.explanation),
            "reasons": [reason.to_dict() for reason in ruling.reasons]}


VARIANT = Rummy(referees={"meld": judge_meld})
