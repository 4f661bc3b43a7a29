"""The page's one state object, and the error handling every handler goes through.

Everything the browser adapter remembers between two events lives in `APP`
(one instance of `App`), grouped by what it serves: the game on screen, the
save slot it is written to, the saved-games list, the page around the game,
the Bot lab's bridge and the activation guard. Pure data: the modules that
touch the DOM (dom, gamepage, savespage, setuppage, labbridge, main) read and
write it; nothing else in `web/` keeps mutable module state.
"""

from pyscript import window

from lostcode.web.shell import dom
from lostcode.web.shell.i18n import _


class SearchLoop:
    """A search the page runs a slice per task (issue 27, slices.py): what is
    due and what follows its end (the page's functions), whether a slice is
    scheduled, and the two timers' JS proxies, made once."""

    __slots__ = ("due", "done", "busy", "step", "end")  # due/done: flow.search_due/searched

    def __init__(self) -> None:
        self.due = None  # () -> the thinking.Job to run now, or None
        self.done = None  # () called once that search is done
        self.busy = False  # a slice (or the end) is scheduled
        self.step = None
        self.end = None


class GameView:
    """The game on screen and what its last drawing left behind."""

    __slots__ = (
        "session", "kind", "heading", "announcer", "log_shown", "screen", "sheet_owner", "help",
        "help_last", "sheet_edit", "assist_proxy", "assist_queued", "ask_proxy",
        "watch", "watch_back", "moments_seen", "check_played", "auto", "auto_seq",
        "auto_proxy", "dispatch", "step_played", "search", "log_lines",
        "board_drawn", "boards", "kept", "rest", "rest_seq", "rest_proxy",
    )

    def __init__(self) -> None:
        self.session = None
        self.kind = None  # the last screen kind drawn
        self.heading = None
        self.announcer = None  # a11y.Announcer of the live region
        self.log_shown = 0  # how many log lines the open log shows
        self.screen = None  # what settle_if_new last saw (one activation, one action)
        self.sheet_owner = None  # whose deduction sheet the open panel shows
        self.help = None  # the help's tab the player opened (game/helpdock.py), None: closed
        self.help_last = None  # the last tab opened this game: Help reopens it (fix10)
        self.sheet_edit = False  # a phone's Sheet tab: its cells as buttons (helpdock.sheet_view)
        self.assist_proxy = None  # flow._assist: the task that makes the analysis after drawing
        self.assist_queued = False  # that task is queued
        self.ask_proxy = None  # helpsight.ask_soon: the expert asked as a wide replacement opens
        self.watch = None  # the viewer.Replay being watched over the session, or None
        self.watch_back = None  # an unfinished import being watched: (import, saves ui)
        self.moments_seen = None  # public log entries whose moment was played (issue 11)
        self.check_played = 0  # last round whose check moment was played
        # Issue 22: a screen that goes on by itself (a bot's turn): (seq, screen key,
        # act) of the pending step, its counter, the timer's proxy, and main.dispatch
        # (set by main: the one path of an action, which gamepage cannot import).
        self.auto = None
        self.auto_seq = 0
        self.auto_proxy = None
        self.dispatch = None
        self.step_played = None  # (session, move) whose bot move was last played (issue 22)
        self.search = SearchLoop()  # issue 27: the session's searches (flow.follow runs them)
        self.log_lines = []  # the log's lines as last drawn (gamerest.render_log)
        # The table part last drawn: (what it was drawn from, its JSON) (gamepage.adopt_board).
        self.board_drawn = (None, "")
        self.kept = {}  # issue 40: parts drawn by their models (dom.kept_json)
        self.boards = None  # the game's cache of its last board (Game.boards(), per game)
        # Issue 40: what a new screen draws after its first frame (gamepage.draw_rest):
        # the pending Rest, its counter (a newer drawing makes it stale) and the timer's proxy.
        self.rest = None
        self.rest_seq = 0
        self.rest_proxy = None


class SaveSlot:
    """The save the game on screen is written to (id None: not saved, e.g. watching)."""

    __slots__ = ("id", "created", "rev", "conflict", "failed", "revision", "queued", "lock_proxy")

    def __init__(self) -> None:
        self.id = None
        self.created = None
        self.rev = 0  # the storage revision this tab last read or wrote
        self.conflict = False  # another tab saved a newer one
        self.failed = None  # when the last write failed (storage full or blocked)
        self.revision = -1  # the session revision last written (-1: never: write it)
        self.queued = None  # the move waiting for this game's save lock (issue 25)
        self.lock_proxy = None  # storage.run_locked, as one JS proxy for the page


class SavesList:
    """The saved-games list of the set-up screen (slots.py reads the storage)."""

    __slots__ = ("index", "imported", "bad_import", "ui", "revs", "sizes")

    def __init__(self) -> None:
        self.index = None  # saves.SaveIndex as last read (None: read again)
        self.imported = None  # (state, seats, ui) of a record just imported
        self.bad_import = None  # the text of a file that could not be used
        self.ui = {}  # persist.saves_model's transient state
        self.revs = {}  # storage key -> revision
        self.sizes = {}  # storage key -> bytes


class PageState:
    """The page around the game: URL notes, default names, the rules reference."""

    __slots__ = (
        "seat_notes", "defaults", "picked_language", "rules_en", "rules_want",
        "rules_have", "rules_loading",
        "press_point", "unlock_moved", "relanguage",
    )

    def __init__(self) -> None:
        self.seat_notes = []  # (seat, kind) the URL asked for and the form lacks
        self.defaults = {}  # seat -> the default name shown in the form
        self.picked_language = "en"
        self.rules_en = None  # the inline English rules (HTML), once replaced
        self.rules_want = "en"
        self.rules_have = "en"
        self.rules_loading = None
        self.press_point = None  # (x, y) of the last pointer press: issue 25's handoff
        self.unlock_moved = None  # the handoff's moved bar, to keep over a redraw
        # What else words itself anew after a language switch (main.py adds
        # Today's code's entry): the set-up page calls them, importing none.
        self.relanguage = []


class LabLink:
    """index.html#play=lab: the bridge to the student's bot worker."""

    __slots__ = ("bridge", "reply")

    def __init__(self) -> None:
        self.bridge = None
        self.reply = None


class TableLink:
    """Table mode (issue 23, lostcode/web/tablemode/tablepage.py): this phone's Host or
    Guest, the channels' bridge and what the table screen last offered."""

    __slots__ = (
        "bridge", "host", "guest", "seat", "codes", "answer", "choices", "rejoin_open", "stored",
        "search", "keys", "net", "net_link", "offline", "pending", "turns", "turn",
    )

    def __init__(self) -> None:
        self.bridge = None  # window.lostcodeTable (assets/table/bridge.js)
        self.host = None  # lostcode.table.host.Host on the host's phone
        self.guest = None  # lostcode.table.guest.Guest on a guest's
        self.seat = 0  # the host's seat whose view is open (None: the table's, or a handoff)
        self.codes = {}  # seat -> its join code (None while it is made)
        self.answer = None  # a guest's answer code, until its channel opens
        self.choices = []  # the moves the screen offers, in order
        self.rejoin_open = False  # the host's "Codes to rejoin" unfolded
        self.stored = None  # the move number of the table last stored (host)
        self.search = SearchLoop()  # issue 27: an expert seat's search (host, tabledraw.think)
        # Issue 41, internet play (assets/table/net.js): the host's seat -> its
        # link's key; whether a relay was reached (None: still trying); a
        # guest's link (its #n= part); a guest whose channel to the host is gone.
        self.keys = {}
        self.net = None
        self.net_link = None
        self.offline = False
        self.pending = None  # a guest's (move number, action) sent, not answered yet
        # Issue 41: this phone's turns drawn with the pass-and-play screens
        # (tablemode/seatscreen.py): seat -> its SeatSession; the one on screen.
        self.turns = {}
        self.turn = None


class PuzzleLink:
    """Today's code (issue 28, lostcode/web/puzzle/puzzlepage.py): the puzzle file once
    read, the puzzle on screen and what its screen shows."""

    __slots__ = (
        "book", "attempt", "view", "page", "notes", "shared", "waiting", "lang", "ready",
        "asked",
    )

    def __init__(self) -> None:
        self.book = None  # puzzleview.Book, once assets/puzzles.json is read
        self.attempt = None  # puzzleview.Attempt on screen
        self.view = None  # "puzzle", "archive", or None (not shown)
        self.page = 0  # the archive's page
        self.notes = []  # notes above the puzzle (a future puzzle asked for, storage refused)
        self.shared = ""  # what Share did, shown under its button
        self.waiting = None  # what to do once the file is read
        self.lang = ""  # the language the attempt on screen was made in (its "You")
        self.ready = None  # puzzleview.Ready: today's attempt made before it is asked for
        self.asked = None  # ?puzzle=N: the puzzle file's fetch, asked for beside the game's files


class App:
    __slots__ = (
        "game", "save", "saves", "page", "lab", "table", "puzzle", "guard", "settled", "proxies",
        "rulebook", "second", "others", "loading",
    )

    def __init__(self) -> None:
        self.game = GameView()
        self.save = SaveSlot()
        self.saves = SavesList()
        self.page = PageState()
        self.lab = LabLink()
        self.table = TableLink()
        self.puzzle = PuzzleLink()
        self.guard = None  # activation.ActivationGuard
        self.settled = None  # the proxy of gamepage.settled
        self.proxies = []  # JS proxies of our handlers, kept alive
        self.rulebook = None  # the game this shell plays: a shell.Game (main sets it)
        # the second game's loading and its page (stonesentry.SecondGame, issue 43)
        self.second: object = None
        # the other games' saves in the list: save format -> its way in, an object
        # with title() and resume(save_id, save, rev) (stonesentry.WAY_IN, issue 43)
        self.others: dict = {}
        # the game's modules loaded when chosen (gameentry.Loading, issue 40)
        self.loading: object = None


APP = App()


# --------------------------------------------------------------------------- errors


def log_error(where, e):
    details = repr(e)
    try:
        import traceback  # CPython/Pyodide only

        details = traceback.format_exc()
    except Exception:
        try:
            import io
            import sys

            buf = io.StringIO()
            sys.print_exception(e, buf)  # MicroPython
            details = buf.getvalue()
        except Exception:
            pass
    try:
        window.console.error("The Lost Code: " + where + ":\n" + details)
    except Exception:
        pass


def show_app_error():
    box = dom.by_id("app-error")
    if box is None:
        return
    if APP.save.failed is None and APP.save.id is not None:
        box.textContent = _(
            "Something went wrong on this page. Your game is saved after every move: reload "
            "the page to continue it. (Details are in the browser console.)"
        )
    else:  # never claim a save the page did not make (issue 12)
        box.textContent = _(
            "Something went wrong on this page. (Details are in the browser console.)"
        )
    box.hidden = False


def guarded(fn):
    """An event handler that never lets an exception reach PyScript's error box."""
    name = getattr(fn, "__name__", "handler")

    def handler(*args):
        try:
            return fn(*args)
        except Exception as e:
            log_error("unexpected error in " + str(name), e)
            show_app_error()

    return handler


def keep(proxy):
    """A JS proxy kept alive as long as the page (its handler may fire any time)."""
    APP.proxies.append(proxy)
    return proxy


def listen(node, kind, fn, capture=False):
    proxy = keep(dom.create_proxy(guarded(fn)))  # no traceback box on screen (issue 7)
    if capture:
        node.addEventListener(kind, proxy, True)
    else:
        node.addEventListener(kind, proxy)


def later(fn, ms=0):
    """Run `fn` after `ms` milliseconds, guarded like a handler."""
    window.setTimeout(keep(dom.create_proxy(guarded(fn))), ms)


def now_ms():
    """The page's clock (performance.now(), ms): the activation guard's, the slices'."""
    return float(window.performance.now())


# Issue 40: the page's own steps as User Timing measures (dom.mark, dom.lap).
mark = dom.mark
lap = dom.lap
