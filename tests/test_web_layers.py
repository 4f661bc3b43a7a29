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
"""

import ast

from helpers import ROOT

WEB = ROOT / "lostcode" / "web"
READS_STATE = {"session.py", "drafts.py", "persist.py", "labseat.py", "viewer.py"}
VIEW_MODELS = ("views.py", "betscreens.py", "resultscreens.py", "tableview.py", "blocks.py",
               "persist.py", "assistant.py", "solo.py", "viewer.py", "tutorial.py", "board.py",
               "sheet.py")


def web_modules():
    return sorted(WEB.glob("*.py"))


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


def test_no_module_state_in_web_but_the_apps_one_object():
    """Issue 21: what the page remembers lives in app.APP. A module-level dict,
    list or set elsewhere is a constant table: no function changes it (the
    one exception: savespage's @handles registers its handlers at import)."""
    changed = []
    for path in web_modules():
        tree = ast.parse(path.read_text("utf-8"))
        tables = set()
        for node in tree.body:
            if isinstance(node, ast.Assign) and isinstance(
                node.value, (ast.Dict, ast.List, ast.Set, ast.DictComp, ast.ListComp, ast.Call)
            ):
                tables |= {t.id for t in node.targets if isinstance(t, ast.Name)}
        for fn in [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)]:
            if path.name == "savespage.py" and fn.name in ("handles", "register"):
                continue
            for node in ast.walk(fn):
                target = None
                if isinstance(node, (ast.Assign, ast.AugAssign, ast.Delete)):
                    for t in getattr(node, "targets", None) or [node.target]:
                        if isinstance(t, ast.Subscript) and isinstance(t.value, ast.Name):
                            target = t.value.id
                elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                    if node.func.attr in MUTATORS and isinstance(node.func.value, ast.Name):
                        target = node.func.value.id
                if target in tables and target != "APP":
                    changed.append((path.name, fn.name, target))
    assert changed == []
    app = (WEB / "app.py").read_text("utf-8")
    assert "\nAPP = App()\n" in app
