"""What one phone shows in table mode, from that seat's observation only.

A guest's phone never holds the engine's state: it draws what the host sent it
(`observe(state, seat)`, R-S7: the others' stones, never its own), with the
board the pass-and-play screens draw (lostcode/web/game/board.py). The host's own
seat is drawn the same way from its own observation. The moves on offer are
the observation's legal moves, exactly what the host's engine accepts, each
said by its row of words (lostcode/rules/movewords.py).

Pure Python (tested on CPython): `table_screen(obs)` returns plain data the
adapter (lostcode/web/tablemode/tablepage.py) draws.
"""

from ..game.board import board_model
from ..game.describe import log_lines, move_words, say
from ..game.names import symbol_name
from ..shell.i18n import _, capital

LOG_LINES = 6


def public_key(obs) -> str:
    """The part of the table every phone shows alike (the tests compare it)."""
    return "|".join(
        [
            str(obs["move_number"]),
            str(obs["round"]),
            str(obs["phase"]),
            str(obs["to_act"]),
            ",".join(str(x) for x in obs["scores"]),
            ",".join(obs["dice"]),
        ]
    )


def action_label(a, obs) -> str:
    """A legal move on a button: its caption (lostcode/rules/movewords.py)."""
    words, p = move_words(a)
    if words is None:
        return str(a)  # never a legal move's case: the host's engine listed it
    if "sym" not in p and "{sym}" in words.caption:  # "take": the offered token's symbol
        p["sym"] = symbol_name((obs.get("offer") or {}).get("symbol"))
    return _(words.caption, **p)


def table_screen(obs) -> dict:
    seat = obs["viewer"]
    legal = obs["legal"] if obs["to_act"] == seat else []
    prompt = obs["prompt"]
    if prompt is None:
        heading = _("Game over")
    elif obs["to_act"] == seat:
        # The reader's own turn in the second person (shell/you.py): "Your turn to
        # set a wheel", never "Your turn: Cy to set a wheel".
        params = dict(prompt["params"])
        if params.get("name") == obs["names"][seat]:
            params["name"] = _("You")
            text = say(prompt["msg"], params)
            heading = capital(text)
        else:
            heading = _("Your turn: {what}", what=say(prompt["msg"], prompt["params"]))
    else:
        heading = say(prompt["msg"], prompt["params"])
    return {
        "heading": heading,
        "public": public_key(obs),
        "move": obs["move_number"],
        "board": board_model(obs),
        "choices": [action_label(a, obs) for a in legal],
        "log": log_lines(obs["log"], obs["names"])[-LOG_LINES:],
    }
