"""The other formats (spec tournaments.md "Formats and options"): single elimination with byes,
round robin by the circle method, Swiss, Rummy tables, and what check_tournament refuses.
Seeding "listed" makes team i draw number i + 1; the tests still speak in numbers."""

from __future__ import annotations

import itertools
import math
from typing import Any

import pytest

from scorekeeper.rules.errors import RuleViolation
from scorekeeper.tournaments import (
    Team,
    build,
    check_scores,
    check_tournament,
    draw_order,
)
from tests.tournaments.helpers import Run, make_teams, ranked_numbers, rows


def lower_wins(run: Run, round_number: int, scores: tuple[int, int] = (60, 40)) -> None:
    """Every open two-team match of the round: the lower number wins every game it needs."""
    for match in run.t.rounds[round_number - 1].matches:
        if match.kind == "bye":
            continue
        low, high = sorted(run.numbers(match.teams))
        while not run.match(match.key).complete:
            run.report(match.key, {low: scores[0], high: scores[1]})


# -- single elimination --------------------------------------------------------------------------

# n: rounds as (name, first-round entries in draw numbers: a 1-tuple is a bye); lower wins
BRACKETS: dict[int, list[tuple[str, list[tuple[int, ...]]]]] = {
    2: [("Final", [(1, 2)])],
    # P = 4: 1, 4, 2, 3 → seed 4 is missing: 1 has a bye
    3: [("Semi-finals", [(1,), (2, 3)]), ("Final", [(1, 2)])],
    # P = 8: 1 8 4 5 2 7 3 6 → 6, 7, 8 missing: byes for 1, 2, 3
    5: [("Quarter-finals", [(1,), (4, 5), (2,), (3,)]), ("Semi-finals", [(1, 4), (2, 3)]),
        ("Final", [(1, 2)])],
    6: [("Quarter-finals", [(1,), (4, 5), (2,), (3, 6)]), ("Semi-finals", [(1, 4), (2, 3)]),
        ("Final", [(1, 2)])],
    8: [("Quarter-finals", [(1, 8), (4, 5), (2, 7), (3, 6)]),
        ("Semi-finals", [(1, 4), (2, 3)]), ("Final", [(1, 2)])],
    # P = 16: 1 16 8 9 4 13 5 12 2 15 7 10 3 14 6 11 → 14, 15, 16 missing: byes for 1, 2, 3
    13: [("Round of 16", [(1,), (8, 9), (4, 13), (5, 12), (2,), (7, 10), (3,), (6, 11)]),
         ("Quarter-finals", [(1, 8), (4, 5), (2, 7), (3, 6)]),
         ("Semi-finals", [(1, 4), (2, 3)]), ("Final", [(1, 2)])],
}


@pytest.mark.parametrize("n", sorted(BRACKETS))
def test_single_elimination_byes_go_to_the_top_seeds(n: int) -> None:
    run = Run("single_elimination", n, {"seeding": "listed"})
    assert run.t.order == tuple(range(n))
    for k, (name, pairs) in enumerate(BRACKETS[n], start=1):
        t = run.t
        round_ = t.rounds[k - 1]
        assert (round_.number, round_.name, round_.kind) == (k, name, "knockout")
        assert run.pairs(k) == pairs
        for match in round_.matches:
            if len(match.teams) == 1:  # a bye: complete, no games, the seed goes through
                assert (match.kind, match.games, match.status) == ("bye", 0, "complete")
                assert match.winner == match.teams[0] and match.results == ()
            else:
                assert (match.kind, match.games, match.first_to) == ("match", 1, 1)
        lower_wins(run, k)
        t = run.t
        if k < len(BRACKETS[n]):
            assert t.can_advance and t.status == "playing"
            run.advance()
    t = run.t
    assert t.status == "finished" and t.champion == run.team(1) and not t.can_advance
    # standings: how far each went, then number; a bye is no game won
    assert ranked_numbers(t) == list(range(1, n + 1))
    champion = t.standings[0]
    assert champion.won == len(BRACKETS[n]) - (n in (3, 5, 6, 13))  # byes are not games
    assert all(s.points == 2 * s.won for s in t.standings)


def test_single_elimination_best_of_three_and_the_draw() -> None:
    run = Run("single_elimination", 4, {"games_per_match": 3}, seed=5)
    t = run.t
    assert t.order == draw_order(4, 5)  # seeding "draw" by default: numbers from the draw
    assert run.pairs(1) == [(1, 4), (2, 3)]
    assert [(m.games, m.first_to) for m in t.rounds[0].matches] == [(3, 2), (3, 2)]
    run.report("r1m1", {4: 10, 1: 5})
    run.report("r1m1", {4: 10, 1: 5})  # 4 upsets 1 in two games
    run.report("r1m2", {2: 10, 3: 5})
    run.report("r1m2", {3: 10, 2: 5})
    assert run.match("r1m2").status == "playing"
    run.report("r1m2", {3: 10, 2: 5})
    run.advance()
    assert run.pairs(2) == [(4, 3)]
    run.report("r2m1", {3: 1, 4: 0})
    run.report("r2m1", {3: 1, 4: 0})
    t = run.t
    assert t.champion == run.team(3)
    assert ranked_numbers(t) == [3, 4, 1, 2]  # the final's loser, then by number


# -- round robin ---------------------------------------------------------------------------------

def test_round_robin_circle_method_four() -> None:
    """Circle method on 1 2 3 4: 1 stays, the others turn."""
    run = Run("round_robin", 4, {"seeding": "listed"})
    assert [run.pairs(k) for k in (1, 2, 3)] == [[(1, 4), (2, 3)], [(1, 3), (4, 2)],
                                                  [(1, 2), (3, 4)]]
    assert [r.name for r in run.t.rounds] == ["Round 1", "Round 2", "Round 3"]


@pytest.mark.parametrize("n", range(2, 12))
def test_round_robin_every_pair_once(n: int) -> None:
    run = Run("round_robin", n, {"seeding": "listed", "games_per_match": 2})
    t = run.t
    assert len(t.rounds) == (n - 1 if n % 2 == 0 else n)  # all built at the draw
    assert t.advances == 0
    met: list[frozenset[int]] = []
    byes: list[int] = []
    for k, round_ in enumerate(t.rounds, start=1):
        assert round_.name == f"Round {k}" and round_.kind == "league"
        seated = [team for m in round_.matches for team in m.teams]
        assert sorted(seated) == list(range(n))  # everyone once a round (a bye included)
        for match in round_.matches:
            if match.kind == "bye":
                assert match.games == 0 and match.status == "complete"
                byes.extend(match.teams)
            else:
                assert (match.kind, match.games, match.first_to) == ("match", 2, None)
                met.append(frozenset(match.teams))
    assert sorted(met, key=sorted) == sorted(
        (frozenset(p) for p in itertools.combinations(range(n), 2)), key=sorted)
    assert sorted(byes) == (list(range(n)) if n % 2 else [])


def test_round_robin_plays_every_game_and_a_bye_scores_nothing() -> None:
    run = Run("round_robin", 3, {"seeding": "listed", "games_per_match": 2})
    run.report("r1m2", {2: 50, 3: 10})  # 2-3: 2 wins the first game...
    assert run.match("r1m2").status == "playing"
    run.report("r1m2", {2: 50, 3: 10})  # ...and the second is still played
    assert run.match("r1m2").status == "complete"
    assert not run.t.can_advance and run.t.next_step == "2 matches still to play."
    for key in ("r2m1", "r3m1"):  # 1-3 and 1-2: 1 wins both games 30-20
        for _ in range(2):
            run.report(key, {1: 30, 2: 20} if key == "r3m1" else {1: 30, 3: 20})
    t = run.t
    # 1: 4 games won = 8 points, 120 scored, 80 against; 2: 2 games (v 3), 100 v 80;
    # 3: nothing won, 20 + 40 = 60 v 160; the byes add nothing
    assert rows(t) == [(1, 1, 2, 4, 0, 8, 120, 80), (2, 2, 2, 2, 2, 4, 140, 80),
                       (3, 3, 2, 0, 4, 0, 60, 160)]
    assert t.can_advance and t.champion is None
    t = run.advance()
    assert t.status == "finished" and t.champion == run.team(1) and len(t.rounds) == 3


# -- swiss ---------------------------------------------------------------------------------------

def test_swiss_five_teams() -> None:
    """Lower number always wins 60-40. R1 1-2, 3-4, bye 5 (2 points, 0 scored).
    Standing 1 3 5 2 4: R2 1-3, 5-2, bye to 4 (lowest without one).
    After R2: 1 (4), 2 and 3 (2, 100: by number), 4 and 5 (2, 40) → 1 2 3 4 5: bye 3 (5 and 4 had
    theirs); 1-2 met → 1-4? then 2-5 met → backtrack: 1-5, 2-4. Three rounds (ceil log2 5)."""
    run = Run("swiss", 5, {"seeding": "listed"})
    assert run.options["rounds"] is None
    assert run.pairs(1) == [(1, 2), (3, 4), (5,)]
    bye = run.match("r1m3")
    assert (bye.kind, bye.games, bye.status) == ("bye", 1, "complete")
    lower_wins(run, 1)
    assert ranked_numbers(run.t) == [1, 3, 5, 2, 4]
    run.advance()
    assert run.t.rounds[1].name == "Round 2"
    assert run.pairs(2) == [(1, 3), (5, 2), (4,)]
    lower_wins(run, 2)
    assert ranked_numbers(run.t) == [1, 2, 3, 4, 5]
    run.advance()
    assert run.pairs(3) == [(1, 5), (2, 4), (3,)]
    lower_wins(run, 3)
    t = run.t
    # 1: three wins (6, 180); 2: 2 wins (4, 60 + 60 + 40 = 160)
    assert rows(t)[:2] == [(1, 1, 3, 3, 0, 6, 180, 120), (2, 2, 3, 2, 1, 4, 160, 140)]
    assert t.can_advance and t.champion is None
    t = run.advance()
    assert t.status == "finished" and t.champion == run.team(1) and len(t.rounds) == 3


@pytest.mark.parametrize(("n", "rounds"), [(2, 1), (3, 2), (4, 2), (5, 3), (8, 3), (9, 4),
                                           (16, 4), (17, 5)])
def test_swiss_rounds_default_to_log2(n: int, rounds: int) -> None:
    run = Run("swiss", n, {"seeding": "listed"})
    for k in range(1, rounds + 1):
        lower_wins(run, k)
        t = run.advance()
    assert len(t.rounds) == rounds and t.status == "finished"
    assert t.advances == rounds
    met = [frozenset(m.teams) for r in t.rounds for m in r.matches if m.kind == "match"]
    assert len(met) == len(set(met))  # no rematch


def test_a_swiss_without_a_pairing_left_ends_early() -> None:
    """Six teams, five rounds, 60-40 games. R1 1-2 3-4 5-6 (winners 1 3 5); R2 1-3 5-2 4-6
    (3, 5, 6 win); R3 3-5 1-6 2-4 (5, 1, 4 win). Not yet met: 1-4, 1-5, 4-5 and 2-3, 2-6, 3-6:
    two triangles, no pairing without a rematch → the fourth round cannot be built."""
    run = Run("swiss", 6, {"seeding": "listed", "rounds": 5})
    results = {1: [(1, 2), (3, 4), (5, 6)], 2: [(3, 1), (5, 2), (6, 4)],
               3: [(5, 3), (1, 6), (4, 2)]}
    expected_pairs = {1: [(1, 2), (3, 4), (5, 6)], 2: [(1, 3), (5, 2), (4, 6)],
                      3: [(3, 5), (1, 6), (2, 4)]}
    for k in (1, 2, 3):
        assert run.pairs(k) == expected_pairs[k]
        for i, (winner, loser) in enumerate(results[k], start=1):
            run.report(f"r{k}m{i}", {winner: 60, loser: 40})
        if k < 3:
            run.advance()
    # The advance cannot pair a fourth round, so it ends the Swiss after three: number 5 won
    # all three (6 points; 1 and 3 have 4) and is the champion.
    run.advance()
    t = run.t
    assert len(t.rounds) == 3 and t.status == "finished"
    assert t.champion is not None and run.numbers((t.champion,)) == (5,)
    assert not t.can_advance


def test_swiss_byes_and_rematches_over_many_rounds() -> None:
    """Seven teams, six rounds (the most: n - 1): nobody meets anybody twice and nobody sits out
    twice, the bye going to the lowest-ranked team without one."""
    run = Run("swiss", 7, {"seeding": "listed", "rounds": 6})
    had_bye: set[int] = set()
    ranking = list(range(1, 8))  # the standing the round was paired from
    for k in range(1, 7):
        t = run.t
        [bye] = [run.numbers(m.teams)[0] for m in t.rounds[k - 1].matches if m.kind == "bye"]
        assert bye == next(x for x in reversed(ranking) if x not in had_bye)
        had_bye.add(bye)
        lower_wins(run, k)
        ranking = ranked_numbers(run.t)
        if k < 6:
            run.advance()
    met = [frozenset(m.teams) for r in run.t.rounds for m in r.matches if m.kind == "match"]
    assert len(met) == len(set(met)) == 18
    assert len(had_bye) == 6


# -- rummy tables --------------------------------------------------------------------------------

def spec_sizes(n: int, size: int) -> list[int]:
    """The spec's rule: t = min(ceil(n / size), n // 3) tables, as even as possible, big first."""
    tables = min(math.ceil(n / size), n // 3)
    return sorted((n // tables + (i < n % tables) for i in range(tables)), reverse=True)


@pytest.mark.parametrize(("n", "size", "sizes"), [
    (3, 4, [3]), (5, 4, [5]),  # one table: two would leave one under three
    (7, 4, [4, 3]), (8, 3, [4, 4]), (9, 5, [5, 4]), (10, 4, [4, 3, 3]), (11, 3, [4, 4, 3]),
    (12, 4, [4, 4, 4]), (17, 4, [4, 4, 3, 3, 3]), (20, 8, [7, 7, 6]), (20, 3, [4, 4, 3, 3, 3, 3]),
])
def test_rummy_table_sizes_by_hand(n: int, size: int, sizes: list[int]) -> None:
    assert spec_sizes(n, size) == sizes
    run = Run("rummy_tables", n, {"table_size": size})
    assert [len(m.teams) for m in run.t.rounds[0].matches] == sizes


@pytest.mark.parametrize("size", [3, 4, 5, 8])
@pytest.mark.parametrize("n", range(3, 21))
def test_rummy_table_sizes(n: int, size: int) -> None:
    t = Run("rummy_tables", n, {"table_size": size}).t
    [round_] = t.rounds
    sizes = [len(m.teams) for m in round_.matches]
    assert sizes == spec_sizes(n, size)
    assert min(sizes) >= 3 and max(sizes) - min(sizes) <= 1
    assert sorted(team for m in round_.matches for team in m.teams) == list(range(n))
    assert all(m.kind == "table" and m.games == 1 and m.first_to is None
               for m in round_.matches)
    assert [m.key for m in round_.matches] == [f"r1m{i}" for i in range(1, len(sizes) + 1)]


def test_rummy_place_points() -> None:
    """Four at one table, two games added up: totals 100, 50, 50, 10 → place points 3, 1, 1, 0
    (players strictly below); standings points = place points (no × points_per_game)."""
    run = Run("rummy_tables", 4, {"rounds": 1, "games_per_match": 2})
    [table] = run.t.rounds[0].matches
    assert table.games == 2
    run.report("r1m1", {1: 60, 2: 20, 3: 30, 4: 0})
    assert run.match("r1m1").status == "playing"
    run.report("r1m1", {1: 40, 2: 30, 3: 20, 4: 10})
    match = run.match("r1m1")
    assert match.status == "complete" and match.winner == run.team(1)
    assert dict(zip(run.numbers(match.teams), match.places, strict=True)) == {1: 3, 2: 1, 3: 1,
                                                                              4: 0}
    t = run.t
    # (rank, number, played, won = place points, lost = the others at the table, points,
    # scored, against)
    assert rows(t) == [(1, 1, 1, 3, 0, 3, 100, 0), (2, 2, 1, 1, 2, 1, 50, 0),
                       (3, 3, 1, 1, 2, 1, 50, 0), (4, 4, 1, 0, 3, 0, 10, 0)]
    t = run.advance()
    assert t.champion == run.team(1) and t.status == "finished"


def test_rummy_rounds_draw_new_tables_from_the_seed() -> None:
    """Twelve players, three rounds of three tables: each round seated afresh; the same seed
    seats the same tables whatever the results; another seed seats others."""
    def tables(run: Run, k: int) -> set[frozenset[int]]:
        return {frozenset(m.teams) for m in run.t.rounds[k - 1].matches}

    def play_all(run: Run, points: dict[int, int]) -> list[set[frozenset[int]]]:
        seen = []
        for k in (1, 2, 3):
            seen.append(tables(run, k))
            for match in run.t.rounds[k - 1].matches:
                run.report(match.key, {run.number(p): points[run.number(p)] for p in match.teams})
            t = run.advance()
        assert t.status == "finished" and len(t.rounds) == 3
        return seen

    first = play_all(Run("rummy_tables", 12, seed=1), {k: 10 * k for k in range(1, 13)})
    assert first[0] != first[1] and first[1] != first[2] and first[0] != first[2]
    again = play_all(Run("rummy_tables", 12, seed=1), {k: 200 - k for k in range(1, 13)})
    assert again == first  # the results do not move anyone's seat
    other = play_all(Run("rummy_tables", 12, seed=2), {k: k for k in range(1, 13)})
    assert other != first


def test_rummy_table_scores_allow_ties_and_need_one_per_player() -> None:
    run = Run("rummy_tables", 4, {"rounds": 1})
    table = run.match("r1m1")
    check_scores(table, (10, 10, 10, 10))
    with pytest.raises(RuleViolation) as caught:
        check_scores(table, (10, 10, 10))
    assert caught.value.field == "scores"


def test_draw_order_is_a_seeded_permutation() -> None:
    assert draw_order(10, 3) == draw_order(10, 3)
    assert sorted(draw_order(10, 3)) == list(range(10))
    assert len({draw_order(10, seed) for seed in range(20)}) > 1


# -- check_tournament: what it refuses -----------------------------------------------------------

TWO = (2,)
PAIRS = make_teams(4)
SINGLES = make_teams(4, players=1)


def refused(fmt: str, variant: str, teams: list[Team], given: dict[str, Any],
            sides: tuple[int, ...] = TWO) -> str | None:
    with pytest.raises(RuleViolation) as caught:
        check_tournament(fmt, variant, sides, teams, given)
    assert caught.value.message
    return caught.value.field


REFUSALS: list[tuple[str, str, list[Team], dict[str, Any], tuple[int, ...], str]] = [
    ("league", "quebec-500", PAIRS, {}, TWO, "format"),
    ("quebec", "rummy-500", SINGLES, {}, (1,), "format"),
    ("quebec", "cinquecento", PAIRS, {}, TWO, "format"),
    ("rummy_tables", "quebec-500", PAIRS, {}, TWO, "format"),
    ("quebec", "quebec-500", PAIRS[:1], {}, TWO, "teams"),
    ("rummy_tables", "rummy-500", SINGLES[:2], {}, (1,), "teams"),
    ("round_robin", "quebec-500", make_teams(513), {}, TWO, "teams"),
    ("quebec", "quebec-500", [*PAIRS[:3], Team(" team 1 ", ("X", "Y"))], {}, TWO,
     "teams.3.name"),
    ("quebec", "quebec-500", [*PAIRS[:3], Team("Solo", ("X",))], {}, TWO, "teams.3.players"),
    ("quebec", "quebec-500", make_teams(4, 3), {}, TWO, "teams.0.players"),
    ("rummy_tables", "rummy-500", PAIRS, {}, (1, 2), "teams.0.players"),
    ("quebec", "quebec-500", PAIRS, {"games_per_match": {"knockout": 4}}, TWO,
     "options.games_per_match.knockout"),
    ("quebec", "quebec-500", PAIRS, {"games_per_match": {"qualifying": 0}}, TWO,
     "options.games_per_match.qualifying"),
    ("quebec", "quebec-500", PAIRS, {"games_per_match": {"qualifying": 16}}, TWO,
     "options.games_per_match.qualifying"),
    ("quebec", "quebec-500", PAIRS, {"games_per_match": {"final": 3}}, TWO,
     "options.games_per_match"),
    ("quebec", "quebec-500", PAIRS, {"games_per_match": 5}, TWO, "options.games_per_match"),
    ("quebec", "quebec-500", PAIRS, {"seeding": "listed"}, TWO, "options.seeding"),
    ("quebec", "quebec-500", PAIRS, {"points_per_game": 0}, TWO, "options.points_per_game"),
    ("round_robin", "quebec-500", PAIRS, {"points_per_game": 11}, TWO,
     "options.points_per_game"),
    ("round_robin", "quebec-500", PAIRS, {"game_unit": "hand"}, TWO, "options.game_unit"),
    ("round_robin", "quebec-500", PAIRS, {"seeding": "random"}, TWO, "options.seeding"),
    ("round_robin", "quebec-500", PAIRS, {"games_per_match": 16}, TWO,
     "options.games_per_match"),
    ("single_elimination", "quebec-500", PAIRS, {"games_per_match": 2}, TWO,
     "options.games_per_match"),
    ("swiss", "quebec-500", PAIRS, {"rounds": 4}, TWO, "options.rounds"),
    ("swiss", "quebec-500", PAIRS, {"rounds": 0}, TWO, "options.rounds"),
    ("swiss", "quebec-500", make_teams(5), {"rounds": 6}, TWO, "options.rounds"),
    ("rummy_tables", "rummy-500", SINGLES, {"table_size": 2}, (1,), "options.table_size"),
    ("rummy_tables", "rummy-500", SINGLES, {"table_size": 9}, (1,), "options.table_size"),
    ("rummy_tables", "rummy-500", SINGLES, {"rounds": 0}, (1,), "options.rounds"),
    ("rummy_tables", "rummy-500", SINGLES, {"rounds": 21}, (1,), "options.rounds"),
    ("rummy_tables", "rummy-500", SINGLES, {"seeding": "listed"}, (1,), "options.seeding"),
]


@pytest.mark.parametrize(("fmt", "variant", "teams", "given", "sides", "field"), [
    pytest.param(*case, id=f"{case[0]}-{case[5]}-{i}") for i, case in enumerate(REFUSALS)])
def test_check_tournament_refuses(fmt: str, variant: str, teams: list[Team],
                                  given: dict[str, Any], sides: tuple[int, ...],
                                  field: str) -> None:
    assert refused(fmt, variant, teams, given, sides) == field


def test_swiss_rounds_at_most_what_avoids_a_rematch() -> None:
    """Swiss `rounds`: n - 1 for an even field; an odd field sits each team out once, so five
    teams can play five rounds (each meets the other four and sits out once), not six."""
    assert refused("swiss", "quebec-500", make_teams(6), {"rounds": 6}) == "options.rounds"
    assert refused("swiss", "quebec-500", make_teams(5), {"rounds": 6}) == "options.rounds"
    assert check_tournament("swiss", "quebec-500", TWO, make_teams(5), {"rounds": 5})[
        "rounds"] == 5


@pytest.mark.parametrize(("fmt", "variant", "teams", "sides", "expected"), [
    ("quebec", "quebec-500", PAIRS, TWO,
     {"points_per_game": 2, "game_unit": "deal",
      "games_per_match": {"qualifying": 5, "knockout": 3}}),
    ("single_elimination", "australian-500", PAIRS, TWO,
     {"points_per_game": 2, "game_unit": "deal", "seeding": "draw", "games_per_match": 1,
      "third_place": False}),
    ("double_elimination", "quebec-500", PAIRS, TWO,
     {"points_per_game": 2, "game_unit": "deal", "seeding": "draw", "games_per_match": 1,
      "grand_final_reset": True}),
    ("round_robin", "cinquecento", PAIRS, TWO,
     {"points_per_game": 2, "game_unit": "deal", "seeding": "draw", "games_per_match": 1}),
    ("swiss", "quebec-500", PAIRS, TWO,
     {"points_per_game": 2, "game_unit": "deal", "seeding": "draw", "games_per_match": 1,
      "rounds": None}),
    ("rummy_tables", "rummy-500", SINGLES, (1,),
     {"game_unit": "deal", "games_per_match": 1, "table_size": 4, "rounds": 3}),
])
def test_check_tournament_defaults(fmt: str, variant: str, teams: list[Team],
                                   sides: tuple[int, ...], expected: dict[str, Any]) -> None:
    assert check_tournament(fmt, variant, sides, teams, {}) == {**expected,
                                                                "confirm_games": False}


def test_check_tournament_accepts_game_unit_game_and_bounds() -> None:
    options = check_tournament("quebec", "quebec-500", TWO, PAIRS,
                               {"game_unit": "game", "points_per_game": 10,
                                "games_per_match": {"qualifying": 15, "knockout": 15}})
    assert options["game_unit"] == "game" and options["points_per_game"] == 10
    assert check_tournament("rummy_tables", "rummy-500", (1,), SINGLES,
                            {"table_size": 8, "rounds": 20})["rounds"] == 20


def test_build_is_deterministic_for_the_draw() -> None:
    teams = make_teams(9)
    options = check_tournament("quebec", "quebec-500", TWO, teams, {})
    assert build("quebec", teams, options, 11, 0, []) == build("quebec", teams, options, 11, 0,
                                                               [])
    assert build("quebec", teams, options, 11, 0, []).order == draw_order(9, 11)


def test_check_scores() -> None:
    t = Run("quebec", 4).t
    assert t.match("r9m9") is None
    match = t.match("r1m1")
    assert match is not None
    for scores in ((10,), (10, 5, 0), (7, 7)):
        with pytest.raises(RuleViolation) as caught:
            check_scores(match, scores)
        assert caught.value.field == "scores"
    check_scores(match, (-10, 5))  # negative scores are fine
