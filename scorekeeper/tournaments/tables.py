"""Table numbers the organizer gives matches, laid over the ones the fold numbers 1, 2, ...

They are kept by match key, apart from the rounds, so a rebuild (a correction, an advance) keeps
them: a match's key never changes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from scorekeeper.rules.errors import RuleViolation
from scorekeeper.tournaments.model import Round, Tournament

MAX_TABLE = 999


def renumbered(tournament: Tournament, tables: Mapping[str, int]) -> Tournament:
    """The tournament with each match in `tables` at its table (byes keep none)."""
    if not tables:
        return tournament
    rounds = tuple(replace(r, matches=tuple(
        replace(m, table=tables[m.key]) if m.key in tables and m.table is not None else m
        for m in r.matches)) for r in tournament.rounds)
    return replace(tournament, rounds=rounds)


def check_tables(round_: Round, tables: Mapping[str, int],
                 given: Mapping[str, int]) -> dict[str, int]:
    """`tables` (every override stored) with `given` for this round's matches laid over, or
    RuleViolation: a key that is not one of the round's matches, a bye, or two matches of the
    round at one table once the numbers are applied."""
    matches = {m.key: m for m in round_.matches}
    for key in given:
        if key not in matches or matches[key].table is None:  # a bye or an empty place
            raise RuleViolation("table_match", f"tables.{key}", match=key,
                                round=round_.number)
    merged = {**tables, **given}
    seen: dict[int, str] = {}
    for match in round_.matches:
        if match.table is None:
            continue
        table = merged.get(match.key, match.table)
        if table is None:
            continue
        if table in seen:
            raise RuleViolation("table_twice", f"tables.{match.key}", table=table,
                                match=match.key, other=seen[table])
        seen[table] = match.key
    return merged
