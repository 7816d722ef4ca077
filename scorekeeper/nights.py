"""A club night (issue 30): its window in time, who won what, and the milestones it made.

Pure: no Flask, no database. A night is named by its date in the club's time zone and runs from
NIGHT_STARTS on that date to NIGHT_STARTS the next day, so a game finished at 1 a.m. belongs to
the evening it was played in. A milestone is a count the night made cross one of MILESTONES: a
player's first game, their 100th game won, their first open misère made.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

NIGHT_STARTS = time(6, 0)  # a club night ends, and the next day's begins, at 6 a.m.
MILESTONES = (1, 50, 100, 250, 500, 1000)
# What a milestone counts: finished games, games won, and these figures of scorekeeper.records
# (a hand once per time), each as the records name them.
COUNTED = ("games", "won", "slam", "open_misere.made", "misere.made")


def window(night: date, zone: ZoneInfo) -> tuple[datetime, datetime]:
    """The night of `night` in `zone`: [its start, the next night's start), in UTC."""
    start = datetime.combine(night, NIGHT_STARTS, tzinfo=zone)
    end = datetime.combine(night + timedelta(days=1), NIGHT_STARTS, tzinfo=zone)
    return start.astimezone(ZoneInfo("UTC")), end.astimezone(ZoneInfo("UTC"))


def night_of(moment: datetime, zone: ZoneInfo) -> date:
    """The night a moment belongs to in `zone` (before NIGHT_STARTS: the evening before)."""
    local = moment.astimezone(zone)
    return local.date() - timedelta(days=1) if local.time() < NIGHT_STARTS else local.date()


def counts(figures: Mapping[str, Any]) -> dict[str, int]:
    """What one finished seat adds to each COUNTED count (figures as records.seat_figures)."""
    hands = figures.get("figures", {})
    out = {"games": 1, "won": 1 if figures.get("result") == "won" else 0}
    for key in COUNTED[2:]:
        out[key] = len(hands.get(key, []))
    return out


@dataclass(frozen=True)
class Played:
    """A finished seat of a player: when its game finished, and its figures."""

    player: int
    game: int
    finished_at: datetime
    figures: Mapping[str, Any]


def milestones(seats: Iterable[Played], start: datetime, end: datetime) -> list[dict[str, Any]]:
    """Each (player, count, milestone) the night made cross: the count before the night below
    the milestone, after it at or above it. `seats`: every finished seat of the players, up to
    the night's end at least (later ones are left out). The game that crossed it is named, the
    players in id order, the counts in COUNTED order, the milestones rising."""
    before: dict[int, dict[str, int]] = {}
    tonight: dict[int, list[Played]] = {}
    for seat in seats:
        if seat.finished_at >= end:
            continue
        if seat.finished_at < start:
            tally = before.setdefault(seat.player, dict.fromkeys(COUNTED, 0))
            for key, n in counts(seat.figures).items():
                tally[key] += n
        else:
            tonight.setdefault(seat.player, []).append(seat)
    out: list[dict[str, Any]] = []
    for player in sorted(tonight):
        running = dict(before.get(player, dict.fromkeys(COUNTED, 0)))
        crossed: list[dict[str, Any]] = []
        for seat in sorted(tonight[player], key=lambda s: (s.finished_at, s.game)):
            for key, n in counts(seat.figures).items():
                for mark in MILESTONES:
                    if running[key] < mark <= running[key] + n:
                        crossed.append({"player": player, "figure": key, "count": mark,
                                        "game": seat.game})
                running[key] += n
        out += sorted(crossed, key=lambda m: (COUNTED.index(m["figure"]), m["count"]))
    return out


def wins(seats: Sequence[tuple[str, Mapping[str, Any]]]) -> list[dict[str, Any]]:
    """Each one's games and games won on the night, most wins first (then fewer games, then the
    key): `seats` as (who, figures), `who` a player's key or an unlinked name's."""
    tally: dict[str, dict[str, Any]] = {}
    for who, figures in seats:
        row = tally.setdefault(who, {"who": who, "games": 0, "won": 0})
        row["games"] += 1
        row["won"] += 1 if figures.get("result") == "won" else 0
    return sorted(tally.values(), key=lambda r: (-r["won"], r["games"], r["who"]))
