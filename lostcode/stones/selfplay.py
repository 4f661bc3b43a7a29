"""Seeded games between computer players, checking the invariants after
every action (`python -m lostcode stones-selfplay`, the benchmark and the
tests). Pure: no clock, no I/O."""

from .bots import make_bot
from .engine import apply_action, is_over
from .observation import observe
from .record import replay, to_record
from .rulecheck import problems
from .state import Options, new_game

MAX_ACTIONS = 5000  # a game that runs longer is reported, never looped on
NAMES = ("Ann", "Bo", "Cy", "Di", "Ed")


def play(seats: list, seed: int, finish_round: bool = False, check: bool = True):
    """(state, problems) of one game; seats are "easy" / "search"."""
    n = len(seats)
    s = new_game(Options(n, finish_round), seed, list(NAMES[:n]))
    bots = [make_bot(k, seed * 7 + i + 1) for i, k in enumerate(seats)]
    found = []
    while not is_over(s):
        if len(s.actions) >= MAX_ACTIONS:
            found.append("the game did not end in " + str(MAX_ACTIONS) + " actions")
            break
        p = s.to_act
        obs = observe(s, p)
        action = bots[p].decide(obs)
        if tuple(action) not in [tuple(a) for a in obs["legal"]]:
            found.append("a bot chose an action not listed as legal: " + repr(action))
        apply_action(s, action, p)
        if check:
            for problem in problems(s):
                found.append(problem)
    if check:
        again = replay(to_record(s))
        if again.grid != s.grid or again.done != s.done or again.result != s.result:
            found.append("the record does not replay")
    return s, found
