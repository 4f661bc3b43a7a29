"""Table mode's network configuration (issue 41): one file the site owner
changes, assets/table/network.json, and the page's policy that lets the
page reach what it lists (lostcode/web/shell/csp.py RELAYS)."""

import json
import shutil
import subprocess
from urllib.parse import urlsplit

import pytest
from helpers import ROOT

from lostcode.web.shell import csp

CONFIG = json.loads((ROOT / "assets" / "table" / "network.json").read_text(encoding="utf-8"))


def test_every_relay_is_a_secure_websocket_the_policy_allows():
    allowed = csp.directives()["connect-src"]
    assert CONFIG["relays"]
    for url in CONFIG["relays"]:
        parts = urlsplit(url)
        assert parts.scheme == "wss", url  # public relays: encrypted transport too
        assert f"wss://{parts.netloc}" in allowed, url


def test_stun_servers_are_stun_urls():
    assert CONFIG["stun"]
    for url in CONFIG["stun"]:
        assert url.startswith("stun:"), url


def test_only_loopback_beyond_the_listed_relays():
    """A link can name no relay; the policy adds only ws:// on loopback (the tests' broker)."""
    extra = [s for s in csp.directives()["connect-src"] if s != "'self'"]
    listed = {"wss://" + urlsplit(u).netloc for u in CONFIG["relays"]}
    assert set(extra) - listed == {"ws://127.0.0.1:*"}


def test_the_mqtt_client_is_served_from_vendor():
    import importlib.util

    spec = importlib.util.spec_from_file_location("vendor_py", ROOT / "tools" / "vendor.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert mod.LAYOUT["mqtt"] == ("mqtt", "dist", ["mqtt.esm.js"])
    net = (ROOT / "assets" / "table" / "net.js").read_text(encoding="utf-8")
    assert '"../../vendor/mqtt/mqtt.esm.js"' in net and "https://" not in net


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node")
def test_links_and_sealed_messages_under_node():
    """assets/table/net.js: a link reads back; anything not a link is refused;
    the topic comes from the key but does not hold it; a sealed message opens
    only with its key and direction, and not once a byte of it is changed."""
    run = subprocess.run(
        ["node", str(ROOT / "tests" / "table_net_check.mjs"), str(ROOT / "assets" / "table")],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    out = json.loads(run.stdout)
    assert out["read"] == {"seat": 2, "key": out["read"]["key"], "token": "Tok_en-12345"}
    assert len(out["link"]) < 60
    assert out["bad"] == ["not a table link"] * 6
    assert out["same_topic"] and out["other_topic"] and not out["key_in_topic"]
    assert out["topic"].startswith("lostcode/t1/")
    for secret in ("Tok_en-12345", "candidate", "10.0.0.2", "offer"):
        assert secret not in out["sealed"]
    assert out["fresh_iv"]
    assert out["opened"]["token"] == "Tok_en-12345"
    for refused in ("wrong_key", "reflected", "tampered", "garbage", "huge"):
        assert out[refused] is None, refused
