"""The Bot lab at the game's table (issue 14): index.html#play=lab plays the lab's
bot, index.html#watch=lab shows the lab's game.

The pure part (the session, the checks, the fallback to the easy bot) is
lostcode/web/lab/labseat.py; the bot's worker is driven by assets/labseat.js,
loaded only in this mode.
"""

from pyscript import document, window

from lostcode.web.game import gamepage
from lostcode.web.lab.labseat import (
    PLAY_HASH,
    PLAY_KEY,
    WATCH_KEY,
    LabSession,
    read_play,
    read_watch,
)
from lostcode.web.saves import savespage, storage
from lostcode.web.shell import flow
from lostcode.web.shell.app import APP, guarded, keep
from lostcode.web.shell.dom import by_id, create_proxy
from lostcode.web.shell.i18n import _


def play_from_lab():
    if str(window.location.hash) != PLAY_HASH:
        return
    play = read_play(storage.storage_get(PLAY_KEY))
    if play is None:
        by_id("start-status").textContent = _(
            "The Bot lab left no bot to play against: open the Bot lab and press "
            "“Play against my bot” there."
        )
        return
    seed = play["seed"]
    if seed is None:
        seed = int(window.Math.floor(window.Math.random() * 2147483647))
    try:
        ses = LabSession(play, seed)
    except ValueError as e:  # e.g. names the table refuses: a message, never a traceback
        by_id("start-status").textContent = _("Cannot start: {reason}", reason=str(e))
        return
    script = document.createElement("script")
    script.type = "module"
    script.src = "./assets/labseat.js"
    loaded = create_proxy(guarded(lab_bridge_loaded))
    keep(loaded)
    script.addEventListener("load", loaded)
    document.head.append(script)
    storage.new_save_slot()
    flow.show_game(ses)
    gamepage.save_game()


def lab_bridge_loaded(*_a):
    APP.lab.bridge = window.lostcodeLabSeat
    flow.ask_lab()  # then after every move (flow.moved); the reply: flow.lab_replied


def watch_from_lab():
    """index.html#watch=lab shows the game the Bot lab (lab.html) left in localStorage.

    A fragment, not a query setting: it never reaches a server and the URL
    settings parser need not know it."""
    if str(window.location.hash) != "#watch=lab":
        return
    record = read_watch(storage.storage_get(WATCH_KEY))
    if record is not None:
        savespage.watch_record(record, step_through=True)
