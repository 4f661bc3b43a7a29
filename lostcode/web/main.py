"""The page's entry point and its one dispatch: a control's action -> its
scope's handler -> (for the game) the flow after an action: draw, what
follows the drawing, save (only if the game changed), the lab's bot asked.

Every control carries a name from `lostcode.web.actions`. Clicks arrive one
way: one listener on the document (`on_click`), for the game, the saved
games, table mode and Today's code alike; the typed range (`on_input`), the
sheet's automatic marks (`on_change`), the replay's keys and the timers
(a computer's pace: gamepage.advance, through APP.game.dispatch) call
`dispatch` too. `dispatch` looks the name's scope up in `SCOPES` and calls
its handler: every handler has one shape, `handler(act, arg)`, and is a
function (tests/test_actions.py walks every name to one). The modules it
wires: dom (drawing), app (the one state object), storage, flow, savespage,
setuppage, and the entries of what loads later — game/gameentry (the game,
its page and handlers: gamehandlers), tablemode/tableentry,
puzzle/puzzleentry, stonesentry; docs/architecture.md draws them.

Issue 40: this start imports the set-up form and the saved-games list only
(tests/test_start_imports.py); the game follows in the background once the
set-up screen is drawn (gameentry.warm), and the built site's start pack
holds only these modules (tools/build_site.py start_modules).
"""

import gc
import sys

from pyscript import document, window

# Before the engine is imported: this MicroPython build collects the whole heap
# (~135 MB here, fixed when it starts) each time a call from JavaScript returns
# once 16 kB were allocated, ~10 ms a time, several times per tap and during
# the imports. Collected when a quarter of the heap is used instead, as in the
# Bot lab's workers (assets/lab-worker.js); memory it would have freed stays
# within the heap already reserved. (CPython's gc has no such threshold.)
if sys.implementation.name == "micropython":
    gc.threshold((gc.mem_free() + gc.mem_alloc()) // 4)

from lostcode.web import actions, stonesentry
from lostcode.web.game import gameentry, setuppage
from lostcode.web.puzzle import puzzleentry
from lostcode.web.saves import savespage, storage
from lostcode.web.shell import flow
from lostcode.web.shell.app import APP, keep, listen, log_error
from lostcode.web.shell.dom import ROOT, by_id, create_proxy, progress, py
from lostcode.web.shell.i18n import _
from lostcode.web.tablemode import tableentry

# The pages around the game (issue 40: the game itself is loaded by
# game/gameentry.py, in the background once the set-up screen is drawn).
APP.page.relanguage.append(puzzleentry.relanguage)
# The other games whose saves the saved-games list shows (issue 43).
APP.others = {stonesentry.SAVE_FORMAT: stonesentry.WAY_IN,  # saves and finished records
              stonesentry.RECORD_FORMAT: stonesentry.WAY_IN}  # fmt: skip


def _scope(scope, handler):
    return {n: handler for n in actions.ACTIONS if actions.ACTIONS[n].scope == scope}


# The one table of tables: scope -> its names' handlers. Issue 40: each is
# loaded on its first use (or before, in the background: gameentry.warm), its
# entry module's `handle` (the game's handlers: gamehandlers.py);
# tests/test_start_imports.py keeps them out of the start.
SCOPES = {
    actions.SESSION: _scope(actions.SESSION, gameentry.handle),
    actions.GAME_PAGE: _scope(actions.GAME_PAGE, gameentry.handle),
    actions.SAVES_PAGE: _scope(actions.SAVES_PAGE, gameentry.handle),
    actions.TABLE_PAGE: _scope(actions.TABLE_PAGE, tableentry.handle),
    actions.PUZZLE_PAGE: _scope(actions.PUZZLE_PAGE, puzzleentry.handle),
}
NEEDS_GAME = (actions.SESSION, actions.GAME_PAGE)  # scopes that act on the game on screen


def dispatch(act, arg=""):
    """One activation, one path: the name's scope, its handler. A name the
    table lacks does nothing; so does a game action with no game on screen."""
    action = actions.ACTIONS.get(act)
    if action is None:
        return
    if action.scope == actions.SESSION and APP.table.turn is not None:
        tableentry.session_act(act, arg)  # issue 41: a table phone's turn (seatscreen.py)
        return
    if action.scope in NEEDS_GAME and APP.game.session is None:
        return
    SCOPES[action.scope][act](act, arg)


def on_click(event):
    """Every click of the page (one listener, on the document): a control's
    action is dispatched; a link that carries one acts here instead of
    following its href; a tap on no control may skip a computer's pace."""
    try:
        target = py(event.target.closest("[data-act]"))
    except Exception:  # the document itself, or a text node: no control
        return
    if target is None:
        gameentry.on_tap(event)  # a bot's turn goes on at a tap anywhere (issue 22)
        return
    tag = str(target.tagName)
    if tag == "INPUT":
        return  # inputs act on input/change
    if tag == "A":
        event.preventDefault()
    dispatch(str(target.getAttribute("data-act")), str(target.getAttribute("data-arg") or ""))


def on_input(event):
    """The range's low end typed: acted on once it is a whole number."""
    target = event.target
    if py(target.getAttribute("data-act")) != actions.LOW:
        return
    text = str(target.value).strip()
    try:
        int(text)
    except ValueError:
        return  # half-typed: wait for a whole number
    dispatch(actions.LOW, text)
    box = by_id("low")
    if box is not None:
        box.focus()


def on_change(event):
    target = event.target
    if py(target.getAttribute("data-act")) == actions.AUTO:
        dispatch(actions.AUTO, "on" if target.checked else "off")


def on_sheet_toggle(event):
    """Issue 40: the deduction sheet's cells are drawn only while its panel is
    open (helpdom.render_help): opened by its summary, the game is drawn
    again with them (the drawing reads the panel's `open`). A toggle does
    not bubble: this listens in the capture phase, on #sheet."""
    panel = event.target
    if APP.game.session is None or str(panel.id) != "sheet-panel" or not panel.open:
        return
    if py(panel.querySelector("section.sheet")) is None:
        flow.show()


def on_pagehide(*_a):
    """Issue 25: a private screen hidden as the page is left (flow.on_pagehide),
    if a game was ever loaded (before, there is none)."""
    if APP.rulebook is not None:
        flow.on_pagehide()


# The Bot lab's ways in (issue 14): lostcode/web/lab/labseat.py PLAY_HASH and
# lab/labbridge.py watch_from_lab; the lab's seat is loaded only for them.
LAB_HASHES = ("#play=lab", "#watch=lab")


def from_lab():
    if str(window.location.hash) not in LAB_HASHES:
        return

    def go():
        from lostcode.web.lab import labbridge

        labbridge.watch_from_lab()
        labbridge.play_from_lab()

    gameentry.ready(go)


def boot(*_args):
    try:
        progress(2, _("Loading the game engine…"))
        APP.game.dispatch = dispatch  # gamepage's bot pace dispatches through it (issue 22)
        listen(document, "click", on_click)  # every control's click, one way (issue 38)
        # document.defaultView: on MicroPython, pyscript's `window` proxy throws
        # "Illegal invocation" from addEventListener.
        listen(document.defaultView, "pagehide", on_pagehide)  # issue 25
        game = by_id("game")
        listen(game, "input", on_input)
        listen(game, "change", on_change)
        listen(by_id("sheet"), "toggle", on_sheet_toggle, capture=True)  # issue 40
        listen(by_id("setup-form"), "submit", setuppage.on_submit)
        # Issue 12: other tabs. document.defaultView: on MicroPython, pyscript's
        # `window` proxy throws "Illegal invocation" from addEventListener.
        listen(document.defaultView, "storage", savespage.on_storage)
        storage.keep_storage()
        setuppage.setup_page()  # language, URL settings, embed dialog, guided game
        savespage.saves_boot()  # saved games, import (issue 7)
        progress(3, _("Ready."))
        from_lab()  # the Bot lab's "Watch the game", "Play against my bot" (issue 14)
        tableentry.entry()  # "Play on several phones" (issue 23)
        tableentry.start_from_hash()  # #table=host, #j=CODE, #n=LINK: table mode (issue 23)
        tableentry.watch_hash()  # a new #j= or #n= in the same tab (issue 41)
        puzzleentry.entry()  # "Today's code" (issue 28)
        puzzleentry.start_from_url()  # ?puzzle=N: that puzzle at once
        stonesentry.entry()  # the choice of game; ?game=stones: loaded now (issue 43)
        ROOT.dataset.engine = "ready"
        by_id("loading").hidden = True
        if ROOT.getAttribute("data-start-pending") == "1":
            setuppage.start_game(near=str(ROOT.getAttribute("data-start-near") or ""))
        gameentry.warm()  # issue 40: the game's modules, a task each, while nobody waits
    except Exception as e:  # show it: a silent failure looks like a hang
        ROOT.dataset.engine = "error"
        box = by_id("load-error")
        box.hidden = False
        box.textContent = _("The game engine failed to start: {error}", error=repr(e))
        log_error("start-up failed", e)  # details in the console, not a traceback box


def start(*_args):
    setuppage.init_language()
    progress(2, _("Python is running; loading the game engine…"))
    boot()  # at once: waiting a task for the progress text to paint cost ~25 ms (issue 17)
    if APP.page.picked_language != str(ROOT.getAttribute("lang")):
        setuppage.switch_language(APP.page.picked_language)


if str(document.readyState) == "loading":  # assets/runtime.js is async: rarely, but it can be
    document.addEventListener("DOMContentLoaded", keep(create_proxy(start)))
else:
    start()
