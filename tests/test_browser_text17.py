"""An eleventh new-player playtest's cut words (text17, issue 39), at 360x640 with
touch: a computer's report cut at "about as many points as" under Skip (021), the
replay's caption held to two lines (065-072), "Back to the result" under the
replay's panel, a human's final candidates not drawn on their step, and the
expert's alternatives all reading alike (008, 016)."""

import json
import os
import sys

import pytest
from helpers import ROOT
from playwright.sync_api import expect
from test_browser_phone14 import FingerTaps
from test_browser_sight import tr, watch_on_a_phone

sys.path.insert(0, str(ROOT / "tools"))
import bench_phone  # noqa: E402  (a whole game by role and name, no shadow engine)

from lostcode.player.expert import Decision, Option  # noqa: E402
from lostcode.rules.vocab import GUESS  # noqa: E402
from lostcode.web.game import reasons  # noqa: E402

# A roll's or a computer's report panel: does it scroll, its last line of words
# (the bar and the "more below" line apart), the bar's top, the racks' foot.
PANEL_JS = """() => {
  const sheet = document.querySelector('#screen > .bottom-sheet');
  const bar = sheet.querySelector(':scope > .actionbar');
  const words = [...sheet.children].filter((k) => k !== bar && !k.classList.contains('more-below')
                                                  && k.getClientRects().length);
  const last = words[words.length - 1];
  const range = document.createRange();
  range.selectNodeContents(last);
  const lines = [...range.getClientRects()];
  const line = lines[lines.length - 1];
  const panel = sheet.getBoundingClientRect();
  const racks = [...document.querySelectorAll('#game svg.rack')]
    .map((r) => r.getBoundingClientRect().bottom);
  const more = sheet.querySelector(':scope > .more-below');
  return {scroll: sheet.scrollHeight, client: sheet.clientHeight,
          top: panel.top, bottom: panel.bottom,
          bar: bar ? bar.getBoundingClientRect().top : panel.bottom,
          line: {top: line.top, bottom: line.bottom}, text: last.textContent,
          racks: Math.max(...racks), more: !!more && more.checkVisibility()}; }"""


ROUNDS = int(os.environ.get("TEXT17_ROUNDS", "3"))  # 9: the whole game (docs/ux.md's figures)


class Rounds(Exception):
    """The walk's end: round 4 began."""


class ReportWalk(FingerTaps, bench_phone.Bench):
    """tools/bench_phone.py's walk by finger, each roll and computer's report of
    rounds 1-3 read (PANEL_JS)."""

    def measure(self, kind, count=True):
        row = super().measure(kind, count)
        if self.round and self.round > ROUNDS:
            raise Rounds
        if kind in ("roll", "bot") and count:
            got = self.page.evaluate(PANEL_JS)
            got["kind"], got["round"] = kind, self.round
            tallest = max([g["bottom"] - g["top"] for g in self.read] or [0])
            if got["bottom"] - got["top"] > tallest:  # the tallest panel, to look at
                self.page.screenshot(path=f"/tmp/text17/report-{self.lang}.png")
            self.read.append(got)
            if got["scroll"] > got["client"] + 1 and not getattr(self, "shot", None):
                self.shot = True
                self.page.screenshot(path=f"/tmp/text17/cut-{self.lang}.png")
        return row


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_computers_report_of_rounds_1_to_3_is_whole_above_skip(browser, site_url, lang):
    """An eleventh playtest (021, seed 4242 vs expert and hard): a report's last
    line stood under Skip in a panel of 465-640 px while the track's empty rows
    above it were free. Each roll's and computer's report panel grows with its
    words up to the racks' foot: every report of rounds 1-3 whole (nothing
    scrolled inside), its last line inside the panel above the bar, every rack
    above the panel."""
    context = browser.new_context(viewport={"width": 360, "height": 640}, has_touch=True)
    page = context.new_page()
    bench_phone.LANG["code"] = lang
    walk = ReportWalk(page, 360, 640, "solo")
    walk.read, walk.lang = [], lang
    try:
        seats = ("Human", "Computer (expert)", "Computer (hard)")
        walk.setup(site_url + "?lang=" + lang, seats, "4242")
        try:
            walk.play()
        except Rounds:
            pass
    finally:
        bench_phone.LANG["code"] = "en"
    reports = [g for g in walk.read if g["kind"] == "bot"]
    assert len(reports) >= 6, len(reports)
    tallest = max(g["bottom"] - g["top"] for g in walk.read)
    print(lang, len(walk.read), "panels, the tallest", round(tallest), "px")
    for g in walk.read:
        print(g["round"], g["kind"], round(g["top"]), round(g["racks"]), g["scroll"],
              g["client"], g["text"][:90])
    for got in walk.read:
        assert got["scroll"] <= got["client"] + 1, got
        assert got["line"]["top"] >= got["top"] and got["line"]["bottom"] <= got["bar"] + 1, got
        assert got["racks"] <= got["top"] + 1, got
        assert not got["more"], got
    context.close()


CAPTION_JS = """() => {
  const p = document.querySelector('#screen .bottom-sheet > p.step-line');
  const sheet = document.querySelector('#screen > .bottom-sheet');
  const racks = [...document.querySelectorAll('#game svg.rack')]
    .map((r) => r.getBoundingClientRect().bottom);
  return {text: p.textContent, scroll: p.scrollHeight, client: p.clientHeight,
          top: sheet.getBoundingClientRect().top, racks: Math.max(...racks),
          sheet: sheet.scrollHeight, sheetClient: sheet.clientHeight}; }"""


@pytest.mark.browser
def test_the_replays_longest_caption_is_whole_in_russian(browser, site_url):
    """An eleventh playtest (065-072): the replay's caption was held to two lines
    and scrolled inside ("…nothing has been played [yet.]", 43 px in 29). Each
    step's caption wraps to the lines it needs, the panel grows, the racks stay
    above it; the longest caption of the solo game's replay in ru, whole."""
    context, page, rec = watch_on_a_phone(browser, site_url, "solo.json", "ru")
    nxt = page.get_by_role("button", name=tr("ru", "Next move"), exact=True)
    seen = []
    for _ in range(len(rec["actions"]) + 1):
        page.wait_for_function("!document.querySelector('#game [data-settling]')")
        page.wait_for_function("document.getAnimations().length === 0", timeout=5000)
        seen.append(page.evaluate(CAPTION_JS))
        if nxt.is_disabled():
            break
        said = "document.querySelector('#screen .bottom-sheet > p.status').textContent"
        step = page.evaluate(said)
        nxt.click()  # a bet and its check are two moments of one step: the count tells them apart
        page.wait_for_function("(s) => " + said + " !== s", arg=step)
    longest = max(seen, key=lambda g: len(g["text"]))
    print("steps", len(seen), "longest caption", len(longest["text"]), "chars:", longest["text"])
    for got in seen:
        assert got["scroll"] <= got["client"] + 1, got
        assert got["sheet"] <= got["sheetClient"] + 1, got
        assert got["racks"] <= got["top"] + 1, got
    page.screenshot(path="/tmp/text17/replay-end-ru.png")
    context.close()


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_replays_last_step_shows_back_to_the_result_and_anns_candidates(browser, site_url,
                                                                           lang):
    """An eleventh playtest (065, 068, 072): at the last step "Back to the result"
    lay under the replay's fixed panel until scrolled to, and the human's own
    final candidates were drawn on no step of theirs. At the end it is in the
    panel, in the first viewport, the page unscrolled; one step before (Ann's
    own run) her rack, and hers alone, draws her final candidates (R-E1: the
    game is over)."""
    context, page, _rec = watch_on_a_phone(browser, site_url, "solo.json", lang)
    page.get_by_role("button", name=tr(lang, "End"), exact=True).click()
    back = page.get_by_role("button", name=tr(lang, "Back to the result"), exact=True)
    expect(back).to_be_visible()
    assert page.evaluate("scrollY") == 0
    box = back.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= 640, box
    mid = page.evaluate("([x, y]) => document.elementFromPoint(x, y)"
                        ".closest('button')?.textContent",
                        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
    assert mid == tr(lang, "Back to the result"), mid
    page.screenshot(path=f"/tmp/text17/replay-end-{lang}.png")
    page.get_by_role("button", name=tr(lang, "Previous move"), exact=True).click()
    drawn = page.evaluate("() => [...document.querySelectorAll('#game svg.rack')].map((r) =>"
                          " [r.getAttribute('data-owner'), !!r.querySelector('.final-cands')])")
    assert ["0", True] in drawn and ["1", False] in drawn, drawn
    page.screenshot(path=f"/tmp/text17/replay-ann-finals-{lang}.png")
    back_aside = page.get_by_role("button", name=tr(lang, "Back to the result"), exact=True)
    expect(back_aside).to_have_count(1)
    context.close()


def test_the_experts_alternatives_each_say_their_own_figures():
    """An eleventh playtest (008, 016): W7 0–6, W5 0–4 and W1 0 each read "likely
    to score about 1 point and learn more about your stones". Each alternative
    now says its chance of being right and its expected points (R-C1: a bet's
    points are the chance times its wheel's), never below 0 for a bet that
    cannot lose (R-C2), and the two texts differ."""
    d = Decision((GUESS, "W7", 3), (
        Option((GUESS, "W7", 3), 1.4, "know", 1.9, 0.2, 1.2),
        Option((GUESS, "W5", 2), 1.2, "know", 1.6, 0.2, 0.9),
        Option((GUESS, "W1", 0), 1.1, "know", 1.5, 0.2, 0.6)))
    a = reasons.expert_answer(d)
    one, two = a["others"]
    assert one != two
    assert "right 45%, 0.9 VP expected" in one, one  # W5: 0.9 of 2 points
    assert "right 12%, 0.6 VP expected" in two, two  # W1: 0.6 of 5 points
    d = Decision((GUESS, "W7", 3), (
        Option((GUESS, "W7", 3), 1.4, "", 1.9, 0.2, 1.2),
        Option((GUESS, "W5", 2), -0.3, "", 0.0, 0.3, -0.2)))
    said = reasons.expert_answer(d)["others"][0]
    assert "−" not in said and "right 0%, 0.0 VP expected" in said, said
    assert json.dumps(said)  # plain text
