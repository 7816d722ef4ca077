"""Trick adjudication for the contract games (Australian and Quebec 500): who wins a trick, and why.

The card order is RULES.md's ("Common to the trick-taking games", "Five-Hundred++ extensions",
"quebec-500"): the highest trump with value wins, else the highest card of the suit led, else the
highest anti-card. Every special card's place in a contract is worked out once, as data (`Roles`);
which jokers a game has and what its players call them and the petit bord or left bower come from
the variant (`Jokers`, declared in its module), so nothing here asks which game it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.rules.base import Table
from scorekeeper.rules.bids import Bid
from scorekeeper.rules.cards import RANKS, RED, SAME_COLOUR, SUITS, Card, Jokers, parse_card
from scorekeeper.rules.contract import ContractVariant
from scorekeeper.rules.errors import RuleViolation
from scorekeeper.rules.house import ContractOptions
from scorekeeper.rules.reasons import Reason
from scorekeeper.rules.sentences import render_all

# The anti-megatrump comes from the suit opposite the trumps: hearts/spades, diamonds/clubs.
OPPOSITE: dict[str, str] = {"H": "S", "S": "H", "D": "C", "C": "D"}
PLAIN_ORDER: tuple[str, ...] = RANKS  # A K Q J (13 12 11) 10 9 ... 2, highest first
# J5: each jack directly above the ace of its suit.
J5_ORDER: tuple[str, ...] = ("J", *(rank for rank in RANKS if rank != "J"))
PLAY_KEYS = ("seat", "card", "named_suit", "shown_void")


@dataclass(frozen=True)
class TrickRuling:
    """Who won a trick: the index of the winning play, its seat and card, and why (a reason
    per line of the explanation, rendered in rules/sentences.py)."""

    winner: int  # index into plays
    seat: int
    card: Card
    reasons: tuple[Reason, ...]

    @property
    def explanation(self) -> tuple[str, ...]:
        return render_all(self.reasons)


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

    def called(self, card: Card) -> str | dict[str, str]:
        """The card as a sentence's parameter: its code, or its name at this game's table."""
        return self.words.called(card)

    def as_led(self, card: Card) -> str | dict[str, str]:
        """A joker as it is said to be led: the anti-joker by its role, else by its name."""
        return {"code": card.code, "role": "anti_joker"} if card == self.anti_joker \
            else self.called(card)

    def suits_of(self, card: Card) -> tuple[str, ...]:
        """The suits a card belongs to for following: bowers are trumps, the anti-megatrump is
        both its suits, a joker is a trump (of no suit at no-trumps)."""
        if card == self.anti_megatrump and card.suit and self.trumps:
            return (card.suit, self.trumps)
        if card in self.trump_order or card.suit is None:
            return (self.trumps,) if self.trumps else ()
        return (card.suit,)


def card_roles(variant: ContractVariant, house: ContractOptions, bid: Bid,
               deck: frozenset[Card]) -> Roles:
    trumps = bid.trumps if bid.kind == "trumps" else None  # the misère family is at no-trumps
    jokers, anti_joker = variant.jokers.cards, None
    if house.second_joker:
        # The joker of the contract's colour is the joker; no-trumps counts as black.
        joker = Card("JKR") if trumps in RED else Card("JKB")
        anti_joker = Card("JKB") if joker == Card("JKR") else Card("JKR")
        jokers = (joker,)
    megatrump = anti_megatrump = None
    if trumps and house.megatrump:
        megatrump = Card(str(bid.tricks), trumps)
        megatrump = megatrump if megatrump in deck else None
    if megatrump and house.anti_megatrump:
        anti_megatrump = Card(str(bid.tricks), OPPOSITE[megatrump.suit or ""])
        anti_megatrump = anti_megatrump if anti_megatrump in deck else None
    return Roles(trumps, bid.jacks_high, jokers, anti_joker, megatrump, anti_megatrump,
                 variant.jokers)


def adjudicate_trick(variant: ContractVariant, table: Table, contract: object, plays: object,
                     led_before: object = None) -> TrickRuling:
    """Rule on one trick at this table: `plays` in play order, the lead first."""
    house = variant.house_rules(table.options)
    bid = variant.find_bid(contract, house, "contract")
    deck = variant.deck(house, table.seats)
    roles = card_roles(variant, house, bid, deck)
    earlier = read_suits(led_before)
    if earlier is None:
        raise RuleViolation("entry_form.led_before", "led_before")
    trick = read_plays(variant, house, table, bid, deck, plays)
    check_seat_order(table, bid, trick)
    led = check_lead(roles, trick, earlier)
    check_named_suits(roles, trick)
    check_revokes(roles, trick)
    return Ruling(roles, bid, trick, led).decide()


# -- reading the request -------------------------------------------------------------------------


def read_suits(value: object) -> frozenset[str] | None:
    """The suits listed (none when not given); None when `value` is not a list of suits."""
    if value is None:
        return frozenset()
    if not isinstance(value, list) or not all(read_suit(s) for s in value):
        return None
    return frozenset(read_suit(s) or "" for s in value)


def read_suit(value: object) -> str | None:
    suit = value.strip().upper() if isinstance(value, str) else None
    return suit if suit in SUITS else None


def read_plays(variant: ContractVariant, house: ContractOptions, table: Table, bid: Bid,
               deck: frozenset[Card], plays: object) -> list[Play]:
    if not isinstance(plays, list):
        raise RuleViolation("entry_form.trick_plays", "plays")
    expected = plays_in_trick(table, bid)
    if len(plays) != expected:
        out = table.seats - expected
        if out:
            raise RuleViolation("trick_size.alone", "plays", expected=expected, given=len(plays),
                                bid=bid.code, bid_name=bid.name, out=out)
        raise RuleViolation("trick_size", "plays", expected=expected, given=len(plays))
    trick: list[Play] = []
    for i, item in enumerate(plays):
        play = read_play(item, f"plays.{i}", table.seats)
        if any(other.seat == play.seat for other in trick):
            raise RuleViolation("seat_repeated", f"plays.{i}.seat", seat=play.seat)
        if play.card not in deck:
            not_in_deck(variant, house, table.seats, deck, play.card, f"plays.{i}.card")
        if any(other.card == play.card for other in trick):
            raise RuleViolation("card_repeated.trick", f"plays.{i}.card", card=play.card.code)
        trick.append(play)
    return trick


def read_play(item: object, where: str, seats: int) -> Play:
    if not isinstance(item, dict):
        raise RuleViolation("entry_form.trick_play", where)
    for key in item:
        if key not in PLAY_KEYS:
            raise RuleViolation("unknown_key.trick_play", f"{where}.{key}", key=key)
    seat = item.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
        raise RuleViolation("seat_range.play", f"{where}.seat", last=seats - 1)
    card = parse_card(item.get("card"), f"{where}.card")
    named = item.get("named_suit")
    if named is not None and read_suit(named) is None:
        raise RuleViolation("unknown_suit.named_suit", f"{where}.named_suit", suits=list(SUITS))
    void = read_suits(item.get("shown_void"))
    if void is None:
        raise RuleViolation("entry_form.shown_void", f"{where}.shown_void",
                            field=f"{where}.shown_void")
    return Play(seat, card, read_suit(named), void)


def plays_in_trick(table: Table, bid: Bid) -> int:
    """Everybody plays, except that a bidder playing alone has the partners sit out."""
    per_side = len(table.sides[0].players)
    return table.seats - (per_side - 1 if bid.plays == "alone" else 0)


def not_in_deck(variant: ContractVariant, house: ContractOptions, players: int,
                deck: frozenset[Card], card: Card, field: str) -> None:
    """Refuse a card this game's deck lacks, saying why it lacks it."""
    if house.second_joker and card.is_joker:
        raise RuleViolation("card_not_in_deck.second_joker", field, card=card.code)
    if card.is_joker:
        raise RuleViolation("card_not_in_deck.joker", field, card=card.code,
                            variant=variant.key, variant_name=variant.name,
                            jokers=[variant.jokers.called(joker) for joker in
                                    variant.jokers.cards])
    if house.second_joker and card == Card("4", "D"):
        raise RuleViolation("card_not_in_deck.replaced", field, card=card.code)
    raise RuleViolation("card_not_in_deck", field, card=card.code, variant=variant.key,
                        variant_name=variant.name, players=players, size=len(deck))


# -- checking the play ---------------------------------------------------------------------------


def check_seat_order(table: Table, bid: Bid, trick: Sequence[Play]) -> None:
    """Play goes clockwise (seat numbers rise by one, wrapping round), skipping the seats that
    sit out; those must all be partners of the one player of their side who plays."""
    played = {play.seat for play in trick}
    out = sorted(set(range(table.seats)) - played)
    if len({table.side_of(seat) for seat in out}) > 1:
        raise RuleViolation("sitting_out", "plays", bid=bid.code, bid_name=bid.name, seats=out)
    for i in range(1, len(trick)):
        after = trick[i - 1].seat
        following = (after + 1) % table.seats
        while following in out:
            following = (following + 1) % table.seats
        if trick[i].seat != following:
            raise RuleViolation("play_order", f"plays.{i}.seat", after=after, expected=following,
                                seat=trick[i].seat)


def check_lead(roles: Roles, trick: Sequence[Play], earlier: frozenset[str]) -> tuple[str, ...]:
    """The suit(s) led. A joker led leads trumps; at no-trumps it names the suit to follow, where
    the game says so (Australian 500) one not led before this hand."""
    lead = trick[0]
    if not lead.card.is_joker:
        return roles.suits_of(lead.card)
    what = roles.as_led(lead.card)
    if roles.trumps:
        if lead.named_suit not in (None, roles.trumps):
            raise RuleViolation("named_suit_trumps.led", "plays.0.named_suit", card=what,
                                trumps=roles.trumps, named=lead.named_suit)
        return (roles.trumps,)
    if lead.named_suit is None:
        raise RuleViolation("named_suit_missing", "plays.0.named_suit", card=what)
    if roles.words.names_a_new_suit and lead.named_suit in earlier:
        raise RuleViolation("named_suit_new", "plays.0.named_suit", card=what,
                            named=lead.named_suit)
    return (lead.named_suit,)


def check_named_suits(roles: Roles, trick: Sequence[Play]) -> None:
    """Only jokers are named; a joker in a suit contract is a trump whatever it is named."""
    for i, play in enumerate(trick):
        if play.named_suit is None:
            continue
        where = f"plays.{i}.named_suit"
        if not play.card.is_joker:
            raise RuleViolation("named_suit_joker", where, card=play.card.code)
        if (play.card in roles.jokers and roles.trumps
                and play.named_suit != roles.trumps):
            raise RuleViolation("named_suit_trumps", where, card=roles.called(play.card),
                                trumps=roles.trumps, named=play.named_suit)


def check_revokes(roles: Roles, trick: Sequence[Play]) -> None:
    """A card of a suit its player showed void in earlier proves a revoke (the anti-joker only
    loses its value)."""
    for i, play in enumerate(trick):
        if play.card == roles.anti_joker:
            continue
        void = [suit for suit in roles.suits_of(play.card) if suit in play.shown_void]
        if void:
            raise RuleViolation("revoke", f"plays.{i}.card", seat=play.seat, suit=void[0],
                                card=roles.called(play.card))


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
            why = self.suit_wins(card, self.led, None)
        elif antis:
            card = antis[0]
            why = Reason("trick_anti_card_wins", {"role": self.role(card) or "anti_joker",
                                                  "card": roles.called(card)})
        else:
            # Only an anti-joker without value was led and nobody followed its suit: it sets
            # no suit, so the first card with value after it does.
            first = next(c for c in self.cards[1:] if c.suit)
            suit = roles.suits_of(first)[0]
            card = min((c for c in self.cards[1:] if suit in roles.suits_of(c)),
                       key=self.plain_rank)
            why = self.suit_wins(card, (suit,), "trick_anti_joker_led_void")
        winner = self.cards.index(card)
        won = Reason("trick_won", {"seat": self.trick[winner].seat, "card": roles.called(card)})
        reasons = (self.contract_line(), *self.notes(card), why, won)
        return TrickRuling(winner, self.trick[winner].seat, card, reasons)

    # -- the reasons (their words are rules/sentences.py's) ------------------------------------

    def contract_line(self) -> Reason:
        roles, bid = self.roles, self.bid
        if roles.trumps:
            return Reason("trick_trumps", {"trumps": roles.trumps})
        jokers = [roles.words.called(joker) for joker in roles.words.cards]
        if roles.jacks_high:
            return Reason("trick_no_trumps_j5", {"bid": bid.code, "bid_name": bid.name,
                                                 "jokers": jokers})
        if bid.kind != "trumps":
            return Reason("trick_no_trumps_bid", {"bid": bid.code, "bid_name": bid.name,
                                                  "jokers": jokers})
        return Reason("trick_no_trumps", {"jokers": jokers})

    def notes(self, winner: Card) -> list[Reason]:
        """What the trick's special cards are, when that is not obvious."""
        roles, cards, lines = self.roles, self.cards, []
        if roles.anti_joker and {roles.anti_joker, roles.jokers[0]} & set(cards):
            lines.append(Reason("trick_second_joker", {
                "joker": roles.jokers[0].code, "anti_joker": roles.anti_joker.code,
                "trumps": roles.trumps}))
        lead = self.trick[0]
        if lead.card.is_joker and not roles.trumps:
            lines.append(Reason("trick_joker_led", {"card": roles.as_led(lead.card),
                                                    "suit": self.led[0]}))
        if roles.left_bower in cards and self.live(roles.left_bower) and winner != roles.left_bower:
            lines.append(Reason("trick_left_bower", {
                "card": roles.called(roles.left_bower), "role": roles.words.left_bower,
                "trumps": roles.trumps}))
        if roles.anti_megatrump in cards and self.live(roles.anti_megatrump) and (
                winner != roles.anti_megatrump):
            lines.append(Reason("trick_anti_megatrump", {
                "card": roles.called(roles.anti_megatrump),
                "suit": roles.anti_megatrump.suit or "S"}))
        if roles.anti_joker in cards and not self.anti_joker_live:
            play = next(p for p in self.trick if p.card == roles.anti_joker)
            lines.append(Reason("trick_anti_joker_void", {"seat": play.seat,
                                                          "suit": self.anti_joker_as or ""}))
        gone = [c for c in (*roles.jokers, roles.right_bower, roles.left_bower)
                if c in self.cancelled]
        if gone:
            words = [self.role(c) for c in gone]
            if len(gone) == 3 or gone == [roles.right_bower, roles.left_bower]:
                words = [*words[:-2], "bowers"]  # both bowers
            lines.append(Reason("trick_anti_joker_cancels", {"cancelled": words}))
        if roles.megatrump in self.cancelled:
            lines.append(Reason("trick_megatrumps_cancel"))
        return lines

    def role(self, card: Card) -> str:
        """What the card is in this contract, a code of sentences.WORDS["role"] ('' if nothing)."""
        roles = self.roles
        return ("megatrump" if card == roles.megatrump
                else "anti_megatrump" if card == roles.anti_megatrump
                else "joker" if card in roles.jokers
                else "right_bower" if card == roles.right_bower
                else roles.words.left_bower if card == roles.left_bower else "")

    def trump_wins(self, card: Card) -> Reason:
        roles, called = self.roles, self.roles.called(card)
        if card in roles.jokers and card.code in roles.words.wins:
            params: dict[str, object] = {"card": called}
            place = roles.words.cards.index(card)
            if place:
                params["after"] = roles.called(roles.words.cards[place - 1])
            return Reason(roles.words.wins[card.code], params)
        if card == roles.megatrump:
            return Reason("trick_megatrump_wins", {"card": called})
        if card in roles.jokers:
            return Reason("trick_joker_wins", {"card": called})
        if card == roles.left_bower:
            return Reason("trick_left_bower_wins", {"card": called, "role": self.role(card),
                                                    "trumps": roles.trumps})
        if self.role(card):
            return Reason("trick_role_wins", {"card": called, "role": self.role(card)})
        return Reason("trick_highest_trump", {"card": called})

    def suit_wins(self, card: Card, led: tuple[str, ...], code: str | None) -> Reason:
        suit = next(s for s in led if s in self.roles.suits_of(card))
        code = code or ("trick_suit_wins_no_value" if any(c in self.order for c in self.cards)
                        else "trick_suit_wins")
        return Reason(code, {"suit": suit, "card": self.roles.called(card)})
