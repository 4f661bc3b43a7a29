"""Shared test helpers (import with `from helpers import ...`; tests/ is on sys.path).

Browser (Playwright) helpers:
    RequestLog(origin)          records request URLs; .attach(context); .assert_same_origin()
    assert_same_origin(urls, origin)
    wait_engine_ready(page, timeout=60000)
    serve_in_thread(root)       -> (server, base_url): the same static server as tools/serve.py

Runtime harness (portability of pure-Python code):
    run_in_runtime(kind, script, *args, root=ROOT) -> stdout
        kind: "cpython" | "pyodide" | "micropython"
"""

import functools
import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
# The browser adapter: the modules of lostcode/web that touch the DOM (pyscript).
ADAPTER_MODULES = (
    "main", "shell/dom", "shell/app", "saves/storage", "game/gamepage", "saves/savespage",
    "game/setuppage", "lab/labbridge", "tablemode/tablepage", "puzzle/puzzlepage",
    "tablemode/tablecodes", "shell/moments", "shell/slices", "shell/flow",
    "tablemode/seatscreen", "tablemode/seatmoves",
    "tablemode/tableentry", "puzzle/puzzleentry", "stonesentry",
    "tablemode/tableparts", "tablemode/tabledraw", "tablemode/tablehost",
    "tablemode/tablechannels", "tablemode/tableguest", "game/helpsight", "game/roomfit",
    "shell/helpdom",
    "game/gameentry", "gamehandlers", "game/gamerest",
)
# The second game's page (issue 43): in the adapter, but not in the Lost Code's
# page configuration or its build (loaded only when chosen: lostcode/web/stonesentry.py).
SECOND_GAME_ADAPTER = ("stonesgame/stonespage", "stonesgame/tablestones")
ADAPTER_MODULES += SECOND_GAME_ADAPTER
RUNTIMES_DIR = ROOT / "tests" / "runtimes"


@functools.cache
def build_i18n():
    """tools/build_i18n.py as a module."""
    spec = importlib.util.spec_from_file_location("build_i18n", ROOT / "tools" / "build_i18n.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@functools.cache
def _lab_strings(count):
    tool = build_i18n()
    return {lang: tool.lab_strings(lang, count) for lang in ("en", "ru", "it", "pl")}


def lab_strings(count=5):
    """{lang: {key: text}}: the Bot lab's and the league's strings as the page says
    them (assets/lab-i18n.js over the .po catalogues), plural ones for `count`."""
    return {lang: dict(strings) for lang, strings in _lab_strings(count).items()}
RUNTIME_KINDS = ("cpython", "pyodide", "micropython")
ALLOWED_SCHEMES = ("data", "blob")


def _load_serve_module():
    spec = importlib.util.spec_from_file_location(
        "lostcode_tools_serve", ROOT / "tools" / "serve.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_serve = _load_serve_module()
serve_in_thread = _serve.serve_in_thread
make_server = _serve.make_server


# --------------------------------------------------------------------------- browser


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def assert_same_origin(urls, origin: str) -> None:
    """Fail if any URL is neither on `origin` nor a data:/blob: URL."""
    origin = origin_of(origin)
    foreign = [
        u for u in urls if urlsplit(u).scheme not in ALLOWED_SCHEMES and origin_of(u) != origin
    ]
    if foreign:
        listed = "\n  ".join(dict.fromkeys(foreign))
        pytest.fail(f"{len(foreign)} request(s) left the site's origin {origin}:\n  {listed}")


class RequestLog:
    """Every request URL of a browser context (pages, workers, service workers)."""

    def __init__(self, origin: str):
        self.origin = origin_of(origin)
        self.urls: list[str] = []
        self.failed: list[str] = []

    def attach(self, context) -> "RequestLog":
        context.on("request", lambda req: self.urls.append(req.url))
        context.on("requestfailed", lambda req: self.failed.append(f"{req.url} ({req.failure})"))
        return self

    def assert_same_origin(self) -> None:
        assert_same_origin(self.urls, self.origin)

    def paths(self) -> list[str]:
        """Same-origin request paths, in order (handy for 'what did the page load')."""
        return [urlsplit(u).path for u in self.urls if origin_of(u) == self.origin]


_ENGINE_STATE_JS = """() => {
    // A popup is briefly a document with no root while it navigates.
    if (!document.documentElement) return false;
    const state = document.documentElement.dataset.engine;
    // Issue 40: on the game's page "ready" is the set-up screen; the game's
    // modules follow in the background (lostcode/web/game/gameentry.py).
    if (state === "ready" && document.getElementById("setup-form")
        && document.documentElement.dataset.gameCode !== "loaded") return false;
    if (state === "ready" || state === "error") return state;
    if (document.querySelector(".py-error")) return "error";
    return false;
}"""


def _visible_text(page) -> str:
    try:
        return page.locator("body").inner_text(timeout=2000).strip()
    except Exception as exc:  # page closed, crashed, ...
        return f"<no text: {exc}>"


def wait_engine_ready(page, timeout: float = 60000) -> None:
    """Wait until <html data-engine="ready"> (and, on the game's page, its game
    loaded: <html data-game-code="loaded">, issue 40); fail with the page's
    text on "error".

    Also treats a PyScript error box (.py-error) as an error.
    """
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    try:
        state = page.wait_for_function(_ENGINE_STATE_JS, timeout=timeout).json_value()
    except PlaywrightTimeoutError:
        current = page.evaluate("() => document.documentElement.dataset.engine")
        pytest.fail(
            f"engine not ready after {timeout / 1000:.0f} s (data-engine={current!r}) "
            f"at {page.url}; visible text:\n{_visible_text(page)}"
        )
    if state != "ready":
        pytest.fail(f"engine failed to start at {page.url}; visible text:\n{_visible_text(page)}")


# The handoff guard's waits (lostcode/web/shell/activation.py) skipped in tests not
# about them: see tests/conftest.py, "settle waits".
# The longest wait left on the page (one cheap evaluate per click: resolving the
# clicked control's role and name again cost ~25 ms a click). Jumping to the
# last settling control's moment is as if the player waited up to a second more
# before tapping; the page runs the same code. Frames included: the lesson
# page's game is in an iframe, where each of its 90 taps waited the real
# 350-1,000 ms (78 s for that test in the suite, 41 s with them jumped).
SETTLE_LEFT_JS = """() => {
  let left = 0;
  const walk = (doc) => {
    const now = doc.defaultView.performance.now();  // each document's own clock
    for (const n of doc.querySelectorAll("[data-settling]"))
      left = Math.max(left, Number(n.getAttribute("data-settling")) - now);
    for (const f of doc.querySelectorAll("iframe")) {  // a game in a lesson's frame
      try { if (f.contentDocument) walk(f.contentDocument); } catch (e) {}
    }
  };
  walk(document);
  return left;
}"""


def fast_settle(page) -> None:
    """Clicks on the pages of `page`'s context jump the settle waits (tests/conftest.py,
    "settle waits"): Playwright's clock, installed before the page loads. Not for
    tests about the guard's timing."""
    context = page.context
    if not getattr(context, "_lostcode_fast_settle", False):
        context.clock.install()
        context._lostcode_fast_settle = True
    _install_click_hook()


def skip_settle_wait(locator) -> None:
    """Jump the page's clock to when `locator`'s control (and every other one of
    its screen) takes taps, if it waits."""
    page = locator.page
    if not getattr(page.context, "_lostcode_fast_settle", False):
        return
    try:
        left = page.evaluate(SETTLE_LEFT_JS)
    except Exception:  # noqa: BLE001 - page gone or navigating: click() says so itself
        return
    if left and left > 0:
        page.clock.fast_forward(int(left) + 20)


def _install_click_hook():
    from playwright.sync_api import Locator

    if getattr(Locator.click, "_lostcode", False):
        return
    real_click = Locator.click

    def click(self, *args, **kwargs):
        skip_settle_wait(self)
        return real_click(self, *args, **kwargs)

    click._lostcode = True  # type: ignore[attr-defined]
    Locator.click = click  # type: ignore[method-assign]



# --------------------------------------------------------------------------- runtimes


def node_runtimes_available() -> bool:
    """True when Node and the npm runtime packages are installed."""
    return shutil.which("node") is not None and all(
        (ROOT / "node_modules" / p).is_dir()
        for p in ("pyodide", "@micropython/micropython-webassembly-pyscript")
    )


def runtime_command(kind: str, script, *args, root=ROOT) -> list[str]:
    script = str(Path(script).resolve())
    args = [str(a) for a in args]
    if kind == "cpython":
        return [sys.executable, script, *args]
    if kind in ("pyodide", "micropython"):
        runner = RUNTIMES_DIR / f"run_{kind}.mjs"
        return ["node", str(runner), "--root", str(Path(root).resolve()), script, *args]
    raise ValueError(f"unknown runtime {kind!r}; expected one of {RUNTIME_KINDS}")


def run_in_runtime(kind: str, script, *args, root=ROOT, timeout: float = 600, env=None) -> str:
    """Run a Python script in CPython, Pyodide or MicroPython; return its stdout.

    `root` (default: the repo root) is the source dir: it is the working
    directory and first on sys.path, so `import lostcode` works in all three
    (MicroPython gets a copy of root/lostcode/; see tests/runtimes/*.mjs).
    The script runs as __main__ with sys.argv[1:] = args. Fails the test with
    the runtime's stderr if the exit status is non-zero.
    """
    cmd = runtime_command(kind, script, *args, root=root)
    full_env = {**os.environ, **(env or {})}
    if kind == "cpython":
        full_env["PYTHONPATH"] = os.pathsep.join(
            p for p in (str(Path(root).resolve()), full_env.get("PYTHONPATH")) if p
        )
        full_env["PYTHONDONTWRITEBYTECODE"] = "1"
    proc = subprocess.run(
        cmd, cwd=root, env=full_env, capture_output=True, text=True, timeout=timeout
    )
    if proc.returncode != 0:
        pytest.fail(
            f"{kind} exited with {proc.returncode} running {script} {' '.join(map(str, args))}\n"
            f"--- stdout ---\n{proc.stdout}\n--- stderr ---\n{proc.stderr}"
        )
    return proc.stdout


def open_settings(page) -> None:
    """Unfold the set-up form's folds under the players (issue 39: the options
    and display, then "Advanced": the runtime and the seed), if folded."""
    for fold in ("#settings", "#advanced"):
        box = page.locator(fold)
        if not box.evaluate("e => e.open"):
            page.locator(fold + " > summary").click()


# Every change of screen, recorded by the page itself before Python runs.
SCREEN_WATCH = """
window.__screens = [];
new MutationObserver(() => {
  const g = document.getElementById("game");
  if (!g || g.hidden) return;
  const s = g.dataset.screen, last = window.__screens[window.__screens.length - 1];
  if (s && s !== last) window.__screens.push(s);
}).observe(document, {attributes: true, subtree: true,
                      attributeFilter: ["data-screen", "hidden"]});
"""


def tree_text(t):
    """Every string of an SVG tree (lostcode/web/game/board.py), attributes
    included (for privacy tests)."""
    out = [t[0]]
    for k in t[1]:
        out.append(str(t[1][k]))
    kids = t[2]
    if isinstance(kids, str):
        out.append(kids)
    else:
        for k in kids:
            out.extend(tree_text(k))
    return out


# Table mode over an in-memory loopback (lostcode/table/): both games' protocol tests.
class TableLoop:
    """An in-memory transport: every message goes through the host's or the
    guest's `receive`, and every message to a guest is kept for inspection."""

    def __init__(self, host):
        self.host = host
        self.guests = {}  # channel -> Guest
        self.to_guest = {}  # channel -> [texts received since the last check]

    def connect(self, channel, guest, resume=False):
        self.guests[channel] = guest
        self.to_guest[channel] = []
        self.send(channel, guest.resume() if resume else guest.join())

    def drop(self, channel):
        self.host.disconnect(channel)
        del self.guests[channel]

    def send(self, channel, text):
        self.deliver(self.host.receive(channel, text))

    def deliver(self, outbox):
        for ch, text in outbox:
            if ch in self.guests:
                self.to_guest[ch].append(text)
                self.guests[ch].receive(text)

    def take(self, channel):
        got = self.to_guest[channel]
        self.to_guest[channel] = []
        return got

    def last(self, channel):
        """The newest message to that guest, read."""
        return json.loads(self.to_guest[channel][-1])
