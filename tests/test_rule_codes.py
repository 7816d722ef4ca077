"""Every rule refusal is a key of the refusals' table (scorekeeper/rules/sentences.REFUSALS) whose
rule code is one of the registry's (scorekeeper/rules/errors.RULES), and no refusal builds its own
sentence: read from the source, so a new `raise RuleViolation(...)` with words instead of a key
fails here, before any request could show it."""

from __future__ import annotations

import ast
import json
import string
from pathlib import Path

from scorekeeper.rules.errors import RULES
from scorekeeper.rules.sentences import PHRASES, REFUSALS

PACKAGE = Path(__file__).resolve().parent.parent / "scorekeeper"
SPEC = PACKAGE.parent / "openapi" / "openapi.json"
MODULES = {path: ast.parse(path.read_text(encoding="utf-8")) for path in
           sorted(PACKAGE.rglob("*.py"))}


def _name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    return node.attr if isinstance(node, ast.Attribute) else None


def _refusal_classes() -> set[str]:
    """RuleViolation and its subclasses anywhere in the package."""
    found = {"RuleViolation"}
    grown = True
    while grown:
        grown = False
        for tree in MODULES.values():
            for node in ast.walk(tree):
                if (isinstance(node, ast.ClassDef) and node.name not in found
                        and any(_name(b) in found for b in node.bases)):
                    found.add(node.name)
                    grown = True
    return found


CLASSES = _refusal_classes()


def _constructions() -> list[tuple[str, ast.Call]]:
    where = []
    for path, tree in MODULES.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _name(node.func) in CLASSES:
                where.append((f"{path.relative_to(PACKAGE.parent)}:{node.lineno}", node))
    return where


def _keys_used() -> set[str]:
    return {str(call.args[0].value) for _, call in _constructions()
            if call.args and isinstance(call.args[0], ast.Constant)}


def test_every_refusal_is_a_key_of_the_table() -> None:
    built = []
    for where, call in _constructions():
        if not call.args:
            built.append(where)
            continue
        says = call.args[0]
        if isinstance(says, ast.Constant) and says.value in REFUSALS:
            continue
        # A refusal passed on as it was caught (another field, the same words) keeps its key.
        if isinstance(says, ast.Attribute) and says.attr == "says":
            continue
        built.append(where)
    assert built == [], f"refusals that are not a key of sentences.REFUSALS: {built}"
    assert len(_constructions()) > 150  # the walk does find the refusals


def test_every_key_names_a_registered_rule() -> None:
    unregistered = sorted(key for key in REFUSALS if key.partition(".")[0] not in RULES)
    assert unregistered == []


def test_every_registered_rule_and_every_template_is_used() -> None:
    used = _keys_used()
    assert sorted(set(REFUSALS) - used) == [], "templates no refusal uses"
    assert sorted(set(RULES) - {key.partition(".")[0] for key in used}) == [], \
        "registered codes no refusal names"


def test_templates_say_their_values_in_known_phrases() -> None:
    for key, template in REFUSALS.items():
        for _, name, spec, _ in string.Formatter().parse(template):
            assert name is None or name.isidentifier(), (key, name)
            assert not spec or spec in PHRASES, (key, spec)


def test_codes_are_snake_case_and_described() -> None:
    for code, why in RULES.items():
        assert code.isascii() and code == code.lower() and code.replace("_", "").isalpha(), code
        assert why and why == why.strip() and "\n" not in why, code


def test_the_spec_lists_every_code() -> None:
    rule = json.loads(SPEC.read_text(encoding="utf-8"))["components"]["schemas"]["Error"][
        "properties"]["rule"]
    assert rule["enum"] == sorted(RULES)
    assert all(f"`{code}`: {why}" in rule["description"] for code, why in RULES.items())
