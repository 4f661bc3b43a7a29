#!/usr/bin/env python3
"""«Тайные камни» in the page (issue 43): how long the second game takes to
load once chosen, and how long the computers' slices and the main thread's
tasks are while they play. Timings, not a test (tests/test_browser_stones.py
checks behaviour).

    .venv/bin/python tools/bench_stones_page.py                 # MicroPython, 20 computer turns
    .venv/bin/python tools/bench_stones_page.py --runtime pyodide --turns 10

One page (360x640), ?game=stones&seed=SEED: a person and four searching
computers; the person ends each turn at once, the computers play on their
own. Printed: the load (tap on the choice -> the set-up drawn), the slices
(`<html data-stones-slices>`: count, longest, mean, ms) and the long tasks
the browser saw (PerformanceObserver "longtask": > 50 ms; how many > 100 ms,
the longest) from the game's start to the last turn.
"""

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

OBSERVE_JS = """() => { window.__long = [];
  new PerformanceObserver(l => { for (const e of l.getEntries()) window.__long.push(e.duration); })
    .observe({type: "longtask"}); }"""


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runtime", default="micropython", choices=("micropython", "pyodide"))
    ap.add_argument("--turns", type=int, default=20, help="the person's turns to play")
    ap.add_argument("--seed", type=int, default=3)
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright
    from serve import serve_in_thread

    server, base = serve_in_thread(ROOT)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium",
                                        args=["--no-sandbox", "--disable-gpu",
                                              "--disable-dev-shm-usage"])  # fmt: skip
            page = browser.new_page(viewport={"width": 360, "height": 640})
            page.goto(f"{base}?runtime={args.runtime}&seed={args.seed}")
            page.wait_for_function("document.documentElement.dataset.engine === 'ready'",
                                   timeout=180000)  # fmt: skip
            t0 = time.perf_counter()
            page.click("#game-choice [data-game=stones]")
            page.wait_for_selector("#stones-players", timeout=60000)
            load_ms = (time.perf_counter() - t0) * 1000
            page.evaluate(OBSERVE_JS)
            page.select_option("#stones-players", "5")
            page.select_option("#stones-kind-1", "human")
            for i in range(2, 6):
                page.select_option(f"#stones-kind-{i}", "search")
            page.click("#stones [data-act=stones-start]")
            t1 = time.perf_counter()
            turns = 0
            while turns < args.turns:
                page.wait_for_function(
                    "() => ['turn', 'end'].includes(document.documentElement.dataset.stonesScreen)",
                    timeout=120000)  # fmt: skip
                if page.evaluate("document.documentElement.dataset.stonesScreen") == "end":
                    break
                page.click("#stones [data-act=stones-end]")
                turns += 1
            played_s = time.perf_counter() - t1
            slices = page.evaluate("document.documentElement.dataset.stonesSlices || '0 0 0'")
            longs = page.evaluate("window.__long")
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    count, most, total = slices.split()
    count, most, total = int(count), float(most), float(total)
    print(f"runtime {args.runtime}: second game loaded in {load_ms:.0f} ms (tap -> set-up)")
    print(f"{turns} turns of the person, {4 * turns} computer turns in {played_s:.1f} s")
    print(f"slices: {count}, longest {most:.1f} ms, mean {total / max(count, 1):.1f} ms")
    print(f"long tasks (> 50 ms): {len(longs)}, > 100 ms: {sum(1 for d in longs if d > 100)}, "
          f"longest {max(longs or [0]):.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
