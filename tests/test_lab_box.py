"""Issue 44: the bot's box (assets/lab-box.js) and the policies that allow it.

The box's one inline script is allowed by its hash, in the box's own policy
and in the page's (a srcdoc frame inherits it): both must be the hash of the
script as shipped, in the source tree and in the built file (tools/build_site.py
lean() may rewrite a file). The browser side is tests/test_browser_lab_box.py.
"""

import base64
import hashlib
import importlib.util
import json
import shutil
import subprocess

import pytest
from helpers import ROOT

from lostcode.web.shell import csp

_spec = importlib.util.spec_from_file_location("build_site", ROOT / "tools" / "build_site.py")
build_site = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(build_site)

READ = """
const m = await import(process.argv[1]);
console.log(JSON.stringify({ script: m.BOX_SCRIPT, hash: m.BOX_HASH, policy: m.BOX_POLICY }));
"""


def box_module(tmp_path, data: bytes) -> dict:
    if shutil.which("node") is None:
        pytest.skip("Node is not installed")
    copy = tmp_path / "lab-box.mjs"
    copy.write_bytes(data)
    done = subprocess.run(["node", "--input-type=module", "-e", READ, copy.as_uri()],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def sha256(text: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()


def test_the_box_script_hash_is_in_every_policy(tmp_path):
    source = (ROOT / "assets" / "lab-box.js").read_bytes()
    for data in (source, build_site.lean("assets/lab-box.js", source)):
        box = box_module(tmp_path, data)
        assert box["hash"] == sha256(box["script"])
        assert f"'{box['hash']}'" in box["policy"]
    assert csp.BOX_HASH == f"'{box['hash']}'"
    assert csp.BOX_HASH in csp.directives()["script-src"]
    for page in ("index.html", "lab.html"):
        assert csp.BOX_HASH in (ROOT / page).read_text(encoding="utf-8")


def test_the_box_allows_no_request_and_no_origin():
    """Its policy: no connect-src but 'none', scripts and workers only from blob:
    URLs (its own), and the frame has no allow-same-origin (an opaque origin)."""
    text = (ROOT / "assets" / "lab-box.js").read_text(encoding="utf-8")
    assert 'setAttribute("sandbox", "allow-scripts")' in text
    assert "allow-same-origin" not in text.replace("without allow-same-origin", "")
    box_policy = text[text.index("BOX_POLICY = "):text.index("const BOX_HTML")]
    assert "connect-src 'none'" in box_policy and "default-src 'none'" in box_policy
    assert "worker-src blob:" in box_policy and "'self'" not in box_policy
