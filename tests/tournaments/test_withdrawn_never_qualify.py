"""A withdrawn team never qualifies (issue 27): in every format, teams leave at random moments
(before the draw, during a round, between rounds) while random games are reported; no round
built after a team left ever has it in a match, it is never champion, and the tournament can
always be played to its end. The desk refuses only the withdrawal of the last team that can
still win (`Tournament.contenders`), as the service does."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from hypothesis import HealthCheck, event, given, note, settings
from hypothesis import strategies as st

from scorekeeper.tournaments import Match, Report, Tournament
from tests.tournaments.helpers import Run

SIZES = {"quebec": (2, 12), "single_elimination": (2, 10), "double_elimination": (2, 10),
         "round_robin": (2, 7), "swiss": (2, 10), "rummy_tables": (3, 10)}
STEPS = 40  # random steps; then the night is played to its end
VALUES = (0, 10, 20)  # few values: many level teams, many tie-breaks


@st.composite
def nights(draw: st.DrawFn) -> tuple[str, int, dict[str, Any], int]:
    fmt = draw(st.sampled_from(sorted(SIZES)))
    n = draw(st.integers(*SIZES[fmt]))
    given_: dict[str, Any] = {}
    if fmt == "quebec":
        given_ = {"games_per_match": {"qualifying": draw(st.integers(1, 3)),
                                      "knockout": draw(st.sampled_from([1, 3]))}}
    elif fmt == "single_elimination":
        given_ = {"games_per_match": draw(st.sampled_from([1, 3])),
                  "third_place": draw(st.booleans())}
    elif fmt == "double_elimination":
        given_ = {"games_per_match": draw(st.sampled_from([1, 3])),
                  "grand_final_reset": draw(st.booleans())}
    elif fmt == "swiss":
        given_ = {"rounds": draw(st.one_of(st.none(), st.integers(1, max(1, n - 1))))}
    elif fmt == "rummy_tables":
        given_ = {"table_size": draw(st.integers(3, 5)), "rounds": draw(st.integers(1, 3))}
    return fmt, n, given_, draw(st.integers(0, 2**16))


def scores(match: Match, draw: Any) -> tuple[int, ...]:
    """A game's scores: a winner in a two-team match, anything at a table."""
    if match.kind == "table":
        return tuple(draw(st.sampled_from(VALUES)) for _ in match.teams)
    first = draw(st.sampled_from(VALUES))
    return (first, draw(st.sampled_from([v for v in VALUES if v != first])))


def report(run: Run, match: Match, game: tuple[int, ...]) -> None:
    run.reports.append(Report(match.key, len(match.results) + 1, game, match.teams))


def check(t: Tournament, left: dict[int, int]) -> None:
    """No round built after a team left has it; a withdrawn team is never champion."""
    for team, built in left.items():
        later = [r.number for r in t.rounds[built:] if any(team in m.teams for m in r.matches)]
        assert not later, f"team {team} left with {built} rounds built, is in rounds {later}"
    assert t.champion not in left


def advance(run: Run) -> bool:
    before = run.t.advances
    run.advances += 1
    if run.t.advances == before:
        run.advances -= 1
        return False
    return True


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(night=nights(), data=st.data())
def test_a_withdrawn_team_never_qualifies(night: tuple[str, int, dict[str, Any], int],
                                          data: st.DataObject) -> None:
    fmt, n, given_, seed = night
    event(fmt)
    note(f"{fmt}, {n} teams, options {given_}, seed {seed}")
    run = Run(fmt, n, given_, seed=seed)
    least = 3 if fmt == "rummy_tables" else 2
    before_draw = data.draw(st.sets(st.integers(0, n - 1), max_size=n - least), label="gone")
    for team in before_draw:
        run.teams[team] = replace(run.teams[team], status="withdrawn", withdrawn=0)
    left = dict.fromkeys(before_draw, 0)
    for _ in range(STEPS):
        t = run.t
        check(t, left)
        if t.status == "finished":
            return
        for team in data.draw(st.lists(st.integers(0, n - 1), max_size=2), label="leaving"):
            t = run.t
            if team in left or t.status == "finished" or t.contenders == (team,):
                continue  # the desk refuses these
            run.teams[team] = replace(run.teams[team], status="withdrawn",
                                      withdrawn=t.round_in_play)
            left[team] = len(t.rounds)
            event("a team left after the draw")
            check(run.t, left)
        for match in [m for r in run.t.rounds for m in r.matches if not m.complete]:
            for _ in range(data.draw(st.integers(0, match.games), label="games")):
                current = run.match(match.key)
                if current.complete:
                    break
                report(run, current, scores(current, data.draw))
        if run.t.can_advance:
            advance(run)
    # The night plays on to its end, every game decided, nobody else leaving.
    for _ in range(4 * n + 20):
        t = run.t
        check(t, left)
        if t.status == "finished":
            break
        for match in [m for r in t.rounds for m in r.matches if not m.complete]:
            current = match
            while not current.complete:
                ranked = sorted(current.teams, key=t.order.index)
                report(run, current, tuple(100 - 10 * ranked.index(team)
                                           for team in current.teams))
                current = run.match(match.key)
        if run.t.status == "finished":
            continue
        assert run.t.can_advance, run.t.next_step
        assert advance(run), "an advance changed nothing"
    t = run.t
    check(t, left)
    assert t.status == "finished" and t.champion is not None
    placed = [team for _, team in t.placings]
    stayed = [team for team in placed if team not in left]
    assert placed[:len(stayed)] == stayed  # the teams that left come last
