"""Saves that survive a second tab and a full disk (issue 12), in Chromium:
two pages of one browser context share localStorage like two tabs.

- Tab A plays one game while tab B starts another: neither game is lost or
  rolled back (each game has its own key).
- Both tabs on one game: when A saves newer moves, B says "This game went on
  in another tab" (at once, by the `storage` event) and never writes its
  older copy; "Continue from the newest" picks up A's moves.
- Storage full: the failed write is shown at once with the record to
  download and finished games (with sizes) to delete; after deleting one the
  game is saved again, and a reload resumes the latest move.
"""

import json
import os
import re
from pathlib import Path

import pytest
from helpers import open_settings, wait_engine_ready
from playwright.sync_api import expect

from lostcode.rules.engine import apply_action, is_over, legal_actions
from lostcode.rules.options import Options
from lostcode.rules.setup import new_game
from lostcode.services.record import replay
from lostcode.services.saves import SaveIndex
from lostcode.web.saves.slots import done_key, slot_text

pytestmark = pytest.mark.browser

RUNTIME = os.environ.get("LOSTCODE_RUNTIME", "")
PATH = "/?runtime=" + RUNTIME if RUNTIME else "/"

STORED_JS = """() => { const out = {};
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (k.startsWith("lostcode.")) out[k] = localStorage.getItem(k); }
  return out; }"""

# Fill localStorage to the last byte with keys the page does not own.
FILL_JS = """() => { let n = 0;
  for (let size = 1 << 21; size >= 1; size >>= 1) {
    const chunk = "x".repeat(size);
    for (;;) { try { localStorage.setItem("filler." + n, chunk); n++; } catch (e) { break; } }
  }
  return n; }"""


def open_page(context):
    page = context.new_page()
    page.goto(PATH)
    wait_engine_ready(page)
    return page


def start(page, names, seed):
    open_settings(page)  # the form is folded under Play (issue 10)
    page.get_by_label("Number of players").select_option(str(len(names)))
    for i, name in enumerate(names):
        page.get_by_label(f"Name of player {i + 1}").fill(name)
    page.get_by_label("Seed (optional, to replay the same deal)").fill(str(seed))
    page.get_by_role("button", name="Play", exact=True).click()
    expect(page.locator("#game")).to_be_visible()


def games(page):
    """{names: number of actions} of the games in progress in storage, once
    the page's last write is done (it waits for the game's save lock, issue 25)."""
    page.wait_for_function("() => !document.documentElement.hasAttribute('data-saving')")
    out = {}
    for key, text in page.evaluate(STORED_JS).items():
        if key.startswith("lostcode.game."):
            entry = json.loads(text)["entry"]
            out[", ".join(entry["summary"]["names"])] = len(entry["save"]["record"]["actions"])
    return out


def screen(page):
    return page.locator("#game").get_attribute("data-screen")


def test_two_tabs_two_games_neither_lost(page):
    a = page
    a.goto(PATH)
    wait_engine_ready(a)
    start(a, ["Ann", "Ben"], 5)
    a.get_by_role("button", name="Roll the dice").click()
    b = open_page(a.context)
    # B's list shows A's game, and B starts a second one.
    expect(b.get_by_text("Ann, Ben: round 1 of 10")).to_be_visible()
    start(b, ["Cy", "Di"], 6)
    a.get_by_role("button", name="I am Ben").click()  # the roller's private dice (issue 22)
    a.get_by_role("button", name="Keep the dice").click()
    expect(a.locator("#game")).to_have_attribute("data-screen", "guess")  # Ben's own wheel
    assert games(a) == {"Ann, Ben": 2, "Cy, Di": 0}
    b.get_by_role("button", name="Roll the dice").click()
    expect(b.get_by_role("heading", name=re.compile("^Pass the device to "))).to_be_visible()
    assert games(b) == {"Ann, Ben": 2, "Cy, Di": 1}  # A's game is not rolled back
    # A's list, opened now, shows B's game too.
    a.get_by_role("button", name="Exit to saved games", exact=True).click()
    expect(a.get_by_text("Cy, Di: round 1 of 10")).to_be_visible()


def test_two_tabs_on_one_game_never_roll_it_back(page):
    a = page
    a.goto(PATH)
    wait_engine_ready(a)
    start(a, ["Ann", "Ben"], 5)
    a.get_by_role("button", name="Roll the dice").click()
    b = open_page(a.context)
    b.get_by_role("button", name="Resume Ann, Ben — round 1").click()
    expect(b.get_by_role("button", name="I am Ben")).to_be_visible()  # the roller's handoff
    # A goes on: B is told at once and shows nothing of the game.
    a.get_by_role("button", name="I am Ben").click()  # seed 5: Ben rolls and bets first
    a.get_by_role("button", name="Keep the dice").click()
    expect(a.locator("#game")).to_have_attribute("data-private", "true")
    heading = b.get_by_role("heading", name="This game went on in another tab")
    expect(heading).to_be_visible()
    assert b.locator("#table").inner_text() == ""
    assert games(b) == {"Ann, Ben": 2}
    # B's own controls are gone; a click anywhere in B writes nothing.
    b.locator("#screen-h").click()
    assert games(b) == {"Ann, Ben": 2}
    a.get_by_role("button", name="W3", exact=False).first.click()
    a.get_by_role("button", name=re.compile(r" and pass to Ann$")).click()
    expect(a.get_by_role("button", name="I am Ann")).to_be_visible()
    assert games(a) == {"Ann, Ben": 3}
    # B continues from the newest: Ann's handoff (never a private screen).
    b.get_by_role("button", name="Continue from the newest").click()
    expect(b.get_by_role("heading", name="Pass the device to Ann")).to_be_visible()
    assert b.locator("#game").get_attribute("data-private") == "false"
    # Now A is the older one: B's next move puts A aside.
    b.get_by_role("button", name="I am Ann").click()
    b.get_by_role("button", name="W5", exact=False).first.click()
    b.get_by_role("button", name=re.compile(r" and pass to the table$")).click()
    expect(a.get_by_role("heading", name="This game went on in another tab")).to_be_visible()
    assert games(b) == {"Ann, Ben": 4}


def finished_slot(seed, names):
    s = new_game(Options(len(names)), seed, list(names))
    while not is_over(s):
        apply_action(s, legal_actions(s)[0])
    entry = SaveIndex().finish("old" + str(seed), s, ["human"] * len(names), "2026-01-01T00:00:00Z")
    return done_key(entry["id"]), slot_text(entry, 1)


def test_storage_full_is_shown_at_once_and_nothing_is_claimed(page, tmp_path):
    key, text = finished_slot(3, ["Old", "Game"])
    page.add_init_script(
        "if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1');"
        f" localStorage.setItem({json.dumps(key)}, {json.dumps(text)}); }}"
    )
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(PATH)
    wait_engine_ready(page)
    expect(page.get_by_text("Old, Game: ")).to_contain_text("Stored: ")
    start(page, ["Ann", "Ben"], 5)
    page.get_by_role("button", name="Roll the dice").click()
    # A move is made and saved under the game's save lock (issue 25): once its screen is up.
    expect(page.get_by_role("button", name="I am Ben")).to_be_visible()
    assert games(page) == {"Ann, Ben": 1}
    assert page.evaluate(FILL_JS) > 0
    page.get_by_role("button", name="I am Ben").click()  # the roller's private dice (issue 22)
    page.get_by_role("button", name="Keep the dice").click()
    # At once, in the page: the problem, the record to download, space to free.
    problem = page.locator("#save-problem")
    expect(problem.get_by_role("alert")).to_contain_text("This game could not be saved")
    assert games(page) == {"Ann, Ben": 1}
    with page.expect_download() as info:
        problem.get_by_role("button", name="Download this game's record").click()
    rec = json.loads(Path(info.value.path()).read_text(encoding="utf-8"))
    assert len(rec["actions"]) == 2 and replay(rec).names == ["Ann", "Ben"]
    free = problem.get_by_role("button", name="Delete the finished game Old, Game")
    expect(free).to_contain_text(" kB)")
    # Still full: the next action is not saved either, and the page says so
    # (Ben's wheel follows his dice on his private screen, issue 22).
    page.get_by_role("button", name="W3", exact=False).first.click()
    expect(problem.get_by_role("alert")).to_be_visible()
    assert games(page) == {"Ann, Ben": 1}
    free.click()
    expect(page.locator("#save-problem")).to_have_count(0)
    assert games(page) == {"Ann, Ben": 2}
    assert key not in page.evaluate(STORED_JS)
    # Full again, then a look at the list: it does not claim a save it did not make.
    page.evaluate("() => localStorage.removeItem('filler.0')")
    page.evaluate(FILL_JS)
    page.get_by_role("button", name="W3", exact=False).first.click()
    page.get_by_role("button", name=re.compile(r" and pass to Ann$")).click()
    expect(page.locator("#save-problem")).to_be_visible()
    page.get_by_role("button", name="Exit to saved games", exact=True).click()
    saves = page.get_by_role("region", name="Saved games")
    expect(saves.get_by_role("alert").first).to_contain_text("could not be saved")
    # Room again; a reload resumes the last saved move (Ben's handoff, before his wheel).
    page.evaluate(
        """() => { for (const k of Object.keys(localStorage))
                     if (k.startsWith("filler.")) localStorage.removeItem(k); }"""
    )
    page.reload()
    wait_engine_ready(page)
    page.get_by_role("button", name="Resume Ann, Ben — round 1").first.click()
    expect(page.get_by_role("heading", name="Pass the device to Ben")).to_be_visible()
    assert errors == []
