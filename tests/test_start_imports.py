"""Issue 40: what the default page imports at start (lostcode/web/main.py,
with tests/fake_pyscript.py standing in for the browser): table mode (the
table's host and guest, its codes and screen) and Today's code (the puzzle,
its view and its record) are loaded only when used (tableentry.py,
puzzleentry.py), so the start cannot grow them back. CPython, a subprocess."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

IMPORTED = """
import json, sys
sys.path.insert(0, 'tests')
import fake_pyscript
fake_pyscript.install()
from lostcode.web import main
print(json.dumps(sorted(m for m in sys.modules if m.startswith('lostcode'))))
"""

# Loaded on first use, never at start.
LATER = (
    "lostcode.table.guest",
    "lostcode.table.host",
    "lostcode.table.protocol",
    "lostcode.web.tablemode.tablepage",
    "lostcode.web.tablemode.tableparts",
    "lostcode.web.tablemode.tabledraw",
    "lostcode.web.tablemode.tablehost",
    "lostcode.web.tablemode.tablechannels",
    "lostcode.web.tablemode.tableguest",
    "lostcode.web.tablemode.tablecodes",
    "lostcode.web.tablemode.tablescreen",
    "lostcode.web.tablemode.seatscreen",
    "lostcode.web.tablemode.seatmoves",
    "lostcode.web.tablemode.seatsession",
    "lostcode.web.puzzle.puzzlepage",
    "lostcode.web.puzzle.puzzleview",
    "lostcode.web.puzzle.puzzles",
)


def started():
    out = subprocess.run([sys.executable, "-c", IMPORTED], cwd=ROOT, capture_output=True,
                         text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_table_mode_and_the_puzzle_load_only_when_used():
    mods = started()
    assert "lostcode.web.main" in mods
    assert "lostcode.web.tablemode.tableentry" in mods and "lostcode.web.puzzle.puzzleentry" in mods
    assert [m for m in LATER if m in mods] == []


def test_their_entries_handle_every_action_of_their_scope():
    """main.SCOPES sends table mode's and the puzzle's actions to the entry
    modules, which load the page and its HANDLERS on first use: the same names."""
    script = IMPORTED.replace(
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith('lostcode'))))",
        "from lostcode.web import actions\n"
        "from lostcode.web.tablemode import tablepage\n"
        "from lostcode.web.puzzle import puzzlepage\n"
        "print(json.dumps([sorted(main.SCOPES[actions.TABLE_PAGE]) == sorted(tablepage.HANDLERS),"
        " sorted(main.SCOPES[actions.PUZZLE_PAGE]) == sorted(puzzlepage.HANDLERS)]))",
    )
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                         text=True, check=True)
    assert json.loads(out.stdout.strip().splitlines()[-1]) == [True, True]
