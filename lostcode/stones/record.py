"""Records of «Тайные камни»: options, players, seed and actions, as JSON.

Replaying the actions from the seed rebuilds the exact game on any Python
(docs/stones.md). The Lost Code's record (`lostcode/services/record.py`)
lends its writer and its careful reader of outside JSON; only the format
name and the game it sets up are this game's.
"""

from ..rules.errors import IllegalAction, RecordError
from ..services.record import json_object, version_of
from ..services.record import to_record as lost_code_record
from .engine import apply_action
from .state import Options, new_game

FORMAT = "lostcode-stones-record"
VERSION = 1


def to_record(s, seats=None) -> dict:
    rec = lost_code_record(s, seats)
    rec["format"] = FORMAT
    rec["version"] = VERSION
    return rec


def replay(data):
    """The game a record (a dict or its JSON text) plays out; RecordError
    saying why if it is not one, or an action in it is illegal."""
    rec = json_object(data, "a game record", "record")
    if rec.get("format") != FORMAT:
        raise RecordError("this is not a record of «Тайные камни»")
    version_of(rec, VERSION, "the record has no version number", "a newer record ({version})")
    shape = (rec.get("options"), rec.get("players"), rec.get("seed"), rec.get("actions"))
    opts, players, seed, actions = shape
    if not (isinstance(opts, dict) and isinstance(players, list) and isinstance(actions, list)):
        raise RecordError("a record needs options, players and actions")
    if type(seed) is not int or type(opts.get("players")) is not int:
        raise RecordError("a record needs a seed and a number of players")
    try:
        options = Options(opts["players"], opts.get("finish_round") is True)
        names = [str(p.get("name", "")) if isinstance(p, dict) else "" for p in players]
        s = new_game(options, seed, names)
    except ValueError as e:
        raise RecordError(str(e)) from None
    for i, a in enumerate(actions):
        try:
            apply_action(s, a)
        except IllegalAction as e:
            raise RecordError("action " + str(i + 1) + ": " + str(e)) from None
    return s
