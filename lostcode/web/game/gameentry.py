"""The game's way in (issue 40, "start-up back under the line"): the start
page imports only the set-up form and the saved-games list; the game itself
(its session, screens, computers, the expert, its page and handlers) is
imported here, the one place that loads it.

Why: the default page imported ~90 modules (~750 KB of source) before the
set-up screen showed, and was ready 1.4-2.3x later than the bare MicroPython
page. Now, once the set-up screen is drawn, `warm` imports the game a module
at a time, one short task each (`ORDER`, leaves first), so a player who taps
Play finds it loaded instead of waiting through one long import. A way into
a game (Play, a saved game, table mode, the second game, the Bot lab) calls
`ready(then)`: at once if the game is in, else once the rest is imported, in
tasks of ~SLICE_MS, so even a tap that comes first is answered (the set-up
says it is loading) and never waits through one long task.

On the built site's MicroPython page the game's compiled modules are a pack
of their own (tools/build_site.py GAME_PACK), fetched only when asked for
(assets/runtime.js `lostcodeLoadGame`, marked by <html data-game-pack>); on
the dev server and on Pyodide every module is there from the start.
tests/test_start_imports.py checks what the start imports and that `ORDER`
covers the game.

The adapter: touches the DOM.
"""

import sys

from pyscript import window

from lostcode.web.shell.app import APP, guarded, keep, log_error, now_ms
from lostcode.web.shell.dom import ROOT, by_id, create_proxy
from lostcode.web.shell.i18n import _

# The game's modules, each imported in a task of its own by `warm`, in this
# order (each brings the few modules under it not yet in): the engine's
# players, the screens, the page. HANDLERS wires the game to the shell last.
ORDER = (
    "lostcode.player.solver",
    "lostcode.player.deduction",
    "lostcode.player.policy",
    "lostcode.player.bots",
    "lostcode.rules.chance",
    "lostcode.player.expert",
    "lostcode.player.seats",
    "lostcode.player.searches",
    "lostcode.web.game.board",
    "lostcode.web.game.tableview",
    "lostcode.web.game.reasons",
    "lostcode.web.game.assistant",
    "lostcode.web.game.betscreens",
    "lostcode.web.game.resultscreens",
    "lostcode.web.game.solo",
    "lostcode.web.game.drafts",
    "lostcode.web.game.session",
    "lostcode.web.game.views",
    "lostcode.web.game.viewer",
    "lostcode.web.edition",
    "lostcode.web.shell.activation",
    "lostcode.web.shell.helpdom",
    "lostcode.web.game.gamepage",
)
HANDLERS = "lostcode.web.gamehandlers"
# Once someone waits: imports for about this long a task, then the browser may
# paint and take a tap (a long task is one over 50 ms).
SLICE_MS = 30
NONE, CODE, WARMING, READY = "", "code", "warming", "ready"


class Loading:
    """Where the game's loading is: its code asked for (CODE), imported a
    module a task (WARMING), all in and wired (READY); what waits for it."""

    __slots__ = ("stage", "step", "hurry", "waiting", "coded", "tick")

    def __init__(self):
        self.stage = NONE
        self.coded = []  # what needs the game's files only, not its modules imported
        self.step = 0  # ORDER[:step] imported
        self.hurry = False  # someone waits: the rest at once, not a module a task
        self.waiting = []
        self.tick = None  # the one proxy the slices' timer calls


def _load() -> Loading:
    """The page's one Loading (issue 21: what the page remembers is on APP)."""
    if APP.loading is None:
        APP.loading = Loading()
    return APP.loading


def loaded():
    return _load().stage == READY


def ready(then):
    """`then()` once the game is loaded: now if it is, else after its code is
    in and every module left is imported, in slices of SLICE_MS (a tap that
    comes first is answered at once: its page is drawn between two slices)."""
    load = _load()
    if load.stage == READY:
        then()
        return
    load.waiting.append(then)
    load.hurry = True
    if load.stage == NONE:
        _ask_code()
    # CODE: the code's arrival starts the slices; WARMING: they go on, longer


def code(then):
    """`then()` once the game's files are in (Today's code imports the few of
    them it needs itself: puzzleentry), without waiting for every import."""
    load = _load()
    if load.stage in (WARMING, READY):
        then()
        return
    load.coded.append(then)
    if load.stage == NONE:
        _ask_code()


def warm():
    """Once the set-up screen is drawn: the game loaded in the background, a
    module a task, so the first Play finds it in."""
    if _load().stage == NONE:
        _ask_code()


def handle(act, arg):
    """A control of the game, its page or the saved games (main.SCOPES): its
    handler (gamehandlers.SCOPES), once the game is loaded."""
    ready(lambda: sys.modules[HANDLERS].SCOPES[act](act, arg))


def on_tap(event):
    """A tap on no control: a computer's pace skipped (gamepage.on_tap), if a game is in."""
    if _load().stage == READY:
        sys.modules["lostcode.web.game.gamepage"].on_tap(event)


def _ask_code():
    _load().stage = CODE
    if ROOT.getAttribute("data-game-pack") != "1":  # every module is there already
        _arrived(True)
        return
    window.lostcodeLoadGame().then(keep(create_proxy(guarded(_arrived))))


def _arrived(ok, *_a):
    load = _load()
    if not ok:  # the pack could not be fetched (offline, never cached): said, tried again later
        load.stage = NONE
        box = by_id("app-error")
        if box is not None and (load.waiting or load.coded):
            box.textContent = _("The game engine failed to start: {error}",
                                error="lostcode-mpy-game.pack")  # fmt: skip
            box.hidden = False
        load.waiting = []
        load.coded = []
        load.hurry = False
        return
    load.stage = WARMING
    coded = load.coded
    load.coded = []
    for then in coded:
        then()
    load.tick = keep(create_proxy(guarded(_slice)))
    window.setTimeout(load.tick, 0)


def _slice(*_a):
    """One task's share of the imports: one module while nobody waits (the
    browser stays free for a tap), SLICE_MS of them once someone does."""
    load = _load()
    if load.stage != WARMING:
        return
    start = now_ms()
    while load.step < len(ORDER):
        __import__(ORDER[load.step])
        load.step += 1
        if not load.hurry or now_ms() - start >= SLICE_MS:
            break
    if load.step < len(ORDER):
        window.setTimeout(load.tick, 0)
    else:
        _all()


def _all():
    load = _load()
    try:
        for name in ORDER[load.step:]:
            __import__(name)
            load.step += 1
        __import__(HANDLERS)
        sys.modules[HANDLERS].wire()
    except Exception as e:  # shown, not a traceback: a silent failure looks like a hang
        load.stage = NONE
        load.waiting = []
        log_error("the game's modules", e)
        box = by_id("app-error")
        if box is not None:
            box.textContent = _("The game engine failed to start: {error}", error=repr(e))
            box.hidden = False
        return
    load.stage = READY
    ROOT.setAttribute("data-game-code", "loaded")  # for tests and benchmarks: the game is in
    waiting = load.waiting
    load.waiting = []
    for then in waiting:
        then()

