"""Tournaments: create, draw, report and correct games, advance; read, bracket, CSV standings."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from flask import Response
from flask.views import MethodView
from marshmallow import RAISE

from scorekeeper.api.blueprint import Blueprint
from scorekeeper.api.docs import not_modified, refusal, refusals
from scorekeeper.api.games import (
    CREATED,
    ETAG,
    EVENT_STREAM,
    MAX_ID,
    WRITTEN,
    Result,
    created,
    event_stream,
    reply,
    write_request,
)
from scorekeeper.api.rendered import conditional
from scorekeeper.api.schemas.brackets import BracketSchema
from scorekeeper.api.schemas.common import (
    ClubCreateHeadersSchema,
    WriteHeadersSchema,
)
from scorekeeper.api.schemas.games import SheetGameSchema
from scorekeeper.api.schemas.tournaments import (
    AccessSchema,
    CascadeSchema,
    DoorSchema,
    DrawSchema,
    FormatsSchema,
    GameReportSchema,
    OrganizerCreatedSchema,
    OrganizerInputSchema,
    OrganizersSchema,
    RecoveredSchema,
    RecoverSchema,
    ReportReplySchema,
    RoundScorersSchema,
    ScorerRequestSchema,
    ScorerSchema,
    SheetRequestSchema,
    TablesSchema,
    TeamInputSchema,
    TournamentCreatedSchema,
    TournamentCreateSchema,
    TournamentSchema,
)
from scorekeeper.services.tournaments import clock, desk, lifecycle, organizers, sheet, views
from scorekeeper.tournaments import FORMAT_DESCRIPTIONS, FORMATS

TOURNAMENT_VIEW = TournamentSchema()
FORMAT_LINES = "\n".join(
    f"- `{name}`: {FORMAT_DESCRIPTIONS[name]} Options: "
    + "; ".join(f"`{o.name}` ({o.default!r}) {o.description}" for o in specs)
    for name, specs in FORMATS.items())
blp = Blueprint(
    "tournaments", __name__, url_prefix="/tournaments",
    description="Run a tournament: register teams, draw their numbers (the seed is kept and "
                "shown), report each game of each match, advance round by round. Writes need "
                "the organizer's token (or a co-organizer's, which does all the organizer does "
                "but recovery and managing co-organizers); a scorer token may report one match's "
                "games; the door's token may check a team in. Everything is readable without a "
                "token.\n\n" + FORMAT_LINES)

TOURNAMENT = f"/<int(max={MAX_ID}):tournament_id>"
MATCH = f"{TOURNAMENT}/matches/<string(maxlength=16):match_id>"
TEAM = f"{TOURNAMENT}/teams/<int(max={MAX_ID}):team>"
WRITE_DOC: dict[str, Any] = {"security": [{"gameToken": []}]}
WRITE_REFUSALS = ((401, "No token"),
                  (403, "Wrong token, a scorer token for another match, or (option "
                        "confirm_games) a scorer correcting a confirmed game or the other "
                        "team's"),
                  (404, "No such tournament, match or game"),
                  (409, "Not drawn yet, already drawn, match complete, a game of the match "
                        "waiting for confirmation, round not over, or later rounds depend on it "
                        "(use ?cascade=true)"),
                  (412, "Stale If-Match"), (422, "The body breaks the schema or a rule"))
NEW = {"name": "Tournoi du Club", "variant": "quebec-500", "format": "quebec",
       "teams": [{"name": f"Team {n}", "players": [f"Player {n}a", f"Player {n}b"]}
                 for n in range(1, 7)]}


def documented_write(view: Any) -> Any:
    return blp.doc(**WRITE_DOC)(refusals(blp, *WRITE_REFUSALS)(view))


@blp.route("")
class Tournaments(MethodView):
    open_write = True  # needs no token: counted against the write limit before it runs

    @blp.arguments(ClubCreateHeadersSchema(), location="headers", as_kwargs=True)
    @blp.arguments(TournamentCreateSchema(), example=NEW)
    @blp.response(201, TournamentCreatedSchema, headers=CREATED)
    @refusals(blp, (401, "A club tournament without X-Club-Token"),
              (403, "A club tournament with a token not of that club"),
              (422, "Unknown variant, format, option or club, teams the format cannot take, or "
                    "a player not of the club"))
    @blp.doc(operationId="createTournament")
    def post(self, data: dict[str, Any], **headers: str) -> Result:
        """Register a tournament; the reply holds the organizer's token, shown only here (and
        to a retry with the same Idempotency-Key)

        Anyone may create one. The format (GET /tournaments/formats) must be played with the
        variant, and its options and teams fit it (422 otherwise). Keep the token: the organizer's
        writes (draw, advance, teams, tables, scorers) need it. Keep the recovery code apart (on
        paper): POST .../recover with it issues a new token if this one is lost.
        """
        return created(lifecycle.create_tournament(data, write_request(headers, club=True)),
                       "tournaments.Tournament", "tournament_id")


@blp.route(TOURNAMENT)
class Tournament(MethodView):
    @blp.response(200, TournamentSchema, headers=ETAG)
    @not_modified(blp)
    @refusal(blp, 404, "No such tournament")
    @blp.doc(operationId="readTournament")
    def get(self, tournament_id: int) -> Response:
        """Read a tournament: teams and numbers, rounds with matches, standings, champion

        Anyone may read it, no token needed. The ETag names this version: If-None-Match for a 304,
        If-Match on a write. 404 for an unknown id.
        """
        return conditional(views.tournament_tag(tournament_id), TOURNAMENT_VIEW,
                           lambda: views.tagged_view(tournament_id))


@blp.route(f"{TOURNAMENT}/events")
class TournamentEvents(MethodView):
    @blp.doc(responses=EVENT_STREAM)
    @refusal(blp, 404, "No such tournament")
    @blp.doc(operationId="followTournament")
    def get(self, tournament_id: int) -> Response:
        """Follow a tournament live (Server-Sent Events): the tournament as GET returns it

        Opens a text/event-stream that sends the tournament at once and after each change: what the
        projector and spectators' pages show. Anyone may follow it. 404 for an unknown tournament;
        429 when this address holds too many streams.
        """
        return event_stream("tournaments", tournament_id)


@blp.route(f"{TOURNAMENT}/draw")
class Draw(MethodView):
    @blp.arguments(WriteHeadersSchema(), location="headers", as_kwargs=True)
    @blp.arguments(DrawSchema(), example={})
    @blp.response(200, TournamentSchema, headers=WRITTEN)
    @documented_write
    @blp.doc(operationId="drawTournament")
    def post(self, body: dict[str, Any], tournament_id: int, **headers: str) -> Result:
        """Draw the teams' numbers at random and build the first round

        Needs the organizer's token. Once any team is checked in, the teams still only registered
        are withdrawn first. Send `seed` to replay a draw. 409 when already drawn.
        """
        return reply(lifecycle.draw(tournament_id, body.get("seed"), write_request(headers)))


@blp.route(f"{TOURNAMENT}/advance")
class Advance(MethodView):
    @blp.arguments(WriteHeadersSchema(), location="headers", as_kwargs=True)
    @blp.response(200, TournamentSchema, headers=WRITTEN)
    @documented_write
    @blp.doc(operationId="advanceTournament")
    def post(self, tournament_id: int, **headers: str) -> Result:
        """Close the round and build the next from the standings (or a tie-break round)

        Needs the organizer's token. 409 while a match of the round is unfinished or once the
        tournament is over.
        """
        return reply(lifecycle.advance(tournament_id, write_request(headers)))


@blp.route(f"{MATCH}/games")
class Games(MethodView):
    @blp.arguments(WriteHeadersSchema(), location="headers", as_kwargs=True)
    @blp.arguments(GameReportSchema(), examples={
        "deal": {"summary": "A deal's scores, in the match's team order",
                 "value": {"scores": [360, 120]}},
        "game": {"summary": "A recorded game (option game_unit game)", "value": {"game_id": 7}}})
    @blp.response(201, ReportReplySchema, headers=WRITTEN)
    @documented_write
    @blp.doc(operationId="reportMatchGame")
    def post(self, body: dict[str, Any], tournament_id: int, match_id: str,
             **headers: str) -> Result:
        """Report the next game of a match

        Needs the organizer's token or a scorer token of this match. With option confirm_games, a
        team scorer's report waits for the other team's confirmation. 409 when the match is
        complete, is a bye, or has a game waiting for confirmation.
        """
        return reply(lifecycle.report_game(tournament_id, match_id, body,
                                           write_request(headers)))


@blp.route(f"{MATCH}/games/<int(min=1, max=99):number>")
class OneGame(MethodView):
    @blp.arguments(WriteHeadersSchema(), location="headers", as_kwargs=True)
    @blp.arguments(CascadeSchema(), location="query", as_kwargs=True, unknown=RAISE)
    @blp.arguments(GameReportSchema(), example={"scores": [120, 360]})
    @blp.response(200, ReportReplySchema, headers=WRITTEN)
    @documented_write
    @blp.doc(operationId="correctMatchGame")
    def put(self, body: dict[str, Any], tournament_id: int, match_id: str, number: int,
            cascade: bool, preview: bool, **headers: str) -> Result:
        """Correct a reported game; with ?cascade=true also once later rounds depend on it;
        with ?preview=true answer what the correction would do (games dropped, matches
        reopened, standings) and store nothing

        Needs the organizer's token or a scorer token of this match (a team scorer may not correct
        the other team's or a confirmed game). 409 when later rounds depend on the game and
        ?cascade=true is not given; with it they are rebuilt and the games that no longer fit are
        dropped (listed in the reply).
        """
        return reply(lifecycle.correct_game(tournament_id, match_id, number, body, cascade,
                                            write_request(headers), preview))

    @blp.arguments(WriteHeadersSchema(), location="headers", as_kwargs=True)
    @blp.arguments(CascadeSchema(), location="query", as_kwargs=True, unknown=RAISE)
    @blp.response(200, ReportReplySchema, headers=WRITTEN)
    @documented_write
    @blp.doc(operationId="removeMatchGame")
    def delete(self, tournament_id: int, match_id: str, number: int, cascade: bool,
               preview: bool, **headers: str) -> Result:
        """Remove a reported game: the match's later games move up one; with ?preview=true
        answer what the removal would do and store nothing

        Needs the organizer's token. As for a correction: 409 when later rounds depend on the
        game and ?cascade=true is not given; with it they are rebuilt and the games that no longer
        fit are dropped (listed in the reply). 409 for a deal reported from the score sheet: undo
        or correct it on the sheet's game, which the organizer's token writes to.
        """
        return reply(lifecycle.remove_game(tournament_id, match_id, number, cascade,
                                           write_request(headers), preview))


@blp.route(f"{MATCH}/scorers")
class Scorers(MethodView):
    @blp.arguments(WriteHeadersSchema(), location="headers", as_kwargs=True)
    @blp.arguments(ScorerRequestSchema(), required=False, example={"team": 0})
    @blp.response(201, ScorerSchema, headers=WRITTEN)
    @documented_write
    @blp.doc(operationId="issueScorerToken")
    def post(self, body: dict[str, Any], tournament_id: int, match_id: str,
             **headers: str) -> Result:
        """Issue a scorer token for one match, or one team of it (shown once)

        Needs the organizer's token. The token may report and correct this match's games only; hand
        it to the table. Earlier tokens keep working. 422 for a team that does not play the match.
        """
        return reply(desk.add_scorer(tournament_id, match_id, write_request(headers),
                                     body.get("team")))


@blp.route(f"{MATCH}/sheet")
class Sheet(MethodView):
    @blp.arguments(WriteHeadersSchema(), location="headers", as_kwargs=True)
    @blp.arguments(SheetRequestSchema(), required=False, example={"first_dealer": 0})
    @blp.response(201, SheetGameSchema, headers=WRITTEN)
    @blp.alt_response(200, schema=SheetGameSchema, description="The match's game already on "
                      "the sheet, without a token")
    @documented_write
    @blp.doc(operationId="playMatchOnSheet")
    def post(self, body: dict[str, Any], tournament_id: int, match_id: str,
             **headers: str) -> Result:
        """Play the match's next game on the score sheet: a game whose sides are the match's
        teams, with the tournament's variant, that reports the match's games itself

        Needs the organizer's token or a scorer token of this match. 201 with a new game and its
        own `token` (shown once); 200 with the game the match is already playing on the sheet and
        `token` null: the match's scorer tokens and the organizer's write to it too, so a second
        phone at the table goes on with it. Each hand recorded on it (option game_unit `deal`;
        a deal nobody won is dealt again and reports nothing) or the finished game (`game`)
        reports one game of the match, exactly once, in the same write; a correction or undo of
        a hand corrects the match (409 where a later round was built on it, unless the
        organizer sends ?cascade=true with the correction). 409 when the match is a bye,
        forfeited, complete, or has a game waiting for confirmation. The ETag is the
        tournament's.
        """
        return reply(sheet.open_sheet(tournament_id, match_id, body or {},
                                      write_request(headers)))


@blp.route(f"{TOURNAMENT}/bracket")
class Bracket(MethodView):
    @blp.response(200, BracketSchema)
    @refusal(blp, 404, "No such tournament")
    @refusal(blp, 409, "Not drawn yet")
    @blp.doc(operationId="readBracket")
    def get(self, tournament_id: int) -> dict[str, Any]:
        """The tournament as a page draws it: league rounds, then the knockout bracket

        Every slot placed from the draw to the final, with who is known to fill it and where the
        winner goes; double elimination adds the losers' bracket and the grand final. Anyone may
        read it. 409 before the draw.
        """
        return views.bracket_view(tournament_id)


@blp.route(f"{TOURNAMENT}/standings.csv")
class StandingsCsv(MethodView):
    @blp.doc(responses={"200": {"description": "The standings as CSV", "content": {
        "text/csv": {"schema": {"type": "string"}}}}})
    @refusal(blp, 404, "No such tournament")
    @blp.doc(operationId="readStandingsCsv")
    def get(self, tournament_id: int) -> Response:
        """The standings as CSV (rank, number, team, players, played, won, lost, points, ...)

        The standings table as GET /tournaments/{id} has it, for a spreadsheet or the club's notice
        board. Anyone may read it. 404 for an unknown tournament.
        """
        text = views.standings_csv(tournament_id)
        return Response(text, mimetype="text/csv", headers={
            "Content-Disposition": f'attachment; filename="tournament-{tournament_id}.csv"'})


# -- the teams at the desk ----------------------------------------------------------------------

TEAM_REFUSALS = ((401, "No token"), (403, "Not the organizer's token"),
                 (412, "Stale If-Match"))


@blp.route(f"{TOURNAMENT}/teams")
class Teams(MethodView):
    @blp.arguments(WriteHeadersSchema(), location="headers", as_kwargs=True)
    @blp.arguments(TeamInputSchema(), example={"name": "Les Retardataires",
                                              "players": ["Lou", "Max"]})
    @blp.response(201, TournamentSchema, headers=WRITTEN)
    @blp.doc(**WRITE_DOC)
    @refusals(blp, *TEAM_REFUSALS, (404, "No such tournament"),
              (409, "After the draw in a format that cannot seat a newcomer (Quebec, single "
                    "elimination, a round robin with an even field or every round started), or "
                    "the tournament is over"),
              (422, "The body breaks the schema, or a rule of creation: a name or a player "
                    "twice, a team of the wrong size"))
    @blp.doc(operationId="addTournamentTeam")
    def post(self, body: dict[str, Any], tournament_id: int, **headers: str) -> Result:
        """Enter a team: before the draw in any format; after it a Swiss or tables take it from
        the next round built and an odd round robin seats it in the empty seat of every round
        not yet started (it starts with nothing, checked in, numbered after everyone drawn)

        Needs the organizer's token. 409 after the draw in a format that cannot seat a newcomer, or
        once the tournament is over; 422 for a name or player twice or a team of the wrong size.
        """
        return reply(desk.add_team(tournament_id, body, write_request(headers)))


@blp.route(f"{TEAM}/check-in")
class CheckIn(MethodView):
    @blp.arguments(WriteHeadersSchema(), location="headers", as_kwargs=True)
    @blp.response(200, TournamentSchema, headers=WRITTEN)
    @blp.doc(**WRITE_DOC)
    @refusals(blp, *TEAM_REFUSALS, (404, "No such tournament or team"),
              (409, "Already drawn, or the team withdrew"))
    @blp.doc(operationId="checkInTeam")
    def post(self, tournament_id: int, team: int, **headers: str) -> Result:
        """Check a team in before the draw (once any team is checked in, the draw withdraws
        those still only registered); checking in again changes nothing

        Needs the organizer's token (the desk marks who has arrived) or the door's (the team
        checks itself in). 409 after the draw or for a withdrawn team.
        """
        return reply(desk.check_in(tournament_id, team, True, write_request(headers)))

    @blp.arguments(WriteHeadersSchema(), location="headers", as_kwargs=True)
    @blp.response(200, TournamentSchema, headers=WRITTEN)
    @blp.doc(**WRITE_DOC)
    @refusals(blp, *TEAM_REFUSALS, (404, "No such tournament or team"),
              (409, "Already drawn, or the team withdrew"))
    @blp.doc(operationId="undoTeamCheckIn")
    def delete(self, tournament_id: int, team: int, **headers: str) -> Result:
        """Undo a team's check-in before the draw (back to registered)

        Needs the organizer's token. 409 after the draw or for a withdrawn team.
        """
        return reply(desk.check_in(tournament_id, team, False, write_request(headers)))


@blp.route(f"{TEAM}/withdraw")
class Withdraw(MethodView):
    @blp.arguments(WriteHeadersSchema(), location="headers", as_kwargs=True)
    @blp.response(200, TournamentSchema, headers=WRITTEN)
    @blp.doc(**WRITE_DOC)
    @refusals(blp, *TEAM_REFUSALS, (404, "No such tournament or team"),
              (409, "The team has already withdrawn, is the last that can still win, or the "
                    "tournament is over"))
    @blp.doc(operationId="withdrawTeam")
    def post(self, tournament_id: int, team: int, **headers: str) -> Result:
        """Withdraw a team: before the draw it is not drawn; after, its open match in the round
        in play and every later match it would have are forfeited (the games left won by the
        other team, no card points), it is never paired again, never qualifies or advances, and
        is ranked after every team still in

        Needs the organizer's token. 409 when the team has already withdrawn, is the last team
        that can still win, or the tournament is over.
        """
        return reply(desk.withdraw(tournament_id, team, write_request(headers)))


# -- the organizer's desk -------------------------------------------------------------------------

ROUND = f"{TOURNAMENT}/rounds/<int(min=1, max=999):number>"


@blp.route("/formats")
class Formats(MethodView):
    @blp.response(200, FormatsSchema, headers=ETAG)
    @not_modified(blp)
    @blp.doc(operationId="listTournamentFormats")
    def get(self) -> Response:
        """The formats, what each is played with, when teams may still join, and their
        options, in the request's language

        Anyone may read it. The options are what POST /tournaments takes in `options`, with their
        defaults. The ETag changes only with the language or a new release, so If-None-Match answers
        304.
        """
        view = {"formats": views.formats()}
        body = json.dumps(FORMATS_VIEW.dump(view), sort_keys=True).encode()
        tag = f'"formats-{hashlib.sha256(body).hexdigest()[:16]}"'
        return conditional(tag, FORMATS_VIEW, lambda: (tag, view))


FORMATS_VIEW = FormatsSchema()


@blp.route(f"{TOURNAMENT}/access")
class Access(MethodView):
    @blp.response(200, AccessSchema)
    @refusal(blp, 401, "No token")
    @refusal(blp, 403, "A token of nobody in this tournament")
    @refusal(blp, 404, "No such tournament")
    @blp.doc(operationId="readTournamentAccess", security=[{"gameToken": []}])
    def get(self, tournament_id: int) -> dict[str, Any]:
        """Who the Bearer token is here: the organizer, or a scorer of one match (and team)

        Send any token as Bearer: the answer says whether it is the organizer's or a scorer's, and
        which match and team it scores, so a page shows only what it may do. 401 without a token,
        403 for a token of nobody in this tournament.
        """
        return views.access(tournament_id, write_request({}).token)


@blp.route(f"{ROUND}/tables")
class Tables(MethodView):
    @blp.arguments(WriteHeadersSchema(), location="headers", as_kwargs=True)
    @blp.arguments(TablesSchema(), example={"tables": {"r1m1": 5, "r1m2": 6}})
    @blp.response(200, TournamentSchema, headers=WRITTEN)
    @blp.doc(**WRITE_DOC)
    @refusals(blp, (401, "No token"), (403, "Not the organizer's token"),
              (404, "No such tournament or round"), (409, "Not drawn yet"),
              (412, "Stale If-Match"),
              (422, "A number out of 1..999, a key that is not a played match of the round "
                    "(rule table_match), or two matches at one table (rule table_twice)"))
    @blp.doc(operationId="numberRoundTables")
    def put(self, body: dict[str, Any], tournament_id: int, number: int,
            **headers: str) -> Result:
        """Give matches of a round their table numbers (kept through every rebuild)

        Needs the organizer's token. Only the matches named change. 409 before the draw; 422 for a
        number out of 1..999, a key that is not a played match of the round, or two matches at one
        table.
        """
        return reply(desk.set_tables(tournament_id, number, body["tables"],
                                     write_request(headers)))


@blp.route(f"{ROUND}/close")
class CloseRound(MethodView):
    @blp.arguments(WriteHeadersSchema(), location="headers", as_kwargs=True)
    @blp.response(200, TournamentSchema, headers=WRITTEN)
    @blp.doc(**WRITE_DOC)
    @refusals(blp, (401, "No token"), (403, "Not the organizer's token"),
              (404, "No such tournament or round"),
              (409, "Not drawn yet, a round played by deals, already closed, or its time not "
                    "up"),
              (412, "Stale If-Match"))
    @blp.doc(operationId="closeRound")
    def post(self, tournament_id: int, number: int, **headers: str) -> Result:
        """Close a progressive round played for a time (option round_minutes), once it is up

        Needs the organizer's token. The tables finish the deal in play, then the organizer
        closes the round: its tables take no more deals (409) and the night can advance. 409 for
        a round played by deals, one already closed, or before its `ends_at`.
        """
        return reply(clock.close_round(tournament_id, number, write_request(headers)))


@blp.route(f"{ROUND}/scorers")
class RoundScorers(MethodView):
    @blp.arguments(WriteHeadersSchema(), location="headers", as_kwargs=True)
    @blp.response(201, RoundScorersSchema, headers=WRITTEN)
    @blp.doc(**WRITE_DOC)
    @refusals(blp, (401, "No token"), (403, "Not the organizer's token"),
              (404, "No such tournament or round"), (409, "Not drawn yet"),
              (412, "Stale If-Match"))
    @blp.doc(operationId="issueRoundScorerTokens")
    def post(self, tournament_id: int, number: int, **headers: str) -> Result:
        """Issue a scorer token for each table of a round (each team of it when games are
        confirmed); shown once, earlier tokens keep working

        Needs the organizer's token: one call prints the round's scorer slips. Each token reports
        and corrects only its match's games. 409 before the draw.
        """
        return reply(desk.round_scorers(tournament_id, number, write_request(headers)))


@blp.route(f"{MATCH}/games/<int(min=1, max=99):number>/confirm")
class ConfirmGame(MethodView):
    @blp.arguments(WriteHeadersSchema(), location="headers", as_kwargs=True)
    @blp.response(200, ReportReplySchema, headers=WRITTEN)
    @blp.doc(**WRITE_DOC)
    @refusals(blp, (401, "No token"),
              (403, "A token of the team that reported the game, the match's own scorer "
                    "token, or another match's"),
              (404, "No such tournament, match or game"),
              (409, "Not drawn yet, already confirmed, or the game no longer fits its match"),
              (412, "Stale If-Match"))
    @blp.doc(operationId="confirmMatchGame")
    def post(self, tournament_id: int, match_id: str, number: int, **headers: str) -> Result:
        """Confirm a game the other team's scorer reported (option confirm_games): it counts
        from now

        Needs the other team's scorer token or the organizer's; not the team that reported it, nor
        the match's own token (403). 409 when already confirmed or the game no longer fits its
        match.
        """
        return reply(desk.confirm_game(tournament_id, match_id, number,
                                       write_request(headers)))


# -- who runs it: recovery, co-organizers, the door ---------------------------------------------

ORGANIZER_ONLY = ((401, "No token"), (403, "Not the organizer's own token (a co-organizer's "
                                           "may not manage co-organizers)"),
                  (412, "Stale If-Match"))


@blp.route(f"{TOURNAMENT}/recover")
class Recover(MethodView):
    @blp.arguments(WriteHeadersSchema(), location="headers", as_kwargs=True)
    @blp.arguments(RecoverSchema(), example={"recovery_code": "KQWM-TZRD-HNBX-PEGA"})
    @blp.response(200, RecoveredSchema, headers=WRITTEN)
    @refusals(blp, (403, "Not this tournament's recovery code"), (404, "No such tournament"),
              (409, "A tournament made before recovery codes has none"),
              (412, "Stale If-Match"), (422, "The body breaks the schema"))
    @blp.doc(operationId="recoverTournament")
    def post(self, body: dict[str, Any], tournament_id: int, **headers: str) -> Result:
        """Issue a new organizer's token for the recovery code; the old token stops working

        Needs no token: the recovery code given at creation is the proof. The reply holds the new
        token and the next recovery code (the one sent is used up), each shown once. Co-organizers'
        and scorers' tokens keep working. A wrong code is 403 and counts against the address's
        limit of failed authentications (429 beyond it).
        """
        return reply(organizers.recover(tournament_id, body["recovery_code"],
                                        write_request(headers)))


@blp.route(f"{TOURNAMENT}/organizers")
class Organizers(MethodView):
    @blp.response(200, OrganizersSchema)
    @refusals(blp, (401, "No token"), (403, "Not the organizer's own token"),
              (404, "No such tournament"))
    @blp.doc(operationId="listCoOrganizers", security=[{"gameToken": []}])
    def get(self, tournament_id: int) -> dict[str, Any]:
        """The co-organizers' links: label and when each was made, never their tokens

        Needs the organizer's own token (a co-organizer's is 403).
        """
        return organizers.organizers(tournament_id, write_request({}).token)

    @blp.arguments(WriteHeadersSchema(), location="headers", as_kwargs=True)
    @blp.arguments(OrganizerInputSchema(), example={"label": "Marie at the bar"})
    @blp.response(201, OrganizerCreatedSchema, headers=WRITTEN)
    @blp.doc(**WRITE_DOC)
    @refusals(blp, *ORGANIZER_ONLY, (404, "No such tournament"),
              (422, "The body breaks the schema"))
    @blp.doc(operationId="addCoOrganizer")
    def post(self, body: dict[str, Any], tournament_id: int, **headers: str) -> Result:
        """Make a co-organizer's link: a token (shown once) that runs the desk

        Needs the organizer's own token. A co-organizer does what the organizer does (teams,
        draw, tables, scorers, games, corrections, advancing, the door) but neither recovers the
        tournament nor manages co-organizers.
        """
        return reply(organizers.add_organizer(tournament_id, body, write_request(headers)))


@blp.route(f"{TOURNAMENT}/organizers/<int(max={MAX_ID}):organizer>")
class CoOrganizer(MethodView):
    @blp.arguments(WriteHeadersSchema(), location="headers", as_kwargs=True)
    @blp.response(200, OrganizersSchema, headers=WRITTEN)
    @blp.doc(**WRITE_DOC)
    @refusals(blp, *ORGANIZER_ONLY, (404, "No such tournament or co-organizer"))
    @blp.doc(operationId="revokeCoOrganizer")
    def delete(self, tournament_id: int, organizer: int, **headers: str) -> Result:
        """Revoke a co-organizer's link: its token stops working at once

        Needs the organizer's own token. The reply lists the co-organizers left.
        """
        return reply(organizers.revoke_organizer(tournament_id, organizer,
                                                 write_request(headers)))


@blp.route(f"{TOURNAMENT}/door")
class Door(MethodView):
    @blp.arguments(WriteHeadersSchema(), location="headers", as_kwargs=True)
    @blp.response(201, DoorSchema, headers=WRITTEN)
    @blp.doc(**WRITE_DOC)
    @refusals(blp, (401, "No token"), (403, "Not an organizer's token"),
              (404, "No such tournament"), (409, "Already drawn: check-in is over"),
              (412, "Stale If-Match"))
    @blp.doc(operationId="issueDoorToken")
    def post(self, tournament_id: int, **headers: str) -> Result:
        """Issue the door's token for the check-in QR (shown once; earlier ones keep working)

        Needs an organizer's token. With it a team checks itself in (POST
        .../teams/{team}/check-in) before the draw, and nothing else: it neither undoes a
        check-in nor withdraws a team. 409 after the draw.
        """
        return reply(organizers.door(tournament_id, write_request(headers)))
