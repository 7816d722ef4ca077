"""The fold: from the teams, the draw, the number of advances and the reported games, every round,
match, standing and the champion (RULES.md, Tournament format; the choices in docs/decisions.md)."""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from scorekeeper.rules.errors import RuleViolation
from scorekeeper.rules.sentences import WORDS, said, said_n, word
from scorekeeper.tournaments import night
from scorekeeper.tournaments.model import Match, Report, Round, Standing, Team, Tournament
from scorekeeper.tournaments.options import TIMED_DEALS
from scorekeeper.tournaments.pairing import (
    bracket_seeds,
    bracket_size,
    circle_rounds,
    draw_order,
    draw_tables,
    swiss_pairs,
)
from scorekeeper.tournaments.progressive import seat_round

KNOCKOUT_NAMES = WORDS["knockout round"]
QUEBEC_KNOCKOUT_SIZES = (8, 4, 2)
KNOCKOUTS = ("single_elimination", "double_elimination")  # the formats that are brackets only


@dataclass
class Fold:
    """One pass over a tournament: rounds are added as the advances allow."""

    fmt: str
    teams: Sequence[Team]
    options: Mapping[str, Any]
    seed: int
    order: tuple[int, ...]  # the teams drawn, then the late entries in the order they came
    reports: dict[str, list[Report]]
    rounds: list[Round] = field(default_factory=list)
    stale: list[Report] = field(default_factory=list)
    closed: bool = False  # a league format whose last round was closed by an advance
    built: int = 0  # the rounds there were when the step now building (draw, advance) began
    exhausted: bool = False  # a Swiss that ran out of pairings without rematches
    # The rounds played for a time that the organizer closed (progressive nights)
    closed_rounds: frozenset[int] = frozenset()

    # -- building ------------------------------------------------------------------------------

    def add_round(self, name: str, kind: str, matches: Sequence[tuple[str, tuple[int, ...],
                                                                      int, int | None]]) -> None:
        """Add a round of (kind, teams, games, first_to) matches, with their reports."""
        number = len(self.rounds) + 1
        built = []
        tables = 0  # a bye takes no table: the others are numbered in the round's order
        for i, (match_kind, teams, games, first_to) in enumerate(matches, start=1):
            played = match_kind not in ("bye", "empty")
            tables += played
            match = self.with_reports(Match(f"r{number}m{i}", number, match_kind, teams, games,
                                            first_to, table=tables if played else None))
            if played and number in self.closed_rounds:  # closed after the deals it played
                match = replace(match, closed=True)
            # A team that withdrew in this round or before forfeits what is left of the match
            # (a bye counts for nothing, a table plays on without it); a match already decided
            # stands as played.
            forfeit = tuple(t for t in teams if self.teams[t].out_before(number + 1))
            # A progressive table plays on: a player leaves between rounds.
            if forfeit and match_kind != "partnerships" and (
                    match_kind in ("table", "bye") or not match.complete):
                match = replace(match, forfeit=forfeit)
            built.append(match)
        self.rounds.append(Round(number, name, kind, tuple(built)))

    def with_reports(self, match: Match) -> Match:
        """The match with the reports that fit it: its teams, numbered 1, 2, ... until complete;
        the rest are stale."""
        fitting: list[Report] = []
        for report in sorted(self.reports.pop(match.key, []), key=lambda r: r.number):
            current = replace(match, results=tuple(fitting))
            if (match.kind == "bye" or report.teams != match.teams or current.complete
                    or report.number != len(fitting) + 1):
                self.stale.append(report)
            else:
                fitting.append(report)
        return replace(match, results=tuple(fitting))

    def number(self, team: int) -> int:
        return self.order.index(team) + 1

    @property
    def drawn(self) -> tuple[int, ...]:
        """The teams in play at the draw, in their drawn order (no late entries)."""
        return tuple(t for t in self.order if self.teams[t].joined is None)

    def in_play(self, round_number: int) -> list[int]:
        """The teams a round built as number `round_number` pairs or seats, in drawn order:
        not withdrawn before it, and (late entries) joined by then."""
        return [t for t in self.order if not self.teams[t].out_before(round_number)
                and (self.teams[t].joined or 0) <= round_number]

    def gone(self, team: int | None) -> bool:
        """Withdrawn before the step now building began: placed in none of its rounds."""
        withdrawn = None if team is None else self.teams[team].withdrawn
        return withdrawn is not None and withdrawn <= self.built

    def pair(self, slots: Sequence[int | None], games: int
             ) -> tuple[str, tuple[int, ...], int, int | None]:
        """A knockout place: a match, a bye for the one team there, or empty (nobody came); a
        team that withdrew is never placed."""
        present = tuple(t for t in slots if t is not None and not self.gone(t))
        if len(present) == 2:
            return ("match", present, games, games // 2 + 1)
        return ("bye", present, 0, None) if present else ("empty", (), 0, None)

    def out(self, team: int, at: int | None) -> bool:
        """Ranked after every team still in: withdrawn before round `at` (None: at all)."""
        withdrawn = self.teams[team].withdrawn
        return withdrawn is not None and (at is None or withdrawn < at)

    def games(self, stage: str) -> int:
        value = self.options["games_per_match"]
        return int(value[stage]) if isinstance(value, dict) else int(value)

    # -- the rounds of each format -------------------------------------------------------------

    def first(self) -> None:
        fmt = self.fmt
        drawn = self.drawn
        if fmt == "quebec":
            games = self.games("qualifying")
            pairs: list[tuple[str, tuple[int, ...], int, int | None]] = [
                ("match", (drawn[i], drawn[i + 1]), games, None)
                for i in range(0, len(drawn) - 1, 2)]
            if len(drawn) % 2:
                pairs.append(("bye", (drawn[-1],), games, None))
            self.add_round(said("round", "Qualifying round"), "league", pairs)
        elif fmt in KNOCKOUTS:
            size = bracket_size(len(drawn))
            seeds = bracket_seeds(size)
            games = self.games("knockout")
            slots = [drawn[s - 1] if s <= len(drawn) else None for s in seeds]
            matches: list[tuple[str, tuple[int, ...], int, int | None]] = []
            for a, b in zip(slots[::2], slots[1::2], strict=True):
                if a is not None and b is not None:
                    matches.append(("match", (a, b), games, games // 2 + 1))
                else:
                    only = a if a is not None else b
                    assert only is not None
                    matches.append(("bye", (only,), 0, None))
            self.add_round(knockout_name(fmt, size), "knockout", matches)
        elif fmt == "round_robin":
            games = self.games("league")
            # A late entry to an odd field takes the empty seat from its first round on.
            late = [t for t in self.order if self.teams[t].joined is not None]
            for k, pairs_ in enumerate(circle_rounds(drawn), start=1):
                newcomer = next((t for t in late if (self.teams[t].joined or 0) <= k), None)
                self.add_round(said("round", "Round {n}").format(n=k), "league",
                               [("match", (a, b), games, None) if b is not None else
                                ("match", (a, newcomer), games, None) if newcomer is not None
                                else ("bye", (a,), 0, None) for a, b in pairs_])
        elif fmt == "swiss":
            self.swiss_round(self.in_play(1), set(), set())
        elif fmt == "progressive":
            self.progressive_round()
        else:
            self.table_round()

    def swiss_round(self, ranked: list[int], met: set[frozenset[int]],
                    had_bye: set[int]) -> bool:
        paired = swiss_pairs(ranked, met, had_bye)
        if paired is None:
            return False
        pairs, bye = paired
        games = self.games("league")
        matches: list[tuple[str, tuple[int, ...], int, int | None]] = [
            ("match", pair, games, None) for pair in pairs]
        if bye is not None:
            matches.append(("bye", (bye,), games, None))
        self.add_round(said("round", "Round {n}").format(n=len(self.league_rounds()) + 1),
                       "league", matches)
        return True

    def table_round(self) -> None:
        k = len(self.league_rounds()) + 1
        tables = draw_tables(self.in_play(len(self.rounds) + 1), int(self.options["table_size"]),
                             self.seed, k)
        self.add_round(said("round", "Round {n}").format(n=k), "league",
                       [("table", table, self.games("league"), None) for table in tables])

    def progressive_round(self) -> None:
        """Seat the players present, from the night so far: a table per four, sit-outs as
        byes."""
        history = [night.seating_of(r) for r in self.league_rounds()]
        seating = seat_round(self.in_play(len(self.rounds) + 1), history, self.seed)
        # A round played for a time: a table plays deals until the organizer closes the round.
        deals = (TIMED_DEALS if self.options.get("round_minutes")
                 else int(self.options["deals_per_round"]))
        self.add_round(said("round", "Round {n}").format(n=len(history) + 1), "league",
                       [*(("partnerships", t.players, deals, None) for t in seating.tables),
                        *(("bye", (p,), 0, None) for p in seating.sitting_out)])

    def advance(self) -> bool:
        """Close the current round and build the next; False if nothing can follow yet."""
        last = self.rounds[-1]
        if not all(r.complete for r in self.rounds) or self.finished():
            return False
        self.built = len(self.rounds)
        at = len(self.rounds) + 1  # the round about to be built
        line = self.line(at)
        if line is not None and last.kind != "knockout":
            _, level = self.ranking(line, at=at)
            if level:
                self.tiebreak_round(level)
                return True
        if self.fmt == "double_elimination":
            return self.double_advance()
        if self.fmt == "quebec" and last.kind != "knockout":
            self.quebec_knockout()
            return True
        if last.kind == "knockout":
            return self.next_knockout(last)
        if self.fmt == "swiss" and len(self.league_rounds()) < self.swiss_rounds():
            playing = self.in_play(at)
            ranked = [t for t in self.ranking(None, at=at)[0] if t in playing]
            met = {frozenset(m.teams) for r in self.league_rounds() for m in r.matches}
            had_bye = {m.teams[0] for r in self.league_rounds() for m in r.matches
                       if m.kind == "bye"}
            if self.swiss_round(ranked, met, had_bye):
                return True
            self.exhausted = True  # nobody left to pair without a rematch: the Swiss ends here
            return self.advance()
        if self.fmt == "rummy_tables" and len(self.league_rounds()) < int(self.options["rounds"]):
            self.table_round()
            return True
        if self.fmt == "progressive" and len(self.league_rounds()) < int(self.options["rounds"]):
            self.progressive_round()
            return True
        self.closed = True
        return True

    def quebec_knockout(self) -> None:
        """The top teams by standings; a place no team still in can take is a bye for its
        opponent."""
        size = knockout_size(len(self.order))
        at = len(self.rounds) + 1
        ranked = self.ranking(self.line(at), at=at)[0]
        games = self.games("knockout")
        seeds = bracket_seeds(size)
        self.add_round(round_name(size), "knockout",
                       [self.pair((ranked[a - 1], ranked[b - 1]), games)
                        for a, b in zip(seeds[::2], seeds[1::2], strict=True)])

    def next_knockout(self, last: Round) -> bool:
        """The next round of the bracket, False after its final. A winner that withdrew
        leaves its place to its next opponent (a bye)."""
        if len(last.matches) == 1:
            return False
        winners = [m.winner for m in last.matches]
        games = self.games("knockout")
        pairs = [self.pair((a, b), games)
                 for a, b in zip(winners[::2], winners[1::2], strict=True)]
        if len(pairs) == 1 and self.fmt == "single_elimination" and self.options.get(
                "third_place"):
            self.third_place_round(last)
        self.add_round(knockout_name(self.fmt, 2 * len(pairs)), "knockout", pairs)
        return True

    def third_place_round(self, semi_finals: Round) -> None:
        """The semi-finals' losers play for third place, in a round of its own built just before
        the final (three teams have one semi-final loser only: no match)."""
        losers = tuple(m.loser for m in semi_finals.matches
                       if m.loser is not None and not self.gone(m.loser))
        if len(losers) == 2:
            games = self.games("knockout")
            self.add_round(said("round", "Third place"), "third_place",
                           [("match", losers, games, games // 2 + 1)])

    # -- double elimination (docs/decisions.md, Tournaments: the losers' bracket) ---------------

    def of_kind(self, kind: str) -> list[Round]:
        return [r for r in self.rounds if r.kind == kind]

    def double_advance(self) -> bool:
        """Build every round whose matches are all decided: the winners' bracket's next round,
        the losers' bracket's next round, then the grand final and, if the losers' side won it,
        its reset. False when nothing is left to build."""
        depth = bracket_depth(len(self.order))
        winners, losers = self.of_kind("knockout"), self.of_kind("losers")
        if len(winners) < depth:
            self.next_knockout(winners[-1])
        following = len(losers) + 1
        if following <= losers_rounds(depth):
            # a minor round waits for the winners' round whose losers drop into it
            if following % 2 or len(winners) >= following // 2 + 1:
                self.losers_round(following, winners)
            return True
        finals = self.of_kind("final")
        games = self.games("knockout")
        if not finals:
            top = winners[-1].matches[0]
            bottom = losers[-1].matches[0].winner if losers else top.loser
            self.add_round(said("round", "Grand final"), "final",
                           [self.pair((top.winner, bottom), games)])
            return True
        first = finals[0].matches[0]
        if len(finals) > 1 or first.kind != "match":
            return False
        self.add_round(said("round", "Grand final reset"), "final",
                       [self.pair(first.teams, games)])
        return True

    def losers_round(self, number: int, winners: Sequence[Round]) -> None:
        """Losers' round `number`: the first pairs the winners' first round's losers; an even
        (minor) round sets the survivors against the losers of the next winners' round, crossed
        to the neighbouring place (place i takes the loser of winners' match i xor 1) so that a
        team dropping in meets nobody from its own part of the bracket; an odd (major) round
        pairs the survivors. Where only one team comes,
        it has a bye; where none, no match."""
        places = losers_positions(self.rounds)
        slots: list[tuple[int | None, int | None]]
        if number == 1:
            first = winners[0].matches
            dropped = [m.loser for m in first]
            # a place below two byes has no match at all (losers_positions knows it)
            slots = [(a, b) for k, (a, b) in enumerate(zip(dropped[::2], dropped[1::2],
                                                           strict=True))
                     if first[2 * k].kind != "bye" or first[2 * k + 1].kind != "bye"]
        else:
            survivors = [m.winner if m is not None else None for m in places[-1]]
            if number % 2 == 0:
                dropped = [m.loser for m in winners[number // 2].matches]
                cross = 1 if len(dropped) > 1 else 0
                slots = [(survivors[p], dropped[p ^ cross]) for p in range(len(dropped))]
            else:
                slots = list(zip(survivors[::2], survivors[1::2], strict=True))
        games = self.games("knockout")
        matches = [self.pair(slot, games) for slot in slots]
        self.add_round(losers_name(number, losers_rounds(bracket_depth(len(self.order)))),
                       "losers", matches)

    def lost(self, team: int) -> list[int]:
        """The rounds (numbers) in which a team lost a match."""
        return [r.number for r in self.rounds for m in r.matches if m.loser == team]

    def out_in(self, team: int) -> int | None:
        """Double elimination: the round a team went out in (its second loss; the grand final for
        a winners' champion beaten there without a reset), None while still in."""
        lost = self.lost(team)
        if len(lost) >= 2:
            return lost[1]
        if lost and self.champion() not in (None, team):
            return lost[-1]
        return None

    def elimination_key(self, team: int) -> tuple[int, int, int]:
        """Double elimination's order: the champion, the teams still in (fewest losses first),
        then the teams out, the latest out first; the draw number last."""
        if team == self.champion():
            return (0, 0, self.number(team))
        out = self.out_in(team)
        if out is None:
            return (1, len(self.lost(team)), self.number(team))
        return (2, -out, self.number(team))

    def tiebreak_round(self, level: Sequence[int]) -> None:
        if self.fmt == "rummy_tables":
            self.add_round(said("round", "Tie-break"), "tiebreak",
                           [("table", tuple(level), 1, None)])
            return
        self.add_round(said("round", "Tie-break"), "tiebreak",
                       [("tiebreak", (a, b), 1, None)
                        for i, a in enumerate(level) for b in level[i + 1:]])

    # -- where everyone stands -----------------------------------------------------------------

    def league_rounds(self) -> list[Round]:
        return [r for r in self.rounds if r.kind == "league"]

    def swiss_rounds(self) -> int:
        if self.exhausted:
            return len(self.league_rounds())
        wanted = self.options.get("rounds")
        return int(wanted) if isinstance(wanted, int) else max(
            1, math.ceil(math.log2(len(self.drawn))))

    def line(self, at: int | None = None) -> int | None:
        """How many teams must be told apart at the top: the knockout's places (Quebec) or the
        champion (the league formats), once the league is over; never more than the teams
        still in (before round `at`; None: at all), so no tie-break is ever among teams that
        left."""
        still_in = sum(not self.out(t, at) for t in self.order)
        if self.fmt == "quebec":
            return min(knockout_size(len(self.order)), still_in) or None
        if self.fmt in KNOCKOUTS or self.fmt == "progressive" or not still_in:
            return None  # a knockout, or a progressive night, has no tie-break round
        if self.fmt == "swiss" and len(self.league_rounds()) < self.swiss_rounds():
            return None
        if self.fmt == "rummy_tables" and len(self.league_rounds()) < int(self.options["rounds"]):
            return None
        return 1

    def standings(self, at: int | None = None) -> list[Standing]:
        """Every numbered team's row; withdrawn teams (before round `at`; None: all) last."""
        if self.fmt == "progressive":
            rows = night.rows(self.league_rounds(), self.order)
            return [Standing(rank, player, self.number(player), *rows[player])
                    for rank, player in enumerate(self.ranking(None, rows, at)[0], start=1)]
        rows = {t: [0, 0, 0, 0, 0, 0] for t in self.order}  # played won lost pts for ag
        per_game = int(self.options.get("points_per_game", 2))
        counted = (self.rounds if self.fmt in KNOCKOUTS else self.league_rounds())
        for round_ in counted:
            for match in round_.matches:
                if match.kind == "bye" and self.fmt in KNOCKOUTS:
                    continue  # a bye through a knockout round is no game won
                if match.kind == "bye":
                    if self.fmt == "round_robin" or match.forfeit:
                        continue  # sitting out a round robin round (or withdrawn) scores nothing
                    row = rows[match.teams[0]]
                    row[0] += 1
                    row[1] += match.games
                    row[3] += per_game * match.games
                    continue
                if not match.results and not match.forfeit:
                    continue
                totals = match.totals
                if match.kind == "table":
                    places = match.places
                    for i, team in enumerate(match.teams):
                        row = rows[team]
                        row[0] += 1
                        row[1] += places[i]
                        row[2] += len(match.teams) - 1 - places[i]
                        row[3] += places[i]
                        row[4] += totals[i]
                    continue
                wins = match.wins
                for i, team in enumerate(match.teams):
                    row = rows[team]
                    row[0] += 1
                    row[1] += wins[i]
                    row[2] += sum(wins) - wins[i]  # games played or forfeited, less those won
                    row[3] += per_game * wins[i]
                    row[4] += totals[i]
                    row[5] += totals[1 - i]
        if self.fmt == "single_elimination":
            third = self.third_place()
            ranked = sorted(rows, key=lambda t: (self.out(t, at), -self.reached(t),
                                                 third is not None and third.winner != t,
                                                 self.number(t)))
        elif self.fmt == "double_elimination":
            ranked = sorted(rows, key=lambda t: (self.out(t, at), *self.elimination_key(t)))
        else:
            ranked = self.ranking(self.line(at), rows, at)[0]
        return [Standing(rank, team, self.number(team), *rows[team])
                for rank, team in enumerate(ranked, start=1)]

    def third_place(self) -> Match | None:
        played = self.of_kind("third_place")
        return played[0].matches[0] if played else None

    def reached(self, team: int) -> int:
        """How far a team went in a knockout: the last round it played, one more for the
        champion."""
        last = max(r.number for r in self.rounds if any(team in m.teams for m in r.matches))
        return last + (self.champion() == team)

    def ranking(self, line: int | None, rows: dict[int, list[int]] | None = None,
                at: int | None = None) -> tuple[list[int], list[int]]:
        """Teams best first, and the level group still straddling `line` (empty if none).
        Level on points and points scored: tie-break rounds decide across the line, the draw
        number elsewhere. Teams withdrawn before round `at` (None: at all) come last."""
        if rows is None:
            return self.ranking(line, {s.team: [s.played, s.won, s.lost, s.points, s.scored,
                                                s.against] for s in self.standings(at)}, at)

        def level(t: int) -> tuple[bool, int, int]:
            return self.out(t, at), rows[t][3], rows[t][4]

        ranked = sorted(rows, key=lambda t: (self.out(t, at), -rows[t][3], -rows[t][4],
                                             self.number(t)))
        if line is None or line >= len(ranked):
            return ranked, []
        start = line - 1
        while start > 0 and level(ranked[start - 1]) == level(ranked[line - 1]):
            start -= 1
        end = line
        while end < len(ranked) and level(ranked[end]) == level(ranked[line - 1]):
            end += 1
        if end == line:  # nobody level across the line
            return ranked, []
        group = ranked[start:end]
        for round_ in self.rounds:
            if round_.kind != "tiebreak" or not round_.complete:
                continue
            members = sorted({t for m in round_.matches for t in m.teams})
            if members != sorted(group):
                continue
            group = self.settle(round_, group)
            spots = line - start
            mark = self.tiebreak_key(round_)
            lo = spots - 1
            while lo > 0 and mark(group[lo - 1]) == mark(group[spots - 1]):
                lo -= 1
            hi = spots
            while hi < len(group) and mark(group[hi]) == mark(group[spots - 1]):
                hi += 1
            ranked[start:end] = group
            if hi == spots:
                return ranked, []
            start, end, group = start + lo, start + hi, group[lo:hi]
        ranked[start:end] = group
        return ranked, group

    def tiebreak_key(self, round_: Round) -> Any:
        won: dict[int, int] = {}
        scored: dict[int, int] = {}
        for match in round_.matches:
            marks = match.places if match.kind == "table" else match.wins
            for i, team in enumerate(match.teams):
                won[team] = won.get(team, 0) + marks[i]
                scored[team] = scored.get(team, 0) + match.totals[i]
        return lambda t: (won.get(t, 0), scored.get(t, 0))

    def settle(self, round_: Round, group: list[int]) -> list[int]:
        mark = self.tiebreak_key(round_)
        return sorted(group, key=lambda t: (-mark(t)[0], -mark(t)[1], self.number(t)))

    def placings(self) -> list[tuple[int, int]]:
        """Final places, champion first, as far as the format decides: a knockout places its
        teams by the round they went out in (that round's losers share a place), then the teams
        that never reached it by the league's ranking; a league places by its ranking. None
        before the champion is known."""
        champion = self.champion()
        if champion is None:
            return []
        if self.fmt == "double_elimination":
            return self.double_placings()
        knockout = [r for r in self.rounds if r.kind == "knockout"]
        league = self.ranking(None)[0]
        if not knockout:
            return list(enumerate(league, start=1))
        # Withdrawn teams come after every team still in, each in a place of its own.
        went = {team: depth for depth, round_ in enumerate(knockout, start=1)
                for match in round_.matches for team in match.teams
                if not self.out(team, None)}
        if champion in went:
            went[champion] += 1
        ordered = sorted(went, key=lambda t: (-went[t], self.number(t)))
        first_at: dict[int, int] = {}
        for k, team in enumerate(ordered, start=1):
            first_at.setdefault(went[team], k)
        places = [(first_at[went[team]], team) for team in ordered]
        third = self.third_place()
        pair = [] if third is None else [t for t in (third.winner, third.loser)
                                          if t is not None and not self.out(t, None)]
        if third is not None and pair:  # its winner 3rd, its loser 4th, where both shared 3rd
            at = next(k for k, (_, team) in enumerate(places) if team in third.teams)
            others = [p for p in places if p[1] not in third.teams]
            places = [*others[:at], *((3 + k, team) for k, team in enumerate(pair)),
                      *others[at:]]
        rest = [team for team in league if team not in went]
        return places + list(enumerate(rest, start=len(places) + 1))

    def double_placings(self) -> list[tuple[int, int]]:
        """The champion, the grand final's loser, then the teams by the losers' round they went
        out in (sharing a place within one round), the draw number last."""
        ordered = sorted((t for t in self.order if not self.out(t, None)),
                         key=self.elimination_key)
        places: list[tuple[int, int]] = []
        for k, team in enumerate(ordered, start=1):
            if places and self.out_in(team) == self.out_in(ordered[k - 2]):
                places.append((places[-1][0], team))
            else:
                places.append((k, team))
        # Withdrawn teams come after every team still in, each in a place of its own.
        gone = sorted((t for t in self.order if self.out(t, None)), key=self.elimination_key)
        return places + list(enumerate(gone, start=len(places) + 1))

    def contenders(self) -> list[int]:
        """The teams not withdrawn that can still be champion: in a knockout, the last round's
        teams not beaten; in a double elimination, those not out; in a league, all."""
        still_in = [t for t in self.order if self.teams[t].withdrawn is None]
        if self.fmt == "double_elimination":
            return [t for t in still_in if self.out_in(t) is None]
        knockout = self.of_kind("knockout")
        if not knockout:
            return still_in
        alive = {t for m in knockout[-1].matches for t in m.teams if t != m.loser}
        return [t for t in still_in if t in alive]

    def finished(self) -> bool:
        return self.champion() is not None

    def champion(self) -> int | None:
        if self.fmt == "double_elimination":
            return self.double_champion()
        last = self.rounds[-1]
        if (last.kind == "knockout" and len(last.matches) == 1
                and all(r.complete for r in self.rounds)):  # the third place played too
            return last.matches[0].winner
        if self.closed:
            return self.ranking(1)[0][0]
        return None


    def double_champion(self) -> int | None:
        """The grand final's winner, unless the losers' side won it and a reset is to decide."""
        finals = self.of_kind("final")
        if not finals or not finals[-1].complete:
            return None
        first = finals[0].matches[0]
        if (len(finals) == 1 and first.kind == "match" and first.winner == first.teams[1]
                and self.options.get("grand_final_reset", True)):
            return None
        return finals[-1].matches[0].winner


def bracket_depth(teams: int) -> int:
    """The winners' bracket's rounds: 1 for 2 teams, 3 for 5 to 8."""
    return bracket_size(teams).bit_length() - 1


def losers_rounds(depth: int) -> int:
    """A losers' bracket has two rounds for every winners' round after the first."""
    return 2 * (depth - 1)


def losers_width(size: int, number: int) -> int:
    """Matches in losers' round `number` of a bracket of `size`: a quarter of the teams in the
    first two, halving every two rounds."""
    return size >> ((number + 1) // 2 + 1)


def losers_positions(rounds: Sequence[Round]) -> list[list[Match | None]]:
    """The losers' rounds built, each match in its place (None where nobody came: two byes of
    the winners' first round meet no one). Only the first losers' round can have such places."""
    losers = [r for r in rounds if r.kind == "losers"]
    if not losers:
        return []
    first = next(r for r in rounds if r.kind == "knockout").matches
    matches = iter(losers[0].matches)
    placed: list[list[Match | None]] = [
        [next(matches) if first[2 * p].kind != "bye" or first[2 * p + 1].kind != "bye" else None
         for p in range(len(first) // 2)]]
    placed.extend(list(r.matches) for r in losers[1:])
    return placed


def knockout_name(fmt: str, teams: int) -> str:
    """A winners' bracket's last round is its final, not the tournament's."""
    if fmt == "double_elimination" and teams == 2:
        return said("round", "Winners' final")
    return round_name(teams)


def losers_name(number: int, last: int) -> str:
    if number == last:
        return said("round", "Losers' final")
    return said("round", "Losers' round {n}").format(n=number)


def knockout_size(teams: int) -> int:
    return next((k for k in QUEBEC_KNOCKOUT_SIZES if teams >= k), 2)


def round_name(teams: int) -> str:
    if str(teams) in KNOCKOUT_NAMES:
        return word("knockout round", str(teams))
    return said("round", "Round of {teams}").format(teams=teams)


def build(fmt: str, teams: Sequence[Team], options: Mapping[str, Any], seed: int,
          advances: int, reports: Sequence[Report], closed: Collection[int] = (),
          seeds: Sequence[int] | None = None) -> Tournament:
    """Everything about a drawn tournament, from what was decided and reported; `closed`: the
    rounds played for a time that the organizer closed; `seeds`: seeding "ratings"'s order of
    the field, strongest first, as stored at the draw."""
    # The draw is over the teams in play at it (not withdrawn before it, no late entry); late
    # entries are numbered after them, in the order they came.
    field_ = [i for i, team in enumerate(teams) if team.joined is None and team.withdrawn != 0]
    seeding = options.get("seeding")
    if seeding == "ratings" and seeds is not None:
        drawn = [t for t in seeds if t in field_]
    elif seeding in ("listed", "ratings"):
        drawn = field_
    else:
        drawn = [field_[k] for k in draw_order(len(field_), seed)]
    order = (*drawn, *(i for i, team in enumerate(teams) if team.joined is not None))
    grouped: dict[str, list[Report]] = {}
    for report in reports:
        grouped.setdefault(report.match, []).append(report)
    fold = Fold(fmt, teams, options, seed, order, grouped, closed_rounds=frozenset(closed))
    fold.first()
    at_draw = len(fold.rounds)
    applied = 0
    while applied < advances and fold.advance():
        applied += 1
    for leftover in fold.reports.values():
        fold.stale.extend(leftover)
    champion = fold.champion()
    can_advance = champion is None and all(r.complete for r in fold.rounds)
    placings = fold.placings()
    prizes = (night.prizes(placings, lambda p: fold.out(p, None))
              if fmt == "progressive" and champion is not None else [])
    return Tournament(
        order=order, rounds=tuple(fold.rounds), standings=tuple(fold.standings()),
        status="finished" if champion is not None else "playing", champion=champion,
        can_advance=can_advance, advances=applied, rounds_at_draw=at_draw,
        stale=tuple(fold.stale),
        next_step=next_step(fold, champion, can_advance), contenders=tuple(fold.contenders()),
        placings=tuple(placings), prizes=tuple(prizes))


def next_step(fold: Fold, champion: int | None, can_advance: bool) -> str:
    if champion is not None and fold.fmt == "progressive":
        return said("next step", "High score of the night: {player}.").format(
            player=fold.teams[champion].name)
    if champion is not None:
        return said("next step", "{team} are the champions.").format(
            team=fold.teams[champion].name)
    progressive = fold.fmt == "progressive"
    if can_advance and progressive:  # a progressive night's matches are its tables
        return said("next step", "Every table of this round is complete: advance to seat the "
                                 "next.")
    if can_advance:
        return said("next step", "Every match of this round is complete: advance to build the "
                                 "next.")
    left = sum(not m.complete for r in fold.rounds for m in r.matches)
    if progressive and fold.options.get("round_minutes"):
        return said("next step", "Tables play until the time is up; then close the round.")
    if progressive:
        return said_n("next step", "{n} table still to play.", "{n} tables still to play.",
                      left).format(n=left)
    return said_n("next step", "{n} match still to play.", "{n} matches still to play.",
                  left).format(n=left)


def check_scores(match: Match, scores: Sequence[int]) -> None:
    if len(scores) != len(match.sides):
        if match.kind == "table":
            raise RuleViolation("entry_form.table_scores", "scores", count=len(match.teams))
        raise RuleViolation("entry_form.match_scores", "scores", count=len(match.teams))
    if match.kind != "table" and scores[0] == scores[1]:
        raise RuleViolation("game_needs_winner", "scores")
