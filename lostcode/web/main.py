"""The page's entry point and its one dispatch: a control's action -> its
handler -> the screen model -> draw -> save (only if the game changed).

Every control carries a name from `lostcode.web.actions`; `dispatch` looks it
up there and hands it to its scope's handler: the session (`Session.do`), the
game page (below), the saved-games list (`savespage.HANDLERS`) or table mode
(`tablepage.HANDLERS`). The modules it wires: dom (drawing), app (the one
state object), storage, gamepage, savespage, setuppage, labbridge, tablepage
— docs/architecture.md draws them.
"""

import gc
import sys

from pyscript import document

# Before the engine is imported: this MicroPython build collects the whole heap
# (~135 MB here, fixed when it starts) each time a call from JavaScript returns
# once 16 kB were allocated, ~10 ms a time, several times per tap and during
# the imports. Collected when a quarter of the heap is used instead, as in the
# Bot lab's workers (assets/lab-worker.js); memory it would have freed stays
# within the heap already reserved. (CPython's gc has no such threshold.)
if sys.implementation.name == "micropython":
    gc.threshold((gc.mem_free() + gc.mem_alloc()) // 4)

import lostcode.rules.engine  # noqa: F401  (the engine, loaded before "ready")
from lostcode.web import (
    actions,
    gamepage,
    labbridge,
    puzzlepage,
    savespage,
    setuppage,
    storage,
    tablepage,
)
from lostcode.web.app import APP, keep, listen, log_error
from lostcode.web.dom import ROOT, by_id, create_proxy, progress, py
from lostcode.web.i18n import _


def _page(fn):
    """A game-page handler that needs neither the action's name nor its argument."""
    return lambda act, arg: fn()


# actions.GAME_PAGE -> handler(act, arg) (the session's are Session.HANDLERS,
# the saved-games list's savespage.HANDLERS).
HANDLERS = dict(
    [(step, gamepage.on_watch) for step in actions.WATCH_STEPS]
    + [
        (actions.NEW_GAME, _page(savespage.show_setup)),
        (actions.DOWNLOAD_RECORD, _page(savespage.download_record)),
        (actions.TAKE_NEWEST, _page(savespage.take_newest)),
        (actions.FREE_DONE, lambda act, arg: savespage.free_done(arg)),
        (actions.WATCH, gamepage.on_watch),
        (actions.WATCH_VIEW, gamepage.on_watch),
        (actions.WATCH_CLOSE, _page(savespage.close_watch)),
    ]
)


def dispatch(act, arg=""):
    """One activation, one path: the game page's own actions, or the session's
    (then the screen is drawn, the game saved if its revision moved, and the
    lab's bot asked if its seat is due)."""
    action = actions.ACTIONS.get(act)
    if action is not None and action.scope == actions.TABLE_PAGE:
        tablepage.HANDLERS[act](act, arg)  # table mode: no session on this page
        return
    if action is not None and action.scope == actions.PUZZLE_PAGE:
        puzzlepage.HANDLERS[act](act, arg)  # Today's code: no session either (issue 28)
        return
    if action is None or APP.game.session is None:
        return
    if action.scope == actions.GAME_PAGE:
        HANDLERS[act](act, arg)
        return
    if action.scope != actions.SESSION or APP.save.conflict:
        return  # nothing acts on a game another tab went on with
    ses = APP.game.session
    if action.saves and APP.save.id is not None and storage.went_on(ses):
        APP.save.conflict = True  # issue 25: told before the move is made
        gamepage.render_conflict()
        return
    ses.do(act, arg)
    moved()


def moved():
    """The game went on (an action, or the end of a search: gamepage.searched):
    drawn, saved if its revision moved, and the lab's bot asked if its seat
    is due."""
    gamepage.render()
    gamepage.save_game()  # a compare-and-set under the game's Web Lock (storage.locked)
    labbridge.lab_ask()


def on_click(event):
    target = py(event.target.closest("[data-act]"))
    if target is None:
        gamepage.on_tap(event)  # a bot's turn goes on at a tap anywhere (issue 22)
        return
    if str(target.tagName) == "INPUT":
        return  # inputs act on input/change
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


def on_watch_key(event):
    act = gamepage.watch_key(event)
    if act:
        dispatch(act)


def boot(*_args):
    try:
        progress(2, _("Loading the game engine…"))
        gamepage.install_guard()  # issue 12: one activation, one action
        APP.game.dispatch = dispatch  # gamepage's bot pace dispatches through it (issue 22)
        APP.game.moved = moved  # and a search's end goes on through it (issue 27)
        game = by_id("game")
        listen(game, "click", on_click)
        listen(game, "input", on_input)
        listen(game, "change", on_change)
        listen(game, "keydown", on_watch_key)
        listen(by_id("log"), "toggle", gamepage.on_log_toggle)
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
        tablepage.entry()  # "Play on several phones" (issue 23)
        tablepage.start_from_hash()  # #table=host, #j=CODE: table mode (issue 23)
        puzzlepage.entry()  # "Today's code" (issue 28)
        puzzlepage.start_from_url()  # ?puzzle=N: that puzzle at once
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
