"""The sender as its own process (`flask webhooks send`), killed with SIGKILL in the middle of a
delivery and started again: every event is delivered, each webhook-id is processed once by an
idempotent receiver, and no event has two outbox rows or two deliveries."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.models import Delivery, Outbox
from tests.api.club_helpers import new_club
from tests.api.webhook_helpers import Receiver, finished_game, receiving, register

EVENTS = 5
LEASE_S = 3  # a killed sender's claim comes back after this


def sender(app: Flask, tmp_path: Path, name: str) -> subprocess.Popen[bytes]:
    env = {**os.environ, "DATABASE_URL": app.config["DATABASE_URL"],
           "SCOREKEEPER_WEBHOOKS_ALLOW_PRIVATE": "1"}
    with (tmp_path / f"{name}.log").open("wb") as log:  # the child keeps its own copy
        return subprocess.Popen(
            [sys.executable, "-m", "flask", "--app", "scorekeeper", "webhooks", "send",
             "--idle", "0.1", "--lease", str(LEASE_S)],
            env=env, stdout=log, stderr=subprocess.STDOUT, cwd=Path(__file__).parents[2])


def wait_for(condition: object, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():  # type: ignore[operator]
            return True
        time.sleep(0.05)
    return False


def test_a_sender_killed_mid_delivery_loses_nothing_and_doubles_nothing(
        app: Flask, client: FlaskClient, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCOREKEEPER_WEBHOOKS_ALLOW_PRIVATE", "1")
    club = new_club(client)
    with receiving(Receiver(stall_first=True)) as receiver:
        register(client, club, receiver.url)
        for _ in range(EVENTS):
            finished_game(client, club)
        first = sender(app, tmp_path, "first")
        try:
            assert receiver.stalled.wait(60), (tmp_path / "first.log").read_text()
        finally:
            first.send_signal(signal.SIGKILL)
            first.wait(10)
        receiver.release.set()
        second = sender(app, tmp_path, "second")
        try:
            wanted = {f"msg_{n}" for n in range(1, EVENTS + 1)}
            assert wait_for(lambda: set(receiver.processed) == wanted, 60), (
                receiver.arrivals, (tmp_path / "second.log").read_text())
            assert wait_for(lambda: delivered(app) == EVENTS, 30)
        finally:
            second.send_signal(signal.SIGTERM)
            second.wait(10)
    assert receiver.processed == dict.fromkeys(wanted, 1)
    # The message in flight when the sender died came again, as the same message.
    assert receiver.arrivals["msg_1"] == 2
    assert all(receiver.arrivals[m] == 1 for m in wanted - {"msg_1"})
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Outbox)) == EVENTS
        assert db.session.scalar(select(func.count()).select_from(Delivery)) == EVENTS


def delivered(app: Flask) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Delivery).where(
            Delivery.status == "delivered")) or 0
