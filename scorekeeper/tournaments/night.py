"""A progressive night's seating history, standings and prizes, read from its rounds.

Each player adds up their partnership's score of every deal they play. A player who sits out a
round is credited the round's average: the scores of every player seated in it, added up and
divided by their number (rounded down), once every table of the round is complete; a player
absent from a round (arrived later, left earlier) gets nothing for it. The night ranks the
players by those points, then by the scores they played for (sit-out credit left out), then by
their draw number; players who left early come after everyone still in (docs/tournaments.md).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from scorekeeper.tournaments.model import Round
from scorekeeper.tournaments.progressive import Seating, Table

PRIZES = ("high", "second", "booby")


def seating_of(round_: Round) -> Seating:
    """The round as the movement seated it: its tables and who sat out."""
    return Seating(tuple(Table(m.table or 0, (m.teams[0], m.teams[1]), (m.teams[2], m.teams[3]))
                         for m in round_.matches if m.kind == "partnerships"),
                   tuple(m.teams[0] for m in round_.matches if m.kind == "bye"))


def rows(rounds: Iterable[Round], players: Iterable[int]) -> dict[int, list[int]]:
    """Per player: [deals played, won, lost, points, scored, against] (points: scored plus the
    sit-out credits)."""
    table = {p: [0, 0, 0, 0, 0, 0] for p in players}
    for round_ in rounds:
        seated: dict[int, int] = {}  # each seated player's score in this round
        for match in round_.matches:
            if match.kind != "partnerships":
                continue
            for side, players_ in enumerate(match.sides):
                for player in players_:
                    row = table[player]
                    seated[player] = 0
                    for report in match.results:
                        mine, theirs = report.scores[side], report.scores[1 - side]
                        row[0] += 1
                        row[1] += mine > theirs
                        row[2] += mine < theirs
                        row[4] += mine
                        row[5] += theirs
                        seated[player] += mine
        for player, score in seated.items():
            table[player][3] += score
        if round_.complete and seated:
            average = sum(seated.values()) // len(seated)
            for match in round_.matches:
                if match.kind == "bye":
                    table[match.teams[0]][3] += average
    return table


def prizes(placings: Sequence[tuple[int, int]],
           left: Callable[[int], bool]) -> list[tuple[str, int]]:
    """High (1st) and second, and the booby prize: the last placed of the players still in at
    the end (`left`: who left early), if that is neither of the others."""
    found = list(zip(PRIZES[:2], (player for _, player in placings), strict=False))
    stayed = [player for _, player in placings if not left(player)]
    if stayed and stayed[-1] not in {player for _, player in found}:
        found.append(("booby", stayed[-1]))
    return found
