"""The same index.html and lostcode/web adapter under PyScript's MicroPython.

The page is served as-is except, through request routing (no file written),
the script tag says type="mpy" and the config names the MicroPython runtime.
Two rounds through the UI, with the same privacy checks as the Pyodide games.
"""

import pytest
from helpers import ROOT
from play import UIGame

pytestmark = pytest.mark.browser


def route_micropython(page):
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    tag = '<script type="py" src="./lostcode/web/main.py" config="./pyscript.toml">'
    assert tag in html
    html = html.replace(
        tag, '<script type="mpy" src="./lostcode/web/main.py" config="./mpy-check.toml">'
    )
    toml = (ROOT / "pyscript.toml").read_text(encoding="utf-8")
    toml = toml.replace("./vendor/pyodide/pyodide.mjs", "./vendor/micropython/micropython.mjs")
    page.route("**/mpy-check.html", lambda r: r.fulfill(body=html, content_type="text/html"))
    page.route("**/mpy-check.toml", lambda r: r.fulfill(body=toml, content_type="text/plain"))


def test_two_rounds_under_micropython(page, request_log):
    route_micropython(page)
    flags = {"introductory": True, "shortcut": True, "curse": True}
    game = UIGame(page, ["Ana", "Bo", "Cyd"], flags, seed=31)
    game.start(wait_first=True, path="/mpy-check.html")
    game.play(until_round=3)
    assert {"roll", "change", "handoff", "guess", "hide", "checks"} <= set(game.screens)
    assert "/vendor/micropython/micropython.wasm" in request_log.paths()
    assert "/vendor/pyodide/pyodide.asm.wasm" not in request_log.paths()
