"""A fifth new-player playtest (issue 39, bar9): what only the browser lays
out. At 360x640 in en, ru, it and pl: the final candidates' question asked in
the bar ("Confirm with no candidate for ...?", R-E1, R-E2) over its answers,
Back and Yes each at least 44x44 with their whole text, the racks in sight;
the keep/turn bar (R-R1c) once a face is chosen, each button's words on at
most two lines; a replay's controls in one place from step to step, and a
speed tapped while another plays taking effect. At 1280x800 the help opens in
sight beside the choice and the sticky bar stays within its card."""

import re

import pytest
from playwright.sync_api import expect
from test_browser_cand_icons import overlaps, screen_at
from test_browser_desk import DESK
from test_browser_viewer import open_import, record

from lostcode.rules.vocab import PHASE_CHANGE, PHASE_FINAL

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 640}
LAPTOP = {"width": 1366, "height": 768}  # a common laptop (desk11)
LANGS = ("en", "ru", "it", "pl")
BAR_JS = """() => { const box = (e) => { const r = e.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom]; };
  const bar = document.querySelector("#screen .bottom-sheet .actionbar");
  const lines = (b) => { const s = b.querySelector("span") || b;
    const lh = parseFloat(getComputedStyle(s).lineHeight) || 16;
    return Math.round(s.getBoundingClientRect().height / lh); };
  return { bar: box(bar), width: innerWidth, height: innerHeight,
    label: bar.querySelector(".group-label") ? box(bar.querySelector(".group-label")) : null,
    buttons: [...bar.querySelectorAll("button")].map((b) => ({ name: b.textContent.trim(),
      box: box(b), lines: lines(b),
      whole: b.scrollWidth <= b.clientWidth + 1 && b.scrollHeight <= b.clientHeight + 1 })),
    racks: [...document.querySelectorAll("#game svg.rack")].map(box) }; }"""


def each_language(page):
    """The screen as drawn in each language, the menu's choice redrawing it."""
    for lang in LANGS:
        page.locator("#lang").select_option(lang)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        page.evaluate("window.scrollTo(0, 0)")  # the menu is under the game on a phone
        yield lang, page.evaluate(BAR_JS)


def test_the_final_candidates_question_and_its_answers_whole_R_E1(page):
    screen_at(page, PHONE, PHASE_FINAL)
    page.locator("#screen .actionbar .btn.primary").click()  # every symbol empty: asked
    question = re.compile("^Confirm with no candidates? for")
    expect(page.get_by_role("group", name=question)).to_be_visible()
    # asked in the bar: the page unmoved, every rack above the sheet in sight
    assert page.evaluate("scrollY") == 0 and page.evaluate(BAR_JS)["racks"][0][1] >= 0
    for lang, seen in each_language(page):
        answers = seen["buttons"][:2]
        for b in answers:
            w, h = b["box"][2] - b["box"][0], b["box"][3] - b["box"][1]
            assert w >= 44 and h >= 44 and b["whole"], (lang, b)
            assert b["box"][2] <= seen["width"] + 0.5, (lang, b)
            assert b["box"][3] <= seen["height"] + 0.5, (lang, b)
        assert seen["label"][3] <= answers[0]["box"][1] + 0.5, (lang, seen)  # the question above
        assert seen["racks"] and seen["racks"][0][1] >= 0, (lang, seen)  # the board not scrolled


def test_the_keep_or_turn_bar_reads_in_two_lines_a_button_R_R1c(page):
    screen_at(page, PHONE, PHASE_CHANGE)
    page.get_by_role("button", name=re.compile(r"^Die 1: ")).click()  # its faces (fix12)
    page.get_by_role("button", name=re.compile(r"^Turn die 1 to ")).first.click()
    expect(page.get_by_role("button", name=re.compile("^Confirm: turn die"))).to_be_visible()
    for lang, seen in each_language(page):
        for b in seen["buttons"][:2]:
            assert b["lines"] <= 2 and b["whole"], (lang, b)
            assert b["box"][3] - b["box"][1] >= 44 and b["box"][2] - b["box"][0] >= 44, (lang, b)


REPLAY_JS = """() => [...document.querySelectorAll("#screen .bottom-sheet button")]
  .filter((b) => b.dataset.act !== "watch_view").map((b) => {
    const r = b.getBoundingClientRect();
    return [b.getAttribute("aria-label") || b.textContent.trim(), r.left, r.top]; })"""


def test_a_replays_controls_stay_put_and_a_speed_tapped_while_playing_acts(page):
    page.set_viewport_size(PHONE)
    open_import(page, record())
    page.get_by_role("button", name="Next move").click()
    first = page.evaluate(REPLAY_JS)
    for _ in range(11):  # moves, bets and their checks: words of one to three lines
        page.get_by_role("button", name="Next move").click()
        now = page.evaluate(REPLAY_JS)  # each control where it was (activation.STEADY_PX)
        assert [n[0] for n in now] == [n[0] for n in first], now
        for a, b in zip(now, first, strict=True):
            assert abs(a[1] - b[1]) <= 4 and abs(a[2] - b[2]) <= 4, (a, b)
    page.get_by_role("button", name="Speed 4×").click()
    page.get_by_role("button", name="Play the moves").click()
    for speed in ("1", "2", "4", "1"):  # while it plays, each speed at once
        chosen = page.get_by_role("button", name="Speed " + speed + "×")
        chosen.click()
        expect(chosen).to_have_attribute("aria-pressed", "true")


HELP_JS = """() => { const box = (e) => { const r = e.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom]; };
  const dock = document.querySelector(".help-dock.open");
  const shown = [...dock.querySelectorAll(".help-tabs ~ * *, .help-tabs ~ *")]
    .filter((e) => e.children.length === 0)
    .filter((e) => e.getBoundingClientRect().height > 4 && e.getBoundingClientRect().width > 4);
  return { dock: box(dock), screen: box(document.getElementById("screen")),
    bar: box(document.querySelector("#screen .actionbar")),
    // the highest drawn (the sheet's grid is drawn first, not first in the DOM)
    first: shown.length ? shown.map(box).sort((a, b) => a[1] - b[1])[0] : null }; }"""


def test_desk_help_opens_in_sight_beside_the_choice_and_the_bar_in_its_card(page):
    screen_at(page, DESK, PHASE_FINAL)
    seen = page.evaluate(HELP_JS)
    assert seen["screen"][0] <= seen["bar"][0] and seen["bar"][2] <= seen["screen"][2], seen
    for tab in ("Expert", "Sheet", "Chances"):
        button = page.get_by_role("button", name=tab, exact=True)
        button.click()
        expect(button).to_have_attribute("aria-pressed", "true")
        seen = page.evaluate(HELP_JS)
        # desk10: beside the choice, in the board's right third beside the track
        assert seen["dock"][0] >= seen["screen"][2] and seen["dock"][3] <= DESK["height"], seen
        first = seen["first"]  # the tab's content begins in sight...
        assert first and 0 <= first[1] and first[3] <= DESK["height"], (tab, seen)
        bar = seen["bar"]  # ...with the choice's confirm
        assert bar[3] <= DESK["height"] and bar[1] >= 0, (tab, seen)


# desk10: the expert's answer and the screen's confirm, where they are drawn.
ANSWER_JS = """() => { const box = (e) => { const r = e.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom]; };
  const move = document.querySelector("#help-dock .expert-move");
  return { scroll: scrollY, move: move ? box(move) : null,
    dock: box(document.getElementById("help-dock")),
    confirm: box(document.querySelector("#screen .actionbar .btn.primary")),
    track: box(document.querySelector("#table svg.track")),
    racks: [...document.querySelectorAll("#table svg.rack")].map(box) }; }"""


@pytest.mark.parametrize("size", [DESK, LAPTOP, {"width": 1920, "height": 1080}],
                         ids=["1280", "1366", "1920"])
def test_desk_experts_answer_opens_beside_the_choice_in_the_first_viewport(page, size):
    """desk10 (issue 39: at 1280x800 "Ask the expert" on the dice screen, R-R1c,
    answered at y = 696 of 800, the page scrolled to it, while the board's
    right third beside the track stood empty): the answer's first line and the
    screen's confirm ("Keep the dice") are both in the first viewport, the page
    not scrolled, and every rack where it was before the help opened.
    desk11: at 1366x768 too (the help ran to y = 825, under the choice)."""
    screen_at(page, size, PHASE_CHANGE)
    before = page.evaluate(ANSWER_JS)
    page.get_by_role("button", name="Ask the expert", exact=True).click()
    expect(page.locator("#help-dock .expert-move")).to_be_visible(timeout=30_000)
    seen = page.evaluate(ANSWER_JS)
    assert seen["scroll"] == 0, seen
    move, confirm = seen["move"], seen["confirm"]
    assert 0 <= move[1] and move[3] <= size["height"], seen
    assert 0 <= confirm[1] and confirm[3] <= size["height"], seen
    assert seen["dock"][3] <= size["height"], seen  # the whole help in sight (it ran to 840)
    assert seen["racks"] == before["racks"], (before["racks"], seen["racks"])
    for rack in seen["racks"]:  # the help covers no rack and no part of the track
        assert not overlaps(seen["dock"], rack), (seen["dock"], rack)
    assert not overlaps(seen["dock"], seen["track"]), seen


# desk11: each wheel drawn (its name read by role), its "N VP", in page px.
WHEELS_JS = """(names) => { const box = (e) => { const r = e.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom]; };
  return { width: innerWidth, scrollWidth: document.documentElement.scrollWidth,
    table: box(document.getElementById("table")), screen: box(document.getElementById("screen")),
    dock: box(document.getElementById("help-dock")),
    racks: [...document.querySelectorAll("#table svg.rack")].map(box),
    track: box(document.querySelector("#table svg.track")),
    piles: box(document.querySelector("#table svg.extras")),
    wheels: names.map((n) => { const g = [...document.querySelectorAll(
        "#table svg.wheels [role=img]")].find((e) => e.getAttribute("aria-label") === n);
      const t = g.querySelector("text.wheel-vp"), m = t.getScreenCTM();
      return { disc: box(g.querySelector(".wheel-disc")), label: box(t),
        px: parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b) }; }) }; }"""


@pytest.mark.parametrize("size", [DESK, LAPTOP], ids=["1280", "1366"])
def test_desk_wheels_read_across_a_table_beside_the_help(page, size):
    """desk11 (issue 39, a sixth playtest at 1280x800: the wheels 40 px wide,
    their "5 VP" 12.2 px, too small across a table; R-G1's wheels are what a bet
    is made of): every wheel's disc at least 56 px wide and its VP at least
    14 px, all seven within the board and the screen, no sideways scroll; the
    help, opened on the expert's answer, covers none of them, nor the piles,
    the racks or the track."""
    screen_at(page, size, PHASE_CHANGE)
    wheels = page.get_by_role("img", name=re.compile(r"^W\d+: "))
    expect(wheels).to_have_count(7)
    names = [wheels.nth(i).get_attribute("aria-label") for i in range(7)]
    page.get_by_role("button", name="Ask the expert", exact=True).click()
    expect(page.locator("#help-dock .expert-move")).to_be_visible(timeout=30_000)
    seen = page.evaluate(WHEELS_JS, names)
    assert seen["scrollWidth"] <= seen["width"], seen
    for name, w in zip(names, seen["wheels"], strict=True):
        assert w["disc"][2] - w["disc"][0] >= 56, (name, w)
        assert w["px"] >= 14, (name, w)
        for part in (w["disc"], w["label"]):
            assert seen["table"][0] <= part[0] and part[2] <= seen["table"][2], (name, seen)
            assert 0 <= part[1] and part[3] <= size["height"], (name, seen)
            assert not overlaps(seen["dock"], part), (name, seen["dock"], part)
    for part in [seen["piles"], seen["track"], *seen["racks"]]:
        assert not overlaps(seen["dock"], part), (seen["dock"], part)


@pytest.mark.parametrize("size", [DESK, LAPTOP], ids=["1280", "1366"])
def test_desk_help_not_yet_asked_waits_under_the_choice(page, size):
    """desk11 (issue 39: at 1280x800 the help's tabs, not yet used, stood at the
    board's lower right, y = 531-637, far from the choice, R-R1c): until a tab's
    answer is asked, the help's tabs and "Ask the expert" are in the screen's
    column right under the choice's controls; asked, the answer opens beside
    the track, the choice and its confirm in sight beside it."""
    screen_at(page, size, PHASE_CHANGE)
    screen = page.locator("#screen").bounding_box()
    confirm = page.get_by_role("button", name="Keep the dice").bounding_box()
    for control in (page.get_by_role("button", name="Expert", exact=True),
                    page.get_by_role("button", name="Sheet", exact=True),
                    page.get_by_role("button", name="Ask the expert", exact=True)):
        b = control.bounding_box()
        assert screen["x"] <= b["x"] and b["x"] + b["width"] <= screen["x"] + screen["width"], b
        bottom = screen["y"] + screen["height"]
        assert bottom <= b["y"] <= bottom + 120 and b["y"] + b["height"] <= size["height"], b
    page.get_by_role("button", name="Ask the expert", exact=True).click()
    move = page.locator("#help-dock .expert-move")
    expect(move).to_be_visible(timeout=30_000)
    b = move.bounding_box()
    assert b["x"] >= screen["x"] + screen["width"] and b["y"] + b["height"] <= size["height"], b
    assert page.get_by_role("button", name="Keep the dice").bounding_box() == confirm
