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
from test_browser_stones import PHONE, SAVED, StonesUI, set_up, shadow

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
    page.get_by_role("button", name="Start the game").click()
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
