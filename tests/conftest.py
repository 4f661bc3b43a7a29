"""pytest configuration shared by all tests.

Browser tests (pytest-playwright, mark them `@pytest.mark.browser`):
  - Chromium is Debian's /usr/bin/chromium (or $LOSTCODE_CHROMIUM; if neither
    exists, Playwright's own Chromium, e.g. on GitHub's Ubuntu runners).
  - `site_url` (session): the repo root served by a ThreadingHTTPServer on
    127.0.0.1, random port, quiet. `base_url` is overridden to it, so
    `page.goto("/tools/bench/hello-pyodide.html")` works.
  - Every test that uses `page` gets `request_log` automatically: all request
    URLs of the page's context are recorded and, at teardown, must all be on
    the test server's origin (data:/blob: allowed) — the site never leaves it.
    Use `request_log` as an argument to inspect it (`request_log.paths()`).
  - `helpers.wait_engine_ready(page)` waits for <html data-engine="ready">.

Runtime tests (mark `@pytest.mark.runtimes`): `helpers.run_in_runtime(...)`.
"""

import os
from pathlib import Path

import pytest
from helpers import ROOT, RequestLog, serve_in_thread

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_executable() -> str | None:
    """$LOSTCODE_CHROMIUM, else /usr/bin/chromium, else None (Playwright's own build)."""
    for candidate in (os.environ.get("LOSTCODE_CHROMIUM"), "/usr/bin/chromium"):
        if candidate and Path(candidate).exists():
            return candidate
    return None


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    args = {
        **browser_type_launch_args,
        "args": [*browser_type_launch_args.get("args", []), *CHROMIUM_ARGS],
    }
    executable = chromium_executable()
    if executable:
        args["executable_path"] = executable
    return args


@pytest.fixture(scope="session")
def site_url():
    """Base URL (ending in '/') of the repo root served over HTTP for this session."""
    server, url = serve_in_thread(ROOT)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def base_url(site_url):
    return site_url


@pytest.fixture
def request_log(page, site_url):
    """Records every request of the page's context; asserts same-origin at teardown."""
    log = RequestLog(site_url).attach(page.context)
    yield log
    log.assert_same_origin()


@pytest.fixture(autouse=True)
def _same_origin_guard(request):
    """Applies `request_log` to every test that uses Playwright's `page`."""
    if "page" in request.fixturenames:
        request.getfixturevalue("request_log")
    yield


# Marks of the tests that take long: run first, so that with several processes
# (tools/test.sh: pytest-xdist, --dist worksteal) the quick ones fill the end
# instead of one process finishing a whole game alone.
SLOW_FIRST = ("browser", "runtimes", "slow")
# Unmarked tests measured at 15-65 s each under load (--durations): also first.
SLOW_NAMES = (
    "test_private_models_never_contain_own_stone_values",
    "test_setup_on_a_fresh_copy_with_the_system_python",
    "test_any_save_round_trips_to_an_identical_state",
    "test_issue4_true_values_always_possible",
)


def _slow(item) -> bool:
    return item.originalname in SLOW_NAMES or any(item.get_closest_marker(m) for m in SLOW_FIRST)


def pytest_collection_modifyitems(config, items):
    if not hasattr(config, "workerinput"):  # only in pytest-xdist's worker processes
        return
    items.sort(key=lambda item: not _slow(item))
