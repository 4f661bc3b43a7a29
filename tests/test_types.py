"""The type checker (mypy, configured in pyproject.toml, run by tools/test.sh)
passes over lostcode/ and is strict enough to catch a wrong argument type,
even inside a function without annotations (check_untyped_defs)."""

import subprocess
import sys

import pytest
from helpers import ROOT

pytest.importorskip("mypy", reason="mypy not installed (bash tools/test.sh installs it)")


def mypy(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "mypy", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_mypy_passes_over_lostcode():
    proc = mypy()  # files and options from pyproject.toml
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_mypy_catches_a_wrong_argument_type(tmp_path):
    bad = tmp_path / "bad_call.py"
    bad.write_text(
        "from lostcode.rules.options import Options\n\n\n"
        "def untyped():\n"
        '    return Options(players="two")\n',
        encoding="utf-8",
    )
    proc = mypy("--config-file", str(ROOT / "pyproject.toml"), str(bad))
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "[arg-type]" in proc.stdout and "players" in proc.stdout, proc.stdout
