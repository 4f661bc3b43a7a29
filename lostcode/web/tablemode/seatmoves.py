"""A table phone's turn, tapped (issue 41): the controls of the pass-and-play
screen seatscreen.py draws carry the game's own page actions
(actions.SESSION); while table mode shows a turn, main.dispatch hands them
here (tableentry.session_act) instead of to a pass-and-play game's session.
The seat's SeatSession takes each tap; a confirm's moves go to the host (a
guest's, through its own `play`: refused and said while the host is gone,
kept and sent again after a drop) or onto the host's table (the host's own
seats); then the table is drawn again.
"""

from lostcode.rules.errors import IllegalAction
from lostcode.web import actions
from lostcode.web.game.describe import reason
from lostcode.web.shell.app import APP
from lostcode.web.shell.dom import by_id
from lostcode.web.shell.i18n import _
from lostcode.web.tablemode.tabledraw import show
from lostcode.web.tablemode.tableguest import play
from lostcode.web.tablemode.tableparts import send_all, status

SHEET_ACTS = (actions.MARK, actions.AUTO, actions.SHEET_MODE)


def act(act_name, arg):
    """A control of the turn's screen (an actions.SESSION name): the seat's
    session takes it; a confirm's moves are sent (or played on the host)."""
    ses = APP.table.turn
    if ses is None:
        return
    if act_name in SHEET_ACTS:
        ses.sheet_open = True
    moves = ses.do(act_name, arg)
    said = send(ses, moves) if moves else ""
    show()
    if said:
        status(said)  # a move refused while the host is gone: said again after drawing


def send(ses, moves):
    """A confirm's moves to the host, or onto the host's own table; the
    status the page said if they were not sent ("" if they were)."""
    host, guest = APP.table.host, APP.table.guest
    if host is not None:
        try:
            for a in moves:
                send_all(host.local(ses.seat, a))
        except IllegalAction as e:
            ses.sent = -1
            ses.error = _("That is not possible: {reason}", reason=reason(e))
        return ""
    if guest is None:
        return ""
    # The first through the guest's own path (refused while the host is gone,
    # kept and sent again after a drop); the final candidates' others follow
    # at once, each naming the move number it will be played at.
    APP.table.choices = [moves[0]]
    play(0)
    if APP.table.pending is None:
        ses.sent = -1  # not sent: the page said why; the choice can be made again
        box = by_id("table-status")
        return str(box.textContent) if box is not None else ""
    for i in range(1, len(moves)):
        APP.table.bridge.send("host", guest.act(moves[i], i))
    return ""
