"""The player's bot, in its own worker (assets/lab-worker.js, role "bot").

This interpreter never receives the game state: only the bot's source and,
for each decision, the request the referee built (that seat's observation and
legal moves, JSON text). So whatever the bot inspects here (imports, gc,
frames) holds nothing its player may not see. Time limits are enforced by the
page, which stops this whole worker when a decision takes too long.
"""

import sys
from json import dumps, loads

from lostcode.player.botapi import BotError, BotProgram, Forfeit, decide
from lostcode.rules.errors import RecordError
from lostcode.services.jsonlimits import loads_limited

BOT = {"program": None, "choose": None, "game": None}
# What the bot may print per message, as assets/lab-worker.js MAX_PRINTED, and
# one character more, for the page to say "output shortened".
PRINT_LIMIT = 100001
LEFT = [PRINT_LIMIT]


def capped_print(*args, sep=" ", end="\n", file=None, flush=False):
    """The bot's print on MicroPython, which hands what is printed to JavaScript
    one character at a time (30 million characters took 13 s, past the time
    limit): the text stops at the page's limit here, before it is written."""
    if file is not None and file is not sys.stdout:
        print(*args, sep=sep, end=end, file=file)
        return
    left = LEFT[0]
    if left <= 0:
        return
    parts = []
    for i, arg in enumerate(args):
        text = (sep if i else "") + (arg if isinstance(arg, str) else str(arg))
        parts.append(text[:left])
        left -= len(text)
        if left <= 0:
            break
    LEFT[0] = left
    print("".join(parts), end=end if left > 0 else "\n")


# MicroPython only: CPython's (Pyodide's) output arrives in whole lines.
NAMES = {"print": capped_print} if sys.implementation.name == "micropython" else None


def load(source: str) -> str:
    """Compile and run the bot's file; "" if it is ready, else its traceback."""
    BOT["program"] = BOT["choose"] = BOT["game"] = None
    LEFT[0] = PRINT_LIMIT
    try:
        BOT["program"] = BotProgram(source, names=NAMES)
    except BotError as e:
        return str(e)
    return ""


def decision(request_json: str, game: str, checked: bool = False) -> str:
    """{"move": ...} or {"forfeit": {...}} for one request; a new Bot per game.

    `checked`: the worker has already read the text with the same limits in
    JavaScript (assets/lab-worker.js requestProblem; issue 26: this check in
    Python took more than half of a game's time on MicroPython)."""
    LEFT[0] = PRINT_LIMIT
    try:  # the one reader's limits, like every input from outside (issue 25)
        req = loads(request_json) if checked else loads_limited(request_json, what="request")
    except (RecordError, ValueError) as e:
        return dumps({"forfeit": {"reason": "error", "detail": str(e.args[0] if e.args else e)}})
    try:
        if BOT["game"] != game or BOT["choose"] is None:
            BOT["choose"] = BOT["program"].new_chooser()
            BOT["game"] = game
        obs = req["observation"]
        move = decide(BOT["choose"], req["seat"], obs, obs["legal"], None)
    except BotError as e:
        return dumps({"forfeit": {"reason": "error", "detail": str(e)}})
    except Forfeit as f:
        return dumps({"forfeit": {"reason": f.reason, "detail": f.detail}})
    return dumps({"move": move})


# --- a class league (issue 26): each entrant's program under its key ---------------

LEAGUE_BOTS = {}


def load_as(key: str, source: str) -> str:
    """load() for entrant `key`."""
    LEAGUE_BOTS.pop(key, None)
    try:
        LEAGUE_BOTS[key] = {"program": BotProgram(source), "choose": None, "game": None}
    except BotError as e:
        return str(e)
    return ""


def decision_as(key: str, request_json: str, game: str) -> str:
    """decision() for entrant `key`: its own chooser per game."""
    entry = LEAGUE_BOTS[key]
    mine = (BOT["program"], BOT["choose"], BOT["game"])  # the editor's bot, kept as it was
    BOT["program"], BOT["choose"], BOT["game"] = entry["program"], entry["choose"], entry["game"]
    try:
        return decision(request_json, game)
    finally:
        entry["choose"], entry["game"] = BOT["choose"], BOT["game"]
        BOT["program"], BOT["choose"], BOT["game"] = mine
