"""Random legal games with every invariant checked after every action.

The engine's own smoke test at scale; `python -m lostcode selfplay` runs it.
The random choices use a separate generator so the game's own seeded
generator stays the only source of chance inside the game.
"""

import random

from ..rules.canon import state_dict
from ..rules.engine import apply_action, is_over, legal_actions
from ..rules.invariants import check_invariants
from ..rules.options import Options
from ..rules.setup import new_game
from ..services.record import replay, to_record


def random_game(options: Options, seed: int, chooser_seed: int, check: bool = True):
    """Play one game with uniformly random legal actions; returns (state, violations)."""
    s = new_game(options, seed)
    pick = random.Random(chooser_seed)
    violations = []
    while not is_over(s):
        actions = legal_actions(s)
        apply_action(s, actions[pick.randrange(len(actions))])
        if check:
            violations += check_invariants(s)
    if check and state_dict(replay(to_record(s))) != state_dict(s):
        violations.append("record round trip changed the game")
    return s, violations


def run(games: int, options: Options, seed: int = 0) -> dict:
    import time

    start = time.perf_counter()
    violations = []
    for g in range(games):
        _, v = random_game(options, seed + g, seed * 7919 + g)
        violations += v
    elapsed = time.perf_counter() - start
    return {
        "games": games,
        "games_per_s": round(games / elapsed, 1) if elapsed > 0 else 0.0,
        "violations": len(violations),
        "examples": violations[:5],
    }
