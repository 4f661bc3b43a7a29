"""Issue 38: the import graph of lostcode/ runs one way, and its words keep their names.

- No module imports one that imports it back, directly or round a loop,
  counting the imports inside functions too (player/bots.py once reached the
  expert that way while player/expert.py took bots.py's private helpers; the
  parts both need are player/policy.py now).
- No package imports one that imports it back (lostcode/'s packages, and
  web/'s folders).
- A phase and an action kind never share a name (rules/vocab.py: PHASE_*), so
  no module renames one of the game's words on import (`GUESS as SET_WHEEL`).
"""

import ast
import sys

from helpers import ROOT

sys.path.insert(0, str(ROOT / "tools"))
from build_site import import_base  # noqa: E402  (one reading of relative imports)

PACKAGE = ROOT / "lostcode"


def _modules() -> dict:
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if "catalogs" in path.parts:
            continue
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        out[name.removesuffix(".__init__")] = path
    return out


def _imports(name: str, path, modules: dict) -> set:
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = import_base(node, package)
            for alias in node.names:
                full = base + "." + alias.name
                found.add(full if full in modules else base)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {m for m in found if m in modules and m != name}


def _loops(graph: dict) -> list:
    """The nodes of `graph` (node -> the nodes it imports) that reach themselves."""
    loops = []
    for start in graph:
        seen, todo = set(), list(graph[start])
        while todo:
            m = todo.pop()
            if m == start:
                loops.append(start)
                break
            if m not in seen:
                seen.add(m)
                todo.extend(graph.get(m, ()))
    return loops


def test_no_import_cycle_between_modules():
    modules = _modules()
    graph = {name: _imports(name, path, modules) for name, path in modules.items()}
    assert _loops(graph) == []


def _folder(name: str, depth: int) -> str:
    parts = name.split(".")
    return ".".join(parts[:depth]) if len(parts) > depth else name


def test_no_import_cycle_between_folders():
    """Issue 38, at package level: lostcode/'s packages (rules, player, table,
    web, ...) and web/'s folders (shell, saves, game, tablemode, puzzle, lab,
    stonesgame) import one way: the shell below saved games, saved games below
    the game's screens (they reach it through shell.Game), table mode, the
    puzzle and the lab above it."""
    modules = _modules()
    graph = {name: _imports(name, path, modules) for name, path in modules.items()}
    for depth in (2, 3):
        edges: dict = {}
        for name, deps in graph.items():
            for dep in deps:
                a, b = _folder(name, depth), _folder(dep, depth)
                if a != b:
                    edges.setdefault(a, set()).add(b)
        assert _loops(edges) == [], depth


def test_bots_and_the_expert_share_the_policy_module_one_way():
    modules = _modules()
    expert = _imports("lostcode.player.expert", modules["lostcode.player.expert"], modules)
    assert "lostcode.player.policy" in expert and "lostcode.player.bots" not in expert


def test_no_renamed_import_of_the_games_words():
    renamed = []
    for path in _modules().values():
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[-1] in (
                "vocab",
                "state",
            ):
                renamed += [(path.name, a.name, a.asname) for a in node.names if a.asname]
    assert renamed == []
