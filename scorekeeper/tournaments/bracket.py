"""A tournament in the shape a page draws: league rounds as tables of matches, the knockout as a
bracket with the rounds still to come left as empty slots."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scorekeeper.tournaments.build import knockout_size, round_name
from scorekeeper.tournaments.model import Match, Team, Tournament
from scorekeeper.tournaments.pairing import bracket_seeds, bracket_size


def bracket(fmt: str, teams: Sequence[Team], tournament: Tournament) -> dict[str, Any]:
    """{"league": rounds of matches (qualifying, Swiss, tables, tie-breaks), "knockout": the
    bracket's rounds from the first to the final (empty for the league formats)}."""
    league = [{"number": r.number, "name": r.name, "kind": r.kind,
               "matches": [league_match(m, teams) for m in r.matches]}
              for r in tournament.rounds if r.kind != "knockout"]
    ko = knockout(fmt, teams, tournament) if fmt in ("quebec", "single_elimination") else []
    return {"format": fmt, "champion": tournament.champion, "league": league, "knockout": ko}


def league_match(match: Match, teams: Sequence[Team]) -> dict[str, Any]:
    return {"id": match.key, "kind": match.kind, "status": match.status,
            "teams": [{"team": t, "name": teams[t].name, "total": total}
                      for t, total in zip(match.teams, match.totals or (0,) * len(match.teams),
                                          strict=True)],
            "winner": match.winner}


def knockout(fmt: str, teams: Sequence[Team], tournament: Tournament) -> list[dict[str, Any]]:
    """Every knockout round from the first to the final; unbuilt rounds have empty slots."""
    field_ = len(tournament.order)  # the teams numbered: none withdrawn before the draw
    size = knockout_size(field_) if fmt == "quebec" else bracket_size(field_)
    built = [r for r in tournament.rounds if r.kind == "knockout"]
    seeds = bracket_seeds(size)
    seed_of: dict[int, int] = {}
    if fmt == "single_elimination":
        seed_of = {team: k + 1 for k, team in enumerate(tournament.order)}
    elif built:
        for m, first in enumerate(built[0].matches):
            seed_of[first.teams[0]] = seeds[2 * m]
            seed_of[first.teams[1]] = seeds[2 * m + 1]
    rounds = []
    width = size // 2
    number = 0
    while width >= 1:
        matches = []
        current = built[number].matches if number < len(built) else ()
        for j in range(width):
            match: Match | None = current[j] if j < len(current) else None
            if match is not None:
                wins = match.wins
                slots: list[dict[str, Any] | None] = [
                    {"team": t, "name": teams[t].name, "seed": seed_of.get(t),
                     "wins": wins[i] if match.kind != "bye" else None}
                    for i, t in enumerate(match.teams)]
                if match.kind == "bye":
                    slots.append(None)
            elif number == 0:
                slots = [{"team": None, "name": None, "seed": s, "wins": None}
                         for s in seeds[2 * j: 2 * j + 2]]
            else:
                slots = [None, None]
            matches.append({
                "id": match.key if match else None, "kind": match.kind if match else "match",
                "status": match.status if match else "pending", "slots": slots,
                "winner": match.winner if match else None,
                "next": {"match": j // 2, "slot": j % 2} if width > 1 else None})
        rounds.append({"name": round_name(2 * width),
                       "number": built[number].number if number < len(built) else None,
                       "matches": matches})
        width //= 2
        number += 1
    return rounds
