"""desk12, a seventh new-player playtest at 1280x800 (issue 39): the help's
actions in the first viewport. "Use this suggestion" stood at y = 838 under
the chances' table on the wheel screen; on the replacement screen the Expert
tab, open beside the choice, waited for a second click on "Ask the expert".
"""

import re

import pytest
from helpers import wait_engine_ready
from playwright.sync_api import expect
from test_browser_desk import import_record
from test_browser_replace_help import solo_record_at_my_replacement

pytestmark = pytest.mark.browser

DESK = {"width": 1280, "height": 800}


def test_use_this_suggestion_is_in_the_first_viewport_at_1280x800(page):
    """The wheel screen's Chances tab (open beside the choice on a wide screen)
    reads its suggestion and "Use this suggestion" first, in view, above its
    table; the button sets the suggested wheel."""
    page.set_viewport_size(DESK)
    page.goto("/?players=3&seats=human,expert,hard&seed=4242")
    wait_engine_ready(page)
    page.get_by_role("button", name="Play", exact=True).click()
    expect(page.locator("#game")).to_have_attribute("data-screen", "guess", timeout=60000)
    dock = page.locator("#help-dock")
    expect(dock.get_by_role("button", name="Chances")).to_have_attribute("aria-pressed", "true")
    use = dock.get_by_role("button", name="Use this suggestion")
    expect(use).to_be_in_viewport(ratio=1)
    assert page.evaluate("scrollY") == 0
    table = dock.locator(".assist-wrap").bounding_box()  # the chances' table
    assert use.bounding_box()["y"] < table["y"], (use.bounding_box(), table)
    wheel = re.search(r"wheel (W\d+)", dock.locator("p.suggestion").inner_text()).group(1)
    use.click()
    confirm = page.get_by_role("button", name=re.compile("^Confirm " + wheel + " "))
    expect(confirm).to_be_visible()


def test_the_replacements_expert_answers_as_it_opens_at_1280x800(page):
    """R-P2: the solo replacement's Expert tab, open beside the choice on a
    wide screen, says the expert's move with no click on "Ask the expert"; a
    stone chosen meanwhile is taken at once (the search runs in slices)."""
    page.set_viewport_size(DESK)
    page.goto("/")
    wait_engine_ready(page)
    import_record(page, solo_record_at_my_replacement())
    page.get_by_role("button", name="Continue playing").click()
    expect(page.locator("#game")).to_have_attribute("data-screen", "replace")
    stone = page.get_by_role("button", name="Replace the bird stone")
    stone.click()
    expect(stone).to_have_attribute("aria-pressed", "true")
    dock = page.locator("#help-dock")
    answer = dock.get_by_text(re.compile("The expert's move: replacing the"))
    expect(answer).to_be_visible(timeout=20000)
    expect(answer).to_be_in_viewport()
    expect(dock.get_by_role("button", name="Ask the expert")).to_have_count(0)
    expect(page.get_by_role("button", name="Confirm the replacement")).to_be_enabled()
