"""Issue 38: the house's arrows run one way.

The import graph of lostcode/ is read from the source (ast, every import,
also those inside functions, since a lazy import is still a dependency):

- no cycle between modules, nor between packages (rules, player, services,
  table, web, cli);
- lostcode/table/ imports nothing from lostcode/web/ (table mode sits below
  the page: its seat logic is player/seats.py's, its screen web/tablescreen.py);
- lostcode/player/ imports nothing from web/ or table/ (computer seats,
  thinking and the searches serve both).
"""

import ast

from helpers import ROOT

# bots <-> expert: the expert borrows two of bots' helpers; issue 38's core half
# (the `words` branch) makes it one direction. Remove this once that is merged.
KNOWN_CYCLES: list = [{"lostcode.player.bots", "lostcode.player.expert"}]


def modules() -> dict:
    """Dotted module name -> its file, for every module of lostcode/."""
    found = {}
    for path in sorted((ROOT / "lostcode").rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def import_graph() -> dict:
    """Module -> the lostcode modules it imports (a name imported from a
    package counts as its module when it is one, else as the package)."""
    mods = modules()
    graph = {}
    for name, path in mods.items():
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        out = set()
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")
                    base = base[: len(base) - (node.level - 1)]
                    source = ".".join(base + ([node.module] if node.module else []))
                else:
                    source = node.module or ""
                for alias in node.names:
                    sub = source + "." + alias.name
                    if sub in mods:
                        out.add(sub)
                    elif source in mods:
                        out.add(source)
            elif isinstance(node, ast.Import):
                out |= {a.name for a in node.names if a.name in mods}
        out.discard(name)
        graph[name] = out
    return graph


def package_of(module: str) -> str:
    return ".".join(module.split(".")[:2])


def cycles(graph: dict) -> list:
    """The strongly connected components with more than one node (Tarjan)."""
    index: dict = {}
    low: dict = {}
    stack: list = []
    on_stack: set = set()
    found: list = []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.add(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(comp)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def package_graph(graph: dict) -> dict:
    out: dict = {}
    for module, deps in graph.items():
        for d in deps:
            if d != "lostcode" and package_of(d) != package_of(module):
                out.setdefault(package_of(module), set()).add(package_of(d))
    return out


def test_no_import_cycle_between_modules():
    assert [c for c in cycles(import_graph()) if c not in KNOWN_CYCLES] == []


def test_no_import_cycle_between_packages():
    graph = package_graph(import_graph())
    assert "lostcode.table" in graph and "lostcode.web" in graph  # the graph was read
    assert cycles(graph) == []


def test_table_mode_and_the_seats_import_nothing_from_the_page():
    graph = import_graph()
    up = sorted(
        (m, d)
        for m, deps in graph.items()
        if package_of(m) in ("lostcode.table", "lostcode.player")
        for d in deps
        if package_of(d) in ("lostcode.web", "lostcode.table", "lostcode.cli")
        and package_of(d) != package_of(m)
    )
    assert up == []
    assert "lostcode.player.seats" in graph["lostcode.table.host"]


def test_a_cycle_is_seen():
    """The checker itself: a two-module loop and a package loop are found."""
    assert cycles({"a": {"b"}, "b": {"a"}, "c": {"a"}}) == [{"a", "b"}]
    assert package_graph({"lostcode.table.x": {"lostcode.web.y"}, "lostcode.web.y": set()}) == {
        "lostcode.table": {"lostcode.web"}
    }
