"""A table-mode phone's turn drawn with the pass-and-play screens (issue 41).

tabledraw.render draws the table; on this phone's own turn it calls
`draw_turn` (the question, its pickers and the confirm: the wheels, the
ring, the dice's faces, the candidate rows, from seatsession.SeatSession's
`model`, i.e. the game's own views.screen_model) and `draw_panel` (the
"What can I deduce?" panel and the deduction sheet, made from this seat's
observation only). The screen's controls carry the game's own page actions
(actions.SESSION); while table mode shows a turn, main.dispatch hands them
to seatmoves.py (through tableentry.session_act) instead of a pass-and-play
game's session.
"""

from lostcode.web import actions
from lostcode.web.shell.app import APP
from lostcode.web.shell.dom import el, render_blocks, render_evidence
from lostcode.web.shell.helpdom import render_assistant, render_sheet
from lostcode.web.shell.i18n import _
from lostcode.web.tablemode.seatsession import SeatSession


def session_for(seat):
    """This phone's SeatSession for `seat` (kept for the game: its sheet)."""
    turns = APP.table.turns
    ses = turns.get(seat)
    if ses is None:
        ses = turns[seat] = SeatSession(seat)
    return ses


def draw_turn(part, obs, m):
    """This phone's choice, if the screen is one: its evidence (the dice, the
    racks) and its pickers and confirm, into `part`; m["board"] becomes the
    turn's (a die's chosen face drawn as a draft). Returns the turn's model,
    or None (not this phone's turn: the table draws its evidence itself)."""
    APP.table.turn = None
    seat = obs.get("viewer")
    if seat is None or obs.get("to_act") != seat:
        return None
    ses = session_for(seat)
    guest = APP.table.guest
    if guest is not None and guest.error is not None and ses.sent == guest.move:
        ses.sent = -1  # the host refused it: the choice can be made again
    ses.show(obs)
    if not ses.my_turn():
        return None
    APP.table.turn = ses
    t = ses.model()
    m["board"] = t["board"]
    render_evidence(t["board"], part, True, t["kind"] != "final")
    attrs = {"id": "table-turn", "data-screen": t["kind"], "data-move": obs["move_number"]}
    box = el("div", None, "bottom-sheet seat-turn", attrs, part)
    if t["error"]:
        el("p", t["error"], "warning", {"role": "alert"}, box)
    render_blocks([b for b in t["blocks"] if not b.get("aside")], box)
    if t["private"]:  # beside the confirm, as on the pass-and-play screen
        bar = box.last("actionbar") or box
        u = el("button", None, "btn undo", {"type": "button", "data-act": actions.UNDO}, bar)
        el("span", "↶", "undo-icon", {"aria-hidden": "true"}, u)
        el("span", _("Undo"), "undo-text", None, u)
        u.disabled = not t["undo"]
    render_blocks([b for b in t["blocks"] if b.get("aside")], part)
    return t


def draw_panel(part, t):
    """Under the board: the turn's "What can I deduce?" panel and its sheet."""
    if t is None:
        return
    if t.get("assistant"):
        render_assistant(t["assistant"], part)
    if t.get("sheet"):
        panel = el("details", None, "panel", {"id": "sheet-panel"}, part)
        el("summary", t["sheet"]["heading"], None, None, panel)
        render_sheet(t["sheet"], panel)
        panel.open = APP.table.turn is not None and APP.table.turn.sheet_open
