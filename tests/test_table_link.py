"""Table mode's join codes (issue 23): assets/table/link.js packs an offer or
an answer into a short code and rebuilds the SDP from a template.

The codec is checked under Node on SDPs as Chromium and Firefox write them
(IPv4, IPv6 and mDNS host candidates): the code is at most 300 characters
(one QR code a phone reads at arm's length), the rebuilt SDP holds the same
ICE credentials, fingerprint and candidates, and a code that is not one is
refused with an error, never half read.
"""

import json
import shutil
import subprocess

import pytest
from helpers import ROOT

LINK = ROOT / "assets" / "table" / "link.js"
SCRIPT = ROOT / "tests" / "table_link_check.mjs"
FP = ":".join(f"{i * 7 % 256:02X}" for i in range(32))
CHROMIUM = (
    "v=0\r\no=- 4611731400430051336 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n"
    "a=group:BUNDLE 0\r\na=extmap-allow-mixed\r\na=msid-semantic: WMS\r\n"
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\n"
    "a=candidate:1467250027 1 udp 2122260223 192.168.1.23 56143 typ host generation 0 "
    "network-id 1\r\n"
    "a=candidate:2 1 udp 2122262783 fd00::2 35875 typ host generation 0\r\n"
    "a=candidate:3 1 tcp 1518280447 192.168.1.23 9 typ host tcptype active generation 0\r\n"
    "a=ice-ufrag:n8gP\r\na=ice-pwd:tqY77VYk+AIDxQCgm5q/OAAJ\r\na=ice-options:trickle\r\n"
    "a=fingerprint:sha-256 " + FP + "\r\na=setup:actpass\r\na=mid:0\r\n"
    "a=sctp-port:5000\r\na=max-message-size:262144\r\n"
)
FIREFOX = (
    "v=0\r\no=mozilla...THIS_IS_SDPARTA-99.0 1 0 IN IP4 0.0.0.0\r\ns=-\r\nt=0 0\r\n"
    "a=fingerprint:sha-256 " + FP + "\r\na=group:BUNDLE 0\r\n"
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\n"
    "a=candidate:0 1 UDP 2122187007 0c7e5d1a-8b1e-4d7c-a2a3-3f0a3c9d1e55.local 41735 typ host\r\n"
    "a=ice-pwd:0123456789abcdef0123456789abcdef\r\na=ice-ufrag:89abcdef\r\na=mid:0\r\n"
    "a=setup:actpass\r\na=sctp-port:5000\r\na=max-message-size:1073741823\r\n"
)
BAD = [
    "",
    "hello",
    "2o1.a.b.c.d.e",
    "1x1.a.b.c.d.",
    "1o9.t.abcd.abcdabcdabcdabcdabcdabcd.AA.",
    "1o1.t.ab!.abcdabcdabcdabcdabcdabcd." + "A" * 43 + ".1.2.3.4~5",
]


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    node = shutil.which("node")
    if node is None:
        pytest.skip("needs node")
    cases = tmp_path_factory.mktemp("link") / "cases.json"
    cases.write_text(json.dumps({"sdps": [CHROMIUM, FIREFOX], "bad": BAD}))
    out = subprocess.run(
        [node, str(SCRIPT), str(LINK), str(cases)],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout
    return [json.loads(line) for line in out.splitlines()]


def test_codes_are_short_and_rebuild_the_same_connection_data(results):
    for r in results[:2]:
        assert len(r["code"]) <= 300
        assert r["again"] == r["parts"]
        assert (r["kind"], r["seat"], r["token"]) == ("o", 2, "Tok_en-12")
        assert r["parts"]["fingerprint"] == FP
        assert set(r["code"]) <= set(
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.~,:*"
        )
    chrome, firefox = results[0], results[1]
    # Only UDP candidates of component 1 travel: TCP ones are never used here.
    assert chrome["parts"]["candidates"] == [["192.168.1.23", "56143"], ["fd00::2", "35875"]]
    assert firefox["parts"]["candidates"] == [
        ["0c7e5d1a-8b1e-4d7c-a2a3-3f0a3c9d1e55.local", "41735"]
    ]
    assert chrome["parts"]["pwd"] == "tqY77VYk+AIDxQCgm5q/OAAJ"
    # An mDNS name (a UUID) travels as 16 bytes: 23 characters instead of 42.
    assert "*DH5dGoseTXyioz8KPJ0eVQ~41735" in firefox["code"]


def test_a_code_that_is_not_one_is_refused(results):
    bad = results[2:]
    assert [b["bad"] for b in bad] == BAD
    assert all(b["error"] for b in bad), bad
