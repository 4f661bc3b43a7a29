"""An eighth new-player playtest's phone findings (fix14, issue 39), at 360x640
with touch: the replay's Play scrolled the page 326 px, bottom panels hid the
track's 0-9 row, the final candidates' symbol chips read as clipped, a later
round's handoff had a page-coloured foot, the help had a second copy under
the game, the sheet drew a row "8", and another die's faces took two taps."""

import pytest
from playwright.sync_api import expect
from test_browser_sight import watch_on_a_phone

pytestmark = pytest.mark.browser


def assert_replay_pinned(page, where=0):
    """The page where it was, the panel at the viewport's foot, every rack above it."""
    assert page.evaluate("scrollY") == where
    sheet = page.locator("#screen .bottom-sheet").bounding_box()
    assert abs(sheet["y"] + sheet["height"] - 640) <= 1, sheet
    racks = page.locator("#screen .racks svg.rack")
    assert racks.count() >= 3
    for i in range(racks.count()):
        box = racks.nth(i).bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= sheet["y"] + 1, (i, box, sheet)


@pytest.mark.parametrize("how", ["tap", "click", "Enter", "Space"])
def test_play_leaves_the_replay_where_it_was(browser, site_url, how):
    """Play, Pause and a step, at 4x then 1x, pressed by a finger (Playwright's
    tap, which first brings the control into view as the browser sees it), a
    click or the keyboard: the page stays at scrollY 0 (it went to 326: the
    pinned panel's place in the flow lay below the first screenful)."""
    context, page, _rec = watch_on_a_phone(browser, site_url, "solo.json")
    page.wait_for_function("() => !document.querySelector('#game [data-settling]')")
    sheet = page.locator("#screen .bottom-sheet")

    def press(name):
        control = sheet.get_by_role("button", name=name, exact=True)
        if how == "tap":
            control.tap()
        elif how == "click":
            control.click()
        else:
            control.focus()
            page.keyboard.press(how)

    assert_replay_pinned(page)
    for speed in ("Speed 4×", "Speed 1×"):
        press(speed)
        expect(sheet.get_by_role("button", name=speed)).to_have_attribute("aria-pressed", "true")
        press("Play the moves")
        expect(sheet.get_by_role("button", name="Pause", exact=True)).to_be_visible()
        step = int(page.locator("#game").get_attribute("data-step"))
        page.wait_for_function(f"Number(document.querySelector('#game').dataset.step) > {step}",
                               timeout=20_000)
        assert_replay_pinned(page)
        press("Pause")
        expect(sheet.get_by_role("button", name="Play the moves", exact=True)).to_be_visible()
        assert_replay_pinned(page)
        press("Next move")
        assert_replay_pinned(page)
    context.close()
