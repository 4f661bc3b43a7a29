"""A ninth new-player playtest's phone findings (fix15, issue 39), at 360x640
with touch: the help's second copy under the game, the check's pins that
vanished instead of travelling, the final candidates' "100%" past its button,
sticky panels that scrolled the page under a keyboard's focus."""

import json
import re

import pytest
from helpers import wait_engine_ready
from playwright.sync_api import expect
from test_browser_sight import tr

from lostcode.player.bots import Player
from lostcode.rules.engine import apply_action, legal_actions
from lostcode.rules.options import Options
from lostcode.rules.setup import new_game
from lostcode.rules.vocab import PHASE_GUESS
from lostcode.services.record import to_record

PHONE = {"width": 360, "height": 640}

pytestmark = pytest.mark.browser


def last_guess_record(seed=1):
    """Round 1 of a 3-player game (easy bots, every seat human in the record)
    stopped at its last bet: Ana and Bo have bet (both score, seed 1), Cy to bet."""
    s = new_game(Options(3), seed, ["Ana", "Bo", "Cy"])
    bots = [Player("easy", seed + p) for p in range(3)]
    while not (s.phase == PHASE_GUESS and len(s.queue) == 1):
        apply_action(s, bots[s.to_act].act(s, legal_actions(s)))
    return to_record(s, ["human"] * 3)


def phone(browser, site_url, reduced=False, lang="en"):
    """A phone with touch, the record imported, the last bettor's wheel screen open."""
    context = browser.new_context(viewport=PHONE, base_url=site_url, has_touch=True,
                                  is_mobile=True,
                                  reduced_motion="reduce" if reduced else "no-preference")
    page = context.new_page()
    page.goto("/?lang=" + lang)
    wait_engine_ready(page)
    page.get_by_label(tr(lang, "Import a game record")).set_input_files(files=[{
        "name": "g.json", "mimeType": "application/json",
        "buffer": json.dumps(last_guess_record()).encode()}])
    page.get_by_role("button", name=tr(lang, "Continue playing")).click()
    page.get_by_role("button", name=re.compile("^I am ")).click()
    expect(page.locator("#game")).to_have_attribute("data-screen", "guess")
    page.wait_for_function("() => !document.querySelector('#game [data-settling]')")
    return context, page


# every pin's disc and the track's spaces, in CSS px, once the check is drawn
PINS_JS = """() => {
  if (document.querySelector('#game')?.dataset.screen !== 'checks') return null;
  const track = document.querySelector('#game svg.track');
  if (!track) return null;
  const box = (n) => { const r = n.getBoundingClientRect();
                       return [r.left, r.top, r.right, r.bottom]; };
  const spaces = {};
  for (const c of track.querySelectorAll('.cell[data-space]'))
    spaces[c.dataset.space] = box(c.querySelector('circle'));
  const pins = [...track.querySelectorAll('.marker')].map((m) => ({
    seat: m.getAttribute('class'), space: m.dataset.space, from: m.dataset.from || null,
    disc: box(m.querySelector('circle')),
    moving: m.getAnimations().length > 0}));
  return {pins, spaces, pitch: spaces['1'][0] - spaces['0'][0]};
}"""


def stands_at(disc, space, pitch):
    """A pin stands at a space: its disc over the space's circle (within a
    space's pitch sideways: pins on one space stand side by side)."""
    cx, cy = (disc[0] + disc[2]) / 2, (disc[1] + disc[3]) / 2
    sx = (space[0] + space[2]) / 2
    return abs(cx - sx) <= 1.2 * pitch and space[1] - pitch < cy < space[1]


def apart(pins):
    for i, a in enumerate(pins):
        for b in pins[i + 1:]:
            da, db = a["disc"], b["disc"]
            wide = min(da[2], db[2]) - max(da[0], db[0])
            high = min(da[3], db[3]) - max(da[1], db[1])
            assert wide <= 1 or high <= 1, (a, b)


def confirm_and_sample(page):
    page.get_by_role("button", name=re.compile("^Confirm ")).click()
    return page.wait_for_function(PINS_JS, polling="raf").json_value()


def test_the_checks_pins_travel_from_their_old_spaces_moment(browser, site_url):
    """A ninth playtest (150-152): for ~0.4 s after "Round 1: check results"
    some pins were gone from the track, then stood at their new spaces (two
    movers from space 0 were sent back exactly onto each other and onto the
    one that stayed). In the check's first frame every pin is drawn, at its
    old space (data-from) or its new one (data-space), none over another; a
    pin that scored nothing has no move; then each stands at its new space."""
    context, page = phone(browser, site_url)
    got = confirm_and_sample(page)
    pins, spaces, pitch = got["pins"], got["spaces"], got["pitch"]
    assert len(pins) == 3, pins
    movers = [p for p in pins if p["from"] is not None]
    assert len([p for p in movers if p["from"] == "0"]) >= 2, pins  # Ana and Bo (seed 1)
    for p in pins:
        at = [s for s in (p["space"], p["from"]) if s is not None]
        assert any(stands_at(p["disc"], spaces[s], pitch) for s in at), (p, spaces)
        if p["from"] is None:
            assert not p["moving"] and stands_at(p["disc"], spaces[p["space"]], pitch), p
    apart(pins)
    page.wait_for_function("() => document.getAnimations().length === 0")
    end = page.evaluate(PINS_JS)
    for p in end["pins"]:
        assert stands_at(p["disc"], end["spaces"][p["space"]], end["pitch"]), p
    apart(end["pins"])
    context.close()


def test_under_reduced_motion_the_checks_pins_stand_at_their_new_spaces_at_once(browser, site_url):
    """Reduced motion: the check's first frame is its end (no move, no blink)."""
    context, page = phone(browser, site_url, reduced=True)
    got = confirm_and_sample(page)
    for p in got["pins"]:
        assert not p["moving"] and stands_at(p["disc"], got["spaces"][p["space"]], got["pitch"]), p
    apart(got["pins"])
    context.close()


CAND_JS = """() => [...document.querySelectorAll('#screen .buttons.cand .btn')].map((b) => {
  const r = b.getBoundingClientRect();
  const note = b.querySelector('.btn-note');
  const n = note ? note.getBoundingClientRect() : null;
  return {name: b.getAttribute('aria-label') || b.textContent, w: r.width, h: r.height,
          sw: b.scrollWidth, cw: b.clientWidth, box: [r.left, r.right],
          note: n && [n.left, n.right], size: note && parseFloat(getComputedStyle(note).fontSize)};
})"""


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_final_candidates_chance_stays_inside_its_button_R_E1(page, lang):
    """A ninth playtest (088): the "0" value's "100%" ran 1.5 px past its button
    (scrollWidth 45 > clientWidth 42). Every value's chance lies inside its
    button, >= 11 px, each button >= 44x44, no sideways scroll (en, ru)."""
    from test_browser_desk import bot_record, import_record

    from lostcode.rules.vocab import PHASE_FINAL

    page.set_viewport_size(PHONE)
    page.goto("/")
    wait_engine_ready(page)
    import_record(page, bot_record(stop=PHASE_FINAL, seed=2))  # "0" at 33, 50 and 100 %
    page.get_by_role("button", name="Continue playing").click()
    unlock = page.get_by_role("button", name=re.compile("^I am "))
    expect(unlock).to_be_visible()
    unlock.click()
    expect(page.locator("#game")).to_have_attribute("data-screen", "final")
    if lang != "en":
        page.get_by_role("combobox", name="Language").select_option(lang)
        expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator("#screen .buttons.cand .btn-note").first).to_be_visible()
    buttons = page.evaluate(CAND_JS)
    assert len(buttons) == 48, len(buttons)  # 6 symbols x values 0-7
    zeros = [b for b in buttons if b["note"] and b["box"][0] < 20]  # the first column's
    assert len(zeros) == 3, buttons
    for b in buttons:
        assert b["sw"] <= b["cw"], b
        assert b["w"] >= 44 and b["h"] >= 44, b
        if b["note"]:
            assert b["box"][0] <= b["note"][0] and b["note"][1] <= b["box"][1], b
            assert b["size"] >= 11, b
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_the_help_is_once_on_a_phone_and_opens_from_the_bar(browser, site_url):
    """The eighth and ninth playtests (159): scrolled to its foot the phone's page
    held the expert's answer and the deduction sheet again, and two "Ask the
    expert" buttons. Closed, nothing of the help is in the page (not even
    hidden in the flow): the page ends where the game does; the bar's Help
    (aria-controls names the dock) opens it by keyboard, its suggestion in the
    first viewport; closed again, it is gone again."""
    context, page = phone(browser, site_url)
    dock = page.locator("#help-dock")
    expect(dock).to_be_hidden()
    assert page.evaluate("document.getElementById('help-dock').getClientRects().length") == 0
    expect(page.get_by_role("button", name="Ask the expert")).to_have_count(1)  # the bar's
    expect(page.get_by_role("button", name="Use this suggestion")).to_have_count(0)
    bar = page.locator("#screen .actionbar")
    help_btn = bar.get_by_role("button", name="Help", exact=True)
    assert help_btn.get_attribute("aria-controls") == "help-dock"
    help_btn.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#help-dock.open")).to_be_visible()
    expect(dock.get_by_role("button", name="Use this suggestion")).to_be_in_viewport(ratio=1)
    expect(dock.get_by_role("button", name="Expert")).to_be_visible()
    dock.get_by_role("button", name="Close the help").click()
    expect(dock).to_be_hidden()
    expect(page.get_by_role("button", name="Ask the expert")).to_have_count(1)
    context.close()


def test_pause_at_4x_holds_through_a_change_of_view(browser, site_url):
    """A ninth playtest (094 -> 095): at 4x, Pause, "As seen by" Player 1 and Next
    twice took the counter from 17 to 31. By finger taps: after Pause the count
    stays; the view's change keeps it; each Next moves it one step (the model's
    own Next, viewer.Replay), and nothing moves by itself after."""
    from test_browser_sight import finger_tap, watch_on_a_phone

    from lostcode.web import actions
    from lostcode.web.game.viewer import Replay, step_count

    context, page, rec = watch_on_a_phone(browser, site_url, "solo.json")
    page.wait_for_function("() => !document.querySelector('#game [data-settling]')")
    sheet = page.locator("#screen .bottom-sheet")
    count = sheet.get_by_role("status").first

    def where():
        return int(page.locator("#game").get_attribute("data-step")), count.text_content()

    finger_tap(page, sheet.get_by_role("button", name="Speed 4×"))
    expect(sheet.get_by_role("button", name="Speed 4×")).to_have_attribute("aria-pressed", "true")
    finger_tap(page, sheet.get_by_role("button", name="Play the moves"))
    page.wait_for_function("Number(document.querySelector('#game').dataset.step) >= 4",
                           timeout=20_000)
    finger_tap(page, sheet.get_by_role("button", name="Pause", exact=True))
    expect(sheet.get_by_role("button", name="Play the moves", exact=True)).to_be_visible()
    held = where()
    page.wait_for_timeout(1_000)  # 2.5 steps at 4x
    assert where() == held
    model = Replay(rec)
    model.go(held[0])
    if step_count(model) != held[1]:
        model.held = True  # a bet shown before its check
    assert step_count(model) == held[1], held
    name = rec["players"][0]["name"]
    view = sheet.get_by_role("button", name=f"As {name} saw it")
    page.wait_for_timeout(400)  # past its settle after the last drawing
    finger_tap(page, view)
    expect(view).to_have_attribute("aria-pressed", "true")
    assert where() == held
    for _k in (1, 2):
        page.wait_for_timeout(400)
        finger_tap(page, sheet.get_by_role("button", name="Next move", exact=True))
        model.do(actions.WATCH_NEXT)
        expect(count).to_have_text(step_count(model))
        expect(page.locator("#game")).to_have_attribute("data-step", str(model.step))
    page.wait_for_timeout(1_000)
    assert where() == (model.step, step_count(model))
    context.close()
