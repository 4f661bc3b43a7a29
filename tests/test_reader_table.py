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


def test_the_command_line_refuses_the_same_files(tmp_path, capsys, monkeypatch):
    """The table's refused JSON inputs, written as files: `python -m lostcode
    replay` refuses every one with a message (exit 2), never a traceback."""
    import reader_table_script as table

    from lostcode.cli.cli import main

    seen = []

    def capture(data, max_chars=2000000):
        if max_chars == 2000000:
            seen.append(data)

    monkeypatch.setattr(table, "loads", capture)
    refused = [(name, thunk) for name, thunk, expected in table.CASES
               if isinstance(expected, tuple) and expected[0] == "refused"]
    files = []
    for name, thunk in refused:
        del seen[:]
        try:
            thunk()
        except Exception:  # noqa: BLE001, S112 - cases that are not plain loads()
            continue
        if seen:
            files.append((name, seen[0]))
    assert len(files) >= 15
    for name, data in files:
        path = tmp_path / "case.json"
        path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
        code = main(["replay", str(path)])
        err = capsys.readouterr().err
        assert code == 2 and err.startswith("not a usable record: "), (name, err)
        assert "Traceback" not in err, name
