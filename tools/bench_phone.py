#!/usr/bin/env python3
"""Play a whole pass-and-play game on a phone-sized screen and measure how it fits.

    python3 tools/bench_phone.py                      # one JSON line on stdout
    python3 tools/bench_phone.py --shots docs/screens --tag after
    python3 tools/bench_phone.py --width 1280 --height 800 --shots DIR --tag desk

Why: "fits a phone" is a number, not a feeling. The script starts a seeded
3-player game (names Ana, Bo, Cy, default rules, hints on) in Chromium at
360x640 and plays it from the set-up screen to the winner the way a person
would, by accessible names only (roles and button names, never CSS classes
for actions): roll, keep the dice, "I am NAME" on each handoff, take the
assistant's suggested bet (with hints on the bet starts there: only when it
is not already chosen is "Use this suggestion" tapped) and "Confirm and pass
to ...", continue, choose the first stone offered and confirm the
replacement, confirm the final candidates (and "Yes" when asked about
symbols left without candidates).

On every screen, scrolled to the top, it measures:
  control   the button that completes the screen (Roll the dice, Confirm the
            wheel, Continue, ...) lies wholly inside the first viewport;
  evidence  what this viewer needs to decide lies wholly inside it too: every
            rack that shows values (regions named "Rack of ..."/"Unowned rack
            ..." holding "symbol: value" labels) and the dice ("Dice: ...") on
            the wheel, candidate and dice screens, the results on the check
            screen, the final scores on the end screen;
  scroll width  document.documentElement.scrollWidth (sideways scroll if > width).
and counts taps (clicks and fills): per round, and on the replacement screens.

Output (one line): screens, screens_first_viewport_ok, max_scroll_width,
taps_clean_round (mean taps of rounds in which nobody was wrong: no
replacement screen; the end's final-candidate screens and their handoffs are
counted apart, under "final"), taps_per_replacement, per-kind details. Timings are not
measured here. With --shots, one screenshot per screen kind (viewport only)
goes to DIR/TAG-KIND.png (plus TAG-setup.png, and TAG-guess-set.png once a
wheel is chosen), made small with Pillow when it is installed.
"""

import argparse
import json
import os
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
CHROMIUM = os.environ.get("LOSTCODE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [  # as tests/conftest.py
    "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic",
    "--no-first-run", "--disable-background-networking", "--disable-component-update",
    "--disable-sync",
]
NAMES = ("Ana", "Bo", "Cy")

# Where the evidence is, per screen kind (see the module docstring).
EVIDENCE = {
    "guess": ("racks", "dice"),
    "shortcut": ("racks", "dice"),
    "final": ("racks",),
    "change": ("dice",),
    "bear": ("dice",),
    "offer": ("dice",),
    "checks": ("results",),
    "end": ("scores",),
}

MEASURE_JS = """([kinds, controlName, width, height]) => {
  window.scrollTo(0, 0);
  const inView = e => {
    if (!e) return false;
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.top >= -1 && r.bottom <= height + 1
      && r.left >= -1 && r.right <= width + 1;
  };
  const visible = e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const out = {missing: [], outside: []};
  const game = document.getElementById("game");
  out.kind = game ? game.dataset.screen : "";
  for (const k of kinds) {
    let els = [];
    if (k === "racks") {
      els = [...document.querySelectorAll(
          '#game [aria-label^="Rack of"], #game [aria-label^="Unowned rack"]')]
        .filter(e => visible(e) && [...e.querySelectorAll("[aria-label]")]
          .some(s => /^[a-z]+: \\d+$/.test(s.getAttribute("aria-label"))));
    } else if (k === "dice") {
      els = [...document.querySelectorAll('#game [aria-label^="Dice:"]')]
        .filter(visible).slice(0, 1);
    } else if (k === "results") {
      els = [...document.querySelectorAll("#game table, #game [aria-label='Guesses in order']")]
        .filter(t => visible(t) && (t.getAttribute("aria-label") === "Guesses in order" ||
          (t.caption && t.caption.textContent === "Guesses in order"))).slice(0, 1);
    } else if (k === "scores") {
      els = [...document.querySelectorAll('#game [aria-label="Final scores"]')]
        .filter(visible).slice(0, 1);
    }
    if (!els.length) out.missing.push(k);
    for (const e of els) if (!inView(e)) out.outside.push(k);
  }
  const buttons = [...document.querySelectorAll("#game button, #setup button")].filter(visible);
  const name = b => (b.getAttribute("aria-label") || b.textContent).trim();
  const ctl = buttons.find(b => new RegExp(controlName).test(name(b)));
  out.control = ctl ? name(ctl) : null;
  out.control_ok = inView(ctl);
  if (ctl) { const r = ctl.getBoundingClientRect(); out.control_y = Math.round(r.bottom); }
  out.scroll_width = document.documentElement.scrollWidth;
  out.scroll_height = document.documentElement.scrollHeight;
  return out;
}"""

CONTROL = {  # regex of the completing control's accessible name, per screen kind
    "setup": r"^(Play|Start the game)",
    "roll": r"^Roll the dice$",
    "change": r"^Keep the dice$",
    "bear": r"^(Confirm: turn die|Turn die) \d to ",
    "offer": r" passes$",
    "handoff": r"^(I am |Show .*private screen$)",  # the second: before issue 11
    "guess": r"^(Confirm the wheel|Confirm and pass to )",
    "shortcut": r"^(Confirm the candidates|Confirm and pass to )",
    "final": r"^(Confirm the final candidates|Confirm and pass to |Yes$)",
    "checks": r"^Continue$",
    "replace": r"^Confirm the replacement$",
    "hide": r"^Hide and pass",  # before issue 11 (a "done" screen after each private one)
    "end": r"^New game$",
    "bot": r"^Continue$",
}


def small_png(path, colours=256):
    """Shrink a screenshot for docs/screens (a palette PNG), when Pillow is installed."""
    try:
        from PIL import Image
    except ImportError:
        return
    img = Image.open(path).convert("RGB")
    img.quantize(colours, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(
        path, optimize=True
    )


class Bench:
    def __init__(self, page, width, height, shots=None, tag="shot"):
        self.page = page
        self.width, self.height = width, height
        self.shots, self.tag = shots, tag
        self.shot_kinds = set()
        self.taps = 0
        self.round = 0  # rounds begin with "Roll the dice"
        self.round_taps = {}
        self.round_wrong = set()
        self.replace_taps = 0
        self.replacements = 0
        self.screens = []
        self.set_ok = []  # wheel screens measured again once a wheel is chosen
        self.in_final = False  # the final candidates (and their handoffs) have begun
        self.bot_turns = 0  # bot screens seen; each went on with no tap (issue 22)

    def tap(self, locator, text=None):
        if text is None:
            locator.click()
        else:
            locator.fill(text)
        self.taps += 1
        key = self.round if self.round else "setup"
        if self.in_final:
            key = "final"
        self.round_taps[key] = self.round_taps.get(key, 0) + 1

    def button(self, pattern):
        return self.page.get_by_role("button", name=re.compile(pattern)).first

    def measure(self, kind, count=True):
        m = self.page.evaluate(
            MEASURE_JS, [list(EVIDENCE.get(kind, ())), CONTROL[kind], self.width, self.height]
        )
        ok = m["control_ok"] and not m["missing"] and not m["outside"]
        row = {
            "kind": kind,
            "ok": ok,
            "control_y": m.get("control_y"),
            "scroll_width": m["scroll_width"],
            "scroll_height": m["scroll_height"],
            "why": ([] if m["control_ok"] else ["control"]) + m["missing"] + m["outside"],
        }
        name = kind if count else kind + "-set"
        if count:
            self.screens.append(row)
        if self.shots and name not in self.shot_kinds:
            self.shot_kinds.add(name)
            path = Path(self.shots) / f"{self.tag}-{name}.png"
            self.page.screenshot(path=str(path))
            small_png(path)
        return row

    def setup(self, url, bots=None):
        """The set-up form: 3 players, seed 7; `bots` (easy/medium/hard): seats 2
        and 3 are computers of that level (a solo game, issue 22)."""
        page = self.page
        page.goto(url)
        page.wait_for_function(
            "document.documentElement.dataset.engine === 'ready'", timeout=120000
        )
        self.kind = "setup"
        self.measure("setup")
        # Settings: open them if they are folded away (the redesigned set-up screen).
        fold = page.get_by_text(re.compile("^(Settings|Game settings|Change settings)")).first
        players = page.get_by_label("Number of players")
        if not players.is_visible() and fold.count():
            self.tap(fold)
        players.select_option("3")
        self.taps += 1
        for i, name in enumerate(NAMES):
            self.tap(page.get_by_label(f"Name of player {i + 1}"), name)
            if bots and i > 0:
                page.get_by_label(f"Player {i + 1} plays as").select_option(
                    label=f"Computer ({bots})"
                )
                self.taps += 1
        self.tap(page.get_by_label("Seed (optional, to replay the same deal)"), "7")
        self.tap(self.button(CONTROL["setup"]))
        page.wait_for_function("!document.getElementById('game').hidden")

    def play(self, max_screens=400):
        page = self.page
        for _ in range(max_screens):
            kind = page.evaluate("document.getElementById('game').dataset.screen")
            self.kind = kind
            # A new screen's controls settle first (web/activation.py): deciding
            # before then would find "Use this suggestion" aria-disabled.
            page.wait_for_function("!document.querySelector('#game [data-settling]')")
            self.measure(kind)
            if kind == "end":
                return
            if kind == "roll":
                self.round += 1
            if kind == "bot":  # issue 22: a bot's turn goes on by itself, no tap
                self.bot_turns += 1
                page.wait_for_function(
                    "document.getElementById('game').dataset.screen !== 'bot'", timeout=60000
                )
                continue
            if kind == "final" or (kind == "handoff" and page.get_by_text(
                    re.compile("writes final candidates")).count()):
                self.in_final = True
            if kind == "replace":
                self.round_wrong.add(self.round)
                before = self.taps
                self.tap(page.get_by_role("button", name=re.compile("^Replace the ")).and_(
                    page.locator(":enabled")).first)
                if page.get_by_role("button", name=re.compile(CONTROL[kind])).count():
                    self.tap(self.button(CONTROL[kind]))  # before issue 11 the stone was enough
                self.replace_taps += self.taps - before
                self.replacements += 1
                continue
            if kind == "guess":
                hint = page.get_by_role("button", name="Use this suggestion")
                wheels = page.get_by_role("button", name=re.compile(r"^W\d+ "))
                if hint.count() and hint.first.get_attribute("aria-pressed") == "true":
                    pass  # the bet already starts at the suggestion
                elif hint.count() and hint.first.is_enabled():
                    self.tap(hint.first)
                elif not wheels.and_(page.locator("[aria-pressed=true]")).count():
                    self.tap(wheels.and_(page.locator(":enabled")).first)
                # The same screen once a wheel is chosen (ring and stepper shown).
                row = self.measure("guess", count=False)
                self.set_ok.append(row["ok"])
            if kind == "bear" and page.get_by_role("button", name=re.compile("^Confirm:")).count():
                self.tap(page.get_by_role("button", name=re.compile(r"^Turn die \d to ")).first)
            self.tap(self.button(CONTROL[kind]))
            if kind == "final" and page.get_by_role("button", name="Yes", exact=True).count():
                self.tap(page.get_by_role("button", name="Yes", exact=True))
        raise SystemExit("the game did not end")

    def result(self):
        rounds = [r for r in self.round_taps if isinstance(r, int)]
        clean = [self.round_taps[r] for r in rounds if r not in self.round_wrong]
        kinds = {}
        for s in self.screens:
            k = kinds.setdefault(s["kind"], {"n": 0, "ok": 0, "why": [], "width": 0})
            k["n"] += 1
            k["width"] = max(k["width"], s["scroll_width"])
            k["ok"] += 1 if s["ok"] else 0
            for w in s["why"]:
                if w not in k["why"]:
                    k["why"].append(w)
        return {
            "viewport": f"{self.width}x{self.height}",
            "screens": len(self.screens),
            "screens_first_viewport_ok": sum(1 for s in self.screens if s["ok"]),
            "max_scroll_width": max(s["scroll_width"] for s in self.screens),
            "max_scroll_height": max(s["scroll_height"] for s in self.screens),
            "guess_after_choice_ok": f"{sum(self.set_ok)}/{len(self.set_ok)}",
            "taps": self.taps,
            "taps_clean_round": round(sum(clean) / len(clean), 2) if clean else None,
            "clean_rounds": len(clean),
            "taps_per_replacement": round(self.replace_taps / self.replacements, 2)
            if self.replacements
            else None,
            "replacements": self.replacements,
            "bot_turns": self.bot_turns,
            "taps_per_bot_turn": 0 if self.bot_turns else None,  # never tapped (issue 22)
            "kinds": kinds,
        }


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--width", type=int, default=360)
    ap.add_argument("--height", type=int, default=640)
    ap.add_argument("--runtime", default="micropython", choices=("micropython", "pyodide"))
    ap.add_argument("--shots", help="directory for one screenshot per screen kind")
    ap.add_argument("--tag", default="shot", help="screenshot file name prefix")
    ap.add_argument("--bots", choices=("easy", "medium", "hard"),
                    help="players 2 and 3 are computers of this level (a solo game)")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright
    from serve import serve_in_thread

    server, base = serve_in_thread(ROOT)
    if args.shots:
        Path(args.shots).mkdir(parents=True, exist_ok=True)
    try:
        with sync_playwright() as pw:
            kw = {"args": CHROMIUM_ARGS}
            if Path(CHROMIUM).exists():
                kw["executable_path"] = CHROMIUM
            browser = pw.chromium.launch(**kw)
            ctx = browser.new_context(
                viewport={"width": args.width, "height": args.height},
                device_scale_factor=1,
                is_mobile=args.width < 600,
                has_touch=args.width < 600,
            )
            page = ctx.new_page()
            bench = Bench(page, args.width, args.height, args.shots, args.tag)
            url = base + ("?runtime=micropython" if args.runtime == "micropython" else "")
            bench.setup(url, args.bots)
            bench.play()
            out = bench.result()
            browser.close()
    finally:
        server.shutdown()
    print(json.dumps(out))


if __name__ == "__main__":
    main()
