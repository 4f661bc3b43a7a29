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

Portable on purpose: plain classes, tuples, dicts and lists, no stdlib helpers
MicroPython lacks, and every loop runs over lists (never over dict order).
"""

from ..rules.checks import CORRECT, HIGHER, LOWER, WRONG
from ..rules.components import WHEEL_IDS, WHEEL_VP, WHEEL_WIDTH, wheel_range
from ..rules.messages import N_

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
    for key in _PARAM_KEYS:
        if key in params:
            text = text.replace("{" + key + "}", str(params[key]))
    return text


_PARAM_KEYS = (
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
        "_last_rounds",
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
        self.merged = _merge(self.constraints)
        counts, total, graph = solved(self.merged, self.domains, self.symbols)
        self.graph = graph
        self.counts = counts
        self.total = total
        self._last_rounds = {}

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
        elsewhere, or deduced from the checks. Of `symbols` only when given
        (Today's code asks for one or two: all six cost seconds on MicroPython,
        issue 17)."""
        out = []
        for sym in self.symbols if symbols is None else symbols:
            probs = self.probabilities(sym)
            for v in range(self.value_max + 1):
                if probs[v] > 0:
                    continue
                if v in self.seen[sym]:
                    out.append(self._explain_seen(sym, v, self.seen[sym][v]))
                else:
                    out.append(self._explain_deduced(sym, v))
        return out

    def _name(self, seat) -> str:
        return self.obs["names"][seat]

    def _explain_seen(self, sym: str, v: int, source: tuple) -> dict:
        kind, r, owner, rnd = source
        params = {"symbol": sym, "value": v}
        if kind == "rack" and owner is None:
            template = "seen.unowned"
            params["rack"] = r + 1
        elif kind == "rack":
            template = "seen.rack"
            params["owner"] = self._name(owner)
        elif owner == self.viewer:
            template = "seen.own_discard"
            params["round"] = rnd
        else:
            template = "seen.discard"
            params["round"] = rnd
            params["owner"] = self._name(owner) if owner is not None else "the unowned rack"
        return _explanation(sym, v, kind, [rnd] if rnd is not None else [], template, params)

    def _explain_deduced(self, sym: str, v: int) -> dict:
        related = [c for c in self.constraints if c.unknown]
        fixed = dict(self.domains)
        fixed[sym] = [v]
        # One round alone is the clearest story; try those first.
        for c in related:
            if _mentions(c, sym) and solve(_merge([c]), fixed)[1] == 0:
                return self._explain_one(sym, v, c)
        # Otherwise drop rounds one at a time while the rest still rule v out,
        # starting from the rounds that explained the previous value if they do.
        related = _component(related, sym)
        start = related
        prev = self._last_rounds.get(sym)
        if prev and solve(_merge(prev), fixed)[1] == 0:
            start = prev
        keep = list(start)
        for c in list(start):
            trial = [k for k in keep if k is not c]
            if solve(_merge(trial), fixed)[1] == 0:
                keep = trial
        self._last_rounds[sym] = keep
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

    def _explain_one(self, sym: str, v: int, c: Constraint) -> dict:
        lo = hi = 0
        sums = {0}
        for s2, m in c.unknown:
            dom = [v] if s2 == sym else self.domains[s2]
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


def _mentions(c: Constraint, sym: str) -> bool:
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


def _proof_text(c: Constraint) -> str:
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


def _own_rack(obs: dict, viewer: int) -> int:
    for r in range(len(obs["racks"])):
        if obs["racks"][r]["owner"] == viewer:
            return r
    raise ValueError("the viewer has no rack")


def _merge(constraints: list) -> list:
    """Constraints on the same unknowns intersect into one: fewer, tighter checks."""
    keys, merged = [], []
    for c in constraints:
        if not c.unknown:
            continue
        key = tuple(c.unknown)
        if key in keys:
            i = keys.index(key)
            merged[i] = (key, merged[i][1] & c.allowed)
        else:
            keys.append(key)
            merged.append((key, set(c.allowed)))
    return merged


# --- the exact solver -------------------------------------------------------------


def _order(variables: list, scopes: list) -> list:
    """Greedy elimination order: next the variable sharing most constraints with the
    ones already placed, so constraints close early and few partial sums stay open."""
    left = list(variables)
    order = []
    while left:
        best, best_key = None, None
        for x in left:
            shared = 0
            degree = 0
            for sc in scopes:
                if x in sc:
                    degree += 1
                    for y in order:
                        if y in sc:
                            shared += 1
                            break
            key = (shared, degree)
            if best_key is None or key > best_key:
                best, best_key = x, key
        order.append(best)
        left.remove(best)
    return order


def solve(merged: list, domains: dict, query=None, keep=None):
    """Count consistent assignments of the constrained unknowns.

    merged: [(((symbol, m), ...), allowed set)]; domains: symbol -> values.
    Without `query`: returns ({symbol: {value: count}}, total) for the symbols
    in any constraint (others stay uniform). With `query` [(symbol, m)]:
    returns (counts by query sum, total), the distribution of that sum.
    keep (a list, without `query`): filled with [order, live], the pass's graph
    pruned to consistent paths, states numbered per step: live[k][i] lists the
    moves [(value, j)] from state i before step k to state j after it that
    still lead to a consistent assignment (None for a dead state). query_counts
    answers any query from it.
    """
    cons = [(list(key), allowed) for key, allowed in merged]
    if query:
        cons.append((list(query), None))  # never closed: carried to the end
    variables = []
    for scope, _a in cons:
        for sym, _m in scope:
            if sym not in variables:
                variables.append(sym)
    if not variables:
        if keep is not None:
            keep[:] = [[], []]
        return ({}, 1) if not query else ([1], 1)
    scopes = [[s for s, _m in scope] for scope, _a in cons]
    order = _order(variables, scopes)
    pos = {}
    for i in range(len(order)):
        pos[order[i]] = i
    n = len(order)
    first, last = [], []
    for sc in scopes:
        ps = [pos[s] for s in sc]
        first.append(min(ps))
        last.append(max(ps))
    # open constraints after step k: first <= k < last (the query stays open).
    opens = []
    for k in range(n):
        opens.append(
            [
                ci
                for ci in range(len(cons))
                if first[ci] <= k and (k < last[ci] or cons[ci][1] is None)
            ]
        )
    steps = []
    prev_open = []
    for k in range(n):
        x = order[k]
        mult = []
        for ci in range(len(cons)):
            m = 0
            for s, mm in cons[ci][0]:
                if s == x:
                    m = mm
            mult.append(m)
        carry = []  # (index in previous tuple or -1, multiplier) for each open after k
        for ci in opens[k]:
            carry.append((prev_open.index(ci) if ci in prev_open else -1, mult[ci]))
        closing = []  # (index in previous tuple or -1, multiplier, allowed)
        for ci in range(len(cons)):
            if last[ci] == k and cons[ci][1] is not None:
                closing.append(
                    (prev_open.index(ci) if ci in prev_open else -1, mult[ci], cons[ci][1])
                )
        steps.append((x, carry, closing))
        prev_open = opens[k]

    # Forward: ways to reach each state; remember the transitions for the backward pass.
    layers = []
    frontier = {(): 1}
    frontier_keys: list = [()]
    # (Issue 26: what a state contributes is read once per state, not once per
    # value, and the usual one or two open sums are built without a loop: the
    # same sums, a third of the time on MicroPython.)
    for k in range(n):
        x, carry, closing = steps[k]
        nxt, nxt_keys, trans = {}, [], []
        dom = domains[x]
        wide = len(carry)
        m0 = carry[0][1] if wide > 0 else 0
        m1 = carry[1][1] if wide > 1 else 0
        for st in frontier_keys:
            cnt = frontier[st]
            moves = []
            base = [st[i] if i >= 0 else 0 for i, _m in carry]
            checks = [(st[i] if i >= 0 else 0, m, allowed) for i, m, allowed in closing]
            for v in dom:
                ok = True
                for b, m, allowed in checks:
                    if b + m * v not in allowed:
                        ok = False
                        break
                if not ok:
                    continue
                if wide == 1:
                    ns: tuple = (base[0] + m0 * v,)
                elif wide == 2:
                    ns = (base[0] + m0 * v, base[1] + m1 * v)
                elif wide == 0:
                    ns = ()
                else:
                    ns = tuple([base[j] + carry[j][1] * v for j in range(wide)])
                moves.append((v, ns))
                if ns in nxt:
                    nxt[ns] += cnt
                else:
                    nxt[ns] = cnt
                    nxt_keys.append(ns)
            trans.append((st, cnt, moves))
        layers.append(trans)
        frontier, frontier_keys = nxt, nxt_keys
    if query:
        total = 0
        top = 0
        for st in frontier_keys:
            total += frontier[st]
            if st[0] > top:
                top = st[0]
        dist = [0] * (top + 1)
        for st in frontier_keys:
            dist[st[0]] += frontier[st]
        return dist, total
    total = frontier.get((), 0)
    # Backward: completions from each state, and each value's share of the total.
    counts = {}
    back = {(): 1}
    live = []
    number = []  # per step, backwards: state -> its index in that step's list
    for k in range(n - 1, -1, -1):
        x = order[k]
        c = {}
        here = {}
        paths = []
        after = number[-1] if number else {(): 0}  # states after step k -> their index
        here_number = {}
        for st, cnt, moves in layers[k]:
            b = 0
            good = []
            for v, ns in moves:
                w = back.get(ns, 0)
                if w:
                    b += w
                    c[v] = c.get(v, 0) + cnt * w
                    good.append((v, after[ns]))
            here[st] = b
            here_number[st] = len(paths)
            paths.append(good if b else None)
        counts[x] = c
        back = here
        live.append(paths)
        number.append(here_number)
    if keep is not None:
        live.reverse()
        keep[:] = [order, live]
    return counts, total


# Issue 26: the last few solves, by their inputs. A bot builds Knowledge(obs)
# anew for every decision, and between two of them what the checks prove
# often has not changed (the final values are written one symbol at a time, a
# replacement, a token): solve() was most of such a decision's time.
SOLVED: dict = {}
SOLVED_KEEP = 8


def solved(merged: list, domains: dict, symbols: list) -> tuple:
    """(counts, total, graph) of solve(merged, domains, keep=graph), shared by
    every Knowledge with the same inputs: read-only, like an observation."""
    key = (
        tuple([(k, tuple(sorted(allowed))) for k, allowed in merged]),
        tuple([tuple(domains[sym]) for sym in symbols]),
    )
    hit = SOLVED.get(key)
    if hit is not None:
        return hit
    graph: list = []
    counts, total = solve(merged, domains, None, graph)
    if len(SOLVED) >= SOLVED_KEEP:
        SOLVED.clear()
    SOLVED[key] = (counts, total, graph)
    return SOLVED[key]


def query_counts(graph: list, domains: dict, query: list):
    """Exactly solve(merged, domains, query), from the graph solve(merged, domains,
    keep=graph) kept: (counts by query sum, total).

    Issue 17: the hard bot asks up to ~30 sums per decision; solving each from
    scratch carried the query's open sum through every state the forward pass
    reaches, dead ends included (730 ms worst case on MicroPython). Here the sum
    is carried only along transitions that lead to a consistent assignment, and
    query symbols no check mentions are added last, each uniform and
    independent. Counts are exact integers, so the result is identical.
    """
    order, live = graph
    mult = {}
    top = 0  # the largest query sum
    for sym, m in query:
        mult[sym] = m
        top += m * max(domains[sym] or [0])
    bits = 1  # a key is state index << bits | the query's partial sum: ints hash fast
    while (1 << bits) <= top:
        bits += 1
    mask = (1 << bits) - 1
    keys = [0]
    ways = {0: 1}
    if order and live[0][0] is None:  # no consistent assignment
        keys = []
    for k in range(len(order)):
        m = mult.get(order[k], 0)
        paths = live[k]
        nxt, nxt_keys = {}, []
        for key in keys:
            cnt = ways[key]
            qs = key & mask
            for v, j in paths[key >> bits]:
                nk = (j << bits) | (qs + m * v)
                if nk in nxt:
                    nxt[nk] += cnt
                else:
                    nxt[nk] = cnt
                    nxt_keys.append(nk)
        keys, ways = nxt_keys, nxt
    top = 0
    for key in keys:
        if key & mask > top:
            top = key & mask
    dist = [0] * (top + 1)
    for key in keys:
        dist[key & mask] += ways[key]
    for sym, m in query:
        if sym not in order:  # in no check: uniform, independent
            if not domains[sym]:
                return [0], 0
            wider = [0] * (len(dist) + m * max(domains[sym]))
            for t in range(len(dist)):
                if dist[t]:
                    for v in domains[sym]:
                        wider[t + m * v] += dist[t]
            dist = wider
    total = 0
    for c in dist:
        total += c
    if not keys:
        return [0], 0
    top = len(dist) - 1
    while top > 0 and not dist[top]:
        top -= 1
    return dist[: top + 1], total


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


def wheel_options(dist: list, wheels: list, ring_max: int) -> list:
    out = []
    for w in wheels:
        low, p = best_low(dist, w, ring_max)
        out.append(
            {
                "wheel": w,
                "low": low,
                "high": wheel_range(w, low)[1],
                "p": p,
                "ev": p * WHEEL_VP[w],
            }
        )
    return out


# --- the public entry point ------------------------------------------------------


def constraints_data(k: "Knowledge") -> list:
    """The checks a viewer has seen, as plain data (analyze(), and Today's code's
    explanations, lostcode/web/puzzles.py)."""
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
    "dist": [p for sum 0..ring_max], "mean", "wheels": [{"wheel", "low", "high",
    "p", "ev"}]}}
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
    return {
        "dice": list(dice),
        "dist": dist,
        "mean": mean,
        "wheels": wheel_options(dist, free_wheels(obs), k.ring_max),
    }


__all__ = [
    "TEMPLATES",
    "WRONG",
    "Knowledge",
    "analyze",
    "best_low",
    "free_wheels",
    "render",
    "solve",
    "wheel_options",
]
