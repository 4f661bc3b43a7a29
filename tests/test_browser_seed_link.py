"""Issue 25, failure 7: the seed of a game is not left readable. A link with
?seed= says that whoever has it can know the deal; once the game starts the
seed leaves the address bar, so a reload mid-game leaves the Seed field empty
and the address a second tab opens carries no deal."""

import os

import pytest
from helpers import open_settings, wait_engine_ready
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

RUNTIME = os.environ.get("LOSTCODE_RUNTIME", "")
QUERY = "?seed=42&players=2" + ("&runtime=" + RUNTIME if RUNTIME else "")


@pytest.mark.parametrize(
    "query",
    ["?x=1;SEED=42&players=2", "?Seed=42;players=2&runtime=pyodide"],
    ids=["micropython", "pyodide"],
)
def test_a_seed_in_any_spelling_leaves_the_address_on_both_runtimes(page, query):
    """Issue 44, 8: "SEED=", "Seed=" or a seed after ";" is read as the seed, so it
    leaves the address once the game starts, and a reload deals anew."""
    page.goto("/" + query)
    wait_engine_ready(page)
    open_settings(page)
    assert page.locator("#seed").input_value() == "42"
    page.get_by_role("button", name="Play", exact=True).click()
    expect(page.locator("#game")).to_be_visible()
    assert "seed" not in page.url.lower() and "players=2" in page.url
    page.reload()
    wait_engine_ready(page)
    open_settings(page)
    assert page.locator("#seed").input_value() == ""


def test_a_seed_link_warns_and_the_seed_leaves_once_the_game_starts(page):
    page.goto("/" + QUERY + "#x")
    wait_engine_ready(page)
    notes = page.locator("#url-notes")
    expect(notes).to_contain_text("whoever has it can know every player's stones")
    open_settings(page)
    assert page.locator("#seed").input_value() == "42"
    page.get_by_role("button", name="Play", exact=True).click()
    expect(page.locator("#game")).to_be_visible()
    assert "seed" not in page.url
    assert "players=2" in page.url and page.url.endswith("#x")  # the rest of the link stays
    page.reload()
    wait_engine_ready(page)
    open_settings(page)
    assert page.locator("#seed").input_value() == ""
    assert "can know every player's stones" not in page.locator("#url-notes").inner_text()
