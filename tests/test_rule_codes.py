"""Every rule refusal names its rule by a code of the registry (scorekeeper/rules/errors.RULES),
and every code of the registry is one some refusal names: read from the source, so a new
`raise RuleViolation(...)` without its code fails here, before any request could show it."""

from __future__ import annotations

import ast
import json
from pathlib import Path

from scorekeeper.rules.errors import RULES

PACKAGE = Path(__file__).resolve().parent.parent / "scorekeeper"
SPEC = PACKAGE.parent / "openapi" / "openapi.json"
MODULES = {path: ast.parse(path.read_text(encoding="utf-8")) for path in
           sorted(PACKAGE.rglob("*.py"))}


def _name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    return node.attr if isinstance(node, ast.Attribute) else None


def _refusals() -> dict[str, ast.ClassDef]:
    """RuleViolation's subclasses anywhere in the package, by name."""
    found: dict[str, ast.ClassDef] = {}
    grown = True
    while grown:
        grown = False
        for tree in MODULES.values():
            for node in ast.walk(tree):
                if (isinstance(node, ast.ClassDef) and node.name not in found
                        and any(_name(b) in {"RuleViolation", *found} for b in node.bases)):
                    found[node.name] = node
                    grown = True
    return found


SUBCLASSES = _refusals()


def _rule_given(call: ast.Call) -> ast.expr | None:
    return next((k.value for k in call.keywords if k.arg == "rule"), None)


def _own_code(cls: ast.ClassDef) -> str | None:
    """The code a subclass passes up in its __init__ (super().__init__(..., rule="...")."""
    for node in ast.walk(cls):
        if (isinstance(node, ast.Call) and _name(node.func) == "__init__"
                and isinstance(given := _rule_given(node), ast.Constant)):
            return str(given.value)
    return None


def _constructions() -> list[tuple[str, ast.Call]]:
    where = []
    for path, tree in MODULES.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _name(node.func) in {"RuleViolation", *SUBCLASSES}:
                where.append((f"{path.relative_to(PACKAGE.parent)}:{node.lineno}", node))
    return where


def test_every_refusal_names_a_known_rule() -> None:
    unnamed = []
    for where, call in _constructions():
        if _name(call.func) in SUBCLASSES:
            continue  # its code is its class's (checked below)
        given = _rule_given(call)
        if isinstance(given, ast.Constant) and given.value in RULES:
            continue
        # A refusal rewording another one it caught keeps that one's code.
        if isinstance(given, ast.Attribute) and given.attr == "rule":
            continue
        unnamed.append(where)
    assert unnamed == [], f"refusals without a known rule code: {unnamed}"
    assert len(_constructions()) > 150  # the walk does find the refusals


def test_every_subclass_has_its_own_known_rule() -> None:
    assert {"UnknownVariant", "UnknownBid", "DisabledBid"} <= set(SUBCLASSES)
    codes = {name: _own_code(cls) for name, cls in SUBCLASSES.items()}
    assert all(code in RULES for code in codes.values()), codes


def test_every_registered_rule_is_named_by_some_refusal() -> None:
    used = {str(given.value) for _, call in _constructions()
            if isinstance(given := _rule_given(call), ast.Constant)}
    used |= {code for cls in SUBCLASSES.values() if (code := _own_code(cls))}
    assert sorted(set(RULES) - used) == [], "registered codes no refusal names"
    assert sorted(used - set(RULES)) == [], "codes named but not registered"


def test_codes_are_snake_case_and_described() -> None:
    for code, why in RULES.items():
        assert code.isascii() and code == code.lower() and code.replace("_", "").isalpha(), code
        assert why and why == why.strip() and "\n" not in why, code


def test_the_spec_lists_every_code() -> None:
    rule = json.loads(SPEC.read_text(encoding="utf-8"))["components"]["schemas"]["Error"][
        "properties"]["rule"]
    assert rule["enum"] == sorted(RULES)
    assert all(f"`{code}`: {why}" in rule["description"] for code, why in RULES.items())
