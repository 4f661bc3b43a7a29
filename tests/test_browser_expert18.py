""""Play the expert's move" on a phone (fix18b, issue 39), 360x640 with touch,
driven by role and name.

A twelfth playtest: Chances had "Use this suggestion", the expert no such
button, so the player set W5 and 9–13 by hand. Now the Expert tab's answer
(each line with its figures, the chosen move's too) has "Play the expert's
move": one tap sets the choice, not confirmed, and on a phone closes the help
so the question panel shows it (the wheel pressed, the range) and Confirm
names it. Solo seed 4242 (you, expert, hard), round 1: the expert takes W7 0–6
(R-G1: a wheel and a range of the ring); the player picked W5 first.
"""

import os
import re

import pytest
from helpers import wait_engine_ready
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SOLO = "?players=3&seats=human,expert,hard&seed=4242&motion=reduce"
SHOTS = "/tmp/fix18b"
WORDS = {
    "en": {"play": "Play", "help": "Help", "expert": "Ask the expert", "confirm": "Confirm",
           "move": "The expert's move: W7 0–6: right 60%, 1.2 VP expected",
           "button": "Play the expert's move", "range": "Range: 0–6"},
    "ru": {"play": "Играть", "help": "Помощь", "expert": "Спросить эксперта",
           "confirm": "Подтвердить",
           "move": "Ход эксперта: диск W7, 0–6: верно с шансом 60\u202f%, ожидается 1,2 ПО",
           "button": "Сыграть ход эксперта", "range": "Диапазон: 0–6"},
}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_play_the_experts_move_sets_the_wheel_and_range_R_G1(browser, site_url, lang):
    w = WORDS[lang]
    context = browser.new_context(viewport={"width": 360, "height": 640}, has_touch=True,
                                  is_mobile=True)
    page = context.new_page()
    page.goto(site_url + SOLO + "&lang=" + lang)
    wait_engine_ready(page)
    page.locator("#setup").get_by_role("button", name=w["play"], exact=True).click()
    confirm = page.locator("#screen .actionbar").get_by_role(
        "button", name=re.compile("^" + w["confirm"] + " W"))
    expect(confirm).to_be_visible(timeout=60000)
    page.wait_for_function("!document.querySelector('#game [data-settling]')")
    page.get_by_role("button", name=re.compile(r"^W5 ")).tap()  # the player's own pick first
    expect(confirm).to_have_accessible_name(re.compile(" W5 · "))
    # the bar's Expert: the help open on its tab, the expert asked
    page.locator("#screen .actionbar").get_by_role("button", name=w["expert"], exact=True).tap()
    dock = page.locator("#help-dock")
    play = dock.get_by_role("button", name=w["button"], exact=True)
    expect(play).to_be_visible(timeout=120000)
    expect(dock.locator(".expert-move")).to_have_text(w["move"])
    others = dock.locator(".expert-others li")
    assert others.count() == 2
    lines = [w["move"]] + others.all_inner_texts()
    assert len(set(lines)) == len(lines), lines  # each line its own figures
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=f"{SHOTS}/expert-{lang}.png")
    play.tap()
    # one tap: the choice set, not confirmed; the help closed, the panel shows it
    expect(dock.locator(".expert-move")).to_be_hidden()
    helper = page.locator("#screen .actionbar").get_by_role("button", name=w["help"],
                                                            exact=True)
    expect(helper).to_have_attribute("aria-expanded", "false")
    w7 = page.locator("#screen").get_by_role("button", name=re.compile(r"^W7 "))
    expect(w7).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#screen").get_by_text(w["range"]).first).to_be_visible()
    expect(confirm).to_have_accessible_name(w["confirm"] + " W7 · 0–6")
    expect(confirm).to_be_visible()
    expect(page.locator("#screen .ring-grid")).to_be_visible()  # still this screen: not played
    page.screenshot(path=f"{SHOTS}/played-{lang}.png")
    context.close()
