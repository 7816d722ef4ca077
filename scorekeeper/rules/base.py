"""The shapes every variant shares: the table, the game's state, a hand's result, options, bids."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from scorekeeper.rules.errors import RuleViolation
from scorekeeper.rules.reasons import EndReason, Reason
from scorekeeper.rules.sentences import render_all

# A "table" option is a JSON object of numbers, e.g. a per-game value table.
OptionValue = bool | int | str | dict[str, Any] | None
# The largest size of any number a house rule takes (a target, points per trick, a table's
# value): far beyond play, well within what every store and client counts exactly.
MAX_OPTION_NUMBER = 1_000_000


@dataclass(frozen=True)
class OptionSpec:
    """One house rule: its key, type, default and the values it accepts (a whole number within
    ±MAX_OPTION_NUMBER whatever its own limits)."""

    name: str
    type: str  # "boolean", "integer", "string" or "table"
    default: OptionValue
    description: str
    choices: tuple[str, ...] | tuple[int, ...] | None = None
    nullable: bool = False
    minimum: int | None = None
    maximum: int | None = None
    # A "table" option's own check: returns the table as stored or raises RuleViolation.
    checker: Callable[[object, str], dict[str, Any]] | None = None
    label: str = ""  # its name as players say it at the table ("Out the back door at")
    # Each of `choices` in words, in the same order ("Deal again" for "redeal").
    choice_labels: tuple[str, ...] | None = None
    null_label: str | None = None  # what null (the rule switched off) means, in words
    # The value a game recorded before this option existed was played by, when that is not the
    # default (an export written then lacks the key): None when the default is that value.
    before: OptionValue | None = None

    def check(self, value: object) -> OptionValue:
        """Return the value if this option accepts it, else raise RuleViolation."""
        where = f"options.{self.name}"
        if value is None:
            if self.nullable:
                return None
            raise RuleViolation("option_value.null", where, option=self.name)
        if self.type == "boolean":
            if not isinstance(value, bool):
                raise RuleViolation("option_value.boolean", where, option=self.name)
            return value
        if self.type == "integer":
            if isinstance(value, bool) or not isinstance(value, int):
                raise RuleViolation("option_value.integer", where, option=self.name)
            least = -MAX_OPTION_NUMBER if self.minimum is None else self.minimum
            most = MAX_OPTION_NUMBER if self.maximum is None else self.maximum
            if value < least:
                raise RuleViolation("option_value.minimum", where, option=self.name,
                                    minimum=least)
            if value > most:
                raise RuleViolation("option_value.maximum", where, option=self.name,
                                    maximum=most)
            if self.choices is not None and value not in self.choices:
                raise RuleViolation("option_value.choices", where, option=self.name,
                                    choices=list(self.choices))
            return value
        if self.type == "table" and self.checker is not None:
            return self.checker(value, where)
        if not isinstance(value, str) or (self.choices is not None and value not in self.choices):
            raise RuleViolation("option_value.string", where, option=self.name,
                                choices=list(self.choices or ()))
        return value


@dataclass(frozen=True)
class Preset:
    """The house rules a common table plays by: the options it sets, as a game's `options` give
    them; every other option keeps the variant's default."""

    key: str
    name: str
    description: str
    options: Mapping[str, OptionValue]


def resolve_options(specs: tuple[OptionSpec, ...], given: Mapping[str, object],
                    fmt: str | None = None) -> dict[str, OptionValue]:
    """Fill in defaults and check every given option; unknown names are refused, as options of
    the variant or, when `fmt` names one, of that tournament format."""
    by_name = {spec.name: spec for spec in specs}
    for name in given:
        if name not in by_name:
            if fmt is None:
                raise RuleViolation("unknown_option", f"options.{name}", option=name)
            raise RuleViolation("unknown_option.format", f"options.{name}", option=name,
                                format=fmt)
    return {spec.name: spec.check(given.get(spec.name, spec.default)) for spec in specs}


def as_played(specs: tuple[OptionSpec, ...],
              options: Mapping[str, OptionValue]) -> Mapping[str, OptionValue]:
    """A game's options as it plays them: those it stored, and an option it stored none of (it
    was stored before the option existed) at the value it was played by: `before`, else the
    default, as for an export of that time."""
    if all(spec.name in options for spec in specs):
        return options
    return {**{spec.name: spec.default if spec.before is None else spec.before
               for spec in specs}, **options}


# The families of the 500 games: how a hand is played and entered.
FAMILIES = ("contract", "card_points", "rummy")
# The referee endpoints (/adjudicate/<name>), in the order a variant lists the ones it answers.
REFEREES = ("trick", "auction", "deal", "meld")


@dataclass(frozen=True)
class HandSize:
    """What one hand holds: the cards dealt to each player, and where the variant fixes them the
    tricks played or the card points to be won."""

    cards: int | None = None
    tricks: int | None = None
    points: int | None = None


@dataclass(frozen=True)
class BidSpec:
    """A bid as the variant lists it: its code, its name and what it is worth."""

    code: str
    name: str
    points: int
    option: str | None = None  # the option that enables it; None for the ordinary bids
    kind: str = "trumps"  # trumps (a trump or no-trump contract), misere or hilo
    tricks: int = 0  # the tricks a trumps bid must take; 0 for the others
    plays: str = "side"  # who plays it for the bidding side: its side (partners) or alone
    # Five-handed under partner_share "half": what the bidder and a called partner each score
    # when it is made with a partner (`points` is what a bidder alone scores); None elsewhere and
    # for bids always played alone.
    points_with_partner: int | None = None


@dataclass(frozen=True)
class Side:
    """A partnership (or a player alone) with its players in seat order."""

    name: str
    players: tuple[str, ...]


@dataclass(frozen=True)
class Table:
    """Who sits where and under which options: fixed for the whole game.

    Seat ``i`` belongs to side ``i % len(sides)`` and is that side's player ``i // len(sides)``.
    """

    sides: tuple[Side, ...]
    options: Mapping[str, OptionValue]
    first_dealer: int = 0

    @property
    def seats(self) -> int:
        return sum(len(side.players) for side in self.sides)

    def side_of(self, seat: int) -> int:
        return seat % len(self.sides)

    def player_at(self, seat: int) -> str:
        return self.sides[seat % len(self.sides)].players[seat // len(self.sides)]


# A referee: the variant, a table of anonymous seats under the request's options, and the request
# itself → the ruling as the API serves it. Raises RuleViolation for a situation that cannot be.
Judge = Callable[[Any, Table, Mapping[str, Any]], dict[str, Any]]


@dataclass(frozen=True)
class Outcome:
    """How a game ended, as one value (after python-chess's `Outcome`): why, and which side won."""

    end_reason: EndReason  # a code in reasons.END_REASONS
    winner: int | None  # the winning side; None for a game over without a winner


@dataclass(frozen=True)
class GameState:
    """Everything the next hand needs to know; stored after every hand so reads never replay."""

    scores: tuple[int, ...]
    dealer: int
    hands_played: int = 0
    outcome: Outcome | None = None  # None while the game is being played
    redeals: int = 0  # passed-out hands redealt in a row by the same dealer
    barred_seat: int | None = None  # a ralphed bidder, who may not win the next auction

    def to_dict(self) -> dict[str, Any]:
        """The stored form; it keeps the outcome as the three keys states have always had."""
        # Not asdict(): it deep-copies, and this runs on every hand written.
        outcome = self.outcome
        return {"scores": list(self.scores), "dealer": self.dealer,
                "hands_played": self.hands_played, "finished": outcome is not None,
                "winner": None if outcome is None else outcome.winner, "redeals": self.redeals,
                "barred_seat": self.barred_seat,
                "end_reason": None if outcome is None else outcome.end_reason}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameState:
        return cls(
            scores=tuple(data["scores"]),
            dealer=data["dealer"],
            hands_played=data.get("hands_played", 0),
            outcome=Outcome(data["end_reason"], data.get("winner"))
            if data.get("finished", False) else None,
            redeals=data.get("redeals", 0),
            barred_seat=data.get("barred_seat"),
        )


@dataclass(frozen=True)
class Contract:
    """The contract of a hand: who won the auction, with which bid, and whether it was made."""

    seat: int
    bid: str
    made: bool
    partner: int | None = None  # the partner the bidder called (five-handed game)
    kind: str = "trumps"  # the bid's kind: trumps (a trump or no-trump contract), misere or hilo
    # Where the bid sits on the level-and-suit table: its tricks and its trump suit (S, C, D, H)
    # or NT; None for a bid off that table (misère, hilo, J5).
    level: int | None = None
    suit: str | None = None
    slam: bool = False  # a trumps contract made with every trick of the hand

    @property
    def declarers(self) -> tuple[int, ...]:
        """The seats that played the contract: the bidder, and the partner if one was called."""
        return (self.seat,) if self.partner is None else (self.seat, self.partner)

    def declaring(self, seat: int) -> bool:
        return seat in self.declarers


@dataclass(frozen=True)
class HandResult:
    """What one hand did: points per side, why, and the state after it."""

    deltas: tuple[int, ...]
    reasons: tuple[Reason, ...]  # why, line by line, as codes: `explanation` is their sentences
    state: GameState
    # Per side, what the hand adds to the game's statistics ({"card_points": 68, ...}).
    tally: tuple[Mapping[str, int], ...] = ()
    contract: Contract | None = None

    @property
    def explanation(self) -> tuple[str, ...]:
        return render_all(self.reasons)


class Variant(Protocol):
    """A game of the 500 family. Each variant module exposes one as ``VARIANT``."""

    @property
    def key(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def description(self) -> str: ...
    @property
    def players(self) -> tuple[int, int]: ...
    @property
    def team_play(self) -> bool: ...
    @property
    def forms(self) -> tuple[tuple[int, int], ...]:
        """The tables it seats: (sides, players per side)."""
        ...
    @property
    def partner_forms(self) -> tuple[tuple[int, int], ...]:
        """The forms where the bidder calls a partner for each hand (five-handed 500)."""
        ...
    @property
    def family(self) -> str:
        """'contract' (bid tricks at auction), 'card_points' (Cinquecento) or 'rummy'."""
        ...
    @property
    def hand(self) -> HandSize: ...
    @property
    def hand_fields(self) -> tuple[str, ...]:
        """The fields a hand as entered may carry (POST /games/{id}/hands)."""
        ...
    @property
    def referees(self) -> Mapping[str, Judge]:
        """The /adjudicate endpoints this variant answers, each with its referee."""
        ...
    @property
    def option_specs(self) -> tuple[OptionSpec, ...]: ...
    @property
    def presets(self) -> tuple[Preset, ...]:
        """House rules of common tables, each a set of options this variant accepts."""
        ...
    @property
    def statistics(self) -> tuple[str, ...]:
        """The counts each hand's `tally` carries per side, for GET /games/{id}/stats."""
        ...

    def resolve_options(self, given: Mapping[str, object]) -> dict[str, OptionValue]:
        """Every option with its value for a new game; raises RuleViolation on a bad one."""
        ...

    def bids(self, options: Mapping[str, OptionValue] | None = None) -> tuple[BidSpec, ...]:
        """The bids this variant lists (all of them when options is None); empty if no auction."""
        ...

    def table_bids(self, table: Table) -> tuple[BidSpec, ...]:
        """The bids this table may win an auction with, under its options, in auction order."""
        ...

    def check_table(self, table: Table) -> None:
        """Raise RuleViolation when the sides do not form a table this variant can play."""
        ...

    def start(self, table: Table) -> GameState:
        """The state before the first hand."""
        ...

    def referee_table(self, options: Mapping[str, OptionValue], players: object = None,
                      sides: object = None) -> Table:
        """A table of anonymous seats for the referee; raises RuleViolation if it cannot be."""
        ...

    def score_hand(self, table: Table, state: GameState, hand: Mapping[str, Any]) -> HandResult:
        """Check one hand as entered at the table and score it; raises RuleViolation."""
        ...


class SeatedGame:
    """What every variant seated from its `forms` shares: the player counts, its options, the
    table check, the starting state, and the anonymous table the referee uses."""

    name: str
    forms: tuple[tuple[int, int], ...]  # (sides, players per side) this game can seat
    option_specs: tuple[OptionSpec, ...]
    presets: tuple[Preset, ...] = ()
    statistics: tuple[str, ...] = ()
    partner_forms: tuple[tuple[int, int], ...] = ()  # forms where a partner is called per hand

    @property
    def players(self) -> tuple[int, int]:
        counts = [sides * each for sides, each in self.forms]
        return min(counts), max(counts)

    def resolve_options(self, given: Mapping[str, object]) -> dict[str, OptionValue]:
        return resolve_options(self.option_specs, given)

    def check_table(self, table: Table) -> None:
        """The sides form one of the variant's tables, and the first dealer has a seat."""
        shape = (len(table.sides), len(table.sides[0].players) if table.sides else 0)
        if len({len(side.players) for side in table.sides}) != 1 or shape not in self.forms:
            raise RuleViolation("table_form", "sides", variant_name=self.name,
                                forms=[list(form) for form in self.forms])
        if not 0 <= table.first_dealer < table.seats:
            raise RuleViolation("seat_range.first_dealer", "first_dealer", last=table.seats - 1)

    def start(self, table: Table) -> GameState:
        return GameState(scores=(0,) * len(table.sides), dealer=table.first_dealer)

    def table_bids(self, table: Table) -> tuple[BidSpec, ...]:
        return ()  # no auction

    def referee_table(self, options: Mapping[str, OptionValue], players: object = None,
                      sides: object = None) -> Table:
        """A table of anonymous seats for the referee: `players` around it in `sides` sides
        (by default the usual form for that many players; 4 players if the game allows)."""
        counts = sorted({n * each for n, each in self.forms})
        players = (4 if 4 in counts else counts[0]) if players is None else players
        if isinstance(players, bool) or players not in counts:
            raise RuleViolation("table_form.players", "players", variant_name=self.name,
                                counts=counts)
        assert isinstance(players, int)
        forms = [n for n, each in self.forms if n * each == players]
        if sides is None:
            sides = forms[0]
        if isinstance(sides, bool) or sides not in forms:
            raise RuleViolation("table_form.sides", "sides", players=players,
                                variant_name=self.name, sides=forms)
        assert isinstance(sides, int)
        each = players // sides
        table = Table(sides=tuple(Side(f"side {n}", tuple(f"seat {n + sides * k}"
                                                          for k in range(each)))
                                  for n in range(sides)), options=options)
        self.check_table(table)
        return table


# Which way the deal passes, as a step in seat numbers (seats are numbered clockwise).
DEAL_TO_THE_LEFT = 1  # the next seat: the contract games and Rummy 500
DEAL_TO_THE_RIGHT = -1  # seat (d - 1) mod n: Cinquecento (seed 000)


def race_hand(table: Table, state: GameState, target: int, deltas: Sequence[int],
              lines: list[Reason], tally: tuple[Mapping[str, int], ...] = (),
              deal_passes: int = DEAL_TO_THE_LEFT) -> HandResult:
    """A hand of a race to the `target` option (Cinquecento, Rummy): add the deltas, see whether
    somebody won, and pass the deal one seat on, the way `deal_passes` says."""
    scores = tuple(s + d for s, d in zip(state.scores, deltas, strict=True))
    winner = winner_at_target(table, scores, target, lines)
    after = replace(state, scores=scores, dealer=(state.dealer + deal_passes) % table.seats,
                    hands_played=state.hands_played + 1,
                    outcome=None if winner is None else Outcome("target", winner))
    return HandResult(deltas=tuple(deltas), reasons=tuple(lines), state=after, tally=tally)


def winner_at_target(table: Table, scores: Sequence[int], target: int,
                     lines: list[Reason]) -> int | None:
    """The side at or above the target wins; the highest of several; a tie at the top plays on.
    Says so in `lines`."""
    over = [s for s, score in enumerate(scores) if score >= target]
    if not over:
        return None
    best = max(scores[s] for s in over)
    top = [s for s in over if scores[s] == best]
    if len(top) > 1:
        lines.append(Reason("level_at_target", {"sides": [table.sides[s].name for s in top],
                                                "score": best}))
        return None
    lines.append(Reason("reached_target", {"side": table.sides[top[0]].name, "target": target}))
    return top[0]
