"""Issue 25, failure 1: a slow second tap at the same spot. Touch taps spaced
50-1,500 ms at the spot of the control just pressed never open the next
player's private screen (the handoff's "I am NAME" moves away from that spot
and waits HANDOFF_MS, lostcode/web/shell/activation.py), never roll or keep the dice
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
    page.get_by_role("button", name=re.compile(r"^Die 1: ")).click()  # its faces (fix12)
    face = page.get_by_role("button", name=re.compile(r"^Turn die ")).first
    expect(face).to_be_enabled()
    face.dblclick()
    page.wait_for_timeout(300)
    expect(face).to_have_attribute("aria-pressed", "true")


# Issue 44: a tap made while a control waits, handled by the page only after
# the wait is over (the page was busy: Pyodide handled one 80 ms late). The
# events are made at once (their timeStamp is that moment) and dispatched
# once the page has marked the control ready again.
# Armed before "I am Ann" is pressed, so the tap is made as soon as the private
# screen's controls wait (within ~5 ms), not after a Playwright round trip that a
# loaded machine stretched past the 350 ms wait (the whole run of 2026-11-29).
LATE_TAP_JS = """() => { window.lostcodeLateTap = (async () => {
  const waiting = () => document.querySelector("#game").dataset.private === "true" &&
    [...document.querySelectorAll("#screen [data-settling]")]
    .find((n) => !n.disabled && !["confirm_pick", "unlock", "undo", "help"].includes(
      n.getAttribute("data-act")));
  let node = waiting();
  while (!node) { await new Promise((ok) => setTimeout(ok, 5)); node = waiting(); }
  const until = Number(node.getAttribute("data-until"));
  const r = node.getBoundingClientRect();
  const at = {bubbles: true, cancelable: true, clientX: r.left + r.width / 2,
              clientY: r.top + r.height / 2};
  const made = performance.now();
  node.dispatchEvent(new PointerEvent("pointerdown", at));
  const click = new MouseEvent("click", Object.assign({detail: 1}, at));
  while (node.hasAttribute("data-settling")) await new Promise((ok) => setTimeout(ok, 10));
  const shown = document.querySelector("#screen").innerText;
  node.dispatchEvent(click);
  return [node.getAttribute("data-act"), made < until, performance.now() > until, shown];
})(); }"""


def test_a_tap_handled_late_is_judged_by_its_own_time(touch_page):
    """R-PRIVACY, issue 44, 10: a tap on Ann's private dice screen made while
    its control still waited, but handled after the wait, chooses nothing;
    a tap made later does."""
    page = touch_page
    game = UIGame(page, ["Ann", "Ben", "Cy"], seed=99)
    game.start(wait_first=True, path=PATH)
    game.click("Roll the dice")
    expect(page.get_by_role("heading", level=2, name="Pass the device to Ann")).to_be_visible()
    page.evaluate(LATE_TAP_JS)
    page.get_by_role("button", name="I am Ann").click()
    act, made_in_wait, handled_after, shown = page.evaluate("window.lostcodeLateTap")
    assert made_in_wait and handled_after, act
    assert page.locator("#game").get_attribute("data-private") == "true"
    control = page.locator(f'#screen [data-act="{act}"]').first
    page.wait_for_timeout(200)
    assert page.locator("#screen").inner_text() == shown, act  # the late tap chose nothing
    control.click()
    expect(page.locator("#screen")).not_to_have_text(shown)  # a tap in its time does


EARLY_TAP_JS = """() => {
  const node = document.querySelector("#screen [data-act][data-settling]");
  if (!node) return null;
  const r = node.getBoundingClientRect();
  const at = {bubbles: true, cancelable: true, clientX: r.left + r.width / 2,
              clientY: r.top + r.height / 2};
  node.dispatchEvent(new PointerEvent("pointerdown", at));
  node.dispatchEvent(new MouseEvent("click", Object.assign({detail: 1}, at)));
  return [node.getAttribute("data-act"), node.classList.contains("not-yet")];
}"""


def test_a_tap_too_early_is_seen_refused(touch_page):
    """Issue 39 (a playtest: a tap 0.2-0.4 s after a new screen did nothing a
    player could see): a tap on a control that still waits (issue 25) does not
    act, and the control shows it ("not yet"); a tap in its time acts."""
    page = touch_page
    game = UIGame(page, ["Ann", "Ben", "Cy"], seed=99)
    game.start(wait_first=True, path=PATH)
    game.click("Roll the dice")
    expect(page.locator("#screen [data-settling]").first).to_be_attached()
    act, shown = page.evaluate(EARLY_TAP_JS)
    assert shown, act
    assert state(page) == ("handoff", "false"), act
    game.click("I am Ann")
    expect(page.locator("#game")).to_have_attribute("data-private", "true")


def test_a_handoff_panel_is_its_contents_height_the_wheels_in_sight(touch_page):
    """A sixth playtest (fix10): ~130 px of empty panel under "I am Ana" (the
    room that kept it off the press of the previous confirm), the wheels
    hidden. "I am NAME" comes under the heading, above that press: the panel
    no taller than its content, the wheels above it, the button still off the
    spot of the tap that drew the screen."""
    page = touch_page
    game = UIGame(page, ["Ann", "Ben", "Cy"], seed=99)
    game.start(wait_first=True, path=PATH)
    roll = page.get_by_role("button", name="Roll the dice")
    expect(roll).to_be_enabled()
    x, y = centre(roll)
    page.touchscreen.tap(x, y)
    expect(page.get_by_role("heading", level=2, name="Pass the device to Ann")).to_be_visible()
    page.wait_for_timeout(600)
    got = page.evaluate("""() => {
      const box = e => document.querySelector(e).getBoundingClientRect();
      const sheet = box('#screen .bottom-sheet');
      const kids = [...document.querySelectorAll('#screen .bottom-sheet > *')]
        .map(k => k.getBoundingClientRect());
      // fix12: the room that keeps "I am NAME" off the press is the sheet's foot in the
      // page's colour (its bottom border), not a gap between the button and its lines
      const foot = parseFloat(getComputedStyle(document.querySelector('#screen .bottom-sheet'))
        .borderBottomWidth);
      return {top: sheet.top, bottom: sheet.bottom - foot,
              content: Math.max(...kids.map(k => k.bottom)),
              wheels: box('#game svg.wheels').bottom,
              bar: box('#screen .bottom-sheet > .actionbar').bottom,
              lines: box('#screen .bottom-sheet > p').top};
    }""")
    assert got["bottom"] - got["content"] <= 12, got  # no empty room (it was ~65 px)
    assert got["lines"] - got["bar"] <= 8, got  # its lines under the button (fix12: 35-69 px apart)
    assert got["wheels"] <= got["top"] + 1, got  # the wheels above the panel
    unlock = page.get_by_role("button", name="I am Ann").bounding_box()
    assert not (unlock["y"] <= y <= unlock["y"] + unlock["height"]), (unlock, y)
