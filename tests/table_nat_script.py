"""A guest phone behind NAT (issue 41), run by tests/test_browser_table_nat.py
inside `unshare -rn` (a user and network namespace of its own: no root, and
nothing of the machine's own network is touched).

The namespace it starts in stands for the internet: the site, the MQTT
broker (tools/mqtt_broker.mjs) and the STUN server (coturn) listen on
PUBLIC, and the host's browser runs there. A second namespace is a home
router (its WAN address ROUTER, a masquerading NAT made with nft); a third
is the friend's home network (HOME_NET) behind it, where the guest's
browser runs (Playwright starts it through `nsenter`). The friend opens
their seat's link, is seated and plays; every phone's DOM and every message
is checked after every action (test_browser_table.check). Printed at the
end, as one JSON line: the candidates each side's connection chose (from
getStats; Chromium hides a peer-reflexive candidate's address), the
server-reflexive addresses the guest got from STUN, and the bytes of UDP
the router forwarded between the home and the internet side, STUN's aside.
"""

import asyncio
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]

from conftest import CHROMIUM_ARGS, chromium_executable  # noqa: E402
from helpers import serve_in_thread  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from tablenet import Broker, Stun  # noqa: E402
from test_browser_table import check, take_turn, turn_moves  # noqa: E402
from test_browser_table_net import NetTable  # noqa: E402

from lostcode.rules.engine import is_over  # noqa: E402
from lostcode.services.record import replay  # noqa: E402

PUBLIC = "203.0.113.1"  # the "internet" side (TEST-NET-3)
ROUTER = "203.0.113.2"  # the home router's WAN address: the NAT's
HOME_NET = "192.168.41."  # behind it: the router .1, the friend's phone .2

# The selected candidate pair of every connected RTCPeerConnection (tablenet.STUN_SEEN keeps them).
PAIRS_JS = """async () => {
  const out = [];
  for (const pc of window.__pcs || []) {
    if (pc.connectionState !== 'connected') continue;
    const stats = await pc.getStats();
    const by = new Map(); stats.forEach((s) => by.set(s.id, s));
    stats.forEach((s) => {
      if (s.type === 'transport' && s.selectedCandidatePairId) {
        const pair = by.get(s.selectedCandidatePairId);
        const l = by.get(pair.localCandidateId), r = by.get(pair.remoteCandidateId);
        out.push({local: [l.address, l.candidateType], remote: [r.address, r.candidateType]});
      }
    });
  }
  return out;
}"""
SRFLX_JS = """() => new Promise((done) => {
  // The guest's own STUN answer: a fresh connection's server-reflexive candidates.
  const pc = new RTCPeerConnection({iceServers: [{urls: window.__stunUrl}]});
  const seen = [];
  pc.createDataChannel('probe');
  pc.onicecandidate = (e) => {
    if (!e.candidate) { pc.close(); done(seen); return; }
    if (/ typ srflx /.test(e.candidate.candidate)) seen.push(e.candidate.address);
  };
  pc.createOffer().then((o) => pc.setLocalDescription(o));
})"""


def sh(*args, net=None):
    cmd = list(args)
    if net is not None:
        cmd = ["nsenter", f"--net=/proc/{net}/ns/net"] + cmd
    subprocess.run(cmd, check=True)


def topology():
    """The router's and the home's namespaces (each held by a sleeping
    process), wired: internet <-> router (NAT) <-> home."""
    sh("ip", "link", "set", "lo", "up")
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    router = subprocess.Popen(["unshare", "-n", "sleep", "900"], **quiet)
    home = subprocess.Popen(["unshare", "-n", "sleep", "900"], **quiet)
    time.sleep(0.3)
    r, h = router.pid, home.pid
    sh("ip", "link", "add", "wan0", "type", "veth", "peer", "name", "wan1")
    sh("ip", "link", "set", "wan1", "netns", f"/proc/{r}/ns/net")
    sh("ip", "addr", "add", PUBLIC + "/24", "dev", "wan0")
    sh("ip", "link", "set", "wan0", "up")
    sh("ip", "link", "set", "lo", "up", net=r)
    sh("ip", "addr", "add", ROUTER + "/24", "dev", "wan1", net=r)
    sh("ip", "link", "set", "wan1", "up", net=r)
    sh("ip", "link", "add", "lan0", "type", "veth", "peer", "name", "lan1", net=r)
    sh("ip", "addr", "add", HOME_NET + "1/24", "dev", "lan0", net=r)
    sh("ip", "link", "set", "lan0", "up", net=r)
    sh("sysctl", "-q", "-w", "net.ipv4.ip_forward=1", net=r)
    sh("nft", "add table ip nat", net=r)
    sh("nft", "add chain ip nat post { type nat hook postrouting priority 100 ; }", net=r)
    sh("nft", "add rule ip nat post oifname wan1 masquerade", net=r)
    sh("ip", "link", "set", "lan1", "netns", f"/proc/{h}/ns/net", net=r)
    sh("ip", "link", "set", "lo", "up", net=h)
    sh("ip", "addr", "add", HOME_NET + "2/24", "dev", "lan1", net=h)
    sh("ip", "link", "set", "lan1", "up", net=h)
    sh("ip", "route", "add", "default", "via", HOME_NET + "1", net=h)
    return router, home


def forwarded(router):
    """The bytes of UDP the router forwarded to and from the home (STUN's aside)."""
    out = subprocess.run(["nsenter", f"--net=/proc/{router}/ns/net", "nft", "-j", "list",
                          "chain", "ip", "count", "hop"], capture_output=True, text=True,
                         check=True).stdout  # fmt: skip
    total = 0
    for item in json.loads(out)["nftables"]:
        for expr in item.get("rule", {}).get("expr", []):
            if "counter" in expr:
                total += expr["counter"]["bytes"]
    return total


class Relay:
    """The broker as every phone names it: ws://127.0.0.1 (the page's policy
    allows a relay on loopback only, besides the public ones: csp.py, and
    Chromium lets only a page served from loopback reach loopback); at
    home, `forward` carries the site's and the broker's ports through the
    router to the internet side."""

    def __init__(self, broker):
        self.broker = broker
        self.url = f"ws://127.0.0.1:{broker.port}/"

    def config(self, stun):
        return {"relays": [self.url], "stun": [stun.url], "connect_ms": 4000}


async def forward(ports):
    """At home: 127.0.0.1:port -> PUBLIC:port, byte for byte (a TCP relay)."""

    async def pipe(r, w):
        try:
            while True:
                data = await r.read(65536)
                if not data:
                    break
                w.write(data)
                await w.drain()
        finally:
            w.close()

    def handler(port):
        async def handle(r, w):
            r2, w2 = await asyncio.open_connection(PUBLIC, port)
            await asyncio.gather(pipe(r, w2), pipe(r2, w))

        return handle

    for port in ports:
        await asyncio.start_server(handler(port), "127.0.0.1", port)
    print("forwarding", flush=True)
    await asyncio.Event().wait()


def main():
    """Everything started here is stopped here, whatever fails."""
    started = []
    try:
        run(started)
    finally:
        for proc in reversed(started):
            if hasattr(proc, "stop"):
                proc.stop()
            elif hasattr(proc, "shutdown"):
                proc.shutdown()
            else:
                proc.kill()


def run(started):
    router, home = topology()
    started += [router, home]
    # Loopback here, PUBLIC for the home's forwarder.
    server, _any = serve_in_thread(HERE.parent, "0.0.0.0")
    started.append(server)
    url = f"http://127.0.0.1:{server.server_port}/"
    broker = Broker("0.0.0.0")
    started.append(broker)
    stun = Stun(PUBLIC)
    started.append(stun)
    # The router counts the UDP it forwards between the home and the internet
    # side, STUN's aside: a data channel to the host can only go this way.
    r = router.pid
    sh("nft", "add table ip count", net=r)
    sh("nft", "add chain ip count hop { type filter hook forward priority 0 ; }", net=r)
    sh("nft", f"add rule ip count hop ip saddr {HOME_NET}2 udp dport != {stun.port} counter",
       net=r)  # fmt: skip
    sh("nft", f"add rule ip count hop ip daddr {HOME_NET}2 udp sport != {stun.port} counter",
       net=r)  # fmt: skip
    fwd = subprocess.Popen(
        ["nsenter", f"--net=/proc/{home.pid}/ns/net", sys.executable, __file__, "--forward",
         str(server.server_port), str(broker.port)], stdout=subprocess.PIPE, text=True)  # fmt: skip
    started.append(fwd)
    assert fwd.stdout.readline().strip() == "forwarding"
    chromium = chromium_executable() or "/usr/bin/chromium"
    with tempfile.TemporaryDirectory() as d:
        wrapper = Path(d) / "chromium-at-home"
        wrapper.write_text(
            f'#!/bin/sh\nexec nsenter --net=/proc/{home.pid}/ns/net {chromium} "$@"\n'
        )
        os.chmod(wrapper, 0o755)
        with sync_playwright() as pw:
            internet = pw.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
            behind = pw.chromium.launch(executable_path=str(wrapper), args=CHROMIUM_ARGS)
            try:
                result = play(internet, behind, url, Relay(broker), stun)
                result["udp_through_router"] = forwarded(r)
            finally:
                internet.close()
                behind.close()
    print(json.dumps(result))


def play(internet, behind, url, broker, stun):
    table = NetTable(internet, url, broker, stun)
    h = table.host
    h.goto(table.url + "#table=host")
    h.wait_for_selector("[data-act=table_start]", timeout=60000)
    h.get_by_role("textbox", name="Your name").fill("Ana")
    h.get_by_role("combobox", name="Number of players").select_option("2")
    h.get_by_role("textbox", name="Name of player 2").fill("Bo")
    h.get_by_role("button", name="Play", exact=True).click()
    h.on("console", lambda m: print("host console:", m.text, file=sys.stderr))
    table.browser = behind
    try:
        guest = table.join(1)
    except Exception:
        print("host shows:", h.inner_text("#tablemode")[:1500], file=sys.stderr)
        raise
    table.browser = internet
    guest.evaluate("(u) => { window.__stunUrl = u; }", stun.url)
    table.settle(0)
    rng = random.Random(41)
    guest_moves = 0
    steps = 0
    while guest_moves < 8:
        s = replay(table.record())
        looks = check(table, s)
        assert not is_over(s)
        seat, pg = table.actor(looks)
        assert seat == s.to_act, (seat, s.to_act)
        take_turn(pg, rng)
        table.settle(len(s.actions) + turn_moves(s))
        guest_moves += seat == 1
        steps += 1
        assert steps < 200
    check(table, replay(table.record()))
    for log in table.logs:
        log.assert_same_origin()
    table.secrets_kept()
    return {
        "steps": steps,
        "guest_moves": guest_moves,
        "host_pairs": table.host.evaluate(PAIRS_JS),
        "guest_pairs": guest.evaluate(PAIRS_JS),
        "guest_srflx": guest.evaluate(SRFLX_JS),
        "guest_address": guest.evaluate("location.host"),
    }


if __name__ == "__main__":
    if sys.argv[1:2] == ["--forward"]:
        asyncio.run(forward([int(x) for x in sys.argv[2:]]))
    else:
        main()
