"""A fourth new-player playtest (issue 39, fix9): in a solo game the human
replacing a stone (R-P2) had no help, while the computers explain their own
replacements. On a phone the bar's Expert opens the expert's answer beside
the choice: the stone it would replace, in a player's words, with no loss."""

import re

import pytest
from helpers import wait_engine_ready
from playwright.sync_api import expect
from test_browser_desk import import_record

from lostcode.player.bots import Player
from lostcode.rules.engine import apply_action, legal_actions
from lostcode.rules.options import Options
from lostcode.rules.setup import new_game
from lostcode.rules.vocab import PHASE_REPLACE
from lostcode.services.record import to_record

pytestmark = pytest.mark.browser


def solo_record_at_my_replacement(seed=7):
    """A solo game (Me against two hard computers) stopped when Me must replace."""
    s = new_game(Options(3), seed, ["Me", "Bo", "Cy"])
    bots = [Player("easy", seed + p) for p in range(3)]
    while not (s.phase == PHASE_REPLACE and s.to_act == 0):
        apply_action(s, bots[s.to_act].act(s, legal_actions(s)))
    return to_record(s, ["human", "hard", "hard"])


def test_the_expert_answers_on_the_solo_replacement_R_P2(page):
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto("/")
    wait_engine_ready(page)
    import_record(page, solo_record_at_my_replacement())
    page.get_by_role("button", name="Continue playing").click()
    expect(page.locator("#game")).to_have_attribute("data-screen", "replace")
    expect(page.get_by_role("heading", name="Me replaces a stone")).to_be_visible()
    page.get_by_role("button", name="Ask the expert").first.click()  # the bar's Expert
    answer = page.locator("#help-dock").get_by_text(re.compile("The expert's move: replacing the"))
    expect(answer).to_be_visible(timeout=15000)
    text = page.locator("#help-dock").inner_text()
    assert "lose" not in text and "−" not in text, text
    # the choice and its confirm are still there, in sight
    expect(page.get_by_role("button", name="Confirm the replacement")).to_be_in_viewport()
