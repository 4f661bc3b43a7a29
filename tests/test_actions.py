"""Issue 21: the page's actions are declared once (lostcode/web/actions.py).

- every control any screen puts on the page carries a name the table has;
- every name of the table is reachable from some screen (no dead entry);
- every name has a handler in its scope's table, and the one dispatcher's
  table of tables (main.SCOPES, issue 38) walks every name to a function of
  one shape, handler(act, arg): no lambda, no method name as a string, no
  (fn, redraw) pair; inside the session, Session.HANDLERS holds its methods
  themselves. The adapter's tables are read by importing it under a stand-in
  `pyscript` in a subprocess (tests/fake_pyscript.py).
"""

import json
import random
import re
import subprocess
import sys

from helpers import ADAPTER_MODULES, ROOT
from test_viewmodels import play

from lostcode.rules.options import Options
from lostcode.services.record import replay, to_record
from lostcode.services.saves import SaveIndex
from lostcode.web import actions
from lostcode.web.game.helpdock import dock_model
from lostcode.web.game.saving import session_save
from lostcode.web.game.session import Session
from lostcode.web.game.viewer import Replay, watch_model
from lostcode.web.game.views import screen_model
from lostcode.web.saves.persist import (
    conflict_model,
    save_problem_model,
    saves_model,
)


def acts_in(model, found):
    """Every "act" of every control in a (nested) model."""
    if isinstance(model, dict):
        if isinstance(model.get("act"), str):
            found.add(model["act"])
        for v in model.values():
            acts_in(v, found)
    elif isinstance(model, (list, tuple)):
        for v in model:
            acts_in(v, found)
    return found


def adapter_acts():
    """The names the adapter puts on controls it draws itself ("data-act": actions.X)."""
    found = set()
    for module in ADAPTER_MODULES:
        src = (ROOT / "lostcode" / "web" / (module + ".py")).read_text(encoding="utf-8")
        assert not re.search(r'"data-act": *"', src), module  # never a bare string
        for name in re.findall(r'"data-act": *actions\.([A-Z_]+)', src):
            found.add(getattr(actions, name))
    return found


def game_acts():
    """Controls on every screen of whole games: pass-and-play with every
    option, solo with bots, with and without hints; the end's questions too."""
    found = set()

    asked = []

    def visit(ses, m):
        acts_in(m, found)
        if m.get("assistant") and m["kind"] == "guess" and not asked:
            asked.append(m["kind"])  # fix18b: the expert's answer, "Play the expert's move"
            ses.do(actions.EXPERT)
            ses.finish_searches()
            acts_in(screen_model(ses), found)
        acts_in(dock_model(m, None, False), found)  # the help beside the choice (issue 39)
        acts_in(dock_model(m, "sheet", False), found)  # a phone's Sheet tab: "Mark values"
        if m["kind"] == "end" and not ses.ask_leave:
            ses.do(actions.LEAVE)  # "New game": the question's Back / Yes
            acts_in(screen_model(ses), found)
            ses.do(actions.BACK)

    games = [
        Session(Options(2), 3, ["A", "B"]),
        Session(Options(3, shortcut=True, curse=True), 5, ["A", "B", "C"], hints=False),
        Session(Options(2, introductory=True), 9, ["A", "B"], ["human", "easy"]),
        Session(Options(2, introductory=True), 2, ["A", "B"]),  # a person turns the bear die
        Session(Options(4, shortcut=True, curse=True, high_stakes=True), 11,
                ["A", "B", "C", "D"], ["human", "hard", "medium", "easy"]),
    ]
    for i, ses in enumerate(games):
        play(ses, random.Random(i), visit)
        record = ses.record()
        acts_in(watch_model(Replay(record), True), found)
        acts_in(watch_model(Replay(record), False), found)
        r = Replay(record)
        r.do(actions.WATCH_START)
        r.do(actions.WATCH_NEXT)
        acts_in(watch_model(r, True), found)
        r.do(actions.WATCH_PLAY)  # playing by itself: its timer's action
        acts_in(watch_model(r, True), found)
    return found, games


def saves_acts(games):
    found = set()
    index = SaveIndex()
    unfinished = Session(Options(2), 4, ["A", "B"])
    index.put(session_save(unfinished, "g1", "2026-11-26T10:00:00Z"), unfinished.state)
    done = games[0]
    index.finish("g2", done.state, done.seats, "2026-11-26T11:00:00Z")
    index.rejected.append({"id": "g3", "reason": "damaged", "raw": "{"})
    state = replay(to_record(unfinished.state, unfinished.seats))
    uis = [
        {},
        {"confirm_delete": "g1"},
        {"imported": {"names": ["A", "B"], "finished": True, "round": 9}},
        {"imported": {"names": ["A", "B"], "finished": False, "round": state.round}},
        {"problem": {"text": "bad", "download": True}},
        {"not_saved": True},
    ]
    for ui in uis:
        acts_in(saves_model(index, ui), found)
    acts_in(conflict_model(), found)
    acts_in(save_problem_model(index.history(), {}, str), found)
    return found


def puzzle_acts():
    """Today's code (issue 28): the puzzle before and after its tries, and the archive."""
    from lostcode.web.puzzle import puzzleview as pv

    book = pv.read_book((ROOT / "assets" / "puzzles.json").read_text(encoding="utf-8"))
    found = set()
    a = pv.Attempt(book, 1, 1)
    acts_in(pv.puzzle_model(a, pv.new_stats()), found)
    a.answer_with(a.answer)
    acts_in(pv.puzzle_model(a, pv.new_stats()), found)
    acts_in(pv.archive_model(pv.new_stats(), 40, len(book.entries), 0), found)
    return found


WALK = """
import inspect, json, sys, types
sys.path.insert(0, 'tests')
import fake_pyscript
fake_pyscript.install()
from lostcode.web import main
out = {}
for scope, table in main.SCOPES.items():
    for name, fn in table.items():
        out.setdefault(scope, {})[name] = {
            "function": isinstance(fn, types.FunctionType),
            "name": getattr(fn, "__name__", type(fn).__name__),
            "params": list(inspect.signature(fn).parameters) if callable(fn) else None,
        }
print(json.dumps(out))
"""


def adapter_tables():
    """main.SCOPES, the one dispatcher's tables, as {scope: {name: what it holds}}."""
    out = subprocess.run([sys.executable, "-c", WALK], cwd=ROOT, capture_output=True,
                         text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_every_control_is_declared_every_declared_action_is_reachable_and_handled():
    found, games = game_acts()
    found |= saves_acts(games)
    found |= puzzle_acts()
    found |= adapter_acts()
    table = set(actions.ACTIONS)
    assert found - table == set(), "controls carry names the table lacks"
    assert table - found == set(), "declared actions no screen offers"
    tables = adapter_tables()
    handled = {scope: set(names) for scope, names in tables.items()}
    assert set(Session.HANDLERS) == handled[actions.SESSION]
    for name, a in actions.ACTIONS.items():
        assert name in handled[a.scope], (name, a.scope)
    for scope, names in handled.items():
        assert names <= table, scope
        assert all(actions.ACTIONS[n].scope == scope for n in names), scope


def test_one_dispatcher_walks_every_action_to_a_function_of_one_shape():
    """Issue 38: every entry of actions.ACTIONS reaches, through main.SCOPES,
    a named function called handler(act, arg): no lambda, no string, no pair."""
    tables = adapter_tables()
    assert set(tables) == {a.scope for a in actions.ACTIONS.values()}
    for name, a in actions.ACTIONS.items():
        held = tables[a.scope][name]
        assert held["function"], (name, held)
        assert held["name"] != "<lambda>", name
        assert held["params"][:2] == ["act", "arg"], (name, held)


def test_the_sessions_table_holds_its_methods_not_their_names():
    """Session.HANDLERS: the functions themselves, handler(session, act, arg,
    kind, viewer); a static walk of an action reaches its code."""
    for name, fn in Session.HANDLERS.items():
        assert callable(fn) and not isinstance(fn, str), name
        assert fn.__name__ != "<lambda>" and fn is getattr(Session, fn.__name__), name
        assert fn.__code__.co_varnames[:5] == ("self", "act", "arg", "kind", "viewer"), name


def test_the_table_names_each_action_once_with_a_known_scope():
    assert all(a.name == n for n, a in actions.ACTIONS.items())
    assert {a.scope for a in actions.ACTIONS.values()} == {
        actions.SESSION, actions.GAME_PAGE, actions.SAVES_PAGE, actions.TABLE_PAGE,
        actions.PUZZLE_PAGE}
    assert actions.scope_of("no such action") == ""
    # The engine's move kinds double as their buttons' names: spelled in rules.vocab only.
    src = (ROOT / "lostcode" / "web" / "actions.py").read_text(encoding="utf-8")
    for kind in ("roll", "accept", "take", "pass", "turn_bear", "change", "discard"):
        assert f'= "{kind}"' not in src
