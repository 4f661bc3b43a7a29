"""Canonical text and a portable digest of game data.

MicroPython's json has no sort_keys and its dicts need not keep order, so the
digest that proves CPython, Pyodide and MicroPython play the same game is built
from this hand-made canonical form (sorted keys, no spaces).
"""

from .components import RACKS


def canonical(x) -> str:
    if x is None:
        return "null"
    if x is True:
        return "true"
    if x is False:
        return "false"
    if isinstance(x, int):
        return str(x)
    if isinstance(x, str):
        return '"' + x.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(x, (list, tuple)):
        return "[" + ",".join(canonical(v) for v in x) + "]"
    if isinstance(x, dict):
        keys = sorted(x.keys(), key=str)
        return "{" + ",".join(canonical(str(k)) + ":" + canonical(x[k]) for k in keys) + "}"
    raise TypeError("cannot canonicalise " + str(type(x)))


def fnv1a64(text: str) -> str:
    h = 0xCBF29CE484222325
    for b in text.encode("utf-8"):
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return f"{h:016x}"


def state_dict(s) -> dict:
    """Everything in a State, as plain data: equal dicts mean equal games."""
    return {
        "options": s.options.to_dict(),
        "names": list(s.names),
        "seed": s.seed,
        "rng": s.rng.state,
        "round": s.round,
        "phase": s.phase,
        "to_act": s.to_act,
        "queue": list(s.queue),
        "roller": s.roller,
        "roll": list(s.roll),
        "dice": list(s.dice),
        "box": dict(s.box),
        "piles": {k: list(v) for k, v in s.piles.items()},
        "racks": [dict(s.racks[r]) for r in range(RACKS)],
        "discards": [list(s.discards[r]) for r in range(RACKS)],
        "scores": list(s.scores),
        "heights": list(s.heights),
        "guesses": {str(k): list(v) for k, v in s.guesses.items()},
        "wrong": list(s.wrong),
        "offer_symbol": s.offer_symbol,
        "tokens": dict(s.tokens),
        "token_holder": dict(s.token_holder),
        "token_candidates": {k: list(v) for k, v in s.token_candidates.items()},
        "curse": s.curse,
        "curse_holder": s.curse_holder,
        "final": [{k: list(v) for k, v in f.items()} for f in s.final],
        "history": s.history,
        "log": s.log,
        "score_events": [list(e) for e in s.score_events],
        "actions": [[list(x) if isinstance(x, tuple) else x for x in a] for a in s.actions],
        "result": s.result,
    }


def state_digest(s) -> str:
    return fnv1a64(canonical(state_dict(s)))
