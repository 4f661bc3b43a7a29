"""The class league (issue 26) without a browser: lostcode/player/league.py (the
schedule, the standings, the CSV text), `python -m lostcode league`, the
lesson's example bots (docs/examples/bots/, docs/teaching.md) and the same
league text on CPython, Pyodide and MicroPython."""

import csv
import io
import itertools
import json
import math
import random
import subprocess
import sys
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import pytest
from helpers import ROOT, node_runtimes_available, run_in_runtime

from lostcode.cli.league import parse_sizes
from lostcode.cli.league import run as run_league
from lostcode.player.league import (
    GAMES_COLUMNS,
    STANDINGS_COLUMNS,
    League,
    centi_mean,
    centi_spread,
    centi_text,
    combinations,
    csv_field,
    isqrt,
    schedule,
)

BOTS = ROOT / "docs" / "examples" / "bots"
STEPS = [BOTS / "step1_first_bot.py", BOTS / "step2_deduction.py",
         BOTS / "step3_expected_points.py"]
BROKEN = "def choose(observation, legal_moves)\n    return legal_moves[0]\n"


def summary(scores, winner=None, tie=False, forfeit=None):
    return {"finished": forfeit is None, "scores": scores, "winner": winner, "tie": tie,
            "forfeit": forfeit}


# --- the schedule --------------------------------------------------------------------


def test_combinations_match_itertools():
    for n in range(0, 7):
        for k in range(1, 5):
            assert combinations(n, k) == list(itertools.combinations(range(n), k))


def test_players_per_game_as_a_teacher_writes_them():
    assert parse_sizes("2") == [2]
    assert parse_sizes("2..4") == [2, 3, 4]
    assert parse_sizes("2-3") == [2, 3]
    assert parse_sizes(" 4, 2 ") == [2, 4]
    for bad in ("1", "5", "2..5", "4..2", "two", "", "2..", "-2"):
        with pytest.raises(ValueError):
            parse_sizes(bad)


@pytest.mark.parametrize(("n", "sizes", "deals"), [(4, [2], 1), (5, [3], 2), (4, [2, 3, 4], 2),
                                                   (6, [4], 1)])
def test_every_deal_is_played_from_every_seat(n, sizes, deals):
    """Each group of entrants plays each deal once per seat order: entrant e of
    a group sits at every table position exactly once on every deal."""
    games = schedule(n, sizes, deals, 100)
    expected = sum(math.comb(n, k) * deals * k for k in sizes)
    assert len(games) == expected
    assert [g["game"] for g in games] == list(range(expected))
    by_group = {}
    for g in games:
        key = (tuple(sorted(g["seats"])), g["deal_seed"])
        by_group.setdefault(key, []).append(g["seats"])
        assert g["players"] == len(g["seats"]) == len(set(g["seats"]))
    assert len(by_group) == sum(math.comb(n, k) for k in sizes) * deals
    for (group, _deal), seatings in by_group.items():
        k = len(group)
        assert len(seatings) == k
        for e in group:
            assert sorted(s.index(e) for s in seatings) == list(range(k))
    # every group of one size meets the same deals: seed, seed + 1, ...
    assert {g["deal_seed"] for g in games} == set(range(100, 100 + deals))
    assert len({g["bot_seed"] for g in games}) == expected


def test_the_schedule_is_the_same_for_the_same_seed():
    assert schedule(5, [2, 3], 2, 9) == schedule(5, [2, 3], 2, 9)
    assert schedule(5, [2], 1, 9) != schedule(5, [2], 1, 10)


def test_a_league_that_cannot_be_played_says_why():
    with pytest.raises(ValueError, match="at least 3 bots"):
        schedule(2, [3, 4], 1, 0)
    with pytest.raises(ValueError, match="at most 40"):
        schedule(41, [2], 1, 0)
    with pytest.raises(ValueError, match="deals"):
        schedule(3, [2], 0, 0)
    with pytest.raises(ValueError, match="seed"):
        schedule(3, [2], 2, 2**53 - 1)
    with pytest.raises(ValueError, match="too many"):
        schedule(40, [4], 50, 0)
    # a size larger than the league is left out when another size fits
    assert {g["players"] for g in schedule(3, [2, 4], 1, 0)} == {2}


# --- the numbers ---------------------------------------------------------------------


def exact_centi(x: Decimal) -> int:
    return int((x * 100).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def test_mean_and_spread_are_exact_hundredths():
    rng = random.Random(4)
    for _ in range(500):
        scores = [rng.randint(-10, 70) for _ in range(rng.randint(1, 30))]
        n = len(scores)
        mean = Decimal(sum(scores)) / n
        assert centi_mean(scores) == exact_centi(mean) or mean < 0
        var = sum((Decimal(x) - mean) ** 2 for x in scores) / n
        assert abs(centi_spread(scores) - float(var.sqrt()) * 100) <= 0.5 + 1e-9
        assert centi_spread(scores) == exact_centi(var.sqrt()) or n == 1
    assert centi_spread([1, 2]) == 50 and centi_spread([0, 0, 0]) == 0
    assert centi_mean([1, 2]) == 150 and centi_mean([-1, -2]) == -150 and centi_mean([]) == 0
    assert [isqrt(k) for k in range(50)] == [math.isqrt(k) for k in range(50)]
    assert isqrt(10**40 + 7) == math.isqrt(10**40 + 7)
    assert centi_text(1234) == "12.34" and centi_text(-5) == "-0.05" and centi_text(7) == "0.07"


def small_league():
    """Three bots, 2-player games: six games; results made up."""
    lg = League(["Ann", "Bob", "Cy"], [2], 1, 3)
    # games: (Ann,Bob) (Bob,Ann) (Ann,Cy) (Cy,Ann) (Bob,Cy) (Cy,Bob)
    lg.add(0, summary([30, 20], winner=0))
    lg.add(1, summary([25, 25], winner=1, tie=True))
    lg.add(2, summary([40, 10], winner=0))
    lg.add(3, summary([0, 3], forfeit={"seat": 0, "reason": "error",
                                       "detail": "Traceback...\nZeroDivisionError: division"}))
    lg.add(4, summary([12, 14], winner=1))
    lg.add(5, summary([5, 2], forfeit={"seat": 1, "reason": "slow", "detail": "2 s"}))
    return lg


def test_standings_count_wins_means_spread_and_forfeits():
    lg = small_league()
    assert [g["seats"] for g in lg.games] == [[0, 1], [1, 0], [0, 2], [2, 0], [1, 2], [2, 1]]
    rows = {r["bot"]: r for r in lg.standings()}
    ann, bob, cy = rows["Ann"], rows["Bob"], rows["Cy"]
    # a tie is nobody's win; a forfeited game counts for nobody but its loser
    assert (ann["wins"], ann["games"], ann["finished"], ann["forfeits"]) == (2, 4, 3, 0)
    assert ann["mean"] == centi_mean([30, 25, 40]) and ann["mean_text"] == "31.67"
    assert ann["spread_text"] == "6.24"
    assert (bob["wins"], bob["finished"], bob["forfeits"]) == (0, 3, 1)
    assert bob["forfeit_reason"] == "slow"
    assert (cy["wins"], cy["finished"], cy["forfeits"]) == (1, 2, 1)
    assert (cy["forfeit_reason"], cy["forfeit_detail"]) == ("error", "ZeroDivisionError: division")
    assert [r["bot"] for r in lg.standings()] == ["Ann", "Cy", "Bob"]
    assert [r["rank"] for r in lg.standings()] == [1, 2, 3]
    beat = lg.head_to_head()
    assert beat == [[0, 1, 1], [0, 0, 0], [0, 1, 0]]


def test_a_bot_that_never_finished_ranks_after_those_that_did():
    lg = League(["Neg", "Broken"], [2], 1, 0)
    forfeit = {"seat": 1, "reason": "error", "detail": "SyntaxError"}
    lg.add(0, summary([-5, 0], forfeit=forfeit))
    lg.add(1, summary([0, -3], forfeit={"seat": 0, "reason": "error", "detail": "x"}))
    assert [r["bot"] for r in lg.standings()] == ["Neg", "Broken"]
    lg2 = League(["Neg", "Ok", "Broken"], [2], 1, 0)
    lg2.add(0, summary([-5, 3], winner=1))
    assert [r["bot"] for r in lg2.standings()][0] == "Ok"


def test_names_are_made_distinct_as_a_table_does():
    lg = League(["Ann", "Ann", " ", "Аnn"], [2], 1, 0)  # the last with a Cyrillic А
    assert lg.names == ["Ann", "Ann (2)", "Player 3", "Аnn (3)"]


def read_csv(text):
    return list(csv.reader(io.StringIO(text.removeprefix("\ufeff"))))


def test_csv_files_hold_the_standings_and_every_game():
    lg = small_league()
    standings = read_csv(lg.standings_csv())
    assert standings[0] == list(STANDINGS_COLUMNS)
    assert standings[1] == ["1", "Ann", "4", "3", "2", "31.67", "6.24", "0", "", ""]
    assert standings[2][1] == "Cy" and standings[2][8:] == ["error", "ZeroDivisionError: division"]
    games = read_csv(lg.games_csv())
    assert games[0] == list(GAMES_COLUMNS)
    assert len(games) == 7
    assert games[1] == ["1", "2", "3", "Ann", "Bob", "", "", "30", "20", "", "", "win", "Ann",
                        "", "", ""]
    assert games[2][11:13] == ["tie", ""]
    assert games[4][11:] == ["forfeit", "", "Cy", "error", "ZeroDivisionError: division"]
    h2h = read_csv(lg.head_to_head_csv())
    assert h2h == [["bot", "Ann", "Bob", "Cy"], ["Ann", "", "1", "1"], ["Bob", "0", "", "0"],
                   ["Cy", "0", "1", ""]]
    assert lg.standings_csv().endswith("\r\n")


def test_csv_fields_are_quoted_and_never_formulas():
    assert csv_field('Ann, "the" bot') == '"Ann, ""the"" bot"'
    assert csv_field("=HYPERLINK(1)") == "'=HYPERLINK(1)"
    assert csv_field("+1") == "'+1" and csv_field("@x") == "'@x" and csv_field("-x") == "'-x"
    assert csv_field("-5") == "-5" and csv_field("-0.05") == "-0.05"
    assert csv_field("line\nbreak") == '"line\nbreak"'


def test_records_file_holds_every_played_game():
    lg = small_league()
    records = [{"record": i} for i in range(6)]
    data = json.loads(lg.records_json(records))
    assert data["league"] == {"bots": ["Ann", "Bob", "Cy"], "players": [2], "deals": 1,
                              "seed": 3, "games": 6}
    assert [g["game"] for g in data["games"]] == [1, 2, 3, 4, 5, 6]
    assert data["games"][0]["seats"] == ["Ann", "Bob"] and data["games"][0]["winner"] == "Ann"
    assert data["games"][3]["result"] == "forfeit" and data["games"][3]["record"] == {"record": 3}


# --- the command line ----------------------------------------------------------------


def test_cli_league_prints_the_standings_it_writes(tmp_path):
    broken = tmp_path / "broken.py"
    broken.write_text(BROKEN)
    out = tmp_path / "out"
    proc = subprocess.run(
        [sys.executable, "-m", "lostcode", "league", str(STEPS[1]), f"Third={STEPS[2]}", "easy",
         str(broken), "--players", "2..3", "--seed", "5", "--csv", str(out)],
        cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("24 games: 4 bots, 2/3-player games, 1 deal(s) per group, seed 5")
    assert (out / "standings.csv").read_bytes().startswith(b"\xef\xbb\xbfrank,")
    standings = read_csv((out / "standings.csv").read_text(encoding="utf-8"))
    names = [row[1] for row in standings[1:]]
    assert set(names) == {"step2_deduction", "Third", "easy", "broken"}
    assert names[-1] == "broken"
    lines = proc.stdout.splitlines()
    for row in standings[1:]:  # every row of the file is a printed row
        rank, bot, games, _finished, wins, mean, spread, forfeits = row[:8]
        assert any(line.split()[:7] == [rank, bot, games, wins, mean, spread, forfeits]
                   for line in lines), row
    # broken sits in 3 of the 6 pairs and 3 of the 4 threes: 2 x 3 + 3 x 3 games, all forfeited
    assert standings[-1][7:9] == ["15", "error"] and "SyntaxError" in standings[-1][9]
    games = read_csv((out / "games.csv").read_text(encoding="utf-8"))
    assert len(games) == 25
    assert sum(1 for g in games[1:] if g[11] == "forfeit") == 15
    records = json.loads((out / "records.json").read_text(encoding="utf-8"))
    assert len(records["games"]) == 24
    assert (out / "head_to_head.csv").is_file()
    # The same league from Python gives the same rows (the page's comparison uses these).
    league, _records, _s = run_league([str(STEPS[1]), f"Third={STEPS[2]}", "easy", str(broken)],
                                      [2, 3], 1, 5)
    assert read_csv(league.standings_csv()) == standings


def test_cli_league_refuses_what_it_cannot_play(tmp_path):
    def league(*args):
        return subprocess.run([sys.executable, "-m", "lostcode", "league", *args], cwd=ROOT,
                              capture_output=True, text=True, timeout=120)

    one = league("easy", "--players", "3")
    assert one.returncode == 2 and "at least 3 bots" in one.stderr
    nope = league("easy", "nope.py")
    assert nope.returncode == 2 and "cannot read nope.py" in nope.stderr
    odd = league("easy", "grand", "--players", "2")
    assert odd.returncode == 2 and "unknown bot grand" in odd.stderr
    sizes = league("easy", "hard", "--players", "5")
    assert sizes.returncode == 2 and "players per game" in sizes.stderr


def test_lesson_bots_rise_in_skill_and_each_runs():
    """docs/teaching.md's three steps: each runs on the command line, and each
    step is better than the one before (the lab runs them in
    tests/test_browser_league.py)."""
    league, _records, _s = run_league([str(p) for p in STEPS] + ["easy"], [2], 3, 1)
    rows = {r["bot"]: r for r in league.standings()}
    assert all(r["forfeits"] == 0 for r in rows.values())
    step1, step2, step3 = (rows[p.stem] for p in STEPS)
    assert step3["wins"] > step2["wins"] > rows["easy"]["wins"] > step1["wins"]
    assert step2["mean"] > rows["easy"]["mean"] > step1["mean"]
    beat = league.head_to_head()
    assert beat[2][1] > beat[1][2]  # step 3 scores more than step 2 in most of their games


def test_teaching_plan_names_the_example_bots():
    doc = (ROOT / "docs" / "teaching.md").read_text(encoding="utf-8")
    for p in STEPS:
        assert Path(p).relative_to(ROOT).as_posix() in doc
    assert "python -m lostcode league" in doc


# --- every runtime ---------------------------------------------------------------------

SCRIPT = Path(__file__).with_name("league_script.py")


@pytest.fixture(scope="module")
def cpython_league():
    return run_in_runtime("cpython", SCRIPT)


def test_league_script_runs_on_cpython(cpython_league):
    assert cpython_league.startswith(",".join(STANDINGS_COLUMNS))
    assert "'=cmd" in cpython_league  # a formula-like name is defused


@pytest.mark.runtimes
@pytest.mark.skipif(not node_runtimes_available(), reason="needs node and `npm ci`")
@pytest.mark.parametrize("kind", ["pyodide", "micropython"])
def test_same_league_in_browser_runtimes(cpython_league, kind):
    assert run_in_runtime(kind, SCRIPT) == cpython_league


def test_cli_league_in_process_prints_writes_and_says_json(tmp_path, capsys):
    """The league command's own path (the subprocess runs above are not measured by
    coverage): built-in levels only, so no child process is needed."""
    from lostcode.cli.cli import main

    out = tmp_path / "out"
    assert main(["league", "easy", "medium", "Hardy=hard", "--players", "2", "--seed", "4",
                 "--csv", str(out), "--quiet"]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith("6 games: 3 bots, 2-player games, 1 deal(s) per group, seed 4")
    assert "head to head" in printed and "wrote " in printed
    standings = read_csv((out / "standings.csv").read_text(encoding="utf-8"))
    assert {row[1] for row in standings[1:]} == {"easy", "medium", "Hardy"}
    for row in standings[1:]:
        assert any(line.split()[:3] == row[:2] + [row[2]] for line in printed.splitlines())
    assert main(["league", "easy", "medium", "--players", "2", "--seed", "4", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["league"]["games"] == 2 and len(data["standings"]) == 2
    assert main(["league", "easy", "--players", "2"]) == 2  # one bot cannot play a league
    assert main(["league", "easy", str(tmp_path / "missing.py"), "--players", "2"]) == 2
    assert main(["league", "easy", "medium", "--players", "2", "--csv",
                 str(tmp_path / "out" / "standings.csv" / "x")]) == 2
