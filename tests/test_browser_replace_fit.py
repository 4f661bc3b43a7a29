"""A sixth new-player playtest (issue 39, fix10): at 360x640 the replacement
screen's panel took 464 px (72 %) when it carried the note of the previous
player's discard, and only Ana's rack and half of Bo's were in sight, Cy's
new discard hidden. The panel (the bottom sheet) is at most a third of the
screen with the note, in every language, and every rack is above it (R-P1,
R-P2: the discard beside its rack is the evidence)."""

import json

import pytest
from helpers import wait_engine_ready
from playwright.sync_api import expect

from lostcode.player.bots import Player
from lostcode.rules.engine import apply_action, legal_actions
from lostcode.rules.options import Options
from lostcode.rules.setup import new_game
from lostcode.rules.vocab import PHASE_REPLACE
from lostcode.services.record import to_record
from lostcode.web.shell.i18n import _ as tr
from lostcode.web.shell.i18n import set_language

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Bo", "Cy"]


def record_before_two_replacements():
    """A 3-human game stopped where one player replaces and the next one
    replaces too (R-P1, R-P2): the second replacement screen carries the note."""
    for seed in range(1, 60):
        s = new_game(Options(3), seed, NAMES)
        bots = [Player("easy", seed + p) for p in range(3)]
        moves = []
        while s.phase != "end" and s.round < 9:
            was = s.phase
            move = bots[s.to_act].act(s, legal_actions(s))
            apply_action(s, move)
            moves.append(move)
            if was == PHASE_REPLACE and s.phase == PHASE_REPLACE:
                t = new_game(Options(3), seed, NAMES)
                for mv in moves[:-1]:
                    apply_action(t, mv)
                return to_record(t, ["human"] * 3)
    raise AssertionError("no round with two replacements")


SHEET_JS = """() => {
  const sheet = document.querySelector('#screen .bottom-sheet').getBoundingClientRect();
  const racks = [...document.querySelectorAll('#game svg.rack')];
  return {top: sheet.top, height: sheet.height,
          racks: racks.map(r => r.getBoundingClientRect().bottom),
          note: !!document.querySelector('#screen .bottom-sheet .notice')};
}"""


@pytest.mark.parametrize("lang", ["en", "ru", "it", "pl"])
def test_the_replacement_with_a_discard_note_leaves_the_racks_in_sight_R_P2(page, lang):
    set_language(lang)
    try:
        fit(page, lang)
    finally:
        set_language("en")


def fit(page, lang):
    _ = tr
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto("/?lang=" + lang)
    wait_engine_ready(page)
    page.get_by_label(_("Import a game record")).set_input_files(files=[{
        "name": "game.json", "mimeType": "application/json",
        "buffer": json.dumps(record_before_two_replacements()).encode()}])
    page.get_by_role("button", name=_("Continue playing")).click()
    game = page.locator("#game")
    expect(game).to_have_attribute("data-screen", "replace")
    heading = page.locator("#screen-h")
    first = heading.inner_text()
    page.locator("#screen .bottom-sheet .buttons:not(.actionbar) .btn:not(:disabled)").first.click()
    page.get_by_role("button", name=_("Confirm the replacement")).click()
    expect(heading).not_to_have_text(first)
    expect(game).to_have_attribute("data-screen", "replace")
    # the note of the discard just made is said on this screen
    expect(page.locator("#screen").get_by_text(NAMES[0], exact=False).first).to_be_visible()
    page.evaluate("scrollTo(0, 0)")
    got = page.evaluate(SHEET_JS)
    assert got["note"] and got["height"] <= 640 / 3, got  # 424 px in en before fix10
    assert all(bottom <= got["top"] + 1 for bottom in got["racks"]), got
    for b in page.locator("#screen .bottom-sheet .buttons:not(.actionbar) .btn").all():
        box = b.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, box
    expect(page.get_by_role("button", name=_("Confirm the replacement"))).to_be_in_viewport()
