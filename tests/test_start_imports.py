"""Issue 40: what the default page imports at start (lostcode/web/main.py,
with tests/fake_pyscript.py standing in for the browser): the set-up form and
the saved-games list only. The game itself (its session, screens, computers,
the expert, its page: game/gameentry.py, in the background once the set-up
screen is drawn, or at the first way into a game), table mode (the table's
host and guest, its codes and screen), Today's code (the puzzle, its view and
its record) and the Bot lab's seat are loaded only when used (gameentry.py,
tableentry.py, puzzleentry.py), so the start cannot grow them back. CPython,
a subprocess; tests/test_mpy_build.py checks the built start pack holds the
same modules."""

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
    # the game (issue 40, "start-up back under the line")
    "lostcode.player.deduction",
    "lostcode.player.solver",
    "lostcode.player.bots",
    "lostcode.player.expert",
    "lostcode.player.seats",
    "lostcode.rules.lookalikes",
    "lostcode.web.edition",
    "lostcode.web.gamehandlers",
    "lostcode.web.game.session",
    "lostcode.web.game.views",
    "lostcode.web.game.board",
    "lostcode.web.game.gamepage",
    "lostcode.web.game.solo",
    "lostcode.web.lab.labbridge",
    "lostcode.web.lab.labseat",
)


def started():
    out = subprocess.run([sys.executable, "-c", IMPORTED], cwd=ROOT, capture_output=True,
                         text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_the_game_table_mode_and_the_puzzle_load_only_when_used():
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


ORDERED = """
import json, sys
sys.path.insert(0, 'tests')
import fake_pyscript
fake_pyscript.install()
from lostcode.web import main
from lostcode.web.game import gameentry
from lostcode.web.lab import labseat
before = set(sys.modules)
for name in gameentry.ORDER:
    __import__(name)
ordered = set(sys.modules)
__import__(gameentry.HANDLERS)
print(json.dumps([sorted(set(sys.modules) - ordered),
                  list(main.LAB_HASHES) == [labseat.PLAY_HASH, "#watch=lab"]]))
"""


def test_the_games_modules_come_a_few_at_a_time_and_cover_the_game():
    """gameentry.warm imports ORDER one name a task: together they bring
    every module the game's handlers need, so importing those (the wiring)
    imports nothing more in one long task; the lab's ways in are its hashes."""
    out = subprocess.run([sys.executable, "-c", ORDERED], cwd=ROOT, capture_output=True,
                         text=True, check=True)
    left, lab = json.loads(out.stdout.strip().splitlines()[-1])
    assert left == ["lostcode.web.gamehandlers"]
    assert lab
