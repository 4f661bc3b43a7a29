"""The start screen's choice of game (issue 43): The Lost Code or «Тайные
камни» (Shifting Stones), and the second game loaded only when chosen.

Why a loader of its own: the page's configuration (pyscript.toml,
pyscript-mpy.toml) lists none of the second game's modules, so the Lost
Code's start fetches and imports nothing of it (tests/test_viewmodels.py
SECOND_GAME; tests/test_browser_stones.py watches the requests). Chosen
(a tap, or ?game=stones), its files (`FILES`, checked against git by
tests/test_stones_webpage.py) are fetched from this origin, written into
the interpreter's file system beside the others and imported; the stones
page (lostcode/web/stonesgame/stonespage.py) takes over the set-up's place.

The adapter: touches the DOM.
"""

import sys

from pyscript import document, window

from lostcode.web.game import gameentry
from lostcode.web.shell.app import APP, guarded, keep, listen, log_error
from lostcode.web.shell.dom import ROOT, by_id, create_proxy, el, py
from lostcode.web.shell.i18n import _

STYLE = "./assets/stones.css"  # the second game's look (assets/style.css holds the start's)
STYLE_ID = "stones-css"
# Every module of the second game the page imports, in the order written.
FILES = (
    "lostcode/stones/__init__.py",
    "lostcode/stones/bots.py",
    "lostcode/stones/cards.py",
    "lostcode/stones/engine.py",
    "lostcode/stones/grid.py",
    "lostcode/stones/messages.py",
    "lostcode/stones/moves.py",
    "lostcode/stones/observation.py",
    "lostcode/stones/pageplay.py",
    "lostcode/stones/patterns.py",
    "lostcode/stones/record.py",
    "lostcode/stones/rulecheck.py",
    "lostcode/stones/search.py",
    "lostcode/stones/selfplay.py",
    "lostcode/stones/session.py",
    "lostcode/stones/state.py",
    "lostcode/stones/table.py",
    "lostcode/stones/vocab.py",
    "lostcode/web/stonesgame/__init__.py",
    "lostcode/web/stonesgame/edition.py",
    "lostcode/web/stonesgame/screens.py",
    "lostcode/web/stonesgame/seatview.py",
    "lostcode/web/stonesgame/stonespage.py",
    "lostcode/web/stonesgame/tablestones.py",
    "lostcode/web/stonesgame/watch.py",
)
PAGE_MODULE = "lostcode.web.stonesgame.stonespage"
LOST_CODE, STONES = "lostcode", "stones"
# The "format" of its saves (lostcode/stones/pageplay.py SAVE_FORMAT, checked
# equal by tests/test_stones_saves.py): the saved-games list shows them
# before the game is loaded, and its Resume comes here (WAY_IN).
SAVE_FORMAT = "lostcode-stones-save"
# The "format" of its game records (lostcode/stones/record.py FORMAT): a
# finished game in the list's history, or a file imported, is this game's.
RECORD_FORMAT = "lostcode-stones-record"


class WayIn:
    """The second game's way in for the saved-games list (APP.others, issue
    43): its title, and a saved game resumed (the game loaded first)."""

    __slots__ = ()

    def title(self):
        return _("Shifting Stones")

    def resume(self, save_id, save, rev):
        pressed(STONES)
        ROOT.dataset.game = STONES
        load(lambda page: page.resume_save(save_id, save, rev))

    def watch(self, record):
        """A finished game of the list: its replay (the game loaded first)."""
        pressed(STONES)
        ROOT.dataset.game = STONES
        load(lambda page: page.watch_record(record))

    def import_text(self, text):
        """A record file of this game, imported on the start screen."""
        pressed(STONES)
        ROOT.dataset.game = STONES
        load(lambda page: page.import_record(text))


WAY_IN = WayIn()


class SecondGame:
    """APP.second: the second game's files (loading) and its page's state
    (`page`: stonespage.Page, set by it)."""

    __slots__ = ("loading", "got", "waiting", "page", "seat", "listening")

    def __init__(self):
        self.loading = None  # None, "loading", "loaded"
        self.got = 0
        self.waiting = []  # what to run once loaded
        self.page = None
        self.seat = None  # a table phone's taps (stonesgame/seatview.SeatUi), at a table
        self.listening = False  # the table's section hears the stones screen's taps


def second():
    if APP.second is None:
        APP.second = SecondGame()
    return APP.second


def choice_labels():
    return ((LOST_CODE, _("The Lost Code")), (STONES, _("Shifting Stones")))


def entry():
    """The choice of game under the set-up form (not in an embedded lesson)."""
    setup = by_id("setup")
    if setup is None or by_id("game-choice") is not None or ROOT.classList.contains("embed"):
        return
    box = el("div", None, "buttons game-choice",
             {"role": "group", "id": "game-choice", "aria-label": _("Game")}, None)  # fmt: skip
    # under the players' form, with the other ways to play: drawn once Python
    # is ready, it must not push Play down under a finger (no layout shift)
    form = by_id("setup-form")
    (form if form is not None else by_id("setup-h")).after(box)
    for game, label in choice_labels():
        b = el("button", label, "btn", {"type": "button", "data-game": game,
                                        "aria-pressed": "true" if game == LOST_CODE else "false"},
               box)  # fmt: skip
        listen(b, "click", on_choice)
    watch_language()
    if wanted_from_url() == STONES:
        choose(STONES)


def wanted_from_url():
    try:
        from lostcode.services.settings import read

        return read(str(window.location.search))[0].get("game")
    except Exception:
        return None


def on_choice(event):
    target = py(event.currentTarget)
    choose(str(target.getAttribute("data-game")))


def pressed(game):
    for b in document.querySelectorAll("#game-choice button"):
        on = str(b.getAttribute("data-game")) == game
        b.setAttribute("aria-pressed", "true" if on else "false")


def choose(game):
    pressed(game)
    if game == STONES:
        ROOT.dataset.game = STONES
        load(lambda page: page.open_page())
    else:
        ROOT.dataset.game = LOST_CODE
        page = sys.modules.get(PAGE_MODULE)
        if page is not None:
            page.close_page()


def relabel():
    labels = dict(choice_labels())
    box = by_id("game-choice")
    if box is None:
        return
    box.setAttribute("aria-label", _("Game"))
    for b in document.querySelectorAll("#game-choice button"):
        b.textContent = labels.get(str(b.getAttribute("data-game")), "")
    page = sys.modules.get(PAGE_MODULE)
    if page is not None:
        page.relanguage()


def watch_language():
    """The page's language changes on <html lang> (setuppage.switch_language,
    once its catalogue is in): the choice and the stones page say it again."""
    try:
        seen = keep(create_proxy(guarded(lambda *_a: relabel())))
        watcher = window.MutationObserver.new(seen)
        opts = window.JSON.parse('{"attributes": true, "attributeFilter": ["lang"]}')
        watcher.observe(ROOT, opts)
        APP.proxies.append(watcher)
    except Exception as e:  # no observer: the labels stay in the start's language
        log_error("language watch", e)


# -- the second game's files ---------------------------------------------------


def _folders(path):
    import os

    parts = path.split("/")[:-1]
    for i in range(1, len(parts) + 1):
        try:
            os.mkdir("/".join(parts[:i]))
        except OSError:
            pass  # there already


def _written(path, text):
    _folders(path)
    with open(path, "w") as f:
        f.write(text)
    _got_one()


def _got_one():
    """One more of the second game's files in: its modules, then its look."""
    second().got += 1
    if second().got == len(FILES) + 1:
        second().loading = "loaded"
        ROOT.dataset.stones = "loaded"
        __import__(PAGE_MODULE)
        page = sys.modules[PAGE_MODULE]
        waiting = list(second().waiting)
        second().waiting = []
        for then in waiting:
            then(page)


def _failed(*_a):
    second().loading = None
    link = by_id(STYLE_ID)
    if link is not None:
        link.remove()  # a new try fetches its look again
    ROOT.dataset.stones = "failed"
    box = by_id("app-error")
    if box is not None:
        box.textContent = _("Shifting Stones could not be loaded. Check the connection and "
                            "choose it again.")  # fmt: skip
        box.hidden = False


def page_module():
    """The second game's page module, once loaded (stonesgame/stonespage.py)."""
    return sys.modules[PAGE_MODULE]


def load(then):
    """Fetch, write and import the second game once; `then(page_module)`. The
    Lost Code's game first (issue 40: gameentry): the stones page draws with
    its page's guard and settle (game/gamepage.py)."""
    gameentry.ready(lambda: _load(then))


def _load(then):
    if second().loading == "loaded":
        then(sys.modules[PAGE_MODULE])
        return
    second().waiting.append(then)
    if second().loading == "loading":
        return
    second().loading = "loading"
    second().got = 0
    failed = keep(create_proxy(guarded(_failed)))
    # Its look, fetched with its modules (not at the page's start), counted as
    # one more file: the first screen is drawn styled.
    link = document.createElement("link")
    link.id, link.rel, link.href = STYLE_ID, "stylesheet", STYLE
    link.addEventListener("load", keep(create_proxy(guarded(lambda *a: _got_one()))))
    link.addEventListener("error", failed)
    document.head.append(link)
    ROOT.dataset.stones = "loading"
    failed = keep(create_proxy(guarded(_failed)))
    for path in FILES:
        window.fetch("./" + path).then(_on_response(path)).catch(failed)


def _on_response(path):
    """The handlers of one file's response (one closure per file: a closure
    made in a loop would see the loop's last file)."""

    def got_text(text):
        _written(path, str(text))

    def got_response(resp):
        if not resp.ok:
            _failed()
            return None
        return resp.text().then(keep(create_proxy(guarded(got_text))))

    return keep(create_proxy(guarded(got_response)))
