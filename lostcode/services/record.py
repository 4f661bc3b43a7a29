"""Game records: options, players, seed and actions, as versioned JSON.

A record is the whole game: replaying its actions from its seed rebuilds the
exact state on any Python (see docs/record-format.md).
"""

from json import dumps as json_dumps

from ..rules.engine import apply_action
from ..rules.errors import IllegalAction, RecordError
from ..rules.options import OPTION_FLAGS, Options
from ..rules.setup import new_game
from ..rules.vocab import HUMAN, SEAT_KINDS
from .jsonlimits import loads_limited

FORMAT = "lostcode-record"
VERSION = 1
MAX_CHARS = 200000  # a whole game's record is 3-30 kB; MicroPython ran out of memory at ~1.9 MB


def to_record(s, seats=None) -> dict:
    players = []
    for i, name in enumerate(s.names):
        p = {"seat": i, "name": name}
        if seats is not None:
            p["kind"] = seats[i]
        players.append(p)
    return {
        "format": FORMAT,
        "version": VERSION,
        "options": s.options.to_dict(),
        "players": players,
        "seed": s.seed,
        "actions": [_action_to_json(a) for a in s.actions],
    }


def _action_to_json(a: tuple) -> list:
    return [list(x) if isinstance(x, tuple) else x for x in a]


def dumps(record: dict) -> str:
    return json_dumps(record)


def pretty(record: dict) -> str:
    """The record as JSON a person can read and diff: one player and one action
    per line (the files in docs/examples/ and `selfplay --record`)."""
    lines = ["{"]
    keys = list(record)
    for n, key in enumerate(keys):
        value = record[key]
        end = "," if n < len(keys) - 1 else ""
        if isinstance(value, list) and value and key in ("players", "actions"):
            lines.append("  " + json_dumps(key) + ": [")
            for i, item in enumerate(value):
                lines.append("    " + json_dumps(item) + ("," if i < len(value) - 1 else ""))
            lines.append("  ]" + end)
        else:
            lines.append("  " + json_dumps(key) + ": " + json_dumps(value) + end)
    lines.append("}")
    return "\n".join(lines) + "\n"


def json_object(data, what: str, kind: str) -> dict:
    """Bytes or text or a dict -> a dict; RecordError saying what is wrong if it
    is not the JSON object `what` is. Size, depth and huge numbers are checked
    before any recursive parser sees the text (issue 12); a BOM is dropped."""
    data = loads_limited(data, MAX_CHARS, kind)
    if not isinstance(data, dict):
        raise RecordError("this is not " + what + ": expected a JSON object")
    return data


def version_of(data: dict, newest: int, missing: str, newer: str) -> int:
    """The format version of a record or save; RecordError (`missing`, or
    `newer` with {version} and {newest} filled in) if it has none or is too new."""
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise RecordError(missing)
    if version > newest:
        # A version of 10**400 is not worth printing in full (issue 12).
        raise RecordError(newer.format(version=version if version < 10**9 else "?", newest=newest))
    return version


def parse(data) -> dict:
    """Check a record's shape (from a string or a dict) and return it as a dict.

    Every problem becomes a RecordError whose message a player can act on.
    """
    data = json_object(data, "a game record", "record")
    if data.get("format") != FORMAT:
        raise RecordError('this is not a Lost Code game record (no "format": "' + FORMAT + '")')
    version = version_of(
        data,
        VERSION,
        "the record has no version number",
        "this record was made by a newer version of the game (format {version}); "
        "this version reads format {newest}",
    )
    if version < 1:
        raise RecordError("unknown record version " + _number(version))
    opts = data.get("options")
    if not isinstance(opts, dict):
        raise RecordError("the record has no options")
    for flag in OPTION_FLAGS:
        if flag in opts and not isinstance(opts[flag], bool):
            raise RecordError("option " + flag + " must be true or false")
    players = data.get("players")
    if not isinstance(players, list) or not players:
        raise RecordError("the record lists no players")
    for p in players:
        if not isinstance(p, dict) or not isinstance(p.get("name", ""), str):
            raise RecordError("each player needs a name")
        if "kind" in p and p["kind"] not in SEAT_KINDS:
            raise RecordError("unknown seat kind " + repr(p["kind"])[:40])
    if opts.get("players", len(players)) != len(players):
        raise RecordError("the options and the player list disagree on the number of players")
    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RecordError("the record has no valid seed")
    actions = data.get("actions")
    if not isinstance(actions, list):
        raise RecordError("the record has no action list")
    return data


def replay(data, upto=None):
    """Rebuild the game a record describes (optionally only its first `upto` actions)."""
    rec, s = replay_start(data)
    count = len(rec["actions"]) if upto is None else min(upto, len(rec["actions"]))
    for i in range(count):
        replay_action(s, rec, i)
    return s


def replay_start(data):
    """(the checked record, its game as set up, before any action): the first
    half of `replay`, for a viewer that steps through a record one action at
    a time (lostcode/web/game/viewer.py) instead of replaying from the start."""
    rec = parse(data)
    opts = dict(rec["options"])
    opts["players"] = len(rec["players"])
    try:
        options = Options.from_dict(opts)
        s = new_game(options, rec["seed"], [p.get("name", "") for p in rec["players"]])
    except IllegalAction as e:
        raise RecordError("the record's set-up is invalid: " + str(e)) from None
    return rec, s


def replay_action(s, rec: dict, i: int) -> None:
    """Play the record's action number i (from 0) on s, as `replay` does."""
    a = rec["actions"][i]
    try:
        apply_action(s, a)
    except IllegalAction as e:
        raise RecordError(
            "action " + str(i + 1) + " " + _short(a) + " cannot be replayed: " + str(e)
        ) from None
    except Exception:
        raise RecordError("action " + str(i + 1) + " " + _short(a) + " is malformed") from None


def seats_of(data) -> list:
    rec = parse(data)
    return [p.get("kind", HUMAN) for p in rec["players"]]


def _short(a) -> str:
    try:
        t = json_dumps(a)
    except Exception:
        t = "?"
    return t if len(t) <= 60 else t[:57] + "..."


def _number(n) -> str:
    """A version number as text, never thousands of digits long."""
    t = str(n)
    return t if len(t) <= 12 else "a number too large to be a version"
