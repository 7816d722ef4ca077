"""Trick adjudication for the contract games (Australian and Quebec 500): who wins a trick, and why.

The card order is RULES.md's ("Common to the trick-taking games", "Five-Hundred++ extensions",
"quebec-500"): the highest trump with value wins, else the highest card of the suit led, else the
highest anti-card. Every special card's place in a contract is worked out once, as data (`Roles`);
which jokers a game has and what its players call them and the petit bord or left bower come from
the variant (`Jokers`, declared in its module), so nothing here asks which game it is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from scorekeeper.rules.base import OptionValue, Table
from scorekeeper.rules.bids import Bid
from scorekeeper.rules.cards import (
    RANKS,
    RED,
    SAME_COLOUR,
    SUITS,
    Card,
    Jokers,
    capital,
    parse_card,
)
from scorekeeper.rules.contract import ContractVariant
from scorekeeper.rules.errors import RuleViolation
from scorekeeper.rules.sentences import SUIT_NAME, SUIT_NAMES, SUIT_SYMBOLS

# The anti-megatrump comes from the suit opposite the trumps: hearts/spades, diamonds/clubs.
OPPOSITE: dict[str, str] = {"H": "S", "S": "H", "D": "C", "C": "D"}
PLAIN_ORDER: tuple[str, ...] = RANKS  # A K Q J (13 12 11) 10 9 ... 2, highest first
# J5: each jack directly above the ace of its suit.
J5_ORDER: tuple[str, ...] = ("J", *(rank for rank in RANKS if rank != "J"))
PLAY_KEYS = ("seat", "card", "named_suit", "shown_void")


@dataclass(frozen=True)
class TrickRuling:
    """Who won a trick: the index of the winning play, its seat and card, and why."""

    winner: int  # index into plays
    seat: int
    card: Card
    explanation: tuple[str, ...]


@dataclass(frozen=True)
class Play:
    """One card as played: who played it, the suit named for a joker, the suits shown void."""

    seat: int
    card: Card
    named_suit: str | None = None
    shown_void: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Roles:
    """What the special cards are in one contract."""

    trumps: str | None  # None: no-trumps
    jacks_high: bool  # J5
    jokers: tuple[Card, ...]  # the joker(s) that rank as trumps, highest first
    anti_joker: Card | None
    megatrump: Card | None
    anti_megatrump: Card | None
    words: Jokers  # the game's jokers and trump cards in its own words

    @property
    def right_bower(self) -> Card | None:
        return Card("J", self.trumps) if self.trumps else None

    @property
    def left_bower(self) -> Card | None:
        return Card("J", SAME_COLOUR[self.trumps]) if self.trumps else None

    @property
    def trump_order(self) -> tuple[Card, ...]:
        """Every trump, highest first (the anti-megatrump sits where the megatrump would)."""
        if self.trumps is None or self.right_bower is None or self.left_bower is None:
            return self.jokers
        suit = [Card(rank, self.trumps) for rank in PLAIN_ORDER if rank != "J"]
        slot = [self.anti_megatrump] if self.anti_megatrump else []
        suit = [c for card in suit for c in (slot if card == self.megatrump else [card])]
        top = [self.megatrump] if self.megatrump else []
        return (*top, *self.jokers, self.right_bower, self.left_bower, *suit)

    def name(self, card: Card) -> str:
        return self.words.name(card)

    def suits_of(self, card: Card) -> tuple[str, ...]:
        """The suits a card belongs to for following: bowers are trumps, the anti-megatrump is
        both its suits, a joker is a trump (of no suit at no-trumps)."""
        if card == self.anti_megatrump and card.suit and self.trumps:
            return (card.suit, self.trumps)
        if card in self.trump_order or card.suit is None:
            return (self.trumps,) if self.trumps else ()
        return (card.suit,)


def card_roles(variant: ContractVariant, options: Mapping[str, OptionValue], bid: Bid,
               deck: frozenset[Card]) -> Roles:
    trumps = bid.trumps if bid.kind == "trumps" else None  # the misère family is at no-trumps
    jokers, anti_joker = variant.jokers.cards, None
    if options.get("second_joker"):
        # The joker of the contract's colour is the joker; no-trumps counts as black.
        joker = Card("JKR") if trumps in RED else Card("JKB")
        anti_joker = Card("JKB") if joker == Card("JKR") else Card("JKR")
        jokers = (joker,)
    megatrump = anti_megatrump = None
    if trumps and options.get("megatrump"):
        megatrump = Card(str(bid.tricks), trumps)
        megatrump = megatrump if megatrump in deck else None
    if megatrump and options.get("anti_megatrump"):
        anti_megatrump = Card(str(bid.tricks), OPPOSITE[megatrump.suit or ""])
        anti_megatrump = anti_megatrump if anti_megatrump in deck else None
    return Roles(trumps, bid.jacks_high, jokers, anti_joker, megatrump, anti_megatrump,
                 variant.jokers)


def adjudicate_trick(variant: ContractVariant, table: Table, contract: object, plays: object,
                     led_before: object = None) -> TrickRuling:
    """Rule on one trick at this table: `plays` in play order, the lead first."""
    options = table.options
    bid = variant.find_bid(contract, options, "contract")
    deck = variant.deck(options, table.seats)
    roles = card_roles(variant, options, bid, deck)
    earlier = read_suits(led_before, "led_before", "the suits led earlier this hand")
    trick = read_plays(variant, options, table, bid, deck, plays)
    check_seat_order(table, bid, trick)
    led = check_lead(roles, trick, earlier)
    check_named_suits(roles, trick)
    check_revokes(roles, trick)
    return Ruling(roles, bid, trick, led).decide()


# -- reading the request -------------------------------------------------------------------------


def read_suits(value: object, field: str, what: str) -> frozenset[str]:
    if value is None:
        return frozenset()
    if not isinstance(value, list) or not all(read_suit(s) for s in value):
        raise RuleViolation(f"{field} must list {what}, such as [\"H\", \"S\"]", field,
                            rule="entry_form")
    return frozenset(read_suit(s) or "" for s in value)


def read_suit(value: object) -> str | None:
    suit = value.strip().upper() if isinstance(value, str) else None
    return suit if suit in SUITS else None


def read_plays(variant: ContractVariant, options: Mapping[str, OptionValue], table: Table,
               bid: Bid, deck: frozenset[Card], plays: object) -> list[Play]:
    if not isinstance(plays, list):
        raise RuleViolation("plays must list the cards of the trick in the order they were "
                            "played, the lead first", "plays", rule="entry_form")
    expected = plays_in_trick(table, bid)
    if len(plays) != expected:
        out = table.seats - expected
        why = (f"in {bid.name} the bidder plays alone and {out} partner"
               f"{' sits' if out == 1 else 's sit'} out" if out else "everybody plays a card")
        raise RuleViolation(f"a trick here has {expected} plays ({why}), not {len(plays)}",
                            "plays", rule="trick_size")
    trick: list[Play] = []
    for i, item in enumerate(plays):
        play = read_play(item, f"plays.{i}", table.seats)
        if any(other.seat == play.seat for other in trick):
            raise RuleViolation(f"seat {play.seat} has already played to this trick",
                                f"plays.{i}.seat", rule="seat_repeated")
        if play.card not in deck:
            raise RuleViolation(not_in_deck(variant, options, table.seats, deck, play.card),
                                f"plays.{i}.card", rule="card_not_in_deck")
        if any(other.card == play.card for other in trick):
            raise RuleViolation(f"{shown(play.card)} has already been played to this trick",
                                f"plays.{i}.card", rule="card_repeated")
        trick.append(play)
    return trick


def read_play(item: object, where: str, seats: int) -> Play:
    if not isinstance(item, dict):
        raise RuleViolation('each play must be an object such as {"seat": 0, "card": "10H"}',
                            where, rule="entry_form")
    for key in item:
        if key not in PLAY_KEYS:
            raise RuleViolation(f"a play has a seat, a card and optionally named_suit and "
                                f"shown_void; {key!r} is not part of it", f"{where}.{key}",
                                rule="unknown_key")
    seat = item.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
        raise RuleViolation(f"seat must be a seat from 0 to {seats - 1}", f"{where}.seat",
                            rule="seat_range")
    card = parse_card(item.get("card"), f"{where}.card")
    named = item.get("named_suit")
    if named is not None and read_suit(named) is None:
        raise RuleViolation("named_suit must be one of S, C, D or H", f"{where}.named_suit",
                            rule="unknown_suit")
    void = read_suits(item.get("shown_void"), f"{where}.shown_void",
                      "the suits this player showed void in earlier")
    return Play(seat, card, read_suit(named), void)


def plays_in_trick(table: Table, bid: Bid) -> int:
    """Everybody plays, except that a bidder playing alone has the partners sit out."""
    per_side = len(table.sides[0].players)
    return table.seats - (per_side - 1 if bid.plays == "alone" else 0)


def shown(card: Card) -> str:
    """'the 4♦', 'JKR': a card as written on the table."""
    return card.code if card.suit is None else f"the {card.rank}{SUIT_SYMBOLS[card.suit]}"


def not_in_deck(variant: ContractVariant, options: Mapping[str, OptionValue], players: int,
                deck: frozenset[Card], card: Card) -> str:
    if options.get("second_joker") and card.is_joker:
        return "with the second joker the jokers are JKR and JKB, so there is no JK"
    if card.is_joker:
        return f"{variant.name} has {variant.jokers.written}, so there is no {card.code}"
    if options.get("second_joker") and card == Card("4", "D"):
        return "the 4♦ is not in this deck: the second joker replaces it"
    return (f"{shown(card)} is not in this deck: {variant.name} for {players} players uses "
            f"{len(deck)} cards")


# -- checking the play ---------------------------------------------------------------------------


def check_seat_order(table: Table, bid: Bid, trick: Sequence[Play]) -> None:
    """Play goes clockwise (seat numbers rise by one, wrapping round), skipping the seats that
    sit out; those must all be partners of the one player of their side who plays."""
    played = {play.seat for play in trick}
    out = sorted(set(range(table.seats)) - played)
    if len({table.side_of(seat) for seat in out}) > 1:
        seats = " and ".join([", ".join(str(seat) for seat in out[:-1]), str(out[-1])])
        raise RuleViolation(f"in {bid.name} only the bidder's partners sit out, but seats {seats} "
                            "are not partners", "plays", rule="sitting_out")
    for i in range(1, len(trick)):
        after = trick[i - 1].seat
        following = (after + 1) % table.seats
        while following in out:
            following = (following + 1) % table.seats
        if trick[i].seat != following:
            raise RuleViolation(f"play goes clockwise: after seat {after} comes seat "
                                f"{following}, not seat {trick[i].seat}", f"plays.{i}.seat",
                                rule="play_order")


def check_lead(roles: Roles, trick: Sequence[Play], earlier: frozenset[str]) -> tuple[str, ...]:
    """The suit(s) led. A joker led leads trumps; at no-trumps it names the suit to follow, where
    the game says so (Australian 500) one not led before this hand."""
    lead = trick[0]
    if not lead.card.is_joker:
        return roles.suits_of(lead.card)
    what = "the anti-joker" if lead.card == roles.anti_joker else roles.name(lead.card)
    if roles.trumps:
        if lead.named_suit not in (None, roles.trumps):
            raise RuleViolation(f"{what} led leads trumps, {SUIT_NAMES[roles.trumps]}; it cannot "
                                f"name {SUIT_NAMES[lead.named_suit or '']}", "plays.0.named_suit",
                                rule="named_suit_trumps")
        return (roles.trumps,)
    if lead.named_suit is None:
        raise RuleViolation(f"{what} led at no-trumps must name the suit the others follow "
                            "(named_suit)", "plays.0.named_suit", rule="named_suit_missing")
    if roles.words.names_a_new_suit and lead.named_suit in earlier:
        raise RuleViolation(f"{what} led must name a suit not yet led this hand, and "
                            f"{SUIT_NAMES[lead.named_suit]} have been led",
                            "plays.0.named_suit", rule="named_suit_new")
    return (lead.named_suit,)


def check_named_suits(roles: Roles, trick: Sequence[Play]) -> None:
    """Only jokers are named; a joker in a suit contract is a trump whatever it is named."""
    for i, play in enumerate(trick):
        if play.named_suit is None:
            continue
        where = f"plays.{i}.named_suit"
        if not play.card.is_joker:
            raise RuleViolation(f"only a joker is played as a named suit, not {shown(play.card)}",
                                where, rule="named_suit_joker")
        if (play.card in roles.jokers and roles.trumps
                and play.named_suit != roles.trumps):
            raise RuleViolation(f"{roles.name(play.card)} is a trump in "
                                f"{SUIT_NAMES[roles.trumps]}; it cannot be played as "
                                f"{SUIT_NAMES[play.named_suit]}", where, rule="named_suit_trumps")


def check_revokes(roles: Roles, trick: Sequence[Play]) -> None:
    """A card of a suit its player showed void in earlier proves a revoke (the anti-joker only
    loses its value)."""
    for i, play in enumerate(trick):
        if play.card == roles.anti_joker:
            continue
        void = [suit for suit in roles.suits_of(play.card) if suit in play.shown_void]
        if void:
            raise RuleViolation(f"seat {play.seat} showed void in {SUIT_NAMES[void[0]]} earlier, "
                                f"so playing {roles.name(play.card)}, which belongs to "
                                f"{SUIT_NAMES[void[0]]}, now is a revoke", f"plays.{i}.card",
                                rule="revoke")


# -- the ruling ----------------------------------------------------------------------------------


class Ruling:
    """One legal trick: which cards cancel, which has value, who wins, and the words for it."""

    def __init__(self, roles: Roles, bid: Bid, trick: Sequence[Play],
                 led: tuple[str, ...]) -> None:
        self.roles, self.bid, self.trick, self.led = roles, bid, trick, led
        self.cards = [play.card for play in trick]
        self.order = roles.trump_order
        self.anti_joker_as = self._anti_joker_as()
        # The anti-joker has value unless played as a suit its player showed void in.
        self.anti_joker_live = self.anti_joker_as is not None and all(
            self.anti_joker_as not in play.shown_void for play in trick
            if play.card == roles.anti_joker)
        self.cancelled = self._cancelled()

    def _anti_joker_as(self) -> str | None:
        """The suit the anti-joker is played as: its named suit, by default the suit led."""
        for i, play in enumerate(self.trick):
            if play.card == self.roles.anti_joker:
                if i == 0:
                    return self.led[0]
                return play.named_suit or next(
                    (suit for suit in self.led if suit not in play.shown_void), self.led[0])
        return None

    def _cancelled(self) -> frozenset[Card]:
        roles, cards, out = self.roles, set(self.cards), set[Card]()
        if self.anti_joker_live:
            bowers = (roles.right_bower, roles.left_bower) if roles.trumps else ()
            out |= cards & {card for card in (*roles.jokers, *bowers) if card}
        if roles.megatrump in cards and roles.anti_megatrump in cards:
            out |= {card for card in (roles.megatrump, roles.anti_megatrump) if card}
        return frozenset(out)

    def live(self, card: Card) -> bool:
        return card not in self.cancelled and card != self.roles.anti_joker

    def plain_rank(self, card: Card) -> int:
        return (J5_ORDER if self.roles.jacks_high else PLAIN_ORDER).index(card.rank)

    def decide(self) -> TrickRuling:
        roles = self.roles
        trumps = [c for c in self.cards if c in self.order and self.live(c)]
        on_suit = [c for c in self.cards if self.live(c) and c.suit
                   and set(roles.suits_of(c)) & set(self.led)]
        antis = [c for c in (roles.anti_megatrump, roles.anti_joker) if c in self.cards
                 and (c in self.cancelled if c == roles.anti_megatrump else self.anti_joker_live)]
        if trumps:
            card = min(trumps, key=self.order.index)
            why = self.trump_wins(card)
        elif on_suit:
            card = min(on_suit, key=self.plain_rank)
            why = self.suit_wins(card, self.led, "")
        elif antis:
            card = antis[0]
            why = (f"Nothing with value follows the suit led, so the highest anti-card wins: "
                   f"{self.anti_name(card)}.")
        else:
            # Only an anti-joker without value was led and nobody followed its suit: it sets
            # no suit, so the first card with value after it does.
            first = next(c for c in self.cards[1:] if c.suit)
            suit = roles.suits_of(first)[0]
            card = min((c for c in self.cards[1:] if suit in roles.suits_of(c)),
                       key=self.plain_rank)
            why = self.suit_wins(card, (suit,), "The anti-joker led has no value and nobody "
                                 "followed it, so the first card after it sets the suit, and ")
        winner = self.cards.index(card)
        lines = (self.contract_line(), *self.notes(card), why,
                 f"Seat {self.trick[winner].seat} wins the trick with {roles.name(card)}.")
        return TrickRuling(winner, self.trick[winner].seat, card, lines)

    # -- the words --------------------------------------------------------------------------------

    def contract_line(self) -> str:
        roles = self.roles
        if roles.trumps:
            return f"{capital(SUIT_NAMES[roles.trumps])} are trumps."
        only = roles.words.only_trumps
        if roles.jacks_high:
            return f"{self.bid.name} is played at no-trumps with each jack above its ace; {only}."
        if self.bid.kind != "trumps":
            return f"{self.bid.name} is played at no-trumps: {only}."
        return f"No trumps: {only}."

    def notes(self, winner: Card) -> list[str]:
        """What the trick's special cards are, when that is not obvious."""
        roles, cards, lines = self.roles, self.cards, []
        if roles.anti_joker and {roles.anti_joker, roles.jokers[0]} & set(cards):
            where = f"in {SUIT_NAMES[roles.trumps]}" if roles.trumps else "at no-trumps"
            joker, anti = roles.jokers[0], roles.anti_joker
            lines.append(f"{capital(joker.name)} is the joker {where}; {anti.name} is the "
                         "anti-joker.")
        lead = self.trick[0]
        if lead.card.is_joker and not roles.trumps:
            name = "the anti-joker" if lead.card == roles.anti_joker else roles.name(lead.card)
            lines.append(f"{capital(name)} is led naming {SUIT_NAMES[self.led[0]]}.")
        if roles.left_bower in cards and self.live(roles.left_bower) and winner != roles.left_bower:
            lines.append(f"{self.describe(roles.left_bower)}, a trump.")
        if roles.anti_megatrump in cards and self.live(roles.anti_megatrump) and (
                winner != roles.anti_megatrump):
            lines.append(f"{self.describe(roles.anti_megatrump)}: it is a trump and a "
                         f"{SUIT_NAME[roles.anti_megatrump.suit or 'S']}.")
        if roles.anti_joker in cards and not self.anti_joker_live:
            play = next(p for p in self.trick if p.card == roles.anti_joker)
            suit = self.anti_joker_as or ""
            lines.append(f"Seat {play.seat} showed void in {SUIT_NAMES[suit]} earlier, so the "
                         f"anti-joker, played as a {SUIT_NAME[suit]}, has no value.")
        gone = [c for c in (*roles.jokers, roles.right_bower, roles.left_bower)
                if c in self.cancelled]
        if gone:
            words = [self.role(c) for c in gone]
            if len(gone) == 3 or gone == [roles.right_bower, roles.left_bower]:
                words = [*words[:-2], "the bowers"]  # both bowers
            lines.append(f"The anti-joker cancels {' and '.join(words)}.")
        if roles.megatrump in self.cancelled:
            lines.append("The megatrump and the anti-megatrump cancel each other.")
        return lines

    def role(self, card: Card) -> str:
        roles = self.roles
        return ("the megatrump" if card == roles.megatrump
                else "the anti-megatrump" if card == roles.anti_megatrump
                else "the joker" if card in roles.jokers
                else "the right bower" if card == roles.right_bower
                else roles.words.left_bower if card == roles.left_bower else "")

    def describe(self, card: Card) -> str:
        """'The jack of diamonds is the left bower in hearts'."""
        role = self.role(card)
        if card == self.roles.left_bower and self.roles.trumps:
            role = f"{role} in {SUIT_NAMES[self.roles.trumps]}"
        return f"{capital(self.roles.name(card))} is {role}"

    def anti_name(self, card: Card) -> str:
        return f"{self.role(card) or 'the anti-joker'}, {self.roles.name(card)}"

    def trump_wins(self, card: Card) -> str:
        roles, name = self.roles, self.roles.name(card)
        if card in roles.jokers and card.code in roles.words.wins:
            return roles.words.wins[card.code]
        if card == roles.megatrump:
            return f"{self.describe(card)}, the highest trump."
        if card in roles.jokers:
            return f"{capital(name)} is the highest trump."
        if self.role(card):
            return f"{self.describe(card)}, the highest trump in the trick."
        return f"{capital(name)} is the highest trump in the trick."

    def suit_wins(self, card: Card, led: tuple[str, ...], start: str) -> str:
        suit = next(s for s in led if s in self.roles.suits_of(card))
        none = ("No trump with value was played" if any(c in self.order for c in self.cards)
                else "No trump was played")
        start = start or f"{none}, so "
        return f"{start}the highest {SUIT_NAME[suit]} wins: {self.roles.name(card)}."
