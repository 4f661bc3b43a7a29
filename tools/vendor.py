#!/usr/bin/env python3
"""Copy the browser runtimes the site needs from node_modules/ into vendor/.

Run automatically by ``npm install`` / ``npm ci`` (the ``postinstall`` script in
package.json); run it by hand with ``python3 tools/vendor.py``.

Result (vendor/ is gitignored, the site loads everything from it, never a CDN):

    vendor/pyscript/     the whole @pyscript/core/dist/ minus *.map
                         (core.js eagerly imports many of its chunks)
    vendor/pyodide/      pyodide.mjs, pyodide.asm.mjs, pyodide.asm.wasm,
                         python_stdlib.zip, pyodide-lock.json
    vendor/micropython/  micropython.mjs, micropython.wasm
    vendor/qrcode/       qrcode.mjs (qrcode-generator: table mode's join codes, issue 23)
    vendor/jsqr/         jsQR.js (the QR decoder where the browser has no BarcodeDetector)
    vendor/fflate/       browser.js (fflate's ES module: the Bot lab's share links, issue 26)
    vendor/mqtt/         mqtt.esm.js (MQTT over WebSocket: table mode's internet links, issue 41)
    vendor/versions.json {"pyodide": "314.0.7", ...} for cache names etc.

Idempotent and fast: a file is copied only when its size or mtime differ from
the copy in vendor/ (copies keep the source mtime); files in those vendor
folders that are no longer wanted are removed. Exit code 1 with a message if
node_modules/ lacks a package (run ``npm ci`` first). It also writes
node_modules/.lostcode-lock.sha256 (the hash of package-lock.json) so that
tools/test.sh knows node_modules/ is current and skips ``npm ci``.
"""

import hashlib
import json
import os
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
VENDOR = ROOT / "vendor"

# dest folder -> (npm package, folder inside the package, files or None = all but *.map)
LAYOUT: dict[str, tuple[str, str, list[str] | None]] = {
    "pyscript": ("@pyscript/core", "dist", None),
    "pyodide": (
        "pyodide",
        "",
        [
            "pyodide.mjs",
            "pyodide.asm.mjs",
            "pyodide.asm.wasm",
            "python_stdlib.zip",
            "pyodide-lock.json",
        ],
    ),
    "micropython": (
        "@micropython/micropython-webassembly-pyscript",
        "",
        ["micropython.mjs", "micropython.wasm"],
    ),
    "qrcode": ("qrcode-generator", "dist", ["qrcode.mjs"]),
    "jsqr": ("jsqr", "dist", ["jsQR.js"]),
    "fflate": ("fflate", "esm", ["browser.js"]),
    "mqtt": ("mqtt", "dist", ["mqtt.esm.js"]),
}


def _wanted(src_dir: Path, names: list[str] | None) -> dict[str, Path]:
    """Map relative posix path -> source file."""
    if names is not None:
        return {n: src_dir / n for n in names}
    out = {}
    for p in sorted(src_dir.rglob("*")):
        if p.is_file() and not p.name.endswith(".map"):
            out[p.relative_to(src_dir).as_posix()] = p
    return out


def _same(src: Path, dst: Path) -> bool:
    try:
        a, b = src.stat(), dst.stat()
    except FileNotFoundError:
        return False
    return a.st_size == b.st_size and int(a.st_mtime) == int(b.st_mtime)


def _copy(src: Path, dst: Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    tmp = dst.with_name(dst.name + ".tmp-vendor")
    shutil.copy2(src, tmp)  # keeps mtime, so the next run can skip it
    os.replace(tmp, dst)  # atomic: never a half-written file in vendor/


def vendor(verbose: bool = False) -> int:
    """Sync vendor/ from node_modules/. Returns the number of files copied."""
    copied = 0
    versions = {}
    for dest_name, (package, sub, names) in LAYOUT.items():
        pkg_dir = NODE_MODULES / package
        src_dir = pkg_dir / sub if sub else pkg_dir
        if not src_dir.is_dir():
            raise SystemExit(
                f"vendor.py: {src_dir.relative_to(ROOT)} is missing: run `npm ci` first"
            )
        versions[package] = json.loads((pkg_dir / "package.json").read_text())["version"]
        wanted = _wanted(src_dir, names)
        missing = [str(p.relative_to(ROOT)) for p in wanted.values() if not p.is_file()]
        if missing:
            raise SystemExit(f"vendor.py: expected files are missing: {', '.join(missing)}")
        dest_dir = VENDOR / dest_name
        for rel, src in wanted.items():
            dst = dest_dir / rel
            if not _same(src, dst):
                _copy(src, dst)
                copied += 1
                if verbose:
                    print(f"  {src.relative_to(ROOT)} -> {dst.relative_to(ROOT)}")
        # Remove what is no longer wanted (e.g. chunks of an older @pyscript/core).
        if dest_dir.is_dir():
            for p in sorted(dest_dir.rglob("*"), reverse=True):
                rel = p.relative_to(dest_dir).as_posix()
                if p.is_file() and rel not in wanted:
                    p.unlink()
                elif p.is_dir() and not any(p.iterdir()):
                    p.rmdir()
    # Stamp for tools/test.sh: node_modules/ matches this package-lock.json.
    lock = ROOT / "package-lock.json"
    if lock.is_file():
        digest = hashlib.sha256(lock.read_bytes()).hexdigest()
        (NODE_MODULES / ".lostcode-lock.sha256").write_text(digest + "\n")
    versions_file = VENDOR / "versions.json"
    text = json.dumps(versions, indent=2, sort_keys=True) + "\n"
    if not versions_file.is_file() or versions_file.read_text() != text:
        versions_file.write_text(text)
    return copied


def main(argv: list[str]) -> int:
    verbose = "-v" in argv or "--verbose" in argv
    n = vendor(verbose=verbose)
    print(f"vendor.py: vendor/ is up to date ({n} file(s) copied)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
