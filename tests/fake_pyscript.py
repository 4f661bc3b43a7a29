"""A stand-in `pyscript` module, so the browser adapter's modules can be
imported on CPython to read their handler tables (tests/test_actions.py).

Every attribute of `document` and `window` is another stand-in and every call
returns one; `document.readyState` is "loading", so main.py only registers its
start for DOMContentLoaded (which never comes) and draws nothing.
"""

import sys
import types


class Fake:
    def __init__(self, name="js"):
        self._name = name

    def __getattr__(self, attr):
        if attr == "readyState":
            return "loading"
        return Fake(self._name + "." + attr)

    def __call__(self, *args, **kwargs):
        return Fake(self._name + "()")

    def __bool__(self):
        return False

    def __iter__(self):
        return iter(())

    def __str__(self):
        return ""


def install():
    """Put the stand-in into sys.modules (idempotent); returns the module."""
    if "pyscript" in sys.modules and getattr(sys.modules["pyscript"], "FAKE", False):
        return sys.modules["pyscript"]
    mod = types.ModuleType("pyscript")
    mod.FAKE = True
    mod.document = Fake("document")
    mod.window = Fake("window")
    ffi = types.ModuleType("pyscript.ffi")
    ffi.create_proxy = lambda fn: fn
    mod.ffi = ffi
    sys.modules["pyscript"] = mod
    sys.modules["pyscript.ffi"] = ffi
    return mod
