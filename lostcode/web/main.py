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
wires: dom (drawing), app (the one state object), storage, flow, gamepage,
savespage, setuppage, labbridge, tablepage, puzzlepage —
docs/architecture.md draws them.
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

import lostcode.rules.engine  # noqa: F401  (the engine, loaded before "ready")
from lostcode.web import actions, stonesentry
from lostcode.web.edition import THE_LOST_CODE
from lostcode.web.game import gamepage, helpdock, helpsight, setuppage
from lostcode.web.lab import labbridge
from lostcode.web.puzzle import puzzleentry
from lostcode.web.saves import savespage, storage
from lostcode.web.shell import flow
from lostcode.web.shell.app import APP, keep, lap, listen, log_error, mark
from lostcode.web.shell.dom import ROOT, by_id, create_proxy, progress, py
from lostcode.web.shell.i18n import _
from lostcode.web.tablemode import tableentry


def play(act, arg):
    """A SESSION action: the session's handler (Session.do, Session.HANDLERS),
    then the flow after an action (flow.moved). Nothing acts on a game
    another tab went on with (issue 12; issue 25: told before the move)."""
    ses = APP.game.session
    if APP.save.conflict:
        return
    if APP.rulebook.actions[act].saves and APP.save.id is not None and storage.went_on(ses):
        APP.save.conflict = True
        gamepage.render_conflict()
        return
    mark("lc:do")
    ses.do(act, arg)
    lap("lc:do")
    if APP.game.boards is not None:  # issue 40: a selection's model makes the question alone
        APP.game.boards.select = act in actions.SELECTIONS
    flow.moved()


def watch(act, arg):
    """"Watch the game" and the replay's controls (gamepage.on_watch), drawn."""
    gamepage.on_watch(act, arg)
    flow.show()


def help_dock(act, arg):
    """The help beside the choice opened on a tab, or closed (issue 39); the
    expert's tab asks the expert at once (its answer one tap from the choice)."""
    gamepage.set_help(arg)
    helpsight.set_sheet_edit("")  # the Sheet tab opens on its picture
    if arg == helpdock.EXPERT and py(document.querySelector(
            "#help-dock [data-act='" + actions.EXPERT + "']")) is not None:
        play(actions.EXPERT, "")  # not asked yet on this screen: ask (flow.moved draws)
    else:
        flow.show()
    gamepage.after_help()
    helpsight.pin()  # open on a phone: over the board, its top in sight (issue 39)
    helpsight.into_view()  # open on a wide screen: under the choice, in sight (bar9)


def sheet_edit(act, arg):
    """A phone's Sheet tab: its cells as 44 px buttons, or its picture again (issue 39)."""
    helpsight.set_sheet_edit(arg)
    flow.show()
    helpsight.after_sheet_edit()


def close_watch(act, arg):
    savespage.close_watch()


def new_game(act, arg):
    savespage.show_setup()


def download_record(act, arg):
    savespage.download_record()


def take_newest(act, arg):
    savespage.take_newest()


def free_done(act, arg):
    savespage.free_done(arg)


def language(act, arg):
    """desk10: a phone's language choice is at the page's foot, under the game; the
    strip's globe opens it in one tap (a teacher switching mid-game). The choice
    redraws the game where it is (setuppage.switch_language), the page at its top."""
    window.lostcodeLangOpen()


# actions.GAME_PAGE -> handler(act, arg)
GAME_HANDLERS = dict(
    [(step, watch) for step in actions.WATCH_STEPS]
    + [
        (actions.NEW_GAME, new_game),
        (actions.DOWNLOAD_RECORD, download_record),
        (actions.TAKE_NEWEST, take_newest),
        (actions.FREE_DONE, free_done),
        (actions.WATCH, watch),
        (actions.WATCH_VIEW, watch),
        (actions.WATCH_PLAY, watch),
        (actions.WATCH_SPEED, watch),
        (actions.WATCH_TICK, watch),
        (actions.WATCH_CLOSE, close_watch),
        (actions.HELP, help_dock),
        (actions.SHEET_EDIT, sheet_edit),
        (actions.LANGUAGE, language),
    ]
)

# The game this shell plays (issue 38: the shell takes it as a parameter).
APP.page.relanguage.append(puzzleentry.relanguage)
THE_LOST_CODE.page = gamepage  # the shell's flow draws through it (shell.Game.page)
APP.rulebook = THE_LOST_CODE
# The other games whose saves the saved-games list shows (issue 43).
APP.others = {stonesentry.SAVE_FORMAT: stonesentry.WAY_IN,  # saves and finished records
              stonesentry.RECORD_FORMAT: stonesentry.WAY_IN}  # fmt: skip

# actions.SESSION -> handler(act, arg): every name the game's session plays.
SESSION_HANDLERS = {name: play for name in THE_LOST_CODE.session_actions()}

# The one table of tables: scope -> its names' handlers.
SCOPES = {
    actions.SESSION: SESSION_HANDLERS,
    actions.GAME_PAGE: GAME_HANDLERS,
    actions.SAVES_PAGE: savespage.HANDLERS,
    # Issue 40: table mode and the puzzle are loaded on their first use (their
    # entry modules' `handle`), not at start (tests/test_start_imports.py).
    actions.TABLE_PAGE: {n: tableentry.handle for n in actions.ACTIONS
                         if actions.ACTIONS[n].scope == actions.TABLE_PAGE},
    actions.PUZZLE_PAGE: {n: puzzleentry.handle for n in actions.ACTIONS
                          if actions.ACTIONS[n].scope == actions.PUZZLE_PAGE},
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
        gamepage.on_tap(event)  # a bot's turn goes on at a tap anywhere (issue 22)
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


def on_watch_key(event):
    if str(event.key) == "Escape" and APP.game.help and APP.game.watch is None:
        event.preventDefault()
        dispatch(actions.HELP, "")  # Escape closes the help (issue 39)
        return
    act = gamepage.watch_key(event)
    if act:
        dispatch(act)


def on_wide(event=None):
    """The window crossed style.css's 900 px (a turned tablet, a resized
    window): the game drawn again, its racks where that width keeps them."""
    if APP.game.session is not None:
        flow.show()


def boot(*_args):
    try:
        progress(2, _("Loading the game engine…"))
        gamepage.install_guard()  # issue 12: one activation, one action
        APP.game.dispatch = dispatch  # gamepage's bot pace dispatches through it (issue 22)
        listen(document, "click", on_click)  # every control's click, one way (issue 38)
        # document.defaultView: on MicroPython, pyscript's `window` proxy throws
        # "Illegal invocation" from addEventListener.
        listen(document.defaultView, "pagehide", flow.on_pagehide)  # issue 25
        game = by_id("game")
        listen(game, "input", on_input)
        listen(game, "change", on_change)
        listen(game, "keydown", on_watch_key)
        listen(by_id("log"), "toggle", gamepage.on_log_toggle)
        listen(by_id("sheet"), "toggle", on_sheet_toggle, capture=True)  # issue 40
        listen(document.defaultView.matchMedia(gamepage.WIDE), "change", on_wide)  # issue 39
        listen(by_id("setup-form"), "submit", setuppage.on_submit)
        # Issue 12: other tabs. document.defaultView: on MicroPython, pyscript's
        # `window` proxy throws "Illegal invocation" from addEventListener.
        listen(document.defaultView, "storage", savespage.on_storage)
        storage.keep_storage()
        setuppage.setup_page()  # language, URL settings, embed dialog, guided game
        savespage.saves_boot()  # saved games, import (issue 7)
        labbridge.watch_from_lab()  # the Bot lab's "Watch the game" (issue 14)
        progress(3, _("Ready."))
        labbridge.play_from_lab()  # the Bot lab's "Play against my bot" (issue 14)
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
