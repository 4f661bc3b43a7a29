"""The dev server (tools/serve.py) lets the browser cache files between reloads
while edits still show: validators (ETag, Last-Modified) on every file, 304
for an unchanged one, no-cache for code, a short max-age for media and runtimes."""

import os
import urllib.error
import urllib.request

import pytest
from helpers import serve_in_thread


@pytest.fixture
def site(tmp_path):
    (tmp_path / "index.html").write_text("<!doctype html><title>t</title>", encoding="utf-8")
    (tmp_path / "lostcode").mkdir()
    (tmp_path / "lostcode" / "engine.py").write_text("X = 1\n", encoding="utf-8")
    (tmp_path / "assets").mkdir()
    (tmp_path / "assets" / "symbols.svg").write_text("<svg/>", encoding="utf-8")
    (tmp_path / "vendor").mkdir()
    (tmp_path / "vendor" / "core.js").write_text("export {};\n", encoding="utf-8")
    server, base = serve_in_thread(tmp_path)
    yield tmp_path, base
    server.shutdown()
    server.server_close()


def get(url, etag=None):
    req = urllib.request.Request(url, headers={"If-None-Match": etag} if etag else {})
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), b""


def test_code_is_revalidated_and_an_edit_shows(site):
    root, base = site
    status, headers, body = get(base + "lostcode/engine.py")
    assert status == 200 and body == b"X = 1\n"
    assert headers["Cache-Control"] == "no-cache"
    assert headers["ETag"] and headers["Last-Modified"]
    status, again, body = get(base + "lostcode/engine.py", headers["ETag"])
    assert (status, body) == (304, b"")
    assert again["ETag"] == headers["ETag"]
    # An edit (new size and mtime) changes the validator: the browser gets the new file.
    path = root / "lostcode" / "engine.py"
    path.write_text("X = 22\n", encoding="utf-8")
    st = os.stat(path)
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))
    status, edited, body = get(base + "lostcode/engine.py", headers["ETag"])
    assert (status, body) == (200, b"X = 22\n")
    assert edited["ETag"] != headers["ETag"]


def test_media_and_runtimes_are_reused_for_a_short_while(site):
    _, base = site
    for path in ("assets/symbols.svg", "vendor/core.js"):
        status, headers, _ = get(base + path)
        assert status == 200
        assert headers["Cache-Control"] == "max-age=60", path
        assert get(base + path, headers["ETag"])[0] == 304


def test_the_page_itself_is_always_revalidated(site):
    _, base = site
    status, headers, _ = get(base)
    assert status == 200 and headers["Cache-Control"] == "no-cache"
    assert get(base, headers["ETag"])[0] == 304
    assert get(base + "index.html?lang=it", headers["ETag"])[0] == 304


def test_missing_file_is_a_plain_404(site):
    _, base = site
    status, headers, _ = get(base + "nope.py")
    assert status == 404 and "ETag" not in headers
