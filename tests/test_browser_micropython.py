"""MicroPython is the default runtime of index.html; Pyodide is one setting away
(issue 17). In the dev server assets/runtime.js adds <script type="mpy"> with
pyscript-mpy.toml (the per-file config); the built site is tested in test_pwa.py,
whole games on both runtimes in test_browser_game.py."""

import re

import pytest
from helpers import open_settings, wait_engine_ready
from play import UIGame
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

MPY_WASM = "/vendor/micropython/micropython.wasm"
PYODIDE_WASM = "/vendor/pyodide/pyodide.asm.wasm"


def _runtime(page):
    return page.evaluate("() => document.documentElement.dataset.runtime")


def test_two_rounds_on_the_default_runtime(page, request_log):
    flags = {"introductory": True, "shortcut": True, "curse": True}
    game = UIGame(page, ["Ana", "Bo", "Cyd"], flags, seed=31)
    game.start(wait_first=True)
    assert _runtime(page) == "micropython"
    game.play(until_round=3)
    assert {"roll", "change", "handoff", "guess", "checks"} <= set(game.screens)
    assert MPY_WASM in request_log.paths()
    assert PYODIDE_WASM not in request_log.paths()


def test_progress_names_the_runtime_and_the_screen_does_not_jump(page):
    held = []
    page.route("**/pyscript-mpy.toml", lambda route: held.append(route))
    page.goto("/")
    label = page.locator("#progress-label")
    expect(label).to_contain_text("MicroPython")
    assert re.search(r"about \d+(\.\d+)? MB", label.text_content())
    heading = page.get_by_role("heading", name="New game")
    start = page.get_by_role("button", name="Play", exact=True)
    before = (heading.bounding_box()["y"], start.bounding_box()["y"])
    while not held:
        page.wait_for_timeout(50)
    held[0].continue_()
    wait_engine_ready(page)
    expect(page.get_by_role("progressbar")).to_be_hidden()
    after = (heading.bounding_box()["y"], start.bounding_box()["y"])
    assert after == before, (before, after)  # it used to jump ~130 px


def test_pyodide_is_one_setting_away_and_remembered(page, request_log):
    page.goto("/")
    wait_engine_ready(page)
    open_settings(page)  # the set-up form is folded under Play (issue 10)
    choice = page.get_by_label("Python runtime").first
    expect(choice).to_have_value("micropython")
    with page.expect_navigation():
        choice.select_option("pyodide")
    wait_engine_ready(page, timeout=120000)
    assert _runtime(page) == "pyodide"
    assert PYODIDE_WASM in request_log.paths()
    expect(page.locator("#progress-label")).to_have_count(1)
    page.goto("/")  # no ?runtime=: the saved choice counts
    wait_engine_ready(page, timeout=120000)
    assert _runtime(page) == "pyodide"
    page.goto("/?RUNTIME=MicroPython")  # the URL beats the saved choice, any case
    wait_engine_ready(page)
    assert _runtime(page) == "micropython"
    expect(page.locator("#url-notes")).to_be_hidden()  # read, so no note
    page.goto("/?runtime=cpython")
    wait_engine_ready(page, timeout=120000)
    assert _runtime(page) == "pyodide"  # ignored (saved choice used) and noted
    expect(page.locator("#url-notes")).to_contain_text("runtime")
    open_settings(page)
    page.get_by_label("Python runtime").first.select_option("micropython")
    page.wait_for_url(re.compile(r"runtime=micropython"))
    wait_engine_ready(page)
    assert _runtime(page) == "micropython"
    assert page.evaluate("() => localStorage.getItem('lostcode.runtime')") == "micropython"


def test_edits_made_while_loading_win_over_the_remembered_settings(page):
    """The last game's settings fill only an untouched form: a name typed and a box
    ticked while the engine loads stay (CI once saw "AnaAna" and help back on)."""
    page.goto("/")
    wait_engine_ready(page)
    last = '{"players": 2, "names": ["Bo", ""], "flags": {}, "seats": ["human", "easy"], '
    last += '"hints": true}'
    page.evaluate("v => localStorage.setItem('lostcode-last-settings', v)", last)
    held = []
    page.route("**/pyscript-mpy.toml", lambda route: held.append(route))
    page.reload()
    open_settings(page)
    page.get_by_label("Name of player 1").fill("Ana")
    page.get_by_label("Play without help (no deduction assistant)").check()
    while not held:
        page.wait_for_timeout(50)
    held[0].continue_()
    wait_engine_ready(page)
    expect(page.get_by_label("Name of player 1")).to_have_value("Ana")
    expect(page.get_by_label("Play without help (no deduction assistant)")).to_be_checked()
    # An untouched form gets them.
    page.unroute("**/pyscript-mpy.toml")
    page.reload()
    wait_engine_ready(page)
    open_settings(page)
    expect(page.get_by_label("Name of player 1")).to_have_value("Bo")
    expect(page.get_by_label("Play without help (no deduction assistant)")).not_to_be_checked()
