"""The Quebec format from the draw to the champion (RULES.md "Tournament format", spec
tournaments.md), for 2, 3, 5, 8, 13 and 16 teams, in draw numbers.

The results are driven the same way everywhere. Qualifying match m (numbers 2m-1 and 2m): the
lower number wins games 1, 2, 3 and 5 by (60 - m) to (20 + m) and loses game 4 by 10 to 40, so
  winner: won 4, lost 1, 8 points, scored 4(60 - m) + 10 = 250 - 4m, against 120 + 4m;
  loser:  won 1, lost 4, 2 points, scored 120 + 4m, against 250 - 4m;
  the bye (odd n, the highest number): won 5, lost 0, 10 points, 0 scored - it ranks first.
Winners rank 1, 3, 5, ... (more scored for a lower m), losers ..., 6, 4, 2 (more for a higher m).
Knockout: the lower number always goes through; the first match of a round 2-0 (it stops
there, the third game is never played), the others 2-1."""

from __future__ import annotations

import pytest

from scorekeeper.tournaments import Report, check_tournament, knockout_size
from tests.tournaments.helpers import Run, play_qualifying, ranked_numbers, rows

KO_WIN, KO_LOSS = (30, 10), (10, 30)


def play_knockout_round(run: Run, round_number: int) -> None:
    for i, match in enumerate(run.t.rounds[round_number - 1].matches):
        low, high = sorted(run.numbers(match.teams))
        games = [KO_WIN, KO_WIN] if i == 0 else [KO_WIN, KO_LOSS, KO_WIN]
        for own, other in games:
            run.report(match.key, {low: own, high: other})


def expected_rows(n: int, ranking: list[int]) -> list[tuple[int, ...]]:
    """(rank, number, played, won, lost, points, scored, against) for the scheme above."""
    result = []
    for rank, number in enumerate(ranking, start=1):
        m = (number + 1) // 2
        if n % 2 and number == n:
            row: tuple[int, ...] = (1, 5, 0, 10, 0, 0)
        elif number % 2:
            row = (1, 4, 1, 8, 250 - 4 * m, 120 + 4 * m)
        else:
            row = (1, 1, 4, 2, 120 + 4 * m, 250 - 4 * m)
        result.append((rank, number, *row))
    return result


# n: (qualifying ranking, knockout rounds as (name, pairs in draw numbers), champion number)
FLOWS = {
    # two teams: K = 2, the final is 1 v 2 straight away
    2: ([1, 2], [("Final", [(1, 2)])], 1),
    # three: the bye (3) tops the table with 10 points; K = 2: final seed 1 (3) v seed 2 (1)
    3: ([3, 1, 2], [("Final", [(3, 1)])], 1),
    # five: bye 5, winners 1 (246) 3 (242), losers 4 (128) 2 (124); K = 4: (s1,s4) (s2,s3)
    5: ([5, 1, 3, 4, 2], [("Semi-finals", [(5, 4), (1, 3)]), ("Final", [(4, 1)])], 1),
    # eight: K = 8 = n, seeds 1 3 5 7 8 6 4 2; (s1,s8) (s4,s5) (s2,s7) (s3,s6)
    8: ([1, 3, 5, 7, 8, 6, 4, 2],
        [("Quarter-finals", [(1, 2), (7, 8), (3, 4), (5, 6)]),
         ("Semi-finals", [(1, 7), (3, 5)]), ("Final", [(1, 3)])], 1),
    # thirteen: bye 13 first; seeds 13 1 3 5 7 9 11 12; 12 beats 13, 5 beats 7 ...
    13: ([13, 1, 3, 5, 7, 9, 11, 12, 10, 8, 6, 4, 2],
         [("Quarter-finals", [(13, 12), (5, 7), (1, 11), (3, 9)]),
          ("Semi-finals", [(12, 5), (1, 3)]), ("Final", [(5, 1)])], 1),
    # sixteen: seeds are the eight winners 1 3 5 ... 15
    16: ([1, 3, 5, 7, 9, 11, 13, 15, 16, 14, 12, 10, 8, 6, 4, 2],
         [("Quarter-finals", [(1, 15), (7, 9), (3, 13), (5, 11)]),
          ("Semi-finals", [(1, 7), (3, 5)]), ("Final", [(1, 3)])], 1),
}
SIZES = sorted(FLOWS)


@pytest.mark.parametrize("n", SIZES)
def test_qualifying_round_pairs_the_draw_numbers(n: int) -> None:
    run = Run("quebec", n)
    t = run.t
    assert sorted(t.order) == list(range(n))
    [first] = t.rounds
    assert (first.number, first.name, first.kind) == (1, "Qualifying round", "league")
    expected: list[tuple[int, ...]] = [(2 * m - 1, 2 * m) for m in range(1, n // 2 + 1)]
    if n % 2:
        expected.append((n,))  # the odd team out: the highest number
    assert run.pairs(1) == expected
    for i, match in enumerate(first.matches, start=1):
        assert match.key == f"r1m{i}"
        assert match.round == 1
        assert match.games == 5 and match.first_to is None  # every game is played
        if len(match.teams) == 1:
            assert match.kind == "bye" and match.status == "complete"
            assert match.wins == (5,) and match.winner == match.teams[0]
        else:
            assert match.kind == "match" and match.status == "pending"
            assert match.winner is None
    assert t.status == "playing" and t.champion is None and not t.can_advance
    assert t.advances == 0 and t.stale == ()
    left = n // 2
    assert t.next_step == f"{left} match{'es' if left != 1 else ''} still to play."


@pytest.mark.parametrize("n", [3, 5, 13])
def test_a_bye_is_a_five_nil_win_with_nothing_scored(n: int) -> None:
    t = Run("quebec", n).t
    bye = next(s for s in t.standings if s.number == n)
    # 5 games won × 2 points, 0 scored, 0 against, one match played
    assert (bye.played, bye.won, bye.lost, bye.points, bye.scored, bye.against) == (1, 5, 0, 10,
                                                                                    0, 0)
    assert bye.rank == 1  # everybody else has 0 points so far


def test_a_qualifying_match_plays_all_five_games() -> None:
    run = Run("quebec", 4)
    for game in range(1, 6):
        run.report("r1m1", {1: 100, 2: 0})  # 1 wins every game
        match = run.match("r1m1")
        assert match.wins == (game, 0) if run.number(match.teams[0]) == 1 else (0, game)
        # three (even four) games won out of five do not end it: no early stop
        assert match.status == ("complete" if game == 5 else "playing")
    assert run.match("r1m1").winner == run.team(1)
    # a sixth game does not fit: stale
    extra = Report("r1m1", 6, (1, 0), run.match("r1m1").teams)
    run.reports.append(extra)
    assert run.t.stale == (extra,)


@pytest.mark.parametrize("n", SIZES)
def test_the_whole_flow(n: int) -> None:
    ranking, knockout, champion = FLOWS[n]
    run = Run("quebec", n)
    play_qualifying(run)
    t = run.t
    assert all(m.status == "complete" for m in t.rounds[0].matches)
    assert rows(t) == expected_rows(n, ranking)
    assert [s.team for s in t.standings] == [run.team(k) for k in ranking]
    assert t.can_advance and t.status == "playing" and t.champion is None
    assert t.next_step == "Every match of this round is complete: advance to build the next."
    # advancing before then is refused: one more advance than possible builds nothing
    assert Run("quebec", n, advances=1).t.advances == 0

    for k, (name, pairs) in enumerate(knockout, start=2):
        t = run.advance()
        assert t.advances == k - 1 and len(t.rounds) == k
        round_ = t.rounds[-1]
        assert (round_.number, round_.name, round_.kind) == (k, name, "knockout")
        assert run.pairs(k) == pairs
        for i, match in enumerate(round_.matches, start=1):
            assert (match.key, match.kind, match.games, match.first_to) == (f"r{k}m{i}",
                                                                            "match", 3, 2)
        assert not t.can_advance and t.status == "playing"
        left = len(pairs)
        assert t.next_step == f"{left} match{'es' if left != 1 else ''} still to play."
        # the qualifying standings stay what they were: the knockout is not counted
        assert rows(t) == expected_rows(n, ranking)
        play_knockout_round(run, k)
        t = run.t
        for i, match in enumerate(t.rounds[-1].matches):
            assert match.status == "complete"
            assert len(match.results) == (2 if i == 0 else 3)  # 2-0 stops at two wins
            assert sorted(match.wins) == ([0, 2] if i == 0 else [1, 2])
            assert match.winner is not None and run.number(match.winner) == min(pairs[i])

    t = run.t
    assert t.status == "finished" and t.champion == run.team(champion)
    assert not t.can_advance
    assert t.next_step == f"Team {run.team(champion)} are the champions."
    assert t.stale == ()
    assert t.advances == len(knockout)
    # nothing follows the final: a further advance is not applied
    run.advances += 1
    again = run.t
    assert again.advances == len(knockout) and again.rounds == t.rounds


def test_a_third_knockout_game_after_two_wins_is_stale() -> None:
    run = Run("quebec", 2)
    play_qualifying(run)
    run.advance()
    run.report("r2m1", {1: 30, 2: 10})
    run.report("r2m1", {1: 30, 2: 10})
    assert run.t.status == "finished"
    late = Report("r2m1", 3, (30, 10), run.match("r2m1").teams)
    run.reports.append(late)
    assert run.t.stale == (late,) and run.t.champion == run.team(1)


def test_standings_rank_points_then_scored_then_number() -> None:
    """Four teams; 1 beats 2 3-2 and 3 beats 4 3-2 with the same scores in both matches:
    1 and 3 are level on points and scored, so are 2 and 4; nobody straddles the line (K = 4 = n)
    and the draw number orders each pair."""
    run = Run("quebec", 4)
    for low, high in ((1, 2), (3, 4)):
        key = "r1m1" if low == 1 else "r1m2"
        for own, other in ((50, 20), (50, 20), (50, 20), (20, 70), (20, 70)):
            run.report(key, {low: own, high: other})
    # winner: 3 games, 6 points, scored 190, against 200; loser: 2 games, 4 points, 200 v 190
    # 2 and 4 scored more but have fewer points: points come first
    assert rows(run.t) == [(1, 1, 1, 3, 2, 6, 190, 200), (2, 3, 1, 3, 2, 6, 190, 200),
                           (3, 2, 1, 2, 3, 4, 200, 190), (4, 4, 1, 2, 3, 4, 200, 190)]
    t = run.advance()
    assert t.rounds[-1].name == "Semi-finals"
    assert run.pairs(2) == [(1, 4), (3, 2)]  # seeds 1-4: numbers 1, 3, 2, 4


def test_options_games_per_match_and_points_per_game() -> None:
    """games_per_match {"qualifying": 3, "knockout": 5}, points_per_game 3, five teams.
    1 beats 2 2-1; 4 beats 3 3-0; 5 has the bye: 3 games won = 9 points."""
    run = Run("quebec", 5, {"games_per_match": {"qualifying": 3, "knockout": 5},
                            "points_per_game": 3})
    assert run.options["games_per_match"] == {"qualifying": 3, "knockout": 5}
    t = run.t
    assert [(m.games, m.first_to) for m in t.rounds[0].matches] == [(3, None)] * 3
    for own, other in ((40, 10), (10, 40), (40, 20)):
        run.report("r1m1", {1: own, 2: other})
    for _ in range(3):
        run.report("r1m2", {4: 15, 3: 5})
    # 4: 3 won × 3 = 9 pts, scored 45; 5: bye 9 pts, 0 scored; 1: 2 × 3 = 6 (90 v 60);
    # 2: 3 pts (60 v 90); 3: 0 (15 v 45)
    assert rows(run.t) == [(1, 4, 1, 3, 0, 9, 45, 15), (2, 5, 1, 3, 0, 9, 0, 0),
                           (3, 1, 1, 2, 1, 6, 90, 70), (4, 2, 1, 1, 2, 3, 70, 90),
                           (5, 3, 1, 0, 3, 0, 15, 45)]
    t = run.advance()
    assert run.pairs(2) == [(4, 2), (5, 1)]
    assert [(m.games, m.first_to) for m in t.rounds[1].matches] == [(5, 3), (5, 3)]
    # best of 5: 4 beats 2 3-1 (complete after four games), 5 beats 1 3-0
    for own, other in ((30, 10), (10, 30), (30, 10)):
        run.report("r2m1", {4: own, 2: other})
    assert run.match("r2m1").status == "playing"  # 2-1: not yet
    run.report("r2m1", {4: 30, 2: 10})
    for _ in range(3):
        run.report("r2m2", {5: 30, 1: 10})
    t = run.t
    assert [len(m.results) for m in t.rounds[1].matches] == [4, 3]
    assert t.can_advance
    # the knockout is not in the standings
    assert rows(t)[0] == (1, 4, 1, 3, 0, 9, 45, 15)
    t = run.advance()
    assert t.rounds[-1].name == "Final" and run.pairs(3) == [(4, 5)]
    for _ in range(3):
        run.report("r3m1", {5: 1, 4: 0})
    t = run.t
    assert t.status == "finished" and t.champion == run.team(5)
    assert ranked_numbers(t) == [4, 5, 1, 2, 3]


def test_australian_500_may_play_the_quebec_format() -> None:
    run = Run("quebec", 4)
    options = check_tournament("quebec", "australian-500", (2,), run.teams, {})
    assert options["games_per_match"] == {"qualifying": 5, "knockout": 3}
    assert options["points_per_game"] == 2 and options["game_unit"] == "deal"


def test_standing_numbers_are_the_draw() -> None:
    t = Run("quebec", 13, seed=99).t
    assert all(s.number == t.order.index(s.team) + 1 for s in t.standings)
    assert sorted(s.team for s in t.standings) == list(range(13))
    assert [s.rank for s in t.standings] == list(range(1, 14))


@pytest.mark.parametrize(("n", "size"), [(2, 2), (3, 2), (4, 4), (5, 4), (7, 4), (8, 8), (13, 8),
                                         (16, 8), (100, 8)])
def test_knockout_size(n: int, size: int) -> None:
    assert knockout_size(n) == size  # 8 from eight teams, else 4 from four, else 2
