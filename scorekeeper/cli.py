"""flask commands: `flask db upgrade|current|revision`, `flask seed`, `flask backup`,
`flask restore`, `flask catalog update`, `flask webhooks send` and
`flask ratings rebuild`."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

import click
from flask import Flask, current_app
from flask.cli import AppGroup, with_appcontext
from sqlalchemy.exc import SQLAlchemyError

from scorekeeper import i18n, migrate, site
from scorekeeper.extensions import db

SEEDS = Path(__file__).resolve().parent.parent / "seeds"
# Where `flask run` serves the page: the seed's links without SCOREKEEPER_PUBLIC_URL.
LOCAL_URL = "http://127.0.0.1:5000"


def register(app: Flask) -> None:
    app.cli.add_command(db_group)
    app.cli.add_command(seed_command)
    app.cli.add_command(backup_command)
    app.cli.add_command(restore_command)
    app.cli.add_command(catalog_group)
    app.cli.add_command(webhooks_group)
    app.cli.add_command(ratings_group)


db_group = AppGroup("db", help="Database schema (Alembic migrations shipped with the package).")


@db_group.command("upgrade")
@click.argument("revision", default="head")
def db_upgrade(revision: str) -> None:
    """Upgrade the database to the newest schema (or REVISION)."""
    migrate.upgrade(db.engine, revision)
    click.echo(f"database at {migrate.current_revision(db.engine)}")


@db_group.command("current")
def db_current() -> None:
    """Print the database's schema revision."""
    click.echo(migrate.current_revision(db.engine) or "empty")


@db_group.command("revision")
@click.option("-m", "--message", required=True)
def db_revision(message: str) -> None:
    """Write a new migration from the models (for developers)."""
    migrate.revision(db.engine, message)


@click.command("seed")
@with_appcontext
@click.option("--folder", type=click.Path(exists=True, file_okay=False, path_type=Path),
              default=SEEDS, show_default=True)
@click.option("--base-url", help="The address the links are made under [default: "
              f"SCOREKEEPER_PUBLIC_URL, else {LOCAL_URL}]")
@click.option("--unlisted", is_flag=True,
              help="Keep what it loads (and loaded before) off the start page's list of demos.")
def seed_command(folder: Path, base_url: str | None, unlisted: bool) -> None:
    """Load the demo games in seeds/*.json; games already loaded are skipped. Each is listed on
    the start page as a demo (unless --unlisted) and shown with its links: a new one's scorer or
    organizer link, and its spectator link."""
    from scorekeeper.services.seeding import SeedRefused, load_seed
    from scorekeeper.services.writes import WriteContext

    try:
        base = site.public_url(base_url) or current_app.config["PUBLIC_URL"] or LOCAL_URL
    except ValueError as bad:
        raise click.BadParameter(str(bad).replace("SCOREKEEPER_PUBLIC_URL", "the address"),
                                 param_hint="--base-url") from None
    # Outside any request: no client, so no write limit.
    context = WriteContext(client=None, limits={}, reply_hours=current_app.config["REPLY_HOURS"])
    for path in sorted(folder.glob("*.json")):
        try:
            outcome = load_seed(path.stem, json.loads(path.read_text(encoding="utf-8")), context,
                                base, listed=not unlisted)
        except (SeedRefused, ValueError) as refused:
            raise click.ClickException(f"{path.name}: {refused}") from None
        click.echo(f"{path.name}: {outcome}")


@click.command("backup")
@with_appcontext
@click.argument("out", type=click.Path(dir_okay=False, path_type=Path))
def backup_command(out: Path) -> None:
    """Write every game and tournament, token hashes included, to OUT (JSON), atomically: a
    failed backup leaves an earlier OUT as it was."""
    from scorekeeper.services import backup

    try:
        data = backup.write(out)
    except Exception as error:  # whatever it was, OUT is untouched: say so and exit non-zero
        raise click.ClickException(f"backup failed, {out} was not changed: "
                                   f"{type(error).__name__}: {error}") from None
    click.echo(f"{out}: {len(data['games'])} games, {len(data['tournaments'])} tournaments")


@click.command("restore")
@with_appcontext
@click.argument("source", type=click.Path(exists=True, dir_okay=False, path_type=Path))
def restore_command(source: Path) -> None:
    """Load a backup written by `flask backup` into an empty database: every game and
    tournament with its id and tokens, so every link keeps working. All or nothing."""
    from scorekeeper.services import restore

    try:
        games, tournaments = restore.restore(restore.parse(source.read_text(encoding="utf-8")))
    # ValueError: not JSON or not UTF-8; SQLAlchemyError: e.g. no schema (run `db upgrade`)
    except (ValueError, restore.RestoreRefused, SQLAlchemyError) as refused:
        raise click.ClickException(f"{source}: nothing restored: {refused}") from None
    click.echo(f"{source}: restored {games} games, {tournaments} tournaments")


catalog_group = AppGroup("catalog", help="The translations (scorekeeper/translations).")


@catalog_group.command("update")
def catalog_update() -> None:
    """Extract every message into messages.pot and merge it into each language's catalog (one is
    started for a language of i18n.LANGUAGES that has none)."""
    left = i18n.update_catalogs(Path(__file__).resolve().parent.parent)
    for code, count in left.items():
        click.echo(f"{code}: {count} messages to translate")


webhooks_group = AppGroup("webhooks", help="Clubs' webhooks: the sender of their deliveries.")


@webhooks_group.command("send")
@click.option("--once", is_flag=True, help="Send what is due now, then stop.")
@click.option("--idle", type=float, default=1.0, show_default=True,
              help="Seconds to rest when nothing is due.")
@click.option("--lease", type=float, default=60.0, show_default=True,
              help="Seconds a claimed delivery stays this sender's: after it, a sender that "
                   "died mid-post has its deliveries sent again. Each post may take half.")
def webhooks_send(once: bool, idle: float, lease: float) -> None:
    """Post the clubs' webhook deliveries as they fall due, until stopped. Run one per app
    server on PostgreSQL (they share the work); one in all on SQLite (docs/webhooks.md)."""
    from scorekeeper.services.clubs.sender import TIMEOUT_S, Sender

    sender = Sender(lease=timedelta(seconds=lease), timeout_s=min(TIMEOUT_S, lease / 2))
    if once:
        while sender.look():
            pass
        return
    sender.run(idle_s=idle)


ratings_group = AppGroup("ratings", help="Players' ratings, derived from the clubs' games.")


@ratings_group.command("rebuild")
def ratings_rebuild() -> None:
    """Rebuild every club's ratings from its finished games (once after upgrading to them:
    games finished before keep no rating until then), a club per transaction."""
    from sqlalchemy import select

    from scorekeeper.models import Club
    from scorekeeper.services.clubs import ratings

    clubs = db.session.scalars(select(Club.id).order_by(Club.id)).all()
    for club in clubs:
        with db.writers_turn():
            games = ratings.rebuild(db.session, club)
            db.session.commit()
        click.echo(f"club {club}: {games} finished games rated")
