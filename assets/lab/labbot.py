"""The player's bot, in its own worker (assets/lab-worker.js, role "bot").

This interpreter never receives the game state: only the bot's source and,
for each decision, the request the referee built (that seat's observation and
legal moves, JSON text). So whatever the bot inspects here (imports, gc,
frames) holds nothing its player may not see. Time limits are enforced by the
page, which stops this whole worker when a decision takes too long.
"""

from json import dumps, loads

from lostcode.player.botapi import BotError, BotProgram, Forfeit, decide
from lostcode.rules.errors import RecordError
from lostcode.services.jsonlimits import loads_limited

BOT = {"program": None, "choose": None, "game": None}


def load(source: str) -> str:
    """Compile and run the bot's file; "" if it is ready, else its traceback."""
    BOT["program"] = BOT["choose"] = BOT["game"] = None
    try:
        BOT["program"] = BotProgram(source)
    except BotError as e:
        return str(e)
    return ""


def decision(request_json: str, game: str, checked: bool = False) -> str:
    """{"move": ...} or {"forfeit": {...}} for one request; a new Bot per game.

    `checked`: the worker has already read the text with the same limits in
    JavaScript (assets/lab-worker.js requestProblem; issue 26: this check in
    Python took more than half of a game's time on MicroPython)."""
    try:  # the one reader's limits, like every input from outside (issue 25)
        req = loads(request_json) if checked else loads_limited(request_json, what="request")
    except (RecordError, ValueError) as e:
        return dumps({"forfeit": {"reason": "error", "detail": str(e.args[0] if e.args else e)}})
    try:
        if BOT["game"] != game or BOT["choose"] is None:
            BOT["choose"] = BOT["program"].new_chooser()
            BOT["game"] = game
        move = decide(BOT["choose"], req["seat"], req["observation"], req["legal"], None)
    except BotError as e:
        return dumps({"forfeit": {"reason": "error", "detail": str(e)}})
    except Forfeit as f:
        return dumps({"forfeit": {"reason": f.reason, "detail": f.detail}})
    return dumps({"move": move})
