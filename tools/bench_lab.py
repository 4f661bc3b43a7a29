#!/usr/bin/env python3
"""Bot lab speed: games per second of the example bot against easy bots.

    python3 tools/bench_lab.py                  # 200 games each way, 2 players
    python3 tools/bench_lab.py --games 100 --players 3

Prints numbers (never pass/fail):
  CLI     `python -m lostcode tournament`'s engine in this CPython, the bot file
          as a seat (same interpreter: no workers, no JSON between processes,
          but the observation still goes through JSON as in the lab);
  page    lab.html in Debian's Chromium: the referee and the bot each in their
          own Web Worker, every decision of the bot one round trip
          referee -> bot worker -> referee (a channel between the two
          workers; the page is told of each question and times it);
          also the lab's start-up (both workers ready) and the longest
          main-thread task during the run (PerformanceObserver "longtask",
          only tasks over 50 ms are reported: 0 means none).
The page is served from the repo root (the dev server's files), or with
--site from a site built by tools/build_site.py (what a host serves).

    python3 tools/bench_lab.py --startup-only --runs 5   # only the lab's start-up

    python3 tools/bench_lab.py --first-game --runs 3     # issue 26: open -> first result

--first-game (issue 26) builds the site (tools/build_site.py) into a temporary
folder, serves it from its own process (tools/serve.py's server, as
tools/bench_load.py does) and times, from the navigation's start to the first
finished game's row in the results (the page presses "Run games" for one game
the moment the lab is ready), two bots: the example bot (it runs on
MicroPython) and the same bot with `import fractions` (MicroPython lacks it:
Pyodide), opened by a share link (lab.html#bot=...). Each run has a fresh
browser profile: the cold visit, then the warm one in the same profile (the
service worker's caches). In the same run, alternating, the bare PyScript
pages tools/bench/hello-{micropython,pyodide}.html (tools/bench_load.py's
"engine ready"). Medians; targets: the Pyodide bot cold <= 1.5x the bare
Pyodide page cold, the MicroPython bot <= 2x the bare MicroPython page.
The warm visit starts as soon as the service worker controls the page, which
may be while it still downloads Pyodide for the offline copy (the lab asks for
it after its first run); --settled waits for that download first (the warm
visit of a later day), and the report says which was timed.
"""

import argparse
import importlib.util
import shutil
import statistics
import subprocess
import sys
import tempfile
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


FIRST_GAME_PROBE = r"""
(() => {
  const marks = (window.__labBench = {});
  const now = () => Math.round(performance.now());
  const check = () => {
    const root = document.documentElement;
    if (!root) return;
    if (marks.ready === undefined && root.dataset.lab === "ready") {
      marks.ready = now();
      document.getElementById("games").value = "1";
      document.getElementById("run-games").click();
    }
    if (marks.ready !== undefined && marks.first === undefined
        && document.querySelector("#game-list li")) {
      marks.first = now();
      marks.runtime = root.dataset.botRuntime;
      marks.lab = JSON.stringify(window.lab.marks);
      marks.boot = JSON.stringify(window.lab.boot);
    }
  };
  new MutationObserver(check).observe(document, {subtree: true, childList: true,
    attributes: true});
})();
"""


def _tool(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _share_link(code: str, name: str) -> str:
    """The fragment of a share link (assets/lab-share.js) made by that module under Node."""
    script = ("const { encodeBot } = await import(process.argv[1]);"
              "let code = ''; for await (const c of process.stdin) code += c;"
              "process.stdout.write(encodeBot({ name: process.argv[2], author: 'bench', code }));")
    out = subprocess.run(["node", "--input-type=module", "-e", script,
                          (ROOT / "assets" / "lab-share.js").as_uri(), name],
                         input=code, capture_output=True, text=True, check=True)
    return "#bot=" + out.stdout.strip()


def _lab_visit(context, url: str) -> dict:
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("() => (window.__labBench && window.__labBench.first !== undefined)"
                           " || document.documentElement.dataset.lab === 'error'",
                           timeout=300_000)
    marks = page.evaluate("() => window.__labBench")
    if "first" not in marks:
        raise RuntimeError(url + ": the lab failed: " + page.locator("#lab-status").inner_text())
    marks["page"] = page
    return marks


def _lab_run(playwright, bench_load, url: str, settled: bool = False) -> dict:
    """Cold then warm visit of the lab in a fresh persistent profile.

    `settled`: the warm visit waits until the cold one's offline copy is done
    (data-lab-offline: the service worker downloading Pyodide, ~13 MB, after
    the first run), so it is not timed while that download still runs."""
    profile = tempfile.mkdtemp(prefix="lostcode-lab-bench-")
    try:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=bench_load.CHROMIUM if Path(bench_load.CHROMIUM).exists()
            else None, args=bench_load.CHROMIUM_ARGS, headless=True)
        context.add_init_script(FIRST_GAME_PROBE)
        try:
            cold = _lab_visit(context, url)
            try:
                cold["page"].wait_for_function(
                    "() => navigator.serviceWorker.controller !== null", timeout=60_000)
            except Exception:
                pass
            if settled:
                cold["page"].wait_for_function(
                    "() => document.documentElement.dataset.labOffline !== undefined",
                    timeout=300_000)
            cold["page"].close()
            warm = _lab_visit(context, url)
            warm["page"].close()
        finally:
            context.close()
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    return {"cold": cold, "warm": warm}


def first_game(runs: int, log, kinds=("micropython", "pyodide"), settled: bool = False) -> dict:
    """Issue 26's measurement (see the module's docstring): medians in ms.

    `kinds`: which bots (and bare pages) to time; both by default.
    `settled`: see _lab_run."""
    from playwright.sync_api import sync_playwright

    bench_load = _tool("bench_load")
    build_site = _tool("build_site")
    example = EXAMPLE.read_text(encoding="utf-8")
    bots = {
        "micropython": _share_link(example, "Example"),
        "pyodide": _share_link("import fractions\n" + example, "Example + fractions"),
    }
    samples: dict = {"lab micropython": [], "lab pyodide": [], "bare micropython": [],
                     "bare pyodide": [], "lab micropython ready": [], "lab pyodide ready": []}
    runtimes: dict = {}
    with tempfile.TemporaryDirectory(prefix="lostcode-site-") as tmp:
        site = Path(tmp) / "site"
        build_site.build(site)
        bench = site / "tools" / "bench"
        bench.mkdir(parents=True)
        for name in ("hello-pyodide.html", "hello-pyodide.toml", "hello-micropython.html",
                     "hello-micropython.toml"):
            shutil.copy2(ROOT / "tools" / "bench" / name, bench / name)
        server = subprocess.Popen(
            [sys.executable, "-c", bench_load.SERVER_CODE, str(ROOT / "tools" / "serve.py"),
             str(site)], stdout=subprocess.PIPE, text=True)
        base = server.stdout.readline().strip()
        try:
            with sync_playwright() as pw:
                for i in range(runs):
                    for kind in kinds:
                        lab = _lab_run(pw, bench_load, base + "lab.html?lang=en" + bots[kind],
                                       settled)
                        samples["lab " + kind].append((lab["cold"]["first"], lab["warm"]["first"]))
                        samples["lab " + kind + " ready"].append((lab["cold"]["ready"],
                                                                  lab["warm"]["ready"]))
                        runtimes[kind] = lab["cold"].get("runtime")
                        bare = bench_load.run_once(pw, base + f"tools/bench/hello-{kind}.html",
                                                   False)
                        samples["bare " + kind].append((bare["cold"]["ready"],
                                                        bare["warm"]["ready"]))
                        log(f"  run {i + 1}/{runs} {kind}: lab first result cold"
                            f" {lab['cold']['first']} ms / warm {lab['warm']['first']} ms"
                            f" (bot on {lab['cold'].get('runtime')}); bare page cold"
                            f" {bare['cold']['ready']} ms / warm {bare['warm']['ready']} ms;"
                            f" lab marks cold {lab['cold'].get('lab')},"
                            f" warm {lab['warm'].get('lab')}; workers (ms: began by the page's"
                            f" clock, then by their own) cold {lab['cold'].get('boot')},"
                            f" warm {lab['warm'].get('boot')}")
        finally:
            server.terminate()
            server.wait(10)
    out = {key: {"cold": statistics.median(c for c, _ in v),
                 "warm": statistics.median(w for _, w in v),
                 "colds": [c for c, _ in v], "warms": [w for _, w in v]}
           for key, v in samples.items() if v}
    out["runtimes"] = runtimes
    return out


def first_game_report(out: dict, runs: int, settled: bool = False) -> list:
    lines = [f"Opening the lab to the first finished game's result (built site, median of {runs}):",
             "| page | cold | warm | cold / bare page | warm / bare page |",
             "|---|---|---|---|---|"]
    for kind, label in (("micropython", "lab, example bot"),
                        ("pyodide", "lab, example bot + `import fractions`")):
        if "lab " + kind not in out:
            continue
        lab, bare = out["lab " + kind], out["bare " + kind]
        runtime = out["runtimes"].get(kind)
        ready = out["lab " + kind + " ready"]
        lines.append(f"| {label} (bot on {runtime}) | {lab['cold']:,.0f} ms | {lab['warm']:,.0f} ms"
                     f" | {lab['cold'] / bare['cold']:.2f}× | {lab['warm'] / bare['warm']:.2f}× |")
        lines.append(f"| ↳ of which the lab ready (both workers) | {ready['cold']:,.0f} ms"
                     f" | {ready['warm']:,.0f} ms | | |")
        lines.append(f"| ↳ bare {kind} page (ready) | {bare['cold']:,.0f} ms"
                     f" | {bare['warm']:,.0f} ms | | |")
    if "lab pyodide" in out:
        py = out["lab pyodide"]["cold"] / out["bare pyodide"]["cold"]
        lines.append(f"- Pyodide bot, cold ≤ 1.5× the bare Pyodide page: **{py:.2f}×**"
                     f" ({'met' if py <= 1.5 else 'NOT met'})")
    if "lab micropython" in out:
        mpy_cold = out["lab micropython"]["cold"] / out["bare micropython"]["cold"]
        mpy_warm = out["lab micropython"]["warm"] / out["bare micropython"]["warm"]
        met = "met" if max(mpy_cold, mpy_warm) <= 2 else "NOT met"
        lines.append(f"- MicroPython bot ≤ 2× the bare MicroPython page: cold **{mpy_cold:.2f}×**,"
                     f" warm **{mpy_warm:.2f}×** ({met})")
    for key in ("lab micropython", "lab micropython ready", "lab pyodide", "lab pyodide ready",
                "bare micropython", "bare pyodide"):
        if key in out:
            lines.append(f"  {key}: cold {out[key]['colds']} ms, warm {out[key]['warms']} ms")
    if settled:
        lines.append("  (--settled: each warm visit began after the cold visit's offline copy"
                     " of Pyodide was done)")
    return lines


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
    ap.add_argument("--first-game", action="store_true",
                    help="issue 26: opening the lab to the first game's result, cold and warm,"
                         " beside the bare MicroPython and Pyodide pages (builds the site)")
    ap.add_argument("--settled", action="store_true",
                    help="with --first-game: the warm visit waits until the cold visit's offline"
                         " copy (Pyodide, downloaded by the service worker after the first run)"
                         " is done; the default times it while that download may still run")
    ap.add_argument("--bots", default="micropython,pyodide",
                    help="with --first-game: which bots to time (a comma list of micropython,"
                         " pyodide), each beside its bare page")
    args = ap.parse_args(argv)
    if args.first_game:
        kinds = tuple(k for k in ("micropython", "pyodide") if k in args.bots.split(","))
        out = first_game(args.runs, lambda msg: print(msg, file=sys.stderr, flush=True), kinds,
                         args.settled)
        print("\n".join(first_game_report(out, args.runs, args.settled)))
        return 0
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
