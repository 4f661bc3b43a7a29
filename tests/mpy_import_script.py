"""Runs the built MicroPython start-up code (argv[1], from the built
assets/runtime.js, without its final `import lostcode.web.main`) in the folder
holding the lostcode-mpy*.pack files, then imports every module they hold: all of
them precompiled .mpy, no .py anywhere. Prints "imported N modules"."""

import os
import sys

os.chdir("pack")
sys.path.insert(0, ".")
exec(sys.argv[1])


def walk(folder):
    for name in os.listdir(folder):
        path = folder + "/" + name
        if os.stat(path)[0] & 0x4000:
            yield from walk(path)
        else:
            yield path


files = list(walk("lostcode"))
assert files and not [f for f in files if not f.endswith(".mpy")], files
assert not [f for f in os.listdir(".") if f.endswith(".pack")], "packs are removed once unpacked"
# The browser adapter (lostcode/web: the modules that import pyscript).
BROWSER_ONLY = {
    "lostcode.web." + m
    for m in (
        "main", "shell.dom", "shell.app", "saves.storage", "game.gamepage", "saves.savespage",
        "game.setuppage", "lab.labbridge", "tablemode.tablepage", "puzzle.puzzlepage",
        "tablemode.tablecodes", "shell.moments", "shell.slices", "shell.flow",
        "tablemode.seatscreen", "tablemode.seatmoves",
        "tablemode.tableentry", "puzzle.puzzleentry", "stonesentry",
        "tablemode.tableparts", "tablemode.tabledraw", "tablemode.tablehost",
        "tablemode.tablechannels", "tablemode.tableguest", "game.helpsight", "shell.helpdom",
        "game.gameentry", "gamehandlers", "game.gamerest", "game.roomfit",
    )
}  # tests/helpers.py ADAPTER_MODULES
count = 0
for path in sorted(files):
    module = path[: -len(".mpy")].replace("/", ".")
    if module.endswith(".__init__"):
        module = module[: -len(".__init__")]
    if module in BROWSER_ONLY:  # need the browser (pyscript, js): the page tests run them
        continue
    __import__(module)
    count += 1
print("imported", count, "modules")
