"""Table mode's guest (issue 23, 41): joining by a same-Wi-Fi code or a
seat's internet link, and a move sent to the host (kept, and said so, while
the host is gone). The engine's side is lostcode/table/guest.py.
"""

from json import loads

from pyscript import window

from lostcode.table.guest import Guest
from lostcode.web import actions
from lostcode.web.shell.app import APP, guarded, keep
from lostcode.web.shell.dom import clear, create_proxy, el
from lostcode.web.shell.i18n import _
from lostcode.web.tablemode.links import JOIN_HASH, NET_HASH
from lostcode.web.tablemode.tablechannels import on_open
from lostcode.web.tablemode.tabledraw import show
from lostcode.web.tablemode.tableparts import heading, page, send_all, status

PENDING_MS = 4000  # a move not answered by then: the guest is told it waits for the host
NET_WAIT_MS = 20000  # a link's guest not seated by then is told what may be wrong


def join_page():
    """A guest who opened the site itself: scan the host's code or paste it."""
    sec = page(_("Join a table"))
    draw_paste(sec)


def draw_paste(sec):
    el(
        "button",
        _("Scan the join code"),
        "btn primary",
        {"type": "button", "data-act": actions.TABLE_SCAN},
        sec,
    )
    lab = el("label", _("Or paste the join code"), None, {"for": "table-join-code"}, sec)
    inp = el("input", None, None, {"id": "table-join-code", "autocomplete": "off"}, sec)
    lab.after(inp)
    el("button", _("Join"), "btn", {"type": "button", "data-act": actions.TABLE_JOIN}, sec)
    el("p", "", None, {"id": "table-status", "role": "status"}, sec)


def join_with(text):
    text = str(text).strip()
    if NET_HASH in text:
        guest_net_start(text[text.index(NET_HASH) + len(NET_HASH) :])
        return
    if JOIN_HASH in text:
        text = text[text.index(JOIN_HASH) + len(JOIN_HASH) :]
    if text:
        guest_start(text)
    else:
        status(_("Paste the join code first, or scan it."))


def guest_reset():
    """A new link in this tab: the page is a fresh guest (issue 41)."""
    APP.table.guest = None
    APP.table.pending = None
    APP.table.answer = None
    APP.table.net_link = None
    APP.table.offline = False


def guest_start(code):
    guest_reset()
    sec = page(_("Joining the table…"))

    def got(text):
        reply = loads(str(text))
        if "error" in reply:
            clear(sec)
            heading(sec, _("This is not a join code."))
            return
        APP.table.guest = Guest(int(reply["seat"]), str(reply["token"]))
        APP.table.answer = str(reply["code"])
        show()

    APP.table.bridge.answer(code).then(keep(create_proxy(guarded(got))))


def net_slow(link):
    """Still not seated after NET_WAIT_MS: say what may be wrong (the phone
    keeps trying meanwhile)."""
    guest = APP.table.guest
    if APP.table.net_link == link and guest is not None and guest.obs is None:
        status(
            _(
                "No answer from the host yet. Its phone must have the table open; "
                "on the same Wi-Fi, ask for the seat's same-Wi-Fi code instead."
            )
        )


def guest_net_start(link):
    """Issue 41: a seat's internet link: the guest reaches the host through
    the site's relays and is seated with no code to send back."""
    guest_reset()
    sec = page(_("Joining the table…"))
    el("p", "", None, {"id": "table-status", "role": "status"}, sec)

    def got(text):
        reply = loads(str(text))
        if reply.get("error") == "link":
            clear(sec)
            heading(sec, _("This is not a join code."))
            return
        if "error" in reply:
            clear(sec)
            heading(sec, _("The table could not be reached"))
            el(
                "p",
                _(
                    "No relay answered: this phone may be offline. On the same Wi-Fi "
                    "as the host, ask for the seat's same-Wi-Fi code and paste it here."
                ),
                None,
                None,
                sec,
            )
            draw_paste(sec)
            return
        APP.table.guest = Guest(int(reply["seat"]), str(reply["token"]))
        APP.table.net_link = link
        show()
        if APP.table.bridge.isOpen("host"):  # opened while Python was loading (boot.js)
            on_open("host")
        window.setTimeout(keep(create_proxy(guarded(lambda *a: net_slow(link)))), NET_WAIT_MS)

    APP.table.bridge.netJoin(link).then(keep(create_proxy(guarded(got))))


def play(i):
    choices = APP.table.choices or []
    if not 0 <= i < len(choices):
        return
    APP.table.choices = []
    send_action(choices[i], choices)


def send_action(action, choices=()):
    """One action of this phone's seat: played on the host's phone, or sent
    to the host from a guest's (`choices`: what the screen offered, offered
    again if the host is not connected). Both games' screens send through here."""
    if APP.table.host is not None:
        send_all(APP.table.host.local(APP.table.seat, action))
        show()
    elif APP.table.guest is not None:
        guest = APP.table.guest
        if APP.table.offline or not APP.table.bridge.send("host", guest.act(action)):
            # Defect 1: refused, and said so; the move can be made again later.
            APP.table.offline = True
            APP.table.choices = list(choices)
            status(
                _(
                    "Your move was not sent: the host is not connected. "
                    "Play it again once it is back."
                )
            )
            return
        move = guest.move
        APP.table.pending = (move, action)
        window.setTimeout(keep(create_proxy(guarded(lambda *a: still_pending(move)))), PENDING_MS)


def still_pending(move):
    """A move sent but not answered after PENDING_MS: the host may be gone
    before this phone noticed; the move is kept and sent again once it is back."""
    pending = APP.table.pending
    if pending is not None and pending[0] == move:
        status(_("Your move is waiting for the host…"))
