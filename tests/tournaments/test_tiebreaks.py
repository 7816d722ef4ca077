"""Every tie-break path (spec tournaments.md "Tie-breaks"): teams level on points and points
scored that straddle the line (Quebec: the knockout's last place; the league formats: the
champion) play a tie-break round; level teams that do not straddle it are ordered by draw number.

Quebec qualifying results here: in match m (numbers 2m-1 v 2m) the lower number wins 3-2,
games (100-20) ×3 then (20-60) and (20-(60 + x)): winner 6 points, scored 340; loser 4 points,
scored 180 + x. Equal x makes the losers level on both figures."""

from __future__ import annotations

import pytest

from scorekeeper.rules.errors import RuleViolation
from scorekeeper.tournaments import check_scores
from tests.tournaments.helpers import Run, qualify, ranked_numbers, rows

TIEBREAK_GAME = (1, None)  # a tie-break match: a single game, played in full


def assert_tiebreak_round(run: Run, number: int, pairs: list[tuple[int, ...]]) -> None:
    t = run.t
    round_ = t.rounds[number - 1]
    assert (round_.number, round_.name, round_.kind) == (number, "Tie-break", "tiebreak")
    assert run.pairs(number) == pairs
    for i, match in enumerate(round_.matches, start=1):
        assert match.key == f"r{number}m{i}"
        assert match.kind == "tiebreak" and (match.games, match.first_to) == TIEBREAK_GAME
    assert not t.can_advance and t.champion is None


# -- Quebec: two teams across the line ---------------------------------------------------------

@pytest.mark.parametrize("winner", [2, 4])
def test_two_level_teams_across_the_line_play_one_game(winner: int) -> None:
    """Five teams, K = 4: 5 (bye, 10 points), 1 and 3 (6, 340, level but both in: by number),
    then 2 and 4 (4, 180) level on 4th and 5th: one tie-break game between them."""
    run = Run("quebec", 5)
    qualify(run)
    assert ranked_numbers(run.t) == [5, 1, 3, 2, 4]  # before the tie-break: by number
    t = run.advance()
    assert_tiebreak_round(run, 2, [(2, 4)])
    assert t.next_step == "1 match still to play."
    loser = 6 - winner
    run.report("r2m1", {winner: 45, loser: 30})
    t = run.t
    assert t.can_advance
    # the tie-break orders them; it adds nothing to the standings' figures
    assert rows(t) == [(1, 5, 1, 5, 0, 10, 0, 0), (2, 1, 1, 3, 2, 6, 340, 180),
                       (3, 3, 1, 3, 2, 6, 340, 180), (4, winner, 1, 2, 3, 4, 180, 340),
                       (5, loser, 1, 2, 3, 4, 180, 340)]
    t = run.advance()
    assert (t.rounds[2].name, t.rounds[2].kind) == ("Semi-finals", "knockout")
    assert [m.key for m in t.rounds[2].matches] == ["r3m1", "r3m2"]
    assert run.pairs(3) == [(5, winner), (1, 3)]  # seed 4 is the tie-break's winner


def test_knockout_waits_for_the_tiebreak() -> None:
    run = Run("quebec", 5, advances=2)
    qualify(run)
    t = run.t
    assert t.advances == 1 and len(t.rounds) == 2 and t.rounds[1].kind == "tiebreak"


# -- Quebec: three teams across the line -------------------------------------------------------

def six_level() -> Run:
    """Six teams, K = 4: 1, 3, 5 (6 points, 340) take three places; 2, 4, 6 (4, 180) are level
    for the fourth: a round robin of single games 2-4, 2-6, 4-6."""
    run = Run("quebec", 6)
    qualify(run)
    assert ranked_numbers(run.t) == [1, 3, 5, 2, 4, 6]
    run.advance()
    assert_tiebreak_round(run, 2, [(2, 4), (2, 6), (4, 6)])
    return run


def play(run: Run, key: str, winner: int, loser: int, scores: tuple[int, int] = (60, 40)) -> None:
    run.report(key, {winner: scores[0], loser: scores[1]})


def test_three_level_a_clear_winner() -> None:
    run = six_level()
    play(run, "r2m2", 6, 2)
    play(run, "r2m3", 6, 4)
    play(run, "r2m1", 4, 2)
    # 6 two wins, 4 one, 2 none: 6 takes the place, 4 and 2 follow in that order
    assert ranked_numbers(run.t) == [1, 3, 5, 6, 4, 2]
    t = run.advance()
    assert t.rounds[2].kind == "knockout" and run.pairs(3) == [(1, 6), (3, 5)]


def test_three_level_a_cycle_decided_by_points_scored() -> None:
    run = six_level()
    play(run, "r2m1", 2, 4, (70, 40))  # 2: 70, 4: 40
    play(run, "r2m3", 4, 6, (60, 40))  # 4: 100, 6: 40
    play(run, "r2m2", 6, 2, (50, 40))  # 6: 90, 2: 110
    # one win each; scored 110, 100, 90
    assert ranked_numbers(run.t) == [1, 3, 5, 2, 4, 6]
    t = run.advance()
    assert t.rounds[2].kind == "knockout" and run.pairs(3) == [(1, 2), (3, 5)]


def test_three_level_a_cycle_that_leaves_them_level_plays_again() -> None:
    run = six_level()
    play(run, "r2m1", 2, 4)
    play(run, "r2m3", 4, 6)
    play(run, "r2m2", 6, 2)
    # one win and 100 scored each: still level across the line → a second tie-break round
    assert run.t.can_advance
    run.advance()
    assert_tiebreak_round(run, 3, [(2, 4), (2, 6), (4, 6)])
    play(run, "r3m1", 4, 2)
    play(run, "r3m3", 4, 6)
    play(run, "r3m2", 2, 6)
    assert ranked_numbers(run.t) == [1, 3, 5, 4, 2, 6]
    t = run.advance()
    assert t.rounds[3].kind == "knockout" and [m.key for m in t.rounds[3].matches] == [
        "r4m1", "r4m2"]
    assert run.pairs(4) == [(1, 4), (3, 5)]


def test_three_level_two_still_level_across_the_line_play_each_other() -> None:
    run = six_level()
    play(run, "r2m1", 2, 4, (60, 40))  # 2: 60, 4: 40
    play(run, "r2m3", 4, 6, (60, 40))  # 4: 100, 6: 40
    play(run, "r2m2", 6, 2, (50, 40))  # 6: 90, 2: 100
    # 2 and 4 level (1 win, 100) for the one place, 6 is last of the three
    assert ranked_numbers(run.t)[5] == 6
    run.advance()
    assert_tiebreak_round(run, 3, [(2, 4)])  # only those still level
    play(run, "r3m1", 4, 2)
    assert ranked_numbers(run.t) == [1, 3, 5, 4, 2, 6]
    t = run.advance()
    assert t.rounds[3].kind == "knockout" and run.pairs(4) == [(1, 4), (3, 5)]


def test_three_level_two_left_level_below_the_line_go_by_number() -> None:
    run = six_level()
    play(run, "r2m1", 4, 2, (60, 40))  # 4: 60, 2: 40
    play(run, "r2m2", 2, 6, (60, 40))  # 2: 100, 6: 40
    play(run, "r2m3", 6, 4, (70, 40))  # 6: 110, 4: 100
    # 6 takes the place; 2 and 4 stay level (1 win, 100) but both are out: by draw number,
    # although 4 beat 2, and no further tie-break
    assert ranked_numbers(run.t) == [1, 3, 5, 6, 2, 4]
    t = run.advance()
    assert t.rounds[2].kind == "knockout" and run.pairs(3) == [(1, 6), (3, 5)]


# -- Quebec: the last knockout place (K = 8) ----------------------------------------------------

@pytest.mark.parametrize("winner", [6, 8])
def test_the_last_knockout_place(winner: int) -> None:
    """Nine teams: 9 (bye), 1 3 5 7 (6 points, 340: level, all in, by number), then 2 (scored
    200), 4 (190), and 6 and 8 (180) level on 8th and 9th."""
    run = Run("quebec", 9)
    qualify(run, {1: 20, 2: 10})
    assert ranked_numbers(run.t) == [9, 1, 3, 5, 7, 2, 4, 6, 8]
    run.advance()
    assert_tiebreak_round(run, 2, [(6, 8)])
    play(run, "r2m1", winner, 14 - winner)
    assert ranked_numbers(run.t) == [9, 1, 3, 5, 7, 2, 4, winner, 14 - winner]
    t = run.advance()
    assert t.rounds[2].name == "Quarter-finals"
    # seeds 9 1 3 5 7 2 4 w: (s1,s8) (s4,s5) (s2,s7) (s3,s6)
    assert run.pairs(3) == [(9, winner), (5, 7), (1, 4), (3, 2)]


def test_three_level_for_two_places_then_two_for_one() -> None:
    """Nine teams: 2 scored 200 is 6th; 4, 6, 8 (180) are level for the 7th and 8th places.
    8 beats 4 70-40, 4 beats 6, 6 beats 8 60-40: 8 leads (110) and is in; 4 and 6 (100) are
    level across the line → a second round 4 v 6."""
    run = Run("quebec", 9)
    qualify(run, {1: 20})
    assert ranked_numbers(run.t) == [9, 1, 3, 5, 7, 2, 4, 6, 8]
    run.advance()
    assert_tiebreak_round(run, 2, [(4, 6), (4, 8), (6, 8)])
    play(run, "r2m2", 8, 4, (70, 40))
    play(run, "r2m1", 4, 6)
    play(run, "r2m3", 6, 8)
    run.advance()
    assert_tiebreak_round(run, 3, [(4, 6)])
    play(run, "r3m1", 6, 4)
    assert ranked_numbers(run.t) == [9, 1, 3, 5, 7, 2, 8, 6, 4]
    run.advance()
    assert run.pairs(4) == [(9, 6), (5, 7), (1, 8), (3, 2)]


def test_level_teams_below_the_line_need_no_tiebreak() -> None:
    """Ten teams (no bye): losers 2, 4, 6 scored 210, 200, 190; 8 and 10 (180) are level on 9th
    and 10th, both out: by number, no tie-break."""
    run = Run("quebec", 10)
    qualify(run, {1: 30, 2: 20, 3: 10})
    # 10 teams, no bye: winners 1 3 5 7 9; losers 2 (210) 4 (200) 6 (190), then 8 and 10 (180)
    assert ranked_numbers(run.t) == [1, 3, 5, 7, 9, 2, 4, 6, 8, 10]
    t = run.advance()
    assert t.rounds[1].kind == "knockout"
    assert run.pairs(2) == [(1, 6), (7, 9), (3, 4), (5, 2)]


# -- the league formats: level at the top ------------------------------------------------------

def test_round_robin_level_at_the_top() -> None:
    """Three teams listed (numbers 1 2 3): rounds are [bye 1, 2-3], [1-3, bye 2], [1-2, bye 3].
    A cycle, every game 60-40: 2 points and 100 scored each → tie-break 1-2, 1-3, 2-3."""
    run = Run("round_robin", 3, {"seeding": "listed"})
    play(run, "r1m2", 2, 3)
    play(run, "r2m1", 3, 1)
    play(run, "r3m1", 1, 2)
    t = run.t
    assert rows(t) == [(1, 1, 2, 1, 1, 2, 100, 100), (2, 2, 2, 1, 1, 2, 100, 100),
                       (3, 3, 2, 1, 1, 2, 100, 100)]
    assert t.can_advance and t.champion is None
    t = run.advance()
    assert_tiebreak_round(run, 4, [(1, 2), (1, 3), (2, 3)])
    play(run, "r4m2", 3, 1)
    play(run, "r4m3", 3, 2)
    play(run, "r4m1", 1, 2)
    t = run.t
    assert t.can_advance and t.champion is None  # the advance closes it
    t = run.advance()
    assert t.status == "finished" and t.champion == run.team(3)
    assert ranked_numbers(t) == [3, 1, 2]
    assert t.next_step == f"Team {run.team(3)} are the champions."


def test_round_robin_two_level_at_the_top_of_four() -> None:
    """Four listed: rounds [1-4, 2-3], [1-3, 4-2], [1-2, 3-4]. 1 and 2 win two each, 2 beat 1;
    every game 60-40 so wins decide scored too: 1 and 2 (4 points, 160) level → one game."""
    run = Run("round_robin", 4, {"seeding": "listed"})
    play(run, "r1m1", 1, 4)
    play(run, "r1m2", 2, 3)
    play(run, "r2m1", 1, 3)
    play(run, "r2m2", 4, 2)
    play(run, "r3m1", 2, 1)
    play(run, "r3m2", 3, 4)
    # 1: W W L = 4 pts, 160; 2: W L W = 4, 160; 3: L L W 2, 140; 4: L W L 2, 140
    assert rows(run.t) == [(1, 1, 3, 2, 1, 4, 160, 140), (2, 2, 3, 2, 1, 4, 160, 140),
                           (3, 3, 3, 1, 2, 2, 140, 160), (4, 4, 3, 1, 2, 2, 140, 160)]
    run.advance()
    assert_tiebreak_round(run, 4, [(1, 2)])  # 3 and 4 are level too, but not at the top
    play(run, "r4m1", 2, 1)
    t = run.advance()
    assert t.champion == run.team(2) and ranked_numbers(t) == [2, 1, 3, 4]


def test_round_robin_clear_top_closes_at_once() -> None:
    run = Run("round_robin", 3, {"seeding": "listed"})
    play(run, "r1m2", 2, 3)
    play(run, "r2m1", 1, 3)
    play(run, "r3m1", 1, 2)
    t = run.advance()
    assert len(t.rounds) == 3 and t.champion == run.team(1) and t.status == "finished"
    assert t.advances == 1


def test_swiss_level_at_the_top() -> None:
    """Four listed, three rounds, every game 100-50 (so equal wins = equal scored).
    R1 1-2, 3-4: 1 and 4 win. R2 by standing (1, 4, 2, 3): 1-4, 2-3: 4 and 2 win.
    R3 (4 | 1, 2 | 3): 4-1 met → 4-2, 1-3: 2 and 1 win. 1, 2, 4: 2 wins, 250 scored → tie-break."""
    run = Run("swiss", 4, {"seeding": "listed", "rounds": 3})
    assert run.pairs(1) == [(1, 2), (3, 4)]
    play(run, "r1m1", 1, 2, (100, 50))
    play(run, "r1m2", 4, 3, (100, 50))
    run.advance()
    assert run.pairs(2) == [(1, 4), (2, 3)]
    play(run, "r2m1", 4, 1, (100, 50))
    play(run, "r2m2", 2, 3, (100, 50))
    run.advance()
    assert run.pairs(3) == [(4, 2), (1, 3)]
    play(run, "r3m1", 2, 4, (100, 50))
    play(run, "r3m2", 1, 3, (100, 50))
    assert rows(run.t)[:3] == [(1, 1, 3, 2, 1, 4, 250, 200), (2, 2, 3, 2, 1, 4, 250, 200),
                               (3, 4, 3, 2, 1, 4, 250, 200)]
    run.advance()
    assert_tiebreak_round(run, 4, [(1, 2), (1, 4), (2, 4)])
    play(run, "r4m2", 4, 1)
    play(run, "r4m3", 4, 2)
    play(run, "r4m1", 2, 1)
    t = run.advance()
    assert t.champion == run.team(4) and ranked_numbers(t) == [4, 2, 1, 3]


@pytest.mark.parametrize("winner", [1, 2])
def test_rummy_level_at_the_top_one_table(winner: int) -> None:
    """Three players, one round at one table: 1 and 2 score 100, 3 scores 50 → 1 and 2 have one
    place point each → a tie-break table of the two, one game, the higher score wins."""
    run = Run("rummy_tables", 3, {"table_size": 3, "rounds": 1})
    run.report("r1m1", {1: 100, 2: 100, 3: 50})
    assert rows(run.t) == [(1, 1, 1, 1, 1, 1, 100, 0), (2, 2, 1, 1, 1, 1, 100, 0),
                           (3, 3, 1, 0, 2, 0, 50, 0)]
    t = run.advance()
    round_ = t.rounds[1]
    assert (round_.name, round_.kind) == ("Tie-break", "tiebreak")
    [table] = round_.matches
    assert (table.key, table.kind, table.games) == ("r2m1", "table", 1)
    assert run.numbers(table.teams) == (1, 2)
    run.report("r2m1", {winner: 40, 3 - winner: 30})
    t = run.advance()
    assert t.champion == run.team(winner) and ranked_numbers(t) == [winner, 3 - winner, 3]


def test_rummy_tiebreak_table_level_again() -> None:
    """All three level (no place points, 100 each) → a table of three: 1 and 2 score 50, 3 20
    → 1 and 2 still level at the top → a second tie-break table of the two."""
    run = Run("rummy_tables", 3, {"table_size": 3, "rounds": 1})
    run.report("r1m1", {1: 100, 2: 100, 3: 100})
    run.advance()
    assert run.numbers(run.match("r2m1").teams) == (1, 2, 3)
    run.report("r2m1", {1: 50, 2: 50, 3: 20})
    assert ranked_numbers(run.t) == [1, 2, 3]
    t = run.advance()
    assert t.rounds[2].kind == "tiebreak" and run.numbers(run.match("r3m1").teams) == (1, 2)
    run.report("r3m1", {2: 10, 1: 5})
    t = run.advance()
    assert t.champion == run.team(2) and ranked_numbers(t) == [2, 1, 3]


def two_at_a_tiebreak_table() -> Run:
    run = Run("rummy_tables", 3, {"table_size": 3, "rounds": 1})
    run.report("r1m1", {1: 100, 2: 100, 3: 50})
    run.advance()
    table = run.match("r2m1")
    assert table.kind == "table" and len(table.teams) == 2
    return run


def test_a_tiebreak_table_of_two_may_tie_again() -> None:
    """A tie at a tie-break table leaves the two level: another tie-break table."""
    run = two_at_a_tiebreak_table()
    run.report("r2m1", {1: 30, 2: 30})
    assert run.t.can_advance and run.t.champion is None
    t = run.advance()
    assert t.rounds[2].kind == "tiebreak" and run.numbers(run.match("r3m1").teams) == (1, 2)
    run.report("r3m1", {1: 5, 2: 10})
    t = run.advance()
    assert t.champion == run.team(2)


def test_a_tiebreak_table_of_two_allows_equal_scores() -> None:
    """Tables take one score per player, ties allowed (spec, Reports) - a table of two too."""
    run = two_at_a_tiebreak_table()
    check_scores(run.match("r2m1"), (30, 30))  # must not raise


def test_a_two_team_match_needs_a_winner() -> None:
    run = Run("quebec", 5)
    qualify(run)
    run.advance()
    with pytest.raises(RuleViolation) as caught:
        check_scores(run.match("r2m1"), (50, 50))
    assert caught.value.field == "scores"
