"""The final candidates on the board (fix10): each stone's written values
beside it, once the game is over.

Why: a sixth playtest saw the computers' final candidates as one step that
went by in under a second, a pencil on one stone, their values only in the
score tables under the end panel. Final candidates are secret until the end
(R-E1), so they are drawn only from the end's result (`obs["result"]`):
on the step whose move ended the game and on the end screen's board, where
every rack is face up already. No human's values reach a screen before then.

Pure Python, MicroPython-portable (no DOM here); the board's nodes are
copied, never changed in place (a kept board's trees are shared, views.kept_board).
"""

from ..shell.i18n import _
from .board import GAP, NAME_W, STONE, node, text
from .names import symbol_name

CAND_SIZE = 13  # 13 units, as the check's bet line: >= 11 px at 360 px (12 was 10.5 px on a step)


def finals_of(result, seats=None) -> dict:
    """{player: {symbol: [values]}} of the end's result (R-E1, R-E2); `seats`:
    only those players' (None: everybody's)."""
    out = {}
    for row in (result or {}).get("players", ()):
        p = row["player"]
        if seats is None or p in seats:
            out[p] = {f["symbol"]: list(f["candidates"]) for f in row["final"]}
    return out


def cands_text(values) -> str:
    return "·".join(str(v) for v in values) if values else "–"


def _copy(tree):
    if isinstance(tree, list):
        return [_copy(x) for x in tree]
    if isinstance(tree, dict):
        return dict(tree)
    return tree


def with_finals(racks, symbols, finals) -> list:
    """The racks, those of the players in `finals` each stone with its written
    candidates in its top corner (a halo keeps them readable over the stone)."""
    out = []
    for rack in racks:
        owner = rack[1].get("data-owner")
        mine = finals.get(int(owner)) if owner is not None else None
        if mine is None:
            out.append(rack)
            continue
        rack = _copy(rack)
        rack[1]["class"] = rack[1].get("class", "") + " finals"
        for i, sym in enumerate(symbols):  # over the stones, each its own picture
            values = mine.get(sym, [])
            said = _("final candidates: {values}", values=", ".join(str(v) for v in values)
                     or _("none"))
            x = NAME_W + i * (STONE + GAP)
            rack[2].append(node("g", {"class": "final-cands", "role": "img", "aria-label": _(
                "{sym}: {values}", sym=symbol_name(sym), values=said)},
                [text(x + STONE - 2, 13, cands_text(values), "final-cand", "end", CAND_SIZE)]))
        out.append(rack)
    return out
