"""The Lost Code: the rules engine, portable to CPython, Pyodide and MicroPython."""

from .rules.engine import apply_action, is_over, legal_actions, to_act
from .rules.errors import IllegalAction, RecordError
from .rules.options import Options
from .rules.setup import new_game

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
