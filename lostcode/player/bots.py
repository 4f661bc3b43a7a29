"""Computer opponents (issue 4): easy, medium, hard, and an oracle for measurement.

Every bot is `choose(obs, legal, rng) -> action` where `obs` is
`observe(state, seat)`: bots see exactly what a player sees, so they can run in
the browser next to a human without peeking. Only the oracle takes the State;
it exists to measure how close the hard bot's range guesses come to perfect
knowledge (tournament `oracle_ratio`). `rng` is the bot's own `Rng` (never the
game's), so a bot is deterministic given its seed and cannot shift the dice.
The hard bot lives in policy.py, which the expert builds on too.
"""

from ..rules import vocab
from ..rules.checks import roll_sum
from ..rules.components import (
    WHEEL_VP,
    WHEEL_WIDTH,
    wheel_range,
)
from ..rules.observation import observe
from ..rules.rng import Rng
from ..rules.vocab import FINAL, GUESS, PASS, SHORTCUT, TAKE
from .deduction import Knowledge, best_low, free_wheels, unseen_values
from .policy import (
    HARD,
    HardBot,
    best_candidates,
    final_action,
    guess_action,
    uniform_probs,
)

LEVELS = ("easy", "medium", "hard", "oracle", "expert")


def make_rng(seed: int) -> Rng:
    """A bot's own generator; mixing in a constant keeps it apart from the game's."""
    return Rng((int(seed) * 2654435761 + 12345) & 0xFFFFFFFFFFFF)


def _pick(items: list, rng):
    return items[rng.below(len(items))]


def _name(obs: dict, seat: int) -> str:
    return obs["names"][seat]


def _independent_dist(per_symbol: dict, dice: list, size: int) -> list:
    """Sum distribution treating symbols as independent (medium bot's model)."""
    dist = [1.0]
    for d in dice:
        probs = per_symbol[d]
        out = [0.0] * (len(dist) + len(probs) - 1)
        for a in range(len(dist)):
            if dist[a]:
                for b in range(len(probs)):
                    if probs[b]:
                        out[a + b] += dist[a] * probs[b]
        dist = out
    return (dist + [0.0] * size)[:size]


# --- easy -----------------------------------------------------------------------------


def _first(obs: dict, legal: list, rng):
    return legal[0]


def _any(obs: dict, legal: list, rng):
    return _pick(legal, rng)


def _pass(obs: dict, legal: list, rng):
    return (PASS,)


def _easy_guess(obs: dict, legal: list, rng):
    wheels = free_wheels(obs)
    w = wheels[-1]
    width = WHEEL_WIDTH[w]
    mean = 3 * obs["value_max"] // 2
    low = max(0, min(mean - width // 2, obs["ring_max"] - width + 1))
    return guess_action(legal, w, low)


def _easy_candidates(obs: dict, legal: list, rng):
    kind = legal[0][0]
    sym = obs["offer"]["symbol"] if kind == SHORTCUT else legal[0][1]
    dom = list(unseen_values(obs)[sym])
    picks = []
    while dom and len(picks) < 3:
        picks.append(dom.pop(rng.below(len(dom))))
    values = tuple(sorted(picks))
    if kind == SHORTCUT:
        return (SHORTCUT, values) if values else legal[0]
    return final_action(obs, legal, values)


def choose_easy(obs: dict, legal: list, rng):
    """Plausible and legal, ignoring most information: the widest free wheel
    around the average sum, random replacements, finals from unseen values."""
    return POLICIES[obs["phase"]][0](obs, legal, rng)


# --- medium ----------------------------------------------------------------------------


def _medium_beliefs(obs: dict):
    k = Knowledge(obs)
    per = {}
    for sym in k.symbols:
        per[sym] = uniform_probs(k.possible(sym), k.value_max)
    return k, per


def _medium_offer(obs: dict, legal: list, rng):
    _k, per = _medium_beliefs(obs)
    _v, ev = best_candidates(per[obs["offer"]["symbol"]])
    return (TAKE,) if ev >= 5 else (PASS,)


def _medium_shortcut(obs: dict, legal: list, rng):
    _k, per = _medium_beliefs(obs)
    values, _ev = best_candidates(per[obs["offer"]["symbol"]], True)
    return (SHORTCUT, values or (0,))


def _medium_guess(obs: dict, legal: list, rng):
    _k, per = _medium_beliefs(obs)
    dist = _independent_dist(per, obs["dice"], obs["ring_max"] + 1)
    best = None
    for w in free_wheels(obs):
        low, p = best_low(dist, w, obs["ring_max"])
        ev = p * WHEEL_VP[w]
        if best is None or ev > best[0] + 1e-9:
            best = (ev, w, low)
    return guess_action(legal, best[1], best[2])


def _medium_discard(obs: dict, legal: list, rng):
    k, _per = _medium_beliefs(obs)
    most = max(len(k.possible(a[1])) for a in legal)
    return _pick([a for a in legal if len(k.possible(a[1])) == most], rng)


def _medium_final(obs: dict, legal: list, rng):
    _k, per = _medium_beliefs(obs)
    values, _ev = best_candidates(per[legal[0][1]])
    return final_action(obs, legal, values)


def choose_medium(obs: dict, legal: list, rng):
    """Uses the possible values (not their weights): each symbol uniform over
    what it can still be, independent; takes the wheel paying most on that."""
    return POLICIES[obs["phase"]][1](obs, legal, rng)


# --- hard -------------------------------------------------------------------------------

# Every bot's policy, by phase: (easy, medium, hard: the HardBot method that
# policy.HARD names; the hard bot itself is policy.py's). Easy rolls
# and keeps the dice, passes every token and turns bears and replaces at random.
POLICIES = {
    vocab.PHASE_ROLL: (_first, _first, HARD[vocab.PHASE_ROLL]),
    vocab.PHASE_BEAR: (_any, _first, HARD[vocab.PHASE_BEAR]),
    vocab.PHASE_OFFER: (_pass, _medium_offer, HARD[vocab.PHASE_OFFER]),
    vocab.PHASE_SHORTCUT: (_easy_candidates, _medium_shortcut, HARD[vocab.PHASE_SHORTCUT]),
    vocab.PHASE_CHANGE: (_first, _first, HARD[vocab.PHASE_CHANGE]),
    vocab.PHASE_GUESS: (_easy_guess, _medium_guess, HARD[vocab.PHASE_GUESS]),
    vocab.PHASE_REPLACE: (_any, _medium_discard, HARD[vocab.PHASE_REPLACE]),
    vocab.PHASE_FINAL: (_easy_candidates, _medium_final, HARD[vocab.PHASE_FINAL]),
}


def choose_hard(obs: dict, legal: list, rng):
    """Stateless entry point (builds a fresh HardBot: no cache across calls)."""
    return HardBot().choose(obs, legal, rng)


# --- oracle -----------------------------------------------------------------------------


def oracle_choose(state, legal: list, rng, helper=None):
    """Measurement only: knows its own rack, so every range guess is right and
    takes the best-paying free wheel; other decisions as the hard bot."""
    seat = state.to_act
    kind = legal[0][0]
    if kind == GUESS:
        total = roll_sum(state.racks[seat], state.dice)
        best = None
        for a in legal:
            w, low = a[1], a[2]
            if low <= total <= wheel_range(w, low)[1]:
                if best is None or WHEEL_VP[w] > WHEEL_VP[best[1]]:
                    best = a
        return best
    if kind == FINAL:
        sym = legal[0][1]
        return (FINAL, sym, (state.racks[seat][sym],))
    if kind == SHORTCUT:
        return (SHORTCUT, (state.racks[seat][state.offer_symbol],))
    if kind == TAKE:
        return (TAKE,)
    return (helper or HardBot()).choose(observe(state, seat), legal, rng)


# --- the table's view of a move -----------------------------------------------------------


def choose_expert(obs: dict, legal: list, rng):
    """The expert (lostcode/player/expert.py), imported when first asked for."""
    from .expert import choose_expert as expert

    return expert(obs, legal, rng)


BOTS = {"easy": choose_easy, "medium": choose_medium, "hard": choose_hard, "expert": choose_expert}


class Player:
    """A seat played by a bot: its level, its own generator, its cache."""

    __slots__ = ("level", "rng", "hard")

    def __init__(self, level: str, seed: int):
        if level not in LEVELS:
            raise ValueError("bot level must be one of " + ", ".join(LEVELS))
        self.level = level
        self.rng = make_rng(seed)
        self.hard = HardBot()

    def act(self, state, legal: list):
        """Pick an action for the seat to act; only the oracle reads `state`."""
        if self.level == "oracle":
            return oracle_choose(state, legal, self.rng, self.hard)
        return self.choose(observe(state, state.to_act, legal=legal), legal)

    def choose(self, obs: dict, legal: list):
        """Pick an action from the seat's own observation (every level but the oracle)."""
        if self.level == "hard":
            return self.hard.choose(obs, legal, self.rng)
        return BOTS[self.level](obs, legal, self.rng)
