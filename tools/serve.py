#!/usr/bin/env python3
"""Serve The Lost Code from the repo root for local development.

    python3 tools/serve.py            # http://127.0.0.1:8000/
    python3 tools/serve.py --port 8080
    python3 tools/serve.py --no-install   # don't run `npm ci` even if vendor/ is missing

On a fresh checkout, vendor/ (the Pyodide/PyScript/MicroPython runtimes, gitignored)
does not exist yet: this script then runs `npm ci`, whose postinstall step
(tools/vendor.py) fills vendor/. Everything is served from this machine; the
site never loads anything from a CDN.

Caching (the browser keeps files between reloads, and edits still show):
every file is sent with validators — `ETag` (from its size and modification
time) and `Last-Modified` — so a revalidation of an unchanged file is a small
`304 Not Modified` without a body.
  - Code and configuration (.html, .py, .js, .mjs, .css, .toml, .json, sw.js,
    ...): `Cache-Control: no-cache`. The browser keeps its copy but asks on
    every use; an edited file changes its ETag, so a plain reload shows the edit.
  - Media and the vendored runtimes (.svg, .png, .wasm, .zip, .webmanifest,
    fonts; everything under vendor/): `Cache-Control: max-age=60`. Used from
    the browser's cache without a request for a minute (the sprite sheet
    assets/symbols.svg is referenced by every drawn symbol), then revalidated.
    An edit to one of these shows within a minute, or at once with a hard
    reload (Ctrl+Shift+R); vendor/ changes only with `npm ci`.
Explicit MIME types for .mjs/.wasm/.webmanifest/.toml, independent of the
host's /etc/mime.types.

`make_server(root, host, port, quiet)` is reused by the test suite
(tests/helpers.py), so tests and development serve files the same way.
"""

import argparse
import functools
import os
import shutil
import subprocess
import sys
import threading
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent

MIME_TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json",
    ".json": "application/json",
    ".zip": "application/zip",
    ".toml": "text/plain; charset=utf-8",
    ".py": "text/x-python; charset=utf-8",
    ".po": "text/plain; charset=utf-8",
    ".md": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".woff2": "font/woff2",
}

# Files the browser may reuse for a minute without asking (see the docstring).
SHORT_CACHE_SECONDS = 60
SHORT_CACHE_SUFFIXES = (
    ".svg", ".png", ".ico", ".webp", ".jpg", ".wasm", ".zip", ".webmanifest", ".woff2",
)


def cache_control(url_path: str) -> str:
    """The Cache-Control header for a URL path (query string already removed)."""
    if url_path.startswith("/vendor/") or url_path.endswith(SHORT_CACHE_SUFFIXES):
        return "max-age=" + str(SHORT_CACHE_SECONDS)
    return "no-cache"


def etag_of(st: os.stat_result) -> str:
    """A strong validator that changes whenever the file is rewritten."""
    return '"' + format(st.st_mtime_ns, "x") + "-" + format(st.st_size, "x") + '"'


class Handler(SimpleHTTPRequestHandler):
    """Static files with validators, a cache policy and fixed MIME types;
    set `quiet` to silence logs."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    quiet = False
    _etag: str | None = None

    def send_head(self):
        """Answer `If-None-Match` with 304 when the file is unchanged; else as usual."""
        self._etag = None
        url_path = unquote(urlsplit(self.path).path)
        fs_path = self.translate_path(self.path)
        if os.path.isdir(fs_path) and url_path.endswith("/"):
            fs_path = os.path.join(fs_path, "index.html")
        try:
            st = os.stat(fs_path)
        except OSError:
            return super().send_head()  # 404 or a directory listing, as before
        if not os.path.isfile(fs_path):
            return super().send_head()
        self._etag = etag_of(st)
        wanted = self.headers.get("If-None-Match")
        if wanted is not None:
            tags = [t.strip() for t in wanted.split(",")]
            if self._etag in tags or "*" in tags:
                self.send_response(HTTPStatus.NOT_MODIFIED)
                self.send_header("Last-Modified", self.date_time_string(int(st.st_mtime)))
                self.end_headers()
                return None
        return super().send_head()

    def end_headers(self) -> None:
        if self._etag is not None:
            self.send_header("ETag", self._etag)
        self.send_header("Cache-Control", cache_control(unquote(urlsplit(self.path).path)))
        super().end_headers()

    def log_message(self, format, *args):
        if not self.quiet:
            super().log_message(format, *args)

    def handle(self) -> None:
        try:
            super().handle()
        except (BrokenPipeError, ConnectionResetError):
            pass  # the browser went away mid-response (page closed, navigation)


def make_server(
    root: Path | str = ROOT, host: str = "127.0.0.1", port: int = 8000, quiet: bool = False
) -> ThreadingHTTPServer:
    """A ThreadingHTTPServer serving `root`; port 0 picks a free port (see server_port)."""
    handler_cls = type("LostCodeHandler", (Handler,), {"quiet": quiet})
    handler = functools.partial(handler_cls, directory=str(root))
    server = ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server


def serve_in_thread(root: Path | str = ROOT, host: str = "127.0.0.1", port: int = 0):
    """Start a quiet server in a daemon thread; returns (server, base_url).

    Stop it with server.shutdown(); server.server_close().
    """
    server = make_server(root, host, port, quiet=True)
    threading.Thread(target=server.serve_forever, name="lostcode-http", daemon=True).start()
    return server, f"http://{host}:{server.server_port}/"


def ensure_vendor(root: Path = ROOT) -> None:
    """Run `npm ci` (which runs tools/vendor.py) if vendor/ is missing."""
    if (root / "vendor" / "pyodide" / "pyodide.mjs").is_file():
        return
    npm = shutil.which("npm")
    if npm is None:
        sys.exit("serve.py: vendor/ is missing and npm is not installed (apt-get install npm)")
    print("serve.py: vendor/ is missing; running `npm ci` ...", flush=True)
    subprocess.run([npm, "ci"], cwd=root, check=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000, 0 = any)")
    parser.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    parser.add_argument("--no-install", action="store_true", help="never run `npm ci`")
    parser.add_argument("--quiet", action="store_true", help="don't log each request")
    args = parser.parse_args(argv)

    if not args.no_install:
        ensure_vendor(ROOT)
    server = make_server(ROOT, args.host, args.port, quiet=args.quiet)
    print(f"Serving The Lost Code at http://{args.host}:{server.server_port}/", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nserve.py: stopped")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
