#!/usr/bin/env python3
"""Regenerate docs/screens/: every screen kind, at phone and desktop size, in every language.

    python3 tools/screens.py                                   # en,ru,it,pl x 360x640,1280x800
    python3 tools/screens.py --langs en --sizes 360x640 --out /tmp/shots
    python3 tools/screens.py --kinds puzzle,expert,league,bot  # only these kinds
    python3 tools/screens.py --kinds lab,table --sizes 360x640

Why one command: screenshots taken by hand go stale as soon as the layout or
the flow changes, and the docs then show a game that no longer exists. This
plays the game from the code as it is and writes OUT/LANG-SIZE-KIND.png for
each kind of screen:

    setup     the set-up screen (with the game's settings from the URL)
    roll      the roller's "Roll the dice"
    change    keep the dice or turn one die
    handoff   "pass the device to NAME"
    guess     the wheel screen, once a wheel is chosen (the range is shown)
    shortcut  the shortcut token's candidates (the first taker's screen)
    check     a round's check results
    replace   a wrong player's replacement, a stone chosen
    final     the final candidates, some values chosen
    end       the end screen
    replay    "Watch the game", a few rounds in
    bot       a computer's turn, in a solo game (1 person, 2 hard bots)
    expert    the expert's answer, one tap on the help's Expert, on the solo
              player's wheel screen (at 1280 px scrolled to the answer)
    puzzle    Today's code (?puzzle=today), on a fixed day (PUZZLE_DAY)
    league    the Bot lab's class league (lab.html), the lesson's three bots'
              standings (scrolled to them)
    lab       the Bot lab (lab.html) after a short run of games: the lesson's
              first bot, 10 games against the easy computer, scrolled to the
              results table (tools/screens_pages.py)
    table     table mode (index.html#table=host, one phone per player): the
              host's screen with its two seats' links (LANG-SIZE-table.png),
              then, both guests seated by their links over a local MQTT
              broker (tests/tablenet.py, as tests/test_browser_table_net.py
              does), guest 1's phone (LANG-SIZE-table-guest.png)
              (tools/screens_pages.py)
    stones    the second game, «Тайные камни» (?game=stones): a person's turn
              against the computer, a tile chosen, cards glowing
              (tools/screens_pages.py)
    table-stones  table mode of «Тайные камни» (the lobby's Game), phone
              sizes only: guest 1's phone, seated by its link as for "table"
              (LANG-SIZE-table-stones.png, tools/screens_pages.py)

Two seeded games per language and size: a 3-player pass-and-play game with
the Deadly Shortcut (the kinds of TABLE_KINDS), played to the end, then its
replay; and a solo game, played until a computer's turn is on screen (and,
for "expert", on to the person's wheel screen). The puzzle is one page load;
the league is run once in one lab page (Pyodide), then shown in every
language and size. The lab is one lab page per language (?lang=), its run
shown at every size; table mode is a host and two guest contexts per
language and size, joined by real WebRTC on this machine. `--kinds` picks
some kinds: only the games and pages that show them are played.

How it finds its way (so that it survives changes to the flow and the
layout): the screen on show is read from `#game[data-screen]` at every step,
never assumed from the order of the last game; a control is a button
(`get_by_role("button")`) carrying the page action declared in
lostcode/web/actions.py (`data-act`), which is the same in every language,
where its accessible name is not; after each move the script waits for the
next screen (the screen's kind, heading or privacy changed) and for the new
screen's controls to settle (web/shell/activation.py) and its animations to end.
A kind it does not know is moved on by its primary button; a computer's
turn that plays on by itself is waited for. A kind never reached is named on
stderr (exit status 1), the others are still written.

The screenshot is the first viewport, scrolled to the top (what a player
sees first). PNGs are made small (a 256-colour palette) with Pillow when it
is installed, else with ImageMagick's `convert` when there is one.
Needs Playwright and Chromium (/usr/bin/chromium or $LOSTCODE_CHROMIUM), like
the browser tests; run with python3 it re-runs itself with .venv/bin/python
when python3 lacks Playwright. About a minute per language and size.
"""

import argparse
import functools
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

TABLE_KINDS = (
    "setup", "roll", "change", "handoff", "guess", "shortcut", "check", "replace", "final",
    "end", "replay",
)
KINDS = TABLE_KINDS + (
    "bot", "expert", "puzzle", "league", "lab", "table", "stones", "table-stones"
)
# each its own pages, not a Shooter's games
PAGE_KINDS = ("league", "lab", "table", "stones", "table-stones")
# The page's data-screen for a file's kind, where the two differ.
SCREEN_OF = {"check": "checks", "replay": "watch"}
FILE_OF = {v: k for k, v in SCREEN_OF.items()}
LANGS = ("en", "ru", "it", "pl")
SIZES = ("360x640", "1280x800")
SEED_TABLE = 5  # a game with an early shortcut offer and wrong guesses in round 1
SEED_SOLO = 8
PUZZLE_DAY = "2026-12-01T10:30:00Z"  # "today" for the puzzle's picture (as the tests' day)
LEAGUE_BOTS = ("step1_first_bot", "step2_deduction", "step3_expected_points")  # docs/examples
LEAGUE_SEED = "7"
CHROMIUM_ARGS = [  # as tests/conftest.py
    "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic",
    "--no-first-run", "--disable-background-networking", "--disable-component-update",
    "--disable-sync",
]

# What identifies the screen on show (its kind, privacy, replay step and
# words): a move is done when this changes.
SIGNATURE_JS = """() => {
  const g = document.getElementById("game"), s = document.getElementById("screen");
  if (!g || g.hidden) return "setup";
  return [g.dataset.screen, g.dataset.private, g.dataset.step || "",
          s ? s.textContent.slice(0, 400) : ""].join("|");
}"""
# The new screen is ready: its controls have settled and nothing is moving.
READY_JS = """() => !document.querySelector("#game [data-settling]") &&
  document.getAnimations().every(a => a.playState !== "running" ||
    (a.effect && a.effect.getTiming().iterations === Infinity))"""


def chromium():
    for c in (os.environ.get("LOSTCODE_CHROMIUM"), "/usr/bin/chromium"):
        if c and Path(c).exists():
            return c
    return None  # Playwright's own Chromium


@functools.lru_cache(maxsize=1)
def imagemagick():
    """ImageMagick's `convert`, if the one on PATH is the real one (else "")."""
    convert = shutil.which("convert")
    if not convert:
        return ""
    try:
        said = subprocess.run([convert, "-version"], capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return ""
    return convert if "ImageMagick" in said.stdout else ""


def shrink(path):
    """A 256-colour palette PNG, about a third of the size (the page has few colours)."""
    try:
        from PIL import Image
    except ImportError:
        if imagemagick():
            subprocess.run(
                [imagemagick(), str(path), "-colors", "256", "PNG8:" + str(path)],
                check=False, capture_output=True,
            )
        return
    with Image.open(path) as im:
        small = im.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT)
    small.save(path, optimize=True)


class Shooter:
    """One language at one size: plays the games and writes the screenshots."""

    def __init__(self, browser, base, lang, size, out, kinds=KINDS):
        self.browser, self.base, self.lang, self.out = browser, base, lang, out
        self.kinds = kinds  # the pictures wanted (--kinds)
        self.size = size
        self.w, self.h = (int(x) for x in size.split("x"))
        self.done = {}  # kind -> path
        self.page = None
        self.solo = False

    # -- the page ---------------------------------------------------------------
    def open(self, query, day=None):
        if self.page is not None:
            self.page.context.close()
        phone = self.w < 600
        ctx = self.browser.new_context(
            viewport={"width": self.w, "height": self.h},
            device_scale_factor=1,
            is_mobile=phone,
            has_touch=phone,
        )
        self.page = ctx.new_page()
        if day is not None:  # the page's clock (Today's code picks its puzzle by the day)
            self.page.clock.set_fixed_time(day)
        self.page.goto(f"{self.base}?lang={self.lang}&runtime=micropython&{query}")
        self.page.wait_for_function(
            "document.documentElement.dataset.engine === 'ready'", timeout=120000
        )

    def kind(self):
        return self.page.evaluate(
            "() => { const g = document.getElementById('game');"
            " return g && !g.hidden ? g.dataset.screen : 'setup'; }"
        )

    def ready(self, timeout=4000):
        try:
            self.page.wait_for_function(READY_JS, timeout=timeout)
        except Exception:  # an endless animation, or a screen that never settles: go on
            pass

    def control(self, act, first=True):
        """The enabled button of page action `act` (lostcode/web/actions.py)."""
        loc = self.page.get_by_role("button").and_(self.page.locator(f'[data-act="{act}"]'))
        loc = loc.and_(self.page.locator(":enabled"))
        return loc.first if first else loc

    def has(self, act):
        return self.control(act, first=False).count() > 0

    def press(self, act, wait=True):
        """Press `act`'s button; with `wait`, until the next screen is on and ready.
        Without such a button (the flow changed) the screen's primary button."""
        before = self.page.evaluate(SIGNATURE_JS)
        self.ready()
        if act and self.has(act):
            self.control(act).click()
        else:
            primary = self.page.locator("#game button.primary:enabled")
            if primary.count():
                primary.first.click()
        if wait:
            self.next_screen(before)

    def next_screen(self, before, timeout=8000):
        try:
            self.page.wait_for_function(
                f"() => ({SIGNATURE_JS})() !== {repr_js(before)}", timeout=timeout
            )
        except Exception:  # the same screen again (or a slow step): the loop reads it anew
            pass
        self.ready()

    def shoot(self, kind, scroll_to=None):
        """The first viewport (or, with `scroll_to`, the one that ends with that
        element) as OUT/LANG-SIZE-KIND.png, once, if `kind` is wanted."""
        if kind in self.done or kind not in self.kinds:
            return
        self.ready()
        self.done[kind] = snap(self.page, self.out / f"{self.lang}-{self.size}-{kind}.png",
                               scroll_to)

    # -- one screen, moved on ---------------------------------------------------
    def step(self, kind):
        """Do what a player does on screen `kind` (shooting it first when wanted)."""
        if kind in ("roll", "change", "handoff", "checks", "end"):
            self.shoot(FILE_OF.get(kind, kind))  # as it comes, before anything is chosen
        if kind == "bot" and self.solo:
            self.shoot("bot")
        if kind == "roll":
            self.press("roll")
        elif kind == "bear":  # introductory game: a bear face must be turned
            if self.has("turn_bear"):
                self.control("turn_bear").click()
            self.press("confirm_pick")
        elif kind == "change":
            self.press("confirm_pick")  # keep the dice
        elif kind == "offer":
            self.press("take" if "shortcut" not in self.done and self.has("take") else "pass")
        elif kind == "handoff":
            self.press("unlock")
        elif kind == "guess":
            self.guess()
        elif kind in ("shortcut", "final"):
            self.candidates(kind)
        elif kind == "checks":
            self.press("continue")
        elif kind == "replace":
            self.ready()
            if self.has("discard"):
                self.control("discard").click()
            self.shoot("replace")
            self.press("confirm_pick")
        elif kind == "bot":
            if self.has("continue"):
                self.press("continue")
            else:  # a computer's turn that plays on by itself
                self.next_screen(self.page.evaluate(SIGNATURE_JS))
        else:  # a kind this script does not know: its primary button, if any
            self.press("")

    def guess(self):
        """The suggestion the first time (a realistic bet for the picture), then
        the narrowest wheel left, so that somebody is wrong and replaces a stone."""
        self.ready()
        chosen = self.page.locator('#game [data-act="wheel"][aria-pressed="true"]').count()
        if "guess" not in self.done:
            if not chosen and self.has("use_hint"):
                self.control("use_hint").click()
            elif not chosen:
                self.control("wheel").click()
            self.page.wait_for_timeout(100)
            self.shoot("guess")
        else:
            self.control("wheel").click()
        self.press("confirm_guess")

    def candidates(self, kind):
        """Two values per symbol (3 and 4), so the end has scores to show."""
        self.ready()
        for value in (3, 4):
            loc = self.control("cand", first=False).and_(
                self.page.locator(f'[data-arg$=":{value}"]')
            )
            for i in range(loc.count()):
                if loc.nth(i).get_attribute("aria-pressed") != "true":
                    loc.nth(i).click()
            if kind == "shortcut":
                break
        self.shoot(kind)
        before = self.page.evaluate(SIGNATURE_JS)
        confirm = "confirm" if self.has("confirm") else "confirm_guess"
        self.press(confirm, wait=False)
        try:  # "a symbol has no candidates: confirm anyway?"
            self.control("confirm_empty").wait_for(timeout=800)
            self.control("confirm_empty").click()
        except Exception:
            pass
        self.next_screen(before)

    # -- the games ---------------------------------------------------------------
    def table_game(self):
        """Pass-and-play, 3 people, the Deadly Shortcut: to the end, then its replay."""
        self.solo = False
        self.open(f"players=3&seats=human,human,human&options=shortcut&seed={SEED_TABLE}")
        self.ready()
        self.shoot("setup")
        before = self.page.evaluate(SIGNATURE_JS)
        play = self.page.locator("#play")
        (play if play.count() else self.page.locator("#setup-form [type=submit]").first).click()
        self.next_screen(before)
        if not self.play_until(("end",)):
            return
        self.shoot("end")
        self.press("watch")  # "Watch the game"
        for _ in range(3):
            if self.has("watch_next_round"):
                self.press("watch_next_round")
        self.shoot("replay")

    def start_solo(self):
        """One person and two hard bots: the game started."""
        self.solo = True
        self.open(f"players=3&seats=human,hard,hard&seed={SEED_SOLO}")
        before = self.page.evaluate(SIGNATURE_JS)
        play = self.page.locator("#play")
        (play if play.count() else self.page.locator("#setup-form [type=submit]").first).click()
        self.next_screen(before)

    def solo_game(self):
        """The solo game, until a computer's turn is on screen."""
        self.start_solo()
        self.play_until(("end",), until_shot="bot")

    def expert_game(self):
        """The solo game again, on to the person's wheel screen: "Ask the
        expert" pressed, its answer shown."""
        self.start_solo()
        if not self.play_until(("guess",)):
            return
        self.ready()
        # the help's Expert (the bar's on a phone, the dock's tab on a desktop) opens
        # the help on the expert's answer and asks it, in one tap (issue 39)
        self.page.locator('[data-act="help"][data-arg="expert"]:visible').first.click()
        self.page.locator("#expert .expert-move").wait_for(timeout=120000)
        # on a phone the answer lies over the board in the first viewport
        wide = int(self.size.split("x")[0]) >= 900
        self.shoot("expert", scroll_to="#expert" if wide else None)

    def puzzle(self):
        """Today's code as ?puzzle=today opens it, on PUZZLE_DAY."""
        self.open("puzzle=today", day=PUZZLE_DAY)
        self.page.wait_for_selector('#puzzle[data-view="puzzle"]', timeout=120000)
        self.shoot("puzzle")

    def games(self):
        """The games and pages that show the wanted kinds."""
        out = []
        if set(TABLE_KINDS) & set(self.kinds):
            out.append(self.table_game)
        if "bot" in self.kinds:
            out.append(self.solo_game)
        if "expert" in self.kinds:
            out.append(self.expert_game)
        if "puzzle" in self.kinds:
            out.append(self.puzzle)
        return out

    def play_until(self, kinds, until_shot=None, stalled=6):
        """Move screen after screen on until one of `kinds` is on (True), or the
        picture `until_shot` is taken; False (said on stderr) when the page stops
        changing for `stalled` moves in a row."""
        same, last = 0, None
        while until_shot is None or until_shot not in self.done:
            kind = self.kind()
            if kind in kinds:
                return True
            sig = self.page.evaluate(SIGNATURE_JS)
            same = same + 1 if sig == last else 0
            if same >= stalled:
                print(f"{self.lang} {self.size}: stuck on {sig!r}", file=sys.stderr)
                return False
            last = sig
            self.step(kind)
        return True


def snap(page, path, scroll_to=None):
    """A viewport's picture at `path`: the top of the page, or scrolled so that
    the element `scroll_to` ends the viewport (or starts it, when taller), with
    no focus ring (the new screen's heading takes the focus for screen readers;
    a picture for the docs needs no ring)."""
    page.evaluate(
        """sel => { window.scrollTo(0, 0);
          const el = sel && document.querySelector(sel);
          if (el) el.scrollIntoView({block: el.offsetHeight > innerHeight ? "start" : "end"});
          if (document.activeElement) document.activeElement.blur(); }""",
        scroll_to,
    )
    page.wait_for_timeout(150)
    page.screenshot(path=str(path))
    shrink(path)
    print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}"
          f"  {path.stat().st_size // 1024} KiB", flush=True)
    return path


def league_shots(browser, base, langs, sizes, out):
    """The Bot lab's class league: one lab page (Pyodide starts once), the
    lesson's three bots' league run, then its standings in every language
    (the lab's own language menu) and size. Returns the kinds' names written."""
    from screens_pages import at_each_size

    page = browser.new_context(device_scale_factor=1).new_page()
    done = []
    try:
        page.goto(f"{base}lab.html?lang=en")
        page.wait_for_function("document.documentElement.dataset.lab === 'ready'",
                               timeout=300000)
        bots = ROOT / "docs" / "examples" / "bots"
        page.locator("#lg-files").set_input_files(files=[
            {"name": n + ".py", "mimeType": "text/x-python",
             "buffer": (bots / (n + ".py")).read_bytes()} for n in LEAGUE_BOTS])
        page.locator("#lg-players").select_option("2")
        page.locator("#lg-seed").fill(LEAGUE_SEED)
        page.locator("#lg-run").click()
        page.wait_for_function("document.documentElement.dataset.league === '1'",
                               timeout=600000)
        for lang in langs:
            page.locator("#lab-lang").select_option(lang)
            page.wait_for_timeout(300)
            done += at_each_size(page, sizes, out, lang, "league", snap, "#lg-results")
    finally:
        page.context.close()
    return done


def page_shots(browser, base, langs, sizes, out, kinds):
    """The kinds of PAGE_KINDS asked for; returns the pictures not made."""
    from screens_pages import lab_shots, stones_shots, table_shots

    phones = [z for z in sizes if int(z.split("x")[0]) < 600]  # one phone per player
    missing = []
    for kind, shots in (("league", lambda: league_shots(browser, base, langs, sizes, out)),
                        ("lab", lambda: lab_shots(browser, base, langs, sizes, out, snap)),
                        ("table", lambda: table_shots(browser, base, langs, sizes, out, snap)),
                        ("stones", lambda: stones_shots(browser, base, langs, sizes, out, snap)),
                        ("table-stones", lambda: table_shots(browser, base, langs, phones, out,
                                                             snap, "stones"))):
        if kind not in kinds:
            continue
        wanted = [f"{lang}-{size}-{kind}" for lang in langs
                  for size in (phones if kind == "table-stones" else sizes)]
        try:
            done = shots()
        except Exception as e:  # a flow this script cannot follow: say so
            print(f"{kind}: {e}", file=sys.stderr)
            done = []
        missing += [k for k in wanted if k not in done]
    return missing


def repr_js(text):
    """A Python string as a JavaScript string literal."""
    return json.dumps(text)


def main(argv=None):
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n")[0], formatter_class=argparse.RawTextHelpFormatter
    )
    ap.add_argument("--langs", default=",".join(LANGS))
    ap.add_argument("--sizes", default=",".join(SIZES), help="WIDTHxHEIGHT,...")
    ap.add_argument("--out", default=str(ROOT / "docs" / "screens"))
    ap.add_argument("--kinds", default=",".join(KINDS), help="KIND,... (the list above)")
    args = ap.parse_args(argv)
    kinds = tuple(k for k in args.kinds.split(",") if k)
    for k in kinds:
        if k not in KINDS:
            ap.error(f"--kinds: {k!r} is none of " + ", ".join(KINDS))
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:  # python3 without Playwright: the project's environment has it
        venv = ROOT / ".venv" / "bin" / "python"
        if venv.exists() and not os.environ.get("LOSTCODE_SCREENS_REEXEC"):
            os.environ["LOSTCODE_SCREENS_REEXEC"] = "1"  # once: no loop if it lacks it too
            os.execv(str(venv), [str(venv), __file__] + (argv or sys.argv[1:]))
        raise
    from serve import serve_in_thread

    langs = [x for x in args.langs.split(",") if x]
    sizes = [x for x in args.sizes.split(",") if x]
    for s in sizes:
        if not re.fullmatch(r"\d+x\d+", s):
            ap.error(f"--sizes: {s!r} is not WIDTHxHEIGHT")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    server, base = serve_in_thread(ROOT)
    t0 = time.perf_counter()
    missing = []
    try:
        with sync_playwright() as p:
            kw = {"args": CHROMIUM_ARGS}
            if chromium():
                kw["executable_path"] = chromium()
            browser = p.chromium.launch(**kw)
            for lang in langs:
                for size in sizes:
                    shooter = Shooter(browser, base, lang, size, out, kinds)
                    for game in shooter.games():
                        try:
                            game()
                        except Exception as e:  # a flow this script cannot follow: say so
                            print(f"{lang} {size} {game.__name__}: {e}", file=sys.stderr)
                    if shooter.page is not None:
                        shooter.page.context.close()
                    missing += [f"{lang}-{size}-{k}" for k in kinds
                                if k not in PAGE_KINDS and k not in shooter.done]
            missing += page_shots(browser, base, langs, sizes, out, kinds)
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    print(f"done in {time.perf_counter() - t0:.0f} s")
    if missing:
        print("never reached: " + ", ".join(missing), file=sys.stderr)
        raise SystemExit(1)


if __name__ == "__main__":
    main()
