"""The Lost Code: the rules engine, portable to CPython, Pyodide and MicroPython."""

from .engine import apply_action, is_over, legal_actions, to_act
from .errors import IllegalAction, RecordError
from .options import Options
from .setup import new_game

__all__ = [
    "IllegalAction",
    "Options",
    "RecordError",
    "apply_action",
    "is_over",
    "legal_actions",
    "new_game",
    "to_act",
]
