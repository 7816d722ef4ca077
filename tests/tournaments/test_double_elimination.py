"""Double elimination (docs/decisions.md): the winners' bracket is a single elimination; its
losers drop to the losers' bracket, whose first round pairs the winners' first round's losers,
then alternates minor rounds (the survivors against the next winners' round's losers, crossed to
the neighbouring half) and major rounds (the survivors pair off); the grand final sets the
winners' champion against the losers' champion, and a reset decides if the losers' side won it
(when `grand_final_reset` is on). And single elimination's third-place match.

What holds over every field of 2 to 20 teams, any seeding and any results:
- the tournament finishes after exactly 2 × (winners' rounds) - 1 advances, one more with a reset;
- every team but the champion is out after exactly two lost matches, and plays none after — but
  for the winners' champion beaten in a grand final without reset, out after one; the champion
  lost at most one;
- no team plays twice in a round; no pair meets twice in the winners' bracket or twice in the
  losers' bracket (the pair met at most once before the grand final, once in each bracket);
- a team dropping into the losers' bracket meets, in the round it drops into, nobody it met
  before — except the winners' final's loser, who meets the losers' bracket's last survivor;
- the grand final's two teams met at most once before it (in the winners' bracket);
- placings are a permutation of the teams: the champion, the grand final's loser, then the rest
  by the losers' round they went out in, later first, a round's losers sharing a place."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from itertools import pairwise
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.rules.errors import RuleViolation
from scorekeeper.tournaments import Match, Report, Tournament, build, check_tournament
from tests.tournaments.helpers import SIDE_SIZES, Run, make_teams

Chooser = Callable[[Match], int]  # the index in match.teams of the team winning its next game


def play(fmt: str, n: int, options: Mapping[str, Any], seed: int, choose: Chooser
         ) -> tuple[Tournament, int]:
    """Play a tournament round by round until finished: every open match's games reported as
    `choose` says, then an advance. The finished tournament and the advances it took."""
    teams = make_teams(n)
    resolved = check_tournament(fmt, "quebec-500", SIDE_SIZES["quebec-500"], teams, options)
    reports: list[Report] = []
    for advances in range(64):
        t = build(fmt, teams, resolved, seed, advances, reports)
        assert not t.stale
        if t.status == "finished":
            return t, advances
        for round_ in t.rounds:
            for match in round_.matches:
                played = match
                while not played.complete:
                    won = choose(played)
                    scores = (300, 100) if won == 0 else (100, 300)
                    played = replace(played, results=(
                        *played.results, Report(match.key, len(played.results) + 1, scores,
                                                match.teams)))
                reports.extend(played.results[len(match.results):])
        t = build(fmt, teams, resolved, seed, advances, reports)
        if t.status == "finished":
            return t, advances
        assert t.can_advance, t.next_step
    raise AssertionError("the tournament did not finish")


def depth(n: int) -> int:
    return max(1, (n - 1).bit_length())


def met(t: Tournament, kinds: tuple[str, ...]) -> list[frozenset[int]]:
    return [frozenset(m.teams) for r in t.rounds if r.kind in kinds for m in r.matches
            if m.kind == "match"]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.integers(2, 20), st.booleans(), st.sampled_from([1, 3]),
       st.sampled_from(["draw", "listed"]), st.integers(0, 2**31 - 1))
def test_every_double_elimination_ends_with_two_losses_each(
        data: st.DataObject, n: int, reset: bool, games: int, seeding: str, seed: int) -> None:
    options = {"grand_final_reset": reset, "games_per_match": games, "seeding": seeding}
    t, advances = play("double_elimination", n, options, seed,
                       lambda _match: data.draw(st.integers(0, 1)))
    finals = [r.matches[0] for r in t.rounds if r.kind == "final"]
    grand = finals[0]
    assert advances == 2 * depth(n) - 1 + (len(finals) - 1)
    assert len(finals) == (2 if reset and grand.winner == grand.teams[1] else 1)
    champion = t.champion
    assert champion is not None and champion == finals[-1].winner
    # losses, and nobody plays after going out
    lost: dict[int, list[int]] = {team: [] for team in range(n)}
    played: dict[int, list[int]] = {team: [] for team in range(n)}
    for round_ in t.rounds:
        seen = [team for m in round_.matches for team in m.teams]
        assert len(seen) == len(set(seen)), "a team twice in one round"
        for match in round_.matches:
            assert match.complete
            for team in match.teams:
                played[team].append(round_.number)
            if match.loser is not None:
                lost[match.loser].append(round_.number)
    unreset = not reset and grand.loser == grand.teams[0]
    for team in range(n):
        if team == champion:
            assert len(lost[team]) <= 1
        elif unreset and team == grand.loser:
            assert lost[team] == [finals[0].round]
        else:
            assert len(lost[team]) == 2, (team, lost[team])
            assert played[team][-1] == lost[team][1], "played on after two losses"
    # meetings
    winners, losers = met(t, ("knockout",)), met(t, ("losers",))
    assert len(winners) == len(set(winners)) and len(losers) == len(set(losers))
    before = met(t, ("knockout", "losers"))
    assert before.count(frozenset(grand.teams)) <= 1
    assert frozenset(grand.teams) not in losers
    winners_rounds = [r for r in t.rounds if r.kind == "knockout"]
    for k, round_ in enumerate(winners_rounds[:-1]):
        for match in round_.matches:
            if match.loser is None:
                continue
            earlier = {other for r in t.rounds[:round_.number] for m in r.matches
                       if match.loser in m.teams for other in m.teams} - {match.loser}
            dropped_into = next(r for r in t.rounds if r.kind == "losers"
                                and r.number > round_.number)
            if k > 0:  # the winners' first round's losers drop into the losers' first round
                dropped_into = [r for r in t.rounds if r.kind == "losers"][2 * k - 1]
            [there] = [m for m in dropped_into.matches if match.loser in m.teams]
            assert not set(there.teams) & earlier, "a rematch in the round dropped into"
    # placings
    placings = list(t.placings)
    assert sorted(team for _, team in placings) == list(range(n))
    assert placings[0] == (1, champion)
    assert placings[1] == (2, finals[-1].loser)
    places = [place for place, _ in placings]
    assert places == sorted(places)
    out_round = {team: (lost[team][-1] if lost[team] else 0) for team in range(n)}
    for (place, team), (other_place, other) in pairwise(placings[1:]):
        assert (place == other_place) == (out_round[team] == out_round[other]), (team, other)
        assert out_round[team] >= out_round[other]
    assert [s.team for s in t.standings] == [team for _, team in placings]


# -- worked examples, with the seeds in the order listed: team(n) drew number n ----------------


def win(run: Run, key: str, number: int) -> None:
    """The team with drawn number `number` wins the match `key`."""
    match = run.match(key)
    other = next(run.number(t) for t in match.teams if run.number(t) != number)
    while not run.match(key).complete:
        run.report(key, {number: 300, other: 100})


def kinds_and_pairs(run: Run) -> list[tuple[str, list[tuple[int, ...]]]]:
    t = run.t
    return [(r.kind, [run.numbers(m.teams) for m in r.matches]) for r in t.rounds]


def placed(run: Run) -> list[tuple[int, int]]:
    return [(place, run.number(team)) for place, team in run.t.placings]


def four_to_the_grand_final(reset: bool) -> Run:
    """4 beats 1 and 2 beats 3; 2 wins the winners' final. 1 beats 3, then 4 beats 1."""
    run = Run("double_elimination", 4, {"seeding": "listed", "grand_final_reset": reset})
    assert run.pairs(1) == [(1, 4), (2, 3)]
    win(run, "r1m1", 4)
    win(run, "r1m2", 2)
    run.advance()
    assert kinds_and_pairs(run)[1:] == [("knockout", [(4, 2)]), ("losers", [(1, 3)])]
    assert [r.name for r in run.t.rounds] == ["Semi-finals", "Winners' final",
                                              "Losers' round 1"]
    win(run, "r2m1", 2)
    win(run, "r3m1", 1)
    run.advance()
    assert kinds_and_pairs(run)[3:] == [("losers", [(1, 4)])]  # no crossing with one match
    assert run.t.rounds[3].name == "Losers' final"
    win(run, "r4m1", 4)
    run.advance()
    assert kinds_and_pairs(run)[4:] == [("final", [(2, 4)])]
    assert run.t.rounds[4].name == "Grand final"
    return run


def test_four_teams_with_a_reset() -> None:
    run = four_to_the_grand_final(reset=True)
    win(run, "r5m1", 4)  # the losers' side wins the grand final: both have lost once
    t = run.t
    assert t.status == "playing" and t.can_advance and t.placings == ()
    run.advance()
    assert kinds_and_pairs(run)[5:] == [("final", [(2, 4)])]
    assert run.t.rounds[5].name == "Grand final reset"
    win(run, "r6m1", 2)
    assert run.t.champion == run.team(2)
    assert placed(run) == [(1, 2), (2, 4), (3, 1), (4, 3)]


def test_four_teams_without_a_reset() -> None:
    run = four_to_the_grand_final(reset=False)
    win(run, "r5m1", 4)
    t = run.t
    assert t.status == "finished" and t.champion == run.team(4) and not t.can_advance
    assert placed(run) == [(1, 4), (2, 2), (3, 1), (4, 3)]


def test_a_winners_champion_who_wins_the_grand_final_needs_no_reset() -> None:
    run = four_to_the_grand_final(reset=True)
    win(run, "r5m1", 2)
    assert run.t.champion == run.team(2)
    assert placed(run) == [(1, 2), (2, 4), (3, 1), (4, 3)]


def test_eight_teams_by_hand() -> None:
    run = Run("double_elimination", 8, {"seeding": "listed"})
    for key, number in (("r1m1", 1), ("r1m2", 5), ("r1m3", 7), ("r1m4", 3)):
        win(run, key, number)
    run.advance()
    # the winners' second round, and the first round's losers (8, 4, 2, 6) pair off in order
    assert kinds_and_pairs(run)[1:] == [("knockout", [(1, 5), (7, 3)]),
                                        ("losers", [(8, 4), (2, 6)])]
    for key, number in (("r2m1", 1), ("r2m2", 3), ("r3m1", 4), ("r3m2", 2)):
        win(run, key, number)
    run.advance()
    # 5 (beaten by 1) crosses to meet 2, who came up the other half; 7 meets 4
    assert kinds_and_pairs(run)[3:] == [("knockout", [(1, 3)]), ("losers", [(4, 7), (2, 5)])]
    for key, number in (("r4m1", 3), ("r5m1", 4), ("r5m2", 5)):
        win(run, key, number)
    run.advance()
    assert kinds_and_pairs(run)[5:] == [("losers", [(4, 5)])]
    win(run, "r6m1", 5)
    run.advance()
    assert kinds_and_pairs(run)[6:] == [("losers", [(5, 1)])]
    win(run, "r7m1", 1)
    run.advance()
    assert kinds_and_pairs(run)[7:] == [("final", [(3, 1)])]
    assert [r.name for r in run.t.rounds] == [
        "Quarter-finals", "Semi-finals", "Losers' round 1", "Winners' final", "Losers' round 2",
        "Losers' round 3", "Losers' final", "Grand final"]
    win(run, "r8m1", 3)
    t = run.t
    assert t.champion == run.team(3) and t.advances == 5
    assert placed(run) == [(1, 3), (2, 1), (3, 5), (4, 4), (5, 2), (5, 7), (7, 6), (7, 8)]
    assert [s.number for s in t.standings] == [3, 1, 5, 4, 2, 7, 6, 8]


def test_byes_in_the_losers_bracket() -> None:
    """Five teams in a bracket of 8: only 4-5 is played in the winners' first round, so its loser
    has a bye in the losers' first round and the other place there is empty."""
    run = Run("double_elimination", 5, {"seeding": "listed"})
    assert [m.kind for m in run.t.rounds[0].matches] == ["bye", "match", "bye", "bye"]
    win(run, "r1m2", 4)
    run.advance()
    losers = run.t.rounds[2]
    assert losers.kind == "losers" and [m.kind for m in losers.matches] == ["bye"]
    assert run.numbers(losers.matches[0].teams) == (5,) and losers.complete


def test_two_teams_meet_in_the_grand_final_again() -> None:
    run = Run("double_elimination", 2, {"seeding": "listed"})
    assert run.t.rounds[0].name == "Winners' final"
    win(run, "r1m1", 2)
    run.advance()
    assert kinds_and_pairs(run)[1:] == [("final", [(2, 1)])]
    win(run, "r2m1", 1)
    run.advance()
    win(run, "r3m1", 1)
    assert run.t.champion == run.team(1)
    assert placed(run) == [(1, 1), (2, 2)]


def test_games_per_match_must_be_odd() -> None:
    with pytest.raises(RuleViolation) as refused:
        Run("double_elimination", 4, {"games_per_match": 2})
    assert refused.value.says == "knockout_odd"


# -- single elimination's third place ----------------------------------------------------------


def test_third_place_with_four_teams() -> None:
    run = Run("single_elimination", 4, {"seeding": "listed", "third_place": True})
    win(run, "r1m1", 1)
    win(run, "r1m2", 3)
    run.advance()
    assert kinds_and_pairs(run)[1:] == [("third_place", [(4, 2)]), ("knockout", [(1, 3)])]
    assert run.t.rounds[1].name == "Third place"
    win(run, "r3m1", 1)
    assert run.t.champion is None and run.t.status == "playing"  # third place still to play
    assert not run.t.can_advance
    win(run, "r2m1", 4)
    assert run.t.champion == run.team(1)
    assert placed(run) == [(1, 1), (2, 3), (3, 4), (4, 2)]
    assert [s.number for s in run.t.standings] == [1, 3, 4, 2]


def test_third_place_with_eight_teams() -> None:
    run = Run("single_elimination", 8, {"seeding": "listed", "third_place": True})
    for key, number in (("r1m1", 1), ("r1m2", 4), ("r1m3", 2), ("r1m4", 6)):
        win(run, key, number)
    run.advance()
    win(run, "r2m1", 4)
    win(run, "r2m2", 2)
    run.advance()
    assert kinds_and_pairs(run)[2:] == [("third_place", [(1, 6)]), ("knockout", [(4, 2)])]
    win(run, "r3m1", 1)
    win(run, "r4m1", 2)
    assert placed(run) == [(1, 2), (2, 4), (3, 1), (4, 6), (5, 3), (5, 5), (5, 7), (5, 8)]


def test_three_teams_have_no_third_place_match() -> None:
    run = Run("single_elimination", 3, {"seeding": "listed", "third_place": True})
    win(run, "r1m2", 2)
    run.advance()
    assert [r.kind for r in run.t.rounds] == ["knockout", "knockout"]
    win(run, "r2m1", 1)
    assert placed(run) == [(1, 1), (2, 2), (3, 3)]


def test_without_the_option_no_third_place() -> None:
    run = Run("single_elimination", 4, {"seeding": "listed"})
    win(run, "r1m1", 1)
    win(run, "r1m2", 2)
    run.advance()
    assert [r.kind for r in run.t.rounds] == ["knockout", "knockout"]
    win(run, "r2m1", 1)
    assert placed(run) == [(1, 1), (2, 2), (3, 3), (3, 4)]
