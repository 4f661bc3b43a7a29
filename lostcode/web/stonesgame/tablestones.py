"""«Тайные камни» on a table phone (issue 43): the screen of the seat this
phone plays, drawn into table mode's section from the observation the host
sent (seatview.py decides what it shows), and its taps sent as actions.

Why in the second game's package: it is loaded with the second game only
(stonesentry.FILES), when a table of it is hosted or joined; table mode's
drawing (tablemode/tabledraw.py) hands it a stones observation and imports
it then. The host's phone plays its own seat through the same screen: its
actions go to the host's engine (Host.local) instead of a channel.

The adapter: touches the DOM.
"""

from pyscript import document

from lostcode.rules.errors import IllegalAction
from lostcode.stones.session import TAP_TILE
from lostcode.web import stonesentry
from lostcode.web.game.describe import reason
from lostcode.web.shell.app import APP, listen
from lostcode.web.shell.dom import Node, append, draw, el, py, render_block, render_button
from lostcode.web.stonesgame.seatview import (
    TABLE_ACTS,
    SeatUi,
    dragged,
    fresh,
    seat_model,
    tap,
)
from lostcode.web.tablemode.tablecodes import draw_joins
from lostcode.web.tablemode.tableparts import heading, status


def draw_pickers(b, body):
    """A turn's grid or hand (screens.pickers): the same on one phone
    (stonespage.py) and at a table."""
    cls = "stones-tiles" if b.get("grid") else "stones-hand"
    box = el("div", None, cls, {"role": "group", "aria-label": b["label"]}, body)
    for item in b["items"]:
        btn = render_button(item, box)
        if item.get("glow"):
            btn.classList.add("glow")


def ui():
    holder = stonesentry.second()
    if holder.seat is None:
        holder.seat = SeatUi()
    return holder.seat


def render(sec, obs, you=None):
    """The seat's screen under table mode's section `sec` (emptied by the
    caller); `you`: the guest's "You are NAME" line (None on the host)."""
    listen_once(sec)
    fresh(ui(), obs)
    m = seat_model(obs, ui())
    sec.setAttribute("data-public", m["public"])
    sec.setAttribute("data-game", stonesentry.STONES)
    part = Node("div")  # the screen as one tree, added at once (dom.append)
    heading(part, m["heading"])
    if you is not None:
        el("p", you, "table-you", {"id": "table-you"}, part)
    el("p", "", None, {"id": "table-status", "role": "status"}, part)
    host = APP.table.host
    if host is not None:  # the heading first, then who is at the table (as the Lost Code's)
        append(sec, part)
        draw_joins(sec, host)
        part = Node("div")
    attrs = {"id": "stones-turn", "data-move": str(obs.get("move_number"))} if m["turn"] else {}
    body = el("div", None, "stones-page stones-seat", attrs, part)
    if m["board"] is not None:
        draw(m["board"], el("div", None, "stones-board", None, body))
    for b in m["blocks"]:
        if b.get("grid") or b.get("hand"):
            draw_pickers(b, body)
        elif b["t"] == "hand":  # the own hand while another plays: pictures, no controls
            box = el("div", None, "stones-hand", {"role": "group", "aria-label": b["label"]},
                     body)  # fmt: skip
            for card in b["cards"]:
                draw(card, el("span", None, "stones-card-view", None, box))
        else:
            render_block(b, body)
    append(sec, part)


def listen_once(sec):
    holder = stonesentry.second()
    if not holder.listening:
        holder.listening = True
        listen(sec, "click", on_click)
        listen(sec, "pointerdown", on_pointerdown)  # a tile dragged onto a neighbour: a swap
        listen(sec, "pointerup", on_pointerup)


def _tile(node):
    try:
        return py(node.closest('#stones-turn [data-act="' + TAP_TILE + '"]'))
    except Exception:  # no node, or a text node
        return None


def on_pointerdown(event):
    tile = _tile(event.target)
    ui().drag = int(str(tile.getAttribute("data-arg"))) if tile is not None else None


def on_pointerup(event):
    """As on the pass-and-play screen (stonespage.on_pointerup): a press let
    go over a neighbouring tile swaps the two (S-A1), paid with the card a
    move spends; let go over the same tile, it is a tap (its click plays)."""
    start, ui().drag = ui().drag, None
    end = _tile(document.elementFromPoint(event.clientX, event.clientY))
    obs = seen()
    if start is None or end is None or obs is None:
        return
    to = int(str(end.getAttribute("data-arg")))
    if to == start:
        return
    event.preventDefault()
    ui().chosen = None
    action = dragged(ui(), obs, start, to)
    if action is not None:
        send(action)


def on_click(event):
    try:
        target = py(event.target.closest("#stones-turn [data-act]"))
    except Exception:
        return
    if target is None or target.disabled:
        return
    act = str(target.getAttribute("data-act"))
    if act not in TABLE_ACTS:
        return
    obs = seen()
    if obs is None:
        return
    action = tap(ui(), obs, act, str(target.getAttribute("data-arg") or ""))
    if action is None:
        from lostcode.web.tablemode.tabledraw import show

        show()  # only this phone's choice changed (a tile chosen, a card picked)
        return
    send(action)


def send(action):
    from lostcode.web.tablemode.tabledraw import show
    from lostcode.web.tablemode.tableguest import send_action

    try:
        send_action(action)
    except IllegalAction as e:  # the host's own seat: its engine refused, nothing changed
        show()
        status(reason(e))


def seen():
    """The observation this phone's screen shows now (None: none yet)."""
    host, guest = APP.table.host, APP.table.guest
    if host is not None:
        return host.seen_by(APP.table.seat) if APP.table.seat is not None else None
    return guest.obs if guest is not None else None

