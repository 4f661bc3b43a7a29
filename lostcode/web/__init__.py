"""The browser front end: pure, portable view models (MicroPython-safe: no
dataclasses, enum, typing, match or dict unpacking) and the browser adapter —
main, shell/app, shell/dom, shell/flow, shell/moments, shell/slices,
saves/storage, saves/savespage, game/gamepage, game/setuppage, lab/labbridge,
tablemode/tablepage (with tableparts, tabledraw, tablehost, tablechannels,
tableguest), tablemode/tablecodes, tablemode/tableentry,
puzzle/puzzlepage, puzzle/puzzleentry — the only
modules that import `pyscript`/`js` (docs/architecture.md).

Folders: game/ (this game's screens), saves/ (saved games), tablemode/ (table
mode), puzzle/ (Today's code), lab/ (the Bot lab's seat), shell/ (what knows
no rule of this game); main.py (the entry point and the one dispatch),
actions.py (the page's actions) and edition.py (the game given to the shell)
stay here, with the generated catalogs/."""
