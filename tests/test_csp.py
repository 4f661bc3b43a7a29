"""The site's Content-Security-Policy (lostcode/web/shell/csp.py) is workable and bites.

tests/csp/hello-*.html are the bare runtime pages with the policy as a <meta>
tag. Under it each runtime must reach data-engine=ready with no violation
reported, and script injected into the page must be refused (and reported).
A control run without 'unsafe-eval' shows why the policy must carry it.
"""

import re

import pytest
from helpers import ROOT, wait_engine_ready

from lostcode.web.shell import csp

RUNTIMES = ("pyodide", "micropython")
PAGES = {rt: ROOT / "tests" / "csp" / f"hello-{rt}.html" for rt in RUNTIMES}

# Installed before any page script: records every CSP violation event.
LISTEN = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__violations.push({directive: e.effectiveDirective, blocked: e.blockedURI,
                            sample: e.sample || ""});
});
"""


def _meta_policy(html: str) -> str:
    m = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', html)
    return m.group(1) if m else ""


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_csp_pages_carry_the_shared_policy_first(runtime):
    html = PAGES[runtime].read_text(encoding="utf-8")
    assert _meta_policy(html) == csp.POLICY
    assert csp.meta_tag() in html
    # A meta policy only governs what comes after it.
    assert html.index(csp.meta_tag()) < html.index("<script")
    assert html.index(csp.meta_tag()) < html.index("<link")


def test_policy_shape():
    d = csp.directives()
    assert d["default-src"] == ["'none'"]
    assert "'wasm-unsafe-eval'" in d["script-src"]
    for name, sources in d.items():
        assert "'unsafe-inline'" not in sources, name
        assert "*" not in sources and "https:" not in sources and "http:" not in sources, name
        # blob: only for the bot's box (issue 44, assets/lab-box.js): its worker and runtime.
        assert "blob:" not in sources or name in ("script-src", "worker-src"), name
    assert "frame-ancestors" not in d  # ignored in <meta>; embedding must keep working


def _violations(page):
    return page.evaluate("() => window.__violations")


@pytest.mark.browser
@pytest.mark.parametrize("runtime", RUNTIMES)
def test_runtime_starts_under_csp_and_injection_is_refused(page, runtime):
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.add_init_script(LISTEN)
    page.goto(f"tests/csp/hello-{runtime}.html")
    wait_engine_ready(page, timeout=90000)
    assert page.locator("#out").inner_text().startswith("Hello from ")
    assert _violations(page) == [], _violations(page)
    assert errors == [], errors

    # (b) An injected inline script does not run, and the refusal is reported.
    page.evaluate(
        """() => { const s = document.createElement("script");
                   s.textContent = "window.injected = 1"; document.body.append(s); }"""
    )
    # An injected inline event handler (the classic markup-in-a-name attack).
    page.evaluate(
        """() => { const d = document.createElement("div");
                   d.innerHTML = '<img src="data:," onerror="window.injected2 = 1">'
                               + '<img src="nope.png" onload="window.injected3 = 1"'
                               + ' onerror="window.injected3 = 1">';
                   document.body.append(d); }"""
    )
    page.wait_for_function("() => window.__violations.length >= 2", timeout=10000)
    page.wait_for_timeout(300)  # let the images settle
    assert page.evaluate("() => [window.injected, window.injected2, window.injected3]") == [
        None,
        None,
        None,
    ]
    directives = {v["directive"] for v in _violations(page)}
    assert "script-src-elem" in directives, _violations(page)
    assert "script-src-attr" in directives, _violations(page)
    assert page.locator("html").get_attribute("data-engine") == "ready"


@pytest.mark.browser
def test_without_unsafe_eval_pyscript_cannot_start(page):
    """Control: the strictest policy minus 'unsafe-eval' stops PyScript's core."""
    stricter = csp.POLICY.replace(" 'unsafe-eval'", "")
    assert stricter != csp.POLICY
    path = PAGES["micropython"]
    html = path.read_text(encoding="utf-8").replace(csp.POLICY, stricter)

    page.route(
        "**/tests/csp/hello-micropython.html",
        lambda route: route.fulfill(status=200, content_type="text/html", body=html),
    )
    page.add_init_script(LISTEN)
    page.goto("tests/csp/hello-micropython.html")
    page.wait_for_function(
        "() => window.__violations.some(v => v.blocked === 'eval')", timeout=30000
    )
    assert page.locator("html").get_attribute("data-engine") == "loading"


@pytest.mark.browser
def test_csp_does_not_stop_injected_python(page):
    """Documents the limit in lostcode/web/shell/csp.py: PyScript runs injected py scripts.

    So the UI must never put untrusted markup into the page (textContent only).
    """
    page.add_init_script(LISTEN)
    page.goto("tests/csp/hello-micropython.html")
    wait_engine_ready(page, timeout=90000)
    page.evaluate(
        """() => { const s = document.createElement("script"); s.type = "mpy";
                   s.textContent = "from pyscript import document\\n"
                     + "document.documentElement.dataset.pyinjected = '1'";
                   document.body.append(s); }"""
    )
    page.wait_for_function(
        "() => document.documentElement.dataset.pyinjected === '1'", timeout=20000
    )
