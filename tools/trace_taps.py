#!/usr/bin/env python3
"""Where a tap's time goes on a throttled phone (issue 40): a Chromium trace.

    python3 tools/trace_taps.py                  # pass-and-play, 3 humans, seed 7
    python3 tools/trace_taps.py --games solo --keep /tmp/solo-trace.json

Plays the game of tools/bench_taps.py (its driver, 360x640, CPU throttled 4x)
with the page's own steps marked (`?marks`: shell/app.py's mark/lap around
Session.do, the screen's model, the DOM put in, the focus, what follows the
drawing, the save and the assistant's analysis) and Chromium tracing on
(toplevel, devtools.timeline, blink.user_timing). Every task over 50 ms on the
page's main thread after the engine was ready is split into:
  style     UpdateLayoutTree (style recalculation)
  layout    Layout
  paint     PrePaint, Paint, Layerize, UpdateLayer(Tree), Commit ...
  gc        V8 / Blink garbage collection (inside scripting)
  script    the rest of the task (Python on wasm, JS, the DOM calls)
and, inside it, the time of each marked step (overlap with the task).
Each task is named by the control of the tap before it (its click's
EventDispatch in the trace, or "timer" when it has none). Prints the tasks,
then the sums by control and by part, as JSON (and a Markdown table with
--md). Timings only: nothing here passes or fails.
"""

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT))

import bench_phone as bp  # noqa: E402
import bench_taps as bt  # noqa: E402

CATEGORIES = "toplevel,devtools.timeline,blink.user_timing,v8,blink.console"
PARTS = {
    "style": ("UpdateLayoutTree", "RecalculateStyles", "ParseAuthorStyleSheet"),
    "layout": ("Layout",),
    "paint": ("PrePaint", "Paint", "Layerize", "UpdateLayer", "UpdateLayerTree",
              "Commit", "CompositeLayers", "PaintImage", "Decode Image"),
    "gc": ("MinorGC", "MajorGC", "V8.GCScavenger", "V8.GCFinalizeMC", "V8.GCCompactor",
           "BlinkGC.AtomicPhase", "V8.GC_MARK_COMPACTOR", "V8.GCIncrementalMarking"),
}
STEP_SUMS = {}  # step -> its sums over the game (analyse)
TASKS = ("RunTask", "ThreadControllerImpl::RunTask")
STEPS = ("lc:do", "lc:render", "lc:model", "lc:dom", "lc:focus", "lc:follow", "lc:save",
         "lc:assist", "lc:json", "lc:adopt", "lc:rest")


def union(spans):
    """Total length of the union of (start, end) spans."""
    total, end = 0.0, None
    for s, e in sorted(spans):
        if end is None or s > end:
            total += e - s
            end = e
        elif e > end:
            total += e - end
            end = e
    return total


def clip(spans, s, e):
    return [(max(a, s), min(b, e)) for a, b in spans if b > s and a < e]


def analyse(events, ready_ms, long_ms=50):
    """The long tasks of the page's main thread, each split into its parts."""
    names = {}
    for ev in events:
        if ev.get("ph") == "M" and ev.get("name") == "thread_name":
            names[(ev["pid"], ev["tid"])] = ev["args"]["name"]
    marked = {(ev["pid"]) for ev in events if str(ev.get("name", "")).startswith("lc:")}
    mains = {k for k, v in names.items() if v == "CrRendererMain" and k[0] in marked}
    if not mains:
        return []
    main = sorted(mains)[0]
    own = [ev for ev in events if (ev.get("pid"), ev.get("tid")) == main]
    nav = [ev["ts"] for ev in own if ev.get("name") == "navigationStart"]
    origin = min(nav) if nav else min(ev["ts"] for ev in own if "ts" in ev)
    spans = {p: [] for p in PARTS}
    for ev in own:
        if ev.get("ph") != "X":
            continue
        for part, evnames in PARTS.items():
            if ev["name"] in evnames:
                spans[part].append((ev["ts"], ev["ts"] + ev.get("dur", 0)))
    clicks = sorted(
        ev["ts"] for ev in own
        if ev.get("name") == "EventDispatch" and ev.get("args", {}).get("data", {}).get("type")
        == "click"
    )
    # the page's steps: async begin/end pairs (User Timing measures)
    steps = {s: [] for s in STEPS}
    opened = {}
    for ev in events:
        name = ev.get("name")
        if name not in steps or ev.get("pid") != main[0]:
            continue
        key = (name, ev.get("id", ev.get("id2", {}).get("local")))
        if ev.get("ph") in ("b", "S"):
            opened[key] = ev["ts"]
        elif ev.get("ph") in ("e", "F") and key in opened:
            steps[name].append((opened.pop(key), ev["ts"]))
    STEP_SUMS.clear()
    for name, got in steps.items():
        got = [g for g in got if (g[0] - origin) / 1000 >= ready_ms]
        row = {"n": len(got), "ms": round(sum(b - a for a, b in got) / 1000)}
        for part in ("style", "layout"):  # forced inside the step
            row[part] = round(sum(union(clip(spans[part], a, b)) for a, b in got) / 1000)
        lens = sorted(b - a for a, b in got)
        row["median"] = round(lens[len(lens) // 2] / 1000) if lens else 0
        row["max"] = round(lens[-1] / 1000) if lens else 0
        STEP_SUMS[name] = row
    tasks = []
    for ev in own:
        if ev.get("ph") != "X" or ev.get("name") not in TASKS:
            continue
        s, d = ev["ts"], ev.get("dur", 0)
        if d < long_ms * 1000 or (s - origin) / 1000 < ready_ms:
            continue
        e = s + d
        row = {"at_ms": round((s - origin) / 1000), "ms": round(d / 1000)}
        for part in PARTS:
            row[part] = round(union(clip(spans[part], s, e)) / 1000)
        row["script"] = row["ms"] - row["style"] - row["layout"] - row["paint"]
        for step in STEPS:
            row[step] = round(union(clip(steps[step], s, e)) / 1000)
        inside = [c for c in clicks if s <= c <= e]
        row["click"] = bool(inside)
        tasks.append(row)
    # collapse nested task events (a RunTask inside a RunTask): keep the outer
    tasks.sort(key=lambda r: (r["at_ms"], -r["ms"]))
    out, last_end = [], -1
    for r in tasks:
        if r["at_ms"] < last_end:
            continue
        out.append(r)
        last_end = r["at_ms"] + r["ms"]
    return out


def name_tasks(rows, taps):
    """Each task named by the tap in it or before it (the probe's log,
    performance.now): a tap's pointerdown listener runs inside its own task,
    up to ~10 ms after the task began at 4x, so a tap logged before the
    task's end is the task's (taps14: Confirm's own task was named by the
    ring value tapped before it)."""
    for r in rows:
        before = [t for t in taps if t[0] <= r["at_ms"] + r["ms"]]
        last = before[-1] if before else None
        r["screen"] = last[1] if last else None
        r["control"] = last[2] if last else None
        r["after_tap_ms"] = round(r["at_ms"] - last[0]) if last else None
    return rows


def control_kind(r):
    c = (r.get("control") or "").strip()
    for key in ("Confirm", "I am", "Roll the dice", "Keep the dice", "Yes", "Start",
                "Pass", "Next", "Done", "Check"):
        if c.startswith(key):
            return key
    if c.isdigit():
        return "a ring value"
    return c[:20] or "?"


def sums(rows):
    keys = ("ms", "script", "style", "layout", "paint", "gc") + STEPS
    by = {}
    for r in rows:
        k = (control_kind(r) if r["click"] else "no tap in it: " + control_kind(r))
        b = by.setdefault(k, dict([("tasks", 0)] + [(x, 0) for x in keys]))
        b["tasks"] += 1
        for x in keys:
            b[x] += r[x]
    total = dict([("tasks", len(rows))] + [(x, sum(r[x] for r in rows)) for x in keys])
    return by, total


def markdown(by, total):
    cols = ("ms", "script", "lc:do", "lc:model", "lc:dom", "lc:focus", "lc:follow", "lc:save",
            "lc:assist", "style", "layout", "paint", "gc")
    head = ("| tasks after | n | total ms | script | Session.do | model | DOM put in | focus "
            "| follow-ups | save | assistant | style | layout | paint | (gc) |")
    lines = [head, "|" + "---|" * (len(cols) + 2)]
    for k, b in sorted(by.items(), key=lambda kv: -kv[1]["ms"]):
        lines.append("| " + k + " | " + str(b["tasks"]) + " | "
                     + " | ".join(f"{b[c]:,}" for c in cols) + " |")
    lines.append("| all | " + str(total["tasks"]) + " | "
                 + " | ".join(f"{total[c]:,}" for c in cols) + " |")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", default="pass", help="pass or solo")
    ap.add_argument("--throttle", type=float, default=4.0)
    ap.add_argument("--width", type=int, default=360)
    ap.add_argument("--height", type=int, default=640)
    ap.add_argument("--keep", help="write the raw trace here")
    ap.add_argument("--screens", type=int, default=600, help="stop after this many screens")
    ap.add_argument("--md", action="store_true", help="print a Markdown table too")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright
    from serve import serve_in_thread

    server, base = serve_in_thread(ROOT)
    try:
        with sync_playwright() as pw:
            browser = bp.launch(pw)
            ctx, page = bt.context(browser, args.width, args.height, args.throttle)
            browser.start_tracing(page=page, categories=CATEGORIES.split(","))
            bench = bt.Driver(page, args.width, args.height, args.games)
            bench.setup(base + "?lang=en&runtime=micropython&marks=1", bt.GAMES[args.games])
            try:
                bench.play(args.screens)
            except SystemExit:  # stopped after --screens screens
                pass
            page.wait_for_timeout(1000)
            probe = page.evaluate("window.__lcTaps")
            raw = browser.stop_tracing()
            ctx.close()
            browser.close()
    finally:
        server.shutdown()
    if args.keep:
        Path(args.keep).write_bytes(raw)
    data = json.loads(raw)
    events = data["traceEvents"] if isinstance(data, dict) else data
    rows = name_tasks(analyse(events, probe["ready"] or 0), probe["taps"])
    by, total = sums(rows)
    for r in rows:
        print(json.dumps(r), file=sys.stderr)
    print(json.dumps({"by_control": by, "all": total, "steps": STEP_SUMS}))
    if args.md:
        print(markdown(by, total))
        print("\n| step | n | total ms | median | max | forced style | forced layout |")
        print("|---|---|---|---|---|---|---|")
        for name, r in STEP_SUMS.items():
            print(f"| {name} | {r['n']} | {r['ms']:,} | {r['median']} | {r['max']} "
                  f"| {r['style']:,} | {r['layout']:,} |")


if __name__ == "__main__":
    main()
