#!/usr/bin/env python3
"""Table mode's join codes and the time from a scan to a seat (issue 23).

    python3 tools/bench_table.py              # 3 players: the host and 2 guest phones
    python3 tools/bench_table.py --players 4 --root DIR

Why: a join code must fit one QR code a phone reads at arm's length (the
target is 300 characters), and joining must feel instant. The host and each
guest are separate Chromium contexts on this machine with real
RTCPeerConnections (mDNS host candidates, as on a phone); the "scan" hands
the code text over directly. For each guest it prints:

  offer      the join code's characters (ASCII: bytes), and the link's
  answer     the answer code's characters
  *_rebuilt_sdp_chars  the SDP each code is rebuilt into (what it stands for)
  scan_to_answer_ms   from opening the link to the answer code on screen
                      (the page and its Python runtime start, the answer is made)
  answer_to_seated_ms from the answer given to the host to the guest's first
                      observation drawn (ICE, DTLS, SCTP, join, first state)
  scan_to_seated_ms   the sum: what a player waits for

Served from --root (default: this repository) on a free local port.
"""

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
CHROMIUM = os.environ.get("LOSTCODE_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]

SDP_JS = """async (code) => {
  const L = await import('./assets/table/link.js');
  return L.unpack(code).sdp.length;
}"""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--players", type=int, default=3, choices=(2, 3, 4))
    ap.add_argument("--root", default=str(ROOT))
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright
    from serve import serve_in_thread

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
                return ctx.new_page()

            host = page()
            host.goto(base + "index.html#table=host")
            host.wait_for_selector("[data-table=start]", timeout=120000)
            host.select_option("#table-players", str(args.players))
            host.click("[data-table=start]")
            for seat in range(1, args.players):
                sel = f"textarea[data-seat='{seat}']"
                host.wait_for_selector(sel, timeout=30000)
                link = host.input_value(sel)
                offer = link.split("#j=", 1)[1]
                guest = page()
                t0 = time.perf_counter()
                guest.goto(link)
                guest.wait_for_selector("textarea.table-code", timeout=120000)
                answer = guest.input_value("textarea.table-code")
                t1 = time.perf_counter()
                host.fill(f"#table-answer-{seat}", answer)
                host.click(f"[data-table=connect][data-seat='{seat}']")
                guest.wait_for_selector("#tablemode[data-public]", timeout=30000)
                t2 = time.perf_counter()
                rows.append(
                    {
                        "seat": seat,
                        "offer_chars": len(offer),
                        "offer_link_chars": len(link),
                        "answer_chars": len(answer),
                        "offer_rebuilt_sdp_chars": guest.evaluate(SDP_JS, offer),
                        "answer_rebuilt_sdp_chars": guest.evaluate(SDP_JS, answer),
                        "scan_to_answer_ms": round((t1 - t0) * 1000),
                        "answer_to_seated_ms": round((t2 - t1) * 1000),
                        "scan_to_seated_ms": round((t2 - t0) * 1000),
                    }
                )
            browser.close()
    finally:
        server.shutdown()
    for r in rows:
        print(json.dumps(r))
    return 0


if __name__ == "__main__":
    sys.exit(main())
