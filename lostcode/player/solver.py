"""The exact solver of the deduction (issue 4, issue 17): counting what the checks allow.

The viewer's own checks (deduction.Constraint) merged by the unknown stones
they sum (`merge`), then a forward-backward pass over those unknowns whose
state is the partial sums of the constraints still open (`solve`): exact
counts of the consistent assignments, per stone value or per sum of a
query, without listing the joint assignments. `solved` keeps the last few
solves by their inputs; `query_counts` answers a sum from a solve's kept
graph instead of solving again (tests/test_solver_identical.py checks both
give the same counts). Portable: lists, tuples, dicts and sets only.
"""


def merge(constraints: list) -> list:
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
