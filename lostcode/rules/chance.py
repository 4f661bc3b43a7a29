"""Chance as a step of its own (issue 27), as OpenSpiel has chance nodes.

Two moves start a random event: the roll (R-R1: three dice, each face equally
likely) and the replacement (R-P3: the stone drawn from the top of a face-down
pile, which set-up shuffled, R-S3/R-S5). The game itself samples them from its
seeded generator (`rng.Rng`) and the pile order, so records replay byte for
byte; a search cannot know those, so it asks `chance_outcomes(s, action)` for
every outcome with its probability and plays the one it branches on with
`apply_with_outcome`. The deal (set-up's shuffles, R-S3..R-S6) is the one other
random event: it happens before the first move, and a search that does not see
it samples whole worlds consistent with what it saw instead (the expert draws
them from the exact deduction, lostcode/player/expert.py).

The expert's search (lostcode/player/expert.py) samples instead of branching:
every move of its playouts goes through `play`, so a roll or a draw there is a
chance step, its outcome drawn as the engine draws it but from the searched
world (which the search made up: its own generator, its own shuffled piles),
never from the real game's.

Probabilities are floats that sum to 1; `roll_outcomes` also gives them grouped
by the multiset of faces (56 outcomes), which is all a sum of stones depends on.
"""

from .components import DICE, SYMBOLS
from .engine import check_action, normalize
from .rounds import resolve_replace, resolve_roll, sample_draw, sample_roll
from .vocab import DISCARD, ROLL

# Every ordered roll, once: 6**3 = 216 outcomes of probability 1/216 each (R-R1).
_ORDERED: list = []
for _a in SYMBOLS:
    for _b in SYMBOLS:
        for _c in SYMBOLS:
            _ORDERED.append((_a, _b, _c))
ROLLS = tuple(_ORDERED)


def _grouped() -> tuple:
    seen: dict = {}
    keys = []
    for r in ROLLS:
        k = tuple(sorted(r, key=SYMBOLS.index))
        if k in seen:
            seen[k] += 1
        else:
            seen[k] = 1
            keys.append(k)
    return tuple((k, seen[k] / len(ROLLS)) for k in keys)


ROLL_GROUPS = _grouped()  # ((faces in canonical order), probability), 56 of them


def is_chance(action) -> bool:
    """Whether playing `action` starts a random event (the roll or a replacement)."""
    return bool(action) and action[0] in (ROLL, DISCARD)


def roll_outcomes(grouped: bool = False) -> list:
    """[(dice, probability)]: the 216 ordered rolls, or the 56 multisets of faces."""
    if grouped:
        return list(ROLL_GROUPS)
    p = 1.0 / len(ROLLS)
    return [(r, p) for r in ROLLS]


def chance_outcomes(s, action, grouped: bool = False) -> list:
    """[(outcome, probability)] of the random event `action` starts in state `s`,
    [] if it starts none. A roll's outcome is the tuple of three faces (R-R1); a
    replacement's is the value drawn from that symbol's pile, each value of the
    pile equally likely (R-P3). The action must be legal now."""
    action = normalize(action)
    check_action(s, action)
    if action[0] == ROLL:
        return roll_outcomes(grouped)
    if action[0] == DISCARD:
        pile = s.piles[action[1]]
        p = 1.0 / len(pile)
        return [(v, p) for v in sorted(pile)]
    return []


def sample_outcome(s, action):
    """The outcome the engine itself would draw (the game's generator for the
    roll, which this advances; the pile's top stone for a draw)."""
    action = normalize(action)
    if action[0] == ROLL:
        return sample_roll(s)
    if action[0] == DISCARD:
        return sample_draw(s, action[1])
    return None


def apply_with_outcome(s, action, outcome, player=None) -> None:
    """apply_action with the random event's outcome given instead of sampled.

    The action is checked exactly as the engine checks it; the outcome must be
    one of chance_outcomes(s, action). The game's generator is not advanced, so
    a searched state's future rolls come from its own choices, never the seed."""
    action = normalize(action)
    check_action(s, action, player)
    _resolve(s, action, outcome)


def _resolve(s, action, outcome) -> None:
    """A checked chance move with its outcome: the roll's faces or the drawn stone."""
    if action[0] == ROLL:
        dice = tuple(outcome)
        if len(dice) != DICE or any(d not in SYMBOLS for d in dice):
            raise ValueError("a roll is three faces")
        resolve_roll(s, dice)
    elif action[0] == DISCARD:
        if outcome not in s.piles[action[1]]:
            raise ValueError("the drawn stone must be in the pile")
        resolve_replace(s, action[1], outcome)
    else:
        raise ValueError("this action starts no random event")
    s.actions.append(action)


def play(s, action, player=None) -> None:
    """One step of a search: `apply_action`, but a move that starts a random
    event plays it as a chance step, its outcome sampled (`sample_outcome`, from
    the state's own generator and piles) and resolved as `apply_with_outcome`
    does. The same outcome as the engine's, so a seeded search decides as before."""
    action = normalize(action)
    move = check_action(s, action, player)  # before sampling: a refused roll draws nothing
    if is_chance(action):
        _resolve(s, action, sample_outcome(s, action))
    else:
        move.apply(s, action)
        s.actions.append(action)
