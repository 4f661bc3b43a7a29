#!/usr/bin/env python3
"""Measure the roller's "keep the dice or turn one" screen on a phone.

    python3 tools/bench_dice.py                         # en, ru, it, pl; JSON lines
    python3 tools/bench_dice.py --langs en,ru --shots docs/screens --tag dice-turn

Why: the die-turning control decides whether the evidence for turning a die
(the racks) is in the first viewport at all (the phone playtest of issue 11
found the racks ~800 px down, under 16 face buttons). For each language,
with and without the introductory game (5 symbols, no bear), a seeded
3-player game is started at 360x640, rolled, and, scrolled to the top, the
change screen is measured as shown and again once a face is chosen (a draft
until confirmed): the bottom of the heading, the dice and the "Keep the
dice"/confirm bar, the top and bottom of the first racks, the scroll width
and the screen's buttons smaller than 44 px. One JSON line per case:
`rack1_top`, `rack2_bottom` (<= height: two rows of racks in the first
viewport), `keep_bottom`, `scroll_width`, `small_buttons`.
"""

import argparse
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
CHROMIUM = os.environ.get("LOSTCODE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]

MEASURE = """() => {
  const box = s => { const e = document.querySelector(s); if (!e) return null;
                     const b = e.getBoundingClientRect(); return [b.top, b.bottom]; };
  const racks = [...document.querySelectorAll('#game .racks > svg')]
    .map(e => { const b = e.getBoundingClientRect(); return [b.top, b.bottom]; });
  const small = [...document.querySelectorAll('#screen button')].filter(b => {
      const r = b.getBoundingClientRect(); return r.width < 44 || r.height < 44; }).length;
  return {heading_bottom: box('#screen-h')[1], dice_bottom: box('#screen .dice-row')[1],
          keep_bottom: box('#screen .actionbar')[1], rack1_top: racks[0][0],
          rack2_bottom: racks[1][1], scroll_width: document.documentElement.scrollWidth,
          small_buttons: small};
}"""


def measure(page):
    page.evaluate("window.scrollTo(0, 0)")
    m = page.evaluate(MEASURE)
    return {k: round(v) if isinstance(v, float) else v for k, v in m.items()}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--langs", default="en,ru,it,pl")
    ap.add_argument("--width", type=int, default=360)
    ap.add_argument("--height", type=int, default=640)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--shots", help="directory for TAG-LANG[-intro][-chosen].png")
    ap.add_argument("--tag", default="dice-turn")
    args = ap.parse_args()
    from bench_phone import small_png
    from playwright.sync_api import sync_playwright
    from serve import serve_in_thread

    server, base = serve_in_thread(ROOT)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for intro in (False, True):
                for lang in args.langs.split(","):
                    page = browser.new_page(viewport={"width": args.width, "height": args.height})
                    page.goto(f"{base}?players=3&seed={args.seed}&lang={lang}&motion=reduce")
                    page.wait_for_function(
                        "document.documentElement.dataset.engine === 'ready'", timeout=120000
                    )
                    if intro:
                        page.locator("#opt-introductory").evaluate(
                            "c => { c.checked = true;"
                            " c.dispatchEvent(new Event('change', {bubbles: true})); }"
                        )
                    page.locator("#play").click()
                    page.locator('#screen button[data-act="roll"]').click()
                    page.wait_for_function(
                        "['change', 'bear'].includes(document.querySelector('#game')"
                        ".dataset.screen)"
                        " && document.querySelectorAll('#game .racks > svg').length"
                    )
                    case = lang + ("-intro" if intro else "")
                    for state in ("shown", "chosen"):
                        if state == "chosen":
                            page.locator("#screen button[aria-pressed]").first.click()
                            page.wait_for_selector('#screen button[aria-pressed="true"]')
                        row = {"case": case, "state": state}
                        row.update(measure(page))
                        print(json.dumps(row), flush=True)
                        if args.shots:
                            name = f"{args.tag}-{case}" + ("-chosen" if state == "chosen" else "")
                            path = str(Path(args.shots) / (name + ".png"))
                            page.screenshot(path=path)
                            small_png(path)
                    page.close()
            browser.close()
    finally:
        server.shutdown()
        server.server_close()


if __name__ == "__main__":
    main()
