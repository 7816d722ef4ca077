"""Corrections and stale reports (spec tournaments.md "Reports"): the tournament is rebuilt from
all its reports; a report that no longer fits a match (unknown key, round not built, other
teams, a gap in the numbers, past the end of the match) comes back in `stale`, and rounds that
can no longer be built disappear.

Five Quebec teams, qualifying as in test_quebec: in match m (2m-1 v 2m) the lower number wins
games 1, 2, 3, 5 by (60 - m)-(20 + m) and loses game 4 10-40. Standing 5 (bye), 1 (8 points,
246), 3 (8, 242), 4 (2, 128), 2 (2, 124): semi-finals r2m1 5 v 4, r2m2 1 v 3."""

from __future__ import annotations

from dataclasses import replace

from scorekeeper.tournaments import Report, Tournament
from tests.tournaments.helpers import Run, play_qualifying, qualify, ranked_numbers


def correct(run: Run, key: str, number: int, scores: dict[int, int]) -> Report:
    """Replace game `number` of match `key` (a PUT), scores by draw number."""
    [old] = [r for r in run.reports if r.match == key and r.number == number]
    ordered = tuple(scores[run.number(team)] for team in old.teams)
    new = replace(old, scores=ordered)
    run.reports[run.reports.index(old)] = new
    return new


def semi_finals() -> tuple[Run, list[Report], list[Report]]:
    """Five teams; both semi-finals played (5 beats 4 2-0, 1 beats 3 2-0) and the final built."""
    run = Run("quebec", 5)
    play_qualifying(run)
    run.advance()
    assert run.pairs(2) == [(5, 4), (1, 3)]
    first = [run.report("r2m1", {5: 30, 4: 10}), run.report("r2m1", {5: 30, 4: 10})]
    second = [run.report("r2m2", {1: 30, 3: 10}), run.report("r2m2", {1: 30, 3: 10})]
    return run, first, second


def test_a_correction_that_changes_the_seeding_rebuilds_the_knockout() -> None:
    """r1m1 games 1 and 2 now go to 2: 2 wins 3-2 (6 points), 1 loses (4 points).
    Standing 5 (10), 3 (8), 2 (6), 1 (4), 4 (2): semi-finals 5 v 1 and 3 v 2; every old
    semi-final report is stale and both matches start again."""
    run, first, second = semi_finals()
    run.advance()
    final = run.report("r3m1", {5: 30, 1: 10})
    before = run.t
    assert before.advances == 2 and before.stale == ()
    correct(run, "r1m1", 1, {1: 10, 2: 59})
    correct(run, "r1m1", 2, {1: 10, 2: 59})
    t = run.t
    assert ranked_numbers(t) == [5, 3, 2, 1, 4]
    assert run.pairs(2) == [(5, 1), (3, 2)]
    assert all(m.results == () and m.status == "pending" for m in t.rounds[1].matches)
    # the final cannot be built any more: it disappears, its report is stale too
    assert len(t.rounds) == 2 and t.advances == 1
    assert set(t.stale) == {*first, *second, final}
    assert t.status == "playing" and t.champion is None and not t.can_advance


def test_a_correction_that_moves_one_semi_final() -> None:
    """r1m1 game 1 now 59-40 (1 still wins it): 2 scored 143 > 4's 128, so 2 and 4 swap places
    4 and 5: r2m1 becomes 5 v 2 (its reports are stale), r2m2 1 v 3 keeps its reports."""
    run, first, second = semi_finals()
    correct(run, "r1m1", 1, {1: 59, 2: 40})
    t = run.t
    assert ranked_numbers(t) == [5, 1, 3, 2, 4]
    assert run.pairs(2) == [(5, 2), (1, 3)]
    assert set(t.stale) == set(first)
    assert run.match("r2m2").results == tuple(second)
    assert run.match("r2m2").winner == run.team(1)
    assert run.match("r2m1").status == "pending"


def test_a_correction_that_changes_nothing_downstream_keeps_every_report() -> None:
    """r1m2 game 1 now goes to 4: 3 wins 3-2 (6 points), 4 has 4; the order 5 1 3 4 2 stands."""
    run, *_ = semi_finals()
    run.advance()
    run.report("r3m1", {5: 30, 1: 10})
    run.report("r3m1", {5: 30, 1: 10})
    before = run.t
    assert before.champion == run.team(5)
    correct(run, "r1m2", 1, {3: 10, 4: 58})
    t = run.t
    assert t.stale == ()
    assert ranked_numbers(t) == [5, 1, 3, 4, 2]
    points = {s.number: s.points for s in t.standings}
    assert (points[3], points[4]) == (6, 4)  # the standings did change
    assert t.rounds[1:] == before.rounds[1:]  # the knockout is identical
    assert t.champion == before.champion and t.status == "finished" and t.advances == 2


def test_a_correction_that_makes_a_tiebreak_needed() -> None:
    """Nine teams (tie-break scheme: losers scored 180 + x): with x = 20, 10, 5 for matches 1-3,
    6 (185) beats 8 (180) to the last place and the quarter-finals are built. Correcting r1m3's
    game 5 to 20-60 leaves 6 and 8 level: round 2 is now a tie-break, the quarter-finals can no
    longer be built, and all their reports are stale."""
    run = Run("quebec", 9)
    qualify(run, {1: 20, 2: 10, 3: 5})
    run.advance()
    assert run.pairs(2) == [(9, 6), (5, 7), (1, 4), (3, 2)]
    played = [run.report(m.key, {run.number(m.teams[0]): 30, run.number(m.teams[1]): 10})
              for m in run.t.rounds[1].matches]
    correct(run, "r1m3", 5, {5: 20, 6: 60})
    t = run.t
    assert t.advances == 1 and len(t.rounds) == 2
    assert (t.rounds[1].kind, run.pairs(2)) == ("tiebreak", [(6, 8)])
    assert set(t.stale) == set(played)


# -- reports that do not fit ---------------------------------------------------------------------

def qualifying() -> tuple[Run, Tournament]:
    run = Run("quebec", 5)
    play_qualifying(run)
    return run, run.t


def test_unknown_keys_and_rounds_not_built_are_stale() -> None:
    run, before = qualifying()
    teams = run.match("r1m1").teams
    strays = [Report("r1m9", 1, (10, 5), teams),  # no such match in round 1
              Report("r2m1", 1, (10, 5), teams),  # round 2 is not built yet
              Report("final", 1, (10, 5), teams)]
    run.reports.extend(strays)
    t = run.t
    assert set(t.stale) == set(strays)
    assert t.rounds == before.rounds and t.standings == before.standings


def test_gaps_in_the_numbers_are_stale() -> None:
    run = Run("quebec", 5)
    teams = run.match("r1m1").teams
    reports = [Report("r1m1", 1, (10, 5), teams), Report("r1m1", 3, (10, 5), teams),
               Report("r1m1", 4, (10, 5), teams), Report("r1m2", 2, (5, 10),
                                                         run.match("r1m2").teams)]
    run.reports.extend(reports)
    t = run.t
    assert run.match("r1m1").results == (reports[0],)  # 3 and 4 wait for a game 2
    assert run.match("r1m2").results == ()
    assert set(t.stale) == set(reports[1:])
    # once game 2 is reported, 3 and 4 fit again
    second = Report("r1m1", 2, (10, 5), teams)
    run.reports.append(second)
    t = run.t
    assert run.match("r1m1").results == (reports[0], second, reports[1], reports[2])
    assert set(t.stale) == {reports[3]}


def test_a_second_report_of_the_same_game_is_stale() -> None:
    run = Run("quebec", 4)
    teams = run.match("r1m1").teams
    first, twice = Report("r1m1", 1, (10, 5), teams), Report("r1m1", 1, (5, 10), teams)
    run.reports.extend([first, twice])
    t = run.t
    assert run.match("r1m1").results == (first,) and t.stale == (twice,)


def test_reports_past_the_end_of_a_match_are_stale() -> None:
    run, _ = qualifying()
    teams = run.match("r1m1").teams
    sixth = Report("r1m1", 6, (10, 5), teams)  # qualifying: five games
    on_bye = Report("r1m3", 1, (10,), run.match("r1m3").teams)  # byes take no reports
    run.reports.extend([sixth, on_bye])
    run.advance()
    run.report("r2m1", {5: 30, 4: 10})
    run.report("r2m1", {5: 30, 4: 10})
    third = Report("r2m1", 3, (30, 10), run.match("r2m1").teams)  # 2-0 ended it
    run.reports.append(third)
    t = run.t
    assert set(t.stale) == {sixth, on_bye, third}
    assert len(run.match("r2m1").results) == 2 and run.match("r2m1").status == "complete"


def test_a_report_for_other_teams_is_stale() -> None:
    run = Run("quebec", 4)
    teams = run.match("r1m1").teams
    swapped = Report("r1m1", 1, (10, 5), teams[::-1])
    elsewhere = Report("r1m1", 1, (10, 5), run.match("r1m2").teams)
    run.reports.extend([swapped, elsewhere])
    t = run.t
    assert set(t.stale) == {swapped, elsewhere} and run.match("r1m1").results == ()
