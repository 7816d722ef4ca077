"""The refusals that name a match, in the tournament's words: a progressive night's matches are
its tables (named by table and round, as the players know them, not by the match's key) and
their games are deals. Each refusal is two whole sentences, one per kind of night, so that no
language has to build "the match" or "the table" into a sentence with its article and gender.
"""

from __future__ import annotations

from scorekeeper import tournaments as pure
from scorekeeper.i18n import say
from scorekeeper.models import Tournament as TournamentRow


def at_tables(row: TournamentRow) -> bool:
    return row.format == "progressive"


def other_scorer(row: TournamentRow, key: str) -> str:
    if at_tables(row):
        return say("that scorer token is for another table")
    return say("that scorer token is for match {match} only", match=key)


def bye(row: TournamentRow, match: pure.Match) -> str:
    if at_tables(row):
        return say("that is a sit-out of round {round}: there is nothing to play",
                   round=match.round)
    return say("match {match} is a bye: there is nothing to play", match=match.key)


def complete(row: TournamentRow, match: pure.Match) -> str:
    if at_tables(row):
        return say("table {table} of round {round} has played all its deals; correct one of "
                   "them instead (PUT .../games/1 to {last})", table=match.table,
                   round=match.round, last=len(match.results))
    return say("match {match} is complete; correct one of its games instead "
               "(PUT .../games/1 to {last})", match=match.key, last=len(match.results))


def over(row: TournamentRow, match: pure.Match) -> str:
    if at_tables(row):
        return say("table {table} of round {round} is over: its deals are all played",
                   table=match.table, round=match.round)
    return say("match {match} is over: its games are all played", match=match.key)


def no_game(row: TournamentRow, match: pure.Match, number: int) -> str:
    if at_tables(row):
        return say("table {table} of round {round} has no deal {number}", table=match.table,
                   round=match.round, number=number)
    return say("match {match} has no game {number}", match=match.key, number=number)


def sheet_deal(row: TournamentRow, match: pure.Match, number: int, game: int | None) -> str:
    if at_tables(row):
        return say("deal {number} of table {table} in round {round} comes from the score "
                   "sheet (game {game}): undo or correct it there", number=number,
                   table=match.table, round=match.round, game=game)
    return say("game {number} of match {match} is a deal of the score sheet's game {game}: "
               "undo or correct that deal there", number=number, match=match.key, game=game)


def on_sheet(row: TournamentRow, match: pure.Match, game: int) -> str:
    if at_tables(row):
        return say("table {table} of round {round} is playing on the score sheet (game "
                   "{game}): its deals are reported from there", table=match.table,
                   round=match.round, game=game)
    return say("match {match} is being played on the score sheet (game {game}): its games are "
               "reported from there", match=match.key, game=game)


def later_rounds(row: TournamentRow, match: pure.Match) -> str:
    if at_tables(row):
        return say("later rounds were seated after round {round}; send ?cascade=true to "
                   "rebuild them (a table's results are reopened if its players change)",
                   round=match.round)
    return say("later rounds were built from match {match}'s round; send ?cascade=true to "
               "rebuild them (their results are reopened if their teams change)",
               match=match.key)


def organizers_correction(row: TournamentRow, match: pure.Match) -> str:
    if at_tables(row):
        return say("later rounds were seated after round {round}, so this correction is the "
                   "organizer's: apply it from the desk", round=match.round)
    return say("later rounds were built from match {match}'s round, so this correction is the "
               "organizer's: apply it from the desk", match=match.key)


def reported_after(row: TournamentRow, match: pure.Match) -> str:
    if at_tables(row):
        return say("table {table} of round {round} has deals reported after this game's; "
                   "correct them at the desk", table=match.table, round=match.round)
    return say("match {match} has games reported after this game's; correct them at the desk",
               match=match.key)


def over_too_soon(row: TournamentRow, match: pure.Match) -> str:
    if at_tables(row):
        return say("with this correction table {table} of round {round} is over before its "
                   "last deal recorded here; undo the deals after it first", table=match.table,
                   round=match.round)
    return say("with this correction match {match} is over before its last deal recorded "
               "here; undo the deals after it first", match=match.key)


def waiting(row: TournamentRow, match: pure.Match, number: int) -> str:
    if at_tables(row):
        return say("deal {number} of table {table} in round {round} waits for the other "
                   "partnership's confirmation; confirm or correct it first", number=number,
                   table=match.table, round=match.round)
    return say("game {number} of match {match} waits for the other team's confirmation; "
               "confirm or correct it first", number=number, match=match.key)


def confirmed(row: TournamentRow, match: pure.Match, number: int) -> str:
    if at_tables(row):
        return say("deal {number} of table {table} in round {round} is confirmed: only the "
                   "organizer may correct it", number=number, table=match.table,
                   round=match.round)
    return say("game {number} of match {match} is confirmed: only the organizer may correct "
               "it", number=number, match=match.key)


def already_confirmed(row: TournamentRow, match: pure.Match, number: int) -> str:
    if at_tables(row):
        return say("deal {number} of table {table} in round {round} is already confirmed",
                   number=number, table=match.table, round=match.round)
    return say("game {number} of match {match} is already confirmed", number=number,
               match=match.key)


def reported_by_other(row: TournamentRow, match: pure.Match, number: int) -> str:
    if at_tables(row):
        return say("deal {number} of table {table} in round {round} was reported by the other "
                   "partnership: confirm it, or ask the organizer to correct it", number=number,
                   table=match.table, round=match.round)
    return say("game {number} of match {match} was reported by the other team: confirm it, or "
               "ask the organizer to correct it", number=number, match=match.key)


def no_longer_fits(row: TournamentRow, match: pure.Match, number: int) -> str:
    if at_tables(row):
        return say("deal {number} no longer fits table {table} of round {round}; correct it",
                   number=number, table=match.table, round=match.round)
    return say("game {number} no longer fits match {match}; correct it", number=number,
               match=match.key)


def not_playing(row: TournamentRow, match: pure.Match, team: int) -> str:
    if at_tables(row):
        return say("player {team} does not sit at table {table} of round {round}", team=team,
                   table=match.table, round=match.round)
    return say("team {team} does not play match {match}", team=team, match=match.key)
