"""Benchmark (issues 4, 17): deduction solver and hard-bot decision times.

Not a test: prints numbers for the report. The worst position is searched for
among many constructed late-game High Stakes positions whose history is ten
truthful checks on wide wheels and "lower/higher" answers (weak constraints
prune least, so they keep the most partial sums open).

    python tools/bench_solver.py [--positions 300] [--games 20]
    python tools/bench_solver.py --pyodide [--positions 60] [--games 4]
    python tools/bench_solver.py --micropython [--positions 300] [--games 20]

--pyodide / --micropython run the same benchmark inside that runtime under
Node (tests/helpers.run_in_runtime: the same pyodide.asm.wasm or
micropython.wasm the page loads), which is what a player's browser runs.
MicroPython is the page's default runtime (issue 17): its worst hard-bot
decision and worst assistant analysis should stay within 150 ms.

The script itself runs unchanged on all three (no argparse, no stdlib
`random`: the positions come from lostcode.rules.rng, so every runtime measures the
same positions).
"""

import sys
import time

try:
    import os

    HERE = os.path.dirname(os.path.abspath(globals().get("__file__") or "tools/bench_solver.py"))
    sys.path.insert(0, os.path.join(HERE, ".."))
except (ImportError, AttributeError):  # MicroPython: no os.path; lostcode is on sys.path
    HERE = "tools"

from lostcode.player.bots import Player  # noqa: E402
from lostcode.player.deduction import analyze  # noqa: E402
from lostcode.rules.checks import verdict  # noqa: E402
from lostcode.rules.components import SYMBOLS, WHEEL_IDS, WHEEL_WIDTH  # noqa: E402
from lostcode.rules.engine import apply_action, is_over, legal_actions  # noqa: E402
from lostcode.rules.observation import observe  # noqa: E402
from lostcode.rules.options import Options  # noqa: E402
from lostcode.rules.rng import Rng  # noqa: E402
from lostcode.rules.setup import new_game  # noqa: E402

if hasattr(time, "perf_counter"):
    clock = time.perf_counter
else:  # MicroPython

    def clock():
        return time.ticks_us() / 1e6


try:  # CPU time of this process: robust to a loaded machine (Node's process under wasm)
    import js

    def cpu_clock():
        used = js.process.cpuUsage()
        return (used.user + used.system) / 1e6

except ImportError:
    cpu_clock = time.process_time


class Draws:
    """random.Random's few helpers used below, on the portable lostcode.rules.rng.Rng."""

    def __init__(self, seed):
        self.rng = Rng(seed)

    def random(self):
        return self.rng.next_u32() / 4294967296

    def randint(self, a, b):
        return a + self.rng.below(b - a + 1)

    def choice(self, items):
        return items[self.rng.below(len(items))]

    def sample(self, items, k):
        pool = list(items)
        self.rng.shuffle(pool)
        return pool[:k]


def constructed(seed: int):
    """A late-game High Stakes position: 10 own checks, all symbols mixed."""
    r = Draws(seed)
    s = new_game(Options(2, high_stakes=True), seed)
    s.history = []
    for rnd in range(1, 11):
        dice = (
            r.sample(SYMBOLS, 3)
            if r.random() < 0.8
            else [r.choice(SYMBOLS)] * 2 + [r.choice(SYMBOLS)]
        )
        total = sum(s.racks[0][d] for d in dice)
        wheel = r.choice(WHEEL_IDS[3:])
        width = WHEEL_WIDTH[wheel]
        low = max(0, min(24 - width + 1, total + r.randint(-width - 3, 3)))
        s.history.append(
            {
                "round": rnd,
                "roller": 0,
                "roll": dice,
                "dice": dice,
                "bear_turns": [],
                "offer": None,
                "change": None,
                "order": [0, 1],
                "wheels": [[0, wheel]],
                "guesses": [
                    {
                        "player": 0,
                        "wheel": wheel,
                        "low": low,
                        "high": low + width - 1,
                        "result": verdict(total, wheel, low),
                    }
                ],
                "discards": [],
            }
        )
    s.round = 10
    s.phase = "guess"
    s.dice = r.sample(SYMBOLS, 3)
    s.history[-1]["wheels"] = []
    return s


def timed(fn, repeat: int, clk=clock) -> float:
    best = None
    for _ in range(repeat):
        t = clk()
        fn()
        dt = clk() - t
        best = dt if best is None else min(best, dt)
    return best * 1000


def median(xs: list) -> float:
    xs = sorted(xs)
    return xs[len(xs) // 2]


def options(argv: list) -> dict:
    """--positions N --games N --pyodide --micropython (argparse is not in MicroPython)."""
    opts = {"positions": 300, "games": 20, "runtime": None}
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("--positions", "--games") and i + 1 < len(argv):
            opts[a[2:]] = int(argv[i + 1])
            i += 1
        elif a in ("--pyodide", "--micropython"):
            opts["runtime"] = a[2:]
        elif a in ("-h", "--help"):
            print(__doc__)
            raise SystemExit(0)
        else:
            raise SystemExit("bench_solver.py: unknown argument " + a)
        i += 1
    return opts


def main() -> None:
    args = options(sys.argv[1:])
    if args["runtime"]:
        sys.path.insert(0, os.path.join(HERE, "..", "tests"))
        from helpers import run_in_runtime

        t = time.perf_counter()
        out = run_in_runtime(
            args["runtime"],
            "tools/bench_solver.py",
            "--positions",
            str(args["positions"]),
            "--games",
            str(args["games"]),
            timeout=3600,
        )
        name = {"pyodide": "Pyodide", "micropython": "MicroPython"}[args["runtime"]]
        print(name + " (" + str(round(time.perf_counter() - t, 1)) + " s in all):")
        print(out, end="")
        return
    positions = args["positions"]
    games = args["games"]

    times = []
    for seed in range(positions):
        obs = observe(constructed(seed), 0)
        times.append((timed(lambda o=obs: analyze(o), 1), seed))
    times.sort()
    worst_ms, worst_seed = times[-1]
    obs = observe(constructed(worst_seed), 0)
    worst_ms = timed(lambda: analyze(obs), 5)
    no_expl = timed(lambda: analyze(obs, explain=False), 5)
    med = median([t for t, _s in times])
    print(f"solver, {positions} constructed positions: median {med:.2f} ms")
    print(
        f"solver, worst (seed {worst_seed}): {worst_ms:.2f} ms, {no_expl:.2f} ms w/o explanations"
    )

    decisions = []
    fresh = []  # the same decision by a new bot (no cache), CPU time, best of 3: robust to load
    for g in range(games):
        s = new_game(Options(2, high_stakes=g % 2 == 1, shortcut=True), g)
        players = [Player("hard", g), Player("hard", g + 1000)]
        while not is_over(s):
            legal = legal_actions(s)
            t = clock()
            action = players[s.to_act].act(s, legal)
            decisions.append((clock() - t) * 1000)
            fresh.append(timed(lambda st=s, lg=legal: Player("hard", 0).act(st, lg), 3, cpu_clock))
            apply_action(s, action)
    decisions.sort()
    fresh.sort()
    p95 = decisions[int(len(decisions) * 0.95)]
    print(f"hard bot: {len(decisions)} decisions in {games} games")
    print(
        f"hard bot: median {median(decisions):.2f} ms, p95 {p95:.2f} ms, max {decisions[-1]:.2f} ms"
    )
    p95 = fresh[int(len(fresh) * 0.95)]
    print(
        f"hard bot, each decision by a new bot, CPU time, best of 3: median {median(fresh):.2f} ms,"
        f" p95 {p95:.2f} ms, max {fresh[-1]:.2f} ms"
    )


if __name__ == "__main__":
    main()
