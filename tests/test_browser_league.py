"""The Bot lab's class league in the browser (issue 26): lab.html #league,
assets/lab-league.js, refereed by lostcode/player/league.py in the lab's workers.

One lab page for the module (each Pyodide start costs seconds on the 2-core
machine). The league of the lesson's three bots and a broken one finishes;
the table shown, the downloaded CSV and `python -m lostcode league` for the
same bots and seed agree row for row.
"""

import csv
import io
import json
import re
import subprocess
import sys

import pytest
from helpers import ROOT, RequestLog, lab_strings, wait_engine_ready
from playwright.sync_api import expect

from lostcode.services.record import replay

pytestmark = pytest.mark.browser

LAB_TIMEOUT = 180_000
RUN_TIMEOUT = 300_000
BOTS = ROOT / "docs" / "examples" / "bots"
STEPS = ["step1_first_bot", "step2_deduction", "step3_expected_points"]
BROKEN = b"def choose(observation, legal_moves)\n    return legal_moves[0]\n"
SEED = "7"


LEAGUE_STRINGS = lab_strings()


@pytest.fixture(scope="module")
def lab(browser, site_url):
    context = browser.new_context(accept_downloads=True)
    log = RequestLog(site_url).attach(context)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda m: m.type == "error" and "Content Security Policy" in m.text
            and errors.append(m.text))
    page.goto(site_url + "lab.html?lang=en")
    page.wait_for_function("document.documentElement.dataset.lab === 'ready'",
                           timeout=LAB_TIMEOUT)
    page.set_default_timeout(60_000)
    yield page
    context.close()
    log.assert_same_origin()
    assert not errors, errors


def read_csv(text):
    return list(csv.reader(io.StringIO(text.removeprefix("\ufeff"))))


def download(page, name):
    with page.expect_download() as info:
        page.get_by_role("button", name=name).click()
    return info.value.path().read_text(encoding="utf-8")


def without_detail(rows):
    """CSV rows without the forfeit_detail column: a traceback's last line is
    the runtime's wording (Pyodide's Python may say it otherwise)."""
    i = rows[0].index("forfeit_detail")
    return [row[:i] + row[i + 1:] for row in rows]


@pytest.fixture(scope="module")
def played(lab, tmp_path_factory):
    """The league run once in the page: (page, table rows, standings CSV, games CSV, records,
    a folder, head-to-head CSV)."""
    page = lab
    league = page.get_by_role("region", name="Class league")
    files = [{"name": n + ".py", "mimeType": "text/x-python",
              "buffer": (BOTS / (n + ".py")).read_bytes()} for n in STEPS]
    files.append({"name": "broken.py", "mimeType": "text/x-python", "buffer": BROKEN})
    league.get_by_label("Add .py files").set_input_files(files=files)
    expect(league.get_by_role("list", name="Bots in the league").get_by_role("listitem")
           ).to_have_count(4)
    expect(league.get_by_role("button", name="Remove broken")).to_be_visible()
    league.get_by_label("Seats at each table").select_option("2")
    league.get_by_label("Seed (write it down)").fill(SEED)
    expect(league.locator("#lg-plan")).to_have_text(
        "12 games in all. Every group of bots plays 1 deal, each from every seat.")
    league.get_by_role("button", name="Run the league").click()
    page.wait_for_function("document.documentElement.dataset.league === '1'", timeout=RUN_TIMEOUT)
    table = league.get_by_role("table", name=f"Standings, seed {SEED}")
    expect(table).to_be_visible()
    rows = table.locator("tr").evaluate_all(
        "trs => trs.map(tr => [...tr.cells].map(c => c.textContent))")
    standings = read_csv(download(page, "Download the standings (CSV)"))
    games = read_csv(download(page, "Download every game (CSV)"))
    records = json.loads(download(page, "Download all records (JSON)"))
    h2h = read_csv(download(page, "Download the head to head (CSV)"))
    tmp = tmp_path_factory.mktemp("league")
    return page, rows, standings, games, records, tmp, h2h


def test_league_of_four_bots_one_broken_finishes(played):
    page, rows, standings, _games, _records, _tmp, _h2h = played
    league = page.get_by_role("region", name="Class league")
    assert rows[0] == ["Rank", "Bot", "Wins", "Mean score", "Spread", "Forfeits", "Games"]
    assert len(rows) == 5
    by_bot = {r[1]: r for r in rows[1:]}
    # the lesson's bots each ran in the lab without a forfeit; the broken one forfeited all 6
    for name in STEPS:
        assert by_bot[name][6] == "6" and by_bot[name][5] == "0", by_bot[name]
    assert by_bot["broken"][2:] == ["0", "0.00", "0.00", "6", "6"]
    assert rows[-1][1] == "broken"
    kept = page.evaluate("JSON.parse(localStorage.getItem('lostcode.lab.league'))")
    assert [b["name"] for b in kept] == [*STEPS, "broken"]  # the list stays in this browser
    expect(league.get_by_role("listitem").filter(has_text="broken forfeited 6 games")
           ).to_contain_text("SyntaxError")
    games = league.get_by_role("list", name="Games of the league").get_by_role("listitem")
    expect(games).to_have_count(12)
    expect(league.get_by_role("button", name=re.compile("^Watch the game"))).to_have_count(6)
    expect(league.locator("#lg-status")).to_have_text(re.compile(r"^League finished: 12 games"))
    # head to head: a numbered column per bot, its name for a screen reader
    h2h = league.get_by_role("table", name=re.compile("^Head to head"))
    expect(h2h.get_by_role("columnheader", name="broken")).to_have_text("4")
    expect(h2h.get_by_role("rowheader")).to_have_count(4)


def test_the_csv_is_the_table_shown(played):
    _page, rows, standings, games, records, _tmp, h2h = played
    assert standings[0][:8] == ["rank", "bot", "games", "finished", "wins", "mean_score",
                                "spread", "forfeits"]
    shown = rows[1:]  # rank, bot, wins, mean, spread, forfeits, games
    from_csv = [[r[0], r[1], r[4], r[5], r[6], r[7], r[2]] for r in standings[1:]]
    assert shown == from_csv
    assert len(games) == 13 and sum(g[11] == "forfeit" for g in games[1:]) == 6
    # every finished game's record replays to the scores of its row
    assert records["league"]["seed"] == int(SEED) and len(records["games"]) == 12
    for row, game in zip(games[1:], records["games"], strict=True):
        assert game["game"] == int(row[0])
        if row[11] != "forfeit":
            s = replay(json.dumps(game["record"]))
            assert [str(x) for x in s.scores] == [x for x in row[7:11] if x]
    # the head-to-head CSV is the table shown: names across, "" where a bot meets itself
    page = played[0]
    table = page.get_by_role("region", name="Class league").get_by_role(
        "table", name=re.compile("^Head to head"))
    h2h_shown = table.locator("tr").evaluate_all(
        "trs => trs.map(tr => [...tr.cells].map(c => c.textContent))")
    names = [r[0] for r in h2h[1:]]
    assert h2h[0] == ["bot", *names] and names == [*STEPS, "broken"]
    assert [[f"{i + 1}. {r[0]}"] + [c or "—" for c in r[1:]] for i, r in enumerate(h2h[1:])
            ] == h2h_shown[1:]


def test_the_cli_plays_the_same_league(played):
    _page, _rows, standings, games, _records, tmp, h2h = played
    paths = []
    for n in STEPS:
        (tmp / (n + ".py")).write_bytes((BOTS / (n + ".py")).read_bytes())
        paths.append(str(tmp / (n + ".py")))
    (tmp / "broken.py").write_bytes(BROKEN)
    paths.append(str(tmp / "broken.py"))
    out = tmp / "out"
    proc = subprocess.run(
        [sys.executable, "-m", "lostcode", "league", *paths, "--players", "2", "--seed", SEED,
         "--csv", str(out), "--quiet"], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    cli_standings = read_csv((out / "standings.csv").read_text(encoding="utf-8"))
    cli_games = read_csv((out / "games.csv").read_text(encoding="utf-8"))
    assert without_detail(cli_standings) == without_detail(standings)
    assert without_detail(cli_games) == without_detail(games)
    # head to head: the page's download is the CLI's head_to_head.csv, cell for cell
    assert read_csv((out / "head_to_head.csv").read_text(encoding="utf-8")) == h2h


def test_watch_a_league_game(played):
    page = played[0]
    with page.context.expect_page() as popup:
        page.get_by_role("region", name="Class league").get_by_role(
            "button", name="Watch the game (Game 1)").click()
    viewer = popup.value
    wait_engine_ready(viewer, timeout=LAB_TIMEOUT)
    expect(viewer.locator("#game")).to_be_visible()
    expect(viewer.locator("#game")).to_contain_text("step1_first_bot")
    viewer.close()


def test_league_fits_a_phone_and_a_projector_and_speaks_every_language(played):
    page = played[0]
    league = page.get_by_role("region", name="Class league")
    page.set_viewport_size({"width": 360, "height": 640})
    try:
        # nothing scrolls sideways but the tables' own focusable regions
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        for button in league.get_by_role("button").all():
            if button.is_visible():
                box = button.bounding_box()
                assert box["height"] >= 44 and box["width"] >= 44, button.text_content()
        page.set_viewport_size({"width": 1920, "height": 1080})
        size = league.get_by_role("table", name=f"Standings, seed {SEED}").evaluate(
            "t => parseFloat(getComputedStyle(t.rows[1].cells[1]).fontSize)")
        assert size >= 24  # read from the back of a classroom
        assert page.evaluate("document.documentElement.scrollWidth") <= 1920
        for lang in ("ru", "it", "pl"):
            page.get_by_label(re.compile("^(Language|Язык|Lingua|Język)$")).select_option(lang)
            s = LEAGUE_STRINGS[lang]
            expect(page.get_by_role("heading", name=s["lg-heading"])).to_be_visible()
            expect(page.get_by_role("table", name=s["lg-standings"].replace("{seed}", SEED))
                   ).to_be_visible()
            expect(page.get_by_role("button", name=s["lg-run"])).to_be_visible()
    finally:
        page.get_by_label(re.compile("^(Language|Язык|Lingua|Język)$")).select_option("en")
        page.set_viewport_size({"width": 1280, "height": 720})


def test_stop_ends_the_league_with_the_games_played(played):
    page = played[0]
    league = page.get_by_role("region", name="Class league")
    league.get_by_label("Seats at each table").select_option("2..4")
    league.get_by_label("Deals per group").fill("3")
    expect(league.locator("#lg-plan")).to_have_text(re.compile("^84 games"))
    league.get_by_role("button", name="Run the league").click()
    expect(page.locator("#progress-label")).to_have_text(re.compile(r"^League: [1-9]\d* of 84"),
                                                         timeout=RUN_TIMEOUT)
    page.get_by_role("button", name="Stop").click()
    page.wait_for_function("document.documentElement.dataset.league === '2'", timeout=RUN_TIMEOUT)
    status = league.locator("#lg-status").text_content()
    n = int(re.match(r"League stopped after (\d+) games?\.", status).group(1))
    assert 1 <= n < 84
    expect(league.get_by_role("list", name="Games of the league").get_by_role("listitem")
           ).to_have_count(n)
    expect(league.get_by_role("button", name="Run the league")).to_be_enabled()
    expect(page.get_by_role("button", name="Run games")).to_be_enabled()


def test_pasted_and_editor_bots_join_and_leave_by_keyboard(played):
    page = played[0]
    league = page.get_by_role("region", name="Class league")
    bots = league.get_by_role("list", name="Bots in the league").get_by_role("listitem")
    before = bots.count()
    league.get_by_text("Paste a bot's code").click()
    league.get_by_label("Name").fill("Pasted")
    league.get_by_label("Code").fill(
        "def choose(observation, legal_moves):\n    return legal_moves[0]\n")
    league.get_by_role("button", name="Add this bot").click()
    expect(league.locator("#lg-status")).to_have_text("Added Pasted.")
    league.get_by_role("button", name="Add the bot in the editor").click()
    expect(bots).to_have_count(before + 2)
    expect(bots.nth(before)).to_contain_text("Pasted (pasted)")
    expect(bots.nth(before + 1)).to_contain_text("Your bot (from the editor)")
    # the hook for bots that come by a shared link (issue 26, part B)
    page.evaluate("lab.addLeagueBot('Linked', 'def choose(o, moves):\\n    return moves[0]\\n')")
    expect(bots.nth(before + 2)).to_contain_text("Linked (from a link)")
    for name in ("Pasted", "Your bot", "Linked"):
        league.get_by_role("button", name="Remove " + name).focus()
        page.keyboard.press("Enter")
        expect(league.locator("#lg-status")).to_have_text(f"Removed {name}.")
        assert page.evaluate("document.activeElement.tagName") == "BUTTON"  # focus kept near
    expect(bots).to_have_count(before)


LINK_BOT = "def choose(observation, legal_moves):\n    return legal_moves[-1]\n"


def test_bots_join_from_shared_links_whole_or_not_at_all(played, site_url):
    page = played[0]
    league = page.get_by_role("region", name="Class league")
    bots = league.get_by_role("list", name="Bots in the league").get_by_role("listitem")
    before = bots.count()
    link = page.evaluate("""async (code) => (await import("./assets/lab-share.js")).linkFor(
        {name: "Greedy", author: "Ann", code}, location.origin + "/lab.html")""", LINK_BOT)
    i = link.index("#bot=v1.") + 20
    tampered = link[:i] + ("A" if link[i] != "A" else "B") + link[i + 1:]
    league.get_by_text("Add bots from shared links").click()
    box = league.get_by_label("Links, one per line")
    box.fill("\n".join([link, tampered, site_url + "lab.html", "",
                        link.replace("#bot=v1.", "#bot=v0.")]))
    box.focus()
    page.keyboard.press("Tab")  # keyboard only: to the button, and press it
    page.keyboard.press("Enter")
    status = league.locator("#lg-status")
    expect(status).to_contain_text("Added Ann · Greedy.")
    expect(status).to_contain_text("Line 2 was not added: This link is damaged or was changed")
    expect(status).to_contain_text("Line 3 was not added: it holds no bot")
    expect(status).to_contain_text("Line 5 was not added: This link was made by an older version")
    # only the good link's bot joined, with its code whole; the refused lines stay to be fixed
    expect(bots).to_have_count(before + 1)
    expect(bots.nth(before)).to_contain_text("Ann · Greedy (from a link)")
    kept = page.evaluate("JSON.parse(localStorage.getItem('lostcode.lab.league'))")
    assert kept[-1] == {"name": "Ann · Greedy", "kind": "bot", "source": LINK_BOT,
                        "origin": "link"}
    assert box.input_value().split("\n") == [tampered, site_url + "lab.html",
                                             link.replace("#bot=v1.", "#bot=v0.")]
    expect(box).to_be_focused()
    league.get_by_role("button", name="Remove Ann · Greedy").click()
    expect(bots).to_have_count(before)
    # the lab opened by the link: "Add the bot in the editor" adds it under its author's name
    page.goto("about:blank")  # else only the fragment changes: no new page
    page.goto(link.replace("/lab.html", "/lab.html?lang=en"))
    page.wait_for_function("document.documentElement.dataset.lab === 'ready'",
                           timeout=LAB_TIMEOUT)
    league.get_by_role("button", name="Add the bot in the editor").click()
    expect(bots.nth(before)).to_contain_text("Ann · Greedy (from a link)")
    league.get_by_role("button", name="Remove Ann · Greedy").click()
    expect(bots).to_have_count(before)
