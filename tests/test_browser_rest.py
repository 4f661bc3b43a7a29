"""Issue 40 (taps14): a new screen after a move is drawn first, its help (the
assistant, the deduction sheet), log and news in a task of their own right
after (lostcode/web/game/gamerest.py). What must hold around that task:

- who sees what: the moment a shared screen (or another player's) is drawn,
  the last viewer's help is already gone, in the tap's own task;
- one activation, one action: a second activation before the rest ran acts
  once, on the screen it sees, and the stale rest never draws over it;
- the save: a reload right after the tap finds the move.

The clicks are dispatched from the page (detail 0, as a keyboard's Enter),
so they arrive inside the same task as the first one or right after it,
before the rest's timer; the activation guard lets keyboard clicks through.
"""

import pytest
from helpers import wait_engine_ready
from play import UIGame
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 640}

# Click a control now and report what the page shows right after (same task).
CLICK_NOW = """(sel) => {
  const b = document.querySelector(sel);
  b.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true, detail: 0}));
  return {heading: document.getElementById("screen-h").textContent,
          private: document.getElementById("game").dataset.private,
          sheet: document.getElementById("sheet").innerHTML};
}"""

SECOND_NOW = """([first, second]) => {
  const fire = (sel) => document.querySelector(sel).dispatchEvent(
    new MouseEvent("click", {bubbles: true, cancelable: true, detail: 0}));
  fire(first);
  fire(second);
  return document.getElementById("screen-h").textContent;
}"""


def to_wheels(page):
    """Ann (seed 99) rolls, keeps her dice and stands on her wheel screen."""
    page.set_viewport_size(PHONE)
    game = UIGame(page, ["Ann", "Ben", "Cy"], seed=99)
    game.start(wait_first=True)
    game.click("Roll the dice")
    game.click("I am Ann")
    game.click("Keep the dice")
    page.get_by_role("button", name="W3", exact=False).first.click()
    return game


def settled(page):
    page.wait_for_function("!document.querySelector('#game [data-settling]')")
    assert page.locator("#app-error").is_hidden()  # no handler failed on the way


def test_the_last_viewers_help_is_gone_in_the_taps_own_task(page):
    to_wheels(page)
    expect(page.locator("#sheet-panel")).to_have_count(1)  # Ann's sheet beside her wheels
    settled(page)
    got = page.evaluate(CLICK_NOW, "#screen .actionbar button[data-act]")
    assert got["heading"] == "Pass the device to Ben" and got["private"] == "false"
    assert got["sheet"] == ""  # nothing of Ann's help beside the shared screen
    settled(page)
    got = page.evaluate(CLICK_NOW, '#screen [data-act="unlock"]')
    assert got["private"] == "true" and got["sheet"] == ""  # Ben's help: after his screen
    expect(page.locator("#sheet-panel summary")).to_have_count(1)  # then drawn, once
    expect(page.locator("#screen-h")).to_have_count(1)
    settled(page)


def test_a_second_activation_before_the_rest_acts_once_on_the_new_screen(page):
    to_wheels(page)
    settled(page)
    page.evaluate(CLICK_NOW, "#screen .actionbar button[data-act]")  # to Ben's handoff
    settled(page)
    # "I am Ben", then at once a wheel on Ben's new screen: the handoff's rest
    # and Ben's are pending when the wheel is chosen.
    heading = page.evaluate(SECOND_NOW, ['#screen [data-act="unlock"]',
                                         "#screen .wheel-btn:not([disabled])"])
    assert heading != "Pass the device to Ben"
    page.wait_for_timeout(300)  # the rests' timers have fired
    pressed = page.locator('#screen .wheel-btn[aria-pressed="true"]')
    expect(pressed).to_have_count(1)  # one wheel chosen, once
    expect(page.locator("#sheet-panel summary")).to_have_count(1)  # Ben's help, drawn once
    assert page.locator("#game").get_attribute("data-private") == "true"
    expect(page.locator("#screen-h")).to_have_text(heading)  # the screen the wheel was on
    settled(page)


def test_a_reload_right_after_the_tap_finds_the_move(page):
    to_wheels(page)
    settled(page)
    page.evaluate("""() => {
      document.querySelector("#screen .actionbar button[data-act]").dispatchEvent(
        new MouseEvent("click", {bubbles: true, cancelable: true, detail: 0}));
      location.reload();
    }""")
    wait_engine_ready(page)
    page.get_by_role("button", name="Resume", exact=True).first.click()
    expect(page.get_by_role("heading", level=2, name="Pass the device to Ben")).to_be_visible()
