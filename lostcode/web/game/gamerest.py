"""Issue 40: a new screen's first frame holds what it needs to be read and
answered (its question, its choices, the board); the help beside it (the
assistant, the expert, the deduction sheet), the log and the news read out
come in a task of their own right after (`hold`, `schedule`, `run`).

Why: at 4x CPU a new screen's tap ("Confirm ... and pass to ...", "I am
NAME", "Roll the dice") held the page 430-580 ms in one task, and the help,
written and put in with the question, was a share of it no one reads before
the question. A later drawing (a tap before the rest ran, the assistant's
analysis, the help opened) makes a pending rest stale (its number), so it
never draws over a newer screen. Who sees what: the last viewer's help is
taken out in the first task (`hide`), never left beside another's screen.

The adapter: touches the DOM.
"""

from json import dumps

from pyscript import document, window

from lostcode.web.game.helpdock import SHEET
from lostcode.web.game.viewer import watch_log
from lostcode.web.game.views import log_model
from lostcode.web.shell.activation import SETTLE_MS
from lostcode.web.shell.app import APP, guarded, keep, lap, mark, now_ms
from lostcode.web.shell.dom import adopt_json, by_id, clear, create_proxy, el, kept_json, py
from lostcode.web.shell.helpdom import render_help

EMPTY = ("[]", "")  # no children, as kids_json writes them


def sheet_opened(m, dock):
    """Whether the sheet's panel is drawn open: it was open for this viewer
    (not as the help's tab), or the help's Sheet tab is. Read before the
    screen changes the DOM."""
    old = py(document.getElementById("sheet-panel"))
    was_open = old is not None and old.open and APP.game.sheet_owner == m["viewer"]
    if was_open and old.closest(".help-dock.open") is not None:
        was_open = False  # it was open as the help's tab: closed with the help
    return was_open or bool(dock and dock["tab"] == SHEET)


def draw_help(m, dock, opened):
    """The help (issue 40: built and written again only when its models changed, kept_json)."""
    key = (dock, m.get("assistant"), m["sheet"], opened)
    stand_in = py(document.querySelector("#game > #help-dock"))  # hold's, until now
    if stand_in is not None:
        stand_in.remove()
    adopt_json(by_id("sheet"), kept_json(APP.game.kept, "help", key,
                                         lambda part: render_help(m, dock, opened, part)))
    APP.game.sheet_owner = m["viewer"]


def hide(m):
    """Another viewer's screen (or a public one): the last viewer's help goes
    at once, in the new screen's first task (a rule of the page: a screen shown
    to one player never stands beside another's private parts)."""
    if APP.game.sheet_owner == m["viewer"]:
        return
    adopt_json(by_id("sheet"), EMPTY)
    APP.game.kept.pop("help", None)
    APP.game.sheet_owner = None


def hold(m, dock, opened, finish, announce):
    """The help, `finish(m, dock)` (the log, the help's place) and, if the
    flow asked for it meanwhile, `announce(m)` (the news) kept for a task of
    their own (`schedule`: the flow starts it; issue 38: drawing starts nothing)."""
    APP.game.rest_seq += 1
    APP.game.rest = [APP.game.rest_seq, m, dock, opened, finish, announce, False]
    if by_id("help-dock") is None:  # the bar's Help/Expert/Sheet name it (aria-controls):
        # until the help comes, an empty stand-in, hidden, outside the help's place
        el("section", None, None, {"id": "help-dock", "hidden": ""}, by_id("game"))


def schedule():
    """The rest held by the drawing, run after this task's frame."""
    if APP.game.rest is None:
        return
    if APP.game.rest_proxy is None:
        APP.game.rest_proxy = keep(create_proxy(guarded(_due)))
    window.setTimeout(APP.game.rest_proxy, 0, APP.game.rest[0])


def pending():
    return APP.game.rest is not None


def announce_later():
    """The news read out once the rest is drawn (flow's ANNOUNCE, gamepage.announce)."""
    APP.game.rest[6] = True


def drop():
    """A drawing of the whole screen: a pending rest has nothing left to draw."""
    APP.game.rest = None


def _due(seq=None):
    rest = APP.game.rest
    if rest is not None and seq is not None and rest[0] == int(seq):
        run()


def run():
    """The pending rest, now."""
    rest = APP.game.rest
    APP.game.rest = None
    if rest is None or APP.game.session is None or APP.save.conflict:
        return
    _seq, m, dock, opened, finish, announce, news = rest
    mark("lc:rest")
    draw_help(m, dock, opened)
    _settle_help()
    finish(m, dock)
    if news:
        announce(m)
    lap("lc:rest")


def _settle_help():
    """The help's controls wait as the screen's did (gamepage.settle marks
    every control of #game; these came after it)."""
    shown = APP.guard.shown_at if APP.guard is not None else None
    if shown is None or now_ms() >= shown + SETTLE_MS:
        return
    count = int(document.querySelectorAll("#sheet [data-act]").length)
    if count:
        window.lostcodeSettling("#sheet [data-act]", dumps([int(shown + SETTLE_MS)] * count))


def render_log(lines=None):
    """The game log is drawn only while its <details> is open (it grows long)."""
    log = by_id("log-list")
    if not by_id("log").open:
        if APP.game.log_shown:
            clear(log)
            APP.game.log_shown = 0
        return
    if lines is None and APP.game.watch is not None:  # watching: the log up to the step
        lines = watch_log(APP.game.watch, APP.game.session.public_observation()["names"])
    if lines is None:
        lines = log_model(APP.game.session)
    drawn = APP.game.log_lines
    if len(lines) < APP.game.log_shown or lines[: len(drawn)] != drawn:
        clear(log)  # a line came in the middle (issue 27: a reason said once its check is shown)
        APP.game.log_shown = 0
    for line in lines[APP.game.log_shown :]:
        el("li", line, None, None, log)
    APP.game.log_shown = len(lines)
    APP.game.log_lines = list(lines)


def on_log_toggle(event):
    if APP.game.session is not None:
        render_log()
