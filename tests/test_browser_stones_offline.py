"""«Тайные камни» offline (issue 43), on the built site (the repo's sw.js is a
no-op template: tests/test_pwa.py says why): the start page is opened once
online — the second game never chosen — then the browser goes offline
(context.set_offline), reloads with ?game=stones, starts a solo game and
plays a move (S-A1, a swap by tap-tap), from the service worker's precache
alone. Its modules are precached with the rest (tools/build_site.py
SECOND_GAME), and the page's first visit fetched none of them itself.
"""

import re
from urllib.parse import urlsplit

import pytest
from helpers import serve_in_thread, wait_engine_ready
from playwright.sync_api import expect
from test_browser_stones import PHONE, set_up, shadow
from test_pwa import (  # noqa: F401  (the fixtures built_site and site_context, by name)
    ENGINE_TIMEOUT,
    _start,
    _wait_controlled,
    built_site,
    site_context,
)

from lostcode.web.stonesgame.screens import tile_label

pytestmark = pytest.mark.browser

STONES_FILES = re.compile(r"/lostcode/(stones|web/stonesgame)/")


def test_the_second_game_starts_and_plays_offline_after_one_visit(request):
    """test_pwa's built site and its browser context, taken by name."""
    out, summary = request.getfixturevalue("built_site")
    context = request.getfixturevalue("site_context")
    server, url = serve_in_thread(out)
    page, log, errors = _start(context, url)
    page.set_viewport_size(PHONE)
    own = []  # the page's own requests (the worker's precache is not the page's)
    page.on("request", lambda r: own.append(urlsplit(r.url).path))
    try:
        page.goto(url)
        wait_engine_ready(page, timeout=ENGINE_TIMEOUT)
        _wait_controlled(page)
        cached = page.evaluate("""async (name) => {
          const cache = await caches.open(name);
          return (await cache.keys()).map((r) => new URL(r.url).pathname);
        }""", f"lostcode:/:{summary['version']}")
        assert "/lostcode/stones/engine.py" in cached  # precached by the worker
        assert "/lostcode/web/stonesgame/stonespage.py" in cached
        assert not [p for p in own if STONES_FILES.search(p)]  # the page fetched none
        context.set_offline(True)
        page.goto(url + "?game=stones&seed=3")
        wait_engine_ready(page, timeout=ENGINE_TIMEOUT)
        expect(page.get_by_role("heading", name="Shifting Stones")).to_be_visible(timeout=60000)
        expect(page.locator("html[data-stones=loaded]")).to_be_attached()
        set_up(page, [("Ann", "human")])
        expect(page.locator("html[data-stones-screen=turn]")).to_be_attached()
        ses = shadow(page)
        grid, card = ses.state.grid, ses.spend_card()
        page.get_by_role("button", name=tile_label(grid, 0), exact=True).click()
        page.get_by_role("button", name=tile_label(grid, 1), exact=True).click()
        expect(page.get_by_role("button", name=tile_label(grid[1] + grid[0] + grid[2:], 0),
                                exact=True)).to_be_visible()  # fmt: skip
        assert shadow(page).state.actions == [("swap", card, 0, 1)]
        assert not errors, errors
        log.assert_same_origin()
    finally:
        context.set_offline(False)
        server.shutdown()
        server.server_close()
