"""Issue 28 in the browser: Today's code, the daily deduction puzzle.

One file, few page loads: the date is injected with Playwright's clock
(page.clock.set_fixed_time), so "today" is the same everywhere.
- Today's puzzle is the same in two browser contexts on one date.
- A wrong try shows a hint (one of the assistant's reasons); the right one
  ends it with the explanation, the stats and Share, whose text (copied to
  the clipboard) holds no answer; the streak survives a reload.
- R-S7: the seat's own stones are never in the page.
- ?puzzle=N opens puzzle N (a past one), a future one gives today's with a
  note, a bad value a URL note; the screen fits 360x640 (question, evidence,
  answers without scrolling) and passes axe.
- Offline after one visit: the built site (service worker) opens the puzzle
  with the server gone.
"""

import datetime
import re

import pytest
from helpers import ROOT, RequestLog, serve_in_thread, wait_engine_ready
from playwright.sync_api import expect
from sitebuilds import built_copy
from test_browser_a11y import AXE_JS, BLOCKING, TARGETS_JS

from lostcode.web.puzzle import puzzleview as pv

pytestmark = pytest.mark.browser

DAY = datetime.datetime(2026, 12, 1, 10, 30, tzinfo=datetime.UTC)
TODAY = 9  # 2026-12-01 is the 9th UTC day from the start date 2026-11-23
PHONE = {"width": 360, "height": 640}
ENGINE_TIMEOUT = 180_000
READY = '#puzzle[data-view="puzzle"]'


def book():
    return pv.read_book((ROOT / "assets" / "puzzles.json").read_text(encoding="utf-8"))


def answer_of(n):
    """The deduction's answer on CPython (the page proves it on MicroPython)."""
    return pv.Attempt(book(), n, n).answer


def open_today(page):
    page.get_by_role("button", name=re.compile("^Today's code")).click()
    page.wait_for_selector(READY)


def shown(page):
    """What the puzzle screen shows: heading, question, every rack's accessible name."""
    return {
        "heading": page.locator("#puzzle-h").inner_text(),
        "question": page.locator("#puzzle-q").inner_text(),
        "racks": page.locator("#puzzle svg.rack").evaluate_all(
            "els => els.map(e => e.textContent)"),
        "rounds": page.locator("#puzzle .puzzle-rounds").inner_text(),
    }


def new_page(browser, base_url, **kw):
    context = browser.new_context(base_url=base_url, viewport=PHONE, **kw)
    log = RequestLog(base_url).attach(context)
    page = context.new_page()
    page.clock.set_fixed_time(DAY)
    return context, page, log


def test_todays_puzzle_hint_share_and_streak(browser, base_url):
    a_ctx, a, a_log = new_page(browser, base_url,
                               permissions=["clipboard-read", "clipboard-write"])
    b_ctx, b, b_log = new_page(browser, base_url)
    try:
        for page in (a, b):
            page.goto("/")
            wait_engine_ready(page, timeout=ENGINE_TIMEOUT)
            open_today(page)
        first = shown(a)
        assert first == shown(b)  # the same puzzle for everyone on the same day
        assert first["heading"] == f"Today's code · #{TODAY}"
        assert first["question"].startswith("What is ")
        assert a.evaluate("document.activeElement.id") == "puzzle-h"  # keyboard: the heading

        # R-S7: the seat's own rack is face down and its values are nowhere in the page.
        p = pv.Attempt(book(), TODAY, TODAY)
        own = a.locator(f'#puzzle svg.rack[data-owner="{p.puzzle.seat}"]')
        assert set(re.findall(r"\d", own.locator(".stones").text_content())) == set()
        assert own.locator(".stones g.stone.down").count() == len(p.obs["symbols"])

        # At 360x640: question, evidence and the answer buttons without scrolling.
        for sel in ("#puzzle-q", "#puzzle svg.rack", "#puzzle .puzzle-rounds",
                    "#puzzle .puzzle-answers button"):
            box = a.locator(sel).last.bounding_box()
            assert box and box["y"] + box["height"] <= PHONE["height"], sel
        assert a.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

        # A wrong try: one of the assistant's reasons, as a hint.
        answer = answer_of(TODAY)
        wrong = [v for v in p.values() if v != answer]
        a.locator(f'#puzzle .puzzle-answers button[data-arg="{wrong[0]}"]').click()
        hint = a.locator("#puzzle .puzzle-hint")
        expect(hint).to_have_count(1)
        expect(hint).to_contain_text("Hint 1: Your ")
        if p.puzzle.kind == "one":
            expect(hint).to_contain_text(f" cannot be {wrong[0]}:")
        expect(a.locator("#puzzle .puzzle-status")).to_contain_text("2 tries left")
        expect(a.locator(f'#puzzle .puzzle-answers button[data-arg="{wrong[0]}"]')).to_be_disabled()

        # axe on the puzzle screen (serious or critical violations fail), 44 px targets.
        a.add_script_tag(url="/node_modules/axe-core/axe.min.js")
        a.wait_for_function("typeof window.axe !== 'undefined'")
        bad = [v for v in a.evaluate(AXE_JS) if v["impact"] in BLOCKING]
        assert not bad, bad
        assert a.evaluate(TARGETS_JS) == []

        # The right answer, by keyboard: the result, the explanation, the stats.
        right = a.locator(f'#puzzle .puzzle-answers button[data-arg="{answer}"]')
        right.focus()
        a.keyboard.press("Enter")
        expect(a.locator("#puzzle-result-h")).to_have_text("Solved in 2 tries!")
        why = a.locator("#puzzle .puzzle-why li")
        assert why.count() >= 2 and str(answer) in why.last.inner_text()
        expect(a.locator("#puzzle .puzzle-answers")).to_have_count(0)
        stats = a.locator("#puzzle .puzzle-stats dd")
        expect(stats.nth(2)).to_have_text("1")  # the streak

        # Share: the spoiler-free text, in the clipboard and on the screen.
        a.get_by_role("button", name="Share").click()
        expect(a.locator("#puzzle-shared")).to_contain_text("Copied: ")
        text = a.evaluate("navigator.clipboard.readText()")
        assert text == f"The Lost Code · puzzle #{TODAY} · ✔ in 2 · 🔥 1"
        assert p.puzzle.symbols[0] not in text and "What" not in text

        # The streak (and the tries: no second chance) survive a reload.
        a.reload()
        wait_engine_ready(a, timeout=ENGINE_TIMEOUT)
        open_today(a)
        expect(a.locator("#puzzle-result-h")).to_have_text("Solved in 2 tries!")
        expect(a.locator("#puzzle .puzzle-stats dd").nth(2)).to_have_text("1")
        expect(a.locator("#puzzle .puzzle-answers")).to_have_count(0)

        # The other context never played: its puzzle is still open, 3 tries.
        expect(b.locator("#puzzle .puzzle-status")).to_have_text("3 tries left")

        # The archive: past puzzles only; one opens as "Puzzle #N".
        a.get_by_role("button", name="Archive").click()
        a.wait_for_selector('#puzzle[data-view="archive"]')
        numbers = [int(x) for x in a.locator("#puzzle .puzzle-archive button").evaluate_all(
            "els => els.map(e => e.dataset.arg)")]
        assert numbers == list(range(TODAY, 0, -1))
        a.locator('#puzzle .puzzle-archive button[data-arg="2"]').click()
        expect(a.locator("#puzzle-h")).to_have_text("Puzzle #2")

        # Links: ?puzzle=N, a future one (today's, with a note), a bad value (a URL note).
        b.goto("/?puzzle=3")
        b.wait_for_selector(READY)
        expect(b.locator("#puzzle-h")).to_have_text("Puzzle #3")
        b.goto(f"/?puzzle={TODAY + 5}")
        b.wait_for_selector(READY)
        expect(b.locator("#puzzle-h")).to_have_text(f"Today's code · #{TODAY}")
        expect(b.locator("#puzzle .notice")).to_contain_text(f"#{TODAY + 5} is not out yet")
        b.goto("/?puzzle=abc")
        wait_engine_ready(b, timeout=ENGINE_TIMEOUT)
        expect(b.locator("#url-notes")).to_contain_text("Ignored puzzle='abc'")
        assert b.locator("#puzzle").count() == 0 or b.locator("#puzzle").is_hidden()
    finally:
        a_ctx.close()
        b_ctx.close()
    a_log.assert_same_origin()
    b_log.assert_same_origin()


CACHED = """async () => {
  const url = new URL("assets/puzzles.json", location.href).href;
  for (const key of await caches.keys()) {
    if (await (await caches.open(key)).match(url)) return true;
  }
  return false;
}"""


def test_the_puzzle_works_offline_after_one_visit(browser, tmp_path):
    out = tmp_path / "site"
    built_copy(out)  # build_site.build(out), built once per process (tests/sitebuilds.py)
    server, url = serve_in_thread(out)
    context = browser.new_context(viewport=PHONE)
    log = RequestLog(url).attach(context)
    page = context.new_page()
    page.clock.set_fixed_time(DAY)
    try:
        page.goto(url)
        wait_engine_ready(page, timeout=ENGINE_TIMEOUT)
        page.wait_for_function("() => navigator.serviceWorker.controller !== null",
                               timeout=ENGINE_TIMEOUT)
        # The visit never opens a puzzle: the page's prefetch alone caches the file
        # (it is cached on first use, not precached: tools/build_site.py PUZZLES).
        for _ in range(240):  # evaluate() awaits the check (wait_for_function would not)
            if page.evaluate(CACHED):
                break
            page.wait_for_timeout(500)
        else:
            pytest.fail("the puzzles file was never cached")
    finally:
        server.shutdown()
        server.server_close()
    try:
        page.reload()  # the server is gone: the page, the engine and the puzzles from the cache
        wait_engine_ready(page, timeout=ENGINE_TIMEOUT)
        open_today(page)
        p = pv.Attempt(book(), TODAY, TODAY)
        expect(page.locator("#puzzle-h")).to_have_text(f"Today's code · #{TODAY}")
        assert page.locator("#puzzle svg.rack").count() == 4
        assert page.locator("#puzzle .puzzle-rounds li").count() == len(pv.played(p.obs))
        wrong = [v for v in pv.Attempt(book(), TODAY, TODAY).values() if v != answer_of(TODAY)]
        page.locator(f'#puzzle .puzzle-answers button[data-arg="{wrong[0]}"]').click()
        expect(page.locator("#puzzle .puzzle-hint")).to_have_count(1)
    finally:
        context.close()
    log.assert_same_origin()
