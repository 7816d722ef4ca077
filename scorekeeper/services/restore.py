"""A backup's restore into an empty database (services/backup.py writes it).

A restore checks the file as the API checks a request (every string storable, no deeper than a
body may be, names and options through the API's own schemas), every game with the rules as an
import does, and rebuilds every tournament, before it writes anything; then it writes everything
in one transaction, or nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import marshmallow as ma
from flask import current_app
from marshmallow import fields, validate
from sqlalchemy import Connection, insert, select, update
from sqlalchemy.exc import IntegrityError

from scorekeeper import tournaments as pure
from scorekeeper.api.blueprint import faults_in
from scorekeeper.api.reading import MAX_DEPTH
from scorekeeper.api.schemas.common import MAX_TOURNAMENT_NAME, Name, Strict
from scorekeeper.api.schemas.games import GameExportSchema
from scorekeeper.api.schemas.seasons import SeasonCountingSchema
from scorekeeper.api.schemas.tournaments import MAX_SCORE, TEAM_STATUSES, TeamInputSchema
from scorekeeper.extensions import db
from scorekeeper.i18n import LANGUAGES, SOURCE
from scorekeeper.models import (
    Club,
    DeskKey,
    Game,
    Hand,
    HandChange,
    Merge,
    Player,
    ScorerToken,
    Season,
    Seat,
    Tournament,
    TournamentGame,
)
from scorekeeper.rules.errors import RuleViolation
from scorekeeper.rules.registry import find_variant
from scorekeeper.services.backup import FORMAT, GAME_ONLY
from scorekeeper.services.clubs import ratings
from scorekeeper.services.portability import CheckedGame, check_export, moment
from scorekeeper.services.tournaments.lifecycle import sides_per_team
from scorekeeper.services.tournaments.views import team_of


class RestoreRefused(Exception):
    """A backup that cannot be restored here; nothing of it was stored."""



HASH = validate.Regexp(r"^[0-9a-f]{64}$", error="a SHA-256 hash in hex")
ID = validate.Range(1, 2**31 - 1)


def _moment() -> fields.Str:
    return fields.Str(required=True, metadata={"format": "date-time"})


class _GameSchema(GameExportSchema):
    id = fields.Int(strict=True, required=True, validate=ID)
    token_hash = fields.Str(required=True, validate=HASH)
    version = fields.Int(strict=True, required=True, validate=ID)
    seed_name = fields.Str(required=True, allow_none=True, validate=validate.Length(1, 80))
    demo = fields.Bool(load_default=False)  # none in a backup written before demos were listed
    # A game played on a tournament's sheet (none in a backup written before there were any).
    tournament = fields.Int(strict=True, allow_none=True, load_default=None, validate=ID)
    match = fields.Str(allow_none=True, load_default=None, validate=validate.Length(1, 16))
    club = fields.Int(strict=True, allow_none=True, load_default=None, validate=ID)  # 0015


class _ReportedSchema(Strict):
    match = fields.Str(required=True, validate=validate.Length(1, 16))
    number = fields.Int(strict=True, required=True, validate=ID)
    scores = fields.List(fields.Int(strict=True, validate=validate.Range(-MAX_SCORE, MAX_SCORE)),
                         required=True)
    teams = fields.List(fields.Int(strict=True), required=True)
    game_id = fields.Int(strict=True, required=True, allow_none=True)
    hand = fields.Int(strict=True, allow_none=True, load_default=None, validate=ID)
    # Backups written before games were confirmed hold neither: every game counted.
    confirmed = fields.Bool(load_default=True)
    reported_by = fields.Int(strict=True, allow_none=True, load_default=None)
    created_at = _moment()
    updated_at = _moment()


class _ScorerSchema(Strict):
    match = fields.Str(required=True, validate=validate.Length(1, 16))
    team = fields.Int(strict=True, allow_none=True, load_default=None)
    token_hash = fields.Str(required=True, validate=HASH)
    created_at = _moment()


class _KeySchema(Strict):
    role = fields.Str(required=True, validate=validate.OneOf(["organizer", "door"]))
    label = fields.Str(required=True, allow_none=True, validate=validate.Length(1, 80))
    token_hash = fields.Str(required=True, validate=HASH)
    created_at = _moment()


class _TeamSchema(TeamInputSchema):
    """A team as the row stores it; a backup written before check-in and withdrawals has no
    status (it reads as "registered")."""

    status = fields.Str(validate=validate.OneOf(TEAM_STATUSES))
    joined = fields.Int(strict=True, allow_none=True, validate=validate.Range(1, 10_000))
    withdrawn = fields.Int(strict=True, allow_none=True, validate=validate.Range(0, 10_000))
    # A club tournament's linked players, index for index (null: a guest)
    player_ids = fields.List(fields.Int(strict=True, allow_none=True, validate=ID))


class _TournamentSchema(Strict):
    id = fields.Int(strict=True, required=True, validate=ID)
    name = Name(MAX_TOURNAMENT_NAME, required=True)
    variant = fields.Str(required=True)
    format = fields.Str(required=True)
    options = fields.Dict(keys=fields.Str(), values=fields.Raw(allow_none=True), required=True)
    teams = fields.List(fields.Nested(_TeamSchema), required=True)
    seed = fields.Int(strict=True, required=True, allow_none=True)
    # Seeding "ratings"'s order of the field; none in a backup written before it existed
    seeds = fields.List(fields.Int(strict=True, validate=validate.Range(0, 10_000)),
                        allow_none=True, load_default=None)
    advances = fields.Int(strict=True, required=True, validate=validate.Range(0, 10_000))
    token_hash = fields.Str(required=True, validate=HASH)
    # None in a backup written before recovery codes, as the tournaments then had none
    recovery_hash = fields.Str(allow_none=True, validate=HASH, load_default=None)
    version = fields.Int(strict=True, required=True, validate=ID)
    seed_name = fields.Str(required=True, allow_none=True, validate=validate.Length(1, 80))
    demo = fields.Bool(load_default=False)  # none in a backup written before demos were listed
    # A game played on a tournament's sheet (none in a backup written before there were any).
    tournament = fields.Int(strict=True, allow_none=True, load_default=None, validate=ID)
    match = fields.Str(allow_none=True, load_default=None, validate=validate.Length(1, 16))
    tables = fields.Dict(keys=fields.Str(validate=validate.Length(1, 16)),
                         values=fields.Int(strict=True, validate=validate.Range(1, 999)),
                         load_default=dict)  # none in a backup written before tables were kept
    # A progressive night's rounds in time; none in a backup written before they were kept
    clock = fields.Dict(keys=fields.Str(validate=validate.Length(1, 4)),
                        values=fields.Dict(keys=fields.Str(validate=validate.OneOf(
                            ["starts_at", "closed_at"])), values=fields.Str(
                                validate=validate.Length(1, 40))), load_default=dict)
    # English in a backup written before tournaments had a language, as their pages spoke
    language = fields.Str(validate=validate.OneOf(list(LANGUAGES)), load_default=SOURCE)
    created_at = _moment()
    updated_at = _moment()
    games = fields.List(fields.Nested(_ReportedSchema), required=True)
    scorers = fields.List(fields.Nested(_ScorerSchema), required=True)
    # Co-organizers' and the door's tokens; none in a backup written before them
    keys = fields.List(fields.Nested(_KeySchema), load_default=list)
    club = fields.Int(strict=True, allow_none=True, load_default=None, validate=ID)


class _PlayerSchema(Strict):
    id = fields.Int(strict=True, required=True, validate=ID)
    name = Name(required=True)
    kind = fields.Str(required=True, validate=validate.OneOf(["member", "guest"]))
    visibility = fields.Str(required=True, validate=validate.OneOf(["public", "full", "hidden"]))
    merged_into = fields.Int(strict=True, required=True, allow_none=True, validate=ID)
    created_at = _moment()
    updated_at = _moment()


class _SeatSchema(Strict):
    game = fields.Int(strict=True, required=True, validate=ID)
    seat = fields.Int(strict=True, required=True, validate=validate.Range(0, 63))
    side = fields.Int(strict=True, required=True, validate=validate.Range(0, 7))
    name = Name(required=True)
    player = fields.Int(strict=True, required=True, allow_none=True, validate=ID)
    figures = fields.Dict(keys=fields.Str(), values=fields.Raw(allow_none=True), required=True)


class _MergeSchema(Strict):
    id = fields.Int(strict=True, required=True, validate=ID)
    from_ = fields.Int(strict=True, required=True, validate=ID, data_key="from")
    into = fields.Int(strict=True, required=True, validate=ID)
    seats = fields.List(fields.List(fields.Int(strict=True), validate=validate.Length(2, 2)),
                        required=True)
    created_at = _moment()
    undone_at = fields.Str(required=True, allow_none=True)


class _SeasonSchema(Strict):
    id = fields.Int(strict=True, required=True, validate=ID)
    name = Name(MAX_TOURNAMENT_NAME, required=True)
    starts_on = fields.Date(required=True)
    ends_on = fields.Date(required=True)
    variants = fields.List(fields.Str(), required=True, allow_none=True)
    counting = fields.Nested(SeasonCountingSchema, required=True)
    version = fields.Int(strict=True, required=True, validate=ID)
    created_at = _moment()
    updated_at = _moment()


class _ClubSchema(Strict):
    id = fields.Int(strict=True, required=True, validate=ID)
    name = Name(MAX_TOURNAMENT_NAME, required=True)
    language = fields.Str(required=True, validate=validate.OneOf(list(LANGUAGES)))
    public = fields.Bool(required=True)
    token_hash = fields.Str(required=True, validate=HASH)
    member_token_hash = fields.Str(required=True, validate=HASH)
    recovery_hash = fields.Str(required=True, validate=HASH)
    version = fields.Int(strict=True, required=True, validate=ID)
    created_at = _moment()
    updated_at = _moment()
    players = fields.List(fields.Nested(_PlayerSchema), required=True)
    seats = fields.List(fields.Nested(_SeatSchema), required=True)
    merges = fields.List(fields.Nested(_MergeSchema), required=True)
    seasons = fields.List(fields.Nested(_SeasonSchema), load_default=list)  # none before 0018


class _BackupSchema(Strict):
    format = fields.Str(required=True)
    written_at = _moment()
    games = fields.List(fields.Nested(_GameSchema), required=True)
    tournaments = fields.List(fields.Nested(_TournamentSchema), required=True)
    clubs = fields.List(fields.Nested(_ClubSchema), load_default=list)  # none before clubs


TOO_DEEP = (f"the file is nested deeper than {MAX_DEPTH} levels of arrays and objects, which "
            "no backup is")


def parse(text: str) -> Any:
    """A backup file's JSON, read as the API reads a body: strict (no NaN), and a document too
    deep for the decoder refused in a sentence."""
    try:
        return current_app.json.loads(text)
    except RecursionError:
        raise RestoreRefused(TOO_DEEP) from None


def restore(data: Any) -> tuple[int, int]:
    """Every game and tournament of a backup, with their ids, token hashes and versions, into an
    empty database: all of it, or (RestoreRefused) nothing. Returns how many of each."""
    shape, faults = faults_in(data)  # what the API refuses in any request, before the schema
    if shape is not None:  # only "depth": a backup is not held to a request's sizes
        raise RestoreRefused(TOO_DEEP)
    if faults:
        where, (fault, *_) = next(iter(faults.items()))
        raise RestoreRefused(f"the file holds text no request could store, at {where}: {fault}")
    found = data.get("format") if isinstance(data, Mapping) else None
    if found != FORMAT:
        older = ("; a scorekeeper.backup/1 file holds no token hashes, so its links could not "
                 "work: import its games one by one with POST /api/v1/games/import"
                 if found == "scorekeeper.backup/1" else "")
        raise RestoreRefused(f"this is not a scorekeeper backup of format {FORMAT} "
                             f"(its format is {found!r}){older}")
    try:
        backup = _BackupSchema().load(data)
    except ma.ValidationError as error:
        raise RestoreRefused(f"the file is not a well-formed backup: {_first(error.messages)}"
                             ) from None
    games = [_checked_game(entry) for entry in backup["games"]]
    game_ids = {entry["id"] for entry in backup["games"]}
    tournaments = [_checked_tournament(entry, game_ids) for entry in backup["tournaments"]]
    clubs = [_checked_club(entry, backup) for entry in backup["clubs"]]
    _store(games, tournaments, clubs)
    return len(games), len(tournaments)


def _first(messages: Any, where: str = "") -> str:
    """The first of marshmallow's nested error messages, with where it is."""
    if isinstance(messages, Mapping):
        key, inner = next(iter(messages.items()))
        return _first(inner, f"{where}.{key}" if where else str(key))
    if isinstance(messages, list) and messages:
        return _first(messages[0], where)
    return f"{where}: {messages}"


def _checked_game(entry: Mapping[str, Any]) -> CheckedGame:
    """The game as an import checks it (every hand scored again), with its id, token hash and
    version kept."""
    try:
        checked = check_export({k: v for k, v in entry.items() if k not in GAME_ONLY})
    except RuleViolation as violation:
        at = f" (at {violation.field})" if violation.field else ""
        raise RestoreRefused(f"game {entry['id']}: {violation.message}{at}") from None
    game = checked.game
    game.id, game.token_hash, game.version = entry["id"], entry["token_hash"], entry["version"]
    game.seed_name, game.demo = entry["seed_name"], entry["demo"]
    game.tournament_id, game.match = entry["tournament"], entry["match"]
    game.club_id = entry["club"]
    return checked


def _checked_tournament(entry: Mapping[str, Any], game_ids: set[int]) -> dict[str, Any]:
    """The tournament's row, reported games and scorers, after the pure package has rebuilt it
    from them as every read will."""
    tid = entry["id"]
    try:
        variant = find_variant(entry["variant"])
        teams = [team_of(t) for t in entry["teams"]]
        options = pure.check_tournament(entry["format"], variant.key,
                                        sides_per_team(variant.key, entry["format"]), teams,
                                        entry["options"])
        reports = [pure.Report(g["match"], g["number"], tuple(g["scores"]), tuple(g["teams"]),
                               g["game_id"]) for g in entry["games"] if g["confirmed"]]
        if entry["seed"] is None and (reports or entry["scorers"] or entry["advances"]):
            raise RuleViolation("backup_consistent.not_drawn", "seed")
        if entry["seed"] is not None:
            closed = [int(n) for n, times in entry["clock"].items() if "closed_at" in times]
            field_ = [i for i, t in enumerate(teams) if t.joined is None and t.withdrawn != 0]
            if entry["seeds"] is not None and sorted(entry["seeds"]) != field_:
                raise RestoreRefused(f"tournament {tid}: its seeds are not its drawn teams")
            built = pure.build(entry["format"], teams, options, entry["seed"],
                               entry["advances"], reports, closed, entry["seeds"])
            if built.advances != entry["advances"] or built.stale:
                raise RuleViolation("backup_consistent.rebuild", "games",
                                    advances=built.advances, recorded=entry["advances"],
                                    stale=len(built.stale))
        for g in entry["games"]:
            if g["game_id"] is not None and g["game_id"] not in game_ids:
                raise RuleViolation("backup_consistent.link", "games", game=g["game_id"])
    except (ValueError, LookupError, TypeError) as error:  # RuleViolation is a ValueError
        message = error.message if isinstance(error, RuleViolation) else repr(error)
        raise RestoreRefused(f"tournament {tid}: {message}") from None
    fields_ = ("id", "name", "variant", "format", "teams", "seed", "seeds", "advances",
               "token_hash", "recovery_hash", "version", "seed_name", "demo", "tables", "clock",
               "language")
    return {
        "row": {**{k: entry[k] for k in fields_}, "options": options, "club_id": entry["club"],
                "created_at": moment(entry["created_at"], "created_at"),
                "updated_at": moment(entry["updated_at"], "updated_at")},
        "games": [{**{k: g[k] for k in ("match", "number", "scores", "teams", "game_id",
                                        "hand", "confirmed", "reported_by")},
                   "tournament_id": tid, "created_at": moment(g["created_at"], "created_at"),
                   "updated_at": moment(g["updated_at"], "updated_at")}
                  for g in entry["games"]],
        "scorers": [{"tournament_id": tid, "match": s["match"], "team": s["team"],
                     "token_hash": s["token_hash"],
                     "created_at": moment(s["created_at"], "created_at")}
                    for s in entry["scorers"]],
        "keys": [{"tournament_id": tid, "role": k["role"], "label": k["label"],
                  "token_hash": k["token_hash"], "created_at": moment(k["created_at"],
                                                                      "created_at")}
                 for k in entry["keys"]],
    }


def _checked_club(entry: Mapping[str, Any], backup: Mapping[str, Any]) -> dict[str, Any]:
    """The club's rows, after checking that its seats are in its own games and name its own
    players, and that its merges and merged players name its own players."""
    cid = entry["id"]
    games = {g["id"] for g in backup["games"] if g["club"] == cid}
    players = {p["id"] for p in entry["players"]}
    try:
        for seat in entry["seats"]:
            if seat["game"] not in games or seat["player"] not in players | {None}:
                raise RuleViolation("backup_consistent.link", "seats", game=seat["game"])
        for merge in entry["merges"]:
            if not {merge["from_"], merge["into"]} <= players:
                raise RuleViolation("backup_consistent.link", "merges", game=merge["id"])
        undone = {m["id"]: moment(m["undone_at"], "undone_at") for m in entry["merges"]
                  if m["undone_at"] is not None}
        row = {**{k: entry[k] for k in ("id", "name", "language", "public", "token_hash",
                                        "member_token_hash", "recovery_hash", "version")},
               "created_at": moment(entry["created_at"], "created_at"),
               "updated_at": moment(entry["updated_at"], "updated_at")}
        return {
            "row": row,
            "players": [{**{k: p[k] for k in ("id", "name", "kind", "visibility")},
                         "club_id": cid, "merged_into": None,
                         "created_at": moment(p["created_at"], "created_at"),
                         "updated_at": moment(p["updated_at"], "updated_at")}
                        for p in entry["players"]],
            "merged": [{"id": p["id"], "merged_into": p["merged_into"],
                        "updated_at": moment(p["updated_at"], "updated_at")}
                       for p in entry["players"] if p["merged_into"] is not None],
            "seats": [{"game_id": s["game"], "seat": s["seat"], "side": s["side"],
                       "club_id": cid, "name": s["name"], "player_id": s["player"],
                       "figures": s["figures"]} for s in entry["seats"]],
            "merges": [{"id": m["id"], "club_id": cid, "from_player": m["from_"],
                        "into_player": m["into"], "seats": m["seats"],
                        "created_at": moment(m["created_at"], "created_at"),
                        "undone_at": undone.get(m["id"])} for m in entry["merges"]],
            "seasons": [{**{k: season[k] for k in ("id", "name", "starts_on", "ends_on",
                                                   "variants", "counting", "version")},
                         "club_id": cid,
                         "created_at": moment(season["created_at"], "created_at"),
                         "updated_at": moment(season["updated_at"], "updated_at")}
                        for season in entry["seasons"]],
        }
    except RuleViolation as error:
        raise RestoreRefused(f"club {cid}: {error.message}") from None


def _store(games: list[CheckedGame], tournaments: list[dict[str, Any]],
           clubs: list[dict[str, Any]]) -> None:
    """One transaction, with the database to itself: refused unless it is empty."""
    session = db.session
    with db.writers_turn():
        try:
            connection = session.connection()
            _lock(connection)
            if any(connection.execute(select(model.id).limit(1)).first() is not None
                   for model in (Game, Tournament, Club)):
                raise RestoreRefused(
                    "the database is not empty (it has games or tournaments); restore only into "
                    "a new database, made with `flask --app scorekeeper db upgrade`")
            # Clubs first (games and tournaments belong to them), then tournaments: a game
            # played on one's sheet refers to it. Merged players are marked once all are in.
            _insert(connection, Club, [c["row"] for c in clubs])
            _insert(connection, Player, [p for c in clubs for p in c["players"]])
            for merged in (m for c in clubs for m in c["merged"]):
                connection.execute(update(Player).where(Player.id == merged["id"]).values(
                    merged_into=merged["merged_into"], updated_at=merged["updated_at"]))
            _insert(connection, Tournament, [t["row"] for t in tournaments])
            _insert(connection, Game, [_columns(c.game, Game) for c in games])
            _insert(connection, Hand, [{**_columns(h, Hand), "game_id": c.game.id}
                                       for c in games for h in c.hands])
            _insert(connection, HandChange, [{**_columns(h, HandChange), "game_id": c.game.id}
                                             for c in games for h in c.changes])
            _insert(connection, TournamentGame, [g for t in tournaments for g in t["games"]])
            _insert(connection, ScorerToken, [s for t in tournaments for s in t["scorers"]])
            _insert(connection, DeskKey, [k for t in tournaments for k in t["keys"]])
            _insert(connection, Seat, [s for c in clubs for s in c["seats"]])
            _insert(connection, Merge, [m for c in clubs for m in c["merges"]])
            _insert(connection, Season, [s for c in clubs for s in c["seasons"]])
            _move_sequences(connection)
            for club in clubs:  # derived, so not in a backup: played again from the games
                ratings.rebuild(session, club["row"]["id"])
            session.commit()
        except IntegrityError as error:
            session.rollback()
            raise RestoreRefused(f"the backup contradicts itself: {error.orig}") from None
        except BaseException:
            session.rollback()
            raise


def _lock(connection: Connection) -> None:
    """No other writer between the check that the database is empty and the commit."""
    if connection.dialect.name == "sqlite":
        connection.exec_driver_sql("BEGIN IMMEDIATE")
    else:
        connection.exec_driver_sql("LOCK TABLE games, tournaments, clubs IN EXCLUSIVE MODE")


def _columns(obj: Any, model: type[Any]) -> dict[str, Any]:
    """The object's column values, without an id the database is to number (a Core insert: the
    ORM would number the version column afresh)."""
    values = {c.key: getattr(obj, c.key) for c in model.__table__.columns}
    if values.get("id") is None:
        values.pop("id", None)
    return values


def _insert(connection: Connection, model: type[Any], rows: list[dict[str, Any]]) -> None:
    if rows:
        connection.execute(insert(model.__table__), rows)


def _move_sequences(connection: Connection) -> None:
    """New games and tournaments are numbered after the restored ones. SQLite does that by
    itself (max(id) + 1); PostgreSQL's sequences never saw the explicit ids."""
    if connection.dialect.name != "postgresql":
        return
    for table in ("games", "tournaments", "clubs", "players", "merges", "seasons"):
        connection.exec_driver_sql(
            f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), max(id)) FROM {table}")
