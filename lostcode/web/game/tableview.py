"""The table and the deduction sheet as one viewer sees them: plain data built
from that viewer's observation (a player's own stones are not in it)."""

from ...rules.components import RACKS, SYMBOLS, WHEEL_IDS, WHEEL_VP, WHEEL_WIDTH
from ...rules.vocab import (
    AVAILABLE,
    EV_MOVE,
    MOVE_FINAL,
    PHASE_BEAR,
    PHASE_CHANGE,
    PHASE_END,
    PHASE_GUESS,
    PHASE_ROLL,
    TAKEN,
)
from .. import actions
from ..shell.blocks import button
from ..shell.i18n import _, ngettext
from .board import initials, rack_title
from .names import dice_text, range_text, symbol_name
from .sheet import GRID_VALUES


def table_model(obs, revealed=False):
    """The table as one viewer sees it (obs["viewer"] None: public)."""
    names = obs["names"]
    viewer = obs["viewer"]
    racks = []
    for r in range(RACKS):
        rack = obs["racks"][r]
        own = viewer is not None and rack["owner"] == viewer
        stones = []
        for sym in obs["symbols"]:
            v = rack["stones"][sym]
            if v is None:
                label = _("{sym}: hidden", sym=symbol_name(sym))
            else:
                label = _("{sym}: {value}", sym=symbol_name(sym), value=v)
            stones.append({"symbol": sym, "name": symbol_name(sym), "value": v, "label": label})
        discards = [
            {
                "symbol": d["symbol"],
                "value": d["value"],
                "label": _(
                    "discarded {sym} {value} (round {round})",
                    sym=symbol_name(d["symbol"]),
                    value=d["value"],
                    round=d["round"],
                ),
            }
            for d in obs["discards"][r]
        ]
        note = ""
        if own:
            note = _("Your own stones: only the others can see them.")
        elif not revealed and None in rack["stones"].values():
            note = _("Values are hidden on screens the whole table sees.")
        racks.append(
            {
                "rack": r,
                "owner": rack["owner"],
                "title": rack_title(obs, r),
                "own": own,
                "note": note,
                "stones": stones,
                "discards": discards,
                "discards_label": _("Discards beside {title}", title=rack_title(obs, r)),
            }
        )
    dice = [{"symbol": d, "name": symbol_name(d)} for d in obs["dice"]]
    taken = {}
    if obs["phase"] == PHASE_GUESS and obs["history"]:
        for p, w in obs["history"][-1]["wheels"]:
            taken[w] = names[p]
    wheels = []
    for w in WHEEL_IDS:
        by = taken.get(w)
        state = _("taken by {name}", name=by) if by else _("free")
        wheels.append(
            {
                "id": w,
                "free": by is None,
                "label": _(
                    "{wheel}: {width} wide, {vp} VP, {state}",
                    wheel=w,
                    width=WHEEL_WIDTH[w],
                    vp=WHEEL_VP[w],
                    state=state,
                ),
            }
        )
    spaces = {}
    for p in range(obs["players"]):
        spaces.setdefault(obs["scores"][p], []).append(p)
    track = []
    for space in sorted(spaces):
        stack = sorted(spaces[space], key=lambda p: obs["heights"][p])
        track.append(
            {
                "space": space,
                "stack": [names[p] for p in stack],
                "seats": list(stack),
                "label": _(
                    "Space {space}: {names} (bottom to top)",
                    space=space,
                    names=", ".join(names[p] for p in stack),
                ),
            }
        )
    tokens = []
    for sym in obs["symbols"]:
        t = obs["tokens"].get(sym)
        if t is None:
            continue
        if t["state"] == AVAILABLE:
            where = _("{sym} shortcut token: available", sym=symbol_name(sym))
        elif t["state"] == TAKEN:
            where = _(
                "{sym} shortcut token: held by {name}",
                sym=symbol_name(sym),
                name=names[t["holder"]],
            )
        else:
            where = _("{sym} shortcut token: out of the game", sym=symbol_name(sym))
        tokens.append({"symbol": sym, "label": where})
    curse = None
    c = obs["curse"]
    if c is not None:
        if c["state"] == AVAILABLE:
            curse = _("Curse token: waiting for the first marker to reach space 7")
        elif c["state"] == TAKEN:
            curse = _("Curse token: held by {name}", name=names[c["holder"]])
        else:
            curse = _("Curse token: out of the game")
    piles = [
        {
            "symbol": sym,
            "label": ngettext(
                "{sym} pile: {n} stone",
                "{sym} pile: {n} stones",
                obs["piles"][sym],
                sym=symbol_name(sym),
            ),
        }
        for sym in obs["symbols"]
    ]
    if obs["phase"] == PHASE_END:
        round_text = _("Game over")
    else:
        round_text = _("Round {round} of {rounds}", round=obs["round"], rounds=obs["rounds"])
    return {
        "round": round_text,
        "racks": racks,
        "dice": dice,
        "dice_label": _("Dice: {dice}", dice=dice_text(obs["dice"]))
        if dice
        else _("Dice: not rolled yet"),
        "wheels": wheels,
        "track": track,
        "tokens": tokens,
        "curse": curse,
        "piles": piles,
    }


def sheet_model(sheet, obs):
    seen = sheet.seen_now(obs)
    auto = _auto_cells(sheet, obs)
    rows = []
    for v in GRID_VALUES:
        if v > obs["value_max"]:  # fix14: no row for a value no stone takes (R-S2: 0-7)
            continue
        cells = []
        for sym in SYMBOLS:
            if v in sheet.final[sym]:
                mark, word = "candidate", _("final candidate")
            elif v in sheet.crosses[sym]:
                mark, word = "cross", _("crossed out")
            elif v in seen[sym]:
                mark, word = "seen", _("seen")
            else:
                mark, word = "", _("open")
            cells.append(
                {
                    "symbol": sym,
                    "value": v,
                    "mark": mark,
                    "locked": v in auto[sym],
                    "arg": sym + ":" + str(v),
                    "aria": _("{sym} {value}: {state}", sym=symbol_name(sym), value=v, state=word),
                }
            )
        rows.append({"value": v, "cells": cells})
    rounds = []
    for r in sheet.rounds(obs):
        proves = r["proves"]
        if proves is not None:
            proves_text = range_text(proves[0], proves[1])
        elif r.get("result") == "wrong":
            proves_text = _("wrong (no hint)")
        else:
            proves_text = ""
        rounds.append(
            [
                str(r["round"]),
                dice_text(r["dice"]),
                ", ".join(
                    _("{sym} {value}", sym=symbol_name(s), value=v) for s, v in r["discarded"]
                ),
                proves_text,
            ]
        )
    final = []
    for sym in obs["symbols"]:
        vals = sheet.final[sym]
        final.append(
            _(
                "{sym}: {values}",
                sym=symbol_name(sym),
                values=", ".join(str(x) for x in vals) if vals else _("none yet"),
            )
        )
    return {
        "heading": _("Deduction sheet of {name}", name=obs["names"][obs["viewer"]]),
        "auto": sheet.auto,
        "auto_label": _("Mark seen values automatically"),
        "help": (
            _(
                "Tap a value to cross it out (tap again to undo). Seen values are filled in "
                "automatically."
            )
            if sheet.auto
            else _("Tap a value to mark it seen, again to cross it out, again to clear it.")
        ),
        "modes": [
            button(
                _("Tap crosses out"), actions.SHEET_MODE, "cross", pressed=sheet.mode == "cross"
            ),
            button(
                _("Tap marks a final candidate"),
                actions.SHEET_MODE,
                "candidate",
                pressed=sheet.mode == "candidate",
            ),
        ],
        "modes_label": _("What a tap on the sheet does"),
        "columns": [{"symbol": s, "name": symbol_name(s)} for s in SYMBOLS],
        "rows": rows,
        "rounds_caption": _("Your rounds"),
        "rounds_head": [_("Round"), _("Dice"), _("You discarded"), _("Your sum is in")],
        "rounds": rounds,
        "final_label": _("Your final candidates"),
        "final": final,
    }


def _auto_cells(sheet, obs):
    if not sheet.auto:
        return {sym: [] for sym in SYMBOLS}
    return sheet.auto_seen(obs)


def ended_round(obs, step=1):
    """The round whose last move left the state `obs` (None: the round the
    state says). A round's last move (its last replacement) leaves the state
    at the next round's roll, still unrolled; a replay's step or a computer's
    step that shows that move is the round it ended, on the board and on the
    strip alike (issue 39). `step` 0: a replay's start, no move yet."""
    if step > 0 and obs["phase"] == PHASE_ROLL and obs["round"] > 1:
        return obs["round"] - 1
    return None


def as_ended(obs, step=1):
    """The state `obs` as a step showing the move that ended a round draws it
    (ended_round): with that round's dice, not the next round's still unrolled
    ones (issue 39: a computer's last replacement, or the replay's, showed no
    dice). A shallow copy; `obs` itself when no round ended."""
    r = ended_round(obs, step)
    if r is None:
        return obs
    shown = dict(obs)
    for h in obs["history"]:
        if h["round"] == r:
            shown["dice"] = list(h["dice"])
    return shown


def strip_model(obs, kind="", check_round=None, round_shown=None):
    """The player strip pinned above every game screen: each seat's name,
    marker colour (the seat-N classes the track's markers use), score as a
    number, and whose turn it is (the player to act; the roller while the dice
    are rolled, turned or kept). On the check screen (check_round: the round
    being shown) each score carries what that check moved it by, so the
    numbers the player is looking at change, not only the markers below.
    Only public facts: names, scores, the public log's moves."""
    n = obs["players"]
    names = obs["names"]
    marks = initials(names[:n])
    moved = [0] * n
    if kind == "checks" and check_round is not None:
        for e in obs["log"]:
            if (
                e.get("t") == EV_MOVE
                and e.get("round") == check_round
                and e.get("reason") != MOVE_FINAL
            ):
                moved[e["player"]] += e["delta"]
    turn = None
    if kind not in ("checks", "end"):
        if obs["phase"] in (PHASE_ROLL, PHASE_CHANGE, PHASE_BEAR):
            turn = obs["roller"]
        else:
            turn = obs["to_act"]
    seats = []
    for p in range(n):
        score = obs["scores"][p]
        delta = moved[p]
        shown = str(score)
        if delta:
            shown += " (" + ("+" if delta > 0 else "−") + str(abs(delta)) + ")"
        words = ngettext("{name}: {n} point", "{name}: {n} points", score, name=names[p])
        if delta:
            words += ", " + _("moved {delta} this round", delta=("+" if delta > 0 else "−")
                               + str(abs(delta)))
        if p == turn:
            words += ", " + _("to play")
        seats.append(
            {
                "seat": p,
                "name": names[p],
                "mark": marks[p],
                "score": score,
                "delta": delta,
                "text": shown,
                "turn": p == turn,
                "aria": words,
            }
        )
    if obs["phase"] == PHASE_END:
        rnd = {"text": "", "aria": _("Game over")}
    else:  # the round in figures on the strip ("3/9"), in words for screen readers;
        # at the check, the round being checked (issue 39: never "6/9" at round 5's)
        r = check_round if kind == "checks" and check_round else obs["round"]
        r = round_shown or r  # a step showing the move that ended a round (ended_round)
        rnd = {
            "text": str(r) + "/" + str(obs["rounds"]),
            "aria": _("Round {round} of {rounds}", round=r, rounds=obs["rounds"]),
        }
    # desk10: the language within one tap of the strip on a phone (table.css hides it wider)
    lang = {"act": actions.LANGUAGE, "label": _("Language")}
    return {"label": _("Players and scores"), "seats": seats, "round": rnd, "lang": lang}
