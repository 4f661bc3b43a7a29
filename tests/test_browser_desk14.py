"""Desktop after an eighth playtest (issue 39), by role and accessible name.

At 1280x800 "Exit to saved games" was a 1,267 px bar of its own under the
board; it is a button of its own width at the end of the Display settings'
row, in the first viewport. At 1920x1080 the screen's column was 12.5-14.4 px
text beside 70 px stones: from 1600 px wide it is drawn larger, every text of
the question and of the open help at least 15 px as drawn (font size times
the column's zoom), the choice and its confirm still in the first viewport.
"""

import re

import pytest
from helpers import wait_engine_ready
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SOLO = "/?players=3&seats=human,expert,hard&seed=4242"

# Each visible text's size as drawn in the screen's column and the help.
TEXT_JS = """() => { const sizes = [];
  for (const root of document.querySelectorAll("#screen, #sheet")) {
    const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT); let n;
    while ((n = walk.nextNode())) { const e = n.parentElement;
      if (!n.textContent.trim() || !e.checkVisibility() || e.closest(".visually-hidden")) continue;
      const r = e.getBoundingClientRect(); if (r.width < 2 || r.bottom > innerHeight) continue;
      const size = parseFloat(getComputedStyle(e).fontSize);  // 0: a name for screen readers
      if (size > 0) sizes.push([size * e.currentCSSZoom, n.textContent.trim().slice(0, 30)]); } }
  return sizes; }"""


def box(locator) -> dict:
    b = locator.bounding_box()
    assert b is not None
    return b


def start_solo(page, size: dict) -> None:
    page.set_viewport_size(size)
    page.goto(SOLO)
    wait_engine_ready(page)
    page.get_by_role("button", name="Play", exact=True).click()
    expect(page.get_by_role("button", name="Confirm W7 · 0–6")).to_be_visible(timeout=60000)


def test_exit_is_a_button_at_the_end_of_the_row_under_the_board(page):
    start_solo(page, {"width": 1280, "height": 800})
    leave = box(page.get_by_role("button", name="Exit to saved games"))
    display = box(page.get_by_text("Display settings", exact=True))
    board = box(page.locator("#table"))
    assert leave["width"] <= 260, leave  # was 1,267 px
    assert abs(leave["y"] - display["y"]) <= 4, (leave, display)  # one row
    assert leave["y"] >= board["y"] + board["height"], (leave, board)  # under the board
    assert leave["y"] + leave["height"] <= 800, leave  # in the first viewport
    assert leave["x"] + leave["width"] >= board["x"] + board["width"] - 4, (leave, board)  # end
    page.get_by_text("Display settings", exact=True).click()  # the open card: the button under it
    card = box(page.locator("#display"))
    under = box(page.get_by_role("button", name="Exit to saved games"))
    assert under["y"] >= card["y"] + card["height"], (card, under)
    order = page.evaluate(
        "() => [...document.querySelectorAll('#display summary, #leave-game')].map(e => e.id)")
    assert order == ["display-summary", "leave-game"], order  # Tab reaches it after the settings


def test_the_screens_column_reads_across_a_wide_table(page):
    start_solo(page, {"width": 1920, "height": 1080})
    sizes = page.evaluate(TEXT_JS)
    assert sizes and min(s for s, _ in sizes) >= 14.9, sorted(sizes)[:5]  # was 12.5 px
    for name in ("Confirm W7 · 0–6", "Use this suggestion"):
        b = box(page.get_by_role("button", name=name))
        assert b["y"] + b["height"] <= 1080, (name, b)
    ring = box(page.get_by_role("button", name=re.compile(r"^21\b")))  # the ring's last value
    assert ring["y"] + ring["height"] <= 1080 and ring["width"] >= 44, ring
