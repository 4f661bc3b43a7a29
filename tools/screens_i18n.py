#!/usr/bin/env python3
"""Screenshots of the translated game screens, for a native speaker's read-through.

Why: the catalogues and tests can say that every message is translated and
uses the rulebook's words, but only a person reading the screens as a player
sees whether they read naturally (issue 16). This plays one 2-player
pass-and-play game per language with the page's default names ("Игрок 1",
"Gracz 1": names that break case agreement when misplaced) and saves the first
handoff, bet (guess), check, replacement and end screens at phone size.

    python3 tools/screens_i18n.py                    # ru, it, pl -> docs/screens/
    python3 tools/screens_i18n.py --langs pl --out /tmp/shots --size 360x640

Writes docs/screens/<lang>-<screen>.png (viewport only, scrolled to the
screen's heading) and prints one line per file. Needs Playwright and Chromium
(/usr/bin/chromium or $LOSTCODE_CHROMIUM), like the browser tests.
"""

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from serve import serve_in_thread  # noqa: E402

SCREENS = ("handoff", "guess", "checks", "replace", "end")
NAMES = {
    "handoff": "handoff",
    "guess": "bet",
    "checks": "check",
    "replace": "replacement",
    "end": "end",
}
# Clicks that move each screen on (data-act of its main button).
NEXT = {
    "roll": "[data-act=roll]",
    "bear": "[data-act=turn_bear]:not([disabled])",
    "offer": "[data-act=pass]",
    "change": "[data-act=confirm_pick]",
    "handoff": "[data-act=unlock]",
    "checks": "[data-act=continue]",
    "replace": "[data-act=discard]:not([disabled])",
}
SEED = 5


def chromium():
    for c in (os.environ.get("LOSTCODE_CHROMIUM"), "/usr/bin/chromium"):
        if c and Path(c).exists():
            return c
    return None


def shoot(page, path):
    page.evaluate(
        "() => { const h = document.getElementById('screen-h');"
        " if (h) { h.scrollIntoView({block: 'start'}); window.scrollBy(0, -16); } }"
    )
    page.wait_for_timeout(100)
    page.screenshot(path=str(path))
    shrink(path)


def shrink(path):
    """256-colour palette PNG (about a third of the size; the page has few colours).
    Skipped when Pillow is not installed."""
    try:
        from PIL import Image
    except ImportError:
        return
    with Image.open(path) as im:
        small = im.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT)
    small.save(path, optimize=True)


def play_language(browser, base, lang, out, size):
    w, h = size
    page = browser.new_page(viewport={"width": w, "height": h})
    page.goto(f"{base}?lang={lang}&players=2&seed={SEED}&runtime=micropython")
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=60000)
    page.locator("#play").click()  # the big Play: the URL's settings (issue 10)
    todo = list(SCREENS)
    written = []
    for _step in range(400):
        page.wait_for_timeout(30)
        screen = page.evaluate("document.getElementById('game').dataset.screen")
        if screen == "guess":
            page.locator("#screen [data-act=wheel]:not([disabled])").first.click()
        if screen in todo:
            path = out / f"{lang}-{NAMES[screen]}.png"
            shoot(page, path)
            written.append(path)
            todo.remove(screen)
        if screen == "end" or not todo:
            break
        if screen == "guess":
            page.locator("#screen [data-act=confirm_guess]").click()
            continue
        if screen == "final":  # two candidates per symbol, so the end screen shows scores
            for value in (3, 4):
                sel = f"#screen [data-act=cand][data-arg$=':{value}']"
                for i in range(page.locator(sel).count()):
                    page.locator(sel).nth(i).click()
        act = NEXT.get(screen)
        if act is None:  # final candidates, shortcut candidates, a bot's screen...
            page.locator("#screen button.primary:not([disabled])").first.click()
            continue
        page.locator("#screen " + act).first.click()
        if screen in ("bear", "replace"):  # a choice, then its confirm (issue 11)
            page.locator("#screen [data-act=confirm_pick]:not([disabled])").click()
    page.close()
    if todo:
        print(f"{lang}: never reached {todo}", file=sys.stderr)
    return written


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--langs", default="ru,it,pl")
    ap.add_argument("--out", default=str(ROOT / "docs" / "screens"))
    ap.add_argument("--size", default="360x640")
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    size = tuple(int(x) for x in args.size.split("x"))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    server, base = serve_in_thread(ROOT)
    t0 = time.perf_counter()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=chromium(),
                args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
            )
            for lang in args.langs.split(","):
                for path in play_language(browser, base, lang, out, size):
                    print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}"
                          f"  {path.stat().st_size // 1024} KiB")
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    print(f"done in {time.perf_counter() - t0:.1f} s")


if __name__ == "__main__":
    main()
