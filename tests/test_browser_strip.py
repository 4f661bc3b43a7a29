"""The strip of a game on a phone (issue 39, desk10): the language choice one
tap away (it is at the page's foot, under the game there), a 44 px target that
leaves the strip as tall as it was; the choice made, the game goes on where it
was, in the new language, the page at its top."""

import re

import pytest
from playwright.sync_api import expect
from test_browser_cand_icons import screen_at
from test_browser_sight import tr

from lostcode.rules.vocab import PHASE_CHANGE

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 640}
NEXT = {"en": "ru", "ru": "it", "it": "pl", "pl": "en"}
STRIP_JS = """() => { const r = document.getElementById("strip").getBoundingClientRect();
  const all = (s) => [...document.querySelectorAll(s)].map(e => e.getBoundingClientRect());
  const h = (s) => Math.max(...all(s).map(b => b.height));
  return {top: r.top, height: r.height, scroll: scrollY, seat: h("#strip li.seat"),
          globe: h("#strip li.strip-lang"), racks: all("#game svg.rack").map(b => b.top)}; }"""


def test_the_language_is_one_tap_from_a_phones_strip_and_the_game_goes_on(page):
    screen_at(page, PHONE, PHASE_CHANGE)
    heading = page.locator("#screen-h")
    who = re.match(r"\w+", heading.text_content()).group(0)  # the roller's name
    before = page.evaluate(STRIP_JS)
    lang = "en"
    for _round in range(4):
        strip = page.locator("#strip")
        globe = strip.get_by_role("button", name=tr(lang, "Language"), exact=True)
        expect(globe).to_be_in_viewport(ratio=1)
        box = globe.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, (lang, box)
        seen = page.evaluate(STRIP_JS)  # the globe's row sets no height of the strip's
        assert seen["globe"] <= seen["seat"] + 0.5 and seen["height"] == before["height"], seen
        globe.click()
        choice = page.get_by_role("combobox", name=tr(lang, "Language"))
        expect(choice).to_be_focused()
        expect(choice).to_be_in_viewport()
        choice.select_option(NEXT[lang])
        lang = NEXT[lang]
        expect(page.locator("html")).to_have_attribute("lang", lang)
        # the same screen of the same game, in the new language, the board back in sight
        expect(page.locator("#game")).to_have_attribute("data-screen", PHASE_CHANGE)
        expect(heading).to_contain_text(who)
        expect(page.get_by_role("button", name=tr(lang, "Keep the dice"))).to_be_visible()
        seen = page.evaluate(STRIP_JS)
        assert seen["scroll"] == 0 and seen["racks"] == before["racks"], (lang, seen, before)
    assert lang == "en"
