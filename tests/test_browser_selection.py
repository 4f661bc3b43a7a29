"""Issue 40: a selection tap (a die's new face, a wheel, a ring value, the
range's -/+) draws the question from a model of the question alone
(views.selected): the page it leaves must be exactly the page a full redraw
of the same position and drafts gives. The full redraw here is the language
menu's (to Polish and back: each a model made afresh), in the page."""

import re

import pytest
from helpers import wait_engine_ready
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 640}

# what a player sees of the game: the question, the board, the strip, the help,
# each element as its tag, its attributes sorted (a patched node keeps its
# own order of them; data-until: when its control settled, issue 44), its
# live state and its children
STATE = """() => {
  const out = [];
  const walk = (n, depth) => {
    if (n.nodeType === 3) { if (n.data.trim()) out.push(depth + " " + n.data); return; }
    if (n.nodeType !== 1) return;
    const attrs = Array.from(n.attributes, (a) => a.name + "=" + a.value)
      .filter((a) => !a.startsWith("data-until=")).sort();
    out.push(depth + " <" + n.tagName + " " + attrs.join(" ") + "> "
             + [n.open, n.checked, n.disabled, n.value].join(","));
    n.childNodes.forEach((k) => walk(k, depth + 1));
  };
  ["#screen", "#table", "#strip", "#sheet"].forEach((s) => walk(document.querySelector(s), 0));
  return out;
}"""


def redrawn(page):
    """The page after two full redraws of the same drafts (Polish, then English)."""
    heading = page.locator("#screen-h").inner_text()
    page.get_by_role("combobox", name="Language").select_option("pl")
    expect(page.locator("html")).to_have_attribute("lang", "pl")
    page.get_by_role("combobox", name="Język").select_option("en")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("#screen-h")).to_have_text(heading)
    return state(page)


def state(page):
    """STATE once the new controls' settling (activation.py) is over."""
    page.wait_for_function("!document.querySelector('#game [data-settling]')")
    return page.evaluate(STATE)


def test_a_selection_tap_leaves_the_page_a_full_redraw_gives(page):
    page.set_viewport_size(PHONE)
    page.goto("/?players=2&seats=human,easy&seed=4")  # the human rolls first; hints on
    wait_engine_ready(page)
    page.get_by_role("button", name="Play", exact=True).click()
    page.get_by_role("button", name="Roll the dice").click()
    expect(page.locator("#game")).to_have_attribute("data-screen", "change")
    page.get_by_role("button", name=re.compile(r"^Die 2: ")).click()  # its faces (fix12)
    face = page.get_by_role("button", name=re.compile(r"^Turn die 2 to ")).first
    face.click()  # a die's new face: drawn on the board as a draft (the board patched)
    expect(face).to_have_attribute("aria-pressed", "true")
    expect(face).to_be_focused()  # the tapped control keeps the focus
    expect(page.locator("#game svg.dice .draft")).to_have_count(1)
    tapped = state(page)
    assert tapped == redrawn(page)
    page.get_by_role("button", name="Keep the dice").click()
    expect(page.locator("#game")).to_have_attribute("data-screen", "guess")
    wheel = page.get_by_role("button", name=re.compile(r"^W4 \(")).first
    wheel.click()
    expect(wheel).to_have_attribute("aria-pressed", "true")
    expect(wheel).to_be_focused()
    ring = page.get_by_role("button", name=re.compile(r"^9: range "))
    ring.click()
    expect(ring).to_have_attribute("aria-pressed", "true")
    expect(ring).to_be_focused()
    lower = page.get_by_role("button", name="Lower the range by one")
    lower.click()
    expect(page.get_by_role("button", name=re.compile(r"^Confirm W4 · 7–10"))).to_be_visible()
    expect(lower).to_be_focused()
    tapped = state(page)
    assert tapped == redrawn(page)
    # and the keyboard still acts on the patched screen
    page.get_by_role("button", name=re.compile(r"^W5 \(")).first.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name=re.compile(r"^W5 \(")).first).to_have_attribute(
        "aria-pressed", "true")
    assert state(page) == redrawn(page)
