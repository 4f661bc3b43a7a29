"""Issue 25, failure 1: a slow second tap at the same spot. Touch taps spaced
50-1,500 ms at the spot of the control just pressed never open the next
player's private screen (the handoff's "I am NAME" moves away from that spot
and waits HANDOFF_MS, lostcode/web/activation.py), never roll or keep the dice
for the player, and a double tap on a choice is one choice.
"""

import os
import re

import pytest
from play import UIGame
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 640}
RUNTIME = os.environ.get("LOSTCODE_RUNTIME", "")
PATH = "/?runtime=" + RUNTIME if RUNTIME else "/"
GAPS = (50, 300, 520, 600, 700, 1000, 1500)  # ms between the two taps


@pytest.fixture
def touch_page(browser, base_url):
    context = browser.new_context(viewport=PHONE, has_touch=True, base_url=base_url)
    page = context.new_page()
    yield page
    context.close()


def centre(locator):
    box = locator.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def tap_twice(page, locator, gap):
    """Tap `locator`, then the same spot again `gap` ms later; settle 1.6 s."""
    x, y = centre(locator)
    page.touchscreen.tap(x, y)
    page.wait_for_timeout(gap)
    page.touchscreen.tap(x, y)
    page.wait_for_timeout(1600)


def state(page):
    game = page.locator("#game")
    return game.get_attribute("data-screen"), game.get_attribute("data-private")


@pytest.mark.parametrize("gap", GAPS)
def test_a_second_tap_at_the_same_spot_never_passes_a_handoff(touch_page, gap):
    """R-PRIVACY (docs/rules.md's screens): Ann's two taps on "Roll the dice"
    leave the table at Ann's handoff, and her two taps on "Confirm … and pass
    to Ben" leave it at Ben's handoff, whatever the gap (issue 25)."""
    page = touch_page
    game = UIGame(page, ["Ann", "Ben", "Cy"], seed=99)
    game.start(wait_first=True, path=PATH)
    roll = page.get_by_role("button", name="Roll the dice")
    expect(roll).to_be_enabled()
    tap_twice(page, roll, gap)
    assert state(page) == ("handoff", "false"), gap
    expect(page.get_by_role("heading", level=2, name="Pass the device to Ann")).to_be_visible()
    game.click("I am Ann")
    game.click("Keep the dice")
    page.get_by_role("button", name="W3", exact=False).first.click()
    confirm = page.get_by_role("button", name=re.compile(r"^Confirm W3 · .+ and pass to Ben$"))
    expect(confirm).to_be_enabled()
    tap_twice(page, confirm, gap)
    assert state(page) == ("handoff", "false"), gap
    expect(page.get_by_role("heading", level=2, name="Pass the device to Ben")).to_be_visible()
    # Ben's own, deliberate tap still opens his screen, where the button now is.
    game.click("I am Ben")
    expect(page.locator("#game")).to_have_attribute("data-private", "true")


def test_a_double_tap_on_a_choice_is_one_choice(touch_page):
    """A double tap on a die face chooses it; it does not choose and un-choose it."""
    page = touch_page
    game = UIGame(page, ["Ann", "Ben", "Cy"], seed=99)
    game.start(wait_first=True, path=PATH)
    game.click("Roll the dice")
    game.click("I am Ann")
    face = page.get_by_role("button", name=re.compile(r"^Turn die ")).first
    expect(face).to_be_enabled()
    face.dblclick()
    page.wait_for_timeout(300)
    expect(face).to_have_attribute("aria-pressed", "true")
