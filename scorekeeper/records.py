"""A player's record from the hands (issue 29): what one seat did in one game, and the sum of many.

Pure: no Flask, no database. A game's hands are scored again by the rules from the state stored
before each (as its statistics page does), so a figure can never disagree with the score sheet.

`seat_figures` gives one seat's game: its facts and its figures, each figure a key naming what
the seat did and the hand numbers it did it in (a hand once per time: two melds in hand 3 are
`[3, 3]`), so every count links to the hands behind it. The keys, stable (docs/features.md):

    hands_won                 a hand this seat's side won outright (as GET /games/{id}/stats)
    bid, bid.made, bid.failed             auctions won as bidder, and how the contract went
    bid.<CODE>, bid.<CODE>.made|failed    the same by bid: its level and suit (7H, 6.3H, 8NT)
                                          or special bid (MIS, OMIS, BMIS, DNUL, PAT, HILO, 6J5)
    partner, partner.made, partner.failed, partner.<CODE>[.made|.failed]
                              a contract the seat's partner bid (partnerships) or called it to
                              (five-handed), by bid as above
    slam, partner.slam        a contract made with every trick, as bidder or as partner
    defended, set             a contract defended, and one the defence set (it failed)
    misere, misere.made, misere.failed                  a misère-family bid (not open), as bidder
    open_misere, open_misere.made, open_misere.failed   an open misère (OMIS, PAT), as bidder
    back_door                 the hand that sent the seat's side out the back door
    marianna, marianna.<suit>, marianna.trump   a Marianna the seat's side declared (Cinquecento)
    meld, layoff, went_out    a meld laid down, a card laid off, going out (Rummy 500, by cards;
                              hands counted at the table give `went_out` only)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from scorekeeper.rules.base import Contract, GameState, HandResult, Side, Table, Variant
from scorekeeper.rules.registry import find_variant

OPEN_MISERES = ("OMIS", "PAT")  # open misère, and patastrophe: open misère by both partners
MARIANNA_LINES = ("marianna", "marianna_trump")
RECENT = 10  # games in a record's `recent`
SHARED = 3  # shared games before a partner or opponent is listed


class StoredHand(Protocol):
    """A hand as stored: its number, what was entered and the state after it."""

    @property
    def number(self) -> int: ...
    @property
    def input(self) -> dict[str, Any]: ...
    @property
    def state(self) -> dict[str, Any]: ...


def table_of(sides: Sequence[Mapping[str, Any]], options: Mapping[str, Any],
             first_dealer: int) -> Table:
    return Table(sides=tuple(Side(s["name"], tuple(s["players"])) for s in sides),
                 options=options, first_dealer=first_dealer)


def replay(variant: Variant, table: Table,
           hands: Sequence[StoredHand]) -> Iterator[tuple[StoredHand, HandResult]]:
    """Each hand scored again from the state stored before it."""
    state = variant.start(table)
    for hand in hands:
        yield hand, variant.score_hand(table, state, hand.input)
        state = GameState.from_dict(hand.state)


def hand_winners(table: Table, result: HandResult) -> list[int]:
    """The sides that won a hand: the one at the top, or none when several are level, unless
    the level ones are the bidder and the partner called at five, who made it together."""
    best = max(result.deltas)
    top = [s for s, delta in enumerate(result.deltas) if delta == best]
    declaring = {table.side_of(seat) for seat in result.contract.declarers} if (
        result.contract is not None) else set()
    return top if len(top) == 1 or set(top) == declaring else []


@dataclass(frozen=True)
class GameFacts:
    """A game as its records read it: the table, each hand with its result, the state at the end."""

    variant: Variant
    table: Table
    hands: tuple[tuple[StoredHand, HandResult], ...]
    final: GameState


def game_facts(variant_key: str, table: Table, hands: Sequence[StoredHand]) -> GameFacts:
    variant = find_variant(variant_key)
    final = GameState.from_dict(hands[-1].state) if hands else variant.start(table)
    return GameFacts(variant, table, tuple(replay(variant, table, hands)), final)


def seat_figures(facts: GameFacts, seat: int) -> dict[str, Any]:
    """What one seat did in one game: the game's facts as they concern it, and its figures."""
    figures: dict[str, list[int]] = {}
    for hand, result in facts.hands:
        _merge(figures, hand_figures(facts.variant, facts.table, seat, hand, result))
    last = facts.hands[-1][0].number if facts.hands else 0
    return _seat_facts(facts.variant, facts.table, seat, facts.final, last, figures)


def after_hand(variant: Variant, table: Table, seat: int, before: Mapping[str, Any],
               hand: StoredHand, result: HandResult) -> dict[str, Any]:
    """A seat's figures with one more hand recorded: those stored before it and the new hand's
    own, without scoring the earlier hands again (equal to seat_figures of the whole game)."""
    figures = {key: list(numbers) for key, numbers in before.get("figures", {}).items()}
    _merge(figures, hand_figures(variant, table, seat, hand, result))
    return _seat_facts(variant, table, seat, result.state, hand.number, figures)


def _merge(figures: dict[str, list[int]], more: Mapping[str, list[int]]) -> None:
    for key, numbers in more.items():
        figures.setdefault(key, []).extend(numbers)


def hand_figures(variant: Variant, table: Table, seat: int, hand: StoredHand,
                 result: HandResult) -> dict[str, list[int]]:
    """The figures one hand gives one seat."""
    figures: dict[str, list[int]] = {}

    def add(key: str, number: int) -> None:
        figures.setdefault(key, []).append(number)

    side = table.side_of(seat)
    if side in hand_winners(table, result):
        add("hands_won", hand.number)
    if result.contract is not None:
        _contract(add, table, seat, hand.number, result.contract)
    if variant.family == "card_points":
        _mariannas(add, side, hand, result)
    elif variant.family == "rummy":
        _rummy(add, seat, hand, result)
    return figures


def _seat_facts(variant: Variant, table: Table, seat: int, final: GameState, last: int,
                figures: dict[str, list[int]]) -> dict[str, Any]:
    """The game's facts as they concern one seat, with its figures; `last`: the last hand."""
    side = table.side_of(seat)
    outcome = final.outcome
    if outcome is not None and outcome.end_reason == "back_door":
        lose_at = table.options.get("lose_at")
        if isinstance(lose_at, int) and final.scores[side] <= lose_at:
            figures["back_door"] = [last]
    return {
        "variant": variant.key, "family": variant.family, "side": side,
        "partners": [s for s in range(table.seats) if s != seat and table.side_of(s) == side],
        "opponents": [s for s in range(table.seats) if table.side_of(s) != side],
        "result": ("unfinished" if outcome is None
                   else "won" if outcome.winner == side else "lost"),
        "end_reason": None if outcome is None else outcome.end_reason,
        "score": final.scores[side], "hands": final.hands_played, "figures": figures}


Add = Callable[[str, int], None]


def _contract(add: Add, table: Table, seat: int, number: int, contract: Contract) -> None:
    said = "made" if contract.made else "failed"
    if seat == contract.seat:
        roles = ["bid"]
        if contract.kind == "misere":
            roles.append("open_misere" if contract.bid in OPEN_MISERES else "misere")
    elif contract.partner == seat or (contract.partner is None and
                                      table.side_of(seat) == table.side_of(contract.seat)):
        roles = ["partner"]
    else:
        add("defended", number)
        if not contract.made:
            add("set", number)
        return
    for role in roles:
        add(role, number)
        add(f"{role}.{said}", number)
    role = roles[0]
    add(f"{role}.{contract.bid}", number)
    add(f"{role}.{contract.bid}.{said}", number)
    if contract.made and contract.slam:
        add("slam" if role == "bid" else "partner.slam", number)


def _mariannas(add: Add, side: int, hand: StoredHand, result: HandResult) -> None:
    lines = [r for r in result.reasons if r.code in MARIANNA_LINES]
    for entry, line in zip(hand.input.get("mariannas", []), lines, strict=True):
        if entry["side"] == side:
            add("marianna", hand.number)
            add(f"marianna.{entry['suit']}", hand.number)
            if line.code == "marianna_trump":
                add("marianna.trump", hand.number)


def _rummy(add: Add, seat: int, hand: StoredHand, result: HandResult) -> None:
    entry = hand.input["players"][seat]
    for _meld in entry.get("melds", []):
        add("meld", hand.number)
    for _layoff in entry.get("layoffs", []):
        add("layoff", hand.number)
    if result.tally and result.tally[seat].get("went_out"):
        add("went_out", hand.number)


# -- a player's record: the sum of their seats --------------------------------------------------


@dataclass(frozen=True)
class SeatGame:
    """One game a player sat in: when, the seat's figures, and who sat the other seats."""

    game_id: int
    played_at: str  # ISO 8601, for ordering and showing
    seat: int
    figures: Mapping[str, Any]  # as seat_figures gave them
    others: Mapping[int, int | None]  # seat -> player id (None: a guest or unlinked name)


def _tally() -> dict[str, Any]:
    return {"games": 0, "won": 0, "lost": 0, "unfinished": 0}


def record(games: Sequence[SeatGame]) -> dict[str, Any]:
    """A player's record: totals and figures per variant family, the winning streaks (finished
    games only), recent games, and partners and opponents with at least SHARED games shared."""
    ordered = sorted(games, key=lambda g: (g.played_at, g.game_id))
    total = _tally()
    families: dict[str, dict[str, Any]] = {}
    counts: dict[str, Counter[str]] = {}
    people: dict[str, dict[int, dict[str, Any]]] = {"partners": {}, "opponents": {}}
    current = longest = 0
    for game in ordered:
        facts = game.figures
        result = facts["result"]
        family = facts["family"]
        for tally in (total, families.setdefault(family, _tally())):
            tally["games"] += 1
            tally[result] += 1
        counts.setdefault(family, Counter()).update(
            {key: len(hands) for key, hands in facts["figures"].items()})
        if result != "unfinished":
            current = current + 1 if result == "won" else 0
            longest = max(longest, current)
        for role in ("partners", "opponents"):
            for seat in facts[role]:
                player = game.others.get(seat)
                if player is not None:
                    tally = people[role].setdefault(player, {"player": player, **_tally()})
                    tally["games"] += 1
                    tally[result] += 1
    for family, tally in families.items():
        tally["figures"] = dict(sorted(counts[family].items()))
    return {
        **total, "families": families, "streaks": {"current": current, "longest": longest},
        "recent": [{"game": g.game_id, "played_at": g.played_at, "variant": g.figures["variant"],
                    "family": g.figures["family"], "result": g.figures["result"],
                    "end_reason": g.figures["end_reason"], "score": g.figures["score"]}
                   for g in reversed(ordered[-RECENT:])],
        **{role: sorted((t for t in found.values() if t["games"] >= SHARED),
                        key=lambda t: (-t["games"], t["player"]))
           for role, found in people.items()}}
