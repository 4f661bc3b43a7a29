"""A sixth new-player playtest (fix10, finding 7): on a phone the help took
the place of the choice it helps with (the expert's "turning die 3 to jaguar"
read with no die in sight), the Chances tab opened on its table with the
suggestion above it out of sight, and Help always reopened on Chances. (help17:
the help now has the dice's rows' place, the roll in sight over the racks.)"""

import re

import pytest
from play import UIGame
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_the_dice_stay_in_sight_under_the_help_and_help_reopens_the_last_tab(browser, base_url):
    context = browser.new_context(viewport={"width": 360, "height": 640}, has_touch=True,
                                  base_url=base_url)
    page = context.new_page()
    game = UIGame(page, ["Ann", "Ben", "Cy"], seed=99)
    game.start(wait_first=True)
    game.click("Roll the dice")
    game.click("I am Ann")
    expect(page.locator("#game")).to_have_attribute("data-screen", "change")
    page.get_by_role("button", name="Ask the expert").first.click()
    expect(page.locator("#help-dock")).to_contain_text("The expert's move", timeout=20000)
    # the choice it speaks of, in sight with it: the roll's dice (help17: over the
    # racks, above the help, which has the dice's rows' place) and "Keep the dice"
    expect(page.get_by_role("button", name="Keep the dice")).to_be_in_viewport()
    roll = page.get_by_role("group", name=re.compile(r"^Dice: "))
    expect(roll.first).to_be_in_viewport(ratio=1)
    top = page.locator("#help-dock").bounding_box()["y"]
    box = roll.first.bounding_box()
    assert box["y"] + box["height"] <= top + 1, (box, top)
    page.locator("#help-dock").get_by_role("button", name="Sheet").click()
    page.get_by_role("button", name="Close the help").click()
    # closed, the dice's faces to turn are back in sight
    expect(page.get_by_role("button", name="Die 1", exact=False).first).to_be_in_viewport()
    page.get_by_role("button", name="Help", exact=True).click()  # the Sheet again, one tap
    expect(page.locator("#help-dock .help-tab[aria-pressed=true]")).to_have_text("Sheet")
    context.close()
