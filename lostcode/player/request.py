"""What a bot is asked, in every place one is: the lab's referee
(assets/lab/labref.py), the real table's bot seat (lostcode/web/lab/labseat.py) and
the command line's bot processes (lostcode/cli/botchild.py).

The request is the seat's observation and nothing else (R-S7). The legal moves
are in it once, as its "legal", and the bot's `legal_moves` is that very list
(docs/bot-api.md): written twice, they were a sixth of every request, and a
bot on MicroPython reads each request's text one character at a time
(issue 26).
"""

from json import dumps

from ..rules.observation import observe


def bot_request(s, seat: int, kind: str, legal: list) -> dict:
    """`seat`'s request; `legal` is legal_actions(s), just worked out by the caller."""
    return {"seat": seat, "kind": kind, "observation": observe(s, seat, legal=legal)}


def request_text(request: dict) -> str:
    """A request as the JSON text a bot's worker or process reads, without the
    spaces after "," and ":" (a tenth of the text)."""
    return dumps(request, separators=(",", ":"))
