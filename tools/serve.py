#!/usr/bin/env python3
"""Serve The Lost Code from the repo root for local development.

    python3 tools/serve.py            # http://127.0.0.1:8000/
    python3 tools/serve.py --port 8080
    python3 tools/serve.py --no-install   # don't run `npm ci` even if vendor/ is missing

On a fresh checkout, vendor/ (the Pyodide/PyScript/MicroPython runtimes, gitignored)
does not exist yet: this script then runs `npm ci`, whose postinstall step
(tools/vendor.py) fills vendor/. Everything is served from this machine; the
site never loads anything from a CDN.

Every response carries `Cache-Control: no-cache` (the browser revalidates, so
edits show on reload) and explicit MIME types for .mjs/.wasm/.webmanifest/.toml,
independent of the host's /etc/mime.types.

`make_server(root, host, port, quiet)` is reused by the test suite
(tests/helpers.py), so tests and development serve files the same way.
"""

import argparse
import functools
import shutil
import subprocess
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

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


class Handler(SimpleHTTPRequestHandler):
    """Static files with no-cache and fixed MIME types; set `quiet` to silence logs."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    quiet = False

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
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
