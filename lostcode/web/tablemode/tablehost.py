"""Table mode's host (issue 23, 41): the lobby, the table started or
resumed, its seats' links and same-Wi-Fi codes, and a gone seat handed to the
computer or to this phone. The engine's side is lostcode/table/host.py.
"""

from json import dumps as json_dumps
from json import loads

from pyscript import window

from lostcode.rules.errors import RecordError
from lostcode.rules.options import Options
from lostcode.rules.setup import new_game
from lostcode.rules.vocab import BOT_LEVELS, HUMAN
from lostcode.table.host import Host
from lostcode.web import actions, stonesentry
from lostcode.web.game.solo import seat_kind_label
from lostcode.web.saves.storage import ls_get, ls_set
from lostcode.web.shell.app import APP, guarded, keep, listen
from lostcode.web.shell.dom import ROOT, by_id, clear, create_proxy, el
from lostcode.web.shell.i18n import _
from lostcode.web.tablemode.links import JOIN_PAGE_HASH
from lostcode.web.tablemode.tabledraw import STORE_KEY, show
from lostcode.web.tablemode.tableparts import page, send_all, status

CONNECT_WAIT_MS = 12000  # a LAN connection takes well under a second; then we say why not
PHONE = "phone"
NET_KEY = "lostcode.table.net"  # the host's seat keys of its internet links (issue 41)
NAME_MAX = 24  # characters of a player's name typed in the lobby
MAX_SEATS = 5  # «Тайные камни» seats five (The Lost Code four)


def host_lobby():
    sec = page(_("Play on several phones"))
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
    # Issue 43: which game the table plays (the one chosen on the start screen first)
    lab = el("label", _("Game"), None, {"for": "table-game"}, sec)
    box = el("select", None, None, {"id": "table-game"}, sec)
    for game, label in stonesentry.choice_labels():
        o = el("option", label, None, {"value": game}, box)
        if game == str(ROOT.getAttribute("data-game") or stonesentry.LOST_CODE):
            o.selected = True
    lab.after(box)
    listen(box, "change", lambda e: game_changed())
    name_field(sec, 0, _("Your name"))
    lab = el("label", _("Number of players"), None, {"for": "table-players"}, sec)
    box = el("select", None, None, {"id": "table-players"}, sec)
    lab.after(box)
    listen(box, "change", lambda e: seat_rows())
    for seat in range(1, MAX_SEATS):
        row = el("p", None, None, {"id": "table-seat-row-" + str(seat)}, sec)
        el(
            "label",
            _("Player {n} plays as", n=seat + 1),
            None,
            {"for": "table-seat-" + str(seat)},
            row,
        )
        el("select", None, None, {"id": "table-seat-" + str(seat)}, row)
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
    game_changed()
    if stored_game() == stonesentry.STONES and stonesentry.second().loading != "loaded":
        stonesentry.load(lambda page: host_lobby())  # its table is read with its rules


def lobby_game():
    box = by_id("table-game")
    return str(box.value) if box is not None else stonesentry.LOST_CODE


def game_kinds(game):
    """The seat kinds a lobby offers for `game`: a phone, or its computers."""
    if game == stonesentry.STONES:
        return ((PHONE, _("A phone")), ("easy", _("Computer (easy)")),
                ("search", _("Computer (hard)")))  # fmt: skip
    return ((PHONE, _("A phone")),) + tuple((lv, seat_kind_label(lv)) for lv in BOT_LEVELS)


def game_changed():
    """The game chosen: its numbers of players (The Lost Code 2-4, «Тайные
    камни» 2-5: a table has two players or more) and its seat kinds."""
    game = lobby_game()
    box = by_id("table-players")
    was = str(box.value) or "3"
    clear(box)
    top = 5 if game == stonesentry.STONES else 4
    for n in range(2, top + 1):
        o = el("option", str(n), None, {"value": str(n)}, box)
        if str(n) == was or (n == top and int(was) > top):
            o.selected = True
    for seat in range(1, MAX_SEATS):
        pick = by_id("table-seat-" + str(seat))
        kind = str(pick.value)
        clear(pick)
        for value, label in game_kinds(game):
            o = el("option", label, None, {"value": value}, pick)
            if value == kind:
                o.selected = True
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
    for seat in range(1, MAX_SEATS):
        row = by_id("table-seat-row-" + str(seat))
        if row is not None:
            row.hidden = seat >= n


def host_start(act, arg):
    game = lobby_game()
    players = int(str(by_id("table-players").value))
    seats = [HUMAN]
    phones = []
    for seat in range(1, players):
        kind = str(by_id("table-seat-" + str(seat)).value)
        seats.append(HUMAN if kind == PHONE else kind)
        if kind == PHONE:
            phones.append(seat)
    seed = int(window.Math.floor(window.Math.random() * 2147483647))
    url_seed = url_int("seed")  # ?seed=N: a chosen deal (the tests' seeded games)
    if url_seed is not None:
        seed = url_seed
    # The players' names as typed, else in the page's language (the engine's own are English).
    names = [lobby_name(seat) for seat in range(players)]
    if game == stonesentry.STONES:  # its rules come with the second game, loaded now
        stonesentry.load(lambda page: open_table(game, names, seats, phones, seed))
    else:
        open_table(game, names, seats, phones, seed)


def url_int(key):
    try:
        from lostcode.services.settings import read

        v = read(str(window.location.search))[0].get(key)
        return v if isinstance(v, int) and not isinstance(v, bool) else None
    except Exception:
        return None


def open_table(game, names, seats, phones, seed):
    """The table's game set up, its seats' links made, its first screen drawn."""
    players = len(names)
    tokens = {seat: str(APP.table.bridge.token()) for seat in phones}
    if game == stonesentry.STONES:
        from lostcode.stones import state as stones_state  # loaded with the second game

        state = stones_state.new_game(stones_state.Options(players), seed, names)
    else:
        state = new_game(Options(players), seed, names)
    host = Host(state, seats, phones, tokens, game)
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


def stored_game():
    """The game of the host's stored table (None: none, or unreadable)."""
    try:
        data = loads(ls_get(STORE_KEY) or "null")
        return str(data.get("game", stonesentry.LOST_CODE)) if isinstance(data, dict) else None
    except (ValueError, TypeError, AttributeError):
        return None


def stored_host():
    """The host's stored table if it can be read and is not over, else None
    (a table of the second game before its rules are loaded: None too)."""
    text = ls_get(STORE_KEY)
    if not text:
        return None
    if stored_game() == stonesentry.STONES and stonesentry.second().loading != "loaded":
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


def to_computer(act, arg):
    """A seat that stays gone is played by the computer (The Lost Code's
    medium, «Тайные камни»'s searching one)."""
    seat = int(arg)
    hand_over(seat, lambda host: host.hand_to_computer(seat, None))  # the game's own level


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


def unlock(act, arg):
    """ "I am NAME" on the host's phone: that player's own view opens."""
    seat = int(arg)
    host = APP.table.host
    if host is None or seat != host.waiting_for() or seat not in host.at_host():
        return
    APP.table.seat = seat
    show()
