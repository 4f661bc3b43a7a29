"""The phone's open help in the question panel's place (help17, issue 39), at
360x640 with touch, driven by role and name.

An eleventh playtest (006, 103-105): the open help was fixed a third of the
screen over the board's foot (y 163-374), over Player 3's rack and Rack A (with
ru and larger text over every rack), the evidence it talks about, its 492 px
scrolled in a 207 px window. Now, open on a private screen, it lies from the
last rack's foot to the bar: every rack's box above the help's top and inside
the viewport, the help's tabs in sight, Confirm in sight and enabled (its label
still naming the wheel and range); the question panel's middle (the ring) gives
way and comes back as the help closes; "Use this suggestion" sets the choice
and shows the panel with it. No own stone value is on the page (R-S7: a walk
by tools/bench_phone.py's taps, the help opened on its screens, checks the
viewer's own rack shows "?" only).
"""

import re
import sys

import pytest
from helpers import ROOT, wait_engine_ready
from playwright.sync_api import expect
from test_browser_phone14 import QuickWalk

sys.path.insert(0, str(ROOT / "tools"))
import bench_phone  # noqa: E402  (a whole game by role and name, no shadow engine)

pytestmark = pytest.mark.browser

SOLO = "/?players=3&seats=human,expert,hard&seed=4242"
RACK = re.compile(r"^(Rack of .+|Unowned rack A|Подставка: .+|Ничья подставка A)$")

# Boxes of what the layout promises: every rack, the help, its tabs, the bar's confirm.
BOXES_JS = """(racks) => {
  const box = (e) => { const r = e.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, w: r.width, h: r.height}; };
  const d = document.querySelector('#help-dock');
  return {racks: racks.map(box), help: box(d), tabs: box(d.querySelector('.help-tabs')),
          scroll: d.scrollHeight, client: d.clientHeight,
          image: getComputedStyle(d).backgroundImage,
          wide: document.documentElement.scrollWidth, vh: innerHeight}; }"""


def phone(browser):
    context = browser.new_context(viewport={"width": 360, "height": 640}, has_touch=True)
    return context, context.new_page()


def check_open(page, where, tab_names=("Chances", "Expert", "Sheet"), confirm=None, ready=True):
    """With the help open on each tab: every rack above its top and inside the
    viewport, its tabs in sight, Confirm in sight and enabled; every control of
    the help and bar at least 44x44; nothing wider than the screen."""
    racks = page.get_by_role("group", name=RACK)
    expect(racks.first).to_be_visible()
    n = racks.count()
    assert n == 4, (where, n)
    confirm = confirm or page.locator("#screen .actionbar").get_by_role(
        "button", name=re.compile(r"^(Confirm|Подтвердить)"))
    for tab in tab_names:
        button = page.locator("#help-dock").get_by_role("button", name=tab, exact=True)
        button.tap()
        expect(button).to_have_attribute("aria-pressed", "true")
        page.wait_for_timeout(100)
        got = page.evaluate(BOXES_JS, [racks.nth(i).element_handle() for i in range(n)])
        for i, r in enumerate(got["racks"]):
            assert 0 <= r["top"] and r["bottom"] <= got["help"]["top"] + 1, (where, tab, i, got)
        assert got["tabs"]["top"] >= got["help"]["top"] - 1, (where, tab, got)
        assert got["tabs"]["bottom"] <= got["help"]["bottom"], (where, tab, got)
        expect(confirm).to_be_visible()
        if ready:
            expect(confirm).to_be_enabled()
        c = confirm.bounding_box()
        assert c["y"] >= got["help"]["bottom"] - 1, (where, c, got)
        assert c["y"] + c["height"] <= got["vh"], (where, c, got)
        assert got["wide"] <= 360, (where, got)
        if got["scroll"] > got["client"] + 1:  # more below says so at the help's foot
            assert "radial-gradient" in got["image"], (where, tab, got)
        small = page.evaluate("""() => [...document.querySelectorAll(
            '#help-dock button, #screen .actionbar button')].filter(b => b.checkVisibility())
            .map(b => b.getBoundingClientRect())
            .filter(r => r.width < 44 || r.height < 44).length""")
        assert small == 0, (where, tab)


@pytest.mark.parametrize("query", ["", "&lang=ru&textsize=large"])
def test_the_open_help_leaves_every_rack_above_it_and_the_bar_under_it(browser, site_url, query):
    """Round 1's wheel screen, solo seed 4242 (en, and ru with larger text)."""
    context, page = phone(browser)
    ru = "lang=ru" in query
    page.goto(site_url + SOLO.lstrip("/") + query + "&motion=reduce")
    wait_engine_ready(page)
    page.locator("#setup").get_by_role("button", name=re.compile("^(Play|Играть)$")).click()
    confirm = page.get_by_role("button", name=re.compile("^(Confirm|Подтвердить) W7 · 0–6$"))
    expect(confirm).to_be_visible(timeout=60000)
    page.wait_for_function("!document.querySelector('#game [data-settling]')")
    ring = page.locator("#screen .ring-grid")
    expect(ring).to_be_visible()
    helper = page.locator("#screen .actionbar").get_by_role(
        "button", name="Помощь" if ru else "Help", exact=True)
    helper.tap()
    expect(helper).to_have_attribute("aria-expanded", "true")
    expect(ring).to_be_hidden()  # the panel's middle gives way to the help
    tabs = ("Шансы", "Эксперт", "Лист") if ru else ("Chances", "Expert", "Sheet")
    check_open(page, "r1" + query, tabs, confirm)
    page.screenshot(path="/tmp/help17/test-r1" + ("-ru-large" if ru else "") + ".png")
    helper.tap()  # "?" again closes it: the ring back
    expect(helper).to_have_attribute("aria-expanded", "false")
    expect(ring).to_be_visible()
    expect(page.locator("#help-dock.open")).to_have_count(0)
    if ru:
        context.close()
        return
    # "Use this suggestion": the choice set and the panel back, showing it
    page.get_by_role("button", name=re.compile(r"^W5 ")).tap()  # another wheel first
    expect(page.get_by_role("button", name=re.compile(r"^Confirm W5"))).to_be_visible()
    helper.tap()
    page.locator("#help-dock").get_by_role("button", name="Chances", exact=True).tap()
    expect(ring).to_be_hidden()
    page.get_by_role("button", name="Use this suggestion").tap()
    expect(confirm).to_be_visible()
    expect(helper).to_have_attribute("aria-expanded", "false")
    expect(ring).to_be_visible()
    w7 = page.get_by_role("button", name=re.compile(r"^W7 "))
    expect(w7).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#screen .ring-grid button[aria-pressed=true]").first).to_be_visible()
    context.close()


class HelpWalk(QuickWalk, bench_phone.Bench):
    """tools/bench_phone.py's game, the help opened on the first private screen
    of each kind (the wheel, keep-or-turn, replace, the final candidates) and on
    round 9's wheel screen (racks with discards are taller)."""

    def __init__(self, page, width, height, game):
        super().__init__(page, width, height, game)
        # QuickWalk's spaced taps, in real time: on the page's clock the bar's Help
        # (its data-until from the fake clock, a tap's time from the real one)
        # refused taps once the clock ran ahead (the whole run, 18:49)
        self.last = None

    def measure(self, kind, count=True):
        row = super().measure(kind, count)
        page = self.page
        key = (kind, self.round == 9)
        helper = page.locator("#screen .actionbar").get_by_role("button", name="Help", exact=True)
        if count and key not in self.checked and helper.count() and kind != "bot":
            self.checked.add(key)
            self.space(helper)  # the last tap may have been here
            helper.tap()
            expect(helper).to_have_attribute("aria-expanded", "true")
            dock = page.locator("#help-dock")
            names = [t for t in ("Chances", "Expert", "Sheet")
                     if dock.get_by_role("button", name=t, exact=True).count()]
            assert names, kind
            confirm = page.locator(bench_phone.PRIMARY).first
            check_open(page, f"{kind} round {self.round}", names, confirm, kind == "guess")
            page.screenshot(path=f"/tmp/help17/walk-{kind}-r{self.round}.png")
            # R-S7: the viewer's own rack is all "?" with the help open
            own = page.locator("#game svg.rack.own .stone-v")
            assert own.count() == 0, kind
            self.space(helper)  # the last tap may have been here
            helper.tap()
            expect(helper).to_have_attribute("aria-expanded", "false")
        if kind == "final" and count:
            raise Done
        return row


class Done(Exception):
    """The walk's end: the final candidates checked."""


def test_the_open_help_leaves_every_rack_above_it_through_round_9(browser, site_url):
    """Solo seed 4242 by bench_phone's taps: the help opened on the wheel,
    keep-or-turn and replace screens, round 9's wheel screen, the final candidates."""
    context, page = phone(browser)
    walk = HelpWalk(page, 360, 640, "solo")
    walk.checked = set()
    seats = ("Human", "Computer (expert)", "Computer (hard)")
    walk.setup(site_url + "?motion=reduce", seats, "4242")
    with pytest.raises(Done):
        walk.play()
    kinds = {k for k, _ in walk.checked}
    assert {"guess", "change", "replace", "final"} <= kinds, walk.checked
    assert ("guess", True) in walk.checked
    context.close()
