"""The formats, their options, and which teams and variants each one takes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scorekeeper.rules.base import OptionSpec, OptionValue, resolve_options
from scorekeeper.rules.errors import RuleViolation
from scorekeeper.rules.registry import find_variant, variants
from scorekeeper.tournaments.model import Team

MAX_TEAMS = 512
MAX_GAMES = 15
STAGES = ("qualifying", "knockout")
QUEBEC_GAMES = {"qualifying": 5, "knockout": 3}  # RULES.md: 5 games, then best of 3
# The formats made for one family of games: the Quebec format for the contract games' pairs,
# the Rummy tables for players alone.
FAMILY_OF_FORMAT = {"quebec": "contract", "rummy_tables": "rummy", "progressive": "contract"}
# A progressive night: individuals, four to a table as two partnerships.
PROGRESSIVE_PLAYERS = (8, 64)
# A progressive round played for a time: the most deals a table may report in it (a match's
# games are numbered 1 to 99).
TIMED_DEALS = 99


def quebec_games(value: object, where: str) -> dict[str, Any]:
    """{"qualifying": 5, "knockout": 3}: games per match in each stage (knockouts odd)."""
    if not isinstance(value, dict) or set(value) - set(STAGES):
        raise RuleViolation("option_value.quebec_games", where)
    games = {**QUEBEC_GAMES, **value}
    for stage, n in games.items():
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_GAMES:
            raise RuleViolation("option_value.stage_games", f"{where}.{stage}", stage=stage,
                                most=MAX_GAMES)
    if games["knockout"] % 2 == 0:
        raise RuleViolation("knockout_odd", f"{where}.knockout")
    return games


POINTS = OptionSpec("points_per_game", "integer", 2, "Standings points for each game won.",
                    minimum=1, maximum=10)
UNIT = OptionSpec("game_unit", "string", "deal",
                  "What one game of a match is: a 'deal' scored at the table (report its "
                  "scores), or a full 'game' to the target (report a recorded game's id or its "
                  "final scores).", choices=("deal", "game"))
SEEDING = OptionSpec("seeding", "string", "draw",
                     "Seeds from the random 'draw', or 'listed': the order the teams were given, "
                     "or 'ratings': a club tournament's teams seeded by their players' ratings "
                     "at the draw, strongest first; guests and unrated players at a newcomer's "
                     "rating.", choices=("draw", "listed", "ratings"))


def games(default: int, note: str = "") -> OptionSpec:
    return OptionSpec("games_per_match", "integer", default, f"Games in each match{note}.",
                      minimum=1, maximum=MAX_GAMES)


def rounds(default: int | None, note: str, most: int) -> OptionSpec:
    return OptionSpec("rounds", "integer", default, note, minimum=1, maximum=most,
                      nullable=default is None)


FORMATS: dict[str, tuple[OptionSpec, ...]] = {
    "quebec": (POINTS, UNIT, OptionSpec(
        "games_per_match", "table", dict(QUEBEC_GAMES),
        "Games per match in each stage: 5 in the qualifying round (each played), best of 3 in "
        "the knockout.", checker=quebec_games)),
    "single_elimination": (POINTS, UNIT, SEEDING, games(1, " (best of; odd)"),
                           OptionSpec("third_place", "boolean", False,
                                      "The semi-finals' losers play a match for third place, "
                                      "built with the final.")),
    "double_elimination": (POINTS, UNIT, SEEDING, games(1, " (best of; odd)"),
                           OptionSpec("grand_final_reset", "boolean", True,
                                      "If the losers' bracket's champion wins the grand final, "
                                      "a second grand final decides (so that the champion of "
                                      "either side must lose twice).")),
    "round_robin": (POINTS, UNIT, SEEDING, games(1)),
    "swiss": (POINTS, UNIT, SEEDING, games(1),
              rounds(None, "Swiss rounds; null: enough to find a winner (log2 of the teams, "
                           "rounded up). At most one fewer than the teams (as many with an odd "
                           "number, each sitting out once); a Swiss that runs out of pairings "
                           "without a rematch ends early.", MAX_TEAMS)),
    "rummy_tables": (UNIT, games(1, " (each table's scores are added up)"),
                     OptionSpec("table_size", "integer", 4, "Players per table (3 to 8); "
                                "tables are made as even as possible.", minimum=3, maximum=8),
                     rounds(3, "Rounds, each with tables drawn afresh.", 20)),
    "progressive": (rounds(6, "Rounds of the night, each seated afresh: new partners and "
                              "opponents.", 20),
                    OptionSpec("deals_per_round", "integer", 8,
                               "Deals each table plays in a round; the round is over when "
                               "every table has played them.", minimum=1, maximum=30),
                    OptionSpec("round_minutes", "integer", 0,
                               "Minutes a round lasts; 0: rounds by deals (deals_per_round). "
                               "With a time, tables play deals until the organizer closes the "
                               "round once the time is up (a table finishes the deal in play).",
                               minimum=0, maximum=180)),
}
# A game a team's scorer reports waits for the other team's scorer (or the organizer) to confirm
# it: every format takes it.
CONFIRM_GAMES = OptionSpec("confirm_games", "boolean", False,
                           "A game reported by one team's scorer counts only once the other "
                           "team's scorer (or the organizer) confirms it.")
FORMATS = {fmt: (*specs, CONFIRM_GAMES) for fmt, specs in FORMATS.items()}
FORMAT_NAMES: dict[str, str] = {
    "quebec": "Quebec",
    "single_elimination": "Single elimination",
    "double_elimination": "Double elimination",
    "round_robin": "Round robin",
    "swiss": "Swiss",
    "rummy_tables": "Rummy tables",
    "progressive": "Progressive",
}
# When a team may still join (the service's late entries): only before the draw, between any two
# rounds (paired afresh each round), or a round robin with an odd field (the bye's seat).
LATE_ENTRIES: dict[str, str] = {
    "quebec": "before_draw",
    "single_elimination": "before_draw",
    "double_elimination": "before_draw",
    "round_robin": "odd_field",
    "swiss": "between_rounds",
    "rummy_tables": "between_rounds",
    "progressive": "between_rounds",
}
FORMAT_DESCRIPTIONS: dict[str, str] = {
    "quebec": "Quebec 500 (any contract game): a qualifying round of pairs 1-2, 3-4, ... then a "
              "knockout of the top 8, 4 or 2.",
    "single_elimination": "Knockout with byes for the top seeds.",
    "double_elimination": "Knockout where a team is out after two lost matches: the winners' "
                          "bracket's losers drop to a losers' bracket, and the champions of "
                          "both meet in a grand final.",
    "round_robin": "Everyone plays everyone (circle method).",
    "swiss": "Rounds paired by standing, no rematches.",
    "rummy_tables": "Rummy 500 (any rummy game): players at random tables each round, ranked "
                    "within the table.",
    "progressive": "A progressive night (Australian or Quebec 500): players register alone; "
                   "each round seats them four to a table with a new partner, and each player "
                   "adds up their partnership's deal scores. Each round is a number of deals or "
                   "a time. A player sitting out a round gets the round's average: the seated "
                   "players' round scores added up and divided by their number, however many "
                   "deals each table played.",
}


def team_faults(fmt: str, players_per_side: Sequence[int], teams: Sequence[Team]
                ) -> list[RuleViolation]:
    """Every fault of the teams, each at its team (teams.N.name or teams.N.players): a name
    taken, a player listed twice, a team of a size the game cannot seat or unlike the others
    (the size most teams have, the first team's on a tie)."""
    faults = []
    names: dict[str, int] = {}
    seen: dict[str, int] = {}
    for i, team in enumerate(teams):
        if names.setdefault(team.name.strip().casefold(), i) != i:
            faults.append(RuleViolation("team_name_twice", f"teams.{i}.name", name=team.name))
        mine: set[str] = set()
        for player in team.players:
            key = player.strip().casefold()
            if key in mine or seen.setdefault(key, i) != i:
                faults.append(RuleViolation("player_twice", f"teams.{i}.players", player=player))
                break
            mine.add(key)
    counts = [len(team.players) for team in teams]
    fitting = [n for n in counts if n in players_per_side]
    usual = max(fitting, key=lambda n: (fitting.count(n), -counts.index(n))) if fitting else None
    for i, team in enumerate(teams):
        count = len(team.players)
        if fmt == "rummy_tables" and count != 1:
            faults.append(RuleViolation("team_size.rummy_tables", f"teams.{i}.players",
                                        name=team.name, count=count))
        elif count not in players_per_side:
            faults.append(RuleViolation("team_size", f"teams.{i}.players", name=team.name,
                                        count=count, sizes=sorted(set(players_per_side))))
        elif count != usual:
            faults.append(RuleViolation("team_size.same", f"teams.{i}.players", name=team.name,
                                        count=count, size=usual))
    return faults


def check_tournament(fmt: str, variant: str, players_per_side: Sequence[int],
                     teams: Sequence[Team], given: Mapping[str, object]
                     ) -> dict[str, OptionValue]:
    """The tournament's options with defaults; RuleViolation for a format, team or option that
    cannot be. `players_per_side` are the side sizes the variant can seat."""
    if fmt not in FORMATS:
        raise RuleViolation("unknown_format", "format", key=fmt, known=list(FORMATS))
    options = resolve_options(FORMATS[fmt], given, FORMAT_NAMES[fmt])
    game = find_variant(variant)
    family = FAMILY_OF_FORMAT.get(fmt, game.family)
    if game.family != family:
        kin = [other.name for other in variants() if other.family == family]
        raise RuleViolation("format_variant", "format", format=FORMAT_NAMES[fmt], variants=kin,
                            variant_name=game.name)
    if fmt == "progressive":
        if (2, 2) not in game.forms:
            raise RuleViolation("format_variant", "format", format=FORMAT_NAMES[fmt],
                                variants=[v.name for v in variants() if (2, 2) in v.forms
                                          and v.family == family], variant_name=game.name)
        check_players(teams)
        return options
    low = 3 if fmt == "rummy_tables" else 2
    if not low <= len(teams) <= MAX_TEAMS:
        raise RuleViolation("team_count", "teams", format=FORMAT_NAMES[fmt], least=low,
                            most=MAX_TEAMS)
    faults = team_faults(fmt, players_per_side, teams)
    if faults:
        faults[0].also = tuple(faults[1:])
        raise faults[0]
    if fmt in ("single_elimination", "double_elimination") and options["games_per_match"] % 2 == 0:  # type: ignore[operator]
        raise RuleViolation("knockout_odd", "options.games_per_match")
    if fmt == "swiss":
        most = len(teams) - 1 if len(teams) % 2 == 0 else len(teams)
        wanted = options["rounds"]
        if isinstance(wanted, int) and wanted > most:
            raise RuleViolation("swiss_rounds", "options.rounds", teams=len(teams), most=most)
    return options


def check_players(teams: Sequence[Team]) -> None:
    """A progressive night's players: each a one-person team, names unique, 8 to 64."""
    least, most = PROGRESSIVE_PLAYERS
    if not least <= len(teams) <= most:
        raise RuleViolation("player_count", "players", least=least, most=most)
    names = [team.name.strip().casefold() for team in teams]
    for i, name in enumerate(names):
        if names.index(name) != i:
            raise RuleViolation("player_twice", f"players.{i}", player=teams[i].name)
        if len(teams[i].players) != 1:
            raise RuleViolation("team_size", f"teams.{i}.players", sizes=[1])
