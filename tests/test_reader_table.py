"""One reader for every outside input, the same on every runtime (issue 25).

tests/reader_table_script.py holds one table of records, saves, stored keys
(remembered settings, the Bot lab's keys), bot replies, imported files and
player names; it runs unchanged on CPython, Pyodide and MicroPython, and
every case must come out as the table says on all three. Before issue 25,
MicroPython accepted trailing garbage after a NUL, trailing commas and
invalid UTF-8 that the others refused, took "José" typed two ways as two
players, and Pyodide died on a remembered setting nested 100,000 deep.
"""

import pytest
from helpers import ROOT, RUNTIME_KINDS, node_runtimes_available, run_in_runtime

SCRIPT = ROOT / "tests" / "reader_table_script.py"

pytestmark = pytest.mark.runtimes


@pytest.mark.parametrize("kind", RUNTIME_KINDS)
def test_every_runtime_reads_the_table_the_same(kind):
    if kind != "cpython" and not node_runtimes_available():
        pytest.skip("needs node and `npm ci` (node_modules/)")
    out = run_in_runtime(kind, SCRIPT, timeout=120)
    lines = out.strip().splitlines()
    failed = [line for line in lines if not line.startswith("ok ")]
    assert not failed, "\n".join(failed)
    assert len(lines) >= 45  # every case ran (a crash would cut the list short)
