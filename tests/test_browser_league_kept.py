"""The Bot lab's last finished league, kept in this browser (issue 26):
assets/lab-league.js keeps it under `lostcode.lab.league.last`.

A teacher who reloads the projector page finds the standings, the head to
head, the games (each watchable) and the downloads again, "From <time>",
until they clear them. A damaged or over-large stored value is read as none
with a note and never stops the lab from starting; a full storage says so
and removes nothing else. One lab page for the module (the referee runs on
MicroPython: a league of built-in bots takes well under a second).
"""

import json
import re

import pytest
from helpers import RequestLog
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

LAB_TIMEOUT = 180_000
RUN_TIMEOUT = 300_000
KEPT = "lostcode.lab.league.last"
BROKEN = "def choose(observation, legal_moves)\n    return legal_moves[0]\n"
SEED = "11"
READY = "document.documentElement.dataset.lab === 'ready'"


@pytest.fixture(scope="module")
def lab(browser, site_url):
    context = browser.new_context(accept_downloads=True)
    log = RequestLog(site_url).attach(context)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(site_url + "lab.html?lang=en")
    page.wait_for_function(READY, timeout=LAB_TIMEOUT)
    page.set_default_timeout(60_000)
    yield page
    context.close()
    log.assert_same_origin()
    assert not errors, errors


def region(page):
    return page.get_by_role("region", name="Class league")


def reload(page):
    page.reload()
    page.wait_for_function(READY, timeout=LAB_TIMEOUT)


def download(page, name):
    with page.expect_download() as info:
        region(page).get_by_role("button", name=name).click()
    return info.value.path().read_text(encoding="utf-8")


def cells(table):
    return table.locator("tr").evaluate_all(
        "trs => trs.map(tr => [...tr.cells].map(c => c.textContent))")


def run_league(page):
    """Runs the league now set up; waits for it to end (the page counts the
    leagues it finished since it loaded in data-league)."""
    n = int(page.evaluate("document.documentElement.dataset.league || '0'"))
    region(page).get_by_role("button", name="Run the league").click()
    page.wait_for_function(f"document.documentElement.dataset.league === '{n + 1}'",
                           timeout=RUN_TIMEOUT)


def shown(page):
    """What the league panel shows of its results, as text."""
    league = region(page)
    return {
        "standings": cells(league.get_by_role("table", name=f"Standings, seed {SEED}")),
        "h2h": cells(league.get_by_role("table", name=re.compile("^Head to head"))),
        "games": league.get_by_role("list", name="Games of the league").get_by_role(
            "listitem").all_text_contents(),
        "notes": league.locator("#lg-notes li").all_text_contents(),
        "watch": league.get_by_role("button", name=re.compile("^Watch the game")).count(),
    }


FILES = {
    "standings": "Download the standings (CSV)",
    "games": "Download every game (CSV)",
    "h2h": "Download the head to head (CSV)",
    "records": "Download all records (JSON)",
}


@pytest.fixture(scope="module")
def finished(lab):
    """A league of two computer players and a broken bot, finished once:
    (what the panel showed, the four downloads)."""
    page = lab
    league = region(page)
    for level in ("easy", "medium"):
        league.get_by_label("Computer player").select_option(level)
        league.get_by_role("button", name="Add this computer").click()
    league.get_by_text("Paste a bot's code").click()
    league.get_by_label("Name").fill("Broken")
    league.get_by_label("Code").fill(BROKEN)
    league.get_by_role("button", name="Add this bot").click()
    league.get_by_label("Seats at each table").select_option("2")
    league.get_by_label("Seed (write it down)").fill(SEED)
    run_league(page)
    expect(league.locator("#lg-status")).to_have_text(re.compile(r"^League finished: 6 games"))
    before = shown(page)
    files = {k: download(page, name) for k, name in FILES.items()}
    return before, files


def test_a_reloaded_page_shows_the_last_finished_league(lab, finished):
    page = lab
    before, files = finished
    league = region(page)
    assert before["watch"] == 2 and len(before["games"]) == 6  # Broken forfeits 4 of 6
    assert any("Broken forfeited 4 games" in n for n in before["notes"])
    kept = league.get_by_text(
        re.compile("^From .+: the last finished league, kept in this browser"))
    expect(kept).to_be_visible()
    reload(page)
    expect(kept).to_contain_text("Seats at each table: 2; deals per group: 1.")
    assert shown(page) == before
    for key, name in FILES.items():
        assert download(page, name) == files[key], key
    # the form holds the kept league's settings: Run again plays the same league
    expect(league.get_by_label("Seed (write it down)")).to_have_value(SEED)
    expect(league.get_by_label("Seats at each table")).to_have_value("2")
    # a kept game is watched from its record in the records file
    records = json.loads(files["records"].removeprefix("\ufeff"))
    with page.context.expect_page() as popup:
        league.get_by_role("button", name=re.compile(r"^Watch the game")).first.click()
    popup.value.close()
    handed = page.evaluate("JSON.parse(localStorage.getItem('lostcode.lab.watch'))")
    finished_games = [g for g in records["games"] if g["result"] != "forfeit"]
    assert handed == finished_games[0]["record"]
    # in another language the line is said again, its time in that language's words
    page.get_by_role("combobox", name="Language").select_option("ru")
    expect(page.locator("#lg-kept")).to_have_text(re.compile(  # the region is "Лига класса" now
        r"^Последняя завершённая лига \(\d+ \S+ \d{4} г\., \d\d:\d\d\)"))
    page.get_by_role("combobox", name="Язык").select_option("en")
    expect(kept).to_be_visible()


def test_the_kept_league_is_cleared_by_keyboard(lab, finished):
    page = lab
    league = region(page)
    league.get_by_role("button", name="Clear the kept results").focus()
    page.keyboard.press("Enter")
    expect(league.locator("#lg-status")).to_have_text(
        "The kept results were cleared from this browser.")
    expect(league.get_by_role("table", name=f"Standings, seed {SEED}")).to_be_hidden()
    expect(league.get_by_role("button", name="Run the league")).to_be_focused()
    assert page.evaluate(f"localStorage.getItem('{KEPT}')") is None
    reload(page)
    expect(league.get_by_role("table", name=f"Standings, seed {SEED}")).to_be_hidden()
    expect(league.locator("#lg-status")).to_have_text("")
    # the bots stay in the list: only the results were cleared
    expect(league.get_by_role("list", name="Bots in the league").get_by_role("listitem")
           ).to_have_count(3)


def kept_league(**changes):
    """A small kept league as assets/lab-league.js writes it (no games played)."""
    row = {"bot": "A", "mean_text": "0.00", "spread_text": "0.00", "forfeit_reason": "",
           "forfeit_detail": "", "rank": 1, "wins": 0, "forfeits": 0, "games": 0}
    value = {"v": 1, "at": "2026-11-27T01:00:00Z", "seed": 5, "deals": 1, "sizes": [2],
             "names": ["A", "B"], "seconds": 0.1, "games": [],
             "result": {"standings": [row, {**row, "bot": "B", "rank": 2}],
                        "head_to_head": [[0, 0], [0, 0]],
                        "csv": {"standings": "", "games": "", "head_to_head": ""}},
             "records": None}
    value.update(changes)
    return json.dumps(value)


@pytest.mark.parametrize(("stored", "note"), [
    (kept_league(records="AAAA"), "could not be read"),  # records that do not inflate
    (kept_league(v=2), "could not be read"),  # another version's

    ('{"v": 1, "at": "2026-', "could not be read"),  # cut short
    ("[" * 100_000 + "]" * 100_000, "could not be read"),  # too deep for JSON.parse
    (json.dumps({"v": 1, "at": "2026-11-27T01:00:00Z", "seed": 1, "deals": 1, "sizes": [2],
                 "names": "AB", "games": [], "result": {}, "records": None}),
     "could not be read"),  # valid JSON, not a league
    ('"' + "x" * 1_000_001 + '"', "were too large to read"),
])
def test_a_damaged_or_huge_kept_league_is_read_as_none(lab, finished, stored, note):
    page = lab
    league = region(page)
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [KEPT, stored])
    reload(page)  # the lab starts all the same
    expect(league.locator("#lg-status")).to_have_text(re.compile(
        "^The results kept from an earlier league " + note + "; they were removed\\.$"))
    expect(league.get_by_role("table", name=re.compile("^Standings"))).to_be_hidden()
    assert page.evaluate(f"localStorage.getItem('{KEPT}')") is None
    expect(page.get_by_role("button", name="Run games")).to_be_enabled()
    expect(league.get_by_role("button", name="Run the league")).to_be_enabled()


def test_a_kept_league_is_read_from_what_the_page_wrote(lab):
    page = lab
    league = region(page)
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [KEPT, kept_league()])
    reload(page)
    expect(league.get_by_role("table", name="Standings, seed 5")).to_be_visible()
    expect(league.get_by_text(re.compile("^From .+ kept in this browser"))).to_contain_text(
        "Its records were too large to keep")  # kept without records
    expect(league.locator("#lg-status")).to_have_text("")
    league.get_by_role("button", name="Clear the kept results").click()


def refuse_writes(page, when, key=KEPT):
    """localStorage.setItem refuses, as a full disk does, the text of `key`
    (the kept league's) when `when` (a JS function of the text) says so."""
    page.evaluate("""([key, when]) => {
      const real = Storage.prototype.setItem;
      const refuse = new Function("text", "return (" + when + ")(text)");
      Storage.prototype.setItem = function (k, v) {
        if (k === key && refuse(String(v))) throw new DOMException("full", "QuotaExceededError");
        return real.call(this, k, v);
      };
    }""", [key, when])


def test_a_full_storage_keeps_nothing_new_and_loses_nothing(lab, finished):
    page = lab
    league = region(page)
    league.get_by_label("Seed (write it down)").fill(SEED)
    run_league(page)
    old = page.evaluate(f"localStorage.getItem('{KEPT}')")
    keys = page.evaluate("Object.fromEntries(Object.entries(localStorage))")
    refuse_writes(page, "() => true")
    league.get_by_label("Seed (write it down)").fill("12")
    run_league(page)
    expect(league.locator("#lg-status")).to_contain_text(
        "These results could not be kept in this browser (its storage is full or blocked): "
        "download them now. Nothing else was removed.")
    # the results are on the screen, with their downloads; nothing stored changed
    expect(league.get_by_role("table", name="Standings, seed 12")).to_be_visible()
    expect(league.get_by_role("button", name="Download all records (JSON)")).to_be_visible()
    expect(league.get_by_role("button", name="Clear the kept results")).to_be_hidden()
    assert page.evaluate("Object.fromEntries(Object.entries(localStorage))") == keys
    assert page.evaluate(f"localStorage.getItem('{KEPT}')") == old
    reload(page)  # the league kept before is the one shown
    expect(league.get_by_role("table", name=f"Standings, seed {SEED}")).to_be_visible()


def test_records_too_large_to_keep_leave_the_standings(lab, finished):
    page = lab
    league = region(page)
    refuse_writes(page, "(text) => !text.includes('\"records\":null')")
    league.get_by_label("Seed (write it down)").fill("13")
    run_league(page)
    expect(league.locator("#lg-status")).to_contain_text(
        "The results are kept in this browser, but not the records (too large)")
    standings = cells(league.get_by_role("table", name="Standings, seed 13"))
    reload(page)
    expect(league.get_by_text(re.compile("kept in this browser"))).to_contain_text(
        "Its records were too large to keep, so its games cannot be watched here.")
    assert cells(league.get_by_role("table", name="Standings, seed 13")) == standings
    expect(league.get_by_role("list", name="Games of the league").get_by_role("listitem")
           ).to_have_count(6)
    expect(league.get_by_role("button", name=re.compile("^Watch the game"))).to_have_count(0)
    expect(league.get_by_role("button", name="Download all records (JSON)")).to_be_hidden()
    expect(league.get_by_role("button", name="Download the head to head (CSV)")).to_be_visible()


def test_a_full_storage_says_the_list_of_bots_is_not_kept(lab, finished):
    page = lab
    league = region(page)
    kept = page.evaluate("localStorage.getItem('lostcode.lab.league')")
    refuse_writes(page, "() => true", key="lostcode.lab.league")
    league.get_by_label("Computer player").select_option("hard")
    league.get_by_role("button", name="Add this computer").click()
    full = "This browser's storage is full or blocked: the list of bots is not kept for next time."
    expect(league.locator("#lg-status")).to_have_text("Added Computer (hard). " + full)
    league.get_by_role("button", name="Remove Computer (hard)").click()
    expect(league.locator("#lg-status")).to_have_text("Removed Computer (hard). " + full)
    assert page.evaluate("localStorage.getItem('lostcode.lab.league')") == kept
