"""Table mode over a relay, on this machine (issue 41): a local MQTT broker.

`Broker` starts tools/mqtt_broker.mjs (aedes over ws, from node_modules) on a
free loopback port. `route_network(context, config)` makes the context read
`config` as assets/table/network.json: the shipped file (public brokers) is
never edited and never read by a test, so no test reaches the internet; a
link cannot name a relay (the page reads relays only from the site's file).
"""

import json
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NO_RELAYS = {"relays": [], "stun": []}


class Broker:
    def __init__(self):
        self.proc = subprocess.Popen(
            ["node", str(ROOT / "tools" / "mqtt_broker.mjs"), "0"],
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
        self.url = f"ws://127.0.0.1:{self.port}/"

    def config(self, **extra):
        return {"relays": [self.url], "stun": [], "connect_ms": 4000, **extra}

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()


def route_network(context, config):
    """The context's pages read `config` as the site's network.json."""
    body = json.dumps(config)
    context.route(
        "**/assets/table/network.json",
        lambda route: route.fulfill(status=200, content_type="application/json", body=body),
    )
