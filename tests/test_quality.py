"""The linters are part of the suite, so the one test command checks everything."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *command], cwd=ROOT, capture_output=True,
                          text=True, check=False)


def test_ruff_passes() -> None:
    result = run("ruff", "check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_passes() -> None:
    result = run("mypy")
    assert result.returncode == 0, result.stdout + result.stderr
