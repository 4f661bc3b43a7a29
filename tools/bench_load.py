#!/usr/bin/env python3
"""Measure how fast the built site loads, next to the bare PyScript page of the same runtime.

    python3 tools/bench_load.py                 # 5 runs, writes docs/performance.md
    python3 tools/bench_load.py --runs 7 --out -  # print only
    python3 tools/bench_load.py --src DIR       # build from another source tree

Why against a bare page: start-up is dominated by the runtime (Pyodide's
9.6 MB wasm + stdlib), which we do not control; the question is what our page
adds on top. So every page is measured in the same run, on the same server,
next to tools/bench/hello-{pyodide,micropython}.html (copied into the built
site, so both load the very same vendor/ files).

Procedure: build the site (tools/build_site.py) into a temp dir, serve it
with tools/serve.py's server in a separate process (no compression,
Cache-Control: no-cache), and
for each run launch Debian's Chromium with a *fresh* persistent profile
(`launch_persistent_context`: an incognito context would re-download the wasm
on the warm visit; nothing uses page.route, which disables the HTTP cache):
  cold visit  -> new profile, empty caches;
  warm visit  -> same profile, new tab, after the service worker (if the page
                 registers one) controls the page; so the built site's warm
                 numbers are served from its Cache Storage, the bare page's
                 from the HTTP cache (304 revalidations).
Metrics (ms since navigation start, from an init script in the page):
  form usable   first animation frame at which the set-up form's submit button
                (name starting "Play" or "Start") is visible and enabled — it works before
                Python is up (index.html queues an early press);
  runtime up    PyScript's py:ready / mpy:ready event (the interpreter runs;
                the difference to "engine ready" is our files, imports, first render);
  engine ready  <html data-engine="ready"> was set (MutationObserver);
  bytes         sum of CDP Network.loadingFinished encodedDataLength of the
                page's requests (body + headers as received; no compression
                here, GitHub Pages would gzip text files), split into vendor/
                and everything else ("own": our code, config, assets, page).
Medians of N runs; ratios are page / bare page of the same runtime.
Two pages: index.html as it opens (the default runtime, MicroPython since
issue 17) and index.html?runtime=pyodide; each is measured when it actually
loads its runtime's wasm, else reported "not available".

--phone emulates a mid-range phone through the DevTools protocol on every
tab: CPU throttled 4x (Emulation.setCPUThrottlingRate), 9 Mbit/s down,
60 ms round trip (Network.emulateNetworkConditions), a 360x640 viewport.
--mpy-layout pack|files builds the MicroPython code as one pack or one .mpy
per module (tools/build_site.py), to compare the two.
--lang ru|it|pl opens the page in that language: it also fetches the
language's catalog pack (the English page fetches none, issue 17).
--puzzle N opens index.html?puzzle=N (Today's code, issue 28; MicroPython
only) and also times "puzzle on screen": the puzzle file fetched, the
puzzle's record replayed, its answer proved and its screen drawn.
"""

import argparse
import datetime
import gzip
import importlib.util
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("LOSTCODE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [  # as tests/conftest.py
    "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic",
    "--no-first-run", "--disable-background-networking", "--disable-component-update",
    "--disable-sync",
]
TIMEOUT_MS = 180_000
SERVER_CODE = """
import importlib.util, sys
spec = importlib.util.spec_from_file_location("serve", sys.argv[1])
serve = importlib.util.module_from_spec(spec)
spec.loader.exec_module(serve)
server = serve.make_server(sys.argv[2], port=0, quiet=True)
print(f"http://127.0.0.1:{server.server_port}/", flush=True)
server.serve_forever()
"""

PROBE_JS = r"""
(() => {
  const marks = (window.__lcBench = {});
  const now = () => Math.round(performance.now());
  for (const type of ["py:ready", "mpy:ready"]) {  // PyScript: the interpreter is up
    addEventListener(type, () => { if (marks.runtime === undefined) marks.runtime = now(); });
  }
  const watch = () => {
    const root = document.documentElement;
    if (!root) return;
    if (!marks.ready && root.dataset.engine === "ready") marks.ready = now();
    // Today's code (issue 28, --puzzle): the puzzle's screen is drawn.
    if (!marks.puzzle && document.querySelector('#puzzle[data-view="puzzle"]')) {
      marks.puzzle = now();
    }
  };
  new MutationObserver(watch).observe(document, {subtree: true, attributes: true,
    attributeFilter: ["data-engine", "data-view"], childList: true});
  const frame = () => {
    watch();
    if (marks.form === undefined) {
      for (const b of document.querySelectorAll("button, input[type=submit]")) {
        const name = (b.textContent || b.value || "").trim();
        if (/^(start|play\b)/i.test(name) && !b.disabled && b.getClientRects().length
            && getComputedStyle(b).visibility !== "hidden") { marks.form = now(); break; }
      }
    }
    if (marks.form === undefined || !marks.ready) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();
"""


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


PHONE = {"cpu": 4, "down_bits": 9_000_000, "up_bits": 3_000_000, "rtt_ms": 60,
         "viewport": {"width": 360, "height": 640}}


def visit(context, url: str, phone: bool = False) -> dict:
    """One visit in a new tab: times (ms) and bytes by origin part."""
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    urls, sizes = {}, {}
    cdp.on("Network.requestWillBeSent", lambda e: urls.__setitem__(e["requestId"],
                                                                   e["request"]["url"]))
    cdp.on("Network.loadingFinished",
           lambda e: sizes.__setitem__(e["requestId"], e["encodedDataLength"]))
    cdp.send("Network.enable")
    if phone:
        page.set_viewport_size(PHONE["viewport"])
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": PHONE["cpu"]})
        cdp.send("Network.emulateNetworkConditions", {
            "offline": False, "latency": PHONE["rtt_ms"],
            "downloadThroughput": PHONE["down_bits"] / 8,
            "uploadThroughput": PHONE["up_bits"] / 8})
    page.goto(url)
    state = page.wait_for_function(
        """() => (window.__lcBench && window.__lcBench.ready) ? "ready"
                 : document.documentElement.dataset.engine === "error" ? "error" : false""",
        timeout=TIMEOUT_MS).json_value()
    if state == "error":
        raise RuntimeError(f"{url}: the engine failed to start: "
                           + page.locator("body").inner_text()[:500])
    if "puzzle=" in url:  # --puzzle: until the puzzle is on screen
        page.wait_for_function("() => window.__lcBench.puzzle", timeout=TIMEOUT_MS)
    page.wait_for_timeout(300)  # let the form probe and late responses finish
    marks = page.evaluate("() => window.__lcBench")
    vendor = own = 0
    own_paths = set()
    for request_id, size in sizes.items():
        url = urls.get(request_id, "")
        if "/vendor/" in url:
            vendor += size
        else:
            own += size
            own_paths.add(urlsplit(url).path)
    wasm = sorted({u.rsplit("/", 1)[-1] for u in urls.values() if u.endswith(".wasm")})
    return {"form": marks.get("form"), "runtime": marks.get("runtime"), "ready": marks["ready"],
            "puzzle": marks.get("puzzle"),
            "own": own, "vendor": vendor, "bytes": own + vendor, "wasm": wasm, "page": page,
            "own_paths": own_paths}


def run_once(playwright, url: str, wait_sw: bool, phone: bool = False) -> dict:
    """Cold then warm visit with a fresh persistent profile."""
    profile = tempfile.mkdtemp(prefix="lostcode-bench-")
    try:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM if Path(CHROMIUM).exists() else None,
            args=CHROMIUM_ARGS, headless=True)
        context.add_init_script(PROBE_JS)
        try:
            cold = visit(context, url, phone)
            if wait_sw:
                try:
                    cold["page"].wait_for_function(
                        "() => navigator.serviceWorker.controller !== null", timeout=60_000)
                except Exception:
                    pass  # no service worker: the warm visit uses the HTTP cache
            cold["page"].close()
            warm = visit(context, url, phone)
            warm["page"].close()
        finally:
            context.close()
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    return {"cold": cold, "warm": warm}


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def _after(visit: dict):
    if visit.get("puzzle") is None:
        return None
    return visit["puzzle"] - visit["ready"]


def summarize(samples: list[dict]) -> dict:
    return {
        "form_cold": median(s["cold"]["form"] for s in samples),
        "runtime_cold": median(s["cold"]["runtime"] for s in samples),
        "ready_cold": median(s["cold"]["ready"] for s in samples),
        "ready_warm": median(s["warm"]["ready"] for s in samples),
        "puzzle_cold": median(s["cold"]["puzzle"] for s in samples),
        "puzzle_warm": median(s["warm"]["puzzle"] for s in samples),
        # issue 40's measure: the puzzle on screen after the engine is ready, run by run
        "puzzle_after_cold": median(_after(s["cold"]) for s in samples),
        "puzzle_after_warm": median(_after(s["warm"]) for s in samples),
        "bytes_cold": median(s["cold"]["bytes"] for s in samples),
        "own_cold": median(s["cold"]["own"] for s in samples),
        "bytes_warm": median(s["warm"]["bytes"] for s in samples),
        "wasm": samples[0]["cold"]["wasm"],
        "own_paths": samples[0]["cold"]["own_paths"],
    }


def measure_pair(playwright, base: str, path: str, bare_path: str, runs: int, log,
                 phone: bool = False):
    """Runs the page and its bare page alternately, so load changes on the
    machine (other jobs) hit both alike; returns (page summary, bare summary)."""
    pages, bares = [], []
    for i in range(runs):
        for target, samples, wait_sw in ((path, pages, True), (bare_path, bares, False)):
            sample = run_once(playwright, base + target, wait_sw, phone)
            samples.append(sample)
            log(f"  {target} run {i + 1}/{runs}: cold ready {sample['cold']['ready']} ms, "
                f"warm ready {sample['warm']['ready']} ms, form {sample['cold']['form']} ms, "
                f"{sample['cold']['bytes']:,} B"
                + (f", puzzle {_after(sample['cold'])} / {_after(sample['warm'])} ms after ready"
                   if sample["cold"].get("puzzle") is not None else ""))
    return summarize(pages), summarize(bares)


def gzip_estimate(site: Path, paths) -> int:
    """Bytes of the given site paths gzipped (level 6, like a typical static host)."""
    total = 0
    for path in paths:
        rel = path.lstrip("/") or "index.html"
        file = site / (rel + "index.html" if rel.endswith("/") else rel)
        if file.is_file():
            total += len(gzip.compress(file.read_bytes(), 6, mtime=0))
    return total


def _ms(v):
    return "—" if v is None else f"{v:,.0f} ms"


def _b(v):
    return "—" if v is None else f"{v / 1024:,.0f} KiB"


def _ratio(a, b):
    return "—" if a is None or not b else f"{a / b:.2f}×"


def table(results: list[tuple[str, dict | None, dict]]) -> str:
    lines = [
        "| page | form usable (cold) | runtime up cold | engine ready cold | ready warm "
        "| bytes cold | own code+assets | bytes warm |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for label, page, bare in results:
        if page is None:
            lines.append(f"| {label} | not available | | | | | | |")
            continue
        lines.append(
            f"| {label} | {_ms(page['form_cold'])} | {_ms(page['runtime_cold'])} "
            f"| {_ms(page['ready_cold'])} "
            f"| {_ms(page['ready_warm'])} | {_b(page['bytes_cold'])} | {_b(page['own_cold'])} "
            f"| {_b(page['bytes_warm'])} |")
        lines.append(
            f"| ↳ bare page | — | {_ms(bare['runtime_cold'])} | {_ms(bare['ready_cold'])} "
            f"| {_ms(bare['ready_warm'])} "
            f"| {_b(bare['bytes_cold'])} | {_b(bare['own_cold'])} | {_b(bare['bytes_warm'])} |")
        lines.append(
            f"| ↳ ratio page / bare | | {_ratio(page['runtime_cold'], bare['runtime_cold'])} "
            f"| {_ratio(page['ready_cold'], bare['ready_cold'])} "
            f"| {_ratio(page['ready_warm'], bare['ready_warm'])} "
            f"| {_ratio(page['bytes_cold'], bare['bytes_cold'])} | | |")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per page (default 5)")
    parser.add_argument("--src", type=Path, default=ROOT, help="source tree to build")
    parser.add_argument("--out", default=str(ROOT / "docs" / "performance.md"),
                        help="Markdown report path, '-' for none (default docs/performance.md)")
    parser.add_argument("--phone", action="store_true",
                        help="emulate a mid-range phone: CPU 4x slower, 9 Mbit/s, 60 ms, 360x640")
    parser.add_argument("--mpy-layout", choices=("pack", "files"), default="pack",
                        help="MicroPython code as one pack (default) or one .mpy per module")
    parser.add_argument("--only", choices=("micropython", "pyodide"),
                        help="measure one runtime's page only")
    parser.add_argument("--lang", choices=("en", "ru", "it", "pl"),
                        help="open the page in this language (?lang=): a page in ru/it/pl"
                             " also fetches that language's catalog pack")
    parser.add_argument("--puzzle", type=int, default=None,
                        help="open Today's code puzzle N (?puzzle=N) and time it on screen")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    build_site = _load("build_site", ROOT / "tools" / "build_site.py")
    log = lambda msg: print(msg, file=sys.stderr, flush=True)  # noqa: E731
    with tempfile.TemporaryDirectory(prefix="lostcode-site-") as tmp:
        site = Path(tmp) / "site"
        summary = build_site.build(site, args.src, args.mpy_layout)
        bench = site / "tools" / "bench"
        bench.mkdir(parents=True)
        for name in ("hello-pyodide.html", "hello-pyodide.toml", "hello-micropython.html",
                     "hello-micropython.toml"):
            shutil.copy2(ROOT / "tools" / "bench" / name, bench / name)
        # The server runs in its own process: in this one it would share the GIL
        # with Playwright's event handling and slow down pages with many requests.
        server = subprocess.Popen(
            [sys.executable, "-c", SERVER_CODE, str(ROOT / "tools" / "serve.py"), str(site)],
            stdout=subprocess.PIPE, text=True)
        base = server.stdout.readline().strip()
        try:
            with sync_playwright() as pw:
                probe = pw.chromium.launch(
                    executable_path=CHROMIUM if Path(CHROMIUM).exists() else None,
                    args=CHROMIUM_ARGS)
                version = probe.version
                probe.close()
                results = []
                for label, path, bare_path, wasm in (
                    ("index.html (default: MicroPython)", "index.html",
                     "tools/bench/hello-micropython.html", "micropython.wasm"),
                    ("index.html?runtime=pyodide", "index.html?runtime=pyodide",
                     "tools/bench/hello-pyodide.html", "pyodide.asm.wasm"),
                ):
                    if args.only and not wasm.startswith(args.only[:4]):
                        continue
                    if args.puzzle is not None:
                        if "runtime=" in path:
                            continue
                        path += "?puzzle=" + str(args.puzzle)
                        label = f"index.html?puzzle={args.puzzle}"
                    if args.lang:
                        path += ("&" if "?" in path else "?") + "lang=" + args.lang
                        label += f" ?lang={args.lang}"
                    log(f"{label}{' (phone)' if args.phone else ''}:")
                    first = run_once(pw, base + path, wait_sw=False, phone=args.phone)
                    if wasm not in first["cold"]["wasm"]:
                        log(f"  not available (the page loaded {first['cold']['wasm']})")
                        results.append((label, None, None))
                        continue
                    page, bare = measure_pair(pw, base, path, bare_path, args.runs, log,
                                              args.phone)
                    page["own_gzip"] = gzip_estimate(site, page["own_paths"])
                    results.append((label, page, bare))
        finally:
            server.terminate()
            server.wait(10)

    text = table(results)
    for label, page, _bare in results:
        if page is not None and page.get("puzzle_cold") is not None:
            text += (f"\n\n{label}: puzzle on screen {_ms(page['puzzle_cold'])} cold, "
                     f"{_ms(page['puzzle_warm'])} warm (median); after the engine is ready "
                     f"{_ms(page['puzzle_after_cold'])} cold, {_ms(page['puzzle_after_warm'])} "
                     "warm (median of each run's difference)")
    print(text)
    for line in aims(results, summary, args.phone):
        print(line)
    if args.out != "-":
        write_report(Path(args.out), text, results, summary, version, args.runs, args.phone,
                     args.mpy_layout)
        print(f"wrote {args.out}")
    return 0


def _cpu() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def _met(ok) -> str:
    return "met" if ok else "NOT met"


def aims(results, summary: dict, phone: bool) -> list[str]:
    """Issue 17's targets, from one run (ratios within the run)."""
    out = []
    found = {("pyodide" if "pyodide" in label else "default"): (p, b)
             for label, p, b in results if p}
    default = found.get("default")
    pyodide = found.get("pyodide")
    if default:
        page, bare = default
        cold = page["ready_cold"] / bare["ready_cold"]
        warm = page["ready_warm"] / bare["ready_warm"]
        if phone:
            out.append(f"- default page ready ≤ 3 s cold on the emulated phone: "
                       f"**{_ms(page['ready_cold'])}** ({_met(page['ready_cold'] <= 3000)})")
        out += [
            f"- default page ready cold ≤ 1.25× the bare MicroPython page: **{cold:.2f}×** "
            f"({_met(cold <= 1.25)})",
            f"- default page ready warm ≤ 1.5× the bare page warm: **{warm:.2f}×** "
            f"({_met(warm <= 1.5)})",
            f"- own bytes on the wire ≤ 200 KiB: **{_b(page['own_cold'])}** "
            f"({_met(page['own_cold'] <= 200 * 1024)}; gzipped estimate "
            f"{_b(page['own_gzip'])})",
        ]
    out.append(f"- service-worker precache ≤ 2.5 MB: **{summary['precache_bytes'] / 1e6:.2f} MB**"
               f" ({_met(summary['precache_bytes'] <= 2_500_000)}; Pyodide's "
               f"{summary['lazy_bytes'] / 1e6:.1f} MB are cached on first use)")
    if pyodide:
        page, bare = pyodide
        cold = page["ready_cold"] / bare["ready_cold"]
        out.append(f"- Pyodide page ready cold ≤ 1.10× its bare page: **{cold:.2f}×** "
                   f"({_met(cold <= 1.10)})")
    return out


def write_report(path: Path, text: str, results, summary: dict, version: str, runs: int,
                 phone: bool = False, mpy_layout: str = "pack") -> None:
    mode = ("an emulated mid-range phone (CPU 4× slower, 9 Mbit/s down, 60 ms round trip, "
            "360×640, through the DevTools protocol)" if phone else "no emulation (desktop)")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    git = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                         capture_output=True, text=True).stdout.strip()
    body = f"""# Load performance

Measured by `python3 tools/bench_load.py` (its docstring defines every column)
on {datetime.date.today().isoformat()}, commit {git}: the built site
(`tools/build_site.py`, {summary['files']} files, {summary['bytes']:,} bytes, of which
{summary['own_bytes']:,} are ours — every file not under vendor/, fetched or not) served
locally by tools/serve.py's server (HTTP/1.1, no compression). Machine: {os.cpu_count()} cores
({_cpu()}), Chromium {version} (Debian, headless). Medians of {runs} runs; each run has a
fresh browser profile (cold), then a second visit in the same profile (warm); the
page and its bare page run alternately. Load average when the run ended: {load:.1f}
(other jobs share the machine: compare ratios within a run rather than absolute times).
Mode: {mode}; MicroPython code layout: {mpy_layout}.

{text}

- *form usable*: the set-up's submit button ("Play …", once "Start …") is visible and enabled
  at an animation frame (the form is plain HTML; a press before Python is up is queued).
- *warm* for index.html: served by the service worker from Cache Storage; for the bare
  pages: HTTP cache with revalidation (no service worker).
- *own code+assets*: bytes of the requests not under vendor/ (page, configs, Python
  files, CSS, SVG, icons, pwa.js) on the cold visit, as transferred (uncompressed here).

## Aims (issue 17)
{chr(10).join(aims(results, summary, phone))}
"""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(body, encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
