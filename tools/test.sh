#!/usr/bin/env bash
# THE one command that runs every test, on a fresh machine too:
#
#     bash tools/test.sh            # ruff + the whole pytest suite
#     bash tools/test.sh -m "not browser" -x     # extra args go to pytest
#
# Installs what is missing first (each step is skipped when already done):
#   - Chromium at /usr/bin/chromium (Debian: apt-get install chromium; where
#     that package doesn't exist, e.g. Ubuntu, Playwright's own Chromium);
#     set LOSTCODE_CHROMIUM=/path/to/chrome to use another browser binary
#   - Node/npm (apt-get install nodejs npm)
#   - Python dev tools: pip install -r requirements-dev.txt
#   - npm deps: `npm ci` if node_modules/ is missing or package-lock.json
#     changed since the last `npm ci`; its postinstall fills vendor/
# Then: `ruff check .` and `python3 -m pytest -q "$@"`. Exits non-zero on failure.
set -euo pipefail
cd "$(dirname "$0")/.."

export DEBIAN_FRONTEND=noninteractive PIP_ROOT_USER_ACTION=ignore PIP_DISABLE_PIP_VERSION_CHECK=1
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

# 3. Python tools.
python3 -m pip install -q -r requirements-dev.txt
if [ -n "${NEED_PLAYWRIGHT_CHROMIUM:-}" ]; then
    python3 -m playwright install --with-deps chromium
fi

# 4. npm packages (postinstall runs tools/vendor.py) and vendor/.
LOCK_HASH="$(sha256sum package-lock.json | cut -d' ' -f1)"
STAMP=node_modules/.lostcode-lock.sha256   # written by tools/vendor.py (postinstall)
if [ ! -d node_modules ] || [ "$(cat "$STAMP" 2>/dev/null || true)" != "$LOCK_HASH" ]; then
    echo "test.sh: npm ci"
    npm ci --no-audit --no-fund
fi
python3 tools/vendor.py

# 5. Lint, then the tests.
echo "test.sh: ruff check ."
python3 -m ruff check .
echo "test.sh: pytest"
python3 -m pytest -q "$@"
