"""A browser test's page is reused by the next test in its process (tests/conftest.py,
"one page per process": the suite's time, issue 40): nothing one test leaves in the
browser may reach the next. What a test can leave: stored data of the site's origin
(localStorage: the saves; sessionStorage, IndexedDB, Cache Storage, a cookie), a
service worker, an init script or a route (the page's or its context's), the settle
waits' clock, reduced motion, a viewport, a second page."""

import pytest
from conftest import release_page, reused_page
from helpers import fast_settle, wait_engine_ready

pytestmark = pytest.mark.browser

PROBE = "reuse-probe"

PLANT = """async (probe) => {
    localStorage.setItem(probe, "a save");
    sessionStorage.setItem(probe, "1");
    document.cookie = probe + "=1; path=/; max-age=3600";
    await new Promise((ok, fail) => {
        const open = indexedDB.open(probe, 1);
        open.onupgradeneeded = () => open.result.createObjectStore("s");
        open.onsuccess = () => { open.result.close(); ok(); };
        open.onerror = () => fail(open.error);
    });
    await (await caches.open(probe)).put("/" + probe, new Response("x"));
    const reg = await navigator.serviceWorker.register("/sw.js", {scope: "/tests/"});
    await new Promise((ok) => {
        const sw = reg.installing || reg.waiting || reg.active;
        if (sw.state === "activated") return ok();
        sw.addEventListener("statechange", () => sw.state === "activated" && ok());
    });
}"""

LEFT = """async (probe) => ({
    local: localStorage.getItem(probe),
    session: sessionStorage.getItem(probe),
    cookie: document.cookie.includes(probe),
    idb: (await indexedDB.databases()).some((d) => d.name === probe),
    caches: (await caches.keys()).includes(probe),
    worker: (await navigator.serviceWorker.getRegistrations())
        .some((r) => r.scope.endsWith("/tests/")),
    script: window.__reuseProbe === 1 || window.__reuseProbeToo === 1,
    routed: document.title === "routed",
    fakeClock: typeof window.__pwClock !== "undefined",
    reducedMotion: matchMedia("(prefers-reduced-motion: reduce)").matches,
    width: innerWidth,
})"""

NOTHING = {"local": None, "session": None, "cookie": False, "idb": False, "caches": False,
           "worker": False, "script": False, "routed": False, "fakeClock": False,
           "reducedMotion": False}


def left(page):
    found = page.evaluate(LEFT, PROBE)
    width = found.pop("width")
    return found, width


def test_nothing_a_test_leaves_reaches_the_next_one_on_the_reused_page(
        browser, browser_context_args, site_url):
    """The reset of tests/conftest.py run twice by hand, each step checked."""
    first = reused_page(browser, dict(browser_context_args))
    first.goto("/")
    wait_engine_ready(first)
    found, width = left(first)
    assert found == NOTHING
    first.evaluate(PLANT, PROBE)
    first.add_init_script("window.__reuseProbe = 1")
    first.context.add_init_script("window.__reuseProbeToo = 1")
    first.context.route("**/index.html", lambda route: route.fulfill(
        body="<title>routed</title>", content_type="text/html"))
    fast_settle(first)  # the settle waits' clock (installed for the next load)
    first.emulate_media(reduced_motion="reduce")
    first.set_viewport_size({"width": 360, "height": 640})
    first.reload()
    wait_engine_ready(first)
    planted, _ = left(first)
    assert planted == {"local": "a save", "session": "1", "cookie": True, "idb": True,
                       "caches": True, "worker": True, "script": True, "routed": False,
                       "fakeClock": True, "reducedMotion": True}
    first.goto("/index.html")
    assert first.title() == "routed"
    first.goto("/")
    wait_engine_ready(first)
    assert release_page(first, site_url)  # handed back, not closed

    second = reused_page(browser, dict(browser_context_args))
    assert second.url == "about:blank"
    second.goto("/")
    wait_engine_ready(second)
    found, second_width = left(second)
    assert found == NOTHING
    assert second_width == width != 360
    second.goto("/index.html")
    assert second.title() != "routed"
    # A test that leaves a second page open: its browser state is closed, not reused.
    second.context.new_page()
    assert not release_page(second, site_url)
    third = reused_page(browser, dict(browser_context_args))
    assert third.context is not second.context and len(third.context.pages) == 1
    third.goto("/")
    assert release_page(third, site_url)


@pytest.mark.parametrize("turn", [1, 2])
def test_a_save_and_a_service_worker_of_one_test_are_not_seen_by_the_next(page, turn):
    """Through the `page` fixture itself: whichever turn runs second in a process
    gets the page the first one left its save and service worker in."""
    assert getattr(page, "_lostcode_reused", False)  # the process's one page
    page.goto("/")
    wait_engine_ready(page)
    found, _ = left(page)
    found.pop("reducedMotion")  # the fixture's own choice (_quick_page)
    found.pop("fakeClock")
    assert found == {k: v for k, v in NOTHING.items() if k not in ("reducedMotion", "fakeClock")}
    page.evaluate(PLANT, PROBE)
    assert page.evaluate("(p) => localStorage.getItem(p)", PROBE) == "a save"
