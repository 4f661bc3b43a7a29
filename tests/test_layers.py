"""Issue 38: the house's arrows run one way, between packages too.

The import graph of lostcode/ is test_import_graph.py's (ast, every import,
also those inside functions, since a lazy import is still a dependency;
that file checks that no module loop exists):

- no cycle between packages (rules, player, services, table, web, cli);
- lostcode/table/ imports nothing from lostcode/web/ (table mode sits below
  the page: its seat logic is player/seats.py's, its screen web/tablemode/tablescreen.py);
- lostcode/player/ imports nothing from web/, table/ or cli/ (computer seats,
  thinking and the searches serve both).
"""

from test_import_graph import _imports, _modules


def import_graph() -> dict:
    """Module -> the lostcode modules it imports."""
    modules = _modules()
    return {name: _imports(name, path, modules) for name, path in modules.items()}


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
