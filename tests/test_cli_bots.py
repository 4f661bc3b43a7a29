"""The command line's tournament and self-play with hostile bot files and
numbers (issue 25, failure 10): bot files run in child processes with the
page's 2 s limit; bad files, exits and loops are one line per game; seeds and
counts are checked. Never a traceback of the program, never a silent end."""

import json
import subprocess
import sys

import pytest
from helpers import ROOT

PASS = "def choose(observation, legal_moves):\n    return legal_moves[0]\n"


def cli(*args, timeout=60):
    return subprocess.run([sys.executable, "-m", "lostcode", *map(str, args)], cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout)


def crashed(out) -> bool:
    """A traceback of the program itself (the bot's own, in bot.py lines, is its message)."""
    text = out.stdout + out.stderr
    return "lostcode/" in text.replace("lostcode/cli/botchild", "") and "Traceback" in text


def bot(tmp_path, body, name="bot.py"):
    path = tmp_path / name
    path.write_text(body, encoding="utf-8")
    return path


@pytest.mark.parametrize("raised", ["KeyboardInterrupt", "GeneratorExit", "Mine",
                                    "SystemExit(3)"])
def test_a_bot_raising_any_base_exception_loses_each_game_with_one_line(tmp_path, raised):
    path = bot(tmp_path, "class Mine(BaseException):\n    pass\n\n"
                         "def choose(observation, legal_moves):\n    raise " + raised + "\n")
    out = cli("tournament", "--seats", f"{path},easy", "--games", 3, "--json")
    assert out.returncode == 0 and not crashed(out), out.stderr
    data = json.loads(out.stdout)
    assert data["seats"][0]["forfeits"] == 3 and data["seats"][1]["wins"] == 0
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 3 and all("lost the game: error" in line for line in lines), lines
    name = raised.split("(")[0]
    assert all(name in line for line in lines)


@pytest.mark.parametrize("ending, status", [("import sys\n    sys.exit(3)", None),
                                            ("import os\n    os._exit(0)", "exit status 0")])
def test_a_bot_ending_its_process_is_said_per_game_and_the_tournament_goes_on(
        tmp_path, ending, status):
    path = bot(tmp_path, "def choose(observation, legal_moves):\n    " + ending + "\n")
    out = cli("tournament", "--seats", f"{path},easy", "--games", 2)
    assert out.returncode == 0 and not crashed(out), out.stderr
    assert out.stdout.startswith("2 games, ") and "forfeits 2" in out.stdout
    lines = out.stderr.strip().splitlines()
    assert [line.split(":")[0] for line in lines] == ["game 1", "game 2"]
    if status:
        assert all(status in line for line in lines)


def test_an_endless_loop_in_choose_loses_the_game_after_2_s(tmp_path):
    path = bot(tmp_path, "def choose(observation, legal_moves):\n    while True:\n"
                         "        pass\n")
    out = cli("tournament", "--seats", f"easy,{path}", "--games", 2, "--json", timeout=30)
    assert out.returncode == 0 and not crashed(out), out.stderr
    assert json.loads(out.stdout)["seats"][1]["forfeits"] == 2
    assert out.stderr.count("lost the game: slow: no move within 2 s") == 2


@pytest.mark.parametrize("body, words", [
    ("while True:\n    pass\n" + PASS, "did not finish running within 2 s"),
    ("raise KeyboardInterrupt\n" + PASS, "KeyboardInterrupt"),
    ("import os\nos._exit(0)\n" + PASS, "ended its process (exit status 0)"),
], ids=["loop", "keyboardinterrupt", "os-exit"])
def test_a_bot_file_that_cannot_load_is_refused_before_the_first_game(tmp_path, body, words):
    path = bot(tmp_path, body)
    out = cli("tournament", "--seats", f"{path},easy", "--games", 2, timeout=30)
    assert out.returncode == 2 and not crashed(out), out.stderr
    assert out.stdout.startswith(f"{path} cannot run:") and words in out.stdout


def test_a_bot_file_that_is_not_utf8_is_said_so(tmp_path):
    path = tmp_path / "latin.py"
    path.write_bytes(b"# Zo\xeb\n" + PASS.encode())
    out = cli("tournament", "--seats", f"{path},easy", "--games", 2)
    assert out.returncode == 2 and not crashed(out), out.stderr
    assert "not UTF-8" in out.stdout and "0xeb" in out.stdout


def test_prints_of_a_bot_do_not_garble_its_answers(tmp_path):
    path = bot(tmp_path, "import sys\nprint('hello')\n"
                         "def choose(observation, legal_moves):\n    print('{\"move\": 1}')\n"
                         "    sys.stdout.write('x' * 100000)\n    return legal_moves[0]\n")
    out = cli("tournament", "--seats", f"{path},easy", "--games", 1, "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["seats"][0]["forfeits"] == 0


DEEP_MOVE = ("def choose(observation, legal_moves):\n    move = []\n"
             "    for _ in range(5000):\n        move = [move]\n    return move\n")
# The bot writes a reply nested 100,000 deep straight into the pipe its child
# process answers on (whichever descriptor that is), before its own answer.
DEEP_PIPE = ("import os\n\ndef choose(observation, legal_moves):\n"
             "    for fd in range(3, 12):\n        try:\n"
             "            os.write(fd, b'[' * 100000 + b'\\n')\n"
             "        except OSError:\n            pass\n    return legal_moves[0]\n")


@pytest.mark.parametrize("body, words", [
    (DEEP_MOVE, "lost the game: illegal: the move is not one of the legal moves: it is nested"),
    (DEEP_PIPE, "lost the game: illegal: the answer cannot be read: it is nested"),
], ids=["returned", "written-to-the-pipe"])
def test_a_move_nested_5000_deep_loses_its_game_without_recursion(tmp_path, body, words):
    """Issue 25: a bot's move nested thousands deep is refused by a check that
    does not recurse (it raised RecursionError in the referee's json.dumps,
    and in the parent's json.loads when written to the pipe); each game is
    lost with one line and the tournament goes on."""
    path = bot(tmp_path, body)
    out = cli("tournament", "--seats", f"{path},easy", "--games", 2, "--json")
    assert out.returncode == 0 and not crashed(out), out.stderr
    assert "RecursionError" not in out.stderr
    assert json.loads(out.stdout)["seats"][0]["forfeits"] == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 2 and all(words in line for line in lines), lines


@pytest.mark.parametrize("args, words", [
    (("tournament", "--games", "-5"), "give 1 to 1000000 games, not -5"),
    (("tournament", "--games", "0"), "give 1 to"),
    (("tournament", "--seed", "-1"), "a seed is 0 to 9007199254740991, not -1"),
    (("tournament", "--seed", str(2**64)), "a seed is 0 to"),
    (("tournament", "--seed", "9007199254740991", "--games", "4"), "leaves no room for 2 deals"),
    (("selfplay", "--games", "-5"), "give 1 to"),
    (("selfplay", "--seed", "-7"), "a seed is 0 to"),
    (("selfplay", "--seed", str(2**60)), "a seed is 0 to"),
    (("selfplay", "--seed", "9007199254740990", "--games", "3"), "leaves no room for 3 deals"),
    (("selfplay", "--games", "abc"), "not a whole number"),
])
def test_counts_and_seeds_are_checked(args, words):
    out = cli(*args)
    assert out.returncode == 2 and not crashed(out) and "Traceback" not in out.stderr
    assert words in out.stdout + out.stderr
    assert "-0.0%" not in out.stdout
