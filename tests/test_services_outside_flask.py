"""The service layer runs outside a request: a job (a webhook sender, a rebuild) gives it a database
and a WriteContext, and no Flask app, request or configuration is needed."""

from __future__ import annotations

import ast
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy
from flask import has_app_context, has_request_context
from sqlalchemy.orm import scoped_session, sessionmaker

from scorekeeper import store
from scorekeeper.errors import TooManyRequests
from scorekeeper.services import games, write_limit
from scorekeeper.services.tournaments import lifecycle, views
from scorekeeper.services.writes import WriteContext, WriteRequest
from scorekeeper.store import Store
from tests.helpers import TWO_SIDES, database_url

ROOT = Path(__file__).resolve().parent.parent
SERVICES = ROOT / "scorekeeper" / "services"
# The modules that run on the app itself: the live pages' watcher, and the restore command (which
# checks a backup with the app's JSON and the API's own schemas).
ON_THE_APP = {"scorekeeper.services.live", "scorekeeper.services.restore"}
# What a module outside a request cannot lean on.
FLASK = ("flask", "flask_babel", "flask_smorest", "scorekeeper.extensions", "scorekeeper.http",
         "scorekeeper.api")
HAND = {"bidder": 0, "bid": "6S", "tricks": [6, 4]}


@pytest.fixture
def database(tmp_path: Path) -> Iterator[Store]:
    """A migrated database (the suite's), as a job would open it: an engine and its sessions."""
    engine = sqlalchemy.create_engine(database_url(tmp_path))
    sessions = scoped_session(sessionmaker(bind=engine, expire_on_commit=False))
    try:
        with store.using(Store(engine, sessions, busy_timeout_s=5)) as bound:
            yield bound
    finally:
        sessions.remove()
        engine.dispose()


def request(context: WriteContext, token: str | None = None, key: str | None = None,
            body: object = None) -> WriteRequest:
    return WriteRequest(token=token, if_match=None, idempotency_key=key, method="JOB",
                        path="/job", body=body, context=context)


def test_a_hand_is_recorded_with_no_flask_app_or_request(database: Store) -> None:
    assert not has_app_context() and not has_request_context()
    context = WriteContext(client="192.0.2.9", limits={}, reply_hours=24)
    created = games.create_game({"variant": "australian-500", "sides": TWO_SIDES}, request(context))
    game_id, token = created.body["id"], created.body["token"]

    recorded = games.record_hand(game_id, HAND, request(context, token, "hand-1", HAND))
    assert (recorded.status, recorded.body["game"]["scores"]) == (201, [40, 40])
    replayed = games.record_hand(game_id, HAND, request(context, token, "hand-1", HAND))
    assert replayed.replayed and replayed.body == recorded.body  # reply_hours from the context
    assert games.tagged_view(game_id)[1]["hands_played"] == 1
    assert not has_app_context()


def test_the_write_limit_is_the_contexts(database: Store) -> None:
    """No app's settings: the limits and the client's address come with the context."""
    created = games.create_game({"variant": "australian-500", "sides": TWO_SIDES},
                                request(WriteContext(None, {}, 24)))
    game_id, token = created.body["id"], created.body["token"]
    limited = WriteContext(client="192.0.2.10", reply_hours=24,
                           limits={write_limit.WRITES: write_limit.parse("1/hour")})
    assert games.record_hand(game_id, HAND, request(limited, token)).status == 201
    with pytest.raises(TooManyRequests):
        games.record_hand(game_id, HAND, request(limited, token))
    other = WriteContext(client="192.0.2.11", limits=limited.limits, reply_hours=24)
    assert games.record_hand(game_id, HAND, request(other, token)).status == 201


def test_a_tournament_is_run_with_no_flask_app(database: Store) -> None:
    context = WriteContext(client=None, limits={}, reply_hours=24)
    teams = [{"name": f"Team {n}", "players": [f"P{n}a", f"P{n}b"]} for n in range(4)]
    created = lifecycle.create_tournament(
        {"name": "Club", "variant": "quebec-500", "format": "quebec", "teams": teams},
        request(context))
    tournament_id, token = created.body["id"], created.body["token"]
    drawn = lifecycle.draw(tournament_id, 7, request(context, token))
    match = drawn.body["rounds"][0]["matches"][0]["id"]
    reported = lifecycle.report_game(tournament_id, match, {"scores": [360, 120]},
                                     request(context, token))
    assert reported.status == 201
    assert views.tagged_view(tournament_id)[1]["rounds"][0]["matches"][0]["results"]


def test_without_a_database_the_services_say_so() -> None:
    """Outside the app and with no store bound, the services find no database (never another
    app's by accident)."""
    with pytest.raises(RuntimeError):
        games.game_tag(1)


# -- which modules may not import Flask ------------------------------------------------------------


def strict_modules() -> set[str]:
    """The module patterns held to mypy --strict in pyproject.toml."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return {module for override in config["tool"]["mypy"]["overrides"]
            if override.get("strict") for module in override["module"]}


def module_files() -> dict[str, Path]:
    found = {"scorekeeper.store": ROOT / "scorekeeper" / "store.py"}
    for path in SERVICES.rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def covered(module: str, patterns: set[str]) -> bool:
    """As mypy reads a pattern: "a.*" is a and everything under it."""
    return any(module == p or (p.endswith(".*") and (module + ".").startswith(p[:-1]))
               for p in patterns)


def imported(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def test_the_service_layer_is_strict_and_all_but_two_modules_flask_free() -> None:
    files = module_files()
    assert all(covered(module, strict_modules()) for module in files)
    assert set(files) >= ON_THE_APP
    for module in sorted(set(files) - ON_THE_APP):  # a new module runs outside a request too
        leaning = {name for name in imported(files[module])
                   if name in FLASK or name.startswith(tuple(f"{f}." for f in FLASK))}
        assert not leaning, f"{module} imports {sorted(leaning)}"


def test_the_import_check_sees_flask() -> None:
    assert "flask" in imported(SERVICES / "live.py")
    assert "scorekeeper.extensions" in imported(SERVICES / "restore.py")
