"""What is stored: games, their hands as entered (with cached results), history, idempotent replies.

No rules live here: a hand's deltas and the state after it are computed by the rules and cached so
that reading a game never replays it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Date,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    PrimaryKeyConstraint,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy import false as sa_false
from sqlalchemy import true as sa_true
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


def utcnow() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    type_annotation_map = {
        dict[str, Any]: JSON,
        list[Any]: JSON,
        datetime: DateTime(timezone=True),
    }


class Game(Base):
    __tablename__ = "games"
    # A club's ledger lists its games newest first, a page at a time (cursor: created_at, id); a
    # season's ladder tags its window by its games' versions, read from the index alone.
    __table_args__ = (Index("ix_games_club_created", "club_id", "created_at", "id"),
                      Index("ix_games_club_created_version", "club_id", "created_at", "version"))

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    variant: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]]
    sides: Mapped[list[Any]]
    first_dealer: Mapped[int]
    token_hash: Mapped[str] = mapped_column(String(64))
    # The rules' GameState after the last hand (or the start): scores, dealer, winner, ...
    state: Mapped[dict[str, Any]]
    # Bumped by every write; the ETag, and the guard that makes a lost update impossible.
    version: Mapped[int] = mapped_column(Integer, nullable=False)
    seed_name: Mapped[str | None] = mapped_column(String(80), unique=True)
    # A demo of `flask seed`, listed on the start page (GET /demos); no other game is listed.
    demo: Mapped[bool] = mapped_column(default=False, server_default=sa_false(), index=True)
    # A game played on the sheet for one match of a tournament: its hands (or its end) report
    # that match's games (services/tournaments/sheet.py).
    tournament_id: Mapped[int | None] = mapped_column(
        ForeignKey("tournaments.id"), index=True)
    match: Mapped[str | None] = mapped_column(String(16))
    # A game started in a club (POST /games with `club`): listed in the club's ledger, its seats
    # kept in `seats` to be linked to the club's players. None: a game that stands alone.
    club_id: Mapped[int | None] = mapped_column(ForeignKey("clubs.id"))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)

    hands: Mapped[list[Hand]] = relationship(
        back_populates="game", order_by="Hand.number", cascade="all, delete-orphan",
        lazy="raise_on_sql")

    __mapper_args__ = {"version_id_col": version}


@dataclass(slots=True)
class GameRecord:
    """A games row as services.games reads it: a plain record from one prepared Core query.
    Every hand written reads and updates its game this way, at about a third of the cost of the
    ORM's identity map and unit of work."""

    id: int
    variant: str
    options: dict[str, Any]
    sides: list[Any]
    first_dealer: int
    token_hash: str
    state: dict[str, Any]
    version: int
    created_at: datetime
    updated_at: datetime
    tournament_id: int | None
    match: str | None
    club_id: int | None


@dataclass(slots=True)
class HandRecord:
    """A hand as services.games records it: the row goes in by one Core insert."""

    game_id: int
    number: int
    input: dict[str, Any]
    deltas: list[Any]
    explanation: list[Any]
    reasons: list[Any]
    state: dict[str, Any]
    created_at: datetime
    updated_at: datetime


class Hand(Base):
    __tablename__ = "hands"
    __table_args__ = (UniqueConstraint("game_id", "number", name="uq_hands_game_number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    number: Mapped[int]
    input: Mapped[dict[str, Any]]  # exactly what was entered at the table
    deltas: Mapped[list[Any]]
    explanation: Mapped[list[Any]]
    reasons: Mapped[list[Any]]  # the explanation's lines as codes: {"code", "params"} each
    state: Mapped[dict[str, Any]]  # GameState after this hand, so a correction replays from here
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)

    game: Mapped[Game] = relationship(back_populates="hands", lazy="raise_on_sql")


class HandChange(Base):
    """One line of a game's history: a hand recorded, corrected or undone, with before and after."""

    __tablename__ = "hand_changes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    number: Mapped[int]
    action: Mapped[str] = mapped_column(String(16))
    before: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    after: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    at: Mapped[datetime] = mapped_column(default=utcnow)


class ReplyColumns:
    """The first reply to a write sent with an Idempotency-Key, replayed for retries.

    No secret is kept in the clear: `key` is the key's SHA-256, and every secret the reply issued
    (a token, each scorer token of a round, ...) is null in `body` and kept in `sealed`, encrypted
    under the Idempotency-Key itself (scorekeeper/sealing.py), so only a retry carrying that key
    can read it back. Replies are kept for REPLY_HOURS, then purged."""

    key: Mapped[str] = mapped_column(String(200))
    fingerprint: Mapped[str] = mapped_column(String(64))  # method, path and body, hashed
    status: Mapped[int]
    body: Mapped[dict[str, Any]]
    sealed: Mapped[str | None] = mapped_column(Text)  # JSON: [[where, sealed secret], ...]
    etag: Mapped[str | None] = mapped_column(String(40))  # the ETag the first reply carried
    created_at: Mapped[datetime] = mapped_column(default=utcnow, index=True)


class IdempotentReply(ReplyColumns, Base):
    """A write to a game."""

    __tablename__ = "idempotent_replies"
    __table_args__ = (UniqueConstraint("game_id", "key", name="uq_idempotent_game_key"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))


class CreatedReply(ReplyColumns, Base):
    """A write that creates a game or a tournament (its key is unique on its own)."""

    __tablename__ = "created_replies"
    __table_args__ = (UniqueConstraint("key", name="uq_created_replies_key"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)


class Tournament(Base):
    """A tournament as the organizer set it up; its rounds and standings are rebuilt from the
    draw seed, the number of advances and the reported games (scorekeeper.tournaments)."""

    __tablename__ = "tournaments"
    __table_args__ = (Index("ix_tournaments_club_created", "club_id", "created_at", "id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(120))
    variant: Mapped[str] = mapped_column(String(40))
    format: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]]
    teams: Mapped[list[Any]]  # [{"name", "players"}] in the order given
    seed: Mapped[int | None]  # the draw's seed; None until the draw
    # Seeding "ratings": the field's team indices strongest first, as rated at the draw (never
    # recomputed: a later rating does not move a drawn bracket); None otherwise.
    seeds: Mapped[list[Any] | None] = mapped_column(JSON)
    # Table numbers the organizer gave matches, {match key: number}: kept apart from the rebuilt
    # rounds so that a rebuild never loses them.
    tables: Mapped[dict[str, Any]] = mapped_column(default=dict, server_default="{}")
    # A progressive night's rounds in time, {round number: {"starts_at", "closed_at"}} (RFC 3339):
    # each round's start, stored when it is seated; a round played for a time, its close.
    clock: Mapped[dict[str, Any]] = mapped_column(default=dict, server_default="{}")
    # The language its projector, print kit and scorer pages speak (i18n.LANGUAGES), set at
    # creation; a viewer may pick another.
    language: Mapped[str] = mapped_column(String(8), default="en", server_default="en")
    advances: Mapped[int] = mapped_column(Integer, default=0)
    token_hash: Mapped[str] = mapped_column(String(64))
    # The recovery code's hash (POST .../recover): null for a tournament made before codes.
    recovery_hash: Mapped[str | None] = mapped_column(String(64))
    version: Mapped[int] = mapped_column(Integer, nullable=False)
    seed_name: Mapped[str | None] = mapped_column(String(80), unique=True)
    # A demo of `flask seed`, listed on the start page (GET /demos); no other game is listed.
    demo: Mapped[bool] = mapped_column(default=False, server_default=sa_false(), index=True)
    club_id: Mapped[int | None] = mapped_column(ForeignKey("clubs.id"))  # as for games
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)

    __mapper_args__ = {"version_id_col": version}


class DeskKey(Base):
    """A token the organizer handed out besides their own: a co-organizer's (`role`
    "organizer", with a label such as "Marie at the bar"), or the door's ("door": it may only
    check teams in). Deleting the row revokes it at once."""

    __tablename__ = "desk_keys"
    __table_args__ = (UniqueConstraint("token_hash", name="uq_desk_keys_token_hash"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), index=True)
    role: Mapped[str] = mapped_column(String(16))
    label: Mapped[str | None] = mapped_column(String(80))
    token_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class TournamentGame(Base):
    """One game of a match, as reported: scores in the match's team order."""

    __tablename__ = "tournament_games"
    __table_args__ = (UniqueConstraint("tournament_id", "match", "number",
                                       name="uq_tournament_games_match_number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), index=True)
    match: Mapped[str] = mapped_column(String(16))
    number: Mapped[int]
    scores: Mapped[list[Any]]
    teams: Mapped[list[Any]]  # the match's teams when reported
    game_id: Mapped[int | None] = mapped_column(ForeignKey("games.id", ondelete="SET NULL"))
    hand: Mapped[int | None]  # which hand of game_id this game is (deals played on the sheet)
    # False while a game reported by one team's scorer waits for the other team to confirm it.
    confirmed: Mapped[bool] = mapped_column(default=True, server_default=sa_true())
    reported_by: Mapped[int | None]  # the team whose scorer reported it, if one did
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)


class ScorerToken(Base):
    """A token that may report the games of one match only (a table's scorer)."""

    __tablename__ = "scorer_tokens"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), index=True)
    match: Mapped[str] = mapped_column(String(16))
    team: Mapped[int | None]  # one team's scorer (games to confirm), or None: the match's
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class TournamentReply(ReplyColumns, Base):
    """A write to a tournament."""

    __tablename__ = "tournament_replies"
    __table_args__ = (UniqueConstraint("tournament_id", "key", name="uq_tournament_reply_key"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id", ondelete="CASCADE"))


class WriteQuota(Base):
    """Each client's place in the write limit, shared by every worker and app server."""

    __tablename__ = "write_quotas"

    client: Mapped[str] = mapped_column(String(64), primary_key=True)
    # GCRA theoretical arrival time (Unix seconds): a write is allowed while now >= tat - period.
    tat: Mapped[float] = mapped_column(Float, nullable=False)


# -- clubs (issue 29): players who persist across games, and the seats they sat in -------------


class Club(Base):
    """A club: its ledger of games, tournaments and players. The admin token manages it; the
    member token, which members share and the admin can rotate, starts games and picks players.
    A private club's ledger reads only with one of the two."""

    __tablename__ = "clubs"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(120))
    language: Mapped[str] = mapped_column(String(8), default="en")
    public: Mapped[bool] = mapped_column(default=False)
    token_hash: Mapped[str] = mapped_column(String(64))  # the admin's
    member_token_hash: Mapped[str] = mapped_column(String(64))
    recovery_hash: Mapped[str] = mapped_column(String(64))
    version: Mapped[int] = mapped_column(Integer, nullable=False)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)

    __mapper_args__ = {"version_id_col": version}


class ClubReply(ReplyColumns, Base):
    """The reply to a write to a club, kept per Idempotency-Key."""

    __tablename__ = "club_replies"
    __table_args__ = (UniqueConstraint("club_id", "key", name="uq_club_reply_key"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("clubs.id", ondelete="CASCADE"))


class Player(Base):
    """A person in one club, a member or a guest. Their name here is the display name; the seats
    they sat in keep the name as typed at the table, so a rename never rewrites an old game."""

    __tablename__ = "players"
    __table_args__ = (Index("ix_players_club_name", "club_id", "name"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("clubs.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(60))
    kind: Mapped[str] = mapped_column(String(8), default="member")  # "member" or "guest"
    # "public" (shown as First L. outside the club), "full" (the whole name), "hidden" (never
    # listed; "a guest" in other players' histories).
    visibility: Mapped[str] = mapped_column(String(8), default="public")
    # Set when merged into another player (their seats moved there); undoing the merge clears it.
    merged_into: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)


class Seat(Base):
    """One place at one club game: the name as typed there, and the player who sat in it once
    linked (None: a name waiting in the club's unlinked queue, or a guest). `seat` numbers the
    game's players in the order of its sides. `figures` is what the hands say this seat did
    (scorekeeper.records), kept with each write so a player's record is a sum, not a replay."""

    __tablename__ = "seats"
    __table_args__ = (PrimaryKeyConstraint("game_id", "seat", name="pk_seats"),
                      Index("ix_seats_player_game", "player_id", "game_id"),
                      Index("ix_seats_club_player_name", "club_id", "player_id", "name"))

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    seat: Mapped[int]
    side: Mapped[int]
    club_id: Mapped[int] = mapped_column(ForeignKey("clubs.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(60))
    player_id: Mapped[int | None] = mapped_column(ForeignKey("players.id", ondelete="SET NULL"))
    figures: Mapped[dict[str, Any]] = mapped_column(default=dict)


class Merge(Base):
    """A merge of one player into another, logged so that it can be undone: the seats it moved."""

    __tablename__ = "merges"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("clubs.id", ondelete="CASCADE"), index=True)
    from_player: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"))
    into_player: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"))
    seats: Mapped[list[Any]]  # [[game_id, seat], ...] moved from one to the other
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    undone_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class Season(Base):
    """A club's season: its dates (both included), the variants it counts (None: all) and its
    counting rules (scorekeeper.seasons.Rules); its ladder is read from the club's results,
    never stored."""

    __tablename__ = "seasons"
    __table_args__ = (Index("ix_seasons_club_starts", "club_id", "starts_on"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("clubs.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(120))
    starts_on: Mapped[date] = mapped_column(Date)
    ends_on: Mapped[date] = mapped_column(Date)
    variants: Mapped[list[Any] | None] = mapped_column(JSON)
    counting: Mapped[dict[str, Any]]
    version: Mapped[int] = mapped_column(Integer, nullable=False)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)

    __mapper_args__ = {"version_id_col": version}


class Webhook(Base):
    """A club's webhook endpoint (Standard Webhooks): the events it takes and the secret its
    deliveries are signed with. The sender must sign with the secret itself, so it is kept as
    issued (unlike a token, which is kept hashed); the reply that shows it once is sealed like
    every reply with a secret. A 410 from the endpoint disables it: no more deliveries."""

    __tablename__ = "webhooks"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("clubs.id", ondelete="CASCADE"), index=True)
    url: Mapped[str] = mapped_column(String(2000))
    events: Mapped[list[Any]]
    secret: Mapped[str] = mapped_column(String(100))
    disabled_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    disabled_reason: Mapped[str | None] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class Outbox(Base):
    """One event of a club, written in the transaction of the change that caused it; its id is
    the message's `webhook-id` (msg_<id>) for every endpoint and every attempt."""

    __tablename__ = "outbox"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("clubs.id", ondelete="CASCADE"), index=True)
    type: Mapped[str] = mapped_column(String(60))
    payload: Mapped[dict[str, Any]]
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class Delivery(Base):
    """One event to one endpoint: written with the event, claimed by a sender when due
    (`next_attempt_at`), every attempt appended to `log` ({at, status, error})."""

    __tablename__ = "deliveries"
    __table_args__ = (UniqueConstraint("webhook_id", "outbox_id", name="uq_delivery_event"),
                      Index("ix_deliveries_due", "status", "next_attempt_at", "id"))

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    webhook_id: Mapped[int] = mapped_column(ForeignKey("webhooks.id", ondelete="CASCADE"))
    outbox_id: Mapped[int] = mapped_column(ForeignKey("outbox.id", ondelete="CASCADE"))
    status: Mapped[str] = mapped_column(String(12), default="pending")
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    next_attempt_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    last_status: Mapped[int | None] = mapped_column(Integer)
    last_error: Mapped[str | None] = mapped_column(String(500))
    log: Mapped[list[Any]] = mapped_column(default=list)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class PlayerRating(Base):
    """A player's rating in one variant family (scorekeeper.ratings): derived from the club's
    finished games, rebuilt from them whenever a correction, link, merge or erasure touches them.
    `history`: [[game, at, value], ...] in the order the games were rated."""

    __tablename__ = "ratings"
    __table_args__ = (PrimaryKeyConstraint("player_id", "family", name="pk_ratings"),)

    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"))
    family: Mapped[str] = mapped_column(String(16))
    club_id: Mapped[int] = mapped_column(ForeignKey("clubs.id", ondelete="CASCADE"), index=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int]
    value: Mapped[float] = mapped_column(Float)
    history: Mapped[list[Any]]
