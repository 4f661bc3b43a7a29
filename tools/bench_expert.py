"""Benchmark (issue 27): the expert's decision time over whole games.

Not a test: prints numbers for the report. Plays GAMES games (2-player, the
expert in one seat against the hard bot, seats alternating, and one 4-player
game in every four with three hard bots) and times every decision of the
expert: the whole decision (`decide_expert`, what the command line and the lab
wait for), and the longest single unit of work (`Search.run(1)`, what the page
runs between frames: one slice may hold a few of them).

    python tools/bench_expert.py [--games 6] [--budget 300]
    python tools/bench_expert.py --micropython [--games 4]
    python tools/bench_expert.py --pyodide [--games 2]

--micropython / --pyodide run the same script in that runtime under Node
(tests/helpers.run_in_runtime: the micropython.wasm the page loads). Target
(issue 27): MicroPython worst decision <= 1 s. The script runs unchanged on all
three runtimes (no argparse, no stdlib random).
"""

import sys
import time

try:
    import os

    HERE = os.path.dirname(os.path.abspath(globals().get("__file__") or "tools/bench_expert.py"))
    sys.path.insert(0, os.path.join(HERE, ".."))
except (ImportError, AttributeError):  # MicroPython: no os.path; lostcode is on sys.path
    HERE = "tools"

from lostcode.player.bots import Player, make_rng  # noqa: E402
from lostcode.player.expert import BUDGET_MS, Search  # noqa: E402
from lostcode.rules.engine import apply_action, is_over, legal_actions  # noqa: E402
from lostcode.rules.observation import observe  # noqa: E402
from lostcode.rules.options import Options  # noqa: E402
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


def median(xs: list) -> float:
    xs = sorted(xs)
    return xs[len(xs) // 2] if xs else 0.0


def options(argv: list) -> dict:
    """--games N --budget MS --pyodide --micropython (argparse is not in MicroPython)."""
    opts = {"games": 6, "budget": BUDGET_MS, "runtime": None}
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("--games", "--budget") and i + 1 < len(argv):
            opts[a[2:]] = int(argv[i + 1])
            i += 1
        elif a in ("--pyodide", "--micropython"):
            opts["runtime"] = a[2:]
        elif a in ("-h", "--help"):
            print(__doc__)
            raise SystemExit(0)
        else:
            raise SystemExit("bench_expert.py: unknown argument " + a)
        i += 1
    return opts


def play(seed: int, players: int, seat: int, budget: int, out: dict) -> None:
    s = new_game(Options(players), seed)
    bots = [Player("hard", seed * 10 + p) for p in range(players)]
    rng = make_rng(seed)
    while not is_over(s):
        legal = legal_actions(s)
        if s.to_act != seat:
            apply_action(s, bots[s.to_act].act(s, legal))
            continue
        obs = observe(s, seat)
        search = Search(obs, legal, rng, budget)
        t0 = clock()
        c0 = cpu_clock()
        longest = 0.0
        longest_cpu = 0.0
        units = 0
        while True:
            t = clock()
            c = cpu_clock()
            finished = search.run(1)
            units += 1
            dt = clock() - t
            dc = cpu_clock() - c
            if dt > longest:
                longest = dt
            if dc > longest_cpu:
                longest_cpu = dc
            if finished:
                break
        total = (clock() - t0) * 1000
        phase = obs["phase"]
        out["all"].append(total)
        out["cpu"].append((cpu_clock() - c0) * 1000)
        out["unit"].append(longest * 1000)
        out["unit_cpu"].append(longest_cpu * 1000)
        out["units"].append(units)
        if phase not in out["phase"]:
            out["phase"][phase] = []
        out["phase"][phase].append(out["cpu"][-1])
        apply_action(s, search.result.action)


def main() -> None:
    args = options(sys.argv[1:])
    if args["runtime"]:
        sys.path.insert(0, os.path.join(HERE, "..", "tests"))
        from helpers import run_in_runtime

        t = time.perf_counter()
        out = run_in_runtime(
            args["runtime"],
            "tools/bench_expert.py",
            "--games",
            str(args["games"]),
            "--budget",
            str(args["budget"]),
            timeout=7200,
        )
        name = {"pyodide": "Pyodide", "micropython": "MicroPython"}[args["runtime"]]
        print(name + " (" + str(round(time.perf_counter() - t, 1)) + " s in all):")
        print(out, end="")
        return
    out: dict = {"all": [], "cpu": [], "unit": [], "unit_cpu": [], "units": [], "phase": {}}
    t = clock()
    for g in range(args["games"]):
        players = 4 if g % 4 == 3 else 2
        play(g, players, g % players, args["budget"], out)
    took = clock() - t
    runtime = sys.implementation.name
    print(
        runtime + ": " + str(args["games"]) + " games, " + str(len(out["all"]))
        + " expert decisions, budget " + str(args["budget"]) + " ms, " + str(round(took, 1))
        + " s in all"
    )
    print(
        "  decision, wall clock: median {:.1f} ms, worst {:.1f} ms".format(
            median(out["all"]), max(out["all"])
        )
    )
    print(
        "  decision, CPU time (robust to a loaded machine): median {:.1f} ms, worst {:.1f} ms"
        .format(median(out["cpu"]), max(out["cpu"]))
    )
    print(
        "  one unit of work (Search.run(1)), wall: median {:.1f} ms, worst {:.1f} ms; CPU:"
        " worst {:.1f} ms; units per decision: worst {}".format(
            median(out["unit"]), max(out["unit"]), max(out["unit_cpu"]), max(out["units"])
        )
    )
    for phase in sorted(out["phase"]):
        xs = out["phase"][phase]
        print(
            f"  {phase}: {len(xs)} decisions, median {median(xs):.1f} ms, worst {max(xs):.1f} ms"
        )


if __name__ == "__main__":
    main()
