"""A tournament in the shape a page draws: league rounds as tables of matches, the knockout as a
bracket with the rounds still to come left as empty slots."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scorekeeper.tournaments.build import (
    bracket_depth,
    knockout_name,
    knockout_size,
    losers_name,
    losers_positions,
    losers_rounds,
    losers_width,
)
from scorekeeper.tournaments.model import Match, Team, Tournament
from scorekeeper.tournaments.pairing import bracket_seeds, bracket_size


def bracket(fmt: str, teams: Sequence[Team], tournament: Tournament,
            options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """{"league": rounds of matches (qualifying, Swiss, tables, tie-breaks), "knockout": the
    (winners') bracket's rounds from the first to its final (empty for the league formats),
    "losers": a double elimination's losers' bracket, "final": its grand final (and reset),
    "third_place": a single elimination's match for third place (empty slots until the final
    is built, when `options` ask for one), or null}."""
    league = [{"number": r.number, "name": r.name, "kind": r.kind,
               "matches": [league_match(m, teams) for m in r.matches]}
              for r in tournament.rounds if r.kind in ("league", "tiebreak")]
    knockouts = ("quebec", "single_elimination", "double_elimination")
    ko = knockout(fmt, teams, tournament) if fmt in knockouts else []
    seed_of = {team: k + 1 for k, team in enumerate(tournament.order)}
    double = fmt == "double_elimination"
    finals = [m for r in tournament.rounds if r.kind == "final" for m in r.matches]
    if double and not finals:
        finals_view = [placed(None, teams, seed_of, None)]  # the grand final still to come
    else:
        finals_view = [placed(m, teams, seed_of, None) for m in finals]
    third = next((r.matches[0] for r in tournament.rounds if r.kind == "third_place"), None)
    third_view = None
    if third is not None or (fmt == "single_elimination" and len(teams) >= 4
                             and (options or {}).get("third_place")):
        third_view = placed(third, teams, seed_of, None)
    return {"format": fmt, "champion": tournament.champion, "league": league, "knockout": ko,
            "losers": losers(teams, tournament, seed_of) if double else [],
            "final": finals_view if double else [], "third_place": third_view}


def placed(match: Match | None, teams: Sequence[Team], seed_of: dict[int, int],
           goes: dict[str, int] | None) -> dict[str, Any]:
    """A bracket match in its place: its slots, or two empty ones while it is not built (or
    when nobody came to it)."""
    if match is not None and match.kind == "empty":
        return {"id": None, "kind": "empty", "status": "complete", "slots": [None, None],
                "winner": None, "next": goes}
    slots: list[dict[str, Any] | None] = [None, None]
    if match is not None:
        wins = match.wins
        slots = [{"team": t, "name": teams[t].name, "seed": seed_of.get(t),
                  "wins": wins[i] if match.kind != "bye" else None}
                 for i, t in enumerate(match.teams)]
        if match.kind == "bye":
            slots.append(None)
    return {"id": match.key if match else None, "kind": match.kind if match else "match",
            "status": match.status if match else "pending", "slots": slots,
            "winner": match.winner if match else None, "next": goes}


def losers(teams: Sequence[Team], tournament: Tournament, seed_of: dict[int, int]
           ) -> list[dict[str, Any]]:
    """The losers' bracket, every round from the first to its final; a place where nobody came
    (two byes above it) is an "empty" match; the rounds not built yet have empty slots. A
    minor (even) round's survivor comes into its slot 0, the team dropping in into slot 1."""
    size = 1 << bracket_depth(len(teams))
    last = losers_rounds(bracket_depth(len(teams)))
    built = [r for r in tournament.rounds if r.kind == "losers"]
    places = losers_positions(tournament.rounds)
    rounds = []
    for number in range(1, last + 1):
        matches = []
        for p in range(losers_width(size, number)):
            goes = (None if number == last else {"match": p, "slot": 0} if number % 2
                    else {"match": p // 2, "slot": p % 2})
            match = places[number - 1][p] if number <= len(places) else None
            if number <= len(places) and match is None:  # below two byes: nobody comes
                match = Match("", 0, "empty", (), 0, None)
            matches.append(placed(match, teams, seed_of, goes))
        rounds.append({"name": losers_name(number, last),
                       "number": built[number - 1].number if number <= len(built) else None,
                       "matches": matches})
    return rounds


def league_match(match: Match, teams: Sequence[Team]) -> dict[str, Any]:
    """Each team with its total (at a progressive table, its partnership's)."""
    totals = match.totals or (0,) * len(match.sides)
    return {"id": match.key, "kind": match.kind, "status": match.status,
            "teams": [{"team": t, "name": teams[t].name, "total": total}
                      for side, total in zip(match.sides, totals, strict=True) for t in side],
            "winner": match.winner}


def knockout(fmt: str, teams: Sequence[Team], tournament: Tournament) -> list[dict[str, Any]]:
    """Every knockout round from the first to the final; unbuilt rounds have empty slots."""
    field_ = len(tournament.order)  # the teams numbered: none withdrawn before the draw
    size = knockout_size(field_) if fmt == "quebec" else bracket_size(field_)
    built = [r for r in tournament.rounds if r.kind == "knockout"]
    seeds = bracket_seeds(size)
    seed_of: dict[int, int] = {}
    if fmt != "quebec":
        seed_of = {team: k + 1 for k, team in enumerate(tournament.order)}
    elif built:  # the knockout's seeds are the standings' places (a bye's other one is empty)
        for m, first in enumerate(built[0].matches):
            for i, team in enumerate(first.teams):
                seed_of[team] = seeds[2 * m + i]
    rounds = []
    width = size // 2
    number = 0
    while width >= 1:
        matches = []
        current = built[number].matches if number < len(built) else ()
        for j in range(width):
            match: Match | None = current[j] if j < len(current) else None
            view = placed(match, teams, seed_of,
                          {"match": j // 2, "slot": j % 2} if width > 1 else None)
            if match is None and number == 0:
                view["slots"] = [{"team": None, "name": None, "seed": s, "wins": None}
                                 for s in seeds[2 * j: 2 * j + 2]]
            matches.append(view)
        rounds.append({"name": knockout_name(fmt, 2 * width),
                       "number": built[number].number if number < len(built) else None,
                       "matches": matches})
        width //= 2
        number += 1
    return rounds
