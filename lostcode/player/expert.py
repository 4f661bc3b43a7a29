"""The expert opponent (issue 27): a search over worlds consistent with what it sees.

Why a `Search` object with `run(steps)` rather than one call: the page runs the
expert on MicroPython in the main thread and must never block it for more than
100 ms, so it calls `run` in small slices between frames; the command line and
the lab call `decide_expert`, which runs to the end. Both do the same steps in
the same order, so a decision does not depend on how it was sliced.

How it decides (docs/expert.md): determinized search, re-determinized for the
opponents (Goodman 2019). Each world is drawn from the exact deduction: the
expert's own stones jointly from `Knowledge`'s consistent assignments (not
symbol by symbol), the box and the piles shuffled from what is left, and each
earlier opponent's secret range from that opponent's own view in the world.
Every candidate action is played in the same worlds (common random numbers);
the rest of the round is played by the hard bot for every seat, each seat
deciding from its own observation of the world, so an opponent never "knows"
what only the expert knows. A leaf is valued for every player as score plus
the expected points of their final candidates given what they then know
(their knowledge of their own rack is worth points at the end); the expert
maximises its own value minus the others' mean. The amount of search is a
number of simulations derived from `budget_ms`, never the clock: the same
observation and generator give the same decision on every runtime.

Trivial decisions (the roll, the token offer, the candidates of a token) are
the hard bot's and instant; the final candidates maximise the chance of
winning against the other players' likely totals.
"""

from ..rules.chance import play
from ..rules.components import FINAL_POINTS, FINAL_WRONG, MAX_CANDIDATES, WHEEL_VP
from ..rules.engine import legal_actions
from ..rules.observation import observe
from ..rules.options import Options
from ..rules.rng import Rng
from ..rules.state import State, _copy_round
from ..rules.vocab import (
    ACCEPT,
    CHANGE,
    GUESS,
    PHASE_BEAR,
    PHASE_CHANGE,
    PHASE_END,
    PHASE_FINAL,
    PHASE_GUESS,
    PHASE_REPLACE,
    PHASE_ROLL,
)
from .deduction import Knowledge, best_low, free_wheels
from .deduction import bet_points as exact_bet_points
from .policy import HardBot, best_candidates, guess_action, is_cursed, opponent_view

BUDGET_MS = 300  # the default thinking time of one decision (sets the simulations)
TOP = 3  # how many alternatives a decision keeps
LOST = 0.005  # final candidates: a chance to win that rounds to 0 %
MS_PER_SIM = 25  # budget_ms per simulation: 300 ms -> 12 simulations (at least MIN_WORLDS worlds)
MAX_CANDIDATES_SEARCHED = 4  # die turns / replacements kept for the search
MIN_WORLDS = 3

# Notes (machine-readable; the page words them): why an option is worth what it is.
NOTE_SCORE = "score"  # mostly the VP it scores this round
NOTE_KNOW = "know"  # mostly what it tells the expert about its own stones
NOTE_DENY = "deny"  # mostly what it costs the other players
NOTE_WIN = "win"  # final candidates: value is the chance of winning
NOTE_LOST = "lost"  # the whole final screen's plan when no candidates can win (finalplan)


class Option:
    """One alternative the expert weighed, as plain numbers (the page words them).

    value   its estimated final-score gain in VP against the table: `mine` minus
            `others` (for final candidates: the chance of winning, note "win");
    mine    the expert's own expected gain: VP scored this round (`vp`) plus the
            change in the expected points of its final candidates (what it
            learns or forgets about its own stones);
    others  the other players' mean expected gain, counted the same way;
    after   the expected gain of `after_seat`, the player who guesses after the
            expert this round (what a die turn or a wheel gives or costs them),
            None when nobody does;
    note    a machine-readable tag for the reason's kind (NOTE_*): "score" when
            the VP scored carry it, "know" when what it tells the expert does,
            "deny" when most of it is what it costs the other players.
    Expectations only, never a value of the expert's own stones."""

    __slots__ = ("action", "value", "note", "mine", "others", "vp", "after", "after_seat")

    def __init__(self, action, value: float, note: str = "", mine: float = 0.0,
                 others: float = 0.0, vp: float = 0.0, after=None, after_seat=None):
        self.action, self.value, self.note = action, value, note
        self.mine, self.others, self.vp = mine, others, vp  # what `value` is made of
        self.after, self.after_seat = after, after_seat

    def to_dict(self) -> dict:
        return {"action": list(self.action), "value": self.value, "note": self.note,
                "mine": self.mine, "others": self.others, "vp": self.vp, "after": self.after,
                "after_seat": self.after_seat}


class Decision:
    """The chosen action and the alternatives weighed, best first (at most TOP);
    `plan`, on the final candidates asked for the whole screen (finalplan.py),
    ((symbol, options best first), ...) for every symbol still to write."""

    __slots__ = ("action", "options", "plan")

    def __init__(self, action, options: tuple, plan: tuple = ()):
        self.action = action
        self.options = options
        self.plan = plan


def simulations(budget_ms: int) -> int:
    """The search's size: a count, so the decision never depends on the clock."""
    return max(1, int(budget_ms) // MS_PER_SIM)


class Search:
    """A decision in progress. `run(steps)` does at most `steps` small units of work
    (one bot decision or one valuation inside a simulated rest of the round: a
    few milliseconds on MicroPython) and says whether it has finished. The work
    is one generator, so however it is sliced the same units run in the same order."""

    __slots__ = (
        "obs", "legal", "rng", "budget_ms", "result", "hard", "kc", "work", "steps",
    )

    def __init__(self, obs: dict, legal: list, rng, budget_ms: int = BUDGET_MS):
        self.obs = obs
        self.legal = legal
        self.rng = rng
        self.budget_ms = budget_ms
        self.result = Decision(None, ())  # no action until `run` says it has finished
        self.hard = HardBot()
        self.kc = KnowledgeCache()
        self.work = None
        self.steps = 0  # units of work done so far (the benchmark reports them)

    def run(self, steps: int) -> bool:
        work = self.work
        if work is None:
            work = self.work = self._search()
        while steps > 0 and self.result.action is None:
            steps -= 1
            self.steps += 1
            try:
                next(work)
            except StopIteration:
                break
        return self.result.action is not None

    def decision(self) -> Decision:
        while not self.run(1_000_000):
            pass
        return self.result

    def _finish_now(self, action) -> None:
        self.result = Decision(action, (Option(action, 0.0),))

    def _search(self):
        """The whole decision; every `yield` ends one unit of work."""
        obs, legal = self.obs, self.legal
        phase = obs["phase"]
        if len(legal) == 1:
            self._finish_now(legal[0])
            return
        if phase == PHASE_FINAL:
            self.result = _final_decision(self.hard, obs, legal)
            return
        if phase not in (PHASE_GUESS, PHASE_CHANGE, PHASE_BEAR, PHASE_REPLACE):
            self._finish_now(self.hard.choose(obs, legal, self.rng))
            return
        know = self.hard.knowledge(obs)
        yield
        scored: list = []
        for c in _candidates(self.hard, obs, legal, know):
            if c is not None:
                scored = c
            yield
        cands = _best(scored)
        if len(cands) == 1:
            self._finish_now(cands[0])
            return
        sampler = Sampler(know)
        n = len(cands)
        worlds = max(MIN_WORLDS, simulations(self.budget_ms) // n)
        sums = [0.0] * n
        mine = [0.0] * n
        others = [0.0] * n
        vp = [0.0] * n
        after = [0.0] * n
        nxt = _seat_after(obs)
        me = obs["viewer"]
        kc = self.kc
        for _w in range(worlds):
            world = make_world(obs, sampler, self.rng, kc)
            yield
            base = []
            for p in range(obs["players"]):
                base.append(leaf_value(world, p, kc))
                yield
            for c in range(n):
                s = world.copy()
                play(s, cands[c])
                bots: dict = {}
                while not round_over(s, obs["round"]):
                    q = s.to_act
                    if q not in bots:
                        bots[q] = PlayoutBot(kc)
                    play(s, bots[q].choose(observe(s, q), legal_actions(s), None))
                    yield
                gain = []
                for p in range(obs["players"]):
                    gain.append(leaf_value(s, p, kc) - base[p])
                    yield
                rest = [gain[p] for p in range(len(gain)) if p != me]
                o = sum(rest) / len(rest)
                mine[c] += gain[me]
                others[c] += o
                sums[c] += gain[me] - o
                vp[c] += s.scores[me] - world.scores[me]
                if nxt is not None:
                    after[c] += gain[nxt]
        for c in range(n):  # a bet's points this round, exact (issue 39, fifth playtest)
            exact = bet_points(obs, know, cands[c], self.hard)
            if exact is not None:
                shift = exact * worlds - vp[c]
                vp[c] += shift
                mine[c] += shift
                sums[c] += shift
        ranked = sorted(range(n), key=lambda i: (-sums[i], i))
        opts = []
        for i in ranked[:TOP]:
            m, o, v = mine[i] / worlds, others[i] / worlds, vp[i] / worlds
            a = after[i] / worlds if nxt is not None else None
            opts.append(Option(cands[i], sums[i] / worlds, _note(m, o, v), m, o, v, a, nxt))
        self.result = Decision(cands[ranked[0]], tuple(opts))


def bet_points(obs: dict, know: Knowledge, action, hard=None):
    """A bet's expected points this round (deduction.bet_points: the Chances
    tab's figure, less what a wrong bet loses to the curse), None for any other
    move. Why not the worlds' sampled points: with 3 worlds a 40 % bet read
    "likely to score about 3 points" (issue 39, fifth playtest); the exact
    figure is the samples' expectation, so it only takes out their noise.
    A die kept or turned (given the `hard` policy) is worth the points of the
    bet it leads to, the one the expert would then take on a free wheel, with
    the same figure (desk10: its points were still the worlds' samples)."""
    cursed = is_cursed(obs, obs["viewer"])
    if obs["phase"] == PHASE_CHANGE and hard is not None and action:
        dice = list(obs["dice"])
        if action[0] == CHANGE:
            dice[action[1]] = action[2]
        best = max(hard.wheel_values(obs, know, dice, free_wheels(obs)), key=lambda v: v[0])
        return exact_bet_points(know, dice, best[1], best[2], cursed)
    if obs["phase"] != PHASE_GUESS or not action or action[0] != GUESS:
        return None
    return exact_bet_points(know, obs["dice"], action[1], action[2], cursed)


def _note(mine: float, others: float, vp: float) -> str:
    if -others > abs(mine):
        return NOTE_DENY
    if abs(mine - vp) > abs(vp):
        return NOTE_KNOW
    return NOTE_SCORE


def _seat_after(obs: dict):
    """The player who guesses right after the expert this round (R-G1), if any."""
    h = obs["history"][-1] if obs["history"] else None
    order = h["order"] if h and h["order"] else obs["order"]
    me = obs["viewer"]
    if me not in order:
        return None
    i = order.index(me)
    return order[i + 1] if i + 1 < len(order) else None


# --- candidates ----------------------------------------------------------------------


def _candidates(hard: HardBot, obs: dict, legal: list, k: Knowledge):
    """Yields (None while working, one unit at a time) then the scored candidates:
    [(hard bot's utility, action)], the search keeps the best few (_best)."""
    phase = obs["phase"]
    if phase == PHASE_GUESS:
        yield [(v[0], guess_action(legal, v[1], v[2]))
               for v in hard.wheel_values(obs, k, obs["dice"], free_wheels(obs))]
        return
    if phase == PHASE_REPLACE:
        yield [(-score, a) for score, a in hard.discard_scores(obs, legal, k)]
        return
    if phase == PHASE_BEAR:
        yield [(0.0, hard.choose(obs, legal, None))]
        return
    # PHASE_CHANGE: one action per resulting set of faces; keeping the roll always stays.
    keys: list = []
    out = []
    for a in legal:
        dice = list(obs["dice"])
        if a[0] == CHANGE:
            dice[a[1]] = a[2]
        key = tuple(sorted(dice))
        if key in keys:
            continue
        keys.append(key)
        vals = hard.wheel_values(obs, k, dice, list(WHEEL_VP))
        u = max(v[0] for v in vals)
        out.append((u + (1e6 if a == (ACCEPT,) else 0.0), a))
        yield None
    yield out


def _best(scored: list) -> list:
    """The MAX_CANDIDATES_SEARCHED actions of highest utility, in legal order of ties."""
    order = sorted(range(len(scored)), key=lambda i: (-scored[i][0], i))
    return [scored[i][1] for i in order[:MAX_CANDIDATES_SEARCHED]]


# --- worlds ------------------------------------------------------------------------


class Sampler:
    """Draws the expert's own rack jointly from the exact deduction: uniform over
    the assignments consistent with every check it saw (Knowledge's graph)."""

    __slots__ = ("know", "comp")

    def __init__(self, know: Knowledge):
        self.know = know
        order, live = know.graph if know.graph else ([], [])
        comp: list = [None] * (len(order) + 1)
        comp[len(order)] = [1]
        for step in range(len(order) - 1, -1, -1):
            row = []
            nxt = comp[step + 1]
            for moves in live[step]:
                t = 0
                if moves is not None:
                    for _v, j in moves:
                        t += nxt[j]
                row.append(t)
            comp[step] = row
        self.comp = comp

    def rack(self, rng) -> dict:
        k = self.know
        out = {}
        order, live = k.graph if k.graph else ([], [])
        if order and self.comp[0] and self.comp[0][0] > 0:
            i = 0
            for step in range(len(order)):
                moves = live[step][i]
                nxt = self.comp[step + 1]
                r = _below(rng, self.comp[step][i])
                for v, j in moves:
                    r -= nxt[j]
                    if r < 0:
                        out[order[step]] = v
                        i = j
                        break
        for sym in k.symbols:
            if sym not in out:
                dom = k.domains[sym]
                out[sym] = dom[rng.below(len(dom))] if dom else 0
        return out


def _below(rng, n: int) -> int:
    """Uniform in 0..n-1 for any n (counts can pass 2**32 in long games)."""
    if n <= 0xFFFFFFFF:
        return rng.below(n)
    x = 0
    for _ in range(3):
        x = (x << 32) | rng.next_u32()
    return x % n


def _shuffled(items: list, rng) -> list:
    items = list(items)
    rng.shuffle(items)
    return items


def make_world(obs: dict, sampler: Sampler, rng, kc) -> State:
    """A whole game state consistent with `obs`: the viewer's rack from the deduction,
    box and piles shuffled from the rest, earlier opponents' secret ranges as their
    own view in this world would set them (re-determinized: their view, not ours)."""
    me = obs["viewer"]
    s = State()
    s.options = Options.from_dict(obs["options"])
    s.names = list(obs["names"])
    s.rng = Rng(rng.next_u32())
    s.round = obs["round"]
    s.phase = obs["phase"]
    s.to_act = obs["to_act"]
    s.roller = obs["roller"]
    s.roll = list(obs["roll"])
    s.dice = list(obs["dice"])
    mine = sampler.rack(rng)
    k = sampler.know
    s.racks = []
    for r in obs["racks"]:
        if r["owner"] == me:
            s.racks.append(dict(mine))
        else:
            s.racks.append(dict(r["stones"]))
    for sym in k.symbols:
        rest = _shuffled([v for v in k.domains[sym] if v != mine[sym]], rng)
        size = obs["piles"][sym]
        s.box[sym] = rest.pop() if len(rest) > size else (rest[0] if rest else 0)
        s.piles[sym] = rest[:size]
    s.discards = [list(d) for d in obs["discards"]]
    s.scores = list(obs["scores"])
    s.heights = list(obs["heights"])
    s.next_height = max(s.heights) + 1 if s.heights else 0
    for sym in obs["tokens"]:
        t = obs["tokens"][sym]
        s.tokens[sym] = t["state"]
        if t["holder"] is not None:
            s.token_holder[sym] = t["holder"]
            if t["holder"] == me and sym in obs["my_tokens"]:
                s.token_candidates[sym] = tuple(obs["my_tokens"][sym])
            else:
                s.token_candidates[sym] = (s.racks[t["holder"]][sym],)
    if obs["curse"] is not None:
        s.curse = obs["curse"]["state"]
        s.curse_holder = obs["curse"]["holder"]
    s.offer_symbol = obs["offer"]["symbol"] if obs["offer"] else None
    s.final = [{} for _ in range(obs["players"])]
    s.final[me] = {sym: tuple(v) for sym, v in obs["my_final"].items()}
    s.history = list(obs["history"])
    if s.history:
        s.history[-1] = _copy_round(s.history[-1])
    s.log = list(obs["log"])
    s.actions = []
    h = s.history[-1]
    if s.phase == PHASE_GUESS:
        done = [p for p, _w in h["wheels"]]
        s.queue = [p for p in h["order"] if p not in done]
        for p, w in h["wheels"]:
            if p == me and obs["my_guess"] is not None:
                s.guesses[p] = (w, obs["my_guess"]["low"])
            else:
                dist = kc.get(observe(s, p)).sum_distribution(s.dice)
                s.guesses[p] = (w, best_low(dist, w, s.options.ring_max)[0])
    elif s.phase == PHASE_REPLACE:
        s.wrong = [g["player"] for g in h["guesses"] if g["result"] != "correct"]
        replaced = [d["player"] for d in h["discards"]]
        s.queue = [p for p in obs["order"] if p in s.wrong and p not in replaced]
        for g in h["guesses"]:
            s.guesses[g["player"]] = (g["wheel"], g["low"])
    else:
        s.queue = [s.to_act]
    return s


# --- play and value ------------------------------------------------------------------


def knowledge_key(obs: dict) -> tuple:
    """Everything a viewer's Knowledge depends on: the stones they see, every
    discard, and the dice and results of their own checks. Worlds and candidates
    that agree on these share one Knowledge (the search's main cost)."""
    v = obs["viewer"]
    syms = obs["symbols"]
    racks = tuple(tuple(r["stones"].get(sym) for sym in syms) for r in obs["racks"])
    disc = tuple(tuple((d["round"], d["symbol"], d["value"]) for d in ds) for ds in obs["discards"])
    checks = []
    for h in obs["history"]:
        for g in h["guesses"]:
            if g["player"] == v:
                checks.append((tuple(h["dice"]), g["result"], g["low"], g["high"]))
    return (v, racks, disc, tuple(checks))


class KnowledgeCache:
    """Knowledge by knowledge_key, with the expected points of final candidates."""

    __slots__ = ("table", "points")

    def __init__(self):
        self.table: dict = {}
        self.points: dict = {}

    def get(self, obs: dict) -> Knowledge:
        key = knowledge_key(obs)
        k = self.table.get(key)
        if k is None:
            k = Knowledge(obs)
            self.table[key] = k
        return k


class PlayoutBot(HardBot):
    """The hard bot, its Knowledge (and its opponents') taken from the search's cache."""

    __slots__ = ("kc",)

    def __init__(self, kc: KnowledgeCache):
        HardBot.__init__(self)
        self.kc = kc

    def knowledge(self, obs: dict) -> Knowledge:
        key = (obs["viewer"], obs["round"], obs["phase"], len(obs["log"]), len(obs["history"]))
        cache = self.cache
        if key != self.cache_key or cache is None:
            self.cache_key = key
            cache = self.cache = {"me": self.kc.get(obs)}
        return cache["me"]

    def opponents(self, obs: dict) -> dict:
        self.knowledge(obs)
        cache = self.cache
        assert cache is not None
        if "opp" not in cache:
            opp = {}
            for p in range(obs["players"]):
                if p != obs["viewer"]:
                    opp[p] = self.kc.get(opponent_view(obs, p))
            cache["opp"] = opp
        return cache["opp"]


def round_over(s: State, rnd: int) -> bool:
    """A simulation stops when round `rnd` is over (the next roll, or the final
    candidates): the rest of the game is valued, not played (leaf_values)."""
    return s.phase in (PHASE_ROLL, PHASE_FINAL, PHASE_END) or s.round != rnd


def knowledge_points(k: Knowledge, obs: dict) -> float:
    """Expected points of a player's final candidates from what they know now."""
    total = 0.0
    me = obs["viewer"]
    for sym in k.symbols:
        holder = obs["tokens"].get(sym, {}).get("holder")
        _v, ev = best_candidates(k.probabilities(sym), holder == me)
        total += ev
    return total


def leaf_value(s: State, p: int, kc: KnowledgeCache) -> float:
    """A player's score plus the expected points of their final candidates."""
    obs = observe(s, p)
    key = knowledge_key(obs)
    pts = kc.points.get(key)
    if pts is None:
        k = kc.table.get(key)
        if k is None:
            k = Knowledge(obs)
            kc.table[key] = k
        pts = knowledge_points(k, obs)
        kc.points[key] = pts
    return s.scores[p] + pts


# --- final candidates: the chance of winning -----------------------------------------


def _final_decision(hard: HardBot, obs: dict, legal: list) -> Decision:
    """R-E1/R-E2: candidates for one symbol (the next the rules ask for)."""
    opts = final_options(hard, obs, legal[0][1], legal[0][0])
    best = opts[0].action
    if best not in legal:
        best = legal[0]
    return Decision(best, tuple(opts))


def final_options(hard: HardBot, obs: dict, sym: str, kind: str) -> list:
    """The best TOP candidate choices for `sym`, best first. Expected points are
    the hard bot's rule; the expert weighs each choice by the chance it ends
    ahead of every other player's likely total (their racks are in view; what
    they will write is estimated from their own view). When no choice keeps a
    chance to win (under half a percent each), it plays for points."""
    k = hard.knowledge(obs)
    me = obs["viewer"]
    probs = k.probabilities(sym)
    # My total so far: round score plus the expectation of the symbols still to write.
    mine = obs["scores"][me]
    written = obs["my_final"]
    rest_dist = [(0.0, 1.0)]  # (points, probability) of my other symbols, independent
    for s2 in k.symbols:
        if s2 == sym:
            continue
        holder = obs["tokens"].get(s2, {}).get("holder")
        if holder == me:
            cands = tuple(obs["my_tokens"].get(s2, ()))
            rest_dist = _convolve(rest_dist, _points_dist(k.probabilities(s2), cands, True))
        elif s2 in written:
            rest_dist = _convolve(rest_dist, _points_dist(k.probabilities(s2), tuple(written[s2]),
                                                          False))
        else:
            cands, _e = best_candidates(k.probabilities(s2))
            rest_dist = _convolve(rest_dist, _points_dist(k.probabilities(s2), cands, False))
    rivals = []
    opp = hard.opponents(obs)
    for p in range(obs["players"]):
        if p == me:
            continue
        rivals.append(_rival_total(obs, opp[p], p))
    options = []
    for cands in _final_choices(probs):
        mine_dist = _convolve(rest_dist, _points_dist(probs, cands, False))
        win = 0.0
        for pts, pr in mine_dist:
            win += pr * _p_ahead(mine + pts, rivals)
        ev = _expected(probs, cands)
        options.append((win, ev, cands))
    if max(o[0] for o in options) < LOST:
        options.sort(key=lambda x: (-x[1], x[2]))  # the game is lost: for points
    else:
        options.sort(key=lambda x: (-x[0], -x[1], x[2]))
    return [Option((kind, sym, cands), win, NOTE_WIN, ev, 0.0) for win, ev, cands in options[:TOP]]


def _final_choices(probs: list) -> list:
    ranked = sorted(range(len(probs)), key=lambda v: (-probs[v], v))
    out: list = [()]
    for n in range(1, MAX_CANDIDATES + 1):
        out.append(tuple(sorted(ranked[:n])))
    return out


def _expected(probs: list, cands: tuple) -> float:
    hit = 0.0
    for v in cands:
        hit += probs[v]
    if not cands:
        return float(FINAL_WRONG)
    return hit * FINAL_POINTS[len(cands)] + (1 - hit) * FINAL_WRONG


def _points_dist(probs: list, cands: tuple, doubled: bool) -> list:
    f = 2 if doubled else 1
    if not cands:
        return [(FINAL_WRONG * f, 1.0)]
    hit = 0.0
    for v in cands:
        hit += probs[v]
    return [(FINAL_POINTS[len(cands)] * f, hit), (FINAL_WRONG * f, 1.0 - hit)]


def _convolve(a: list, b: list) -> list:
    out: dict = {}
    for x, p in a:
        for y, q in b:
            if p * q > 0:
                out[x + y] = out.get(x + y, 0.0) + p * q
    return sorted(out.items())


def _rival_total(obs: dict, k: Knowledge, p: int) -> list:
    """Distribution of a rival's final score: their round score, plus for each
    symbol the points their likely candidates (from their own view) make with the
    true value we see on their rack."""
    dist = [(float(obs["scores"][p]), 1.0)]
    rack = obs["racks"][p]["stones"]
    for sym in k.symbols:
        holder = obs["tokens"].get(sym, {}).get("holder")
        probs = k.probabilities(sym)
        cands, _ev = best_candidates(probs, holder == p)
        v = rack.get(sym)
        if v is None:
            dist = _convolve(dist, _points_dist(probs, cands, holder == p))
            continue
        f = 2 if holder == p else 1
        pts = (FINAL_POINTS[len(cands)] if v in cands else FINAL_WRONG) * f if cands \
            else FINAL_WRONG * f
        # Their view is a little sharper than ours of them (they see our rack):
        # a quarter of the time they write the true value alone.
        dist = _convolve(dist, [(pts, 0.75), (FINAL_POINTS[1] * f, 0.25)])
    return dist


def _p_ahead(total: float, rivals: list) -> float:
    """P(total beats every rival), ties counted half (the stack breaks them)."""
    out = 1.0
    for dist in rivals:
        p = 0.0
        for x, q in dist:
            if x < total:
                p += q
            elif x == total:
                p += q / 2
        out *= p
    return out


# --- the faces every caller uses --------------------------------------------------------


def decide_expert(obs: dict, legal: list, rng, budget_ms: int = BUDGET_MS) -> Decision:
    """Run a whole decision (command line, lab, tests)."""
    return Search(obs, legal, rng, budget_ms).decision()


def choose_expert(obs: dict, legal: list, rng):
    """The `choose(obs, legal, rng) -> action` face every bot has."""
    return decide_expert(obs, legal, rng).action


