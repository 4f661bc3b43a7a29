#!/usr/bin/env python3
"""Pick the tests that coverage need not trace, and write tests/untraced.txt.

    python3 tools/untraced.py            # runs the non-browser tests once with contexts
    python3 tools/untraced.py --data DIR # reuse DIR/.coverage and DIR/out.txt of such a run

Why (issue 25): `bash tools/test.sh` measures the coverage of the core, and
tracing makes pure-Python tests two to four times slower (the non-browser tests:
174 s untraced, 281 s traced, 2 processes). Many of the slowest of them execute
only branches that faster tests execute too: tracing them adds time and not one
line or branch to the report. So this script runs the non-browser tests once
with pytest-cov's per-test contexts (`--cov-context=test`), takes the tests from
the slowest down, and marks one untraced when every branch it runs is run by
another test still traced; tests/conftest.py gives the tests listed in
tests/untraced.txt pytest-cov's `no_cover` mark. The report's lines and
branches are the same with and without the list (the browser tests are not
traced at all: tests/conftest.py says why); the list is a speed-up, never a
rule: a test missing from it is traced, a name no longer in the suite is
ignored. Run it again after adding slow tests: it traces every test for that
run, whatever the list says now (LOSTCODE_TRACE_ALL=1).
"""

import argparse
import collections
import os
import re
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "untraced.txt"
MIN_SECONDS = 0.3  # quicker tests are not worth a line in the list


def run(data: Path) -> None:
    env = dict(os.environ, COVERAGE_FILE=str(data / ".coverage"), LOSTCODE_TRACE_ALL="1")
    with open(data / "out.txt", "w") as out:
        subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                        "-m", "not browser", "-n", "2", "--cov", "--cov-context=test",
                        "--cov-report=", "--durations=0"],
                       cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, check=True)


def branches_by_test(db_path: Path) -> dict:
    db = sqlite3.connect(db_path)
    names = dict(db.execute("select id, context from context"))
    found = collections.defaultdict(set)
    for fid, cid, a, b in db.execute("select file_id, context_id, fromno, tono from arc"):
        found[names[cid].split("|")[0]].add((fid, a, b))
    return found


def seconds_by_test(out_path: Path) -> dict:
    took = collections.Counter()
    for line in out_path.read_text(errors="replace").splitlines():
        m = re.match(r"([\d.]+)s (?:call|setup|teardown)\s+(\S+)", line)
        if m:
            took[m.group(2)] += float(m.group(1))
    return took


def pick(found: dict, took: dict) -> list:
    """Slowest first, each untraced when none of its branches is run by it alone."""
    runs = collections.Counter(arc for arcs in found.values() for arc in arcs)
    picked = []
    for name in sorted(found, key=lambda n: -took.get(n, 0)):
        if took.get(name, 0) < MIN_SECONDS:
            break
        if all(runs[arc] > 1 for arc in found[name]):
            picked.append(name)
            for arc in found[name]:
                runs[arc] -= 1
    return picked


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, help="a directory holding .coverage and out.txt")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="lostcode-untraced-") as tmp:
        data = args.data or Path(tmp)
        if args.data is None:
            run(data)
        found = branches_by_test(data / ".coverage")
        took = seconds_by_test(data / "out.txt")
    picked = pick(found, took)
    saved = sum(took[n] for n in picked)
    OUT.write_text(
        "# Tests coverage does not trace (tools/untraced.py wrote this list: every branch\n"
        "# of the core each one runs is run by a test still traced). One node id a line.\n"
        + "".join(n + "\n" for n in sorted(picked)))
    print(f"{len(picked)} of {len(found)} tests untraced; they took {saved:.0f} s traced;"
          f" written to {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
