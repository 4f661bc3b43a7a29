"""Today's code's way in (issue 40: loaded at start instead of the puzzle).

The start screen's "Today's code" button, ?puzzle=N, the language's label and
the puzzle file's prefetch are here; the puzzle itself (puzzlepage.py with
puzzleview.py and puzzles.py) is imported only when it is opened, one of its
controls is tapped (`handle`, main.SCOPES), or, once the page is up, to make
today's puzzle ready while nobody waits (puzzlepage.warm).
tests/test_start_imports.py checks that the default page's start imports none of it.
"""

from pyscript import window

from lostcode.services.settings import read as read_settings
from lostcode.web import actions
from lostcode.web.game import gameentry
from lostcode.web.shell.app import APP, guarded, keep
from lostcode.web.shell.dom import by_id, create_proxy, el, py, setup_entry
from lostcode.web.shell.i18n import _

DATA_URL = "./assets/puzzles.json"  # puzzleview.DATA_URL
PREFETCH_MS = 3000  # after start-up, so it never competes with the engine's own files


def entry():
    """The start screen's "Today's code" button (not in an embedded lesson's frame)."""
    p = setup_entry("puzzle-entry")
    if p is None:
        return
    el(
        "button",
        _("Today's code: a daily deduction puzzle"),
        "btn",
        {"type": "button", "id": "puzzle-entry", "data-act": actions.PUZZLE_OPEN, "data-arg": ""},
        p,
    )
    prefetch()


def prefetch():
    """Ask for the puzzles file once the page is up: the service worker
    caches it on first use (tools/build_site.py keeps it out of the precache,
    whose budget it would break), so a visit that never opened a puzzle still
    leaves it for offline play; then today's puzzle is made ready (issue 40:
    puzzlepage.warm). A failure is silent: the puzzle says it later."""

    def warm(r):
        gameentry.code(lambda: _page().warm(r))

    def go(*_a):
        window.fetch(DATA_URL).then(keep(create_proxy(guarded(warm)))).catch(
            keep(create_proxy(guarded(lambda *_b: None)))
        )

    def soon(*_a):
        window.setTimeout(keep(create_proxy(guarded(go))), PREFETCH_MS)

    try:  # through the service worker, or it never sees the request: on a first
        # visit it takes control only once its precache is in (assets/pwa.js)
        workers = window.navigator.serviceWorker
        if py(workers.controller) is None:
            workers.addEventListener("controllerchange", keep(create_proxy(guarded(soon))))
            return
    except Exception:  # no service worker: nothing to warm
        return
    soon()


def relabel_entry():
    b = by_id("puzzle-entry")
    if b is not None:
        b.textContent = _("Today's code: a daily deduction puzzle")


def start_from_url():
    """?puzzle=N / ?puzzle=today: that puzzle at once (a bad value: the note
    lostcode/services/settings.py writes, shown with the others)."""
    s = read_settings(str(window.location.search))[0]
    if "puzzle" in s:
        # issue 40: the puzzle file asked for now, beside the game's files, not after them
        APP.puzzle.asked = window.fetch(DATA_URL)
        APP.puzzle.asked.catch(keep(create_proxy(guarded(lambda *_a: None))))  # said later
        gameentry.code(lambda: _page().open_puzzle(s["puzzle"], from_url=True))


def relanguage():
    """A language switch: the entry's label (even while the puzzle hides
    it), and the puzzle on screen drawn again in it (loaded only then)."""
    relabel_entry()
    if APP.puzzle.view is None:
        return
    _page().relanguage()


def handle(act, arg):
    """A Today's code control (actions.PUZZLE_PAGE): the puzzle's handler,
    loaded with it on first use (its files first: gameentry.code)."""
    gameentry.code(lambda: _page().HANDLERS[act](act, arg))


def _page():
    """The puzzle's page, imported on first use (issue 40)."""
    from lostcode.web.puzzle import puzzlepage

    return puzzlepage
