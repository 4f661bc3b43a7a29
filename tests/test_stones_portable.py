"""«Тайные камни» plays identical games on CPython, MicroPython and Pyodide
(issue 43): tests/stones_portable_script.py plays seeded games between the
computer players, checking every rule invariant, and prints digests of each
record and final state, and of every screen of a game played through the
page's session in Russian; every runtime must print the same lines."""

from pathlib import Path

import pytest
from helpers import node_runtimes_available, run_in_runtime

pytestmark = pytest.mark.runtimes
STONES_SCRIPT = Path(__file__).with_name("stones_portable_script.py")
RUNTIMES = ("micropython", "pyodide") if node_runtimes_available() else ()


def test_stones_games_replay_identically_on_every_runtime():
    reference = run_in_runtime("cpython", STONES_SCRIPT)
    rows = reference.strip().splitlines()
    assert len(rows) == 7 and rows[-1].startswith("page "), reference
    games = rows[:-1]
    assert all(r.endswith(" 0") and r.split()[3] == "replay-identical" for r in games), reference
    for kind in RUNTIMES:
        assert run_in_runtime(kind, STONES_SCRIPT) == reference, kind
