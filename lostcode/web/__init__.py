"""The browser front end: pure, portable view models (MicroPython-safe: no
dataclasses, enum, typing, match or dict unpacking) and one DOM adapter, main.py, the
only module that imports `pyscript`/`js`."""
