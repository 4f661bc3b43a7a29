"""Issue 25, failure 2: Back, then Forward, with the browser's back-forward
cache ON (Playwright launches Chromium with --disable-back-forward-cache; this
test's browser drops that flag) never restores a private screen: leaving the
page (pagehide) put its handoff back."""

import os

import pytest
from play import UIGame
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 640}
RUNTIME = os.environ.get("LOSTCODE_RUNTIME", "")
PATH = "/?runtime=" + RUNTIME if RUNTIME else "/"
BFCACHE_OFF = "--disable-back-forward-cache"

# Whether each page show came from the back-forward cache.
RESTORES = """window.__restored = [];
addEventListener("pageshow", e => window.__restored.push(e.persisted));"""


@pytest.fixture
def cached_page(browser_type, browser_type_launch_args, base_url):
    """A page in a browser that keeps pages in its back-forward cache."""
    browser = browser_type.launch(**browser_type_launch_args, ignore_default_args=[BFCACHE_OFF])
    context = browser.new_context(viewport=PHONE, base_url=base_url)
    page = context.new_page()
    page.add_init_script(RESTORES)
    yield page
    browser.close()


def no_values_shown(page, names):
    assert page.locator("#game").get_attribute("data-private") == "false"
    for name in names:  # a shared screen: no human's own stones (R-PRIVACY, issue 10)
        stones = page.locator(f'#table svg[aria-label="Rack of {name}"] .stones').first
        assert not any(ch.isdigit() for ch in stones.text_content()), name


def test_back_and_forward_show_the_handoff_not_the_private_screen(cached_page, base_url):
    page = cached_page
    names = ["Ann", "Ben", "Cy"]
    game = UIGame(page, names, seed=99)
    game.start(wait_first=True, path=PATH)
    game.click("Roll the dice")
    game.click("I am Ann")
    expect(page.locator("#game")).to_have_attribute("data-private", "true")
    game_url = page.url
    page.goto(base_url + "docs/rules.md")  # away, then Back
    page.go_back(wait_until="commit")  # a page from the cache fires no load
    page.wait_for_function("() => window.__restored && window.__restored.length > 1")
    assert page.url == game_url
    assert page.evaluate("() => window.__restored") == [False, True]  # shown again from the cache
    expect(page.get_by_role("heading", level=2, name="Pass the device to Ann")).to_be_visible()
    no_values_shown(page, names)
    # Ann unlocks again; Forward then Back once more: the handoff again.
    game.click("I am Ann")
    expect(page.locator("#game")).to_have_attribute("data-private", "true")
    page.go_forward(wait_until="commit")
    page.wait_for_url("**/docs/rules.md", wait_until="commit")
    page.go_back(wait_until="commit")  # a page from the cache fires no load
    page.wait_for_function("() => window.__restored.length > 2")
    assert page.evaluate("() => window.__restored") == [False, True, True]
    expect(page.get_by_role("heading", level=2, name="Pass the device to Ann")).to_be_visible()
    no_values_shown(page, names)
