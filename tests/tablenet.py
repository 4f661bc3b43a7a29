"""Table mode over a relay, on this machine (issue 41): a local MQTT broker
and a local STUN server.

`Broker` starts tools/mqtt_broker.mjs (aedes over ws, from node_modules) on a
free loopback port. `Stun` starts Debian's coturn (`turnserver`, installed by
tools/test.sh) as a STUN-only server on a free loopback UDP port; STUN_SEEN
(an init script) counts the server-reflexive candidates a page gathers, so a
test proves the page used the STUN server its network.json names.
Both listen on loopback unless given another address (the NAT test's
internet side: tests/table_nat_script.py).
`route_network(context, config)` makes the context read `config` as
assets/table/network.json: the shipped file (public brokers) is never
edited and never read by a test, so no test reaches the internet; a link
cannot name a relay (the page reads relays only from the site's file).
"""

import json
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NO_RELAYS = {"relays": [], "stun": []}


class Broker:
    def __init__(self, host="127.0.0.1"):
        self.proc = subprocess.Popen(
            ["node", str(ROOT / "tools" / "mqtt_broker.mjs"), "0", host],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        line = self.proc.stdout.readline().strip()
        if not line.startswith("listening "):
            self.stop()
            raise RuntimeError("the local MQTT broker did not start: " + line)
        self.port = int(line.split()[1])
        self.url = f"ws://{host}:{self.port}/"

    def config(self, stun=None):
        return {"relays": [self.url], "stun": [stun.url] if stun else [], "connect_ms": 4000}

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()


class Stun:
    def __init__(self, host="127.0.0.1"):
        exe = shutil.which("turnserver")
        if exe is None:
            raise RuntimeError("no turnserver: `bash tools/test.sh --setup-only` installs coturn")
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.bind((host, 0))
            self.port = probe.getsockname()[1]
        self.dir = tempfile.TemporaryDirectory()
        d = self.dir.name
        self.proc = subprocess.Popen(
            [
                exe,
                "-n",
                "--stun-only",
                "--no-cli",
                "--no-tls",
                "--no-dtls",
                "--no-tcp",
                f"--listening-ip={host}",
                f"--listening-port={self.port}",
                f"--pidfile={d}/turn.pid",
                f"--userdb={d}/turndb",
                "--log-file=stdout",
                "--simple-log",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(0.5)
        if self.proc.poll() is not None:
            raise RuntimeError("the local STUN server (coturn) did not start")
        self.url = f"stun:{host}:{self.port}"

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.dir.cleanup()


# Installed before any page script: the STUN servers each RTCPeerConnection
# is given, and how many server-reflexive candidates (a STUN server's answer)
# the page gathered, over the tab's life (kept in sessionStorage: a reload too).
STUN_SEEN = """
(() => {
  const Orig = window.RTCPeerConnection;
  window.__pcs = [];  // every connection, for the NAT test's getStats
  const kept = JSON.parse(sessionStorage.getItem("__stun") || "null");
  window.__stun = kept || { servers: [], srflx: 0 };
  const save = () => sessionStorage.setItem("__stun", JSON.stringify(window.__stun));
  function Counted(cfg, ...rest) {
    const pc = new Orig(cfg, ...rest);
    window.__pcs.push(pc);
    window.__stun.servers.push(JSON.stringify((cfg && cfg.iceServers) || []));
    save();
    pc.addEventListener("icecandidate", (e) => {
      if (e.candidate && / typ srflx /.test(e.candidate.candidate)) {
        window.__stun.srflx += 1;
        save();
      }
    });
    return pc;
  }
  Counted.prototype = Orig.prototype;
  window.RTCPeerConnection = Counted;
})();
"""


def route_network(context, config):
    """The context's pages read `config` as the site's network.json."""
    body = json.dumps(config)
    context.route(
        "**/assets/table/network.json",
        lambda route: route.fulfill(status=200, content_type="application/json", body=body),
    )
