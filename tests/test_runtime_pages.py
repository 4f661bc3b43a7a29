"""The whole offline chain: Playwright + Chromium + tools/serve.py's server +
PyScript + each vendored runtime. Both bare hello pages must start and must
load nothing from outside the site (checked by conftest's request_log)."""

import pytest
from helpers import wait_engine_ready

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("runtime", ["pyodide", "micropython"])
def test_hello_page_starts_offline(page, request_log, runtime):
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"tools/bench/hello-{runtime}.html")
    wait_engine_ready(page, timeout=90000)

    text = page.locator("#out").inner_text()
    expected = "micropython" if runtime == "micropython" else "cpython"
    assert text.startswith(f"Hello from {expected}"), text
    assert not errors, errors

    paths = request_log.paths()
    runtime_file = {
        "pyodide": "/vendor/pyodide/pyodide.asm.wasm",
        "micropython": "/vendor/micropython/micropython.wasm",
    }[runtime]
    assert runtime_file in paths, paths
    assert request_log.failed == [], request_log.failed
    request_log.assert_same_origin()
