"""Benchmark (issue 11): stepping through a game in "Watch the game".

Not a test: prints numbers for the report. The viewer (lostcode/web/game/viewer.py)
opens a record with one replay pass, keeping a copy of the state every
CHECKPOINT actions, then steps incrementally; this compares that with
replaying the record from the start at every step (record.replay(rec, k)).
Times are for the Python side of a step: the engine work plus the view model
(viewer.watch_model, which builds the drawn board); the DOM is extra.

    python tools/bench_replay.py [--games 3]
    python tools/bench_replay.py --micropython [--games 3]
    python tools/bench_replay.py --pyodide [--games 3]

--micropython / --pyodide run the same script inside that runtime under Node
(tests/helpers.run_in_runtime: the wasm the page loads). MicroPython is the
page's default runtime. The games are 4-player High Stakes games with every
option, played by the easy bot from fixed seeds (the same on every runtime).
"""

import sys
import time

try:
    import os

    HERE = os.path.dirname(os.path.abspath(globals().get("__file__") or "tools/bench_replay.py"))
    sys.path.insert(0, os.path.join(HERE, ".."))
except (ImportError, AttributeError):  # MicroPython: no os.path; lostcode is on sys.path
    HERE = "tools"

from lostcode.player.bots import Player  # noqa: E402
from lostcode.rules.engine import apply_action, is_over, legal_actions  # noqa: E402
from lostcode.rules.options import Options  # noqa: E402
from lostcode.rules.setup import new_game  # noqa: E402
from lostcode.services.record import replay, to_record  # noqa: E402
from lostcode.web.game.viewer import CHECKPOINT, Replay, watch_model  # noqa: E402

if hasattr(time, "perf_counter"):
    clock = time.perf_counter
else:  # MicroPython

    def clock():
        return time.ticks_us() / 1e6


def long_game(seed: int) -> dict:
    opts = Options(4, high_stakes=True, shortcut=True, curse=True, introductory=True)
    s = new_game(opts, seed, ["Ann", "Ben", "Cleo", "Dev"])
    players = [Player("easy", seed + p) for p in range(4)]
    while not is_over(s):
        apply_action(s, players[s.to_act].act(s, legal_actions(s)))
    return to_record(s, ["human", "human", "easy", "easy"])


def ms(t0: float) -> float:
    return (clock() - t0) * 1000


def summary(name: str, xs: list) -> str:
    xs = sorted(xs)
    med = xs[len(xs) // 2]
    mean = sum(xs) / len(xs)  # MicroPython's clock under Node ticks in whole ms: see the mean
    return f"{name}: mean {mean:.2f} ms, median {med:.2f} ms, max {xs[-1]:.2f} ms"


def options(argv: list) -> dict:
    opts = {"games": 3, "runtime": None}
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--games" and i + 1 < len(argv):
            opts["games"] = int(argv[i + 1])
            i += 1
        elif a in ("--pyodide", "--micropython"):
            opts["runtime"] = a[2:]
        i += 1
    return opts


def main() -> None:
    args = options(sys.argv[1:])
    if args["runtime"]:
        sys.path.insert(0, os.path.join(HERE, "..", "tests"))
        from helpers import run_in_runtime

        t = time.perf_counter()
        out = run_in_runtime(
            args["runtime"], "tools/bench_replay.py", "--games", str(args["games"]), timeout=3600
        )
        name = {"pyodide": "Pyodide", "micropython": "MicroPython"}[args["runtime"]]
        print(name + " (" + str(round(time.perf_counter() - t, 1)) + " s in all):")
        print(out, end="")
        return
    opened, fwd, back, rnd, model, naive = [], [], [], [], [], []
    actions = []
    for g in range(args["games"]):
        rec = long_game(100 + g)
        n = len(rec["actions"])
        actions.append(n)
        t = clock()
        r = Replay(rec)
        opened.append(ms(t))
        while r.step < n:  # forward, one move at a time, with the screen's model
            t = clock()
            r.do("watch_next")
            fwd.append(ms(t))
            t = clock()
            watch_model(r)
            model.append(ms(t))
        while r.step > 0:  # and back
            t = clock()
            r.do("watch_prev")
            back.append(ms(t))
        while r.step < n:
            t = clock()
            r.do("watch_next_round")
            rnd.append(ms(t))
        for k in range(0, n + 1, max(1, n // 12)):  # what replaying from the start costs
            t = clock()
            replay(rec, k)
            naive.append(ms(t))
    print(
        "games: "
        + str(len(actions))
        + ", actions per game: "
        + ", ".join(str(a) for a in actions)
        + ", checkpoint every "
        + str(CHECKPOINT)
    )
    print(summary("open (one replay pass, checkpoints)", opened))
    print(summary("next move", fwd))
    print(summary("previous move", back))
    print(summary("next round", rnd))
    print(summary("watch_model (board + text) per step", model))
    print(summary("replay from the start at a step (not used)", naive))


main()
