"""Hostile outside inputs on the real page, on both runtimes (issue 25,
failures 5 and 6): a file too large to parse on MicroPython, invalid UTF-8
or a NUL in an imported file, damaged data with a NUL downloaded whole, and
remembered settings or Bot lab keys nested 100,000 deep that had stopped
Pyodide from starting the page. The pure reader's table is
tests/reader_table_script.py (tests/test_reader_table.py)."""

import json
from pathlib import Path

import pytest
from helpers import wait_engine_ready
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

DEEP = "[" * 100000


def seed_storage(page, items):
    js = "".join(f"localStorage.setItem({json.dumps(k)}, {json.dumps(v)});" for k, v in items)
    page.add_init_script(
        "if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1');" + js + "}"
    )


def import_bytes(page, data, name="game.json"):
    page.get_by_label("Import a game record").set_input_files(
        files=[{"name": name, "mimeType": "application/json", "buffer": data}]
    )


def refusal(page):
    saves = page.get_by_role("region", name="Saved games")
    return saves.get_by_role("alert").filter(has_text="This file cannot be used")


@pytest.mark.parametrize("runtime", ["micropython", "pyodide"])
def test_hostile_files_are_refused_in_words_on_both_runtimes(page, runtime):
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto("/?runtime=" + runtime)
    wait_engine_ready(page)
    pad = b'{"format": "lostcode-record", "version": 1, "pad": "' + b"x" * 1900000 + b'"}'
    for data, words in (
        (pad, "too large"),
        (b'{"format": "lostcode-save", "names": ["Z\xff\xfed"]}', "UTF-8"),
        (b'{"format": "lostcode-save"}\x00 and more', "cannot be read"),
    ):
        import_bytes(page, data)
        alert = refusal(page)
        expect(alert).to_contain_text(words)
        assert len(alert.inner_text()) < 300
    assert page.locator("#app-error").is_hidden() and errors == []
    page.get_by_role("button", name="Play", exact=True).click()
    expect(page.get_by_role("button", name="Roll the dice")).to_be_visible()


@pytest.mark.parametrize("runtime", ["micropython", "pyodide"])
def test_damaged_data_with_a_nul_downloads_whole(page, runtime):
    damaged = '{"format": "lostcode-slot", \x00 "rev": 1} and the rest'
    seed_storage(page, [("lostcode.game.g1", damaged)])
    page.goto("/?runtime=" + runtime)
    wait_engine_ready(page)
    saves = page.get_by_role("region", name="Saved games")
    expect(saves.get_by_role("alert").first).to_contain_text("could not be read")
    with page.expect_download() as info:
        saves.get_by_role("button", name="Download the damaged data").first.click()
    assert Path(info.value.path()).read_text(encoding="utf-8") == damaged


@pytest.mark.parametrize("runtime", ["micropython", "pyodide"])
@pytest.mark.parametrize("where", ["settings", "watch", "play"])
def test_stored_keys_nested_deep_never_stop_the_page(page, runtime, where):
    key, fragment = {
        "settings": ("lostcode-last-settings", ""),
        "watch": ("lostcode.lab.watch", "#watch=lab"),
        "play": ("lostcode.lab.play", "#play=lab"),
    }[where]
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    seed_storage(page, [(key, DEEP)])
    page.goto("/?runtime=" + runtime + fragment)
    wait_engine_ready(page)
    assert page.locator("#app-error").is_hidden() and errors == []
    if where == "play":
        expect(page.locator("#start-status")).to_contain_text("The Bot lab left no bot")
    page.get_by_role("button", name="Play", exact=True).click()
    expect(page.get_by_role("button", name="Roll the dice")).to_be_visible()


@pytest.mark.parametrize("runtime", ["micropython", "pyodide"])
def test_a_five_megabyte_saved_game_is_flagged_on_both_runtimes(page, runtime):
    """Issue 25, failure 6: MicroPython ignored a 5 MB saved game with no word
    while Pyodide flagged it. Both say it cannot be read (too large), offer
    its download whole and keep it until the player discards it."""
    big = '{"format": "lostcode-slot", "version": 1, "rev": 1, "entry": {"pad": "'
    big += "x" * (5000000 - len(big) - 3) + '"}}'
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    seed_storage(page, [("lostcode.game.g1", big)])
    page.goto("/?runtime=" + runtime)
    wait_engine_ready(page)
    saves = page.get_by_role("region", name="Saved games")
    alert = saves.get_by_role("alert").first
    expect(alert).to_contain_text("could not be read")
    expect(alert).to_contain_text("too large")
    assert len(alert.inner_text()) < 400
    with page.expect_download() as info:
        saves.get_by_role("button", name="Download the damaged data").first.click()
    assert Path(info.value.path()).read_text(encoding="utf-8") == big
    assert page.evaluate("localStorage.getItem('lostcode.game.g1')") == big
    assert page.locator("#app-error").is_hidden() and errors == []


@pytest.mark.parametrize("runtime", ["micropython", "pyodide"])
@pytest.mark.parametrize("kind", ["nul", "large"])
def test_a_damaged_old_saves_list_is_kept_whole(page, runtime, kind):
    """Issue 25: the old single saves list (`lostcode.saves`, before issue 12)
    is read by the one reader with its limits (it allowed 20,000,000
    characters), and when it cannot be read it is copied aside whole: on
    MicroPython a NUL had cut it short, and the rest was lost."""
    if kind == "nul":
        old = '{"format": "lostcode-saves", \x00 "version": 1, "games": []} and the rest'
    else:
        old = '{"format": "lostcode-saves", "version": 1, "games": [], "pad": "'
        old += "x" * (2100000 - len(old) - 2) + '"}'
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    seed_storage(page, [("lostcode.saves", old)])
    page.goto("/?runtime=" + runtime)
    wait_engine_ready(page)
    saves = page.get_by_role("region", name="Saved games")
    expect(saves.get_by_role("alert").first).to_contain_text("could not be read")
    with page.expect_download() as info:
        saves.get_by_role("button", name="Download the damaged data").first.click()
    assert Path(info.value.path()).read_text(encoding="utf-8") == old
    assert page.evaluate("localStorage.getItem('lostcode.saves.damaged')") == old
    assert page.evaluate("localStorage.getItem('lostcode.saves')") is None
    assert page.locator("#app-error").is_hidden() and errors == []
