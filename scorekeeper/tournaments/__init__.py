"""Tournaments as pure functions: the draw, pairings, standings, tie-breaks and advancing.

Nothing here touches Flask or the database: a tournament is rebuilt from its teams, its draw
seed, how many times the organizer advanced it, and the games reported (see build.build).
"""

from scorekeeper.tournaments.build import build, check_scores, knockout_size
from scorekeeper.tournaments.model import Match, Report, Round, Standing, Team, Tournament
from scorekeeper.tournaments.options import FORMAT_DESCRIPTIONS, FORMATS, check_tournament
from scorekeeper.tournaments.pairing import draw_order

__all__ = ["FORMATS", "FORMAT_DESCRIPTIONS", "Match", "Report", "Round", "Standing", "Team",
           "Tournament", "build", "check_scores", "check_tournament",
           "draw_order", "knockout_size"]
