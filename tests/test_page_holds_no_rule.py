"""The page shows what the API says a hand came to and decides none of it (DESIGN.md: the page
applies published data, never rules): no made/failed read off reason codes, no arithmetic on a
Rummy hand to find who went out. The API publishes both (`contract.made`, `out`)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parent.parent / "scorekeeper" / "web" / "static"
SCRIPTS = sorted(STATIC.rglob("*.js"))

RULES_IN_THE_PAGE = {
    "a reason code's suffix": re.compile(r"""["'`]_(made|failed)\b|\.endsWith\(\s*["'`]_"""),
    "a reason code named": re.compile(r"""["'`](contract|misere|hilo)_(made|failed|slam)["'`]"""),
    "who went out, worked out": re.compile(
        r"hand_points\s*[=!]==?\s*0|\.hand\??\.length\s*[=!]==?\s*0|went_out\s*(\|\||&&)"),
}


def test_the_page_has_scripts() -> None:
    assert len(SCRIPTS) > 10


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: str(path.relative_to(STATIC)))
def test_no_rule_in_the_page(script: Path) -> None:
    text = script.read_text(encoding="utf-8")
    found = [f"{what}: line {text.count(chr(10), 0, match.start()) + 1}: {match.group(0)}"
             for what, pattern in RULES_IN_THE_PAGE.items() for match in pattern.finditer(text)]
    assert not found, found
