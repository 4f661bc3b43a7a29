"""A friend behind NAT (issue 41): the guest's phone in a network namespace
of its own behind a masquerading router, the host, the site, the relay and
the STUN server on the "internet" side (tests/table_nat_script.py, run in
`unshare -rn`: a user and network namespace, no root needed).

The guest is seated from its link and plays; every phone's DOM and every
message is checked after every action. Its data channel to the host is
proved to cross the NAT: the STUN server told the guest the router's
address, the internet side has no route to the home network, and the
router forwarded the data channel's UDP both ways (counted by nft rules).

Skipped, saying why, where the machine allows no user and network
namespaces or lacks `nft` (nftables) or coturn: tools/test.sh installs both.
"""

import json
import os
import shutil
import signal
import subprocess
import sys

import pytest
from helpers import ROOT

pytestmark = pytest.mark.browser

ROUTER = "203.0.113.2"
HOME = "192.168.41.2"
# nft and ip live in /usr/sbin, which a user's PATH may lack.
PATH = os.environ.get("PATH", "") + ":/usr/sbin:/sbin"


def why_not():
    """Why this machine cannot run the test ("" when it can)."""
    try:
        probe = subprocess.run(["unshare", "-rn", "ip", "link", "set", "lo", "up"],
                               capture_output=True, text=True, timeout=20,
                               env={**os.environ, "PATH": PATH})  # fmt: skip
    except (OSError, subprocess.TimeoutExpired) as e:
        return f"`unshare -rn` cannot run here: {e}"
    if probe.returncode != 0:
        return "this machine allows no user and network namespaces (`unshare -rn`): " + (
            probe.stderr.strip() or f"exit {probe.returncode}")  # fmt: skip
    for exe, package in (("nft", "nftables"), ("turnserver", "coturn"), ("nsenter", "util-linux")):
        if shutil.which(exe, path=PATH) is None:
            return f"no `{exe}` ({package}): `bash tools/test.sh --setup-only` installs it"
    return ""


def test_a_guest_behind_nat_is_seated_and_plays():
    reason = why_not()
    if reason:
        pytest.skip(reason)
    proc = subprocess.Popen(
        ["unshare", "-rn", sys.executable, str(ROOT / "tests" / "table_nat_script.py")],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True, env={**os.environ, "PATH": PATH},
    )  # fmt: skip
    try:
        stdout, stderr = proc.communicate(timeout=600)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)  # its group: what it started too
            proc.communicate()
    assert proc.returncode == 0, stderr[-4000:]
    out = json.loads(stdout.strip().splitlines()[-1])
    assert out["guest_moves"] >= 8
    assert out["guest_srflx"] == [ROUTER], out  # STUN told the guest the router's address
    # Both sides' data channel connected; the internet side has no route to the
    # home network, so its traffic crossed the router's NAT: the router forwarded
    # the data channel's UDP (the game's messages, STUN's aside).
    assert out["host_pairs"] and out["guest_pairs"], out
    assert all(p["remote"][0] != HOME for p in out["host_pairs"]), out
    assert out["udp_through_router"] > 20000, out  # the observations: several kB each
