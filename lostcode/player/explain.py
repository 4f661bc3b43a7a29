"""Why a value of a player's own stone is ruled out (issue 4): the deduction's explanations.

`Knowledge.explanations` (deduction.py) asks this module, which reads the
Knowledge it is given (its observation, domains, constraints and what it has
seen) and says each ruled-out value as a message template with parameters:
seen elsewhere (another rack, a discard), or deduced from the viewer's own
checks, one round alone when one round rules it out, else the fewest rounds
that do together. A module of its own because the words and the search for
the clearest story are a concern apart from the counting (solver.py).

English templates marked N_ for extraction; the page translates them
(lostcode/web/game/assistant.py). Portable: plain functions, lists and dicts.
"""

from ..rules.checks import CORRECT, HIGHER, LOWER
from ..rules.messages import N_
from .solver import merge, solve

# Message template ids with the English text each renders to; the UI
# translates the text (marked N_ for extraction) and fills in `params`.
TEMPLATES = {
    "seen.rack": N_(
        "Your {symbol} cannot be {value}: you can see the other {symbol} {value} "
        "on {owner}'s rack."
    ),
    "seen.unowned": N_(
        "Your {symbol} cannot be {value}: you can see the other {symbol} {value} "
        "on the unowned rack {rack}."
    ),
    "seen.discard": N_(
        "Your {symbol} cannot be {value}: the {symbol} {value} was discarded by "
        "{owner} in round {round}."
    ),
    "seen.own_discard": N_(
        "Your {symbol} cannot be {value}: you discarded the {symbol} {value} "
        "yourself in round {round}."
    ),
    "round.at_least": N_(
        "Your {symbol} cannot be {value}: in round {round} the dice were {dice} "
        "and the sum was {proof}{known}; with {symbol} {value} it would be at least {bound}."
    ),
    "round.at_most": N_(
        "Your {symbol} cannot be {value}: in round {round} the dice were {dice} "
        "and the sum was {proof}{known}; with {symbol} {value} it would be at most {bound}."
    ),
    "round.exactly": N_(
        "Your {symbol} cannot be {value}: in round {round} the dice were {dice} "
        "and the sum was {proof}{known}; with {symbol} {value} it would be exactly {bound}."
    ),
    "round.impossible": N_(
        "Your {symbol} cannot be {value}: in round {round} the dice were {dice} "
        "and the sum was {proof}{known}; no stones you could still have make that sum "
        "with {symbol} {value}."
    ),
    "rounds.together": N_(
        "Your {symbol} cannot be {value}: rounds {rounds} together rule it out "
        "({details})."
    ),
}


def render(template: str, params: dict) -> str:
    """English text of a template; params are plain strings or numbers."""
    text = TEMPLATES[template]
    for key in PARAM_KEYS:
        if key in params:
            text = text.replace("{" + key + "}", str(params[key]))
    return text


PARAM_KEYS = (
    "symbol",
    "value",
    "owner",
    "rack",
    "round",
    "rounds",
    "dice",
    "proof",
    "known",
    "bound",
    "details",
)


def explanations(k, symbols=None) -> list:
    """Why each value of the viewer's own stones that is ruled out is: seen
    elsewhere, or deduced from the checks. Of `symbols` only when given
    (Today's code asks for one or two: all six cost seconds on MicroPython,
    issue 17)."""
    out = []
    for sym in k.symbols if symbols is None else symbols:
        probs = k.probabilities(sym)
        for v in range(k.value_max + 1):
            if probs[v] > 0:
                continue
            if v in k.seen[sym]:
                out.append(_explain_seen(k, sym, v, k.seen[sym][v]))
            else:
                out.append(_explain_deduced(k, sym, v))
    return out

def _name(k, seat) -> str:
    return k.obs["names"][seat]

def _explain_seen(k, sym: str, v: int, source: tuple) -> dict:
    kind, r, owner, rnd = source
    params = {"symbol": sym, "value": v}
    if kind == "rack" and owner is None:
        template = "seen.unowned"
        params["rack"] = r + 1
    elif kind == "rack":
        template = "seen.rack"
        params["owner"] = _name(k, owner)
    elif owner == k.viewer:
        template = "seen.own_discard"
        params["round"] = rnd
    else:
        template = "seen.discard"
        params["round"] = rnd
        params["owner"] = _name(k, owner) if owner is not None else "the unowned rack"
    return _explanation(sym, v, kind, [rnd] if rnd is not None else [], template, params)

def _explain_deduced(k, sym: str, v: int) -> dict:
    related = [c for c in k.constraints if c.unknown]
    fixed = dict(k.domains)
    fixed[sym] = [v]
    # One round alone is the clearest story; try those first.
    for c in related:
        if _mentions(c, sym) and solve(merge([c]), fixed)[1] == 0:
            return _explain_one(k, sym, v, c)
    # Otherwise drop rounds one at a time while the rest still rule v out,
    # starting from the rounds that explained the previous value if they do.
    related = _component(related, sym)
    start = related
    prev = k.last_rounds.get(sym)
    if prev and solve(merge(prev), fixed)[1] == 0:
        start = prev
    keep = list(start)
    for c in list(start):
        trial = [k for k in keep if k is not c]
        if solve(merge(trial), fixed)[1] == 0:
            keep = trial
    k.last_rounds[sym] = keep
    rounds = [c.round for c in keep]
    details = "; ".join(
        "round " + str(c.round) + ": " + _dice_text(c.dice) + ", sum " + _proof_text(c)
        for c in keep
    )
    params = {
        "symbol": sym,
        "value": v,
        "rounds": _and_list([str(r) for r in rounds]),
        "details": details,
    }
    return _explanation(sym, v, "rounds", rounds, "rounds.together", params)

def _explain_one(k, sym: str, v: int, c) -> dict:
    lo = hi = 0
    sums = {0}
    for s2, m in c.unknown:
        dom = [v] if s2 == sym else k.domains[s2]
        lo += m * min(dom)
        hi += m * max(dom)
        sums = {a + m * b for a in sums for b in dom}
    base = 0
    for k in c.known:
        base += k[1] * k[2]
    lo += base
    hi += base
    allowed_lo = min(c.allowed) + base if c.allowed else 0
    allowed_hi = max(c.allowed) + base if c.allowed else 0
    if lo == hi:
        template, bound = "round.exactly", lo
    elif c.allowed and lo > allowed_hi:
        template, bound = "round.at_least", lo
    elif c.allowed and hi < allowed_lo:
        template, bound = "round.at_most", hi
    else:
        template, bound = "round.impossible", None
    known = ""
    for k in c.known:
        known += (
            "; your "
            + k[0]
            + " then was "
            + str(k[2])
            + " (discarded in round "
            + str(k[3])
            + ")"
        )
    params = {
        "symbol": sym,
        "value": v,
        "round": c.round,
        "dice": _dice_text(c.dice),
        "proof": _proof_text(c),
        "known": known,
    }
    if bound is not None:
        params["bound"] = bound
    return _explanation(sym, v, "round", [c.round], template, params)


def _explanation(sym, v, kind, rounds, template, params) -> dict:
    return {
        "symbol": sym,
        "value": v,
        "kind": kind,
        "rounds": rounds,
        "template": template,
        "params": params,
        "text": render(template, params),
    }


def _component(constraints: list, sym: str) -> list:
    """The constraints linked to `sym` through shared unknown stones: only
    those can take part in ruling out one of its values."""
    reach = [sym]
    out = []
    grew = True
    while grew:
        grew = False
        for c in constraints:
            if c in out:
                continue
            syms = [s2 for s2, _m in c.unknown]
            if any(s2 in reach for s2 in syms):
                out.append(c)
                for s2 in syms:
                    if s2 not in reach:
                        reach.append(s2)
                grew = True
    return [c for c in constraints if c in out]


def _mentions(c, sym: str) -> bool:
    for s2, _m in c.unknown:
        if s2 == sym:
            return True
    return False


def _dice_text(dice: list) -> str:
    return ", ".join(dice)


def _and_list(items: list) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _proof_text(c) -> str:
    if c.result == CORRECT:
        if c.low == c.high:
            return "exactly " + str(c.low)
        return "between " + str(c.low) + " and " + str(c.high)
    if c.result == LOWER:
        return "lower than " + str(c.low)
    if c.result == HIGHER:
        return "higher than " + str(c.high)
    if c.low == c.high:
        return "not " + str(c.low)
    return "not between " + str(c.low) + " and " + str(c.high)
