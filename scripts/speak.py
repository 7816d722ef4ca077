"""Read a catalog's sentences as a table would: every golden case of tests/rules/golden played
through the rules, each explanation line in English and in LANG, from the catalog as it is on
disk (no start of the app needed). For translators and reviewers.

    python scripts/speak.py fr [variant-key]

From another worktree, put it first: PYTHONPATH=. python scripts/speak.py fr.
"""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path

from scorekeeper.i18n import tongue_of
from scorekeeper.rules.base import Side, Table
from scorekeeper.rules.registry import find_variant
from scorekeeper.rules.sentences import render_all, speaking

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "rules" / "golden"


def main(code: str, only: str | None = None) -> None:
    spoken = tongue_of(code)
    seen: set[str] = set()
    for path in sorted(GOLDEN.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if only and data["variant"] != only:
            continue
        variant = find_variant(data["variant"])
        for case in data["cases"]:
            names = (("Nous", "Eux") if len(case["sides"]) == 2
                     else tuple(" & ".join(p) for p in case["sides"]))
            table = Table(sides=tuple(Side(n, tuple(p)) for n, p in zip(names, case["sides"],
                                                                         strict=True)),
                          options=variant.resolve_options(case["options"]),
                          first_dealer=case["first_dealer"])
            state = variant.start(table)
            for step in case["hands"]:
                result = variant.score_hand(table, state, copy.deepcopy(step["hand"]))
                english = render_all(result.reasons)
                with speaking(spoken):
                    said = render_all(result.reasons)
                for line, other in zip(english, said, strict=True):
                    if line not in seen:
                        seen.add(line)
                        print(f"{data['variant']:<16} {line}\n{'':<16} {other}")
                state = result.state


if __name__ == "__main__":
    main(*sys.argv[1:])
