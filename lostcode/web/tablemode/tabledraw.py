"""Table mode's drawing (issue 23): a phone's table screen from the Host or
the Guest in `APP.table`, and what follows a drawing on the host (`show`).

`render` only draws (issue 38, tests/test_followups.py): the host's table
stored and an expert seat's search are `show`'s, after it. The screen is
lostcode/web/tablemode/tablescreen.py's model; the join codes tablecodes.py's.
"""

from lostcode.rules.errors import IllegalAction
from lostcode.services.record import dumps
from lostcode.web import actions, stonesentry
from lostcode.web.game.describe import reason
from lostcode.web.saves.storage import ls_set
from lostcode.web.shell import slices
from lostcode.web.shell.app import APP
from lostcode.web.shell.dom import (
    Node,
    append,
    by_id,
    center_ring,
    clear,
    el,
    render_board,
    render_evidence,
)
from lostcode.web.shell.i18n import _
from lostcode.web.tablemode.seatscreen import draw_panel, draw_turn
from lostcode.web.tablemode.tablecodes import draw_code, draw_joins
from lostcode.web.tablemode.tableparts import heading, section, send_all, status, steps
from lostcode.web.tablemode.tablescreen import table_screen

STONES = "stones"  # an observation of «Тайные камни» (lostcode/stones/table.py KEY)
STORE_KEY = "lostcode.table"  # the host's table, to resume after a reload (not a saved game)


def render():
    sec = section()
    folded = by_id("table-rejoin")
    APP.table.rejoin_open = folded is not None and bool(folded.open)
    clear(sec)
    host, guest = APP.table.host, APP.table.guest
    if host is not None:
        obs = host_view(sec, host)
        if obs is None:
            draw_joins(sec, host)
            return
    elif guest is not None and guest.obs is not None:
        obs = guest.obs
    elif guest is not None:
        guest_waiting(sec, guest)
        return
    else:
        return
    if obs.get("game") == STONES:  # issue 43: the second game, drawn by its own page
        APP.table.choices = []
        if not stones_screen(sec, obs, guest):
            return
    else:
        lost_code_screen(sec, obs, host, guest)
    if guest is not None and APP.table.offline:
        status(offline_text())
    if guest is not None and guest.error is not None and guest.error.get("msg"):
        status(
            reason(
                IllegalAction(
                    str(guest.error.get("rule")), guest.error["msg"], guest.error.get("params")
                )
            )
        )


def you_are(guest, name):
    """Issue 41: the guest sees its seat and name."""
    n = guest.seat + 1
    if name == _("Player {n}", n=n):
        return _("You are player {n}.", n=n)
    return _("You are {name}, player {n}.", name=name, n=n)


def stones_screen(sec, obs, guest):
    """«Тайные камни»'s seat screen (stonesgame/tablestones.py), once the
    second game is loaded (a guest learns the game from its first
    observation); False while it loads (drawn again then)."""
    if stonesentry.second().loading != "loaded":
        el("h2", _("Shifting Stones"), None, {"id": "table-h"}, sec)
        el("p", _("Loading…"), None, {"id": "table-status", "role": "status"}, sec)
        return False  # show() loads it after this drawing (render starts nothing)
    you = you_are(guest, obs["players"][guest.seat]["name"]) if guest is not None else None
    # the loaded page module's (stonesgame/tablestones.py): table mode imports
    # nothing of the second game, which imports table mode's parts
    stonesentry.page_module().table_screen(sec, obs, you)
    return True


def lost_code_screen(sec, obs, host, guest):
    m = table_screen(obs)
    APP.table.choices = list(obs["legal"]) if obs["to_act"] == obs["viewer"] else []
    sec.setAttribute("data-public", m["public"])
    part = Node("div")  # the screen as one tree, added at once (dom.append, issue 25)
    heading(part, m["heading"])
    if guest is not None:
        el("p", you_are(guest, obs["names"][guest.seat]), "table-you", {"id": "table-you"}, part)
    el("p", "", None, {"id": "table-status", "role": "status"}, part)
    turn = draw_turn(part, obs, m)  # issue 41: the pass-and-play pickers (seatscreen.py)
    if host is not None:  # the heading first, in the first screenful (issue 41)
        append(sec, part)
        draw_joins(sec, host)
        part = Node("div")
    if turn is None:
        render_evidence(m["board"], part)
    render_board(m["board"], part)
    draw_panel(part, turn)
    log = el("ol", None, "table-log", None, part)
    for line in m["log"]:
        el("li", line, None, None, log)
    append(sec, part)


def guest_waiting(sec, guest):
    """A guest not seated yet: its seat, then numbered steps (issue 41)."""
    n = guest.seat + 1
    if APP.table.net_link is not None:
        heading(sec, _("Joining the table as player {n}…", n=n))
        steps(
            sec,
            (
                _("This phone is reaching the host over the internet."),
                _("The host's phone must have the table open."),
                _("You are seated as soon as it answers: nothing to send back."),
            ),
        )
        el("p", "", None, {"id": "table-status", "role": "status"}, sec)
        if APP.table.offline:
            status(offline_text())
        return
    label = _("Your answer code for the host")
    heading(sec, _("Show this code to the host"))
    el("p", _("You join as player {n}.", n=n), "table-you", {"id": "table-you"}, sec)
    steps(
        sec,
        (
            _("Show this code to the host, or copy it and send it."),
            _("The host scans it, or pastes it and presses Connect."),
            _("You are seated: the table shows here."),
        ),
    )
    draw_code(sec, APP.table.answer or "", None, label, "table-answer-code")
    el("p", "", None, {"id": "table-status", "role": "status"}, sec)


def host_view(sec, host):
    """What the host's phone shows: its player's own view; with a seat handed
    back to it (pass-and-play), the table's view while none of its players
    chooses, and the device passed before another of them chooses (None:
    the handoff is drawn, no board)."""
    humans = host.at_host()
    to_act = host.waiting_for()
    if len(humans) == 1:
        APP.table.seat = humans[0]
        return host.seen_by(APP.table.seat)
    if to_act not in humans:
        APP.table.seat = None
        return host.seen_by_table()
    if to_act != APP.table.seat:
        APP.table.seat = None
        APP.table.choices = []
        name = host.name(to_act)
        heading(sec, _("Pass the device to {name}", name=name))
        attrs = {"type": "button", "data-act": actions.TABLE_UNLOCK, "data-arg": str(to_act)}
        el("button", _("I am {name}", name=name), "btn primary", attrs, sec)
        el("p", "", None, {"id": "table-status", "role": "status"}, sec)
        return None
    return host.seen_by(to_act)


def offline_text():
    if APP.table.net_link is not None:
        return _("The host is not connected. Waiting for it to come back…")
    return _("The connection to the host was lost. Scan your seat's code again.")


def show():
    """The table screen drawn, then what follows a drawing (issue 38: render
    itself only draws): on the host, the table stored and an expert seat's
    due search started. The record (its seed rebuilds every rack) goes to
    storage, like a saved game, never into the page the host's player
    looks at."""
    render()
    if stones_wanted():  # the second game's seat screen waits for its files
        stonesentry.load(lambda page: show())
    center_ring("#tablemode")  # a turn's ring: its range in view (seatscreen.py)
    if APP.table.host is not None:
        store(APP.table.host)
        think()


def stones_wanted():
    """A table of «Тайные камни» is on this phone, and its files are not in yet."""
    host, guest = APP.table.host, APP.table.guest
    if host is not None:
        game = host.rules.key
    else:
        game = guest.obs.get("game") if guest is not None and guest.obs is not None else None
    return game == STONES and stonesentry.second().loading != "loaded"


def store(host):
    move = host.seen_by(0)["move_number"]
    if APP.table.stored != move:
        if ls_set(STORE_KEY, dumps(host.saved())):
            APP.table.stored = move


def think():
    """Issue 27: an expert seat's search on the host runs a slice per task
    (slices.run), so the host's page never holds its main thread long; once
    done, the expert moves and every phone is told (searched)."""
    slices.run(APP.table.search, search_due, searched)


def search_due():
    host = APP.table.host
    return host.search_due() if host is not None else None


def searched():
    host = APP.table.host
    if host is not None:
        send_all(host.searched())
        show()
