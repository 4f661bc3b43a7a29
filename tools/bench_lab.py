#!/usr/bin/env python3
"""Bot lab speed: games per second of the example bot against easy bots.

    python3 tools/bench_lab.py                  # 200 games each way, 2 players
    python3 tools/bench_lab.py --games 100 --players 3

Prints numbers (never pass/fail):
  CLI     `python -m lostcode tournament`'s engine in this CPython, the bot file
          as a seat (same interpreter: no workers, no JSON between processes,
          but the observation still goes through JSON as in the lab);
  page    lab.html in Debian's Chromium: the referee and the bot each in their
          own Pyodide Web Worker, every decision of the bot one round trip
          referee -> page -> bot worker -> page -> referee, timed by the page;
          also the lab's start-up (both workers ready) and the longest
          main-thread task during the run (PerformanceObserver "longtask",
          only tasks over 50 ms are reported: 0 means none).
The page is served from the repo root (the dev server's files), or with
--site from a site built by tools/build_site.py (what a host serves).

    python3 tools/bench_lab.py --startup-only --runs 5   # only the lab's start-up
"""

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
EXAMPLE = ROOT / "assets" / "lab" / "example_en.py"


def cli(games: int, players: int) -> float:
    from lostcode.cli.tournament import run
    from lostcode.rules.options import Options

    start = time.perf_counter()
    out = run(games, [str(EXAMPLE)] + ["easy"] * (players - 1), Options(players))
    assert sum(r["forfeits"] for r in out["seats"]) == 0
    return games / (time.perf_counter() - start)


def page(games: int, players: int, runs: int, startup_only=False, site=None) -> dict:
    from helpers import serve_in_thread
    from playwright.sync_api import sync_playwright

    server, url = serve_in_thread(site or ROOT)
    rates, longest, startups, boots, warm = [], [], [], [], []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path="/usr/bin/chromium",
                args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"])
            for _ in range(runs):
                context = browser.new_context()
                tab = context.new_page()
                start = time.perf_counter()
                tab.goto(url + "lab.html?lang=en")
                tab.wait_for_function("document.documentElement.dataset.lab === 'ready'",
                                      timeout=300_000)
                startups.append(time.perf_counter() - start)
                boots.append(tab.evaluate("lab.boot"))
                if startup_only:  # and again in the same context: HTTP and wasm code caches warm
                    start = time.perf_counter()
                    tab.reload()
                    tab.wait_for_function("document.documentElement.dataset.lab === 'ready'",
                                          timeout=300_000)
                    warm.append(time.perf_counter() - start)
                    context.close()
                    continue
                tab.get_by_role("button", name="Start again from the example").click()
                tab.get_by_label("Players").select_option(str(players))
                tab.get_by_label("Number of games").fill(str(games))
                tab.get_by_role("button", name="Run games").click()
                tab.wait_for_function("document.documentElement.dataset.busy === ''",
                                      timeout=900_000)
                rate, task = tab.evaluate("[lab.gamesPerSecond, lab.longestTask]")
                n = tab.get_by_role("region", name="Results").get_by_role("listitem").count()
                assert n == games, n
                rates.append(rate)
                longest.append(task)
                context.close()
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return {"rate": statistics.median(rates) if rates else None,
            "longest": max(longest) if longest else None,
            "startup": statistics.median(startups), "startups": startups,
            "warm": statistics.median(warm) if warm else None, "warms": warm,
            "boot": {role: {k: statistics.median(b[role].get(k, 0) / 1000 for b in boots)
                            for k in ("pyodide", "files", "ready")}
                     for role in ("referee", "bot") if all(b and role in b for b in boots)}}


def boot_line(boot: dict) -> str:
    """Where each worker's start-up goes (medians, seconds since the worker began)."""
    return "; ".join(f"{role}: Pyodide {t['pyodide']:.1f} s, files {t['files']:.1f} s,"
                     f" ready {t['ready']:.1f} s" for role, t in boot.items())


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    ap.add_argument("--runs", type=int, default=3, help="page runs (median)")
    ap.add_argument("--startup-only", action="store_true",
                    help="only time the lab's start-up (both workers ready), fresh context each")
    ap.add_argument("--site", type=Path, help="serve this built site instead of the repo root")
    args = ap.parse_args(argv)
    if args.startup_only:
        out = page(0, args.players, args.runs, startup_only=True, site=args.site)
        times = ", ".join(f"{t:.1f}" for t in out["startups"])
        print(f"lab ready (both workers), median of {args.runs}: {out['startup']:.1f} s"
              f" (runs: {times} s)")
        warm = ", ".join(f"{t:.1f}" for t in out["warms"])
        print(f"  reloaded in the same context (warm caches): {out['warm']:.1f} s (runs: {warm} s)")
        print("  in the workers (median):", boot_line(out["boot"]) or "not reported")
        return 0
    print(f"example bot vs easy, {args.players} players, {args.games} games")
    rate = cli(args.games, args.players)
    print(f"  CLI (CPython {sys.version.split()[0]}): {rate:.1f} games/s")
    out = page(args.games, args.players, args.runs, site=args.site)
    print(f"  page (Pyodide workers, median of {args.runs}): {out['rate']:.1f} games/s;"
          f" lab ready in {out['startup']:.1f} s;"
          f" longest main-thread task during runs: {out['longest']:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
