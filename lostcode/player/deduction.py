"""The deduction assistant (issue 4): what a player can know about their own rack.

Everything here is computed from `observe(state, viewer)` alone, never from the
State, so it can be shown on the player's own screen and used by bots without
leaking anything. Model (docs/deduction.md):

- The viewer's current stone of a symbol is one of that symbol's values not
  seen anywhere (other racks, unowned racks, every discard). Unseen stones of
  one symbol are exchangeable, so a priori it is uniform over those values, and
  symbols are independent (each is shuffled separately, R-S3).
- Each of the viewer's own checks proves that the sum of the stones that stood
  in their rack *then* lies in a set (R-C1, R-C2). A stone discarded in or after
  that round is known (R-P3); a stone still in the rack is an unknown.
- Conditioning on those sets is exact: a forward-backward pass over the unknown
  stones, whose state is the partial sums of the constraints still open. That
  keeps the worst position to a few thousand states instead of 6**6 joint
  assignments.

The counting is solver.py's (`solve`, `query_counts`), the words of why a
value is ruled out explain.py's (`TEMPLATES`, `Knowledge.explanations`); this
module reads the observation into domains and constraints and answers from
them, and stays the one import for every reader (`__all__` below).

Portable on purpose: plain classes, tuples, dicts and lists, no stdlib helpers
MicroPython lacks, and every loop runs over lists (never over dict order).
"""

from ..rules.checks import CORRECT, HIGHER, LOWER, WRONG
from ..rules.components import WHEEL_IDS, WHEEL_VP, WHEEL_WIDTH, wheel_range
from .explain import PARAM_KEYS, TEMPLATES, explanations, render
from .solver import merge, query_counts, solve, solved


class Constraint:
    """One own check: sum over `unknown` (symbol, multiplicity) must be in `allowed`."""

    __slots__ = ("round", "dice", "result", "low", "high", "known", "unknown", "allowed")

    def __init__(self, rnd, dice, result, low, high, known, unknown, allowed):
        self.round = rnd
        self.dice = dice
        self.result = result
        self.low = low
        self.high = high
        self.known = known  # [(symbol, multiplicity, value, discard round)]
        self.unknown = unknown  # [(symbol, multiplicity)]
        self.allowed = allowed  # set of allowed sums of the unknown part


def _allowed_total(result: str, low: int, high: int, total: int, ring_max: int) -> bool:
    if result == CORRECT:
        return low <= total <= high
    if result == LOWER:
        return total < low
    if result == HIGHER:
        return high < total <= ring_max
    return not low <= total <= high  # WRONG: only "not in the range" (R-C2)


def _allowed_sums(result: str, low: int, high: int, base: int, ring_max: int) -> set:
    """{total - base} for every total 0..ring_max that `_allowed_total` allows,
    total - base >= 0; added in ascending order, as a loop over every total
    would (issue 26: that loop was a fifth of Knowledge's time on MicroPython)."""
    if result == CORRECT:
        spans: tuple = ((low, high),)
    elif result == LOWER:
        spans = ((0, low - 1),)
    elif result == HIGHER:
        spans = ((high + 1, ring_max),)
    else:  # WRONG: only "not in the range" (R-C2)
        spans = ((0, low - 1), (high + 1, ring_max))
    allowed = set()
    for a, b in spans:
        for total in range(max(a, base, 0), min(b, ring_max) + 1):
            allowed.add(total - base)
    return allowed


def _counts(dice: list, symbols: list) -> list:
    """[(symbol, multiplicity)] in canonical order (a symbol rolled twice counts twice)."""
    out = []
    for sym in symbols:
        m = 0
        for d in dice:
            if d == sym:
                m += 1
        if m:
            out.append((sym, m))
    return out


def _seen(obs: dict, own: int, symbols: list) -> dict:
    """symbol -> {value: first source} for every stone the viewer can see
    (`own`: the index of the viewer's rack)."""
    seen = {}
    for sym in symbols:
        seen[sym] = {}
    for r in range(len(obs["racks"])):
        rack = obs["racks"][r]
        if r == own:
            continue
        for sym in symbols:
            v = rack["stones"].get(sym)
            if v is not None and v not in seen[sym]:
                seen[sym][v] = ("rack", r, rack["owner"], None)
    for r in range(len(obs["discards"])):
        owner = obs["racks"][r]["owner"]
        for d in obs["discards"][r]:
            sym = d["symbol"]
            if sym in seen and d["value"] not in seen[sym]:
                seen[sym][d["value"]] = ("discard", r, owner, d["round"])
    return seen


def _domains(seen: dict, symbols: list, value_max: int) -> dict:
    """symbol -> the values not seen anywhere, ascending."""
    domains = {}
    for sym in symbols:
        domains[sym] = [v for v in range(value_max + 1) if v not in seen[sym]]
    return domains


def unseen_values(obs: dict) -> dict:
    """symbol -> the values the viewer's own stone of it may have by what is
    seen alone: `Knowledge(obs).domains`, without solving the viewer's checks.

    The easy bot needs no more (issue 26: building the whole Knowledge for it
    was a sixth of a lab game's time on MicroPython)."""
    viewer = obs["viewer"]
    if viewer is None:
        raise ValueError("the public view has no own rack to deduce")
    symbols = list(obs["symbols"])
    return _domains(_seen(obs, _own_rack(obs, viewer), symbols), symbols, obs["value_max"])


class Knowledge:
    """What the viewer knows about their own stones, built from an observation."""

    __slots__ = (
        "obs",
        "viewer",
        "rack",
        "symbols",
        "value_max",
        "ring_max",
        "seen",
        "domains",
        "constraints",
        "merged",
        "counts",
        "total",
        "last_rounds",
        "graph",
    )

    def __init__(self, obs: dict):
        if not isinstance(obs, dict):
            raise TypeError("deduction works on an observation dict, never on the State")
        viewer = obs["viewer"]
        if viewer is None:
            raise ValueError("the public view has no own rack to deduce")
        self.obs = obs
        self.viewer = viewer
        self.rack = _own_rack(obs, viewer)
        self.symbols = list(obs["symbols"])
        self.value_max = obs["value_max"]
        self.ring_max = obs["ring_max"]
        self.seen = _seen(obs, self.rack, self.symbols)
        self.domains = _domains(self.seen, self.symbols, self.value_max)
        self.constraints = self._constraints()
        self.merged = merge(self.constraints)
        counts, total, graph = solved(self.merged, self.domains, self.symbols)
        self.graph = graph
        self.counts = counts
        self.total = total
        self.last_rounds = {}  # symbol -> the rounds that explained its last value

    # --- what the viewer's own checks prove ----------------------------------

    def _stone_then(self, sym: str, rnd: int):
        """(value, discard round) of the own stone of `sym` in round `rnd`, or None.

        A discard in round r happens after round r's check (R-P3), so the stone
        checked in round `rnd` is the first one discarded in a round >= rnd.
        """
        for d in self.obs["discards"][self.rack]:
            if d["symbol"] == sym and d["round"] >= rnd:
                return (d["value"], d["round"])
        return None

    def _constraints(self) -> list:
        out = []
        for h in self.obs["history"]:
            entry = None
            for g in h["guesses"]:
                if g["player"] == self.viewer:
                    entry = g
            if entry is None:
                continue
            known, unknown, base = [], [], 0
            for sym, m in _counts(h["dice"], self.symbols):
                then = self._stone_then(sym, h["round"])
                if then is None:
                    unknown.append((sym, m))
                else:
                    known.append((sym, m, then[0], then[1]))
                    base += m * then[0]
            allowed = _allowed_sums(
                entry["result"], entry["low"], entry["high"], base, self.ring_max
            )
            out.append(
                Constraint(
                    h["round"],
                    list(h["dice"]),
                    entry["result"],
                    entry["low"],
                    entry["high"],
                    known,
                    unknown,
                    allowed,
                )
            )
        return out

    # --- results -------------------------------------------------------------

    def probabilities(self, sym: str) -> list:
        """P(own stone of `sym` = v) for v = 0..value_max."""
        probs = [0.0] * (self.value_max + 1)
        c = self.counts.get(sym)
        if c is not None and self.total > 0:
            for v in self.domains[sym]:
                probs[v] = c.get(v, 0) / self.total
            return probs
        dom = self.domains[sym]
        for v in dom:
            probs[v] = 1.0 / len(dom)
        return probs

    def possible(self, sym: str) -> list:
        probs = self.probabilities(sym)
        return [v for v in range(self.value_max + 1) if probs[v] > 0]

    def sum_distribution(self, dice: list) -> list:
        """P(sum of own current stones for `dice` = t), t = 0..ring_max (R-G2)."""
        query = _counts(dice, self.symbols)
        dist = [0.0] * (self.ring_max + 1)
        if not query:
            dist[0] = 1.0
            return dist
        counts, total = query_counts(self.graph, self.domains, query)
        if total <= 0:
            return dist
        for t in range(len(counts)):
            if counts[t] and t <= self.ring_max:
                dist[t] = counts[t] / total
        return dist

    def explanations(self, symbols=None) -> list:
        """Why each value of the viewer's own stones that is ruled out is: seen
        elsewhere, or deduced from the checks (explain.py). Of `symbols` only
        when given (Today's code asks for one or two: all six cost seconds on
        MicroPython, issue 17)."""
        return explanations(self, symbols)


def _own_rack(obs: dict, viewer: int) -> int:
    for r in range(len(obs["racks"])):
        if obs["racks"][r]["owner"] == viewer:
            return r
    raise ValueError("the viewer has no rack")


# --- wheels ------------------------------------------------------------------------


def free_wheels(obs: dict) -> list:
    """Wheels not yet taken this round (R-G1), in table order."""
    taken = []
    if obs["history"]:
        taken = [w for _p, w in obs["history"][-1]["wheels"]]
    return [w for w in WHEEL_IDS if w not in taken]


def best_low(dist: list, wheel: str, ring_max: int) -> tuple:
    """(low, probability) of the range on `wheel` most likely to hold the sum."""
    width = WHEEL_WIDTH[wheel]
    best, best_p = 0, -1.0
    acc = 0.0
    for t in range(width):
        acc += dist[t] if t < len(dist) else 0.0
    for low in range(0, ring_max - width + 2):
        if low > 0:
            acc += (dist[low + width - 1] if low + width - 1 < len(dist) else 0.0) - dist[low - 1]
        if acc > best_p + 1e-12:
            best, best_p = low, acc
    return best, max(0.0, min(1.0, best_p))


def bet_points(k: "Knowledge", dice: list, wheel: str, low: int, cursed: bool = False) -> float:
    """A bet's expected points this round, as the Chances tab computes them:
    the chance its range holds the sum of the player's stones for `dice` times
    the wheel's VP (R-C1), less the VP a wrong bet loses when `cursed` (R-X3b)."""
    dist = k.sum_distribution([d for d in dice if d in k.symbols])
    p = 0.0
    for t in range(low, wheel_range(wheel, low)[1] + 1):
        p += dist[t] if t < len(dist) else 0.0
    p = max(0.0, min(1.0, p))
    vp = WHEEL_VP[wheel]
    return p * vp - ((1.0 - p) * vp if cursed else 0.0)


def wheel_options(dist: list, wheels: list, ring_max: int, cursed: bool = False) -> list:
    """Each wheel's likeliest range, its chance and its expected points; for the
    curse's holder less what a wrong bet loses (R-X3b), so that the Chances tab
    and the expert's bet points say one figure (desk10: the tab left it out)."""
    out = []
    for w in wheels:
        low, p = best_low(dist, w, ring_max)
        vp = WHEEL_VP[w]
        out.append(
            {
                "wheel": w,
                "low": low,
                "high": wheel_range(w, low)[1],
                "p": p,
                "ev": p * vp - ((1.0 - p) * vp if cursed else 0.0),
            }
        )
    return out


def holds_curse(obs: dict) -> bool:
    """R-X3a: the curse token's holder at guess time is cursed at the check."""
    c = obs.get("curse")
    return c is not None and c.get("state") == "taken" and c.get("holder") == obs["viewer"]


# --- the public entry point ------------------------------------------------------


def constraints_data(k: "Knowledge") -> list:
    """The checks a viewer has seen, as plain data (analyze(), and Today's code's
    explanations, lostcode/web/puzzle/puzzles.py)."""
    out = []
    for c in k.constraints:
        out.append(
            {
                "round": c.round,
                "dice": list(c.dice),
                "result": c.result,
                "low": c.low,
                "high": c.high,
                "known": [list(x) for x in c.known],
                "unknown": [list(x) for x in c.unknown],
            }
        )
    return out


def analyze(obs: dict, explain: bool = True) -> dict:
    """Full analysis for `obs["viewer"]`, plain JSON-ready data.

    {"viewer", "consistent", "symbols": [{"symbol", "possible": [v], "probs":
    [p for v in 0..value_max], "seen": [v]}], "constraints": [{"round", "dice",
    "result", "low", "high", "known": [[symbol, m, value, discard round]],
    "unknown": [[symbol, m]]}], "explanations": [...], "roll": None or {"dice",
    "dist": [p for sum 0..ring_max], "mean", "cursed", "wheels": [{"wheel", "low",
    "high", "p", "ev"}]}} ("ev" counts the curse's loss for its holder, R-X3b)
    """
    k = Knowledge(obs)
    syms = []
    for sym in k.symbols:
        syms.append(
            {
                "symbol": sym,
                "possible": k.possible(sym),
                "probs": k.probabilities(sym),
                "seen": sorted(k.seen[sym]),
            }
        )
    cons = constraints_data(k)
    out = {
        "viewer": k.viewer,
        "consistent": k.total > 0,
        "symbols": syms,
        "constraints": cons,
        "explanations": k.explanations() if explain else [],
        "roll": roll_analysis(k, obs),
    }
    return out


def roll_analysis(k: Knowledge, obs: dict):
    """Sum distribution of the current dice and the best range on each free wheel."""
    dice = obs["dice"]
    if len(dice) != 3 or obs["phase"] not in ("offer", "shortcut", "change", "guess"):
        return None
    for d in dice:
        if d not in k.symbols:
            return None
    dist = k.sum_distribution(dice)
    mean = 0.0
    for t in range(len(dist)):
        mean += t * dist[t]
    cursed = holds_curse(obs)
    return {
        "dice": list(dice),
        "dist": dist,
        "mean": mean,
        "cursed": cursed,
        "wheels": wheel_options(dist, free_wheels(obs), k.ring_max, cursed),
    }


# The deduction's public face (docs/deduction.md, the Bot lab's bots): the
# solver (solver.py) and the explanations' words (explain.py) are part of it.
__all__ = [
    "PARAM_KEYS",
    "TEMPLATES",
    "WRONG",
    "Knowledge",
    "analyze",
    "best_low",
    "free_wheels",
    "render",
    "merge",
    "query_counts",
    "solve",
    "wheel_options",
]
