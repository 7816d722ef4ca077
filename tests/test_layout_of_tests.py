"""No module under tests/ imports a test module, nor a conftest.py: what tests share lives in
helpers.py modules (plain functions and constants) and conftest.py files (fixtures and hooks). A
test module imported by another ties the two together and hands pytest the `test_*` functions it
imports, to be run a second time as tests of the importer."""

from __future__ import annotations

import ast
import fnmatch
from collections.abc import Callable, Iterator
from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
TEST_FILES = ("test_*.py", "*_test.py")  # pytest's default python_files


def is_test_module(dotted: str) -> bool:
    """True when `dotted` (e.g. tests.web.test_offline) names a test file of the suite."""
    path = ROOT.joinpath(*dotted.split("."))
    return (path.with_suffix(".py").is_file()
            and any(fnmatch.fnmatch(path.name + ".py", pattern) for pattern in TEST_FILES))


def is_conftest(dotted: str) -> bool:
    """True when `dotted` (e.g. tests.web.conftest) names a conftest.py of the suite."""
    path = ROOT.joinpath(*dotted.split("."))
    return path.name == "conftest" and path.with_suffix(".py").is_file()


def package_of(path: Path) -> list[str]:
    return list(path.relative_to(ROOT).with_suffix("").parts[:-1])


def imported_by_name(call: ast.Call) -> str | None:
    """The module of importlib.import_module("a.b") or __import__("a.b"), else None."""
    named = (isinstance(call.func, ast.Name) and call.func.id == "__import__") or (
        isinstance(call.func, ast.Attribute) and call.func.attr == "import_module")
    first = call.args[0] if named and call.args else None
    return first.value if isinstance(first, ast.Constant) and isinstance(first.value, str) else None


def imported_modules(source: str, path: Path) -> Iterator[tuple[int, str]]:
    """(line, module) for every module the file at `path` imports, at any depth: `import a.b`,
    `from a.b import c` (a.b.c too, in case c is a module), relative imports, and
    importlib.import_module("a.b") or __import__("a.b") with a literal name."""
    for node in ast.walk(ast.parse(source, str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            base = package_of(path)[:len(package_of(path)) - node.level + 1] if node.level else []
            module = ".".join(base + (node.module.split(".") if node.module else []))
            yield node.lineno, module
            for alias in node.names:
                yield node.lineno, f"{module}.{alias.name}"
        elif isinstance(node, ast.Call) and (name := imported_by_name(node)):
            yield node.lineno, name


def found_in_tests(wrong: Callable[[str], bool]) -> list[str]:
    """Every import, in any module under tests/, of a module `wrong` refuses: file:line module."""
    return [f"{path.relative_to(ROOT)}:{line} imports {module}"
            for path in sorted(TESTS.rglob("*.py"))
            for line, module in imported_modules(path.read_text(encoding="utf-8"), path)
            if wrong(module)]


def test_no_module_under_tests_imports_a_test_module() -> None:
    found = found_in_tests(is_test_module)
    assert found == [], "move what is shared to a helpers.py or conftest.py:\n" + "\n".join(found)


def test_no_module_under_tests_imports_a_conftest() -> None:
    """A conftest.py holds fixtures (asked for by name) and hooks; plain functions and constants
    live in a helpers.py, which conftest.py imports too."""
    found = found_in_tests(is_conftest)
    assert found == [], "move what is imported to a helpers.py:\n" + "\n".join(found)


SAMPLE = """\
import tests.test_layout_of_tests
from tests.test_layout_of_tests import TESTS
from tests import test_layout_of_tests
from .test_layout_of_tests import TESTS
from . import test_layout_of_tests, helpers
from ..tests.test_layout_of_tests import TESTS
def f():
    import importlib
    importlib.import_module("tests.test_layout_of_tests")
    __import__("tests.test_layout_of_tests")
from tests.conftest import app
from . import conftest
from tests.helpers import TWO_SIDES
from tests.web.helpers import Phone
"""


def test_the_checks_see_every_form_of_import() -> None:
    """The finder on every form of import, in a file as if written in tests/ (relative imports)."""
    imports = list(imported_modules(SAMPLE, TESTS / "sample.py"))
    assert sorted({line for line, module in imports if is_test_module(module)}) == [
        1, 2, 3, 4, 5, 6, 9, 10]
    assert sorted({line for line, module in imports if is_conftest(module)}) == [11, 12]
