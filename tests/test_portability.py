"""The engine plays identical games on CPython, Pyodide and MicroPython (issue 2).

tests/portable_games.py prints, per seeded game, digests of the record, the
final state and a sample of observations; every runtime must print the same.
"""

from pathlib import Path

import pytest
from helpers import node_runtimes_available, run_in_runtime

SCRIPT = Path(__file__).with_name("portable_games.py")
pytestmark = pytest.mark.runtimes


@pytest.fixture(scope="module")
def cpython_output():
    out = run_in_runtime("cpython", SCRIPT)
    lines = out.strip().splitlines()
    assert len(lines) == 10
    assert all("replay-identical" in line for line in lines)
    return out


def test_cpython_games_replay_identically(cpython_output):
    assert "REPLAY-DIFFERS" not in cpython_output


@pytest.mark.skipif(not node_runtimes_available(), reason="needs node and `npm ci`")
@pytest.mark.parametrize("kind", ["pyodide", "micropython"])
def test_same_digests_in_browser_runtimes(cpython_output, kind):
    assert run_in_runtime(kind, SCRIPT) == cpython_output
