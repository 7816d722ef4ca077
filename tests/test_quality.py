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


REQUIRED = bool(os.environ.get("SCOREKEEPER_BROWSER_REQUIRED"))


def need_node(what: str) -> str:
    """Node's path. Without node and npm the test is skipped locally, and fails where
    SCOREKEEPER_BROWSER_REQUIRED is set, as in CI."""
    node = shutil.which("node")
    if node is None or shutil.which("npm") is None:
        if REQUIRED:
            pytest.fail(f"{what} needs node and npm (apt-get install -y nodejs npm)")
        pytest.skip(f"node and npm are not installed (apt-get install -y nodejs npm): no {what}")
    return node


def node_tool(name: str, what: str) -> Path:
    """A tool from node_modules/.bin, skipped or failed as `need_node` says, and before `npm ci`."""
    need_node(what)
    tool = ROOT / "node_modules" / ".bin" / name
    if not tool.exists():
        if REQUIRED:
            pytest.fail(f"{what} is not installed: run `npm ci` at the project's top first")
        pytest.skip(f"{what} is not installed: run `npm ci` at the project's top")
    return tool


def test_eslint_passes() -> None:
    """ESLint (package.json, eslint.config.js) on the page's JavaScript."""
    eslint = node_tool("eslint", "ESLint")
    result = subprocess.run([str(eslint), "--max-warnings=0", "."], cwd=ROOT, capture_output=True,
                            text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_spec_passes_spectral() -> None:
    """The committed contract, read by a strict tool: Spectral's OpenAPI rules (.spectral.yaml,
    `spectral:oas`) find no error and no warning in openapi/openapi.json."""
    spectral = node_tool("spectral", "Spectral")
    result = subprocess.run([str(spectral), "lint", "openapi/openapi.json",
                             "--fail-severity=warn"], cwd=ROOT, capture_output=True, text=True,
                            check=False)
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


def test_page_types_check() -> None:
    """TypeScript (tsconfig.json) checks the page's modules by their JSDoc types: no error."""
    tsc = node_tool("tsc", "TypeScript")
    result = subprocess.run([str(tsc), "--noEmit", "-p", "."], cwd=ROOT, capture_output=True,
                            text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def test_page_unit_tests_pass() -> None:
    """The page's modules that need no page (the outbox), under Node's own test runner."""
    node = need_node("Node's test runner")
    result = subprocess.run([node, "--test", "tests/js/"], cwd=ROOT, capture_output=True,
                            text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "# fail 0" in result.stdout, result.stdout
