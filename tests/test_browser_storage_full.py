"""Storage full before a new game (issue 44, 5): on MicroPython, Play had
done nothing for 20 s with no word on the page, the console showing the
quota error for `lostcode-last-settings`. Play starts the game at once and
says, at once, that it cannot be saved."""

import pytest
from helpers import wait_engine_ready
from playwright.sync_api import expect
from test_browser_tabs import FILL_JS  # storage filled to the last byte

pytestmark = pytest.mark.browser


def test_play_with_storage_full_starts_and_says_it_cannot_save(page):
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto("/")
    wait_engine_ready(page)
    assert page.evaluate(FILL_JS) > 0
    page.get_by_role("button", name="Play", exact=True).click()
    expect(page.get_by_role("button", name="Roll the dice")).to_be_visible(timeout=5000)
    problem = page.locator("#save-problem")
    expect(problem.get_by_role("alert")).to_contain_text(
        "This game could not be saved", timeout=5000
    )
    assert page.locator("#app-error").is_hidden() and errors == []


def test_the_second_game_with_storage_full_says_it_cannot_save(page):
    """The same for «Тайные камни» (issue 43's saved games): its game started
    and played on with no word while nothing of it was kept."""
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto("/?game=stones&lang=en")
    region = page.get_by_role("region", name="Shifting Stones")
    expect(region).to_be_visible(timeout=60000)
    assert page.evaluate(FILL_JS) > 0
    region.get_by_role("button", name="Start the game").click()
    expect(page.locator("html[data-stones-screen]:not([data-stones-screen=setup])")
           ).to_be_attached(timeout=5000)
    expect(region.get_by_role("status").filter(has_text="could not be saved")).to_contain_text(
        "This game could not be saved: the browser's storage is full or blocked")
    assert errors == []
