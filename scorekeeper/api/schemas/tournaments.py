"""Tournaments: creating one, its teams, rounds, matches, scorers, reports and formats."""

from __future__ import annotations

from marshmallow import fields

from scorekeeper.api import validate
from scorekeeper.api.bounds import Items, Map, options_map
from scorekeeper.api.schemas.common import (
    MAX_KEY,
    MAX_SIDES,
    MAX_TOURNAMENT_NAME,
    OPTION_VALUE,
    Name,
    Query,
    Strict,
    any_value,
    variant_key,
)
from scorekeeper.api.schemas.games import SeatedPlayer
from scorekeeper.i18n import LANGUAGES
from scorekeeper.tournaments.options import MAX_TEAMS

MAX_SCORE = 100_000


class TeamInputSchema(Strict):
    name = Name(required=True, metadata={"example": "Les As"})
    players = Items(SeatedPlayer(), 3, 1, required=True, metadata={"example": ["Ann", "Cy"]})


class TournamentCreateSchema(Strict):
    name = Name(MAX_TOURNAMENT_NAME, required=True,
                metadata={"example": "Tournoi de la Saint-Jean"})
    variant = variant_key(required=True)
    format = fields.Str(required=True, validate=validate.Length(1, MAX_KEY), metadata={
        "description": "quebec, single_elimination, double_elimination, round_robin, swiss, "
                       "rummy_tables or progressive",
        "example": "quebec"})
    teams = Items(fields.Nested(TeamInputSchema), MAX_TEAMS, 2, metadata={
                            "description": "teams (players alone at Rummy tables: one player "
                                           "each), in seed order when options.seeding is "
                                           "listed; every format but progressive"})
    players = Items(SeatedPlayer(), MAX_TEAMS, 1, metadata={
        "description": "progressive only (instead of teams): the players' names, unique, 8 to "
                       "64; each becomes a one-person entry of `teams`",
        "example": ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]})
    options = options_map(load_default=dict, metadata={
                              "description": "the format's options (see the tag description); "
                                             "those left out take their defaults",
                              "example": {"games_per_match": {"qualifying": 5, "knockout": 3}}})
    language = fields.Str(validate=validate.OneOf(list(LANGUAGES)), metadata={
        "description": "the language the tournament's projector, print kit and scorer pages "
                       "speak unless the viewer picks another (default: the request's language, "
                       "?lang= or Accept-Language: the organizer page's)",
        "example": "fr"})
    club = fields.Int(strict=True, validate=validate.Range(1, 2**31 - 1), metadata={
        "description": "the club the tournament is played in (its member or admin token as "
                       "X-Club-Token): teams' players may be the club's ({\"name\", "
                       "\"player\"}), and its games on the sheet are the club's games"})


TEAM_STATUSES = ("registered", "checked_in", "withdrawn")


class TournamentTeamSchema(Strict):
    team = fields.Int(required=True, metadata={"description": "the team's index in `teams`"})
    name = fields.Str(required=True)
    players = fields.List(fields.Str(), required=True)
    number = fields.Int(allow_none=True, required=True, metadata={
        "description": "the number drawn (the seed); null before the draw and for a team "
                       "withdrawn before it; a late entry is numbered after everyone drawn"})
    status = fields.Str(required=True, validate=validate.OneOf(TEAM_STATUSES), metadata={
        "description": "registered, checked_in (at the desk; once any team checks in, the draw "
                       "withdraws the teams still only registered) or withdrawn"})
    joined_round = fields.Int(allow_none=True, required=True, metadata={
        "description": "a late entry after the draw: the first round it plays; else null"})
    withdrawn_round = fields.Int(allow_none=True, required=True, metadata={
        "description": "the round in play when it withdrew; null if it withdrew before the "
                       "draw or is still in"})
    player_ids = fields.List(fields.Int(allow_none=True), metadata={
        "description": "a club tournament's team: the club's player each of `players` is, "
                       "index for index (null: a guest); absent when none is linked"})


class ResultSchema(Strict):
    number = fields.Int(required=True, metadata={"description": "1 for the match's first game"})
    scores = fields.List(fields.Int(), required=True,
                         metadata={"description": "in the match's team order"})
    game_id = fields.Int(allow_none=True, required=True,
                         metadata={"description": "the recorded game it came from, if any"})
    hand = fields.Int(allow_none=True, metadata={
        "description": "a deal played on the score sheet: its hand number in game `game_id` "
                       "(correct it there); null otherwise"})


class UnconfirmedSchema(Strict):
    number = fields.Int(required=True)
    scores = fields.List(fields.Int(), required=True,
                         metadata={"description": "in the match's team order"})
    reported_by = fields.Int(allow_none=True, required=True, metadata={
        "description": "the team whose scorer reported it (null: the match's own token)"})


class PartnershipSchema(Strict):
    seats = fields.Str(required=True, validate=validate.OneOf(["north_south", "east_west"]))
    players = fields.List(fields.Int(), required=True, metadata={
        "description": "the two players' indices in `teams`"})
    names = fields.List(fields.Str(), required=True)


class MatchSchema(Strict):
    id = fields.Str(required=True, metadata={"example": "r1m3"})
    round = fields.Int(required=True)
    table = fields.Int(allow_none=True, required=True, metadata={
        "description": "the table it is played at: 1, 2, ... within its round, in the round's "
                       "order (null for a bye, which is not played)"})
    kind = fields.Str(required=True, validate=validate.OneOf(
        ["match", "bye", "table", "tiebreak", "partnerships"]), metadata={
            "description": "partnerships: a progressive table, teams North, South, East, West "
                           "(each a player), scored per partnership; bye: a player sitting out"})
    teams = fields.List(fields.Int(), required=True,
                        metadata={"description": "team indices, in the order scores are given"})
    names = fields.List(fields.Str(), required=True)
    partnerships = fields.List(fields.Nested(PartnershipSchema), allow_none=True,
                               required=True, metadata={
        "description": "a progressive table's seats: North-South then East-West, in the order "
                       "its scores are given (null for other matches)"})
    games = fields.Int(required=True, metadata={"description": "the most games it can take"})
    first_to = fields.Int(allow_none=True, required=True, metadata={
        "description": "games won that end it early (knockouts: best of `games`)"})
    status = fields.Str(required=True, validate=validate.OneOf(["pending", "playing",
                                                                "complete"]))
    winner = fields.Int(allow_none=True, required=True)
    forfeit = fields.List(fields.Int(), required=True, metadata={
        "description": "the teams that withdrew while it was open: the games left count as won "
                       "by the other team, with no card points (at a table they are placed "
                       "last); empty otherwise"})
    wins = fields.List(fields.Int(), allow_none=True, required=True,
                       metadata={"description": "games won by each team, forfeited games "
                                                "included (null at tables)"})
    totals = fields.List(fields.Int(), required=True,
                         metadata={"description": "points scored by each team"})
    results = fields.List(fields.Nested(ResultSchema), required=True)
    unconfirmed = fields.List(fields.Nested(UnconfirmedSchema), required=True, metadata={
        "description": "games a team's scorer reported that wait for the other team's "
                       "confirmation (option confirm_games): they count nowhere yet"})
    sheet = fields.Int(allow_none=True, required=True, metadata={
        "description": "the latest game this match played on the score sheet (POST "
                       ".../sheet), whose hands report its games; null if none"})


class RoundSchema(Strict):
    number = fields.Int(required=True)
    name = fields.Str(required=True, metadata={"example": "Quarter-finals"})
    kind = fields.Str(required=True, validate=validate.OneOf(
        ["league", "knockout", "losers", "final", "third_place", "tiebreak"]), metadata={
            "description": "knockout: a (winners') bracket round; losers: a double "
                           "elimination's losers' bracket; final: its grand final and reset"})
    complete = fields.Bool(required=True)
    starts_at = fields.Str(allow_none=True, metadata={
        "description": "progressive: when the round was seated (RFC 3339)"})
    ends_at = fields.Str(allow_none=True, metadata={
        "description": "progressive, a round played for a time (option round_minutes): when "
                       "its time is up; null for a round played by deals"})
    closed_at = fields.Str(allow_none=True, metadata={
        "description": "progressive, a round played for a time: when the organizer closed it "
                       "(POST .../rounds/{number}/close); its tables take no more deals"})
    matches = fields.List(fields.Nested(MatchSchema), required=True)


class StandingRowSchema(Strict):
    rank = fields.Int(required=True)
    team = fields.Int(required=True)
    name = fields.Str(required=True)
    number = fields.Int(required=True)
    played = fields.Int(required=True, metadata={
        "description": "matches, byes included (progressive: deals played)"})
    won = fields.Int(required=True, metadata={
        "description": "games won (Rummy tables: players finished below)"})
    lost = fields.Int(required=True)
    points = fields.Int(required=True, metadata={
        "description": "points_per_game a game won (Rummy tables: players finished below; "
                       "progressive: the partnership's deal scores added up, plus the round's "
                       "average for a round sat out)"})
    scored = fields.Int(required=True)
    against = fields.Int(required=True)


class PlacingSchema(Strict):
    place = fields.Int(required=True, metadata={"description": "1 for the champion; shared by "
                                                               "teams the format leaves level"})
    team = fields.Int(required=True)
    name = fields.Str(required=True)


class PrizeSchema(Strict):
    prize = fields.Str(required=True, validate=validate.OneOf(["high", "second", "booby"]))
    player = fields.Int(required=True, metadata={"description": "the player's index in `teams`"})
    name = fields.Str(required=True)


class TournamentSchema(Strict):
    id = fields.Int(required=True)
    name = fields.Str(required=True)
    variant = fields.Str(required=True)
    format = fields.Str(required=True)
    options = fields.Dict(keys=fields.Str(), values=any_value(OPTION_VALUE), required=True)
    seed = fields.Int(allow_none=True, required=True, metadata={
        "description": "the draw's random seed, shown so a draw can be audited and replayed"})
    language = fields.Str(required=True, validate=validate.OneOf(list(LANGUAGES)), metadata={
        "description": "the language its projector, print kit and scorer pages speak unless "
                       "the viewer picks another (set at creation)"})
    club = fields.Int(required=True, allow_none=True, metadata={
        "description": "the club the tournament is played in, else null"})
    status = fields.Str(required=True, validate=validate.OneOf(["registered", "playing",
                                                                "finished"]))
    champion = fields.Int(allow_none=True, required=True, metadata={
        "description": "the winning team's index once the tournament is over"})
    can_advance = fields.Bool(required=True, metadata={
        "description": "every match is complete: POST .../advance builds the next round"})
    next_step = fields.Str(required=True, metadata={"description": "what happens next, in words"})
    teams = fields.List(fields.Nested(TournamentTeamSchema), required=True)
    rounds = fields.List(fields.Nested(RoundSchema), required=True)
    standings = fields.List(fields.Nested(StandingRowSchema), required=True, metadata={
        "description": "the league rounds' table (Quebec: the qualifying round; single "
                       "elimination: how far each team went; double elimination: the champion, "
                       "the teams still in by losses, then the teams out, latest out first)"})
    placings = fields.List(fields.Nested(PlacingSchema), required=True, metadata={
        "description": "final places once the tournament is finished (empty before), champion "
                       "first, as far as the format decides: a knockout's teams by the round "
                       "they went out in, that round's losers sharing a place (two 3rd, four "
                       "5th), then the teams that never reached it by the qualifying standings; "
                       "a league's teams by its standings; a third-place match decides 3rd and "
                       "4th; double elimination: the champion, the grand final's loser, then the "
                       "teams by the losers' round they went out in, sharing a place within it"})
    players = fields.List(fields.Str(), metadata={
        "description": "progressive: the players' names, index for index the entries of "
                       "`teams` (which clients read for status, check-in and withdrawal)"})
    prizes = fields.List(fields.Nested(PrizeSchema), metadata={
        "description": "progressive, once finished: high (1st), second, and booby (the last "
                       "placed of the players who stayed to the end); empty before"})
    created_at = fields.Str(required=True, metadata={"format": "date-time"})
    updated_at = fields.Str(required=True, metadata={"format": "date-time"})


class TournamentCreatedSchema(TournamentSchema):
    token = fields.Str(required=True, metadata={
        "description": "the organizer's secret for writes; shown only in this response"})
    recovery_code = fields.Str(required=True, metadata={
        "description": "issues a new organizer's token if this one is lost (POST "
                       ".../recover); shown only in this response",
        "example": "KQWM-TZRD-HNBX-PEGA"})


class RecoverSchema(Strict):
    recovery_code = fields.Str(required=True, validate=validate.Length(1, 64), metadata={
        "description": "as given at creation (or by the last recovery); case, spaces and "
                       "dashes do not matter", "example": "KQWM-TZRD-HNBX-PEGA"})


class RecoveredSchema(Strict):
    id = fields.Int(required=True)
    token = fields.Str(required=True, metadata={
        "description": "the organizer's new token (the old one no longer works); shown once"})
    recovery_code = fields.Str(required=True, metadata={
        "description": "the next recovery code (the one sent is used up); shown once"})


class OrganizerInputSchema(Strict):
    label = Name(80, required=True, metadata={"example": "Marie at the bar"})


class OrganizerSchema(Strict):
    id = fields.Int(required=True)
    label = fields.Str(required=True)
    created_at = fields.Str(required=True, metadata={"format": "date-time"})


class OrganizerCreatedSchema(OrganizerSchema):
    token = fields.Str(required=True, metadata={
        "description": "the co-organizer's token: the desk, but not recovery or "
                       "co-organizers; shown once"})


class OrganizersSchema(Strict):
    organizers = fields.List(fields.Nested(OrganizerSchema), required=True)


class DoorSchema(Strict):
    token = fields.Str(required=True, metadata={
        "description": "checks a team in before the draw and does nothing else; shown once"})


class DrawSchema(Strict):
    seed = fields.Int(strict=True, validate=validate.Range(0, 2**31 - 1), metadata={
        "description": "replay a draw with this seed (default: a fresh random one)"})


class GameReportSchema(Strict):
    scores = Items(fields.Int(strict=True, validate=validate.Range(-MAX_SCORE, MAX_SCORE)),
                   MAX_SIDES, 2, metadata={
        "description": "the game's points for each team of the match, in its order",
        "example": [360, 120]})
    game_id = fields.Int(strict=True, validate=validate.Range(1, 2**31 - 1), metadata={
        "description": "instead of scores (option game_unit game): a finished recorded game "
                       "of the same variant played by exactly these teams"})


class DroppedSchema(Strict):
    match = fields.Str(required=True)
    number = fields.Int(required=True)


class ReportReplySchema(Strict):
    match = fields.Nested(MatchSchema, allow_none=True, required=True, metadata={
        "description": "the match as it stands after this report; null if a cascaded correction "
                       "removed it from the rebuilt rounds"})
    dropped = fields.List(fields.Nested(DroppedSchema), required=True, metadata={
        "description": "games removed because the correction changed who plays those matches "
                       "(their matches are open again)"})
    status = fields.Str(required=True)
    champion = fields.Int(allow_none=True, required=True)
    can_advance = fields.Bool(required=True)
    next_step = fields.Str(required=True)
    reopened = fields.List(fields.Str(), metadata={
        "description": "corrections: the matches open again because games were dropped"})
    preview = fields.Bool(metadata={
        "description": "corrections: true when nothing was stored (?preview=true)"})
    standings = fields.List(fields.Nested(StandingRowSchema), metadata={
        "description": "a preview's standings as the correction would leave them"})


class SheetPreviewSchema(ReportReplySchema):
    apply = fields.Str(required=True, validate=validate.OneOf(["now", "cascade", "organizer"]),
                       metadata={"description": "who may apply it: `now` (the write as sent "
                                 "would), `cascade` (later rounds were built on the match: send "
                                 "it again with ?cascade=true), `organizer` (later rounds were "
                                 "built on the match: only the organizer, or a co-organizer, "
                                 "applies it, with ?cascade=true)"})


class CascadeSchema(Query):
    cascade = fields.Boolean(load_default=False, truthy={"true"}, falsy={"false"}, metadata={
        "description": "rebuild the later rounds that depend on this game"})
    preview = fields.Boolean(load_default=False, truthy={"true"}, falsy={"false"}, metadata={
        "description": "answer what the correction would do and store nothing"})


class ScorerSchema(Strict):
    match = fields.Str(required=True)
    token = fields.Str(required=True, metadata={
        "description": "reports and corrects this match's games only; shown once"})
    team = fields.Int(allow_none=True, metadata={
        "description": "the team whose scorer it is (null: the match's)"})


class ScorerRequestSchema(Strict):
    team = fields.Int(strict=True, validate=validate.Range(0, 511), metadata={
        "description": "a scorer for this team of the match (the other team confirms its "
                       "games when option confirm_games is on)"})


class SheetRequestSchema(Strict):
    first_dealer = fields.Int(strict=True, validate=validate.Range(0, 7), metadata={
        "description": "the seat that deals first (default 0: the first team's first player)"})


class TablesSchema(Strict):
    tables = Map(MAX_TEAMS, keys=fields.Str(validate=validate.Length(1, 16)),
                 values=fields.Int(strict=True, validate=validate.Range(1, 999)),
                 required=True, metadata={
        "description": "table numbers by match key, any of the round's matches that are played",
        "example": {"r1m1": 5, "r1m2": 6}})


class RoundScorerSchema(Strict):
    match = fields.Str(required=True)
    table = fields.Int(allow_none=True, required=True)
    team = fields.Int(allow_none=True, required=True, metadata={
        "description": "the team whose scorer it is (option confirm_games), else null"})
    token = fields.Str(required=True, metadata={"description": "shown once"})


class RoundScorersSchema(Strict):
    round = fields.Int(required=True)
    scorers = fields.List(fields.Nested(RoundScorerSchema), required=True)


class AccessSchema(Strict):
    role = fields.Str(required=True, validate=validate.OneOf(
        ["organizer", "co_organizer", "door", "scorer"]))
    match = fields.Str(allow_none=True, required=True,
                       metadata={"description": "a scorer's match, else null"})
    team = fields.Int(allow_none=True, required=True,
                      metadata={"description": "a team scorer's team, else null"})


class FormatOptionSchema(Strict):
    name = fields.Str(required=True)
    type = fields.Str(required=True)
    default = any_value("the value taken when the option is left out (null: none)",
                        required=True)
    description = fields.Str(required=True)
    choices = fields.List(fields.Raw())
    minimum = fields.Int()
    maximum = fields.Int()


class FormatSchema(Strict):
    key = fields.Str(required=True)
    name = fields.Str(required=True)
    description = fields.Str(required=True)
    families = fields.List(fields.Str(), required=True,
                           metadata={"description": "the variant families it is played with"})
    variants = fields.List(fields.Str(), required=True,
                           metadata={"description": "the variant keys it is played with"})
    late_entries = fields.Str(required=True, validate=validate.OneOf(
        ["before_draw", "between_rounds", "odd_field"]), metadata={
        "description": "when a team may still join: before the draw only, between rounds, or "
                       "(round robin) while the field is odd"})
    options = fields.List(fields.Nested(FormatOptionSchema), required=True)


class FormatsSchema(Strict):
    formats = fields.List(fields.Nested(FormatSchema), required=True)
