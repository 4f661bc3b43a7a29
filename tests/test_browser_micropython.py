"""The same index.html and lostcode/web adapter under PyScript's MicroPython.

index.html?runtime=micropython: assets/runtime.js then adds the
<script type="mpy"> with pyscript-mpy.toml (the dev server's per-file config).
Two rounds through the UI, with the same privacy checks as the Pyodide games.
"""

import pytest
from play import UIGame

pytestmark = pytest.mark.browser


def test_two_rounds_under_micropython(page, request_log):
    flags = {"introductory": True, "shortcut": True, "curse": True}
    game = UIGame(page, ["Ana", "Bo", "Cyd"], flags, seed=31)
    game.start(wait_first=True, path="/?runtime=micropython")
    game.play(until_round=3)
    assert {"roll", "change", "handoff", "guess", "hide", "checks"} <= set(game.screens)
    assert "/vendor/micropython/micropython.wasm" in request_log.paths()
    assert "/vendor/pyodide/pyodide.asm.wasm" not in request_log.paths()
