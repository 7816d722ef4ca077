"""A small driver for the tournament fold: it keeps what an organizer would store (the teams,
the options, the seed, the advances and the reported games) and rebuilds after every step.
Tests speak in draw numbers: `team(n)` is the team that drew number n."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.tournaments import Match, Report, Team, Tournament, build, check_tournament

VARIANT_OF = {"quebec": "quebec-500", "rummy_tables": "rummy-500"}
SIDE_SIZES = {"quebec-500": (2,), "rummy-500": (1,), "australian-500": (2, 1, 3)}


def make_teams(n: int, players: int = 2) -> list[Team]:
    return [Team(f"Team {i}", tuple(f"P{i}.{j}" for j in range(players))) for i in range(n)]


@dataclass
class Run:
    """One tournament as stored: rebuilt from scratch by `t` after every change."""

    fmt: str
    n: int
    given: Mapping[str, Any] = field(default_factory=dict)
    seed: int = 2024
    advances: int = 0
    reports: list[Report] = field(default_factory=list)

    def __post_init__(self) -> None:
        variant = VARIANT_OF.get(self.fmt, "quebec-500")
        players = 1 if self.fmt == "rummy_tables" else 2
        self.teams = make_teams(self.n, players)
        self.options = check_tournament(self.fmt, variant, SIDE_SIZES[variant], self.teams,
                                        self.given)

    @property
    def t(self) -> Tournament:
        return build(self.fmt, self.teams, self.options, self.seed, self.advances, self.reports)

    # -- numbers and teams ---------------------------------------------------------------------

    def team(self, number: int) -> int:
        return self.t.order[number - 1]

    def number(self, team: int) -> int:
        return self.t.order.index(team) + 1

    def numbers(self, teams: Sequence[int]) -> tuple[int, ...]:
        order = self.t.order
        return tuple(order.index(team) + 1 for team in teams)

    def match(self, key: str) -> Match:
        match = self.t.match(key)
        assert match is not None, key
        return match

    def pairs(self, round_number: int) -> list[tuple[int, ...]]:
        """The round's matches as tuples of draw numbers, in match order."""
        round_ = self.t.rounds[round_number - 1]
        return [self.numbers(m.teams) for m in round_.matches]

    # -- what the organizer does ---------------------------------------------------------------

    def report(self, key: str, scores: Mapping[int, int]) -> Report:
        """Report the next game of a match, with scores given by draw number."""
        match = self.match(key)
        ordered = tuple(scores[self.number(team)] for team in match.teams)
        report = Report(key, len(match.results) + 1, ordered, match.teams)
        self.reports.append(report)
        return report

    def advance(self) -> Tournament:
        before = self.t.advances
        self.advances += 1
        after = self.t
        assert after.advances == before + 1, "the advance was refused"
        return after


def rows(t: Tournament) -> list[tuple[int, ...]]:
    """The standings as (rank, number, played, won, lost, points, scored, against)."""
    return [(s.rank, s.number, s.played, s.won, s.lost, s.points, s.scored, s.against)
            for s in t.standings]


def ranked_numbers(t: Tournament) -> list[int]:
    return [s.number for s in t.standings]


def play_qualifying(run: Run) -> None:
    """Quebec qualifying, test_quebec's scheme: in match m (2m-1 v 2m) the lower number wins
    games 1, 2, 3 and 5 by (60 - m)-(20 + m) and loses game 4 by 10-40."""
    n = run.n
    for m in range(1, n // 2 + 1):
        low, high = 2 * m - 1, 2 * m
        for game in range(1, 6):
            if game == 4:
                run.report(f"r1m{m}", {low: 10, high: 40})
            else:
                run.report(f"r1m{m}", {low: 60 - m, high: 20 + m})


def qualify(run: Run, extra: Mapping[int, int] | None = None) -> None:
    """Quebec qualifying, test_tiebreaks' scheme: in match m the lower number wins 3-2, games
    (100-20) ×3, (20-60) and (20-(60 + extra[m])): the losers are level unless extra says."""
    extra = extra or {}
    for m in range(1, run.n // 2 + 1):
        low, high = 2 * m - 1, 2 * m
        for own, other in ((100, 20), (100, 20), (100, 20), (20, 60), (20, 60 + extra.get(m, 0))):
            run.report(f"r1m{m}", {low: own, high: other})
