"""Table mode's channels (issue 23): what the bridge (assets/table/bridge.js)
reports of a data channel — opened, a message, closed — for the host or the
guest in `APP.table`.
"""

from lostcode.web.shell.app import APP
from lostcode.web.tablemode.tabledraw import show
from lostcode.web.tablemode.tablehost import new_offer
from lostcode.web.tablemode.tableparts import send_all


def on_open(channel):
    channel = str(channel)
    if APP.table.host is not None and channel.startswith("s"):
        # A seat's code was used: a fresh one stands ready for a rejoin.
        new_offer(int(channel[1 : channel.index("-")]))
        return
    guest = APP.table.guest
    if guest is not None:
        APP.table.bridge.send(channel, guest.resume() if guest.move >= 0 else guest.join())
        pending = APP.table.pending
        if pending is not None and pending[0] == guest.move:
            # A move sent into a channel that was already dead (the host
            # reloaded before this phone noticed): kept, and sent again after
            # the resume (the host refuses it as stale if the table moved on).
            APP.table.bridge.send(channel, guest.act(pending[1]))
        APP.table.answer = None
        APP.table.offline = False
        show()


def on_message(channel, text):
    channel, text = str(channel), str(text)
    if APP.table.host is not None:
        send_all(APP.table.host.receive(channel, text))
        show()
    elif APP.table.guest is not None:
        guest = APP.table.guest
        guest.receive(text)
        pending = APP.table.pending
        if pending is not None and (guest.move > pending[0] or guest.error is not None):
            APP.table.pending = None  # applied (a newer observation) or refused
        show()


def on_close(channel):
    channel = str(channel)
    host = APP.table.host
    if host is not None:
        host.disconnect(channel)  # the seat's player rejoins with its standing code
        show()
    elif APP.table.guest is not None:
        # Defect 1 (issue 41): the screen says the host is gone, and a tap
        # says its move was not sent (play); a link's guest tries again.
        APP.table.offline = True
        show()
        if APP.table.net_link is not None:
            APP.table.bridge.netRejoin()
