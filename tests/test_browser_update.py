"""Issue 25, failure 11: updates are said in the tab. A new version that takes
over while a game is on screen is offered, visibly, on the set-up screen
between games ("A new version of the game is ready", never over a private
screen); an update that fails to download completely (a partial deploy) is
said in the tab that saw it. Built sites as in tests/test_pwa.py (the repo's
sw.js is a no-op template)."""

import re

import pytest
from helpers import serve_in_thread, wait_engine_ready
from playwright.sync_api import expect
from sitebuilds import built_copy, deploy
from test_browser_stones import set_up
from test_pwa import ENGINE_TIMEOUT

pytestmark = pytest.mark.browser

UPDATE_JS = "async () => { const r = await navigator.serviceWorker.getRegistration(); " \
    "await r.update(); }"


@pytest.fixture
def site(tmp_path, browser):
    out = tmp_path / "site"
    built_copy(out, "v1")  # build_site.build of a copy tagged v1, built once (tests/sitebuilds.py)
    server, url = serve_in_thread(out)
    context = browser.new_context(viewport={"width": 360, "height": 640})
    page = context.new_page()
    page.goto(url)
    wait_engine_ready(page, timeout=ENGINE_TIMEOUT)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.wait_for_function("() => document.documentElement.dataset.sw === 'ready'")
    yield out, page
    context.close()
    server.shutdown()
    server.server_close()


def label(page):
    return page.evaluate("() => document.querySelector('meta[name=lostcode-build]').content")


def test_a_new_version_is_offered_between_games_never_on_a_private_screen(site):
    out, page = site
    page.get_by_role("button", name="Play", exact=True).click()
    game = page.get_by_role("region", name="Game")
    game.get_by_role("button", name="Roll the dice").click()
    game.get_by_role("button", name=re.compile(r"^I am ")).click()
    expect(page.locator("#game")).to_have_attribute("data-private", "true")
    deploy(out, "v2")  # a deploy while the game is on
    page.evaluate(UPDATE_JS)
    page.wait_for_function("() => document.documentElement.dataset.update === 'ready'",
                           timeout=ENGINE_TIMEOUT)
    assert label(page) == "v1"  # the game goes on: no reload under it
    page.wait_for_function("() => document.documentElement.dataset.sw === 'ready'")
    assert page.evaluate("() => document.documentElement.dataset.update") == "ready"
    assert page.locator("#game").get_attribute("data-private") == "true"
    expect(page.get_by_text("A new version of the game is ready.")).to_be_hidden()
    page.get_by_role("button", name="Exit to saved games", exact=True).click()
    note = page.locator("#update-note")
    expect(note).to_be_visible()
    expect(note).to_contain_text("A new version of the game is ready.")
    note.get_by_role("link", name="Load the new version").click()
    wait_engine_ready(page, timeout=ENGINE_TIMEOUT)
    assert label(page) == "v2"
    expect(page.get_by_role("button", name=re.compile(r"^Resume "))).to_be_visible()


def test_a_failed_update_is_said_in_the_tab(site):
    out, page = site
    deploy(out, "v2")
    style = out / "assets/style.css"
    style.write_bytes(style.read_bytes() + b"\n/* a file changed without a rebuild */\n")
    page.evaluate(UPDATE_JS)
    page.wait_for_function("() => document.documentElement.dataset.update === 'failed'",
                           timeout=60_000)
    note = page.locator("#update-note")
    expect(note).to_be_visible()
    expect(note).to_contain_text("could not be downloaded completely")
    assert label(page) == "v1"


def test_a_new_version_never_reloads_a_table_host_or_a_lab_mid_run(site, tmp_path):
    """Issue 44 item 11: an update that takes over while a table-mode host shows
    its join codes, while a game of «Тайные камни» is on screen, and while the
    Bot lab runs 200 games (a patient bot), reloads none of them: each keeps its version
    (data-update="ready") and loses nothing."""
    out, page = site
    base = page.url.split("#")[0].split("?")[0].removesuffix("index.html")
    host = page.context.new_page()
    host.goto(base + "index.html#table=host")
    wait_engine_ready(host, timeout=ENGINE_TIMEOUT)
    host.click("[data-act=table_start]")
    codes = host.locator("textarea[data-seat='1']")
    expect(codes).to_be_visible(timeout=60_000)
    code = codes.input_value()
    # The second game on screen (its own section, #stones): a reload threw
    # its players out mid-turn.
    stones = page.context.new_page()
    stones.goto(base + "index.html?game=stones&lang=en")
    expect(stones.get_by_role("heading", name="Shifting Stones")).to_be_visible(timeout=60_000)
    set_up(stones, [("Ann", "human"), ("Ben", "human")])
    expect(stones.locator("html[data-stones-screen]:not([data-stones-screen=setup])")
           ).to_be_attached()
    # v2 built now (once per process): deploy() below is then a copy, done while
    # the lab still runs (built there, the lab had finished and, idle, reloaded).
    built_copy(tmp_path / "v2-ahead", "v2")
    lab = page.context.new_page()
    lab.goto(base + "lab.html?lang=en")
    lab.wait_for_function("document.documentElement.dataset.lab === 'ready'",
                          timeout=ENGINE_TIMEOUT)
    # A bot that waits a fifth of a second a decision: 200 games stay mid-run for
    # minutes while the machine is left free to fetch and install the update.
    lab.get_by_label("Load a .py file").set_input_files(files=[{
        "name": "patient.py", "mimeType": "text/x-python",
        "buffer": b"import time\n\ndef choose(observation, legal_moves):\n"
                  b"    time.sleep(0.2)\n    return legal_moves[0]\n"}])
    expect(lab.locator("#code-status")).to_have_text("Loaded patient.py.")
    lab.get_by_label("Number of games").fill("200")
    lab.get_by_role("button", name="Run games").click()
    lab.wait_for_function("window.lab.games.length > 0", timeout=60_000)
    for p in (host, lab, stones):
        p.evaluate("() => { window.notReloaded = true; }")
    deploy(out, "v2")
    lab.evaluate(UPDATE_JS)
    for p in (host, lab, stones):
        p.wait_for_function("() => document.documentElement.dataset.update === 'ready'",
                            timeout=ENGINE_TIMEOUT)
        assert p.evaluate("() => window.notReloaded") is True
    assert label(host) == "v1" and codes.input_value() == code
    assert lab.evaluate("document.documentElement.dataset.busy") == "1"
    assert label(stones) == "v1"
    stones.close()
    lab.close()
    host.close()
