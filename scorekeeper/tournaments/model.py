"""The values a tournament is made of: teams, reported games, matches, rounds, standings."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Team:
    name: str
    players: tuple[str, ...]
    status: str = "registered"  # "registered", "checked_in" or "withdrawn"
    joined: int | None = None  # a late entry after the draw: the first round it may play
    withdrawn: int | None = None  # the round in play when it withdrew; 0 before the draw

    def out_before(self, round_number: int) -> bool:
        """Withdrawn before round `round_number` was built: never paired or seated in it."""
        return self.withdrawn is not None and self.withdrawn < round_number


@dataclass(frozen=True)
class Report:
    """One game of a match as reported: scores in the match's team order, and the teams the match
    had when it was reported (a later rebuild that changes them makes the report stale)."""

    match: str
    number: int  # 1 for a match's first game
    scores: tuple[int, ...]
    teams: tuple[int, ...]
    game_id: int | None = None


@dataclass(frozen=True)
class Match:
    key: str  # "r2m3": the third match of the second round built; stable across rebuilds
    round: int
    # "match", "bye", "table" (Rummy), "tiebreak", "partnerships" (a progressive night's table:
    # four players, North-South then East-West, scored per partnership), or "empty": a knockout
    # place nobody came to (every team that would have withdrew), kept so the bracket's places
    # stay in order
    kind: str
    teams: tuple[int, ...]  # team indices, in the order scores are reported
    games: int  # the most games it can take
    first_to: int | None  # wins that end it early (knockouts), else every game is played
    results: tuple[Report, ...] = ()
    table: int | None = None  # where it is played: 1, 2, ... within its round; None for a bye
    # The teams that withdrew with the match still open: the games left go to the other team
    # (no card points), and at a table they are placed last.
    forfeit: tuple[int, ...] = ()
    # A table of a round played for a time, which the organizer closed: it takes no more games.
    closed: bool = False

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """Who each score of a report is for: a partnership each at a progressive table, else
        each team alone."""
        if self.kind == "partnerships":
            return self.teams[:2], self.teams[2:]
        return tuple((team,) for team in self.teams)

    @property
    def wins(self) -> tuple[int, ...]:
        """Games won by each team (two-team matches; a bye counts every game as won, unless its
        team withdrew). A forfeit gives the other team the games left, up to first_to."""
        if self.kind == "bye":
            return (0 if self.forfeit else self.games,)
        won = [0] * len(self.sides)
        for report in self.results:
            if len(self.sides) == 2:
                won[0 if report.scores[0] > report.scores[1] else 1] += 1
        if len(self.teams) == 2 and len(self.forfeit) == 1:
            other = 1 - self.teams.index(self.forfeit[0])
            left = self.games - len(self.results)
            if self.first_to is not None:
                left = min(left, self.first_to - won[other])
            won[other] += max(0, left)
        return tuple(won)

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(sum(r.scores[i] for r in self.results) for i in range(len(self.sides)))

    @property
    def complete(self) -> bool:
        if self.closed or self.kind in ("bye", "empty") or (self.forfeit and self.kind != "table"):
            return True
        if self.first_to is not None and max(self.wins) >= self.first_to:
            return True
        return len(self.results) >= self.games

    @property
    def status(self) -> str:
        return "complete" if self.complete else "playing" if self.results else "pending"

    @property
    def places(self) -> tuple[int, ...]:
        """Tables: per player, how many at the table finished strictly below them (a player
        who withdrew finishes below everyone still in)."""
        marks = [(team not in self.forfeit, total)
                 for team, total in zip(self.teams, self.totals, strict=True)]
        return tuple(sum(other < mine for other in marks) for mine in marks)

    @property
    def winner(self) -> int | None:
        """The team that won a complete match (None for a level league match or an open one)."""
        if not self.complete or self.kind == "empty":
            return None
        if self.kind == "bye":
            return self.teams[0]
        if self.kind == "partnerships":
            return None  # a progressive table counts deal scores, not a winner
        scores = self.places if self.kind == "table" else self.wins
        best = max(scores)
        if scores.count(best) != 1:
            return None
        return self.teams[scores.index(best)]

    @property
    def loser(self) -> int | None:
        """The other team of a complete two-team match once it has a winner (None for a bye)."""
        winner = self.winner
        if winner is None or len(self.teams) != 2:
            return None
        return self.teams[1 - self.teams.index(winner)]


@dataclass(frozen=True)
class Round:
    number: int
    name: str  # "Qualifying round", "Quarter-finals", "Round 3", "Tie-break", ...
    # "league", "knockout" (a winners' bracket), "losers" (a losers' bracket), "final" (a double
    # elimination's grand final and its reset), "third_place" or "tiebreak"
    kind: str
    matches: tuple[Match, ...]

    @property
    def complete(self) -> bool:
        return all(match.complete for match in self.matches)


@dataclass(frozen=True)
class Standing:
    rank: int
    team: int
    number: int  # drawn number (seed)
    played: int  # matches, with the byes that count as a match won (Quebec, Swiss)
    won: int  # games won (tables: place points)
    lost: int
    points: int
    scored: int
    against: int


@dataclass(frozen=True)
class Tournament:
    """Everything that follows from the teams, the draw, the advances and the reports."""

    order: tuple[int, ...]  # order[k]: the team that drew number k + 1
    rounds: tuple[Round, ...]
    standings: tuple[Standing, ...]
    status: str  # "playing" or "finished"
    champion: int | None
    can_advance: bool
    advances: int  # advances actually applied
    rounds_at_draw: int  # rounds built by the draw itself (every round of a round robin)
    stale: tuple[Report, ...]  # reports that no longer fit a match: to be reopened
    next_step: str  # what the organizer does next, in words
    # The teams still in that can still be champion: the desk keeps the last one from
    # withdrawing, so a tournament can always be finished.
    contenders: tuple[int, ...] = ()
    # Final places once it is finished, champion first: (place, team); teams the format leaves
    # level (a knockout round's losers) share a place.
    placings: tuple[tuple[int, int], ...] = ()
    # A progressive night's prizes once it is finished: ("high" | "second" | "booby", player).
    prizes: tuple[tuple[str, int], ...] = ()

    @property
    def round_in_play(self) -> int:
        """The lowest round not complete (the last one between rounds): a withdrawal's round."""
        return min((r.number for r in self.rounds if not r.complete), default=len(self.rounds))

    def match(self, key: str) -> Match | None:
        for round_ in self.rounds:
            for match in round_.matches:
                if match.key == key and match.kind != "empty":  # an empty place is no match
                    return match
        return None
