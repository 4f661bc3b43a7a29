"""Table mode's join codes on the host's phone, and the camera (issue 23).

Why a module of its own: a code is the one way a phone reaches its seat, and
how it is drawn is a part of the table page that knows nothing of the game:
a QR code (when the vendored library is there) and the same code as text to
copy or paste, so the camera is never the only way; the answer box and its
buttons per phone seat, open for the seats still to join and folded away
for the seats at the table (to rejoin after a drop); and the camera's view,
outside the table screen, which tablepage.render redraws on every move.
"""

from lostcode.web import actions
from lostcode.web.shell.app import APP, listen
from lostcode.web.shell.dom import by_id, clear, el, py
from lostcode.web.shell.i18n import _


def draw_joins(sec, host):
    """A code per phone seat: open for the seats still to join, folded away
    for the seats at the table (to rejoin after a drop)."""
    joined = host.joined()
    waiting = [s for s in host.phones if s not in joined]
    if waiting:
        box = el("section", None, "table-joins", {"aria-label": _("Join codes")}, sec)
        draw_seat_codes(box, host, waiting)
    if joined:
        box = el("details", None, "table-rejoin", {"id": "table-rejoin"}, sec)
        if APP.table.rejoin_open:
            box.open = True
        el("summary", _("Codes to rejoin"), None, None, box)
        draw_seat_codes(box, host, joined)


def draw_seat_codes(box, host, seats):
    for seat in seats:
        part = el("div", None, "table-join", {"data-seat": str(seat)}, box)
        name = _("Join code for {name}", name=host.name(seat))
        el("h3", name, None, None, part)
        code = APP.table.codes.get(seat)
        if code is None:
            el("p", _("Preparing the code…"), None, None, part)
            continue
        draw_code(part, str(APP.table.bridge.link(code)), seat, name)
        lab = el(
            "label",
            _("Paste the phone's answer code"),
            None,
            {"for": "table-answer-" + str(seat)},
            part,
        )
        inp = el(
            "input", None, None, {"id": "table-answer-" + str(seat), "autocomplete": "off"}, part
        )
        lab.after(inp)
        controls = [
            (_("Connect"), {"data-act": actions.TABLE_CONNECT}),
            (_("Scan the answer"), {"data-act": actions.TABLE_SCAN}),
        ]
        if host.seen_by(0)["move_number"] > 0:  # a seat that stays gone
            computer = _("Let the computer play {name}", name=host.name(seat))
            here = _("Play on this phone for {name}", name=host.name(seat))
            controls += [
                (computer, {"data-act": actions.TABLE_TO_COMPUTER}),
                (here, {"data-act": actions.TABLE_TO_HOST}),
            ]
        for text, attrs in controls:
            attrs.update({"type": "button", "data-arg": str(seat)})
            el("button", text, "btn", attrs, part)


def draw_code(parent, text, seat, label=""):
    """The code as a QR code (when the vendored library is there) and as text
    to copy or paste: the camera is never the only way."""
    APP.table.bridge.drawQr(text, el("div", None, "table-qr-box", None, parent), label)
    attrs = {"readonly": "readonly", "rows": "3", "class": "table-code"}
    if seat is not None:
        attrs["data-seat"] = str(seat)
    box = el("textarea", None, None, attrs, parent)
    box.value = text


def scan_box():
    """The camera's view, outside the table screen (which is redrawn on every move)."""
    box = by_id("table-scan")
    if box is None:
        box = el("div", None, "table-scan", {"id": "table-scan"}, None)
        by_id("tablemode").after(box)
        listen(box, "click", on_scan_tap)
    clear(box)
    video = el(
        "video",
        None,
        None,
        {"muted": "muted", "playsinline": "playsinline", "width": "240", "height": "240"},
        box,
    )
    el("button", _("Stop"), "btn", {"type": "button", "data-act": actions.TABLE_STOP_SCAN}, box)
    return video


def stop_scan():
    APP.table.bridge.stopScan()
    box = by_id("table-scan")
    if box is not None:
        clear(box)


def on_scan_tap(event):
    """A tap anywhere on the camera's view stops it; its Stop button acts
    through its action (the page's one click listener, main.on_click)."""
    if py(event.target.closest("[data-act]")) is None:
        stop_scan()
