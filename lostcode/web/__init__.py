"""The browser front end: pure, portable view models (MicroPython-safe: no
dataclasses, enum, typing, match or dict unpacking) and the browser adapter —
main, app, dom, storage, gamepage, moments, slices, savespage, setuppage,
labbridge, tablepage, tablecodes, puzzlepage — the only modules that import
`pyscript`/`js` (docs/architecture.md)."""
