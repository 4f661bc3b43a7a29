"""«Тайные камни»'s saved games in the page's saved-games list (issue 43), on
the default runtime, at 360x640, driven by role and accessible name.

A Lost Code game is started and left (saved, listed); a game of «Тайные
камни» is started and a move made; after a reload of the start page (the
second game not loaded), the list shows both, each with its game: the stones
game resumes from the list where it was — on its handoff (S-S2: nobody's
hand at once), the grid and the record as saved — and the Lost Code's game
still resumes from the list after another reload.
"""

import json
import re

import pytest
from helpers import open_settings, wait_engine_ready
from playwright.sync_api import expect
from test_browser_stones import PHONE, SAVED, StonesUI, open_stones, set_up, shadow

from lostcode.stones import pageplay

pytestmark = pytest.mark.browser


def test_a_stones_game_is_listed_and_resumed_from_the_saved_games(page):
    page.set_viewport_size(PHONE)
    page.goto("/")
    wait_engine_ready(page)
    # a Lost Code game, begun and left: in the list
    open_settings(page)
    page.get_by_label("Number of players").select_option("2")
    page.get_by_label("Name of player 1").fill("Cy")
    page.get_by_label("Name of player 2").fill("Di")
    page.get_by_role("button", name="Play", exact=True).click()
    expect(page.locator("#game")).to_be_visible()
    page.get_by_role("button", name="Exit to saved games", exact=True).click()
    expect(page.get_by_text("Cy, Di: round 1 of")).to_be_visible()
    # a game of «Тайные камни», one move made
    page.get_by_role("group", name="Game").get_by_role("button", name="Shifting Stones").click()
    expect(page.get_by_role("heading", name="Shifting Stones")).to_be_visible(timeout=30000)
    set_up(page, [("Ann", "human"), ("Ben", "human")])
    ui = StonesUI(page)
    assert ui.wait_human() == "handoff"
    ui.click(f"I am {pageplay.to_act_name(shadow(page))}")
    expect(page.locator("html[data-stones-screen=turn]")).to_be_attached()
    ui.act(shadow(page))
    saved = shadow(page)
    assert saved.state.actions  # the move is in the save
    sid = page.evaluate("document.documentElement.dataset.stonesSaved")
    # reload the start page: the second game is not loaded, its save is listed
    page.goto("/")
    wait_engine_ready(page)
    listed = page.locator("#saves")
    turn = saved.state.turns + 1
    expect(listed.get_by_text(re.compile(
        rf"^Shifting Stones: Ann, Ben: turn {turn}\. Last saved "))).to_be_visible()  # fmt: skip
    expect(listed.get_by_text("Cy, Di: round 1 of", exact=False)).to_be_visible()
    assert not listed.get_by_role("alert").count()  # nothing set aside as damaged
    assert page.evaluate("document.documentElement.dataset.stones || ''") == ""
    page.get_by_role("button", name="Resume Shifting Stones: Ann, Ben").click()
    expect(page.locator("html[data-stones-screen=handoff]")).to_be_attached(timeout=30000)
    assert page.evaluate("document.documentElement.dataset.stonesSaved") == sid
    back = shadow(page)
    assert back.state.actions == saved.state.actions and back.state.grid == saved.state.grid
    ui.check_screen(back)  # S-S2: no hand on the resumed handoff
    # it plays on, saved under the same key
    ui.click(f"I am {pageplay.to_act_name(back)}")
    ui.act(shadow(page))
    after = json.loads(page.evaluate(SAVED))["entry"]["save"]["record"]["actions"]
    assert len(after) > len(saved.state.actions)
    # the Lost Code's save still resumes from the list
    page.goto("/")
    wait_engine_ready(page)
    page.get_by_role("button", name=re.compile("^Resume Cy, Di")).click()
    expect(page.locator("#game")).to_be_visible()
    expect(page.locator("#game")).to_have_attribute("data-screen", re.compile("."))


def finish_solo(page):
    """S-O2, S-O3: four turns ended with no goal lose the solo game."""
    set_up(page, [("Ann", "human")])
    for _ in range(4):
        expect(page.locator("html[data-stones-screen=turn]")).to_be_attached()
        before = len(shadow(page).state.actions)
        page.get_by_role("button", name="End turn").click()
        if before < 3:
            page.wait_for_function("n => { const t = " + SAVED + "; return t &&"
                                   " JSON.parse(t).entry.save.record.actions.length > n; }",
                                   arg=before)  # fmt: skip
    expect(page.get_by_role("table", name="Scores")).to_be_visible()


DONE_KEY = "Object.keys(localStorage).find((k) => k.startsWith('lostcode.done.'))"
DONE_RECORD = ("(() => { const k = " + DONE_KEY + ";"
               " return k ? JSON.parse(localStorage.getItem(k)).entry.record : null; })()")


def import_text(page, text, name="stones.json"):
    page.get_by_label("Import a game record").set_input_files(
        files=[{"name": name, "mimeType": "application/json", "buffer": text.encode()}]
    )


def test_a_finished_stones_game_is_listed_watched_and_imported(page):
    """Issue 43: a finished game of «Тайные камни» goes to the list's
    finished games, is watched from there, and its record, downloaded and
    imported on the start screen, opens on its replay; a damaged record or
    a damaged finished game is said so in words (no traceback)."""
    open_stones(page, 3)
    finish_solo(page)
    record = page.evaluate(DONE_RECORD)
    assert record and record["format"] == "lostcode-stones-record" and len(record["actions"]) == 4
    assert page.evaluate(SAVED) is None  # no longer a game in progress
    page.goto("/")
    wait_engine_ready(page)
    listed = page.locator("#saves")
    line = re.compile(r"^Shifting Stones: Ann: Ann 0\. Finished ")
    expect(listed.get_by_text(line)).to_be_visible()
    assert page.evaluate("document.documentElement.dataset.stones || ''") == ""  # not loaded yet
    page.get_by_role("button", name="Show the result of Shifting Stones: Ann").click()
    expect(page.locator("html[data-stones-screen=watch]")).to_be_attached(timeout=30000)
    body = page.locator("#stones-body")
    expect(body.get_by_text("Move 0 of 4")).to_be_visible()
    page.get_by_role("button", name="Back to the result").click()
    expect(page.get_by_role("table", name="Scores")).to_be_visible()
    # watched, not finished again: still one finished game
    assert page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('lostcode.done.'))"
                         ".length") == 1  # fmt: skip
    # its record imported on the start screen
    page.goto("/")
    wait_engine_ready(page)
    import_text(page, json.dumps(record))
    expect(page.locator("html[data-stones-screen=watch]")).to_be_attached(timeout=30000)
    expect(page.locator("#stones-body").get_by_text("Move 0 of 4")).to_be_visible()
    # a damaged record: a sentence, nothing changed, no traceback
    page.goto("/")
    wait_engine_ready(page)
    bad = dict(record, actions=record["actions"] + [["flip", 999, 4]])
    import_text(page, json.dumps(bad))
    expect(page.get_by_text(re.compile(r"^This file cannot be used: action 5: "))).to_be_visible(
        timeout=30000)  # fmt: skip
    expect(page.locator("#app-error")).to_be_hidden()
    assert "Traceback" not in page.inner_text("body")
    # a finished game whose record was damaged in storage: said so when shown
    page.evaluate("(() => { const k = " + DONE_KEY + "; const d = JSON.parse(localStorage"
                  ".getItem(k)); d.entry.record.actions.push(['swap', 1, 0, 8]);"
                  " localStorage.setItem(k, JSON.stringify(d)); })()")
    page.goto("/")
    wait_engine_ready(page)
    page.get_by_role("button", name="Show the result of Shifting Stones: Ann").click()
    expect(page.get_by_text(re.compile(r"^This finished game cannot be shown: action 5: "))
           ).to_be_visible(timeout=30000)  # fmt: skip
    expect(page.locator("#app-error")).to_be_hidden()
