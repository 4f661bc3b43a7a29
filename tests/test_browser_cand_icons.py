"""A fourth new-player playtest (issue 39, fix9): on the final candidates
(R-E1, R-E2) each row's symbol icon sat in the corner of its "0" button, lost
once that cell was chosen (a green snake on dark green), and the Chances
table's icons were ~10 px at 1280x800. Only the browser lays them out: at
360x640 every icon has its own room, outside every value button (a chosen
cell's colour is never under it), at least 14 px, with every button 44x44;
the Chances table's icons are at least 14 px on a phone, 16 px at 1280x800."""

import re

import pytest
from helpers import wait_engine_ready
from playwright.sync_api import expect
from test_browser_desk import bot_record, import_record

from lostcode.rules.vocab import PHASE_FINAL

pytestmark = pytest.mark.browser

GRID_JS = """() => { const box = (e) => { const r = e.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom]; };
  return [...document.querySelectorAll("#screen .buttons.cand")].map((row) => ({
    icon: box(row.querySelector(".cand-sym .icon")),
    buttons: [...row.querySelectorAll("button")].map(box),
    texts: [...row.querySelectorAll("button > span")].map(box),
    notes: [...row.querySelectorAll(".btn-note")]
      .map((e) => parseFloat(getComputedStyle(e).fontSize)),
  })); }"""
CHANCES_JS = """() => [...document.querySelectorAll("table.data.assist th .icon")]
  .map((e) => e.getBoundingClientRect()).filter((r) => r.width > 0)
  .map((r) => Math.min(r.width, r.height))"""


def final_screen(page, size):
    screen_at(page, size, PHASE_FINAL)


def screen_at(page, size, stop):
    """The first human's screen of the bots' game stopped at phase `stop`."""
    page.set_viewport_size(size)
    page.goto("/")
    wait_engine_ready(page)
    import_record(page, bot_record(stop=stop))
    page.get_by_role("button", name="Continue playing").click()
    page.get_by_role("button", name=re.compile("^I am ")).click()
    expect(page.locator("#game")).to_have_attribute("data-screen", stop)


def overlaps(a, b):
    return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5


def test_final_candidates_icons_have_their_own_room_R_E1(page):
    final_screen(page, {"width": 360, "height": 640})
    page.locator("#screen .buttons.cand button").first.click()  # a chosen "0"
    expect(page.locator("#screen .buttons.cand button[aria-pressed=true]")).to_have_count(1)
    rows = page.evaluate(GRID_JS)
    assert len(rows) == 6
    assert page.evaluate("document.documentElement.scrollWidth") <= 360  # no sideways scroll
    for row in rows:
        icon = row["icon"]
        assert icon[2] - icon[0] >= 14 and icon[3] - icon[1] >= 14, icon
        assert icon[0] >= 0 and icon[2] <= 360, icon
        # fix12 (a seventh playtest: the "7" column ended at x = 360, its borders cut):
        # eight 44 px values sharing borders (345 px) 7.5 px from either edge, the
        # symbol a chip on the row's left border, clear of every value and chance
        for b in row["buttons"]:
            assert b[2] - b[0] >= 43.5 and b[3] - b[1] >= 43.5, b  # a thumb's 44 px
            assert b[0] >= 7.4 and b[2] <= 360 - 7.4, b
        for t in row["texts"]:
            assert not overlaps(icon, t), (icon, t)
        assert all(size >= 11 for size in row["notes"]), row["notes"]  # each value's %
    # the Chances table (Help's first tab) beside the grid: icons of 14 px at least
    page.get_by_role("button", name="Help", exact=True).click()
    page.get_by_role("button", name="Chances", exact=True).click()
    sizes = page.evaluate(CHANCES_JS)
    assert len(sizes) >= 6 and min(sizes) >= 14, sizes


def test_the_chances_tables_icons_on_a_desktop(page):
    final_screen(page, {"width": 1280, "height": 800})
    sizes = page.evaluate(CHANCES_JS)  # the help is open beside the choice from 900 px
    assert len(sizes) >= 6 and min(sizes) >= 16, sizes
    for row in page.evaluate(GRID_JS):  # the grid's icons: 18 px, outside the buttons
        assert row["icon"][2] - row["icon"][0] >= 18, row["icon"]
        assert not [b for b in row["buttons"] if overlaps(row["icon"], b)], row
