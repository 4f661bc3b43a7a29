#!/usr/bin/env python3
"""Table mode: the time from opening a join link to seated (issues 23 and 41).

    .venv/bin/python tools/bench_table.py                 # internet links over a local relay
    .venv/bin/python tools/bench_table.py --runs 9 --players 4
    .venv/bin/python tools/bench_table.py --mode lan      # same-Wi-Fi codes (offer, answer)

Why: joining must feel instant (issue 41: <= 4 s median on this machine).
The host and each guest are separate Chromium contexts on this machine
(real RTCPeerConnections). `net` starts the local MQTT broker
(tools/mqtt_broker.mjs, aedes from node_modules) and gives every context a
network.json naming only it (as the tests do; nothing reaches the
internet). Each run opens every phone seat's link in a fresh context (its
own cache: a first visit) and waits for the table drawn on it; the guest's
context is closed after each run, so the next run is a rejoin from the same
link. Printed per run and seat, then the medians:

  booted_ms   opening the link -> the page's engine ready (the page and its
              Python runtime start)
  seated_ms   opening the link -> the table drawn on the guest's phone (net:
              the relay, ICE, DTLS, SCTP, the join and the first state;
              lan: the answer code made, handed to the host, Connect)
  link_chars  the link's length (net) / the offer link's (lan)

Served from --root (default: this repository) on a free local port.
"""

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "tests"))
CHROMIUM = os.environ.get("LOSTCODE_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--players", type=int, default=3, choices=(2, 3, 4))
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--mode", choices=("net", "lan"), default="net")
    ap.add_argument("--root", default=str(ROOT))
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright
    from serve import serve_in_thread
    from tablenet import NO_RELAYS, Broker, route_network

    broker = Broker() if args.mode == "net" else None
    network = broker.config() if broker else NO_RELAYS
    server, base = serve_in_thread(Path(args.root))
    rows = []
    try:
        with sync_playwright() as pw:
            kw: dict = {"args": ARGS}
            if Path(CHROMIUM).exists():
                kw["executable_path"] = CHROMIUM
            browser = pw.chromium.launch(**kw)

            def page():
                ctx = browser.new_context(viewport={"width": 360, "height": 640})
                route_network(ctx, network)
                return ctx.new_page()

            host = page()
            host.goto(base + "index.html#table=host")
            host.wait_for_selector("[data-act=table_start]", timeout=120000)
            host.select_option("#table-players", str(args.players))
            host.click("[data-act=table_start]")
            for run in range(args.runs):
                for seat in range(1, args.players):
                    attr = "data-net-seat" if broker else "data-seat"
                    sel = f"textarea[{attr}='{seat}']"
                    host.wait_for_selector(sel, state="attached", timeout=30000)
                    link = host.input_value(sel)
                    guest = page()
                    t0 = time.perf_counter()
                    guest.goto(link)
                    guest.wait_for_selector("html[data-engine=ready]", timeout=120000)
                    t1 = time.perf_counter()
                    if not broker:
                        guest.wait_for_selector("textarea.table-code", timeout=60000)
                        answer = guest.input_value("textarea.table-code")
                        if host.locator("#table-rejoin").count():
                            host.evaluate("document.querySelector('#table-rejoin').open = true")
                        host.fill(f"#table-answer-{seat}", answer)
                        host.click(f"[data-act=table_connect][data-arg='{seat}']")
                    guest.wait_for_selector("#tablemode[data-public]", timeout=60000)
                    t2 = time.perf_counter()
                    row = {
                        "mode": args.mode,
                        "run": run,
                        "seat": seat,
                        "link_chars": len(link),
                        "booted_ms": round((t1 - t0) * 1000),
                        "seated_ms": round((t2 - t0) * 1000),
                    }
                    rows.append(row)
                    print(json.dumps(row), flush=True)
                    guest.context.close()
                    # The host sees the seat gone before the next run's join.
                    host.wait_for_selector(
                        f".table-seated li[data-seat='{seat}']", timeout=30000
                    )
            browser.close()
    finally:
        server.shutdown()
        if broker:
            broker.stop()
    for key in ("booted_ms", "seated_ms"):
        values = [r[key] for r in rows]
        print(
            f"{key}: median {statistics.median(values):.0f} ms, "
            f"min {min(values)}, max {max(values)} (n={len(values)}, {args.mode}, "
            f"{args.players} players)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
