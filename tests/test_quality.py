"""The linters are part of the suite, so the one test command checks everything."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

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


def test_eslint_passes() -> None:
    """ESLint (package.json, eslint.config.js) on the page's JavaScript. Without node and npm it
    is skipped locally, and fails where SCOREKEEPER_BROWSER_REQUIRED is set, as in CI."""
    required = bool(os.environ.get("SCOREKEEPER_BROWSER_REQUIRED"))
    eslint = ROOT / "node_modules" / ".bin" / "eslint"
    if shutil.which("node") is None or shutil.which("npm") is None:
        if required:
            pytest.fail("ESLint needs node and npm (apt-get install -y nodejs npm)")
        pytest.skip("node and npm are not installed (apt-get install -y nodejs npm): no ESLint")
    if not eslint.exists():
        if required:
            pytest.fail("ESLint is not installed: run `npm ci` at the project's top first")
        pytest.skip("ESLint is not installed: run `npm ci` at the project's top")
    result = subprocess.run([str(eslint), "--max-warnings=0", "."], cwd=ROOT, capture_output=True,
                            text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_vendored_qr_library_is_its_npm_release() -> None:
    """The page's QR codes are drawn by uqr, copied from its npm release (pinned in package.json,
    installed by `npm ci`) into static/vendor/ with its licence: that file, unchanged."""
    vendored = ROOT / "scorekeeper" / "web" / "static" / "vendor"
    assert "MIT License" in (vendored / "uqr.LICENSE").read_text(encoding="utf-8")
    released = ROOT / "node_modules" / "uqr" / "dist" / "index.mjs"
    if not released.exists():
        if os.environ.get("SCOREKEEPER_BROWSER_REQUIRED"):
            pytest.fail("uqr is not installed: run `npm ci` at the project's top first")
        pytest.skip("uqr is not installed: run `npm ci` at the project's top")
    assert (vendored / "uqr.js").read_bytes() == released.read_bytes()
