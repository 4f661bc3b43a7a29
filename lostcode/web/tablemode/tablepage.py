"""Table mode in the page (issue 23): one phone per player over WebRTC.

index.html#table=host makes this phone the host: it runs the engine
(lostcode/table/host.py), plays seat 1, and shows a join code per phone seat
(a link holding a compact WebRTC offer in its #fragment, never sent to any
server). index.html#j=CODE is a guest: it answers the offer with a code of
its own for the host to paste or scan, then draws only what the host sends
for its seat. The channels live in assets/table/bridge.js; this module keeps
the Host or the Guest in `APP.table` and draws lostcode/web/tablemode/tablescreen.py's
model; the join codes and the camera's view are tablecodes.py's, an expert
seat's search runs through slices.py. Its controls carry actions of their
own scope (actions.TABLE_PAGE, handled by `HANDLERS` below) and go through
main.dispatch like every other control's.
"""

from json import dumps as json_dumps
from json import loads

from pyscript import document, window

from lostcode.rules.errors import IllegalAction, RecordError
from lostcode.rules.options import Options
from lostcode.rules.setup import new_game
from lostcode.rules.vocab import BOT_LEVELS, HUMAN
from lostcode.services.record import dumps
from lostcode.table.guest import Guest
from lostcode.table.host import Host
from lostcode.web import actions
from lostcode.web.game.describe import reason
from lostcode.web.game.solo import seat_kind_label
from lostcode.web.saves.storage import ls_get, ls_set
from lostcode.web.shell import slices
from lostcode.web.shell.app import APP, guarded, keep, listen
from lostcode.web.shell.dom import (
    Node,
    append,
    by_id,
    center_ring,
    clear,
    create_proxy,
    el,
    render_board,
    render_evidence,
    show_only,
)
from lostcode.web.shell.i18n import _
from lostcode.web.tablemode.links import HOST_HASH, JOIN_HASH, JOIN_PAGE_HASH, NET_HASH
from lostcode.web.tablemode.seatscreen import draw_panel, draw_turn
from lostcode.web.tablemode.tablecodes import draw_code, draw_joins, scan_box, stop_scan
from lostcode.web.tablemode.tablescreen import table_screen

PENDING_MS = 4000  # a move not answered by then: the guest is told it waits for the host
NET_WAIT_MS = 20000  # a link's guest not seated by then is told what may be wrong
CONNECT_WAIT_MS = 12000  # a LAN connection takes well under a second; then we say why not
PHONE = "phone"
STORE_KEY = "lostcode.table"  # the host's table, to resume after a reload (not a saved game)
NET_KEY = "lostcode.table.net"  # the host's seat keys of its internet links (issue 41)
NAME_MAX = 24  # characters of a player's name typed in the lobby


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


def _section():
    sec = by_id("tablemode")
    if sec is None:
        sec = el("section", None, "tablemode", {"id": "tablemode", "aria-live": "off"}, None)
        document.querySelector("main").append(sec)
    show_only(sec, ("setup", "game"))
    return sec


def _heading(sec, text):
    """A table screen's heading (one per screen: #table-h)."""
    el("h2", text, None, {"id": "table-h"}, sec)


def _page(heading):
    """Table mode's section, emptied, under a new heading."""
    sec = _section()
    clear(sec)
    _heading(sec, heading)
    return sec


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


# --------------------------------------------------------------------------- host
def host_lobby():
    sec = _page(_("Play on several phones"))
    el(
        "p",
        _(
            "This phone is the host and plays as Player 1. Each friend gets a link: "
            "it works anywhere with internet, and on the same Wi-Fi without it."
        ),
        "note",
        None,
        sec,
    )
    name_field(sec, 0, _("Your name"))
    lab = el("label", _("Number of players"), None, {"for": "table-players"}, sec)
    box = el("select", None, None, {"id": "table-players"}, sec)
    for n in (2, 3, 4):
        o = el("option", str(n), None, {"value": str(n)}, box)
        if n == 3:
            o.selected = True
    lab.after(box)
    listen(box, "change", lambda e: seat_rows())
    for seat in range(1, 4):
        row = el("p", None, None, {"id": "table-seat-row-" + str(seat)}, sec)
        el(
            "label",
            _("Player {n} plays as", n=seat + 1),
            None,
            {"for": "table-seat-" + str(seat)},
            row,
        )
        pick = el("select", None, None, {"id": "table-seat-" + str(seat)}, row)
        el("option", _("A phone"), None, {"value": PHONE}, pick)
        for level in BOT_LEVELS:
            el("option", seat_kind_label(level), None, {"value": level}, pick)
        name_field(row, seat, _("Name of player {n}", n=seat + 1))
    el("button", _("Play"), "btn primary", {"type": "button", "data-act": actions.TABLE_START}, sec)
    if stored_host() is not None:
        el(
            "button",
            _("Continue the table"),
            "btn",
            {"type": "button", "data-act": actions.TABLE_RESUME},
            sec,
        )
    p = el("p", None, None, None, sec)
    attrs = {"href": JOIN_PAGE_HASH, "data-act": actions.TABLE_JOIN_PAGE}
    el("a", _("Join a table"), None, attrs, p)
    p = el("p", None, None, None, sec)
    el("a", _("New game"), None, {"href": "./"}, p)  # pass-and-play, one tap away
    seat_rows()


def name_field(parent, seat, label):
    """A player's name in the lobby (empty: "Player N" in the page's language)."""
    lab = el("label", label, None, {"for": "table-name-" + str(seat)}, parent)
    attrs = {
        "id": "table-name-" + str(seat),
        "autocomplete": "off",
        "maxlength": str(NAME_MAX),
        "placeholder": _("Player {n}", n=seat + 1),
    }
    lab.after(el("input", None, None, attrs, None))


def lobby_name(seat):
    box = by_id("table-name-" + str(seat))
    text = " ".join(str(box.value).split())[:NAME_MAX] if box is not None else ""
    return text or _("Player {n}", n=seat + 1)


def seat_rows():
    """Only the seats of the chosen number of players are asked about."""
    n = int(str(by_id("table-players").value))
    for seat in range(1, 4):
        row = by_id("table-seat-row-" + str(seat))
        if row is not None:
            row.hidden = seat >= n


def join_page():
    """A guest who opened the site itself: scan the host's code or paste it."""
    sec = _page(_("Join a table"))
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


def host_start(act, arg):
    players = int(str(by_id("table-players").value))
    seats = [HUMAN]
    phones = []
    for seat in range(1, players):
        kind = str(by_id("table-seat-" + str(seat)).value)
        seats.append(HUMAN if kind == PHONE else kind)
        if kind == PHONE:
            phones.append(seat)
    seed = int(window.Math.floor(window.Math.random() * 2147483647))
    tokens = {seat: str(APP.table.bridge.token()) for seat in phones}
    # The players' names as typed, else in the page's language (the engine's own are English).
    names = [lobby_name(seat) for seat in range(players)]
    host = Host(new_game(Options(players), seed, names), seats, phones, tokens)
    host.run_bots()
    APP.table.host = host
    APP.table.seat = 0
    APP.table.codes = {}
    APP.table.keys = {seat: str(APP.table.bridge.netKey()) for seat in phones}
    ls_set(NET_KEY, json_dumps({str(k): v for k, v in APP.table.keys.items()}))
    for seat in phones:
        new_offer(seat)
    net_host()
    show()


def net_host():
    """Issue 41: the host listens for its seats' links on the site's relays;
    with none reached, the same-Wi-Fi codes are the way in."""
    host = APP.table.host
    seats = [[s, APP.table.keys[s], host.tokens[s]] for s in host.phones if s in APP.table.keys]
    APP.table.net = None

    def done(ok):
        APP.table.net = bool(ok)
        show()

    if not seats:
        APP.table.net = False
        return
    APP.table.bridge.netHost(json_dumps(seats)).then(keep(create_proxy(guarded(done))))


def stored_keys():
    try:
        data = loads(ls_get(NET_KEY) or "{}")
        return {int(k): str(v) for k, v in data.items()}
    except (ValueError, TypeError, AttributeError):
        return {}


def stored_host():
    """The host's stored table if it can be read and is not over, else None."""
    text = ls_get(STORE_KEY)
    if not text:
        return None
    try:
        host = Host.from_saved(text)
    except RecordError:
        return None
    return None if host.waiting_for() is None else host


def host_resume(act, arg):
    """After a reload: the same game, the same seats; every phone seat gets a
    fresh code (the old connections died with the page)."""
    host = stored_host()
    if host is None:
        return
    APP.table.host = host
    APP.table.seat = 0
    APP.table.codes = {}
    APP.table.keys = stored_keys()
    for seat in host.phones:
        new_offer(seat)
    net_host()
    show()


def store(host):
    move = host.seen_by(0)["move_number"]
    if APP.table.stored != move:
        if ls_set(STORE_KEY, dumps(host.saved())):
            APP.table.stored = move


def to_computer(act, arg):
    """A seat that stays gone is played by the computer (medium)."""
    seat = int(arg)
    hand_over(seat, lambda host: host.hand_to_computer(seat, "medium"))


def to_host(act, arg):
    """A seat that stays gone is played on this phone, pass-and-play."""
    seat = int(arg)
    hand_over(seat, lambda host: host.hand_to_host(seat))


def hand_over(seat, how):
    """A phone seat is no longer a phone's: `how(host)` hands it over (every
    phone is told), its code goes, and the table is stored anew."""
    host = APP.table.host
    if host is None or seat not in host.phones:
        return
    send_all(how(host))
    APP.table.codes.pop(seat, None)
    APP.table.stored = None
    show()


def new_offer(seat):
    host = APP.table.host
    APP.table.codes[seat] = None

    def got(code):
        APP.table.codes[seat] = str(code)
        show()

    APP.table.bridge.offer(seat, host.tokens[seat]).then(keep(create_proxy(guarded(got))))


def connect(seat):
    box = by_id("table-answer-" + str(seat))
    code = str(box.value).strip() if box is not None else ""
    if not code:
        status(_("Paste the phone's answer code first, or scan it."))
        return

    def done(problem):
        if str(problem):
            status(_("This is not the answer code for this seat."))
        else:
            status(_("Connecting…"))
            window.setTimeout(
                keep(create_proxy(guarded(lambda *a: not_joined(seat)))), CONNECT_WAIT_MS
            )

    APP.table.bridge.accept(seat, code).then(keep(create_proxy(guarded(done))))


def not_joined(seat):
    host = APP.table.host
    if host is not None and seat not in host.joined():
        status(
            _(
                "No connection yet. Both phones must be on the same Wi-Fi; then scan the "
                "seat's code again."
            )
        )


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


# --------------------------------------------------------------------------- guest
def guest_reset():
    """A new link in this tab: the page is a fresh guest (issue 41)."""
    APP.table.guest = None
    APP.table.pending = None
    APP.table.answer = None
    APP.table.net_link = None
    APP.table.offline = False


def guest_start(code):
    guest_reset()
    sec = _page(_("Joining the table…"))

    def got(text):
        reply = loads(str(text))
        if "error" in reply:
            clear(sec)
            _heading(sec, _("This is not a join code."))
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
    sec = _section()
    clear(sec)
    el("h2", _("Joining the table…"), None, {"id": "table-h"}, sec)
    el("p", "", None, {"id": "table-status", "role": "status"}, sec)

    def got(text):
        reply = loads(str(text))
        if reply.get("error") == "link":
            clear(sec)
            el("h2", _("This is not a join code."), None, {"id": "table-h"}, sec)
            return
        if "error" in reply:
            clear(sec)
            el("h2", _("The table could not be reached"), None, {"id": "table-h"}, sec)
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


# --------------------------------------------------------------------------- channels
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


def offline_text():
    if APP.table.net_link is not None:
        return _("The host is not connected. Waiting for it to come back…")
    return _("The connection to the host was lost. Scan your seat's code again.")


def send_all(outbox):
    for ch, text in outbox:
        APP.table.bridge.send(ch, text)


# --------------------------------------------------------------------------- drawing
def status(text):
    box = by_id("table-status")
    if box is not None:
        box.textContent = text


def render():
    sec = _section()
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
    m = table_screen(obs)
    APP.table.choices = list(obs["legal"]) if obs["to_act"] == obs["viewer"] else []
    sec.setAttribute("data-public", m["public"])
    part = Node("div")  # the screen as one tree, added at once (dom.append, issue 25)
    _heading(part, m["heading"])
    if guest is not None:  # issue 41: the guest sees its seat and name
        name, n = obs["names"][guest.seat], guest.seat + 1
        if name == _("Player {n}", n=n):
            you = _("You are player {n}.", n=n)
        else:
            you = _("You are {name}, player {n}.", name=name, n=n)
        el("p", you, "table-you", {"id": "table-you"}, part)
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


def guest_waiting(sec, guest):
    """A guest not seated yet: its seat, then numbered steps (issue 41)."""
    n = guest.seat + 1
    if APP.table.net_link is not None:
        el("h2", _("Joining the table as player {n}…", n=n), None, {"id": "table-h"}, sec)
        steps = el("ol", None, "table-steps", None, sec)
        for text in (
            _("This phone is reaching the host over the internet."),
            _("The host's phone must have the table open."),
            _("You are seated as soon as it answers: nothing to send back."),
        ):
            el("li", text, None, None, steps)
        el("p", "", None, {"id": "table-status", "role": "status"}, sec)
        if APP.table.offline:
            status(offline_text())
        return
    label = _("Your answer code for the host")
    el("h2", _("Show this code to the host"), None, {"id": "table-h"}, sec)
    el("p", _("You join as player {n}.", n=n), "table-you", {"id": "table-you"}, sec)
    steps = el("ol", None, "table-steps", None, sec)
    for text in (
        _("Show this code to the host, or copy it and send it."),
        _("The host scans it, or pastes it and presses Connect."),
        _("You are seated: the table shows here."),
    ):
        el("li", text, None, None, steps)
    draw_code(sec, APP.table.answer or "", None, label, "table-answer-code")
    el("p", "", None, {"id": "table-status", "role": "status"}, sec)


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


def show():
    """The table screen drawn, then what follows a drawing (issue 38: render
    itself only draws): on the host, the table stored and an expert seat's
    due search started. The record (its seed rebuilds every rack) goes to
    storage, like a saved game, never into the page the host's player
    looks at."""
    render()
    center_ring("#tablemode")  # a turn's ring: its range in view (seatscreen.py)
    if APP.table.host is not None:
        store(APP.table.host)
        think()


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
        _heading(sec, _("Pass the device to {name}", name=name))
        attrs = {"type": "button", "data-act": actions.TABLE_UNLOCK, "data-arg": str(to_act)}
        el("button", _("I am {name}", name=name), "btn primary", attrs, sec)
        el("p", "", None, {"id": "table-status", "role": "status"}, sec)
        return None
    return host.seen_by(to_act)


def unlock(act, arg):
    """"I am NAME" on the host's phone: that player's own view opens."""
    seat = int(arg)
    host = APP.table.host
    if host is None or seat != host.waiting_for() or seat not in host.at_host():
        return
    APP.table.seat = seat
    show()


def draw_choices(sec, m):
    if not m["choices"]:
        return
    box = el("div", None, "table-choices", None, sec)
    if m["list"]:
        pick = el("select", None, None, {"id": "table-pick", "aria-label": m["heading"]}, box)
        for head, items in m["groups"]:
            where = el("optgroup", None, None, {"label": head}, pick) if head else pick
            for label, i in items:
                el("option", label, None, {"value": str(i)}, where)
        attrs = {"type": "button", "data-act": actions.TABLE_PICK}
        el("button", _("Play"), "btn primary", attrs, box)
        return
    for i, label in enumerate(m["choices"]):
        attrs = {"type": "button", "data-act": actions.TABLE_MOVE, "data-arg": str(i)}
        el("button", label, "btn", attrs, box)


def open_join_page(act, arg):
    window.history.replaceState(None, "", JOIN_PAGE_HASH)
    join_page()


def on_scan(act, arg):
    scan(int(arg) if arg else None)


def on_pick(act, arg):
    play(int(str(by_id("table-pick").value)))


def play(i):
    choices = APP.table.choices or []
    if not 0 <= i < len(choices):
        return
    action = choices[i]
    APP.table.choices = []
    if APP.table.host is not None:
        send_all(APP.table.host.local(APP.table.seat, action))
        show()
    elif APP.table.guest is not None:
        guest = APP.table.guest
        if APP.table.offline or not APP.table.bridge.send("host", guest.act(action)):
            # Defect 1: refused, and said so; the move can be made again later.
            APP.table.offline = True
            APP.table.choices = choices
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


def on_stop_scan(act, arg):
    stop_scan()


def on_join(act, arg):
    join_with(by_id("table-join-code").value)


def on_connect(act, arg):
    connect(int(arg))


def on_move(act, arg):
    play(int(arg))


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
    actions.TABLE_MOVE: on_move,
    actions.TABLE_PICK: on_pick,
    actions.TABLE_COPY: on_copy,
    actions.TABLE_SHARE: on_share,
}
