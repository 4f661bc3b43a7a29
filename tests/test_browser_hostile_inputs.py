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
    page.add_init_script(  # (about:blank has no storage)
        "if (location.protocol !== 'about:' && !sessionStorage.getItem('seeded')) {"
        " sessionStorage.setItem('seeded', '1');" + js + "}"
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


def downloads(page, buttons):
    """The text of the file each of `buttons` downloads, in order."""
    texts = []
    for i in range(buttons.count()):
        with page.expect_download() as info:
            buttons.nth(i).click()
        texts.append(Path(info.value.path()).read_text(encoding="utf-8"))
    return texts


# Damaged stored data of three kinds on one page load (each was a load of its own
# until the suite's time was cut, issue 25): a saved game with a NUL, the old saves
# list with a NUL (test_a_damaged_old_saves_list_is_kept_whole's kind "nul") and
# remembered settings nested 100,000 deep. Each is still read at start, reported
# and kept whole.
DAMAGED_SLOT = '{"format": "lostcode-slot", \x00 "rev": 1} and the rest'
OLD_NUL = '{"format": "lostcode-saves", \x00 "version": 1, "games": []} and the rest'


@pytest.mark.parametrize("runtime", ["micropython", "pyodide"])
def test_damaged_data_with_a_nul_downloads_whole(page, runtime):
    """A saved game and the old saves list (`lostcode.saves`) with a NUL are
    flagged and download whole (on MicroPython a NUL had cut them short), the
    old list is copied aside whole; settings nested deep never stop the page."""
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    seed_storage(page, [("lostcode.game.g1", DAMAGED_SLOT), ("lostcode.saves", OLD_NUL),
                        ("lostcode-last-settings", DEEP)])
    page.goto("/?runtime=" + runtime)
    wait_engine_ready(page)
    saves = page.get_by_role("region", name="Saved games")
    alerts = saves.get_by_role("alert").filter(has_text="could not be read")
    expect(alerts).to_have_count(2)
    got = downloads(page, saves.get_by_role("button", name="Download the damaged data"))
    assert sorted(got) == sorted([DAMAGED_SLOT, OLD_NUL])
    assert page.evaluate("localStorage.getItem('lostcode.saves.damaged')") == OLD_NUL
    assert page.evaluate("localStorage.getItem('lostcode.saves')") is None
    assert page.locator("#app-error").is_hidden() and errors == []
    page.get_by_role("button", name="Play", exact=True).click()
    expect(page.get_by_role("button", name="Roll the dice")).to_be_visible()


@pytest.mark.parametrize("runtime", ["micropython", "pyodide"])
def test_stored_lab_keys_nested_deep_never_stop_the_page(page, runtime):
    """The Bot lab's remembered watch and play keys nested 100,000 deep (they had
    stopped Pyodide from starting): two loads of one tab, one for each key's link."""
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    seed_storage(page, [("lostcode.lab.watch", DEEP), ("lostcode.lab.play", DEEP)])
    for i, (key, fragment) in enumerate((("lostcode.lab.watch", "#watch=lab"),
                                         ("lostcode.lab.play", "#play=lab"))):
        if i:  # the key as deep as at the first load, whatever that load did with it
            page.evaluate(f"localStorage.setItem({json.dumps(key)}, {json.dumps(DEEP)})")
            page.goto("about:blank")  # a new load (a new fragment alone would not load)
        page.goto("/?runtime=" + runtime + fragment)
        wait_engine_ready(page)
        assert page.locator("#app-error").is_hidden() and errors == [], fragment
        if fragment == "#play=lab":
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
@pytest.mark.parametrize("kind", ["large"])  # "nul": test_damaged_data_with_a_nul_downloads_whole
def test_a_damaged_old_saves_list_is_kept_whole(page, runtime, kind):
    """Issue 25: the old single saves list (`lostcode.saves`, before issue 12)
    is read by the one reader with its limits (it allowed 20,000,000
    characters), and when it cannot be read it is copied aside whole: on
    MicroPython a NUL had cut it short, and the rest was lost."""
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


GAMES_NOT_A_LIST = '{"format": "lostcode-saves", "version": 1, "games": {"a": 1}}'


def test_a_saves_list_whose_games_are_not_a_list_is_kept_aside_and_named(page):
    """Issue 44, 3: `"games": {"a": 1}` had said "No saved games yet" and deleted
    `lostcode.saves` with no word. It is named on the set-up screen, kept aside
    whole under another key and downloadable; the page still plays. (The same
    reading on CPython, MicroPython and Pyodide: tests/portable_saves.py.)"""
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    seed_storage(page, [("lostcode.saves", GAMES_NOT_A_LIST)])
    page.goto("/")
    wait_engine_ready(page)
    saves = page.get_by_role("region", name="Saved games")
    expect(saves.get_by_role("alert").filter(has_text="could not be read")).to_have_count(1)
    expect(saves.get_by_role("alert")).to_contain_text("It has been kept as it was")
    assert downloads(page, saves.get_by_role("button", name="Download the damaged data")) == [
        GAMES_NOT_A_LIST
    ]
    assert page.evaluate("localStorage.getItem('lostcode.saves.damaged')") == GAMES_NOT_A_LIST
    assert page.locator("#app-error").is_hidden() and errors == []
