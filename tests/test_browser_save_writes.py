"""Issue 21: a save is written only after an action that changed the game —
one write per such action, none for a draft, a redraw, a handoff or a resume.

localStorage.setItem is counted from an init script (before any page code),
so every write of the page's game keys is seen, whichever module makes it.
"""

import pytest
from helpers import wait_engine_ready
from play import UIGame

pytestmark = pytest.mark.browser

COUNT_WRITES = """() => {
  const real = Storage.prototype.setItem;
  window.__gameWrites = [];
  Storage.prototype.setItem = function (key, value) {
    if (String(key).startsWith("lostcode.game.") || String(key).startsWith("lostcode.done."))
      window.__gameWrites.push(String(key));
    return real.call(this, key, value);
  };
}"""


def writes(page):
    return page.evaluate("window.__gameWrites.length")


def test_one_write_per_game_changing_action_none_on_drafts_redraws_or_resume(page):
    page.add_init_script(script=f"({COUNT_WRITES})()")
    game = UIGame(page, names=["Ann", "Ben"], seed=7)
    game.start(wait_first=True)
    assert writes(page) == 1  # the new game, saved from its first screen
    n = writes(page)

    def after(click_name, expected, exact=True):
        nonlocal n
        game.click(click_name, exact)
        page.wait_for_timeout(50)
        assert writes(page) - n == expected, click_name
        n = writes(page)

    after("Roll the dice", 1)
    # The roller's handoff to their private dice screen saves nothing (issue 22);
    # keeping the dice does; then their wheel: drafts change nothing saved.
    heading = page.locator("#screen-h").text_content()
    name = heading.removeprefix("Pass the device to ")
    after(f"I am {name}", 0)
    after("Keep the dice", 1)
    page.locator("#screen .wheel-btn").first.click()
    page.wait_for_timeout(50)
    assert writes(page) == n
    after("Raise the range by one", 0)
    # The language menu redraws the whole screen: still nothing to save.
    page.select_option("#lang", "it")
    page.wait_for_timeout(200)
    page.select_option("#lang", "en")
    page.wait_for_timeout(200)
    assert writes(page) == n
    confirm = page.locator("#screen .actionbar button").first
    confirm.click()
    page.wait_for_timeout(100)
    assert writes(page) - n == 1
    n = writes(page)
    # A reload resumes the game: read, not written back.
    page.reload()
    wait_engine_ready(page)
    page.get_by_role("button", name="Resume", exact=True).first.click()
    page.locator("#game").wait_for(state="visible")
    page.wait_for_timeout(100)
    assert writes(page) == 0  # the counter starts again with the page
