"""The browser front end: pure, portable view models (MicroPython-safe: no
dataclasses, enum, typing, match or dict unpacking) and the browser adapter —
main, app, dom, storage, gamepage, savespage, setuppage, labbridge — the only
modules that import `pyscript`/`js` (docs/architecture.md)."""
