"""The engine package's shape: every module imports in a fresh interpreter,
no two modules of rules_pkg import each other in a circle (directly or through
others, at the top or inside a function), and no function is over 60 lines.
The build (sitebuild/) and the benchmark (scripts/bench/) have no import circle either."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "rules_pkg"
MODULES = sorted(PACKAGE.rglob("*.py"))
MAX_FUNCTION_LINES = 60


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path: Path, modules: list[Path] = MODULES) -> set[str]:
    """The modules of ``modules`` (rules_pkg's by default) that ``path`` imports anywhere in it (AST)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    known = {module_name(p) for p in modules}
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[:len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([node.module] if node.module else []))
            if node.module:  # `from . import statetext` imports the module, not the package's names
                found.add(base)
            found |= {f"{base}.{a.name}" for a in node.names}
    return {m for m in found if m in known and m != name}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle of ``graph``, as the list of its modules, or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state and (cycle := visit(nxt)):
                return cycle
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (cycle := visit(node)):
            return cycle
    return None


def test_cycle_finder_finds_a_circle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_no_import_cycle_in_rules_pkg():
    graph = {module_name(p): imported_modules(p) for p in MODULES}
    assert find_cycle(graph) is None


@pytest.mark.parametrize("folder", ["sitebuild", "scripts/bench"])
def test_no_import_cycle_in_the_build_and_the_benchmark(folder):
    modules = sorted((ROOT / folder).rglob("*.py"))
    graph = {module_name(p): imported_modules(p, modules) for p in modules}
    assert graph and find_cycle(graph) is None


@pytest.mark.parametrize("path", MODULES, ids=module_name)
def test_each_module_imports_alone(path):
    """Imported first, in a fresh interpreter (a circle breaks an import order)."""
    done = subprocess.run([sys.executable, "-c", f"import {module_name(path)}"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


def long_functions(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [f"{module_name(path)}.{node.name} ({node.end_lineno - node.lineno + 1} lines)"
            for node in ast.walk(tree)
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
            and node.end_lineno - node.lineno + 1 > MAX_FUNCTION_LINES]


def test_no_function_over_60_lines():
    assert [f for p in MODULES for f in long_functions(p)] == []


@pytest.mark.parametrize("folder", ["sitebuild", "scripts"])
def test_no_function_over_60_lines_in_the_build_and_the_scripts(folder):
    """The engine's standard for the rest of the Python (the JavaScript:
    tests/js/function-length.test.mjs)."""
    assert [f for p in sorted((ROOT / folder).rglob("*.py")) for f in long_functions(p)] == []

