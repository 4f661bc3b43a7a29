"""Issue 21: what lostcode/web may name and read.

- Phases and actions keep their own names: a rules.vocab (or rules.state)
  name imported under another name made one word mean two things (`CHANGE`
  was a phase in persist.py and an action in session.py); that guard covers
  all of lostcode/ now (tests/test_import_graph.py).
- Only the session (session.py, its part drafts.py, and labseat.py's subclass
  of it) and the saves adapter (persist.py) read a game State (`.state`);
  viewer.py's Replay holds its own, stepped by the engine's record replay.
  Every other module reads observations and the session's methods.
- Every control a view model builds takes its name from lostcode.web.actions
  (or, for the engine's moves, rules.vocab): no act is a bare string.
- No module state but app.APP (and i18n's language, justified): the guard
  sees plain, annotated and tuple assignments, augmented ones, attributes
  and globals (issue 38); describe.py keeps its own messages.
"""

import ast

from helpers import ROOT

WEB = ROOT / "lostcode" / "web"
READS_STATE = {"session.py", "drafts.py", "saving.py", "persist.py", "labseat.py", "viewer.py",
               # the second game's screens (stonesgame/screens.py) read its session's
               # state, as its session (lostcode/stones/session.py) does (issue 43)
               "screens.py",
               # a table phone's session (issue 41): its `state` is only what its
               # seat's observation tells (tablemode/seatsession.py Seen), never a State
               "seatsession.py"}
VIEW_MODELS = ("game/views.py", "game/betscreens.py", "game/resultscreens.py",
               "game/tableview.py", "shell/blocks.py", "saves/persist.py", "game/assistant.py",
               "game/solo.py", "game/viewer.py", "game/tutorial.py", "game/board.py",
               "game/sheet.py")


def web_modules():
    return sorted(p for p in WEB.rglob("*.py") if "catalogs" not in p.parts)


def test_only_the_session_and_the_saves_adapter_read_a_state():
    readers = set()
    for path in web_modules():
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr == "state":
                readers.add(path.name)
    assert readers <= READS_STATE, readers - READS_STATE


def test_view_models_name_their_controls_from_the_action_table():
    """A dict with an "act" key, or button()'s second argument, is never a string literal."""
    bare = []
    for name in VIEW_MODELS:
        tree = ast.parse((WEB / name).read_text("utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Dict):
                for k, v in zip(node.keys, node.values, strict=True):
                    if isinstance(k, ast.Constant) and k.value == "act" and isinstance(
                        v, ast.Constant
                    ):
                        bare.append((name, node.lineno, v.value))
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("button", "_button"):
                if len(node.args) > 1 and isinstance(node.args[1], ast.Constant):
                    bare.append((name, node.lineno, node.args[1].value))
    assert bare == []


MUTATORS = {"append", "extend", "update", "pop", "clear", "setdefault", "remove", "insert",
            "add", "discard", "popitem"}
MADE = (ast.Dict, ast.List, ast.Set, ast.DictComp, ast.ListComp, ast.SetComp, ast.Call)
# Module state a pure module keeps on purpose, and why (issue 38):
JUSTIFIED = {
    # the language every word is said in: one per page, as gettext's install()
    # (i18n.Language's docstring); set only by set_language()
    ("i18n.py", "ACTIVE"),
}


def _names(target):
    """The plain names an assignment target binds (tuple targets unpacked)."""
    if isinstance(target, ast.Name):
        return [target.id]
    if isinstance(target, (ast.Tuple, ast.List)):
        return [n for t in target.elts for n in _names(t)]
    if isinstance(target, ast.Starred):
        return _names(target.value)
    return []


def _roots(target):
    """The module-level names a target changes in place: x[k] = ..., x.a = ...
    (tuple targets unpacked)."""
    if isinstance(target, (ast.Tuple, ast.List)):
        return [n for t in target.elts for n in _roots(t)]
    if isinstance(target, (ast.Subscript, ast.Attribute)):
        base = target.value
        while isinstance(base, (ast.Subscript, ast.Attribute)):
            base = base.value
        return [base.id] if isinstance(base, ast.Name) else []
    return []


def module_tables(tree):
    """Names bound at module level to a dict, list, set or made object:
    plain, annotated (x: dict = {}) or tuple (a, b = [], {}) assignments."""
    tables = set()
    for node in tree.body:
        if isinstance(node, ast.Assign):
            values = node.value.elts if isinstance(node.value, ast.Tuple) else [node.value]
            if any(isinstance(v, MADE) for v in values):
                tables |= {n for t in node.targets for n in _names(t)}
        elif isinstance(node, ast.AnnAssign) and isinstance(node.value, MADE):
            tables |= set(_names(node.target))
    return tables


def state_changes(source, filename):
    """(file, function, name) for every change a function makes to module
    state: an item or attribute of a module-level table set, deleted or
    augmented, a mutating method called on it, or a module global rebound."""
    tree = ast.parse(source)
    tables = module_tables(tree)
    changed = []
    for fn in [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]:
        for node in ast.walk(fn):
            targets = []
            if isinstance(node, (ast.Assign, ast.Delete)):
                targets = node.targets
            elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
                targets = [node.target]
            elif isinstance(node, ast.Global):
                changed += [(filename, fn.name, n) for n in node.names]
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                if node.func.attr in MUTATORS:
                    targets = [node.func]  # x.append(...): x changed in place
            for t in targets:
                for name in _roots(t):
                    if name in tables and name != "APP" and (filename, name) not in JUSTIFIED:
                        changed.append((filename, fn.name, name))
    return changed


def test_no_module_state_in_web_but_the_apps_one_object():
    """Issue 21: what the page remembers lives in app.APP. A module-level dict,
    list, set or object elsewhere is a constant table: no function changes
    it, however it was bound (issue 38: annotated and tuple assignments too)
    or changed (augmented assignment, an attribute, a global rebound). The
    exceptions are named in JUSTIFIED with their reason."""
    changed = []
    for path in web_modules():
        changed += state_changes(path.read_text("utf-8"), path.name)
    assert changed == []
    app = (WEB / "shell" / "app.py").read_text("utf-8")
    assert "\nAPP = App()\n" in app


def test_the_state_guard_sees_every_way_of_keeping_state():
    """The guard itself (issue 38): what the old one missed is caught."""
    src = (
        "_KEPT: list = [None, None]\n"
        "A, B = [], {}\n"
        "C = Thing()\n"
        "N = 0\n"
        "def keep(k, v):\n    _KEPT[0], _KEPT[1] = k, v\n"
        "def grow():\n    A[0] += 1\n"
        "def put():\n    B.setdefault('x', 1)\n"
        "def mark():\n    C.code = 'it'\n"
        "def count():\n    global N\n    N += 1\n"
    )
    found = {(fn, name) for _f, fn, name in state_changes(src, "x.py")}
    assert found == {("keep", "_KEPT"), ("grow", "A"), ("put", "B"), ("mark", "C"),
                     ("count", "N")}


def test_describe_leaves_the_engines_messages_as_they_are():
    """Issue 38: importing the page's words adds nothing to rules.messages.MESSAGES."""
    import subprocess
    import sys

    code = (
        "from lostcode.rules import messages; n = len(messages.MESSAGES); "
        "import lostcode.web.game.describe, lostcode.web.game.views; "
        "print(len(messages.MESSAGES) == n)"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "True"
