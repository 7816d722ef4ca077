"""Tournaments as pure functions: the draw, pairings, standings, tie-breaks and advancing.

Nothing here touches Flask or the database: a tournament is rebuilt from its teams, its draw
seed, how many times the organizer advanced it, and the games reported (see build.build).
"""

from scorekeeper.tournaments.build import build, check_scores, knockout_size
from scorekeeper.tournaments.model import Match, Report, Round, Standing, Team, Tournament
from scorekeeper.tournaments.options import (
    FAMILY_OF_FORMAT,
    FORMAT_DESCRIPTIONS,
    FORMAT_NAMES,
    FORMATS,
    LATE_ENTRIES,
    PROGRESSIVE_PLAYERS,
    check_tournament,
)
from scorekeeper.tournaments.pairing import draw_order
from scorekeeper.tournaments.tables import check_tables, renumbered

__all__ = ["FAMILY_OF_FORMAT", "FORMATS", "FORMAT_DESCRIPTIONS", "FORMAT_NAMES", "LATE_ENTRIES",
           "PROGRESSIVE_PLAYERS", "Match", "Report", "Round", "Standing", "Team", "Tournament",
           "build", "check_scores", "check_tables", "check_tournament", "draw_order",
           "knockout_size", "renumbered"]
