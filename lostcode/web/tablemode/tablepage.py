"""Table mode in the page (issue 23): one phone per player, over the
internet by a seat's link (issue 41) or on one Wi-Fi by codes.

index.html#table=host makes this phone the host: it runs the engine
(lostcode/table/host.py), plays seat 1, and gives each phone seat a link.
index.html#n=LINK (a seat's internet link) or #j=CODE (a same-Wi-Fi code) is
a guest: it draws only what the host sends for its seat. The channels live
in assets/table/bridge.js. This module is table mode's way in: the start
from the address, the bridge loaded, and `HANDLERS`, its controls' actions
(actions.TABLE_PAGE), which main.dispatch looks up like every other scope's.

Table mode's page modules, bottom up: tableparts (section, heading,
status), tabledraw (a screen, `show`), tablehost (lobby, seats),
tablechannels (the bridge's reports), tableguest (joining, a move), then
this one; tablescreen is the screen's pure model, tablecodes the join codes
and the camera.
"""

from pyscript import document, window

from lostcode.web import actions
from lostcode.web.shell.app import APP, guarded, keep
from lostcode.web.shell.dom import by_id, clear, create_proxy
from lostcode.web.shell.i18n import _
from lostcode.web.tablemode.links import HOST_HASH, JOIN_HASH, JOIN_PAGE_HASH, NET_HASH
from lostcode.web.tablemode.tablechannels import on_close, on_message, on_open
from lostcode.web.tablemode.tablecodes import scan_box, stop_scan
from lostcode.web.tablemode.tableguest import (
    guest_net_start,
    guest_start,
    join_page,
    join_with,
)
from lostcode.web.tablemode.tablehost import (
    connect,
    host_lobby,
    host_resume,
    host_start,
    to_computer,
    to_host,
    unlock,
)
from lostcode.web.tablemode.tableparts import status


def start_from_hash(*_a):
    h = str(window.location.hash)
    if h == HOST_HASH:
        _load_bridge(host_lobby)
    elif h == JOIN_PAGE_HASH:
        _load_bridge(join_page)
    elif h.startswith(JOIN_HASH):
        code = h[len(JOIN_HASH) :]
        _load_bridge(lambda: guest_start(code))
    elif h.startswith(NET_HASH):
        link = h[len(NET_HASH) :]
        _load_bridge(lambda: guest_net_start(link))


def _load_bridge(then):
    if APP.table.bridge is not None:
        then()
        return
    script = document.createElement("script")
    script.type = "module"
    script.src = "./assets/table/bridge.js"

    def loaded(*_a):
        APP.table.bridge = window.lostcodeTable
        APP.table.bridge.bind(
            keep(create_proxy(guarded(on_open))),
            keep(create_proxy(guarded(on_message))),
            keep(create_proxy(guarded(on_close))),
        )
        then()

    script.addEventListener("load", keep(create_proxy(guarded(loaded))))
    document.head.append(script)


def scan(seat):
    """Read a QR code with the camera: the answer of `seat` (host), or a join code."""
    video = scan_box()

    def got(text):
        text = str(text)
        box = by_id("table-scan")
        if box is not None:
            clear(box)
        if text.startswith("!"):
            status(
                _(
                    "The camera could not be opened: allow it for this site (on iPhone: "
                    "Settings › Safari › Camera), or paste the code."
                )
            )
        elif text and seat is None:
            join_with(text)
        elif text:
            box = by_id("table-answer-" + str(seat))
            if box is not None:
                box.value = text
            connect(seat)

    APP.table.bridge.scan(video).then(keep(create_proxy(guarded(got))))


def on_copy(act, arg):
    box = by_id(str(arg))
    if box is None:
        return

    def done(ok):
        if ok:
            status(_("Copied."))
        else:
            box.select()
            status(_("Select the text and copy it."))

    APP.table.bridge.copy(str(box.value)).then(keep(create_proxy(guarded(done))))


def on_share(act, arg):
    box = by_id(str(arg))
    if box is not None:
        APP.table.bridge.share(str(box.value), _("The Lost Code"))


def open_join_page(act, arg):
    window.history.replaceState(None, "", JOIN_PAGE_HASH)
    join_page()


def on_scan(act, arg):
    scan(int(arg) if arg else None)


def on_stop_scan(act, arg):
    stop_scan()


def on_join(act, arg):
    join_with(by_id("table-join-code").value)


def on_connect(act, arg):
    connect(int(arg))


# actions.TABLE_PAGE -> handler(act, arg), looked up by main.dispatch.
HANDLERS = {
    actions.TABLE_START: host_start,
    actions.TABLE_RESUME: host_resume,
    actions.TABLE_JOIN_PAGE: open_join_page,
    actions.TABLE_SCAN: on_scan,
    actions.TABLE_STOP_SCAN: on_stop_scan,
    actions.TABLE_JOIN: on_join,
    actions.TABLE_CONNECT: on_connect,
    actions.TABLE_TO_COMPUTER: to_computer,
    actions.TABLE_TO_HOST: to_host,
    actions.TABLE_UNLOCK: unlock,
    actions.TABLE_COPY: on_copy,
    actions.TABLE_SHARE: on_share,
}
