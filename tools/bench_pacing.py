#!/usr/bin/env python3
"""How long each computer move stays on screen, a roll above all (issue 39).

    python3 tools/bench_pacing.py                    # seed 4242, 1280x800, one JSON line
    python3 tools/bench_pacing.py --seed 7 --size 360x640

Why: a playtest saw a computer's roll on screen for ~0.3 s while its other
moves stayed ~1.2 s. This plays the solo game of tools/bench_phone.py (Ana
against an expert and a hard computer) by the same driver, never tapping a
computer's screen, and times every caption of a computer's move ("Move 2 ·
Bo: rolled …") from the frame it is painted to the frame it is replaced, in
the page itself (a MutationObserver stamps each change at the next
animation frame). It prints, for the rolls and for the other moves: count,
shortest, median and longest time on screen in ms, and the shortest few
with their captions. Timings only: nothing here passes or fails.
"""

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT))

import bench_phone as bp  # noqa: E402

SEATS = ("Human", "Computer (expert)", "Computer (hard)")  # the playtest's solo game

# Every caption of a computer's move, with the time its frame was painted.
CAPTIONS_JS = """
(() => {
  const seen = (window.__lcCaptions = []);
  let last = null;
  const look = () => {
    const g = document.getElementById("game");
    const c = document.querySelector("p.step-caption > span");
    const text = g && g.dataset.screen === "bot" && c ? c.textContent : "";
    if (text === last) return;
    last = text;
    requestAnimationFrame(() => seen.push([performance.now(), text]));
  };
  // each time a die's settling starts (the roll's or a turn's moment), once per die 0
  addEventListener("animationstart", (e) => {
    const die = e.target.closest && e.target.closest(".die");
    if (e.animationName === "die-settle" && die && die.dataset.die === "0"
        || e.animationName === "die-settle" && die && die.classList.contains("moment-turn"))
      seen.push([performance.now(), "@dice"]);
  }, true);
  addEventListener("DOMContentLoaded", () => {
    new MutationObserver(look).observe(document.body,
      {subtree: true, childList: true, characterData: true, attributes: true});
  });
})();
"""


SETTLE_MS = 740  # the dice's moment: 0.5 s each, the third 0.24 s late (style.css)
OF_N = re.compile(r"^(\S+ \d+)(?: \S+ \d+)?( ·|:)")  # "Move 2 of 3 · " -> "Move 2 · "


def spans(captions):
    """(caption, ms on screen, times its dice settled) for each computer move:
    one step, even when its caption gains its "of N" while shown (the run's
    length known once an expert decided); the dice settling a second time in
    one step is a roll shown twice."""
    texts = [(t, x) for t, x in captions if x != "@dice"]
    dice = [t for t, x in captions if x == "@dice"]
    out = []  # [caption, start, end, key]
    for (t, text), (t2, _next) in zip(texts, texts[1:], strict=False):
        key = OF_N.sub(r"\1\2", text)
        if out and text and key == out[-1][3] and out[-1][2] == t:
            out[-1][2] = t2
        elif text:
            out.append([text, t, t2, key])
    rows = []
    for x, a, b, _k in out:
        mine = [d for d in dice if a <= d < b]
        # the time the roll is seen still: after its last die settled (MOMENT_MS)
        still = round(b - max(a, mine[-1] + SETTLE_MS)) if mine else round(b - a)
        rows.append((x, round(b - a), len(mine), still))
    return rows


def summary(rows):
    times = sorted(r[1] for r in rows)
    still = sorted(r[3] for r in rows)
    if not times:
        return {"count": 0}
    return {
        "count": len(times),
        "min_ms": times[0],
        "median_ms": times[len(times) // 2],
        "max_ms": times[-1],
        "dice_settled_twice": sum(1 for r in rows if r[2] > 1),
        "min_still_ms": still[0],  # the shortest time a move was seen settled
        "shortest": sorted(rows, key=lambda r: r[3])[:4],
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", default="4242")
    ap.add_argument("--size", default="1280x800")
    ap.add_argument("--all", action="store_true", help="every caption with its time too")
    args = ap.parse_args()
    width, height = (int(n) for n in args.size.split("x"))
    from playwright.sync_api import sync_playwright
    from serve import serve_in_thread

    server, base = serve_in_thread(ROOT)
    try:
        with sync_playwright() as pw:
            browser = bp.launch(pw)
            ctx = browser.new_context(viewport={"width": width, "height": height},
                                      device_scale_factor=1, is_mobile=width < 600,
                                      has_touch=width < 600)
            page = ctx.new_page()
            page.add_init_script(CAPTIONS_JS)
            bench = bp.Bench(page, width, height, "solo")
            bench.setup(base + "?lang=en&runtime=micropython", SEATS, seed_text=args.seed)
            bench.play()
            seen = page.evaluate("window.__lcCaptions")
            rows = spans(seen)
            ctx.close()
            browser.close()
    finally:
        server.shutdown()
    rolled = re.compile(re.escape(bp.T("rolled {dice}", dice="\x01")).replace("\x01", ".*"))
    rolls = [r for r in rows if rolled.search(r[0])]
    others = [r for r in rows if not rolled.search(r[0])]
    out = {"seed": args.seed, "size": args.size, "rolls": summary(rolls),
           "other_moves": summary(others)}
    if args.all:
        out["captions"] = [[round(t), text] for t, text in seen]
    print(json.dumps(out, ensure_ascii=False))


if __name__ == "__main__":
    main()
