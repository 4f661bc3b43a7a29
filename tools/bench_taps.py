#!/usr/bin/env python3
"""Play whole games on an emulated mid-range phone and time every tap (issue 40).

    python3 tools/bench_taps.py                      # both games, one JSON line
    python3 tools/bench_taps.py --games solo --top 12
    python3 tools/bench_taps.py --throttle 1         # an unthrottled CPU

Why: "never a frozen tap" is measured, not felt, and not by a figure a page
can game. The games are those of tools/bench_phone.py, played by the same
driver (roles and accessible names only, every player's own bet): "pass", 3
humans passing one phone (seed 7), and "solo", Ana against a computer
(expert) and a computer (hard) (seed 7), at 360x640 with Chromium's CPU
throttled 4x (CDP Emulation.setCPUThrottlingRate). Two figures, each from
the browser itself:
  long tasks  every task over 50 ms on the page's thread (PerformanceObserver
              "longtask"), those after the engine was ready: count, count
              over 100 ms, longest, and their blocking time (the sum of each
              one's part over 50 ms); each of the longest is named by the tap
              before it (its screen and its control) and how long after it
              it started. Work a tap merely postpones still shows here.
  tap ms      each tap's time to the next frame painted (Event Timing, as
              Chrome's Interaction to Next Paint: the longest event of each
              interaction; taps the browser does not report, under 16 ms,
              count as 16 ms): median, 98th percentile, longest.
The driver asks each screen only its kind and round (bench_phone's layout
measure, a long task of its own, is left out); Playwright's own queries (a
control found by its role and name) still run on the page's thread.
Beside each game, in the same run and the same throttling, the bare
MicroPython PyScript page (tools/bench/hello-micropython.html) is opened:
its "engine ready" and its own long tasks, so a figure reads as a ratio on a
noisy machine (ready_ratio = the game page's engine ready / the bare page's).
Timings only: nothing here passes or fails.
"""

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT))

import bench_phone as bp  # noqa: E402

GAMES = {
    "pass": ("Human", "Human", "Human"),
    "solo": ("Human", "Computer (expert)", "Computer (hard)"),
}
BARE = "tools/bench/hello-micropython.html"

# Long tasks, taps (the control and screen each tap hit, when) and the engine's
# ready time, kept in the page from its first script on.
PROBE_JS = """
(() => {
  const b = (window.__lcTaps = {long: [], taps: [], inp: {}, ready: null});
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) b.long.push([e.startTime, e.duration]);
    }).observe({type: "longtask", buffered: true});
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (!e.interactionId) continue;
        b.inp[e.interactionId] = Math.max(b.inp[e.interactionId] || 0, e.duration);
      }
    }).observe({type: "event", buffered: true, durationThreshold: 16});
  } catch (err) { b.error = String(err); }
  addEventListener("pointerdown", (ev) => {
    const t = ev.target && ev.target.closest ? ev.target.closest("button, a, input, select,"
      + " [role=button]") || ev.target : ev.target;
    const g = document.getElementById("game");
    const name = t ? (t.getAttribute && t.getAttribute("aria-label")
      || t.textContent || t.id || t.tagName || "").trim().slice(0, 32) : "";
    b.taps.push([performance.now(), (g && !g.hidden ? g.dataset.screen : "setup") || "?", name]);
  }, true);
  const watch = () => {
    const root = document.documentElement;
    if (root && b.ready === null && root.dataset.engine === "ready") b.ready = performance.now();
  };
  new MutationObserver(watch).observe(document, {subtree: true, attributes: true,
    attributeFilter: ["data-engine"]});
})();
"""


# What the driver asks of a screen: only its kind and round (bench_phone's full
# measure walks every element's computed style, a long task of its own on a
# throttled CPU that would be counted as the page's).
LIGHT_JS = """() => { const g = document.getElementById("game");
  const th = document.getElementById("table-h");
  const m = th ? /(\\d+)/.exec(th.textContent) : null;
  return [g ? g.dataset.screen : "", m ? +m[1] : 0]; }"""


class Driver(bp.Bench):
    """bench_phone's player, without its per-screen layout measure."""

    def measure(self, kind, count=True):
        self.round = self.page.evaluate(LIGHT_JS)[1] or self.round
        row = {"kind": kind, "round": self.round, "ok": True, "why": []}
        if count:
            self.screens.append(row)
        return row


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * q))] if values else None


def summary(probe, taps, top):
    """The long tasks after the engine was ready and the taps' times."""
    ready = probe["ready"] or 0
    longs = [(s, d) for s, d in probe["long"] if s >= ready]
    tap_log = probe["taps"]
    named = []
    for s, d in sorted(longs, key=lambda x: -x[1])[:top]:
        before = [t for t in tap_log if t[0] <= s + d]  # a tap logged inside its own task
        last = before[-1] if before else None
        named.append(
            {
                "ms": round(d),
                "after_tap_ms": round(s - last[0]) if last else None,
                "screen": last[1] if last else None,
                "control": last[2] if last else None,
            }
        )
    got = list(probe["inp"].values())
    times = sorted([16.0] * max(taps - len(got), 0) + got)
    return {
        "ready_ms": round(ready),
        "long_tasks": len(longs),
        "over_100": sum(1 for _, d in longs if d > 100),
        "over_200": sum(1 for _, d in longs if d > 200),
        "longest": round(max((d for _, d in longs), default=0)),
        "blocking_ms": round(sum(d - 50 for _, d in longs)),
        "start_long_tasks": len(probe["long"]) - len(longs),
        "taps": taps,
        "tap_ms": {
            "reported": len(got),
            "median": pct(times, 0.5),
            "p98": pct(times, 0.98),
            "max": times[-1] if times else None,
        },
        "longest_tasks": named,
    }


def context(browser, width, height, throttle):
    ctx = browser.new_context(
        viewport={"width": width, "height": height},
        device_scale_factor=1,
        is_mobile=True,
        has_touch=True,
    )
    ctx.add_init_script(PROBE_JS)
    page = ctx.new_page()
    if throttle > 1:
        ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    return ctx, page


def bare(browser, base, args):
    ctx, page = context(browser, args.width, args.height, args.throttle)
    try:
        page.goto(base + BARE)
        page.wait_for_function(
            "document.documentElement.dataset.engine === 'ready'", timeout=120000
        )
        page.wait_for_timeout(500)
        probe = page.evaluate("window.__lcTaps")
        return {
            "ready_ms": round(probe["ready"]),
            "long_tasks": len(probe["long"]),
            "longest": round(max((d for _, d in probe["long"]), default=0)),
        }
    finally:
        ctx.close()


def game(browser, base, name, args):
    ctx, page = context(browser, args.width, args.height, args.throttle)
    try:
        bench = Driver(page, args.width, args.height, name)
        bench.setup(base + "?lang=en&runtime=micropython", GAMES[name])
        bench.play()
        page.wait_for_timeout(1000)  # what the last tap set going
        return summary(page.evaluate("window.__lcTaps"), bench.taps, args.top)
    finally:
        ctx.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--width", type=int, default=360)
    ap.add_argument("--height", type=int, default=640)
    ap.add_argument("--throttle", type=float, default=4.0, help="CPU slowdown (1: none)")
    ap.add_argument("--games", default="pass,solo", help="pass, solo or both (comma)")
    ap.add_argument("--runs", type=int, default=1, help="games of each kind")
    ap.add_argument("--top", type=int, default=8, help="longest tasks named per game")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright
    from serve import serve_in_thread

    server, base = serve_in_thread(ROOT)
    out = {"throttle": args.throttle, "viewport": f"{args.width}x{args.height}"}
    try:
        with sync_playwright() as pw:
            browser = bp.launch(pw)
            for _ in range(args.runs):
                for name in args.games.split(","):
                    b = bare(browser, base, args)
                    g = game(browser, base, name, args)
                    g["bare"] = b
                    g["ready_ratio"] = (
                        round(g["ready_ms"] / b["ready_ms"], 2) if b["ready_ms"] else None
                    )
                    out.setdefault(name, []).append(g)
                    print(name, json.dumps(g), file=sys.stderr, flush=True)
            browser.close()
    finally:
        server.shutdown()
    print(json.dumps(out))


if __name__ == "__main__":
    main()
