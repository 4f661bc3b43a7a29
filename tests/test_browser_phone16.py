"""A tenth new-player playtest's phone panels (fix16a, issue 39), at 360x640 with
touch: a computer's report cut the expert's reason mid-line with nothing saying
more was below (023, 034, 301)."""

import re
import sys

import pytest
from helpers import ROOT, wait_engine_ready
from playwright.sync_api import expect
from test_browser_phone14 import FingerTaps
from test_browser_sight import watch_on_a_phone

sys.path.insert(0, str(ROOT / "tools"))
import bench_phone  # noqa: E402  (a whole game by role and name, no shadow engine)

pytestmark = pytest.mark.browser

# One frame's reading of the report: does its panel scroll, does it draw the cue,
# and once scrolled to its end, is the last line of words above the sticky bar.
REPORT_JS = """async () => {
  const sheet = document.querySelector('#screen > .bottom-sheet');
  const bar = sheet.querySelector(':scope > .actionbar');
  const words = [...sheet.children].filter((k) => k !== bar && !k.classList.contains('more-below')
                                                  && k.getClientRects().length);
  const more = sheet.querySelector(':scope > .more-below');
  const before = {scroll: sheet.scrollHeight, client: sheet.clientHeight,
                  more: !!more && more.checkVisibility(), colour: getComputedStyle(sheet).color,
                  more_colour: more ? getComputedStyle(more).color : '',
                  image: getComputedStyle(sheet).backgroundImage,
                  attach: getComputedStyle(sheet).backgroundAttachment,
                  notice: !!sheet.querySelector(':scope > .notice')};
  sheet.scrollTop = sheet.scrollHeight;
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const last = words[words.length - 1];
  const range = document.createRange();
  range.selectNodeContents(last);
  const lines = [...range.getClientRects()];
  const line = lines[lines.length - 1];
  const panel = sheet.getBoundingClientRect();
  return Object.assign(before, {top: panel.top, bottom: panel.bottom,
                                bar: bar ? bar.getBoundingClientRect().top : panel.bottom,
                                line: {top: line.top, bottom: line.bottom},
                                text: last.textContent}); }"""


class Found(Exception):
    """The walk's end: the report to read was found and read."""


class ReportWalk(FingerTaps, bench_phone.Bench):
    """tools/bench_phone.py's walk by finger, stopping at the first computer's
    report with a discard notice whose words do not fit its panel."""

    def measure(self, kind, count=True):
        if kind == "bot":
            if getattr(self, "shot_to", None):
                self.page.screenshot(path=self.shot_to)
            got = self.page.evaluate(REPORT_JS)
            if got["scroll"] > got["client"] + 1:
                self.got = got
                raise Found
        return super().measure(kind, count)


@pytest.mark.parametrize("lang", ["ru"])
def test_a_computers_long_report_says_more_is_below_and_scrolls_to_its_end(browser, site_url, lang):
    """A tenth playtest (034, seed 4242 vs expert and hard): the report's panel
    scrolled inside but the expert's reason stopped mid-line with no sign of
    more. text17: the panel grows up to the racks' foot (test_browser_text17), so
    only with larger text does a report still scroll inside; then a line in the
    text's colour says more is below (fix16a's shadow alone went unseen, an
    eleventh playtest), and scrolled to its end its last line lies inside the
    panel, above the sticky Skip (ru with larger text on a 360x480 phone)."""
    context = browser.new_context(viewport={"width": 360, "height": 480}, has_touch=True)
    page = context.new_page()
    bench_phone.LANG["code"] = lang
    walk = ReportWalk(page, 360, 480, "solo")  # a short phone: at 640 every report fits
    walk.shot_to = f"/tmp/fix16a/report-{lang}.png"
    try:
        seats = ("Human", "Computer (expert)", "Computer (hard)")
        walk.setup(site_url + "?textsize=large&lang=" + lang, seats, "4242")
        with pytest.raises(Found):
            walk.play()
    finally:
        bench_phone.LANG["code"] = "en"
    got = walk.got
    page.screenshot(path=f"/tmp/fix16a/report-{lang}-end.png")
    assert got["scroll"] > got["client"], got
    assert got["more"] and got["more_colour"] == got["colour"], got
    assert got["line"]["top"] >= got["top"] and got["line"]["bottom"] <= got["bar"] + 1, got
    context.close()


def test_the_replays_caption_is_whole(browser, site_url):
    """A tenth playtest (273): "Round 6: Player 1 rolled chameleon, jaguar," lost
    its third die in the caption's two lines. text17: the caption wraps to the
    lines it needs (nothing scrolls inside it)."""
    context, page, _rec = watch_on_a_phone(browser, site_url, "solo.json")
    line = page.locator("#screen .bottom-sheet > p.step-line")
    expect(line).to_be_visible()
    got = line.evaluate("(p) => ({scroll: p.scrollHeight, client: p.clientHeight,"
                        " overflow: getComputedStyle(p).overflowY})")
    assert got["scroll"] <= got["client"] + 1 and got["overflow"] == "visible", got
    page.screenshot(path="/tmp/fix16a/replay.png")
    context.close()


LARGE = "/?lang={lang}&textsize=large&motion=reduce&players=3&seats=human,expert,hard&seed=4242"

# The wheel screen with larger text: the panel's top, every rack's box, and every
# button in the panel whose words run past its box.
LARGE_JS = """() => {
  const sheet = document.querySelector('#screen > .bottom-sheet');
  const top = sheet.getBoundingClientRect().top;
  const racks = [...document.querySelectorAll('#screen .racks svg.rack')].map((r) => {
    const b = r.getBoundingClientRect(); return [r.getAttribute('aria-label'), b.top, b.bottom]; });
  const over = [...sheet.querySelectorAll('button')].filter((b) => b.checkVisibility())
    .filter((b) => b.scrollWidth > b.clientWidth).map((b) => [b.textContent, b.scrollWidth,
                                                             b.clientWidth]);
  return {top, racks, over, scroll: sheet.scrollHeight, client: sheet.clientHeight,
          image: getComputedStyle(sheet).backgroundImage,
          bar: sheet.querySelector(':scope > .actionbar').getBoundingClientRect().height,
          wide: document.documentElement.scrollWidth};
}"""


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_larger_text_leaves_every_rack_over_the_wheel_screens_panel(page, lang):
    """A tenth playtest (310, ru, textsize=large): the wheel screen's panel began
    at y 194 (70 % of 640), over half of Player 3's rack and all of Rack A, and
    «Подтвердить W7 · 0–6» ran 5 px past its button. With larger text the panel
    stops under the racks, its middle scrolling inside (the shadow at its foot),
    Confirm in the bar at its foot, no button's words past its box."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(LARGE.format(lang=lang))
    wait_engine_ready(page)
    page.locator("#setup").get_by_role("button", name=re.compile("^(Play|Играть)$")).click()
    confirm = re.compile("^(Confirm|Подтвердить) W7 · 0–6$")
    expect(page.get_by_role("button", name=confirm)).to_be_visible(timeout=60000)
    page.wait_for_function("!document.querySelector('#game [data-settling]')")
    got = page.evaluate(LARGE_JS)
    page.screenshot(path=f"/tmp/fix16a/large-{lang}.png")
    assert len(got["racks"]) == 4, got
    for name, _top, bottom in got["racks"]:
        assert bottom <= got["top"] + 1, (name, got)
    assert not got["over"], got
    assert got["wide"] <= 360, got
    if got["scroll"] > got["client"] + 1:  # what does not fit says so
        assert "radial-gradient" in got["image"], got
