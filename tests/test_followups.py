"""Issue 38: drawing only draws.

- followups.follow_ups, the one decision of what follows a drawn game
  screen: a second drawing of the same screen settles nothing again and
  arms no second pace timer; what it asks again (the news, the moments, the
  search) keeps its own memory.
- The game page itself, run on CPython under a stand-in `pyscript`
  (tests/fake_pyscript.py) in a subprocess: two renders arm no timer; the
  flow after them arms the new screen's settling and one pace timer, or
  starts one search; a second drawing and its follow-ups arm nothing more.
- The pages' `render` functions (gamepage, puzzlepage, tablemode/tabledraw), and every
  function of their module they call, start nothing: no timer, no search, no
  announcement, no moment, no lab request, no store, and they assign no
  attempt and no pending step. Read statically.
"""

import ast
import json
import subprocess
import sys

from helpers import ROOT

from lostcode.rules.options import Options
from lostcode.web import actions
from lostcode.web.game.session import Session
from lostcode.web.game.viewer import Replay, watch_model
from lostcode.web.game.views import screen_model
from lostcode.web.shell import followups as fu


def bot_screen_model():
    """A solo game's first screen: the computer's moves on the board, going on by itself."""
    ses = Session(Options(2, introductory=True), 9, ["A", "B"], ["easy", "human"])
    m = screen_model(ses)
    assert m["kind"] == "bot" and m["auto"], m["kind"]
    return ses, m


def test_drawing_the_same_screen_twice_starts_nothing_twice():
    ses, m = bot_screen_model()
    key = fu.screen_key(m, ses.moves_played())
    first = fu.follow_ups(m, key, False, None, None)
    assert first == [fu.SETTLE, fu.ANNOUNCE, fu.MOMENTS, fu.PACE, fu.SEARCH]
    # what the page remembers once they ran: the screen settled, the step paced
    again = fu.follow_ups(screen_model(ses), key, False, key, fu.pace_key(m, key))
    assert fu.SETTLE not in again and fu.PACE not in again
    assert again == [fu.ANNOUNCE, fu.MOMENTS, fu.SEARCH]


def test_the_next_step_is_paced_and_a_screen_with_no_pace_drops_it():
    ses, m = bot_screen_model()
    key = fu.screen_key(m, ses.moves_played())
    paced = fu.pace_key(m, key)
    ses.do(actions.SKIP)  # past the computer's moves: a human's decision
    m2 = screen_model(ses)
    key2 = fu.screen_key(m2, ses.moves_played())
    steps = fu.follow_ups(m2, key2, False, key, paced)
    assert steps[0] == fu.SETTLE and fu.STOP_PACE in steps and fu.PACE not in steps


def test_watching_a_replay_says_its_step_and_starts_no_search():
    ses, m = bot_screen_model()
    m = dict(m, auto=None)  # a replay stepped by hand
    key = fu.screen_key(m, ses.moves_played())
    assert fu.follow_ups(m, key, True, key, None) == [fu.STOP_PACE, fu.SAY_STEP]


def test_a_playing_replay_asks_its_next_move_once_a_step():
    """Issue 39: a replay that plays by itself paces each step once; a redraw
    of the same step keeps its timer, the next step gets its own."""
    rec = json.loads((ROOT / "docs" / "examples" / "two-players.json").read_text())
    r = Replay(rec)
    r.do(actions.WATCH_PLAY)
    m = watch_model(r)
    key = fu.screen_key(m, 0)
    first = fu.follow_ups(m, key, True, None, None)
    assert first == [fu.SETTLE, fu.PACE, fu.SAY_STEP]
    assert fu.follow_ups(watch_model(r), key, True, key, fu.pace_key(m, key)) == [fu.SAY_STEP]
    r.do(actions.WATCH_TICK)
    m2 = watch_model(r)
    assert fu.follow_ups(m2, key, True, key, fu.pace_key(m, key)) == [fu.PACE, fu.SAY_STEP]
    r.do(actions.WATCH_PLAY)  # paused: the pending step is dropped
    assert fu.follow_ups(watch_model(r), key, True, key, fu.pace_key(m2, key)) == [
        fu.STOP_PACE,
        fu.SAY_STEP,
    ]


def test_a_new_speed_replaces_the_pending_step_at_once():
    """bar9 (a fifth playtest: 1x tapped while 4x played seemed ignored): a
    speed chosen while the replay plays is paced again now, at its own pace,
    in both directions; the same speed again keeps the pending step."""
    rec = json.loads((ROOT / "docs" / "examples" / "two-players.json").read_text())
    r = Replay(rec)
    r.do(actions.WATCH_SPEED, "4")
    r.do(actions.WATCH_PLAY)
    m = watch_model(r)
    key = fu.screen_key(m, 0)
    for speed in ("1", "2", "4"):
        paced = fu.pace_key(m, key)
        r.do(actions.WATCH_SPEED, speed)
        m2 = watch_model(r)
        assert m2["auto"]["ms"] == 1600 // int(speed)
        steps = fu.follow_ups(m2, key, True, key, paced)
        assert (fu.PACE in steps) == (m2["auto"]["ms"] != m["auto"]["ms"])
        m = m2



def test_each_replay_step_is_settled_as_another_screen():
    """Issue 39: a replay's step is its screen's move, so each step is settled
    (activation.STEADY_PX: its controls that stayed take taps at once, the
    ones that moved wait); a redraw of the same step is not."""
    rec = json.loads((ROOT / "docs" / "examples" / "two-players.json").read_text())
    r = Replay(rec)
    key = fu.screen_key(watch_model(r), 0)
    assert fu.follow_ups(watch_model(r), key, True, key, None)[0] != fu.SETTLE
    r.do(actions.WATCH_NEXT)
    m = watch_model(r)
    assert fu.screen_key(m, 0) != key and not fu.screen_key(m, 0)[2]  # public
    assert fu.follow_ups(m, fu.screen_key(m, 0), True, key, None)[0] == fu.SETTLE

TWICE = """
import json, sys, types
sys.path.insert(0, 'tests')
import fake_pyscript
mod = fake_pyscript.install()
timers = []
mod.window.setTimeout = lambda *a: timers.append(a)
mod.window.lostcodeControls = lambda *a: "[]"
mod.document.querySelectorAll = lambda *a: types.SimpleNamespace(length=0)
mod.window.performance = types.SimpleNamespace(now=lambda: 0.0)
from lostcode.web import main
from lostcode.web import gamehandlers
gamehandlers.wire()  # issue 40: the game is wired once loaded (gameentry)
from lostcode.web.game import gamepage
from lostcode.web.shell import flow
from lostcode.web.shell.app import APP
from lostcode.rules.options import Options
from lostcode.web.game.session import Session
out = {}
for seat in ("easy", "expert"):
    timers.clear()
    APP.game.search.busy = False
    ses = Session(Options(2, introductory=True), 9, ["A", "B"], [seat, "human"])
    gamepage.put_game(ses)
    m = gamepage.render()
    same = gamepage.render() == m
    drawn = len(timers)
    flow.follow(m)
    followed = len(timers)
    pending = APP.game.auto is not None
    flow.follow(gamepage.render())
    out[seat] = [m["kind"], same, drawn, followed, len(timers), pending,
                 APP.game.search.busy]
print(json.dumps(out))
"""


def test_the_game_page_drawn_twice_starts_nothing_twice():
    """Issue 38, on the page's own code: render arms nothing; the flow arms
    the settling timer and the pace (an easy seat's move on the board) or
    starts the search (an expert seat's, whose steps wait), once."""
    run = subprocess.run([sys.executable, "-c", TWICE], cwd=ROOT, capture_output=True,
                         text=True, check=True, env={"PYTHONPATH": str(ROOT), "PATH": ""})
    out = json.loads(run.stdout.strip().splitlines()[-1])
    # kind, same model, timers after two renders, after following, after again
    assert out["easy"] == ["bot", True, 0, 2, 2, True, False]  # settle + the pace
    assert out["expert"] == ["bot", True, 0, 2, 2, False, True]  # settle + the search


# -- render starts nothing (static) ---------------------------------------------------

STARTS = {"think", "schedule_auto", "play_moments", "announce", "say_step", "later",
          "ask_lab", "lab_ask", "follow", "moved", "show", "store", "save_game"}
# window.setTimeout only in settle: the drawn controls' wait (activation.py) ends
# on a timer of the drawing itself, not on anything that happens next.
TIMER_OK_IN = {"settle"}


def _calls(fn):
    """(local function names called, attribute call names) inside `fn`."""
    local, attrs = set(), set()
    for node in ast.walk(fn):
        if isinstance(node, ast.Call):
            if isinstance(node.func, ast.Name):
                local.add(node.func.id)
            elif isinstance(node.func, ast.Attribute):
                base = node.func.value
                prefix = base.id + "." if isinstance(base, ast.Name) else ""
                attrs.add(prefix + node.func.attr)
    return local, attrs


def _assigned_attrs(fn):
    out = set()
    for node in ast.walk(fn):
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            out |= {t.attr for t in targets if isinstance(t, ast.Attribute)}
    return out


def reached_from_render(module):
    tree = ast.parse((ROOT / "lostcode" / "web" / (module + ".py")).read_text("utf-8"))
    defs = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    seen, todo = set(), ["render"]
    while todo:
        name = todo.pop()
        if name in seen or name not in defs:
            continue
        seen.add(name)
        todo += sorted(_calls(defs[name])[0])
    return {name: defs[name] for name in seen}


def test_render_starts_nothing():
    for module in ("game/gamepage", "puzzle/puzzlepage", "tablemode/tabledraw"):
        reached = reached_from_render(module)
        assert "render" in reached, module
        for name, fn in reached.items():
            local, attrs = _calls(fn)
            assert not (local & STARTS), (module, name, local & STARTS)
            assert "slices.run" not in attrs, (module, name)
            if name not in TIMER_OK_IN:
                assert not {a for a in attrs if a.endswith("setTimeout")}, (module, name)
            assert not (_assigned_attrs(fn) & {"attempt", "auto"}), (module, name)


def test_the_static_walk_sees_a_start():
    """The checker itself: a render calling a helper that arms a timer is caught."""
    tree = ast.parse(
        "def render():\n    helper()\n\ndef helper():\n    window.setTimeout(f, 0)\n"
    )
    defs = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    assert _calls(defs["render"])[0] == {"helper"}
    assert _calls(defs["helper"])[1] == {"window.setTimeout"}
