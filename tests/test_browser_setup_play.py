"""A sixth new-player playtest (fix10, finding 10): on the phone's set-up
"Play" and the pinned "Start the game" read as two different starts, and the
pinned bar lay over the Advanced runtime select (select at y=610, bar
583-635). "Play" says what it starts (the form's summary, in the button), and
with Advanced open the start is under the form, over none of its controls."""

import pytest
from helpers import wait_engine_ready
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_play_names_what_it_starts_and_advanced_is_not_covered(page):
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto("/?lang=en")
    wait_engine_ready(page)
    play = page.get_by_role("button", name="Play", exact=True)
    expect(play).to_contain_text("2 players")  # what it starts, on the button itself
    expect(play).to_have_attribute("aria-describedby", "play-summary")
    page.get_by_text("Advanced", exact=True).click()
    select = page.locator("#setup").get_by_label("Python runtime")
    select.scroll_into_view_if_needed()
    box = select.bounding_box()
    start = page.get_by_role("button", name="Start the game").bounding_box()
    over = box["y"] < start["y"] + start["height"] and start["y"] < box["y"] + box["height"]
    assert not over, (box, start)
    page.evaluate("scrollTo(0, document.body.scrollHeight)")  # the end of the form: still clear
    page.evaluate("scrollBy(0, -120)")
    box = select.bounding_box()
    start = page.get_by_role("button", name="Start the game").bounding_box()
    over = box["y"] < start["y"] + start["height"] and start["y"] < box["y"] + box["height"]
    assert not over, (box, start)
