#!/usr/bin/env bash
# THE one command that runs every test, on a fresh machine too:
#
#     bash tools/test.sh                         # ruff + mypy + the whole pytest suite + coverage floor
#     bash tools/test.sh -m "not browser" -x     # extra args go to pytest (no coverage floor then)
#     bash tools/test.sh --setup-only            # only install what is missing, run nothing
#
# Installs what is missing first (each step is skipped when already done):
#   - Chromium at /usr/bin/chromium (Debian: apt-get install chromium; where
#     that package doesn't exist, e.g. Ubuntu, Playwright's own Chromium);
#     set LOSTCODE_CHROMIUM=/path/to/chrome to use another browser binary
#   - Node/npm (apt-get install nodejs npm)
#   - coturn (apt-get install coturn): a STUN server on loopback for table
#     mode's internet tests (issue 41)
#   - nftables (apt-get install nftables): the NAT of the table test whose
#     guest is behind a router, in user and network namespaces (issue 41)
#   - a project virtual environment .venv/ (gitignored) made with `python3 -m venv`
#     ($LOSTCODE_PYTHON picks another interpreter, 3.11 or newer). Debian and
#     Ubuntu ship the system Python without ensurepip: then python3-venv is
#     installed with apt once. Python packages never need root: they go into
#     .venv/ (pip install -r requirements-dev.txt, re-run only when that file
#     changes), so PEP 668's "externally-managed-environment" never applies.
#   - npm deps: `npm ci` if node_modules/ is missing or package-lock.json
#     changed since the last `npm ci`; its postinstall fills vendor/
# Then, all with .venv/bin/python: `ruff check .`, `mypy` (config in
# pyproject.toml) and `pytest -q "$@"`; with no arguments pytest runs on 3
# processes (pytest-xdist; LOSTCODE_TEST_WORKERS=N changes it) and also measures
# the coverage of the core (lostcode/ without web/) and fails under the floor
# set in pyproject.toml ([tool.coverage.report] fail_under). Exits non-zero on
# any failure. apt steps use sudo when not root.
set -euo pipefail
cd "$(dirname "$0")/.."

SETUP_ONLY=""
if [ "${1:-}" = "--setup-only" ]; then SETUP_ONLY=1; shift; fi

export DEBIAN_FRONTEND=noninteractive PIP_DISABLE_PIP_VERSION_CHECK=1
SUDO=""
if [ "$(id -u)" != 0 ] && command -v sudo >/dev/null; then SUDO="sudo"; fi
APT_UPDATED=""
apt_install() {
    if [ -z "$APT_UPDATED" ]; then $SUDO apt-get update -qq; APT_UPDATED=1; fi
    $SUDO apt-get install -y -qq "$@"
}

# 1. Browser for the Playwright tests.
if [ -z "${LOSTCODE_CHROMIUM:-}" ] && [ ! -x /usr/bin/chromium ]; then
    echo "test.sh: installing Chromium"
    if ! apt_install chromium; then
        echo "test.sh: no Debian chromium package here; using Playwright's Chromium"
        NEED_PLAYWRIGHT_CHROMIUM=1
    fi
fi

# 2. Node + npm for the vendored runtimes and the runtime harness.
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    echo "test.sh: installing Node.js and npm"
    apt_install nodejs npm
fi

# 2b. coturn: table mode's tests run a STUN server on loopback (issue 41,
#     tests/tablenet.py); only its `turnserver` binary is used, never its service.
if ! command -v turnserver >/dev/null; then
    echo "test.sh: installing coturn (a local STUN server for the table-mode tests)"
    apt_install coturn
fi
# 2c. nftables: the NAT test's router masquerades with `nft`, inside a network
#     namespace of its own (tests/table_nat_script.py): the machine's own
#     firewall is never touched.
if ! command -v nft >/dev/null && ! [ -x /usr/sbin/nft ]; then
    echo "test.sh: installing nftables (the NAT of a table-mode test)"
    apt_install nftables
fi

# 3. The project's virtual environment and the Python tools inside it.
BASE_PYTHON="${LOSTCODE_PYTHON:-python3}"
VENV=.venv
PY="$VENV/bin/python"
if ! "$PY" -m pip --version >/dev/null 2>&1; then
    rm -rf "$VENV"   # a half-made venv (e.g. ensurepip was missing last time)
    echo "test.sh: creating $VENV with $BASE_PYTHON"
    if ! "$BASE_PYTHON" -m venv "$VENV" 2>/dev/null; then
        # Debian/Ubuntu: venv's ensurepip lives in python3-venv (python3.X-venv).
        rm -rf "$VENV"
        VER="$("$BASE_PYTHON" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
        echo "test.sh: $BASE_PYTHON cannot make a venv (no ensurepip); installing python$VER-venv"
        apt_install "python$VER-venv" || apt_install python3-venv
        "$BASE_PYTHON" -m venv "$VENV"
    fi
fi
REQ_HASH="$(sha256sum requirements-dev.txt | cut -d' ' -f1)"
REQ_STAMP="$VENV/.requirements-dev.sha256"
if [ "$(cat "$REQ_STAMP" 2>/dev/null || true)" != "$REQ_HASH" ]; then
    echo "test.sh: pip install -r requirements-dev.txt (into $VENV)"
    "$PY" -m pip install -q -r requirements-dev.txt
    echo "$REQ_HASH" > "$REQ_STAMP"
fi
if [ -n "${NEED_PLAYWRIGHT_CHROMIUM:-}" ]; then
    "$PY" -m playwright install --with-deps chromium
fi

# 4. npm packages (postinstall runs tools/vendor.py) and vendor/.
LOCK_HASH="$(sha256sum package-lock.json | cut -d' ' -f1)"
STAMP=node_modules/.lostcode-lock.sha256   # written by tools/vendor.py (postinstall)
if [ ! -d node_modules ] || [ "$(cat "$STAMP" 2>/dev/null || true)" != "$LOCK_HASH" ]; then
    echo "test.sh: npm ci"
    npm ci --no-audit --no-fund
fi
"$PY" tools/vendor.py

if [ -n "$SETUP_ONLY" ]; then
    echo "test.sh: set-up done ($("$PY" --version), $VENV)"
    exit 0
fi

# 5. Lint, types, then the tests (coverage floor only for the whole suite).
echo "test.sh: ruff check ."
"$PY" -m ruff check .
echo "test.sh: mypy"
"$PY" -m mypy
echo "test.sh: pytest"
if [ "$#" -eq 0 ]; then
    # Several processes (pytest-xdist): most of the suite's time is browser tests
    # waiting on Chromium and the wasm runtimes, so 3 workers keep 2 cores busy.
    # Measured (issue 40, suite15; 60 browser tests, reused page, shared machine at
    # load 8-15): 2 processes 180 s wall / 242 s CPU, 3: 180 / 246, 4: 181 / 313.
    # 2 and 3 tie; 3 kept: the whole suite's 100-160 s tests need a third process
    # so that one does not end alone (docs/performance.md, "seventh pass").
    # Every session fixture is per worker (servers on port 0, tmp_path dirs).
    # LOSTCODE_TEST_WORKERS=0 runs serially (e.g. to debug a failure).
    "$PY" -m pytest -q -n "${LOSTCODE_TEST_WORKERS:-3}" --dist worksteal \
        --cov --cov-report=term:skip-covered
else
    "$PY" -m pytest -q "$@"
fi
