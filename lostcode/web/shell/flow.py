"""The flow after an action (issue 38): the game's screen drawn, the game
saved, the Bot lab's bot asked, then what follows the drawing — in one place.

Why a module of its own: drawing only draws (the game's page's render); whatever a
drawing used to start (the news, the moments, a computer's pace, an
expert's search) is decided by followups.follow_ups, a pure function, and
run here, once per action: after a dispatched action (main.dispatch), a
game put on screen (a new, resumed, imported or watched one), the Bot lab's
reply, the page being left with a private screen open, and a search's end.
That end comes back here, never through main: slices.py runs the search
and calls `searched`, which goes on as after an action (`moved`).

It imports no game: the game's page (The Lost Code's game/gamepage.py) is
the shell.Game's `page`, set by main.py, so the shell knows no rule and no
import runs in a circle (savespage, setuppage, labbridge import this).
"""

from pyscript import window

from lostcode.web.shell import slices
from lostcode.web.shell.app import APP, guarded, keep, lap, mark
from lostcode.web.shell.dom import create_proxy
from lostcode.web.shell.followups import (
    ANNOUNCE,
    ASSIST,
    MOMENTS,
    PACE,
    SAY_STEP,
    SEARCH,
    SETTLE,
    STOP_PACE,
    follow_ups,
    screen_key,
)
from lostcode.web.shell.moments import play_moments


def _page():
    """The game's page (shell.Game.page): its drawing and what follows it."""
    return APP.rulebook.page


def moved():
    """The game went on (an action of the session, the Bot lab's reply, a
    search's end): drawn, saved if its revision moved (a compare-and-set
    under the game's Web Lock, storage.locked), the lab's bot asked if its
    seat is due, and what follows the drawing. Issue 40: a new screen's
    help, log and news wait for a task of their own (gamepage.render's `later`)."""
    show(True)
    mark("lc:save")
    _page().save_game()
    lap("lc:save")
    ask_lab()


def show(later=False):
    """The game's screen drawn again (a replay's step, a language, the page
    left) and what follows the drawing; nothing saved, nobody asked."""
    mark("lc:render")
    m = _page().render(later)
    lap("lc:render")
    mark("lc:follow")
    follow(m)
    _page().defer_rest()  # issue 40: what a new screen draws after its first frame
    lap("lc:follow")


def show_game(ses, watch=None, fresh=False):
    """A game comes on screen, new (`fresh`: its first moves are moments) or
    resumed; `watch`: a viewer.Replay shown over it."""
    _page().put_game(ses, watch, fresh)
    show()


def enter_game(ses, watch=None):
    """A resumed, imported or watched game comes on screen (the saved-games
    list's question, if any, is closed)."""
    APP.saves.ui = {}
    show_game(ses, watch)


def _settle(m, key):
    _page().settle_if_new(key)


def _stop_pace(m, key):
    APP.game.auto = None


def _search(m, key):
    """Issue 27: the session's due search (an expert seat's decision, or the
    assistant's "What would the expert do?") runs a slice per task, so the
    page's main thread is never held long; the bot steps already played go
    on at their pace meanwhile. Its end goes on as an action (searched)."""
    slices.run(APP.game.search, search_due, searched)


def _assist(m, key):
    """Issue 40: the screen is drawn first; the assistant's analysis (the
    private screen's, or on a handoff the next player's) is made in a task
    of its own after it, and a private screen is drawn again with it."""
    if APP.game.assist_queued:
        return
    if APP.game.assist_proxy is None:
        APP.game.assist_proxy = keep(create_proxy(guarded(_assist_now)))
    APP.game.assist_queued = True
    window.setTimeout(APP.game.assist_proxy, 0)


def _assist_now(*_a):
    APP.game.assist_queued = False
    ses = APP.game.session
    if ses is None or APP.save.conflict or APP.game.watch is not None:
        return
    mark("lc:assist")
    made = hasattr(ses, "prepare_assist") and ses.prepare_assist()
    lap("lc:assist")
    if not made:
        return
    if ses.screen()[1] is not None:  # a private screen: drawn with its panel
        show()


def _announce(m, key):
    _page().announce(m)


def _say_step(m, key):
    _page().say_step(m)


def _moments(m, key):
    play_moments(m)


def _pace(m, key):
    _page().schedule_auto(m)


# followups' step -> what runs it (m, key)
STEPS = {
    SETTLE: _settle,
    ANNOUNCE: _announce,
    SAY_STEP: _say_step,
    MOMENTS: _moments,
    PACE: _pace,
    STOP_PACE: _stop_pace,
    SEARCH: _search,
    ASSIST: _assist,
}


def follow(m):
    """Run what follows drawing `m` (None: the conflict screen, nothing)."""
    if m is None or APP.save.conflict:
        return
    key = screen_key(m, APP.game.session.moves_played())
    paced = APP.game.auto[1] if APP.game.auto is not None else None
    for step in follow_ups(m, key, APP.game.watch is not None, APP.game.screen, paced):
        STEPS[step](m, key)


def search_due():
    ses = APP.game.session
    if ses is None or APP.save.conflict or not hasattr(ses, "search_due"):
        return None
    return ses.search_due()


def searched():
    """The search is done: the expert's move (and the computers' after it) is
    played, or the assistant's answer shown; then as after an action."""
    ses = APP.game.session
    if ses is None or APP.save.conflict or not hasattr(ses, "search_done"):
        return
    ses.search_done()
    moved()


def ask_lab():
    """After every move (moved): ask the Bot lab's worker when its seat must
    decide (index.html#play=lab, labbridge.py); its reply comes to lab_replied."""
    ses = APP.game.session
    if APP.lab.bridge is None or ses is None or not hasattr(ses, "lab_request"):
        return
    due = ses.lab_request()
    if due is None:
        return
    if APP.lab.reply is None:
        APP.lab.reply = keep(create_proxy(guarded(lab_replied)))
    APP.lab.bridge.ask(due[0], due[1]).then(APP.lab.reply)


def lab_replied(text):
    ses = APP.game.session
    if ses is not None and hasattr(ses, "lab_answer_text") and ses.lab_answer_text(str(text)):
        moved()


def on_pagehide(*_a):
    """Issue 25: the page is being left: an open private screen goes back to
    its handoff (gamepage.hide_private), drawn before the browser keeps the
    page in its back-forward cache."""
    if _page().hide_private():
        show()
