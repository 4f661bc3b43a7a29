"""«Тайные камни»'s handoff keeps the Lost Code's guard (issue 43, as issue
25 for the Lost Code: lostcode/web/shell/activation.py), on the default
runtime at 360x640 with touch taps, in real time:

- a second tap at the spot of "End turn", 50-1,000 ms later, never opens
  the next player's hand (S-S2: a hand is its owner's): "I am NAME" waits
  HANDOFF_MS and is never under the press that drew its screen;
- a double tap on "End turn" is one activation: the next player's handoff;
- leaving the page (pagehide) or hiding it (visibilitychange) puts an open
  hand back behind its handoff when several humans play; alone, nothing is
  hidden (nobody to hide it from).
"""

import pytest
from playwright.sync_api import expect
from test_browser_spaced_taps import centre, touch_page  # noqa: F401  (the fixture, by name)
from test_browser_stones import set_up, shadow

from lostcode.stones import pageplay
from lostcode.web.stonesgame.screens import card_label

pytestmark = pytest.mark.browser

GAPS = (50, 600, 1000)  # ms between the two taps
READY_JS = '#stones [data-act="stones-ready"]'


@pytest.fixture
def phone(request):
    """A touch phone at 360x640, the Lost Code's guard tests' own (touch_page)."""
    return request.getfixturevalue("touch_page")


def screen(page):
    return page.evaluate("document.documentElement.dataset.stonesScreen || ''")


def start(page, seats, seed=9):
    page.goto(f"/?game=stones&seed={seed}")
    expect(page.get_by_role("heading", name="Shifting Stones")).to_be_visible(timeout=60000)
    set_up(page, seats)
    expect(page.locator("html[data-stones-screen]:not([data-stones-screen=setup])")).to_be_attached()


def unlock(page):
    """The player to act takes the device: a deliberate tap once "I am NAME" takes taps."""
    name = pageplay.to_act_name(shadow(page))
    ready = page.locator(READY_JS + ":not([data-settling])")
    expect(ready).to_have_count(1, timeout=5000)
    ready.tap()
    expect(page.locator("html[data-stones-screen=turn]")).to_be_attached()
    expect(page.get_by_role("button", name="End turn")).not_to_have_attribute("data-settling", "0")
    page.wait_for_timeout(1100)  # the turn's controls take taps (SPOT_MS at most)
    return name


def no_hand_shown(page):
    assert screen(page) == "handoff"
    html = page.content()
    assert "Goal card" not in html
    for hand in shadow(page).state.hands:
        for c in hand:
            assert card_label(c) not in html


@pytest.mark.parametrize("gap", GAPS)
def test_a_second_tap_at_end_turn_never_opens_the_next_hand(phone, gap):
    """S-S2: Ann's two taps on End turn leave the table at Ben's handoff."""
    page = phone
    start(page, [("Ann", "human"), ("Ben", "human")])
    first = unlock(page)
    end = page.get_by_role("button", name="End turn")
    x, y = centre(end)
    page.touchscreen.tap(x, y)
    page.wait_for_timeout(gap)
    page.touchscreen.tap(x, y)
    page.wait_for_timeout(1600)
    no_hand_shown(page)
    nxt = pageplay.to_act_name(shadow(page))
    assert nxt != first
    ready = page.get_by_role("button", name=f"I am {nxt}")
    box = ready.bounding_box()
    assert not (box["x"] - 32 <= x <= box["x"] + box["width"] + 32
                and box["y"] - 32 <= y <= box["y"] + box["height"] + 32)  # moved off the spot
    assert unlock(page) == nxt  # the next player's own tap opens their hand


def test_a_double_tap_on_end_turn_is_one_activation(phone):
    page = phone
    start(page, [("Ann", "human"), ("Ben", "human"), ("Cy", "human")])
    unlock(page)
    before = shadow(page).state.turns
    page.get_by_role("button", name="End turn").dblclick()
    page.wait_for_timeout(1600)
    no_hand_shown(page)
    assert shadow(page).state.turns == before + 1  # one turn ended, not two


HIDE_JS = """() => {
  Object.defineProperty(document, "visibilityState", {value: "hidden", configurable: true});
  document.dispatchEvent(new Event("visibilitychange"));
  Object.defineProperty(document, "visibilityState", {value: "visible", configurable: true});
}"""


def test_leaving_or_hiding_the_page_puts_the_hand_back_behind_its_handoff(phone):
    page = phone
    start(page, [("Ann", "human"), ("Ben", "human")])
    unlock(page)
    page.evaluate("window.dispatchEvent(new PageTransitionEvent('pagehide', {persisted: true}))")
    expect(page.locator("html[data-stones-screen=handoff]")).to_be_attached()
    no_hand_shown(page)
    unlock(page)
    page.evaluate(HIDE_JS)
    expect(page.locator("html[data-stones-screen=handoff]")).to_be_attached()
    no_hand_shown(page)


def test_alone_the_hand_stays_when_the_page_is_hidden(phone):
    page = phone
    start(page, [("Ann", "human")])
    expect(page.locator("html[data-stones-screen=turn]")).to_be_attached()
    page.evaluate(HIDE_JS)
    page.wait_for_timeout(300)
    assert screen(page) == "turn"
