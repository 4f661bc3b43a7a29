"""Whole games of the web edition in Chromium, through the UI only (roles and
accessible names), from the set-up form to the winner. See tests/play.py."""

import re
import time

import pytest
from helpers import open_settings
from play import UIGame
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

MOBILE = {"width": 360, "height": 640}


def check_phone_layout(page, game):
    """360x640 on a private screen: no sideways scrolling, every button >= 44x44 px."""
    game.click("Roll the dice")
    game.apply(("roll",))
    game.on_handoff()  # the roller's private screen (issue 22)
    game.click("Keep the dice")  # what UIGame does in odd rounds
    game.apply(("accept",))
    page.get_by_role("button", name="W3 (3 wide, 3 VP)").click()
    # Issue 40: the sheet's cells are drawn only once its panel is opened
    cells = page.locator("#sheet-panel button[data-act=mark]")
    expect(cells).to_have_count(0)
    # fix15: on a phone the sheet is the help's Sheet tab, the bar's "Sheet" opens it
    # (nothing of the closed help lies in the page's flow); "Mark values" its cells
    page.locator("#screen .actionbar").get_by_role("button", name="Your deduction sheet").click()
    page.locator("#help-dock").get_by_role("button", name="Mark values").click()
    expect(page.get_by_role("button", name=re.compile("^jaguar 0: "))).to_be_visible()
    sizes = page.evaluate(
        """() => [...document.querySelectorAll('button')]
              .filter(b => b.offsetParent !== null)
              .map(b => { const r = b.getBoundingClientRect();
                          const name = b.getAttribute('aria-label') || b.textContent;
                          return [name, r.width, r.height, b.classList.contains('ring-v')]; })"""
    )
    # The ring's 22 values too (issue 39): one row of 44x44 values, scrolled sideways.
    small = [s for s in sizes if s[1] < 44 or s[2] < 44]
    assert len(sizes) > 60 and small == [], small  # the sheet's 54 cells included
    page.locator("#help-dock").get_by_role("button", name="Close the help").click()
    overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"page is {overflow}px wider than the phone"
    # The rules reference is plain HTML, usable at any time.
    page.get_by_text("Rules reference").click()
    expect(page.get_by_role("table", name="Guessing wheels")).to_be_visible()
    page.get_by_text("Rules reference").click()  # it opened over the game: close it again


def test_two_players_on_a_phone(page):
    page.set_viewport_size(MOBILE)
    game = UIGame(page, ["Ana", "Bo <b>bold</b>"], seed=12345, use_steppers=True)
    t0 = time.perf_counter()
    game.start(hold_engine=True)  # Start pressed before the engine is ready: starts when ready
    assert game.engine_at_start == "loading"
    expect(page.get_by_role("progressbar")).to_be_hidden()  # gone once the engine is ready
    check_phone_layout(page, game)
    game.play()
    game.check_end()
    assert {"roll", "change", "handoff", "guess", "checks", "final", "end"} <= set(
        game.screens
    )
    # The name with markup is shown as text, never parsed as HTML.
    assert page.locator("b", has_text="bold").count() == 0
    # The public game log names players (drawn when opened).
    page.get_by_text("Game log", exact=True).click()
    expect(page.locator("#log").get_by_role("listitem").first).to_contain_text("Round 1: ")
    expect(page.locator("#log")).to_contain_text("The game is over")
    page.get_by_text("Game log", exact=True).click()  # the log opened over the game: close it
    page.get_by_role("button", name="New game").click()
    # Leaving the result is asked again (Back keeps it on screen).
    page.get_by_role("button", name="Back", exact=True).click()
    expect(page.locator("#screen-h")).to_have_text(re.compile("^Game over: "))
    page.get_by_role("button", name="New game").click()
    page.get_by_role("group", name="Leave this game's result?").get_by_role(
        "button", name="Yes", exact=True
    ).click()
    expect(page.get_by_role("heading", name="New game")).to_be_visible()
    expect(page.get_by_label("Name of player 2")).to_have_value("Bo <b>bold</b>")
    print(f"2-player game: {time.perf_counter() - t0:.1f} s, {game.privacy_checks} screens")


# A whole game on each runtime (MicroPython is the default, Pyodide one setting
# away: issue 17), so that neither rots: the 4-player game with every option (its
# screens include the 3-player game's bear, shortcut and replacement) on both; the
# 3-player introductory game on the default only (issue 25: suite time; it was the
# second whole Pyodide game). The other browser tests use the default.
RUNTIMES = {"micropython": "/", "pyodide": "/?runtime=pyodide"}
WASM = {"micropython": "/vendor/micropython/micropython.wasm",
        "pyodide": "/vendor/pyodide/pyodide.asm.wasm"}


def only_its_runtime_downloaded(request_log, runtime):
    """Everything came from the test server (conftest also checks this for every
    test), and only the runtime in use was downloaded."""
    paths = request_log.paths()
    assert WASM[runtime] in paths and "/lostcode/web/main.py" in paths
    assert not [p for p in WASM.values() if p != WASM[runtime] and p in paths]
    request_log.assert_same_origin()


def test_three_players_introductory_with_shortcut(page, request_log):
    game = UIGame(page, ["Ana", "Bo", "Cyd"], {"introductory": True, "shortcut": True}, seed=777)
    t0 = time.perf_counter()
    game.start(wait_first=True, path=RUNTIMES["micropython"])
    assert page.evaluate("() => document.documentElement.dataset.runtime") == "micropython"
    game.play()
    game.check_end()
    assert "bear" in game.screens and "replace" in game.screens
    # The strip's scores were the engine's at every check (issue 22).
    assert game.strip_checks == game.s.options.rounds
    only_its_runtime_downloaded(request_log, "micropython")
    print(f"3-player game: {time.perf_counter() - t0:.1f} s, {game.privacy_checks} screens")


@pytest.mark.parametrize("runtime", list(RUNTIMES))
def test_four_players_all_options(page, request_log, runtime):
    page.set_viewport_size({"width": 1280, "height": 900})
    flags = {"introductory": True, "high_stakes": True, "shortcut": True, "curse": True}
    game = UIGame(page, ["Ana", "Bo", "Cyd", "Dee"], flags, seed=2024)
    t0 = time.perf_counter()
    game.start(path=RUNTIMES[runtime])
    assert page.evaluate("() => document.documentElement.dataset.runtime") == runtime
    game.play()
    record = game.check_end()
    assert record["options"] == {"players": 4, **flags}
    assert {"bear", "offer", "shortcut", "replace"} <= set(game.screens), game.screens
    # The strip's scores were the engine's at every check (issue 22).
    assert game.strip_checks == game.s.options.rounds
    only_its_runtime_downloaded(request_log, runtime)
    print(f"4-player game ({runtime}): {time.perf_counter() - t0:.1f} s,"
          f" {game.privacy_checks} screens")


def test_rules_and_form_work_before_python(page):
    """Block the PyScript runtime: the page says so, and the form, seat rows and
    rules still work."""
    page.route("**/vendor/pyscript/core.js", lambda route: route.abort())
    page.goto("/")
    expect(page.locator("#load-error")).to_contain_text("The game could not start")
    open_settings(page)  # a plain <details>: works before Python too
    page.get_by_label("Number of players").select_option("4")
    expect(page.get_by_label("Name of player 4")).to_be_visible()
    page.get_by_label("Number of players").select_option("2")
    expect(page.get_by_label("Name of player 4")).to_be_hidden()
    page.get_by_text("Rules reference").click()
    curse_rule = "Whoever holds the curse token when a check phase begins"
    expect(page.get_by_text(curse_rule)).to_be_visible()
    page.get_by_text("Rules reference").click()  # closes the sheet again (no Python needed)
    page.get_by_role("button", name="Play", exact=True).click()
    status = page.locator("#start-status")  # the status line beside Play
    expect(status).to_contain_text("could not be loaded. Reload the page")
    assert page.evaluate("document.documentElement.dataset.engine") == "error"


def test_a_missing_file_shows_an_error(page):
    page.route("**/lostcode/rules/engine.py", lambda route: route.abort())
    page.goto("/")
    page.wait_for_function("document.documentElement.dataset.engine === 'error'", timeout=60000)
    expect(page.get_by_role("alert")).to_contain_text("The game could not start")


# Each strip chip's name (is it cut short?), score and place, and who is to act.
STRIP_JS = """() => [...document.querySelectorAll('#strip .seat')].map(li => {
  const name = li.querySelector('.seat-name'), score = li.querySelector('.seat-score');
  const r = score.getBoundingClientRect();
  return {name: name.textContent, whole: name.scrollWidth <= name.clientWidth,
          score: score.textContent, seen: r.width > 0 && r.right <= innerWidth && r.top >= 0,
          turn: li.getAttribute('aria-current') === 'true'};
})"""


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_strip_names_read_whole_on_a_phone(page, lang):
    """Issue 22: at 360x640 the player strip shows four default names whole
    ("Player 1", not "Playe…"), each seat's score and whose turn it is."""
    from helpers import wait_engine_ready

    from lostcode.web.shell.i18n import _, set_language

    page.set_viewport_size(MOBILE)
    page.goto(f"/?lang={lang}&players=4")
    wait_engine_ready(page)
    set_language(lang)
    try:
        names = [_("Player {n}", n=i) for i in range(1, 5)]
        play = _("Play")
    finally:
        set_language("en")
    page.get_by_role("button", name=play, exact=True).click()
    expect(page.locator("#strip .seat")).to_have_count(4)
    chips = page.evaluate(STRIP_JS)
    assert [c["name"] for c in chips] == names, chips
    assert all(c["whole"] and c["seen"] and c["score"] == "0" for c in chips), chips
    assert sum(c["turn"] for c in chips) == 1, chips
    assert page.evaluate("document.documentElement.scrollWidth") <= MOBILE["width"]
