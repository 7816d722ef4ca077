"""A season's ladder (issue 30): from a season's counting rules and the club's finished results
in its window, each player's place, points and figures, the results that counted and those
dropped (with why), and who is not listed yet (with what they lack).

Pure: no Flask, no database. The counting rules, and why each is offered (docs/features.md):

    min_games, min_nights   listed only after that many games (eligible ones: after the guests
                            and variants rules) and club nights (days with an eligible result)
    best                    only the best N results count (null: all); the rest are dropped
                            ("best"), the lowest first, a later result before an earlier equal
    guests                  "count", or "exclude": a game where an unlinked name or a guest
                            player sat counts for nobody ("guests")
    points                  "wins": 1 a game won, 0 a game lost; "placing": a club night (a club
                            tournament finished in the window) gives placing_points[place - 1]
                            (0 below the table)
    variants                the variant keys counted (null: all); others are dropped ("variant")

The window holds a result whose day (UTC) is from `starts_on` to `ends_on`, both included. Same
points, same place (`tied`); a tie lists fewer eligible games first (the same points from fewer
games), then the player's id (who joined first). Deterministic: the same results in any order
give the same ladder.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any, Literal

Guests = Literal["count", "exclude"]
Points = Literal["wins", "placing"]
Reason = Literal["best", "guests", "variant"]

PLACING_POINTS = (10, 8, 6, 5, 4, 3, 2, 1)  # a progressive night's usual prize table, extended
DEFAULTS: dict[str, Any] = {"min_games": 1, "min_nights": 0, "best": None, "guests": "count",
                            "points": "wins", "placing_points": list(PLACING_POINTS)}


@dataclass(frozen=True)
class Rules:
    min_games: int = 1
    min_nights: int = 0
    best: int | None = None
    guests: Guests = "count"
    points: Points = "wins"
    placing_points: tuple[int, ...] = PLACING_POINTS
    variants: frozenset[str] | None = None  # None: every variant

    @classmethod
    def of(cls, counting: Mapping[str, Any], variants: Sequence[str] | None) -> Rules:
        """The rules as a season stores them: `counting` (DEFAULTS filled in) and its variants."""
        given = {**DEFAULTS, **counting}
        return cls(min_games=given["min_games"], min_nights=given["min_nights"],
                   best=given["best"], guests=given["guests"], points=given["points"],
                   placing_points=tuple(given["placing_points"]),
                   variants=None if variants is None else frozenset(variants))


@dataclass(frozen=True)
class Played:
    """One player's result: a finished club game (`game`) or a placing at a finished club night
    (`tournament`, `placing`, `games` its matches played)."""

    player: int
    at: datetime  # when the game or the night started (UTC): its day is its night
    variant: str
    guests: bool  # an unlinked name or a guest player sat at the game (or the night's table)
    game: int | None = None
    won: bool | None = None
    tournament: int | None = None
    placing: int | None = None
    games: int = 1

    @property
    def day(self) -> date:
        return self.at.date()

    def order(self) -> tuple[datetime, int, int]:
        return (self.at, self.game or 0, self.tournament or 0)


@dataclass
class Line:
    """A player's line: listed (place) or not yet (needs)."""

    player: int
    points: int = 0
    games: int = 0
    nights: int = 0
    counted: list[dict[str, Any]] = field(default_factory=list)
    dropped: list[dict[str, Any]] = field(default_factory=list)
    place: int = 0
    tied: bool = False
    needs: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Ladder:
    standings: list[Line]
    unlisted: list[Line]


def in_window(at: datetime, starts_on: date, ends_on: date) -> bool:
    return starts_on <= at.date() <= ends_on


def points_of(rules: Rules, played: Played) -> int:
    if rules.points == "wins":
        return 1 if played.won else 0
    assert played.placing is not None
    table = rules.placing_points
    return table[played.placing - 1] if 0 < played.placing <= len(table) else 0


def _result(played: Played, points: int, reason: Reason | None) -> dict[str, Any]:
    return {"game": played.game, "tournament": played.tournament,
            "date": played.day.isoformat(), "points": points, "won": played.won,
            "placing": played.placing, "reason": reason}


def _reason(rules: Rules, played: Played) -> Reason | None:
    """Why a result counts for nothing before best N is looked at, or None."""
    if rules.variants is not None and played.variant not in rules.variants:
        return "variant"
    if rules.guests == "exclude" and played.guests:
        return "guests"
    return None


def ladder(rules: Rules, starts_on: date, ends_on: date, results: Iterable[Played]) -> Ladder:
    """The season's ladder from the club's results: those outside the window, or of the other
    kind than the points counted (games for "wins", nights for "placing"), are ignored."""
    mine: dict[int, list[Played]] = {}
    for played in results:
        kind_ok = (played.game is not None) == (rules.points == "wins")
        if kind_ok and in_window(played.at, starts_on, ends_on):
            mine.setdefault(played.player, []).append(played)
    lines = [_line(rules, player, sorted(found, key=Played.order))
             for player, found in mine.items()]
    listed = [line for line in lines if not line.needs]
    listed.sort(key=lambda line: (-line.points, line.games, line.player))
    shared = Counter(line.points for line in listed)
    place = 0
    for i, line in enumerate(listed):
        if i == 0 or listed[i - 1].points != line.points:
            place = i + 1
        line.place, line.tied = place, shared[line.points] > 1
    unlisted = sorted((line for line in lines if line.needs),
                      key=lambda line: (-line.games, -line.nights, line.player))
    return Ladder(listed, unlisted)


def _line(rules: Rules, player: int, found: Sequence[Played]) -> Line:
    line = Line(player)
    eligible: list[tuple[Played, int]] = []
    dropped: list[tuple[Played, int, Reason]] = []
    for played in found:
        points = points_of(rules, played)
        reason = _reason(rules, played)
        if reason is None:
            eligible.append((played, points))
        else:
            dropped.append((played, points, reason))
    # The best N: highest points first, an earlier result before a later equal one.
    ranked = sorted(eligible, key=lambda pair: (-pair[1], pair[0].order()))
    best = ranked if rules.best is None else ranked[:rules.best]
    kept = {id(played) for played, _points in best}
    dropped += [(played, points, "best") for played, points in eligible
                if id(played) not in kept]
    line.counted = [_result(played, points, None) for played, points in eligible
                    if id(played) in kept]
    line.dropped = [_result(played, points, reason) for played, points, reason in
                    sorted(dropped, key=lambda d: d[0].order())]
    line.points = sum(points for _played, points in best)
    line.games = sum(played.games for played, _points in eligible)
    line.nights = len({played.day for played, _points in eligible})
    lacking = {"games": rules.min_games - line.games, "nights": rules.min_nights - line.nights}
    line.needs = {what: lack for what, lack in lacking.items() if lack > 0}
    return line
