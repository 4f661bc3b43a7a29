"""A seventh new-player playtest (fix12, issue 39), at 360x640: the open help
left only the wheel screen's confirm in sight (the wheels, the ring and -/+
under it; since help17 the help is in the question panel's place, under every
rack, the choice back once it closes), the Sheet took two taps (Help, then its
tab), the keep-or-turn panel took 56 % of the screen, the final candidates'
grid touched the right edge and the handoff panel had ~35 px of nothing in it."""

import re

import pytest
from helpers import wait_engine_ready
from play import UIGame
from playwright.sync_api import expect
from test_browser_cand_icons import screen_at
from test_browser_desk import import_record
from test_browser_replace_help import solo_record_at_my_replacement
from test_browser_sight import tr

from lostcode.rules.vocab import PHASE_CHANGE, PHASE_FINAL, PHASE_GUESS, PHASE_REPLACE

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 640}


def switch(page, lang):
    page.locator("#lang").select_option(lang)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    page.evaluate("window.scrollTo(0, 0)")  # the menu is under the game on a phone


def bar_button(page, lang, msg):
    return page.locator("#screen .actionbar").get_by_role("button", name=tr(lang, msg), exact=True)


def racks_over_the_help_and_the_bar_under_it(page):
    """help17 (an eleventh playtest: the help over Player 3's rack and Rack A): on a
    phone the open help lies in the question panel's place, under every rack (each
    whole in the viewport), its foot on the bar's sheet, the confirm in sight."""
    dock = page.locator("#help-dock.open").bounding_box()
    racks = page.evaluate("[...document.querySelectorAll('#game svg.rack')].map(r => "
                          "[r.getBoundingClientRect().top, r.getBoundingClientRect().bottom])")
    assert len(racks) == 4, racks
    for top, bottom in racks:
        assert top >= 0 and bottom <= dock["y"] + 1, (racks, dock)
    sheet = page.locator("#screen .bottom-sheet").bounding_box()
    assert dock["y"] + dock["height"] <= sheet["y"] + 1, (dock, sheet)
    expect(page.locator("#screen .actionbar .btn.primary")).to_be_in_viewport(ratio=1)


def test_the_chances_and_the_whole_wheel_choice_share_the_screen(page):
    """The Chances tab open on the wheel screen (R-G1): its suggestion and "Use this
    suggestion" in the first viewport, every rack above the help and the confirm
    under it (help17: the wheels, the ring and -/+ give way to the help, fix12 kept
    them under a third-of-the-screen help over the racks), in English and in
    Russian; closed, the whole choice is back in sight."""
    screen_at(page, PHONE, PHASE_GUESS)
    for lang in ("en", "ru"):
        switch(page, lang)
        if page.locator("#help-dock.open").count() == 0:
            bar_button(page, lang, "Help").click()
        dock = page.locator("#help-dock")
        expect(dock.get_by_role("button", name=tr(lang, "Chances"))).to_have_attribute(
            "aria-pressed", "true")
        expect(dock.locator(".suggestion").first).to_be_in_viewport(ratio=1)
        # an eighth playtest: its button too, with no scroll inside the help
        expect(dock.get_by_role("button", name=tr(lang, "Use this suggestion"))).to_be_in_viewport(
            ratio=1)
        racks_over_the_help_and_the_bar_under_it(page)
        expect(page.locator("#screen .wheel-btn").first).to_be_hidden()
        bar_button(page, lang, "Help").click()  # closed: the choice back in its place
        wheels = page.get_by_role("button", name=re.compile(r"^W\d+ "))
        expect(wheels.first).to_be_visible()
        assert wheels.count() >= 6
        for i in range(wheels.count()):
            expect(wheels.nth(i)).to_be_in_viewport(ratio=1)
        ring = page.locator("#screen .ring-grid button[aria-pressed=true]")
        expect(ring.first).to_be_in_viewport(ratio=1)
        for msg in ("Lower the range by one", "Raise the range by one"):
            expect(page.get_by_role("button", name=tr(lang, msg))).to_be_in_viewport(ratio=1)
        expect(page.locator("#screen .actionbar .btn.primary")).to_be_in_viewport(ratio=1)


def test_the_final_candidates_stay_in_sight_under_the_open_help(page):
    """R-E1: with the help open every rack stays above it and the confirm under it
    (help17); closed, the six rows of candidates are back in sight."""
    screen_at(page, PHONE, PHASE_FINAL)
    bar_button(page, "en", "Help").click()
    expect(page.locator("#help-dock.open")).to_be_visible()
    racks_over_the_help_and_the_bar_under_it(page)
    rows = page.locator("#screen .buttons.cand")
    expect(rows).to_have_count(6)
    bar_button(page, "en", "Help").click()
    for i in range(6):
        expect(rows.nth(i)).to_be_in_viewport(ratio=1)
    expect(page.locator("#screen .actionbar .btn.primary")).to_be_in_viewport(ratio=1)


def test_the_expert_beside_the_stones_a_replacement_chooses_from_R_P1(page):
    """An eighth playtest: with the Expert tab open on the replacement screen its
    help covered the six "Replace the ... stone" buttons. Now (help17) it lies in
    their place under every rack, whose stones it names (R-P1); closed, the six
    are back in the first viewport."""
    page.set_viewport_size(PHONE)
    page.goto("/")
    wait_engine_ready(page)
    import_record(page, solo_record_at_my_replacement())
    page.get_by_role("button", name="Continue playing").click()
    expect(page.locator("#game")).to_have_attribute("data-screen", PHASE_REPLACE)
    bar_button(page, "en", "Ask the expert").click()
    dock = page.locator("#help-dock.open")
    expect(dock).to_be_visible()
    racks_over_the_help_and_the_bar_under_it(page)
    stones = page.locator("#screen .bottom-sheet").get_by_role(
        "button", name=re.compile(r"^Replace the "))
    expect(stones).to_have_count(0)  # the help in their place
    bar_button(page, "en", "Help").click()
    expect(stones).to_have_count(6)
    for i in range(6):
        expect(stones.nth(i)).to_be_in_viewport(ratio=1)
    expect(page.locator("#screen .actionbar .btn.primary")).to_be_in_viewport(ratio=1)


@pytest.mark.parametrize("stop", [PHASE_CHANGE, PHASE_GUESS, PHASE_FINAL])
def test_the_sheet_is_one_tap_from_the_bar_which_stays_one_row(page, stop):
    """Every private screen's bar has its own Sheet button: one tap opens the
    help on the deduction sheet; the bar keeps one row of 44 px targets at
    most 64 px tall in every language (59 px before on the wheel screen in en)."""
    screen_at(page, PHONE, stop)
    for lang in ("en", "ru", "it", "pl"):
        switch(page, lang)
        bar = page.locator("#screen .actionbar")
        sheet = bar_button(page, lang, "Your deduction sheet")
        expect(sheet).to_have_text(tr(lang, "Sheet"))
        box = sheet.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, (lang, box)
        assert bar.bounding_box()["height"] <= 64, (lang, bar.bounding_box())
        for b in bar.get_by_role("button").all():
            r = b.bounding_box()
            assert r["width"] >= 44 and r["height"] >= 44 and r["x"] + r["width"] <= 360, (lang, r)
    sheet.click()
    tab = page.locator("#help-dock").get_by_role("button", name=tr("pl", "Sheet"), exact=True)
    expect(tab).to_have_attribute("aria-pressed", "true")
    expect(sheet).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#screen .actionbar .btn.primary")).to_be_in_viewport(ratio=1)


def test_the_keep_or_turn_panel_is_a_third_of_the_phone_R_R1c(page):
    """The keep-or-turn screen: one row of the three dice, a tap on one opens
    its five faces in place, every rack (Rack A too) above the panel, the panel
    at most 34 % of 640 px in every language: closed, opened and chosen; the
    expert's "die 3" is a die whose number shows."""
    screen_at(page, PHONE, PHASE_CHANGE)
    for lang in ("en", "ru", "it", "pl"):
        switch(page, lang)
        die = page.get_by_role("button", name=re.compile("^" + tr(lang, "Die {die}: {sym}")
                                                         .split("{die}")[0] + "3: "))
        expect(die).to_have_count(1)
        expect(die).to_contain_text("3")
        if die.get_attribute("aria-expanded") == "true":
            die.click()  # folded again (another language's pass opened it)
        for step in ("closed", "opened", "chosen"):
            if step == "opened":
                die.click()
                expect(die).to_have_attribute("aria-expanded", "true")
                faces = page.locator("#screen .dice-pick > .btn:not([aria-expanded])")
                expect(faces).to_have_count(5)
            if step == "chosen":
                faces.first.click()
                expect(faces.first).to_have_attribute("aria-pressed", "true")
            sheet = page.locator("#screen .bottom-sheet").bounding_box()
            assert sheet["height"] <= 640 * 0.34, (lang, step, sheet)
            racks = page.locator("#game .racks > svg")
            last = racks.nth(racks.count() - 1).bounding_box()
            assert 0 <= last["y"] and last["y"] + last["height"] <= sheet["y"], (lang, step, last)
            for b in page.locator("#screen .bottom-sheet button").all():
                r = b.bounding_box()
                assert r["width"] >= 44 and r["height"] >= 44, (lang, step, r)
        die.click()  # folded: the three dice again, the face kept
        expect(page.get_by_role("button", name=re.compile(r"^" + re.escape(
            tr(lang, "Confirm: turn die {die} to {sym}").split("{die}")[0]) + "3"))).to_be_visible()


HANDOFF_JS = """() => {
  const sheet = document.querySelector('#screen .bottom-sheet'), r = sheet.getBoundingClientRect();
  const box = (e) => document.querySelector(e).getBoundingClientRect();
  const kids = [...sheet.children].map((k) => k.getBoundingClientRect().bottom);
  return {panel: r.bottom - parseFloat(getComputedStyle(sheet).borderBottomWidth),
          content: Math.max(...kids), bar: box('#screen .bottom-sheet > .actionbar').bottom,
          lines: box('#screen .bottom-sheet > p').top}; }"""


def test_a_handoff_after_a_confirm_is_its_contents_size(browser, base_url):
    """The handoff drawn by a wheel's confirm at the foot of the screen (the
    playtest's 119): "I am NAME" kept off that press (issue 25), its two lines
    right under it and the panel no taller than them (35-69 px of it were empty)."""
    context = browser.new_context(viewport=PHONE, has_touch=True, base_url=base_url)
    page = context.new_page()
    game = UIGame(page, ["Ann", "Ben", "Cy"], seed=99)
    game.start(wait_first=True)
    game.click("Roll the dice")
    game.click("I am Ann")
    game.click("Keep the dice")
    confirm = page.locator("#screen .actionbar .btn.primary")
    expect(confirm).to_contain_text("pass to Ben")
    page.wait_for_timeout(1200)  # the screen's controls take taps
    box = confirm.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.touchscreen.tap(x, y)
    unlock = page.get_by_role("button", name="I am Ben")
    expect(unlock).to_be_visible()
    page.wait_for_timeout(600)
    got = page.evaluate(HANDOFF_JS)
    assert got["lines"] - got["bar"] <= 8, got
    assert got["panel"] - got["content"] <= 12, got
    u = unlock.bounding_box()
    assert not (u["y"] <= y <= u["y"] + u["height"]), (u, y)
    context.close()
