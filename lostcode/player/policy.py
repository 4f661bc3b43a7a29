"""The hard bot's policy and the arithmetic every bot shares (issue 4, issue 38).

Why a module of its own: the easy and medium bots (bots.py) and the expert's
search (expert.py, whose playouts are hard bots in every seat) both build on
it, so both import it and neither imports the other's internals; bots.py
names the expert only to offer it as a level.

The hard bot: expected VP from the exact distribution of its own sum, minus
what the wheels left over are worth to the players after it; stones replaced
for information; final candidates by expected points.
"""

from ..rules import vocab
from ..rules.components import (
    BEAR,
    FINAL_POINTS,
    FINAL_WRONG,
    MAX_CANDIDATES,
    SHORTCUT_FACTOR,
    WHEEL_IDS,
    WHEEL_VP,
    wheel_range,
)
from ..rules.vocab import CHANGE, FINAL, GUESS, PASS, SHORTCUT, TAKE, TURN_BEAR
from .deduction import Knowledge, best_low, free_wheels


def best_candidates(probs: list, doubled: bool = False) -> tuple:
    """(values, expected points) of the best 0-3 candidates (R-E2, R-X2c).

    Values in order of probability; 1 candidate pays 5, 2 pay 2, 3 pay 1, a
    miss costs 2, everything doubled with a shortcut token.
    """
    ranked = sorted(range(len(probs)), key=lambda v: (-probs[v], v))
    factor = SHORTCUT_FACTOR if doubled else 1
    best: tuple = ()
    best_ev = FINAL_WRONG * factor
    acc = 0.0
    for k in range(1, MAX_CANDIDATES + 1):
        acc += probs[ranked[k - 1]]
        ev = (acc * FINAL_POINTS[k] + (1 - acc) * FINAL_WRONG) * factor
        if ev > best_ev + 1e-9:
            best, best_ev = tuple(sorted(ranked[:k])), ev
    return best, best_ev


def uniform_probs(values: list, value_max: int) -> list:
    """P(v) for v = 0..value_max, each of `values` equally likely."""
    probs = [0.0] * (value_max + 1)
    for v in values:
        probs[v] = 1.0 / len(values)
    return probs


def _entropy_bits(probs: list) -> float:
    """Uncertainty of a stone; log2 by a tiny series so MicroPython needs no math."""
    h = 0.0
    for p in probs:
        if p > 0:
            h -= p * _log2(p)
    return h


def _log2(x: float) -> float:
    n = 0
    while x < 0.5:
        x *= 2
        n -= 1
    # x in [0.5, 1]: ln x by atanh series, converted to base 2.
    y = (x - 1) / (x + 1)
    y2 = y * y
    s, term, k = 0.0, y, 1
    while k < 40:
        s += term / k
        term *= y2
        k += 2
    return n + 2 * s / 0.6931471805599453


def guess_action(legal: list, wheel: str, low: int):
    action = (GUESS, wheel, low)
    if action in legal:
        return action
    for a in legal:  # never reached with correct bounds; stay legal regardless
        if a[0] == GUESS and a[1] == wheel:
            return a
    return legal[0]


def final_action(obs: dict, legal: list, values: tuple):
    sym = legal[0][1]
    action = (FINAL, sym, tuple(values))
    return action if action in legal else legal[0]


def is_cursed(obs: dict, seat: int) -> bool:
    """R-X3: the holder of the curse token at guess time is cursed at the check."""
    c = obs["curse"]
    return c is not None and c["state"] == "taken" and c["holder"] == seat


DENIAL = 0.6  # weight of what later players would score on the wheels I leave them
INFO = 0.35  # value of one bit of uncertainty removed by replacing a stone


def opponent_view(obs: dict, seat: int) -> dict:
    """What `seat` knows, as far as we can tell: our view minus their own rack.

    (They also see our rack, which we cannot; their real knowledge is a bit
    sharper than this.)"""
    o = dict(obs)
    racks = []
    for r in obs["racks"]:
        if r["owner"] == seat:
            racks.append({"owner": seat, "stones": {sym: None for sym in obs["symbols"]}})
        else:
            racks.append(r)
    o["racks"] = racks
    o["viewer"] = seat
    return o


class HardBot:
    """Expected VP from the exact distribution, minus what the wheels left over
    are worth to the players after us; stones replaced for information; final
    candidates by expected points. One instance per seat caches its analysis."""

    __slots__ = ("cache_key", "cache")

    def __init__(self):
        self.cache_key = None
        self.cache = None

    def knowledge(self, obs: dict) -> Knowledge:
        key = (
            obs["viewer"],
            obs["round"],
            obs["phase"],
            len(obs["log"]),
            len(obs["history"]),
        )
        if key != self.cache_key:
            self.cache_key = key
            self.cache = {"me": Knowledge(obs)}
        return self.cache["me"]

    def opponents(self, obs: dict) -> dict:
        self.knowledge(obs)
        if "opp" not in self.cache:
            opp = {}
            for p in range(obs["players"]):
                if p != obs["viewer"]:
                    opp[p] = Knowledge(opponent_view(obs, p))
            self.cache["opp"] = opp
        return self.cache["opp"]

    def choose(self, obs: dict, legal: list, rng):
        phase = obs["phase"]
        k = None if phase == vocab.PHASE_ROLL else self.knowledge(obs)  # rolling needs no thought
        return HARD[phase](self, obs, legal, k)

    def choose_roll(self, obs: dict, legal: list, k):
        return legal[0]

    def choose_shortcut(self, obs: dict, legal: list, k: Knowledge):
        values, _ev = best_candidates(k.probabilities(obs["offer"]["symbol"]), True)
        return (SHORTCUT, values or (k.possible(obs["offer"]["symbol"])[0],))

    def choose_final(self, obs: dict, legal: list, k: Knowledge):
        values, _ev = best_candidates(k.probabilities(legal[0][1]))
        return final_action(obs, legal, values)

    # wheels

    def later_players(self, obs: dict) -> list:
        h = obs["history"][-1]
        done = [p for p, _w in h["wheels"]]
        order = h["order"] if h["order"] else obs["order"]
        return [p for p in order if p != obs["viewer"] and p not in done]

    def wheel_values(self, obs: dict, k: Knowledge, dice: list, wheels: list) -> list:
        """[(utility, wheel, low)] for each wheel in `wheels`."""
        dice = [d for d in dice if d in k.symbols]
        dist = k.sum_distribution(dice)
        cursed = is_cursed(obs, obs["viewer"])
        later = self.later_players(obs) if obs["phase"] == vocab.PHASE_GUESS else []
        if obs["phase"] != vocab.PHASE_GUESS:
            later = [p for p in obs["order"] if p != obs["viewer"]]
        opp = self.opponents(obs) if later else {}
        opp_ev = {}
        for p in later:
            d = opp[p].sum_distribution(dice)
            true_sum = 0
            for sym in dice:
                true_sum += obs["racks"][p]["stones"][sym]
            row = {}
            for w in WHEEL_IDS:
                low, q = best_low(d, w, obs["ring_max"])
                hit = 1.0 if low <= true_sum <= wheel_range(w, low)[1] else 0.0
                row[w] = (0.5 * q + 0.5 * hit) * WHEEL_VP[w]
            opp_ev[p] = row
        out = []
        for w in wheels:
            low, p = best_low(dist, w, obs["ring_max"])
            mine = p * WHEEL_VP[w] - ((1 - p) * WHEEL_VP[w] if cursed else 0.0)
            left = [x for x in wheels if x != w]
            given = 0.0
            for q in later:
                if not left:
                    break
                bw = left[0]
                for x in left:
                    if opp_ev[q][x] > opp_ev[q][bw]:
                        bw = x
                given += opp_ev[q][bw]
                left = [x for x in left if x != bw]
            scale = DENIAL if obs["players"] == 2 else DENIAL * 1.5 / (obs["players"] - 1)
            out.append((mine - scale * given, w, low))
        return out

    def choose_guess(self, obs: dict, legal: list, k: Knowledge):
        values = self.wheel_values(obs, k, obs["dice"], free_wheels(obs))
        best = values[0]
        for v in values:
            if v[0] > best[0] + 1e-9:
                best = v
        return guess_action(legal, best[1], best[2])

    def choose_dice(self, obs: dict, legal: list, k: Knowledge):
        """The roller guesses first (R-R1, R-G1): keep or turn the die that gives
        the best wheel for us against what the others can make of it."""
        seen = {}
        best, best_u = legal[0], None
        for a in legal:
            dice = list(obs["dice"])
            if a[0] in (CHANGE, TURN_BEAR):
                dice[a[1]] = a[2]
            if a[0] == TURN_BEAR and BEAR in dice and BEAR not in k.symbols:
                # Other bears still to turn: judge by the turned dice only.
                dice = [d for d in dice if d != BEAR]
            key = tuple(sorted(dice))
            if key not in seen:
                vals = self.wheel_values(obs, k, dice, list(WHEEL_IDS))
                u = vals[0][0]
                for v in vals:
                    if v[0] > u:
                        u = v[0]
                seen[key] = u
            u = seen[key]
            if best_u is None or u > best_u + 1e-9:
                best, best_u = a, u
        return best

    # shortcut tokens

    def choose_offer(self, obs: dict, legal: list, k: Knowledge):
        sym = obs["offer"]["symbol"]
        _v, now = best_candidates(k.probabilities(sym))
        left = (obs["rounds"] - obs["round"]) / obs["rounds"]
        later = max(now, now + 0.6 * (5 - now) * left)
        return (TAKE,) if 2 * now > later + 0.5 else (PASS,)

    # replacements

    def choose_discard(self, obs: dict, legal: list, k: Knowledge):
        """Replace the stone whose knowledge is worth least and whose value,
        once revealed, tells most about the others (R-P2)."""
        best, best_score = legal[0], None
        for score, a in self.discard_scores(obs, legal, k):
            if best_score is None or score < best_score - 1e-9:
                best, best_score = a, score
        return best

    def discard_scores(self, obs: dict, legal: list, k: Knowledge) -> list:
        """[(score, action)] for each replacement, lower is better (the expert
        searches the few best)."""
        me = obs["viewer"]
        late = obs["round"] / obs["rounds"]
        out = []
        for a in legal:
            sym = a[1]
            probs = k.probabilities(sym)
            _v, keep = best_candidates(probs)
            dom = [v for v in k.domains[sym]]
            fresh_probs = uniform_probs(dom[: max(1, len(dom) - 1)], k.value_max)
            _v, fresh = best_candidates(fresh_probs)
            linked = 0
            for c in k.constraints:
                for s2, _m in c.unknown:
                    if s2 == sym:
                        linked += 1
            score = (keep - fresh) * (0.5 + late) - INFO * _entropy_bits(probs) * min(linked, 3)
            if obs["tokens"].get(sym, {}).get("holder") == me:
                score += 20  # our shortcut candidates stand: keep that stone
            out.append((score, a))
        return out


# The hard bot's decision, by phase (bots.POLICIES lists it beside easy's and medium's).
HARD = {
    vocab.PHASE_ROLL: HardBot.choose_roll,
    vocab.PHASE_BEAR: HardBot.choose_dice,
    vocab.PHASE_OFFER: HardBot.choose_offer,
    vocab.PHASE_SHORTCUT: HardBot.choose_shortcut,
    vocab.PHASE_CHANGE: HardBot.choose_dice,
    vocab.PHASE_GUESS: HardBot.choose_guess,
    vocab.PHASE_REPLACE: HardBot.choose_discard,
    vocab.PHASE_FINAL: HardBot.choose_final,
}
