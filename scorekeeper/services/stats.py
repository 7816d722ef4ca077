"""A game's statistics: who won the hands, where the points came from, how the bids went.

Each hand is scored again by the rules from the state stored before it (scorekeeper.records, which
players' records share), so the statistics can never disagree with the score sheet and need no
storage of their own.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from scorekeeper.records import hand_winners, replay
from scorekeeper.rules.base import Contract, GameState
from scorekeeper.rules.registry import find_variant
from scorekeeper.rules.sentences import bid_name
from scorekeeper.services.games import list_hands, table_of


def game_stats(game_id: int) -> dict[str, Any]:
    game, hands = list_hands(game_id)
    variant = find_variant(game.variant)
    table = table_of(game)
    n = len(table.sides)
    hands_won = [0] * n
    tallies: list[Counter[str]] = [Counter() for _ in range(n)]
    bids: dict[int, list[Contract]] = {seat: [] for seat in range(table.seats)}
    for _hand, result in replay(variant, table, hands):
        for winner in hand_winners(table, result):
            hands_won[winner] += 1
        for counter, tally in zip(tallies, result.tally, strict=False):
            counter.update(tally)
        if result.contract is not None:  # the auction's winner's: a called partner bid nothing
            bids[result.contract.seat].append(result.contract)
    state = GameState.from_dict(hands[-1].state) if hands else variant.start(table)

    order = [bid.code for bid in variant.bids(game.options)]
    contract_game = bool(order)
    sides = []
    for s, side in enumerate(table.sides):
        seats = [seat for seat in range(table.seats) if table.side_of(seat) == s]
        own = {"hands_won": hands_won[s], **{key: tallies[s][key] for key in variant.statistics}}
        players = []
        for seat in seats:
            player: dict[str, Any] = {"name": table.player_at(seat), "seat": seat}
            if len(seats) == 1:
                player.update(own)
            if contract_game:
                player["bids"] = bid_record(bids[seat], order)
            players.append(player)
        entry: dict[str, Any] = {"side": s, "name": side.name, "score": state.scores[s], **own}
        if contract_game:
            entry["bids"] = bid_record([b for seat in seats for b in bids[seat]], order)
        entry["players"] = players
        sides.append(entry)
    return {"game_id": game.id, "variant": game.variant, "hands_played": len(hands),
            "sides": sides}


def bid_record(contracts: list[Contract], order: list[str]) -> dict[str, Any]:
    """Auctions won, contracts made and failed, slams, in all and bid by bid (in auction order),
    each bid with its name, kind and place on the level-and-suit table."""
    by_bid = []
    for code in sorted({c.bid for c in contracts},
                       key=lambda code: order.index(code) if code in order else len(order)):
        same = [c for c in contracts if c.bid == code]
        made = sum(c.made for c in same)
        by_bid.append({"bid": code, "name": bid_name(code), "kind": same[0].kind,
                       "level": same[0].level, "suit": same[0].suit, "won": len(same),
                       "made": made, "failed": len(same) - made})
    made_count = sum(c.made for c in contracts)
    return {"won": len(contracts), "made": made_count, "failed": len(contracts) - made_count,
            "slams": sum(c.slam for c in contracts), "by_bid": by_bid}
