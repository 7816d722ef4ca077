"""README's newcomer commands are the ones CI runs."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_ci_runs_the_readme_test_command() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = re.findall(r"```sh\n((?:npm ci && )?python3 -m venv[^\n]*)\n```", readme)
    assert len(commands) == 2, "README must open with the run command and the test command"
    run, test = commands
    assert "flask --app scorekeeper run" in run
    assert test.strip() in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()


def test_ci_runs_the_readme_postgresql_command() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = re.findall(r"```sh\n(pg_virtualenv[^\n]*)\n```", readme)
    assert len(commands) == 1
    assert commands[0] in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
