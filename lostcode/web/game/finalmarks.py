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

from ..shell.i18n import _, ngettext
from .board import GAP, NAME_W, STONE, node, text
from .names import symbol_name

CAND_SIZE = 13  # 13 units, as the check's bet line: >= 11 px at 360 px (12 was 10.5 px on a step)
CAND_ROW = 14  # a row above the stones for them: on a stone's corner "0·1·2" ran over its symbol


def finals_of(result, seats=None) -> dict:
    """{player: {symbol: [values]}} of the end's result (R-E1, R-E2); `seats`:
    only those players' (None: everybody's)."""
    out = {}
    for row in (result or {}).get("players", ()):
        p = row["player"]
        if seats is None or p in seats:
            out[p] = {f["symbol"]: list(f["candidates"]) for f in row["final"]}
    return out


def final_totals(result) -> dict:
    """{player: points their final candidates scored} of the end's result (R-E2)."""
    return {row["player"]: row["final_total"] for row in (result or {}).get("players", ())}


def points_text(n) -> str:
    return "+" + str(n) if n > 0 else ("−" + str(-n) if n < 0 else "0")


def with_total(rack, names, total):
    """desk12 (a seventh playtest: each player's final points were only in the
    tables under the end's panel): beside the rack's name, as a check's result
    stands there, "Final" and the points its final candidates scored, in place
    of a computer's level (its rack's name says whose it is)."""
    owner = int(rack[1]["data-owner"])
    kids = [k for k in rack[2] if not (k[0] == "text" and k[1].get("y") == "38"
                                       and "rack-you" in k[1].get("class", ""))]
    said = ngettext("{name}: final candidates, {points} point",
                    "{name}: final candidates, {points} points", total,
                    name=names[owner], points=points_text(total))
    cls = "rack-result final-total " + ("right" if total > 0 else "wrong" if total < 0 else "")
    kids.append(node("g", {"role": "img", "aria-label": said, "class": cls.strip()}, [
        text(0, 30, _("Final"), "rack-bet", "start", CAND_SIZE),
        text(0, 43, points_text(total), "rack-res", "start", CAND_SIZE)]))
    return [rack[0], rack[1], kids]


def cands_text(values) -> str:
    return "·".join(str(v) for v in values) if values else "–"


def _copy(tree):
    if isinstance(tree, list):
        return [_copy(x) for x in tree]
    if isinstance(tree, dict):
        return dict(tree)
    return tree


def with_finals(racks, symbols, finals, totals=None, names=None) -> list:
    """The racks, those of the players in `finals` each stone with its written
    candidates centred in a row above it (a tenth playtest: in the stone's top
    corner, "0·1·2" and "2·4·7" ran over its symbol; up to MAX_CANDIDATES
    values fit a slot's width at CAND_SIZE); with `totals` (the end screen)
    the points they scored beside the name."""
    out = []
    for rack in racks:
        owner = rack[1].get("data-owner")
        mine = finals.get(int(owner)) if owner is not None else None
        if mine is None:
            out.append(rack)
            continue
        rack = _copy(rack)
        if totals is not None and names is not None and int(owner) in totals:
            rack = with_total(rack, names, totals[int(owner)])
        rack[1]["class"] = rack[1].get("class", "") + " finals"
        for i, sym in enumerate(symbols):  # over the stones, each its own picture
            values = mine.get(sym, [])
            said = _("final candidates: {values}", values=", ".join(str(v) for v in values)
                     or _("none"))
            x = NAME_W + i * (STONE + GAP)
            rack[2].append(node("g", {"class": "final-cands", "role": "img", "aria-label": _(
                "{sym}: {values}", sym=symbol_name(sym), values=said)},
                [text(x + STONE // 2, -3, cands_text(values), "final-cand", "middle", CAND_SIZE)]))
        box = rack[1]["viewBox"].split()  # the row above the stones
        box[1], box[3] = str(-CAND_ROW), str(int(box[3]) + CAND_ROW)
        rack[1]["viewBox"] = " ".join(box)
        out.append(rack)
    return out
