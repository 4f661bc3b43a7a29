"""The sixth and seventh new-player playtests (fix10, desk12): on the set-up
"Play" and a pinned "Start the game" read as two different starts (and the
pinned bar lay over the Advanced runtime select). The set-up has one start,
"Play", at the top: it says what it starts (the form's summary, in the button),
is the set-up's one filled button, and starts the game, on a phone and at
1280x800."""

import pytest
from helpers import wait_engine_ready
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("size", [(360, 640), (1280, 800)])
def test_play_is_the_set_ups_one_start_and_names_what_it_starts(page, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto("/?lang=en")
    wait_engine_ready(page)
    page.get_by_text("Advanced", exact=True).click()  # every part of the form open
    page.get_by_text("Game settings", exact=True).click()
    play = page.get_by_role("button", name="Play", exact=True)
    expect(play).to_contain_text("2 players")  # what it starts, on the button itself
    expect(play).to_have_attribute("aria-describedby", "play-summary")
    expect(page.get_by_role("button", name="Start the game")).to_have_count(0)
    submits = page.evaluate("""() => [...document.querySelectorAll("#setup button[type=submit]")]
      .filter(b => b.offsetParent).map(b => b.id)""")
    assert submits == ["play"], submits
    page.evaluate("scrollTo(0, 0)")
    expect(play).to_be_in_viewport(ratio=1)
    play.click()
    expect(page.get_by_role("button", name="Roll the dice")).to_be_visible()
