"""Table mode's way in (issue 40: loaded at start instead of table mode).

The start screen's "Play on several phones" link and the page's #fragment
(#table=host, #table=join, #j=CODE, #n=LINK) are read here; table mode itself
(tablepage.py, with the table's host and guest, its codes and its screen) is
imported only when one of them asks for it, or when one of its controls is
tapped (`handle`, main.SCOPES). tests/test_start_imports.py checks that the
default page's start imports none of it.
"""

from pyscript import document, window

from lostcode.web.game import gameentry
from lostcode.web.shell.app import guarded, keep, listen
from lostcode.web.shell.dom import create_proxy, el, setup_entry
from lostcode.web.shell.i18n import _
from lostcode.web.tablemode.links import HOST_HASH, JOIN_HASH, JOIN_PAGE_HASH, NET_HASH


def entry():
    """The set-up's "Play on several phones" link (drawn here: no edit of the form).
    Not in an embedded lesson: the frame is one compact game on the teacher's
    page, with no links out of it (issue 10), and a camera inside a frame needs
    a permission the lesson's page would have to grant (dom.setup_entry)."""
    p = setup_entry("table-entry")
    if p is None:
        return
    # the link changes the #fragment: watch_hash starts table mode (once)
    el("a", _("Play on several phones"), "btn", {"href": HOST_HASH, "id": "table-entry"}, p)


def watch_hash():
    """Issue 41: a link opened in a tab that has the page already (a new #j=
    or #n= pasted in the address bar, the set-up's link) starts at once."""
    listen(document.defaultView, "hashchange", lambda e: later_start())


def later_start():
    window.setTimeout(keep(create_proxy(guarded(start_from_hash))), 0)


def start_from_hash(*_a):
    """Table mode when the #fragment asks for it (then loaded), else nothing."""
    h = str(window.location.hash)
    if h in (HOST_HASH, JOIN_PAGE_HASH) or h.startswith((JOIN_HASH, NET_HASH)):
        gameentry.ready(_start)  # issue 40: the game's screens and guard first


def _start():
    from lostcode.web.tablemode import tablepage

    tablepage.start_from_hash()


def handle(act, arg):
    """A table mode control (actions.TABLE_PAGE): table mode's handler, loaded
    with it on first use (the game's screens and guard first: gameentry)."""
    gameentry.ready(lambda: _handle(act, arg))


def _handle(act, arg):
    from lostcode.web.tablemode import tablepage

    tablepage.HANDLERS[act](act, arg)


def session_act(act, arg):
    """A control of a table phone's own turn (a game action, actions.SESSION,
    drawn by seatscreen.py with the pass-and-play screens): seatmoves.py's."""
    from lostcode.web.tablemode import seatmoves

    seatmoves.act(act, arg)
