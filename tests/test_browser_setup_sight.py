"""The set-up at 360x640 (issue 39), in every language: each seat's kind of
player is read whole (its box as wide as its longest choice, "Computer
(expert)" and its translations never cut), nothing scrolls sideways, and
"Play", the one start, is in the first screenful (above the seats: desk12)."""

import pytest
from helpers import wait_engine_ready
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 640}

# Each shown seat select: its width, and the width it takes when nothing limits it.
SEATS_JS = """() => [...document.querySelectorAll("#setup .seat:not([hidden]) select")].map(s => {
  const c = s.cloneNode(true);
  c.style.cssText = "position:absolute;left:0;top:0;width:auto;max-width:none;visibility:hidden";
  document.body.appendChild(c);
  const want = c.getBoundingClientRect().width;
  c.remove();
  const r = s.getBoundingClientRect();
  return {id: s.id, width: Math.round(r.width), want: Math.round(want), right: Math.round(r.right)};
})"""


@pytest.mark.parametrize("lang", ["en", "ru", "it", "pl"])
def test_the_seats_read_whole_and_start_is_in_the_first_screen(browser, site_url, lang):
    context = browser.new_context(viewport=PHONE, base_url=site_url, has_touch=True)
    page = context.new_page()
    page.goto("/?lang=" + lang)
    wait_engine_ready(page)
    page.locator("#players").select_option("4")
    for n in range(1, 5):
        page.locator("#kind-" + str(n)).select_option("human" if n == 1 else "expert")
    expect(page.locator("#kind-4")).to_be_visible()
    page.evaluate("window.scrollTo(0, 0)")
    for s in page.evaluate(SEATS_JS):
        assert s["width"] >= s["want"] and s["right"] <= PHONE["width"], (lang, s)
    box = page.locator("#play").bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], (lang, box)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    context.close()


# Each control: scrolled into view as the browser would bring it (focus, a swipe
# to it; scroll-padding honoured), is what lies at its centre, or is it under the bar?
CLEAR_JS = """(ids) => ids.map(sel => { const e = document.querySelector(sel);
  e.scrollIntoView({block: "nearest", behavior: "instant"});
  const r = e.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return {sel, y: Math.round(r.top + r.height / 2),
          clear: !!hit && (hit === e || e.contains(hit))}; })"""


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_seat_is_in_the_first_screen_and_play_is_the_one_primary(
        browser, site_url, lang):
    """A second playtest (feel6): with 3 players the third seat lay under the
    sticky "Start the game" bar, and "Play" looked like it (desk12: that bar
    is gone, "Play" is the one start). At 360x640, with 3 and 4 players, every
    seat's name and kind are clear in the first screen (nothing scrolled), the
    folds below scroll clear, and "Play" is the set-up's one filled (primary)
    button."""
    context = browser.new_context(viewport=PHONE, base_url=site_url, has_touch=True)
    page = context.new_page()
    page.goto("/?lang=" + lang)
    wait_engine_ready(page)
    for players in (3, 4):
        page.locator("#players").select_option(str(players))
        page.evaluate("window.scrollTo(0, 0)")
        seats = [f"#{k}-{n}" for n in range(1, players + 1) for k in ("name", "kind")]
        for c in page.evaluate(CLEAR_JS, seats):
            assert c["clear"] and c["y"] < PHONE["height"], (lang, players, c)
        assert page.evaluate("scrollY") == 0, (lang, players)  # all in the first screen
    rest = ["#settings > summary", "#advanced > summary", "#play"]
    for c in page.evaluate(CLEAR_JS, rest):
        assert c["clear"], (lang, c)
    look = page.evaluate("""() => [...document.querySelectorAll("#setup button")]
      .filter(b => b.offsetParent).map(b => [b.id, getComputedStyle(b).backgroundColor])""")
    start = dict(look)["play"]
    assert [i for i, bg in look if bg == start] == ["play"], (lang, look)
    context.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_seat_is_clear_with_a_links_notes_shown(browser, site_url, lang):
    """A third playtest (issue 39): opened from a link with an odd seed, the
    link's notes pushed the third seat 10 px under the sticky "Start the game"
    bar at 360x640 (desk12: that bar is gone). With two notes ("seed='007' read
    as seed=7" and what a seed gives away), every seat of 3 lies in the first
    screen, what lies at each control's centre is the control itself, and with 4
    players the fourth scrolls clear."""
    context = browser.new_context(viewport=PHONE, base_url=site_url, has_touch=True)
    page = context.new_page()
    page.goto(f"/?lang={lang}&players=3&seed=007")
    wait_engine_ready(page)
    expect(page.locator("#url-notes p")).to_have_count(2)
    page.evaluate("window.scrollTo(0, 0)")
    seats = [f"#{k}-{n}" for n in range(1, 4) for k in ("name", "kind")]
    for c in page.evaluate(CLEAR_JS, seats):
        assert c["clear"] and c["y"] < PHONE["height"], (lang, c)
    assert page.evaluate("scrollY") == 0, lang  # all in the first screen
    for sel in seats:
        box = page.locator(sel).bounding_box()
        assert box["y"] + box["height"] <= PHONE["height"], (lang, sel, box)
    page.locator("#players").select_option("4")
    for c in page.evaluate(CLEAR_JS, ["#name-4", "#kind-4"]):
        assert c["clear"], (lang, c)
    context.close()


def test_the_language_choice_is_at_the_top_of_the_set_up_and_switches_it(browser, site_url):
    """A third playtest (issue 39): a new player never found the language. At
    360x640 (touch) it is a 44 px choice in the set-up's header, a globe beside
    it, named "Language" in the page's language; chosen there, the set-up speaks
    Russian, then Italian and Polish, each time found by its new name, and English
    again."""
    from lostcode.web.shell.i18n import _, set_language

    names, heads = {}, {}
    for lang in ("en", "ru", "it", "pl"):
        set_language(lang)
        names[lang], heads[lang] = _("Language"), _("New game")
    set_language("en")
    context = browser.new_context(viewport=PHONE, base_url=site_url, has_touch=True)
    page = context.new_page()
    page.goto("/?lang=en")
    wait_engine_ready(page)
    now = "en"
    for lang in ("ru", "it", "pl", "en"):
        choice = page.get_by_role("combobox", name=names[now], exact=True)
        box, head = choice.bounding_box(), page.locator("header.site").bounding_box()
        assert box["height"] >= 44 and head["y"] == 0 and box["y"] >= 0, (now, box)
        assert box["y"] + box["height"] <= min(head["height"], 100), (now, box, head)
        icon = page.locator("header.site .lang-icon").bounding_box()
        assert icon["x"] + icon["width"] <= box["x"] + 2 and abs(
            (icon["y"] + icon["height"] / 2) - (box["y"] + box["height"] / 2)) <= 3, (icon, box)
        choice.select_option(lang)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        expect(page.get_by_role("heading", name=heads[lang], exact=True)).to_be_visible()
        now = lang
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    context.close()
