"""The game inside a lesson's iframe, and the "Embed in a lesson" dialog (issue 6)."""

import re
import time
from html import unescape

import pytest
from helpers import open_settings, wait_engine_ready
from playwright.sync_api import expect

from lostcode.services.settings import parse
from lostcode.web.shell.i18n import _, set_language

pytestmark = pytest.mark.browser

# One click per screen, by data-act (the screen texts are Italian here); a
# choice (a bear die's face, the stone to replace) then its confirm (issue 11).
PICKS = {
    "bear": "[data-act=turn_bear]:not([disabled])",
    "replace": "[data-act=discard]:not([disabled])",
}
ACTS = {
    "roll": "[data-act=roll]",
    "offer": "[data-act=pass]",
    "change": "[data-act=confirm_pick]",
    "handoff": "[data-act=unlock]",
    "checks": "[data-act=continue]",
    "final": "[data-act=confirm]",
    "shortcut": "[data-act=confirm]",
}


def italian(msg, **kw):
    set_language("it")
    try:
        return _(msg, **kw)
    finally:
        set_language("en")


def play_in_frame(frame, max_steps=800):
    """A minimal driver: the simplest legal choice on every screen, to the end."""
    screens = {}
    for _step in range(max_steps):
        kind = frame.evaluate("document.getElementById('game').dataset.screen")
        screens[kind] = screens.get(kind, 0) + 1
        if kind == "end":
            return screens
        screen = frame.locator("#screen")
        if kind == "roll":
            screen.get_by_role("button", name=italian("Roll the dice")).click()
        elif kind == "change":
            screen.get_by_role("button", name=italian("Keep the dice")).click()
        elif kind == "guess":
            screen.locator("[data-act=wheel]:not([disabled])").first.click()
            screen.locator("[data-act=confirm_guess]").click()
        elif kind == "shortcut":
            screen.locator("[data-act=cand]").first.click()
            screen.locator(ACTS[kind]).click()
        elif kind in PICKS:
            screen.locator(PICKS[kind]).first.click()
            screen.locator("[data-act=confirm_pick]:not([disabled])").click()
        elif kind in ACTS:
            screen.locator(ACTS[kind]).first.click()
            if kind == "final" and screen.locator("[data-act=confirm_empty]").count():
                screen.locator("[data-act=confirm_empty]").click()
        else:
            screen.locator("button.primary:not([disabled])").first.click()
    raise AssertionError(f"the game did not end: {screens}")


def test_lesson_page_plays_a_game_in_italian(page, request_log):
    page.set_viewport_size({"width": 1024, "height": 900})
    t0 = time.perf_counter()
    page.goto("/tests/embed/lesson.html")
    page.wait_for_selector("iframe[title='The Lost Code']")
    frame = page.frame_locator("iframe[title='The Lost Code']")
    expect(frame.locator("html")).to_have_attribute("data-engine", "ready", timeout=60000)
    inner = page.frame(url=re.compile(r"index\.html\?embed=1"))
    assert inner.evaluate("document.documentElement.lang") == "it"
    assert inner.evaluate("document.documentElement.classList.contains('embed')")
    # Italian UI, pre-filled form, compact: no tagline, no outbound links.
    expect(frame.get_by_role("heading", name="Nuova partita")).to_be_visible()
    expect(frame.get_by_label("Numero di giocatori")).to_have_value("2")
    expect(frame.locator("#seed")).to_have_value("7")
    expect(frame.locator(".tagline")).to_be_hidden()
    expect(frame.get_by_role("button", name="Incorpora in una lezione")).to_be_hidden()
    assert frame.locator("a[href]").count() == 0
    # The lesson lands on one large Play, in the frame's first viewport (issue 10).
    play = frame.get_by_role("button", name="Gioca", exact=True)
    expect(play).to_be_visible()
    assert inner.evaluate(
        "document.getElementById('play').getBoundingClientRect().bottom <= innerHeight"
    )
    play.click()
    expect(frame.get_by_role("button", name=italian("Roll the dice"))).to_be_visible()
    screens = play_in_frame(inner)
    assert {"roll", "guess", "checks", "final", "end"} <= set(screens), screens
    expect(frame.get_by_role("button", name=italian("Watch the game"))).to_be_visible()
    # Everything came from the test server (also checked for every test by conftest).
    paths = request_log.paths()
    assert "/tests/embed/lesson.html" in paths and "/lostcode/web/catalogs/it.py" in paths
    request_log.assert_same_origin()
    n = sum(screens.values())
    print(f"embedded 2-player game: {time.perf_counter() - t0:.1f} s, {n} screens")


def test_embed_dialog_builds_the_snippet(page):
    page.goto("/")
    wait_engine_ready(page)
    open_settings(page)
    page.get_by_label("Number of players").select_option("3")
    page.get_by_label("Deadly Shortcut").check()
    page.get_by_label("Seed (optional, to replay the same deal)").fill("42")
    hard = page.locator("#kind-2 option[value=hard]")
    if hard.count():
        page.get_by_label("Player 2 plays as").select_option("hard")
    page.get_by_role("button", name="Embed in a lesson").click()
    dialog = page.get_by_role("dialog", name="Embed in a lesson")
    expect(dialog).to_be_visible()
    code = dialog.get_by_label("Embed code")
    expect(code).to_have_attribute("readonly", "")
    snippet = code.input_value()
    src = unescape(re.search(r'src="([^"]*)"', snippet).group(1))
    assert src.startswith(page.url.split("?")[0].split("#")[0] + "?"), src
    settings, notes = parse(src)
    assert notes == []
    assert settings["players"] == 3 and settings["seed"] == 42 and settings["embed"] is True
    assert settings["options"] == ["shortcut"] and settings["lang"] == "en"
    if hard.count():
        assert settings["seats"] == ["human", "hard", "human"]
    assert 'title="The Lost Code"' in snippet
    dialog.get_by_role("button", name="Copy").click()
    expect(dialog.get_by_role("status")).not_to_be_empty()
    selected = page.evaluate(
        "() => { const a = document.getElementById('embed-code');"
        " return a.value.substring(a.selectionStart, a.selectionEnd); }"
    )
    assert selected == snippet
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_be_hidden()
    # The snippet's page opens that game: language, players, seed, options pre-filled.
    page.goto(src.replace("embed=1", "embed=0"))
    wait_engine_ready(page)
    expect(page.get_by_label("Number of players")).to_have_value("3")
    expect(page.get_by_label("Deadly Shortcut")).to_be_checked()
    # Every setting was used: the only note is the seed link's warning (issue 25).
    expect(page.locator("#url-notes")).to_have_text(
        re.compile(r"^\s*This link fixes the deal \(seed \d+\): whoever has it can know"
                   r" every player's stones\.\s*$"))
