"""The benchmarks' own requests stay valid as the API's bounds tighten: a benchmark whose game the
API refuses measures nothing (load.py and live.py asked for a target of a billion after targets
were bounded to a million, and failed at their first request)."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def constant(script: str, name: str) -> Any:
    """A module-level constant of a benchmark script, read without running the script (its
    imports are its folder's siblings, not a package)."""
    tree = ast.parse((BENCHMARKS / script).read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == name for t in node.targets):
            return ast.literal_eval(node.value)
    raise LookupError(f"{script} has no {name}")


@pytest.mark.parametrize("script", ["load.py", "live.py"])
def test_the_benchmark_game_is_accepted_and_takes_its_hand(client: FlaskClient,
                                                           script: str) -> None:
    body = {"variant": "australian-500", "options": constant(script, "OPTIONS"),
            "sides": constant(script, "SIDES")}
    created = client.post("/api/v1/games", json=body)
    assert created.status_code == 201, created.get_json()
    game = created.get_json()
    hand = client.post(f"/api/v1/games/{game['id']}/hands", json=constant(script, "HAND"),
                       headers={"Authorization": f"Bearer {game['token']}"})
    assert hand.status_code == 201, hand.get_json()
    assert hand.get_json()["game"]["status"] == "in_progress"
