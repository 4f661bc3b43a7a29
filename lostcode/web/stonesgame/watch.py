"""Watch a finished game of «Тайные камни»: its record stepped through, move
by move, with every hand open (issue 43), as the Lost Code's replay shows a
finished game with every rack open (lostcode/web/game/viewer.py).

Why not the Lost Code's viewer: it steps that engine's records and draws
its board; this game's replay needs its own grid and hands, and little
else. Why every hand open: the game is over (the end screen offers it only
then), so no hand is anybody's secret any more; while it is being played no
screen shows a hand but its owner's (screens.py).

The rules stay in the engine: each step is this game's engine playing the
record's next action from its seed, done once when the replay opens (a
game is a few hundred small steps); a step forward or back shows a kept one.

Pure Python, no DOM: the page (stonespage.py) draws `watch_model`.
"""

from ...stones.cards import POINTS
from ...stones.engine import apply_action
from ...stones.state import Options, new_game
from ...stones.vocab import COMPLETE, END, FLIP, SKIP, SWAP
from ..shell.blocks import button, buttons, para
from ..shell.i18n import _, ngettext
from .screens import card_art, grid_svg

WATCH = "stones-watch"  # the end screen's "Watch the game"
WATCH_GO = "stones-watch-go"  # arg: the step to show (0: the deal)
WATCH_CLOSE = "stones-watch-close"  # back to the result
WATCH_ACTS = (WATCH, WATCH_GO, WATCH_CLOSE)


class StonesReplay:
    """A finished game's record as steps: (grid, hands, completed cards) after
    each action, and who played each action. `at`: the step shown."""

    __slots__ = ("names", "moves", "steps", "at")

    def __init__(self, record: dict):
        opts = record["options"]
        self.names = [p["name"] for p in record["players"]]
        s = new_game(Options(opts["players"], opts.get("finish_round") is True),
                     record["seed"], self.names)  # fmt: skip
        self.moves: list = []  # (player, action) of each step after the deal
        self.steps = [_snap(s)]
        for a in record["actions"]:
            who = s.to_act
            apply_action(s, a)
            self.moves.append((who, tuple(a)))
            self.steps.append(_snap(s))
        self.at = 0

    def go(self, arg) -> None:
        try:
            k = int(arg)
        except (TypeError, ValueError):
            return
        self.at = max(0, min(len(self.moves), k))


def _snap(s) -> tuple:
    return (s.grid, [list(h) for h in s.hands], [list(d) for d in s.done])


def _cell(pos: int) -> dict:
    return {"row": pos // 3 + 1, "col": pos % 3 + 1}


def move_text(name: str, action: tuple) -> str:
    kind = action[0]
    if kind == SWAP:
        a, b = _cell(action[2]), _cell(action[3])
        return _("{name}: two tiles swapped (row {row1}, column {col1} and row {row2}, "
                 "column {col2}).", name=name, row1=a["row"], col1=a["col"], row2=b["row"],
                 col2=b["col"])  # fmt: skip
    if kind == FLIP:
        return _("{name}: a tile flipped (row {row}, column {col}).", name=name, **_cell(action[2]))
    if kind == COMPLETE:
        return ngettext("{name}: a goal card completed, {n} point.",
                        "{name}: a goal card completed, {n} points.", POINTS[action[1]],
                        name=name)  # fmt: skip
    if kind == SKIP:
        return _("{name}: turn skipped, 2 cards drawn.", name=name)
    if kind == END:
        return _("{name}: turn ended.", name=name)
    return name


def watch_model(rp) -> dict:
    """The step shown: the grid then, every hand and completed pile, the move
    that led to it, and the controls to step."""
    k, n = rp.at, len(rp.moves)
    grid, hands, done = rp.steps[k]
    blocks = [{"t": "status", "text": _("Move {step} of {moves}", step=k, moves=n)}]
    if k == 0:
        blocks.append(para(_("The game is set up; nothing has been played yet.")))
    else:
        who, action = rp.moves[k - 1]
        blocks.append(para(move_text(rp.names[who], action)))
    blocks.append(buttons([
        button("|◀", WATCH_GO, 0, disabled=k == 0, aria=_("Start")),
        button(_("Previous move"), WATCH_GO, k - 1, disabled=k == 0),
        button(_("Next move"), WATCH_GO, k + 1, disabled=k == n, primary=True),
        button("▶|", WATCH_GO, n, disabled=k == n, aria=_("End")),
    ]))  # fmt: skip
    players = []
    for p, name in enumerate(rp.names):
        pts = sum(POINTS[c] for c in done[p])
        held = ngettext("{n} card in hand", "{n} cards in hand", len(hands[p]))
        said = _("{name}: {done} completed, {points}, {cards}", name=name, done=len(done[p]),
                 points=ngettext("{n} point", "{n} points", pts), cards=held)  # fmt: skip
        players.append({"text": said, "label": _("Cards in hand of {name}", name=name),
                        "cards": [card_art(c) for c in hands[p]]})  # fmt: skip
    return {
        "screen": "watch",
        "board": grid_svg(grid),
        "blocks": blocks,
        "players": players,
        "close": buttons([button(_("Back to the result"), WATCH_CLOSE)]),
    }
