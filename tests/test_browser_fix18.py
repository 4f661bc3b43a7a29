"""A twelfth new-player playtest (fix18a, issue 39), at 360x640 with touch.

Finding 3: a tap on a replacement stone (+13 px), a keep-or-turn die face
(+13 px) or a final candidate in the bottom row (+21 px each) scrolled the
page, and after two taps Player 1's rack was under the strip. The cause was
not the page's code (no focus() or scrollIntoView ran; the scroll events had
no script on their stack) but the page's own scroll padding: style.css keeps
72 px at the page's foot clear of the sticky action bar, and on a phone a
control of the pinned question panel lies in that foot, so the browser's "in
view if needed" (a focus by keyboard, a tap that brings its control into view
first, as the playtest's tap() does) scrolled the page under the panel, which
stays where it is. Each control here is tapped by a thumb at its centre, then
focused as the keyboard would, then brought into view as a tap() does: the
page's scrollY stays the same each time.
"""
import re
import sys

import pytest
from helpers import ROOT, wait_engine_ready
from playwright.sync_api import expect
from test_browser_desk15 import STRIP_JS
from test_browser_help17 import phone

sys.path.insert(0, str(ROOT / "tools"))
import bench_phone  # noqa: E402  (a whole game by role and name, no shadow engine)

pytestmark = pytest.mark.browser


class Done(Exception):
    """The walk's end: the final candidates tapped."""


class StillWalk(bench_phone.Bench):
    """tools/bench_phone.py's solo game (seed 4242): on each private replace
    screen of rounds 2-3, the first keep-or-turn screen with faces and the
    final candidates, the choice tapped by a thumb and measured."""

    def hold_still(self, locator, what):
        """Thumb tap, keyboard focus, a tap()'s scroll into view: scrollY unmoved."""
        page = self.page
        box = locator.bounding_box()
        assert box and 0 <= box["y"] and box["y"] + box["height"] <= 640, (what, box)
        before = page.evaluate("scrollY")
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.wait_for_timeout(250)
        after_tap = page.evaluate("scrollY")
        locator.evaluate("(n) => { n.blur(); n.focus(); }")
        after_focus = page.evaluate("scrollY")
        locator.scroll_into_view_if_needed()
        after_view = page.evaluate("scrollY")
        self.taps_seen.append((what, self.round, before, after_tap, after_focus, after_view))
        if len(self.taps_seen) == 1 or "candidate" in what:
            page.screenshot(path=f"/tmp/fix18a/tap-{self.kind}-r{self.round}.png")

    def measure(self, kind, count=True):
        row = super().measure(kind, count)
        page = self.page
        if not count or not page.locator("#game[data-private=true]").count():
            return row
        if kind == "replace" and self.round in (2, 3):
            stone = page.get_by_role("button", name=re.compile("^Replace the .+ stone$"))
            stone = stone.and_(page.locator(":enabled"))
            if stone.count():
                self.hold_still(stone.last, "stone")
        elif kind == "change" and not [t for t in self.taps_seen if t[0] == "die face"]:
            die = page.locator("#screen .dice-pick").get_by_role(
                "button", name=re.compile(r"^Die 1: "))
            if die.count():
                box = die.bounding_box()  # opens its faces (a thumb's tap)
                page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
                page.get_by_role("button", name=re.compile(r"^Turn die 1 to ")).first.wait_for()
            face = page.get_by_role("button", name=re.compile(r"^Turn die \d to .+"))
            if die.count() and face.count():
                self.hold_still(face.last, "die face")
        elif kind == "final":
            cand = page.get_by_role("button", name=re.compile(r"^.+ candidate \d+$"))
            n = cand.count()
            tops = [cand.nth(i).bounding_box()["y"] for i in range(n)]
            low = [i for i in range(n) if tops[i] >= max(tops) - 1]  # the bottom row
            for i in low[-2:]:
                self.hold_still(cand.nth(i), "candidate " + cand.nth(i).get_attribute("aria-label"))
            raise Done
        return row


def test_a_tap_on_a_choice_never_scrolls_the_page(browser, site_url):
    """Solo seed 4242 (you, expert, hard) at 360x640 with touch: a replacement
    stone (rounds 2-3), a die face, two final candidates of the bottom row."""
    context = browser.new_context(viewport={"width": 360, "height": 640}, has_touch=True,
                                  is_mobile=True, reduced_motion="reduce")
    page = context.new_page()
    walk = StillWalk(page, 360, 640, "solo")
    walk.taps_seen = []
    walk.setup(site_url + "?motion=reduce", ("Human", "Computer (expert)", "Computer (hard)"),
               "4242")
    with pytest.raises(Done):
        walk.play()
    kinds = {t[0].split()[0] for t in walk.taps_seen}
    assert {"stone", "die", "candidate"} <= kinds, walk.taps_seen
    assert len([t for t in walk.taps_seen if t[0].startswith("candidate")]) == 2, walk.taps_seen
    for what, rnd, *ys in walk.taps_seen:
        assert ys == [ys[0]] * 4, (what, rnd, ys)  # tap, focus, into view: no move
    context.close()


SOLO = "?players=3&seats=human,expert,hard&seed=4242&lang=ru&textsize=large&motion=reduce"
# The bet screen's question: each ring value in the ring's visible width and -/+,
# what lies at its centre, the bar's top, the racks' foot, the panel.
BET_JS = """() => { const s = document.querySelector('#screen > .bottom-sheet');
  const ring = s.querySelector('.ring-grid'), rr = ring.getBoundingClientRect();
  const hit = (e) => { const r = e.getBoundingClientRect();
    const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return {label: e.getAttribute('aria-label') || e.textContent, ok: !!at && e.contains(at),
            top: r.top, bottom: r.bottom}; };
  const values = [...ring.querySelectorAll('button')].filter((b) => {
    const r = b.getBoundingClientRect();
    return r.left >= rr.left - 1 && r.right <= rr.right + 1; });
  const racks = [...document.querySelectorAll('#game svg.rack')]
    .map((r) => r.getBoundingClientRect().bottom);
  return {ring: values.map(hit), steps: [...s.querySelectorAll('.stepper button')].map(hit),
          bar: s.querySelector(':scope > .actionbar').getBoundingClientRect().top,
          top: s.getBoundingClientRect().top, racks: Math.max(...racks),
          scroll: s.scrollHeight, client: s.clientHeight}; }"""
# The help's tabs: what their words need against their room.
TABS_JS = """() => [...document.querySelectorAll('#help-dock .help-tabs .btn')].map(
  (b) => [b.textContent.trim(), b.scrollWidth, b.clientWidth])"""


def test_ru_large_text_the_bet_fits_over_the_bar_and_the_check_strip(browser, site_url):
    """ru with larger text at 360x640 (141, 142, 144): the ring's values and -/+
    above the bar (elementFromPoint at their centres finds them), every rack
    above the panel, no inner scroll; the help's tabs hold their words; at the
    check no part of a strip seat overlaps another (was «И12 (+2)»)."""
    context, page = phone(browser)
    page.goto(site_url + SOLO)
    wait_engine_ready(page)
    page.locator("#setup").get_by_role("button", name="Играть", exact=True).click()
    confirm = page.get_by_role("button", name="Подтвердить W7 · 0–6")
    expect(confirm).to_be_visible(timeout=60000)
    page.wait_for_function("!document.querySelector('#game [data-settling]')")
    m = page.evaluate(BET_JS)
    page.screenshot(path="/tmp/fix18a/bet-ru-large.png")
    assert len(m["ring"]) >= 6 and len(m["steps"]) == 2, m
    for c in m["ring"] + m["steps"]:
        assert c["ok"] and c["bottom"] <= m["bar"], (c, m["bar"])  # was ring 537, -/+ 592 under it
    assert m["racks"] <= m["top"], m  # every rack above the panel
    assert m["scroll"] <= m["client"] + 1, m  # was 489 in 319
    helper = page.locator("#screen .actionbar").get_by_role("button", name="Помощь", exact=True)
    helper.tap()
    expect(page.locator("#help-dock .help-tabs")).to_be_visible()
    for name, need, room in page.evaluate(TABS_JS):
        assert need <= room, (name, need, room)  # «Эксперт» past its tab (142)
    helper.tap()
    confirm.tap()
    expect(page.get_by_role("heading", name="Раунд 1: подсчёт очков")).to_be_visible(timeout=60000)
    strip = page.evaluate(STRIP_JS)
    page.screenshot(path="/tmp/fix18a/check-ru-large.png")
    assert strip["least"] >= 0, strip
    # and no part's words past its own box (the mark's pill 18 px, «И1» 23 px in it)
    spill = page.evaluate("""() => [...document.querySelectorAll('ul.strip .seat')].map((li) => {
      const words = (e) => { const g = document.createRange(); g.selectNodeContents(e);
        return g.getBoundingClientRect(); };
      const m = li.querySelector('.seat-mark'), s = li.querySelector('.seat-score');
      const a = m.getBoundingClientRect(), t = words(m), b = words(s);
      return [li.textContent, t.left - a.left, a.right - t.right, b.left - t.right]; })
      .filter(([_n, l, r, gap]) => l < -0.5 || r < -0.5 || gap < 3)""")
    assert not spill, spill
    context.close()
