"""Table mode's join codes on the host's phone, and the camera (issue 23).

Why a module of its own: a code is the one way a phone reaches its seat, and
how it is drawn is a part of the table page that knows nothing of the game:
a QR code (when the vendored library is there) and the same code as text to
copy or paste, so the camera is never the only way; the answer box and its
buttons per phone seat, open for the seats still to join and folded away
for the seats at the table (to rejoin after a drop); and the camera's view,
outside the table screen, which tabledraw.render redraws on every move.
"""

from lostcode.web import actions
from lostcode.web.shell.app import APP, listen
from lostcode.web.shell.dom import by_id, clear, el, py
from lostcode.web.shell.i18n import _


def draw_joins(sec, host):
    """Issue 41: who is at the table, then a link per phone seat still to
    join, with numbered steps (its same-Wi-Fi code folded under it), and the
    seats at the table folded away (to rejoin after a drop)."""
    joined = host.joined()
    waiting = [s for s in host.phones if s not in joined]
    if host.phones:
        seated = el("ul", None, "table-seated", {"aria-label": _("At the table")}, sec)
        for seat in host.phones:
            if seat in joined:
                text = _("{name}: at the table", name=host.name(seat))
            else:
                text = _("{name}: not joined yet", name=host.name(seat))
            el("li", text, None, {"data-seat": str(seat)}, seated)
    if waiting:
        box = el("section", None, "table-joins", {"aria-label": _("Join links")}, sec)
        draw_steps(box)
        draw_seat_codes(box, host, waiting)
    if joined:
        box = el("details", None, "table-rejoin", {"id": "table-rejoin"}, sec)
        if APP.table.rejoin_open:
            box.open = True
        el("summary", _("Codes to rejoin"), None, None, box)
        draw_seat_codes(box, host, joined)


def draw_steps(box):
    steps = el("ol", None, "table-steps", None, box)
    if APP.table.net is False:
        texts = [
            _("Your friend scans their seat's code, or opens its link, on the same Wi-Fi."),
            _("Their phone shows an answer code."),
            _("Scan it with Scan the answer, or paste it here and press Connect."),
        ]
    else:
        texts = [
            _("Send each friend the link of their seat: Copy, Share, or let them scan it."),
            _("Your friend opens it, anywhere with internet: their phone joins by itself."),
            _("Their name shows at the table here; the game goes on meanwhile."),
        ]
    for text in texts:
        el("li", text, None, None, steps)


def draw_seat_codes(box, host, seats):
    for seat in seats:
        part = el("div", None, "table-join", {"data-seat": str(seat)}, box)
        name = _("Link for {name}", name=host.name(seat))
        el("h3", name, None, None, part)
        key = APP.table.keys.get(seat)
        if APP.table.net and key is not None:
            link = str(APP.table.bridge.netLink(seat, key, host.tokens[seat]))
            draw_code(part, link, seat, name, "table-link-" + str(seat), net=True)
            local = el("details", None, "table-local", None, part)
            el("summary", _("Same Wi-Fi, no internet"), None, None, local)
        elif APP.table.net is None:
            el("p", _("Reaching the relays…"), None, None, part)
            local = part
        else:
            local = part
        draw_local(local, host, seat)
        arg = str(seat)  # any time, the first move included (issue 41)
        attrs = {"type": "button", "data-act": actions.TABLE_TO_COMPUTER, "data-arg": arg}
        el("button", _("Let the computer play {name}", name=host.name(seat)), "btn", attrs, part)
        attrs = {"type": "button", "data-act": actions.TABLE_TO_HOST, "data-arg": arg}
        el("button", _("Play on this phone for {name}", name=host.name(seat)), "btn", attrs, part)


def draw_local(part, host, seat):
    """Today's same-Wi-Fi code for `seat` (issue 23): the offer as a link,
    the answer pasted or scanned back."""
    name = _("Join code for {name}", name=host.name(seat))
    code = APP.table.codes.get(seat)
    if code is None:
        el("p", _("Preparing the code…"), None, None, part)
        return
    draw_code(part, str(APP.table.bridge.link(code)), seat, name, "table-code-" + str(seat))
    lab = el(
        "label",
        _("Paste the phone's answer code"),
        None,
        {"for": "table-answer-" + str(seat)},
        part,
    )
    inp = el("input", None, None, {"id": "table-answer-" + str(seat), "autocomplete": "off"}, part)
    lab.after(inp)
    attrs = {"type": "button", "data-act": actions.TABLE_CONNECT, "data-arg": str(seat)}
    el("button", _("Connect"), "btn", attrs, part)
    attrs = {"type": "button", "data-act": actions.TABLE_SCAN, "data-arg": str(seat)}
    el("button", _("Scan the answer"), "btn", attrs, part)


def draw_code(parent, text, seat, label, box_id, net=False):
    """The code as a QR code (when the vendored library is there) and as text
    with Copy (and Share where the phone has it): the camera is never the only
    way. The box is named by `label` (issue 41: every field has a name)."""
    APP.table.bridge.drawQr(text, el("div", None, "table-qr-box", None, parent), label)
    attrs = {
        "readonly": "readonly",
        "rows": "2" if net else "3",
        "class": "table-code",
        "id": box_id,
        "aria-label": label,
    }
    if seat is not None:
        attrs["data-net-seat" if net else "data-seat"] = str(seat)
    box = el("textarea", None, None, attrs, parent)
    box.value = text
    row = el("p", None, "table-copy", None, parent)
    el(
        "button",
        _("Copy"),
        "btn",
        {"type": "button", "data-act": actions.TABLE_COPY, "data-arg": box_id},
        row,
    )
    if APP.table.bridge.canShare():
        attrs = {"type": "button", "data-act": actions.TABLE_SHARE, "data-arg": box_id}
        el("button", _("Share"), "btn", attrs, row)


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
