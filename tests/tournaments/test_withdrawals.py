"""Withdrawals and late entries in the fold (issue 18, item 2). A withdrawal is stored as the
round in play when the team left (0 before the draw), a late entry as the first round it may
play; everything else follows from the rebuild: forfeits, pairings, qualification, standings."""

from __future__ import annotations

from dataclasses import replace

import pytest

from scorekeeper.tournaments import Team, Tournament
from tests.tournaments.helpers import Run, play_qualifying


def leave(run: Run, team: int, round_in_play: int) -> None:
    run.teams[team] = replace(run.teams[team], status="withdrawn", withdrawn=round_in_play)


def enter(run: Run, round_number: int, players: int = 2) -> int:
    run.teams.append(Team(f"Late {len(run.teams)}", tuple(f"L{len(run.teams)}.{j}"
                                                          for j in range(players)),
                          "checked_in", joined=round_number))
    return len(run.teams) - 1


def playing(t: Tournament, round_number: int) -> set[int]:
    return {team for m in t.rounds[round_number - 1].matches for team in m.teams}


def play_round(run: Run, round_number: int) -> None:
    """Every open match of the round, the lower drawn number winning each game 300-100."""
    for match in run.t.rounds[round_number - 1].matches:
        while not run.match(match.key).complete:
            current = run.match(match.key)
            best = min(current.teams, key=run.number)
            run.report(match.key, {run.number(t): 300 if t == best else 100
                                   for t in current.teams})


@pytest.mark.parametrize(("fmt", "n"), [("quebec", 5), ("single_elimination", 5),
                                        ("round_robin", 5), ("swiss", 5), ("rummy_tables", 7)])
def test_a_team_withdrawn_before_the_draw_is_not_drawn(fmt: str, n: int) -> None:
    run = Run(fmt, n)
    leave(run, 2, 0)
    t = run.t
    assert 2 not in t.order and len(t.order) == n - 1
    assert all(2 not in playing(t, r.number) for r in t.rounds)
    assert 2 not in {s.team for s in t.standings}
    assert sorted(s.number for s in t.standings) == list(range(1, n))


def test_the_draw_of_a_full_field_is_unchanged() -> None:
    run = Run("quebec", 8)
    before = run.t.order
    run.teams[3] = replace(run.teams[3], status="checked_in")
    assert run.t.order == before


def test_quebec_mid_match_forfeits_the_games_left_and_counts_them() -> None:
    run = Run("quebec", 4)
    leaving, staying = run.team(1), run.team(2)
    run.report("r1m1", {1: 300, 2: 100})
    run.report("r1m1", {1: 100, 2: 300})
    leave(run, leaving, 1)
    match = run.match("r1m1")
    assert match.forfeit == (leaving,)
    assert match.complete and match.winner == staying
    assert match.wins == (1, 4) and match.totals == (400, 400)  # no card points for a forfeit
    t = run.t
    rows = {s.team: s for s in t.standings}
    assert (rows[staying].won, rows[staying].lost, rows[staying].points) == (4, 1, 8)
    assert (rows[leaving].won, rows[leaving].lost, rows[leaving].scored) == (1, 4, 400)
    assert t.standings[-1].team == leaving
    assert not t.stale


def test_quebec_knockout_takes_the_next_team_by_standings() -> None:
    run = Run("quebec", 10)  # a knockout of 8
    play_qualifying(run)
    qualified = [s.team for s in run.t.standings[:8]]
    ninth = run.t.standings[8].team
    leave(run, qualified[0], 1)  # between the rounds: the qualifying round is complete
    run.advance()
    knockout = run.t.rounds[-1]
    assert knockout.kind == "knockout"
    assert playing(run.t, knockout.number) == set(qualified[1:]) | {ninth}
    assert run.t.standings[-1].team == qualified[0]


def test_a_knockout_winner_that_withdraws_never_advances() -> None:
    run = Run("single_elimination", 4)
    play_round(run, 1)
    winner = run.match("r1m1").winner
    assert winner == run.team(1)
    leave(run, winner, 1)  # between rounds: its place in the final is its opponent's bye
    run.advance()
    final = run.t.rounds[-1].matches[0]
    assert final.kind == "bye" and final.teams == (run.match("r1m2").winner,)
    assert final.complete and final.winner != winner
    t = run.t
    assert t.status == "finished" and t.champion == final.winner
    assert t.placings[-1][1] == winner
    assert t.standings[-1].team == winner


def test_a_knockout_bye_does_not_carry_a_withdrawn_team_on() -> None:
    run = Run("single_elimination", 3, {"games_per_match": 3})  # seed 1 has a bye
    leave(run, run.team(1), 1)
    bye = next(m for m in run.t.rounds[0].matches if m.kind == "bye")
    assert bye.forfeit == (run.team(1),) and bye.wins == (0,)
    play_round(run, 1)
    run.advance()
    final = run.t.rounds[-1].matches[0]
    assert final.kind == "bye" and run.team(1) not in final.teams
    assert run.t.champion == final.teams[0]


def test_a_quebec_knockout_place_nobody_still_in_can_take_is_a_bye() -> None:
    """Eight teams, one leaves during the qualifying round: seven qualify, and the top seed's
    quarter-final is a bye (it was a walkover against the team that left)."""
    run = Run("quebec", 8)
    leaving = run.team(8)
    leave(run, leaving, 1)
    play_qualifying(run)
    run.advance()
    quarter_finals = run.t.rounds[-1]
    assert quarter_finals.kind == "knockout" and len(quarter_finals.matches) == 4
    assert leaving not in playing(run.t, quarter_finals.number)
    assert [m.kind for m in quarter_finals.matches].count("bye") == 1
    top = run.t.standings[0].team
    assert next(m for m in quarter_finals.matches if m.kind == "bye").teams == (top,)


def test_a_knockout_place_both_teams_left_is_empty_and_the_next_goes_through() -> None:
    run = Run("single_elimination", 8)
    first = run.t.rounds[0].matches
    leave(run, first[0].teams[0], 1)
    leave(run, first[0].teams[1], 1)
    play_round(run, 1)
    run.advance()
    first = run.t.rounds[0].matches
    semi = run.t.rounds[1].matches
    assert semi[0].kind == "bye" and semi[0].teams == (first[1].winner,)
    assert semi[1].kind == "match"
    t = run.t
    assert [m.key for m in t.rounds[0].matches] == ["r1m1", "r1m2", "r1m3", "r1m4"]
    assert set(t.contenders) == {first[1].winner, *semi[1].teams}


def test_round_robin_forfeits_every_later_match_and_plays_on() -> None:
    run = Run("round_robin", 4)
    play_round(run, 1)
    leaving = run.team(2)
    leave(run, leaving, 2)
    t = run.t
    for round_ in t.rounds:
        for match in round_.matches:
            if leaving in match.teams and round_.number >= 2:
                assert match.forfeit == (leaving,) and match.complete
                assert match.results == ()
            else:
                assert match.forfeit == ()
    assert t.standings[-1].team == leaving
    rows = {s.team: s for s in t.standings}
    assert rows[leaving].played == 3 and rows[leaving].won == rows[leaving].scored // 300
    # A match it had already played stays as played.
    first = next(m for m in t.rounds[0].matches if leaving in m.teams)
    assert first.forfeit == () and first.results


def test_a_withdrawal_before_the_draw_ranks_nobody_above() -> None:
    run = Run("round_robin", 4)
    leave(run, run.team(4), 1)
    for k in (1, 2, 3):
        play_round(run, k)
    run.advance()
    t = run.t
    assert t.status == "finished"
    assert t.champion == run.team(1)
    assert [team for _, team in t.placings][-1] == run.team(4)


def test_swiss_never_pairs_a_withdrawn_team_again() -> None:
    run = Run("swiss", 6, {"rounds": 3})
    play_round(run, 1)
    leaving = run.team(1)
    leave(run, leaving, 1)
    run.advance()
    t = run.t
    assert leaving not in playing(t, 2)
    assert sum(m.kind == "bye" for m in t.rounds[1].matches) == 1  # five left: one sits out
    play_round(run, 2)
    run.advance()
    assert leaving not in playing(run.t, 3)
    assert run.t.standings[-1].team == leaving


def test_swiss_mid_round_withdrawal_forfeits_that_round() -> None:
    run = Run("swiss", 4, {"rounds": 2})
    match = run.t.rounds[0].matches[0]
    leaving = match.teams[0]
    leave(run, leaving, 1)
    forfeited = run.match(match.key)
    assert forfeited.forfeit == (leaving,) and forfeited.winner == match.teams[1]
    play_round(run, 1)
    run.advance()
    assert leaving not in playing(run.t, 2)


def test_a_swiss_late_entry_plays_from_the_next_round() -> None:
    run = Run("swiss", 5, {"rounds": 3})
    before = run.pairs(1)
    late = enter(run, 2)
    t = run.t
    assert t.order[-1] == late and run.number(late) == 6
    assert run.pairs(1) == before and late not in playing(t, 1)
    play_round(run, 1)
    rows = {s.team: s for s in run.t.standings}
    assert (rows[late].played, rows[late].points, rows[late].rank) == (0, 0, 6)  # nothing yet
    run.advance()
    second = run.t.rounds[1].matches
    assert all(m.kind == "match" for m in second)  # six now: nobody sits out
    assert late in playing(run.t, 2)


def test_an_odd_round_robin_newcomer_takes_the_bye() -> None:
    run = Run("round_robin", 5)
    first = run.pairs(1)
    play_round(run, 1)
    late = enter(run, 2)
    t = run.t
    assert run.pairs(1) == first  # the round already started keeps its bye
    assert any(m.kind == "bye" for m in t.rounds[0].matches)
    met = set()
    for round_ in t.rounds[1:]:
        assert all(m.kind == "match" for m in round_.matches)
        newcomer = [m for m in round_.matches if late in m.teams]
        assert len(newcomer) == 1
        met |= set(newcomer[0].teams) - {late}
    assert len(met) == 4  # it meets everyone who would have sat out from round 2 on
    assert not t.stale


def test_tables_place_a_withdrawn_player_last_and_seat_them_no_more() -> None:
    run = Run("rummy_tables", 6, {"table_size": 3, "rounds": 2})
    table = run.t.rounds[0].matches[0]
    leaving = table.teams[0]
    run.report(table.key, {run.number(t): 100 if t == leaving else 10 for t in table.teams})
    leave(run, leaving, 1)
    forfeited = run.match(table.key)
    assert forfeited.forfeit == (leaving,) and forfeited.complete
    assert forfeited.places[0] == 0 and forfeited.winner != leaving
    play_round(run, 1)
    run.advance()
    assert leaving not in playing(run.t, 2)
    assert len(playing(run.t, 2)) == 5


def test_a_tables_late_entry_is_seated_from_the_next_round() -> None:
    run = Run("rummy_tables", 6, {"table_size": 3, "rounds": 2})
    late = enter(run, 2, players=1)
    assert late not in playing(run.t, 1)
    play_round(run, 1)
    run.advance()
    assert late in playing(run.t, 2)


def test_a_withdrawal_changes_no_round_already_built() -> None:
    """The rebuild is a pure function of the stored facts: the rounds up to the one in play
    keep their teams and results, and no report goes stale."""
    run = Run("quebec", 8)
    play_qualifying(run)
    run.advance()
    before = [(m.key, m.teams) for r in run.t.rounds for m in r.matches]
    top, other = run.match("r2m1").teams
    run.report("r2m1", {run.number(top): 300, run.number(other): 100})
    leave(run, top, 2)
    t = run.t
    assert [(m.key, m.teams) for r in t.rounds for m in r.matches] == before
    assert not t.stale
    assert run.match("r2m1").forfeit == (top,)
    assert run.match("r2m1").winner == other and run.match("r2m1").wins == (1, 2)
