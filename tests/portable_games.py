"""Plays a fixed set of seeded games with scripted choices and prints digests.

Run by tests/test_portability.py on CPython, Pyodide and MicroPython (under
Node): identical output proves the engine plays the same games everywhere.
Choices come from the engine's own generator (stdlib `random` differs between
runtimes), and digests from lostcode.rules.canon (MicroPython's json cannot sort keys).
"""

import json

from lostcode import Options, apply_action, is_over, legal_actions, new_game
from lostcode.rules.canon import canonical, fnv1a64, state_digest
from lostcode.rules.observation import observe
from lostcode.rules.rng import Rng
from lostcode.services.record import replay, to_record

CONFIGS = (
    (2, {}),
    (3, {}),
    (4, {}),
    (2, {"introductory": True}),
    (3, {"high_stakes": True}),
    (4, {"shortcut": True}),
    (2, {"curse": True}),
    (3, {"shortcut": True, "curse": True}),
    (4, {"introductory": True, "high_stakes": True, "shortcut": True, "curse": True}),
    (2, {"high_stakes": True, "shortcut": True, "curse": True}),
)


def play(players: int, flags: dict, seed: int):
    s = new_game(Options(players, **flags), seed, ["Ann", "Ben", "Carla", "Dev"][:players])
    chooser = Rng(seed * 31 + 7)
    obs_digest = ""
    while not is_over(s):
        actions = legal_actions(s)
        apply_action(s, actions[chooser.below(len(actions))])
        if len(s.actions) % 17 == 0:
            viewer = s.to_act
            obs_digest = fnv1a64(obs_digest + canonical(observe(s, viewer)))
    return s, obs_digest


def main() -> None:
    for i, (players, flags) in enumerate(CONFIGS):
        seed = 1000 + i * 97
        s, obs_digest = play(players, flags, seed)
        rec = to_record(s)
        again = replay(json.dumps(rec))
        print(
            i,
            fnv1a64(canonical(rec)),
            state_digest(s),
            obs_digest,
            "replay-identical" if state_digest(again) == state_digest(s) else "REPLAY-DIFFERS",
            ",".join(str(x) for x in s.scores),
        )


main()
