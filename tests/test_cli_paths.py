"""The command line on paths that are not regular files and on a closed
standard output (issue 44, 9): it never waits on a named pipe (FIFO), never
reads a device or a folder as a record, says an empty path is empty and never
prints a traceback, exiting non-zero."""

import os
import subprocess
import sys

import pytest
from helpers import ROOT

from lostcode.cli.cli import main

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")


def run_cli(*args, timeout=30):
    """The command line in its own process: a wait on a pipe would fail by the timeout."""
    return subprocess.run(
        [sys.executable, "-m", "lostcode", *args], cwd=ROOT, capture_output=True,
        text=True, timeout=timeout,
    )


def test_replay_refuses_a_fifo_a_device_a_folder_and_an_empty_path(tmp_path, capsys):
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)  # no writer: reading it would wait for ever
    out = run_cli("replay", str(fifo))
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert out.stderr.strip() == (
        "cannot read " + str(fifo) + ": it is a named pipe (FIFO), not a file"
    )
    for path, words in ((os.devnull, "it is a device"), (str(tmp_path), "it is a folder"),
                        ("", "the path is empty"), (str(tmp_path / "none.json"), "No such file")):
        assert main(["replay", path]) == 2
        err = capsys.readouterr().err
        assert words in err and "Traceback" not in err, path


def test_selfplay_record_says_an_empty_path_and_refuses_a_fifo(tmp_path, capsys):
    assert main(["selfplay", "--games", "1", "--record", ""]) == 2
    assert "the path after --record is empty" in capsys.readouterr().err
    fifo = tmp_path / "out.json"
    os.mkfifo(fifo)  # no reader: opening it to write would wait for ever
    out = run_cli("selfplay", "--games", "1", "--record", str(fifo))
    assert out.returncode == 2 and "named pipe (FIFO)" in out.stderr
    assert "Traceback" not in out.stderr
    assert main(["selfplay", "--games", "1", "--record", str(tmp_path)]) == 2
    assert "it is a folder" in capsys.readouterr().err


def test_a_bot_file_that_is_a_fifo_is_refused_before_the_first_game(tmp_path, capsys):
    fifo = tmp_path / "bot.py"
    os.mkfifo(fifo)
    assert main(["tournament", "--games", "1", "--seats", str(fifo) + ",easy"]) == 2
    said = capsys.readouterr()
    assert "named pipe (FIFO)" in said.out + said.err


def test_a_closed_standard_output_ends_quietly():
    """`python -m lostcode selfplay ... | head -0`: no BrokenPipeError traceback."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "lostcode", "selfplay", "--games", "3"], cwd=ROOT,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    proc.stdout.close()  # as `head -0` does, before the first line is written
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) != 0
    assert "Traceback" not in err and "BrokenPipeError" not in err, err


def test_every_empty_path_is_said_before_any_game(capsys):
    """Issue 44: `league --csv ""` and `stones-selfplay --record ""` wrote
    nothing and said nothing."""
    assert main(["league", "easy", "medium", "--deals", "1", "--quiet", "--csv", ""]) == 2
    assert "the folder after --csv is empty" in capsys.readouterr().err
    assert main(["stones-selfplay", "--games", "1", "--record", ""]) == 2
    said = capsys.readouterr()
    assert "the path after --record is empty" in said.err and "game 0" not in said.out


@pytest.mark.parametrize("command", [["selfplay", "--games", "1"], ["league", "easy", "medium",
                                     "--deals", "1", "--quiet"], ["--help"]])
def test_started_with_no_standard_output_at_all_ends_without_a_traceback(command):
    """`python -m lostcode ... >&-`: Python then has no sys.stdout (None); the
    flush at the end was an AttributeError traceback."""
    out = subprocess.run([sys.executable, "-m", "lostcode", *command], cwd=ROOT,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                         timeout=60, preexec_fn=lambda: os.close(1))
    assert "Traceback" not in out.stderr, out.stderr
    assert out.returncode in (0, 1), out.stderr
