"""What a browser test's page boot costs (issue 40, the suite's time, seventh pass).

Wall and CPU seconds (CPU of this process and all its children, Chromium's
included, read from a cpuacct cgroup when run under one: `CG=/sys/fs/cgroup/
cpuacct/NAME`) of: a new context + goto + wait_engine_ready, in a fresh context
and as a second page of the same context (HTTP cache and V8's code cache kept),
and the game's start (Play -> Roll the dice).

    .venv/bin/python tools/bench_boot.py [rounds]   (EXTRA_ARGS="--flag ...": more Chromium flags)
"""

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from conftest import CHROMIUM_ARGS, chromium_executable  # noqa: E402
from helpers import ROOT, serve_in_thread, wait_engine_ready  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

CG = os.environ.get("CG")


def cpu() -> float:
    if CG:
        return int(Path(CG, "cpuacct.usage").read_text()) / 1e9
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def timed(rows, label, fn, *args):
    w, c = time.perf_counter(), cpu()
    fn(*args)
    rows.append((label, time.perf_counter() - w, cpu() - c))


def boot(page, url):
    page.goto(url)
    wait_engine_ready(page)


def start_game(page):
    page.get_by_role("button", name="Play", exact=True).click()
    page.get_by_role("button", name="Roll the dice").wait_for()


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    server, url = serve_in_thread(ROOT)
    rows = []
    with sync_playwright() as p:
        extra = os.environ.get("EXTRA_ARGS", "").split()
        browser = p.chromium.launch(executable_path=chromium_executable(),
                                    args=CHROMIUM_ARGS + extra)
        timed(rows, "warm-up (browser's first context)", boot, browser.new_page(), url)
        for _ in range(rounds):
            ctx = browser.new_context()
            page = ctx.new_page()
            timed(rows, "fresh context: goto + ready", boot, page, url)
            timed(rows, "game start (Play -> Roll)", start_game, page)
            page.close()
            page = ctx.new_page()
            timed(rows, "same context, 2nd page: goto + ready", boot, page, url)
            page.goto("about:blank")
            timed(rows, "same page again (about:blank first)", boot, page, url)
            timed(rows, "same page again (from the site)", boot, page, url + "?again")
            page.close()
            page = ctx.new_page()
            cdp = ctx.new_cdp_session(page)
            cdp.send("Network.clearBrowserCache")
            timed(rows, "same context, cache cleared: goto + ready", boot, page, url)
            ctx.close()
        browser.close()
    server.shutdown()
    sums = {}
    for label, w, c in rows:
        sums.setdefault(label, []).append((w, c))
    for label, vals in sums.items():
        ws = " ".join(f"{w:.2f}" for w, _ in vals)
        cs = " ".join(f"{c:.2f}" for _, c in vals)
        print(f"{label:45s} wall {ws:30s} cpu {cs}")


if __name__ == "__main__":
    main()
