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

import functools
import os
import re
from pathlib import Path

import pytest
from helpers import ROOT, RequestLog, fast_settle, serve_in_thread
from playwright._impl._sync_base import mapping as _api_mapping

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


# --------------------------------------------------------------------------- one page per process
# A browser test's page boot is most of a short test (docs/performance.md, "seventh
# pass"): a new page costs a renderer for about:blank and another one when it goes
# to the site (~1.8 s of CPU of the ~3.5 s of a boot). So a test of tests/
# test_browser_*.py that takes only `page` gets the page of the process's one
# context, reset between tests by Playwright's own reuse (the one Playwright Test
# uses: Browser.newContextForReuse): other pages closed, the page sent to
# about:blank, the context's and the page's init scripts, routes, bindings,
# clock, viewport, media and headers undone, cookies and the HTTP cache cleared,
# and localStorage, sessionStorage, IndexedDB, OPFS and service workers of every
# origin it visited cleared. Cache Storage is not in that list: it is emptied
# here at the end of the test. What the reset keeps: permissions, going offline,
# a CDP session's settings, a geolocation, extra headers, credentials: a file that
# uses one (KEEPS_STATE) keeps a new context per test, as does a test taking
# `context`, `new_context` or `browser`. A test that ends with a second page, off
# the site or with a crashed page has its context closed (the next gets a new one);
# a test's own viewport is undone here. tests/test_browser_reuse.py proves it.
KEEPS_STATE = re.compile(r"grant_permissions|set_offline|new_cdp_session|set_geolocation"
                         r"|set_extra_http_headers|http_credentials")


def reuses_page(request) -> bool:
    if os.environ.get("LOSTCODE_FRESH_PAGES") == "1":  # to compare, or to debug
        return False
    path = request.node.path
    if not path.name.startswith("test_browser_"):
        return False
    if set(request.fixturenames) & {"context", "new_context", "browser"}:
        return False
    if request.node.get_closest_marker("fresh_page") is not None:
        return False
    return KEEPS_STATE.search(_source(path)) is None


@functools.cache
def _source(path) -> str:
    return Path(path).read_text(encoding="utf-8")


EMPTY_CACHE_STORAGE = """async () => {
    for (const key of await caches.keys()) await caches.delete(key);
    return (await caches.keys()).length;
}"""


def reused_page(browser, args: dict):
    """The page of the process's one context, reset by Playwright for a new test."""
    context = _api_mapping.from_impl(
        browser._sync(browser._impl_obj._new_context_for_reuse(args)))
    page = context.pages[0] if context.pages else context.new_page()
    # Playwright's reset leaves a size set by page.set_viewport_size (measured): the
    # context's own size again.
    page.set_viewport_size(args.get("viewport") or DEFAULT_VIEWPORT)
    return page


DEFAULT_VIEWPORT = {"width": 1280, "height": 720}  # Playwright's


def release_page(page, site_url: str) -> bool:
    """Hands `page` back for the next test if it is clean enough to reset (one page,
    alive, on the site: Cache Storage is the origin's, emptied from there); else
    closes its context (the next test gets a new one). True when handed back."""
    context = page.context
    clean = False
    try:
        if len(context.pages) == 1 and not page.is_closed() and page.url.startswith(site_url):
            clean = page.evaluate(EMPTY_CACHE_STORAGE) == 0
    except Exception:  # noqa: BLE001 - a crashed or navigating page: not reused
        clean = False
    browser = context.browser
    if clean:
        browser._sync(browser._impl_obj._disconnect_from_reused_context("test done"))
    else:
        context.close()
    return clean


@pytest.fixture
def page(request, site_url):
    """Playwright's `page`, or the page of the process's one reused context (above)."""
    if not reuses_page(request):
        yield request.getfixturevalue("context").new_page()
        return
    args = dict(request.getfixturevalue("browser_context_args"))
    marker = next(request.node.iter_markers("browser_context_args"), None)
    args.update(marker.kwargs if marker else {})
    page = reused_page(request.getfixturevalue("browser"), args)
    page._lostcode_reused = True  # tests/test_browser_reuse.py
    # Playwright's reset undid the clock fast_settle installed for the last test:
    # the context's mark of it too, so that this test installs it again (before
    # the page loads, as on a new page).
    page.context._lostcode_fast_settle = False
    yield page
    release_page(page, site_url)


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


# --------------------------------------------------------------------------- settle waits
# A new screen's controls refuse taps for 350 ms, the handoff's "I am NAME"
# for 700 ms and the control under the last press for 1,000 ms
# (lostcode/web/shell/activation.py, issue 25): Playwright's click() waits them out
# (aria-disabled), which cost most of a whole game's time. In a test that is
# not about that timing, the page's clock (Playwright's clock API: installed
# before the page loads, it runs at the real pace) jumps to the moment the
# clicked control takes input: the guard's own timers fire and its own check
# (now - shown >= wait) passes, so the page runs the same code; nothing in the
# site changes. Tests about the guard's timing (their files, names with
# spaced/handoff/guard/settl/double, or @pytest.mark.real_time) keep real time.
# (test_browser_activation's whole games press twice within milliseconds, after
# the wait: the jump changes nothing there; its issue scenario is "double".)
REAL_TIME_FILES = ("test_browser_spaced_taps.py", "test_browser_fuzz.py")
REAL_TIME_WORDS = ("spaced", "handoff", "guard", "settl", "double")


def real_time(request) -> bool:
    name = request.node.name.lower()
    return (request.node.path.name in REAL_TIME_FILES
            or os.environ.get("LOSTCODE_REAL_CLOCK") == "1"  # to compare, or to debug
            or any(w in name for w in REAL_TIME_WORDS)
            or request.node.get_closest_marker("real_time") is not None)


# Moments (a roll's dice, a check's rings: CSS animations) and a computer's
# moves played one by one (1.2 s a step) only show what happened: Playwright's
# click() waits for an animated control to stand still. Under the system's
# reduced motion the page shows the end at once (lostcode/web/shell/a11y.py), so a
# test that is not about motion, moments or the computer's pace runs with it.
FULL_MOTION_WORDS = ("motion", "moment", "anim", "bot", "bots")


def full_motion(request) -> bool:
    words = re.split(r"[^a-z0-9]+", request.node.name.lower())
    return (any(w in FULL_MOTION_WORDS for w in words)
            or request.node.get_closest_marker("full_motion") is not None)


@pytest.fixture(autouse=True)
def _quick_page(request):
    """Every test of tests/test_browser_*.py using `page` (the others are about
    loading: the service worker, the CSP, the runtimes): settle waits jumped
    unless it is about the guard's timing (real_time), reduced motion unless
    it is about motion."""
    if "page" in request.fixturenames and request.node.path.name.startswith("test_browser_"):
        page = request.getfixturevalue("page")
        if not real_time(request):
            fast_settle(page)
        if not full_motion(request):
            page.emulate_media(reduced_motion="reduce")
    yield


# The order of the tests under pytest-xdist (tools/test.sh: --dist worksteal).
# Worksteal first gives each of the N processes one contiguous Nth of the list
# and later moves tests from the END of a busy process's queue to an idle one.
# So the list is dealt like cards: tests from the longest down, each to the
# process's Nth with the least seconds so far, each Nth longest first: every
# process starts with its share of whole games and ends with quick tests that
# can be moved, and no process finishes a whole game alone at the end.
SLOW_FIRST = ("browser", "runtimes", "slow")
# Seconds each (the longest; --durations, one file at a time on a 2-core
# machine at load ~18, 2026-11-26, with the settle jump and reduced motion
# above); the others are guessed by their mark.
MEASURED = {
    "test_three_phones_play_a_whole_game": 160,
    "test_fuzz_whole_games": 90,
    "test_four_players_all_options": 110,
    "test_keyboard_only_game": 95,
    "test_axe_three_players_desktop": 25,
    "test_clean_round_in_nine_taps_then_undo_every_choice": 90,
    "test_reload_at_every_phase_under_the_csp_then_export_and_import": 90,
    "test_multi_activations_leave_one_action_each": 80,
    "test_two_players_on_a_phone": 75,
    "test_three_players_introductory_with_shortcut": 50,  # MicroPython only since 2026-11-27
    "test_two_humans_and_a_bot_hand_over_between_humans_only": 70,
    "test_axe_every_screen_two_players_all_options": 85,
    "test_built_lab_works_offline": 70,
    "test_example_bot_runs_20_games_against_easy": 60,  # the lab's module page, set up once
    "test_solo_against_a_hard_bot": 60,
    "test_lesson_page_plays_a_game_in_italian": 50,
    "test_view_models_run_the_same_under_micropython": 50,
    "test_a_new_version_is_offered_between_games_never_on_a_private_screen": 45,
    "test_pyodide_is_one_setting_away_and_remembered": 45,
    "test_a_failed_update_is_said_in_the_tab": 35,
    # Measured 2026-11-27 (load 6-14, scaled to the load above): the built-site tests
    # without their own build now (tests/sitebuilds.py), Pyodide pages, the runtimes.
    "test_setup_on_a_fresh_copy_with_the_system_python": 85,
    "test_referee_on_micropython_bots_on_the_runtime_they_need": 50,
    "test_pyodide_is_cached_on_first_use": 45,
    "test_the_lesson_bots_choose_the_same_on_micropython_and_cpython": 40,
    "test_todays_puzzle_hint_share_and_streak": 40,
    "test_an_expert_seat_plays_in_short_slices_and_the_assistant_answers": 40,
    "test_a_slow_search_is_cut_into_short_slices_in_the_page": 40,
    "test_new_deploy_replaces_the_old_one": 30,
    "test_built_pyodide_page_runs_from_the_zip": 25,
    "test_saves_and_settings_run_the_same_on_micropython_and_pyodide": 25,
    "test_runtime_starts_under_csp_and_injection_is_refused[chromium-pyodide]": 30,
    "test_stored_lab_keys_nested_deep_never_stop_the_page[chromium-pyodide]": 30,
    "test_hello_page_starts_offline[chromium-pyodide]": 20,
    "test_exceptions_fail_with_the_traceback[pyodide]": 20,
    "test_runtime_switch_page[chromium-pyodide]": 20,
    # Issue 44 (load ~5, 2026-11-28, scaled): the bot's box in three places, an update.
    "test_a_bot_cannot_leave_its_box_in_the_lab_the_league_or_at_the_table[chromium-pyodide]": 70,
    "test_a_bot_cannot_leave_its_box_in_the_lab_the_league_or_at_the_table": 45,
    "test_a_new_version_never_reloads_a_table_host_or_a_lab_mid_run": 50,
    # Issue 40 (branch suite14): the longest of the whole suite on main b1ea7e1's
    # predecessor (1,431 passed in 1,634 s, 3 processes), scaled where suite14
    # shortened a test (its docs/performance.md section). Unlisted, these were
    # dealt as 8-15 s tests and could be the last test of a process.
    "test_friends_anywhere_play_a_whole_game_from_links": 110,
    "test_three_phones_play_shifting_stones_to_the_end_no_hand_seen_S_S2": 50,
    "test_three_phones_play_shifting_stones_to_the_end_no_hand_seen_S_S2"
    "[chromium-pyodide-host-and-a-computer]": 65,
    "test_all_computer_records_watch_and_continue": 35,
    "test_build_contains_only_what_the_game_needs": 60,
    "test_a_guest_behind_nat_is_seated_and_plays": 50,
    "test_stones_games_replay_identically_on_every_runtime": 45,
    "test_bot_turns_go_on_by_themselves_with_zero_taps": 45,
    "test_a_bot_micropython_cannot_run_plays_at_the_table_on_pyodide": 40,
    "test_the_puzzle_works_offline_after_one_visit": 45,
    "test_desk_wheel_screen_keeps_its_controls_clear_and_the_racks_in_place": 40,
    # fix14's whole-game walks (the whole run on 821c7c6, quiet): dealt first.
    "test_the_low_row_stays_over_every_panel_of_a_whole_game": 180,
    "test_the_low_row_stays_over_every_panel_of_a_whole_game[chromium-pass-en-seats0]": 135,
}
# Unmarked tests measured at 15-65 s each under load (--durations).
SLOW_NAMES = (
    "test_private_models_never_contain_own_stone_values",
    "test_any_save_round_trips_to_an_identical_state",
    "test_issue4_true_values_always_possible",
    "test_pass_and_play_screens_only_read",
    "test_solo_screens_only_read",
)


def _seconds(item) -> float:
    if item.name in MEASURED:  # one parameter of a test (a Pyodide page, say)
        return MEASURED[item.name]
    if item.originalname in MEASURED:
        return MEASURED[item.originalname]
    if item.originalname in SLOW_NAMES:
        return 20.0
    if item.get_closest_marker("browser"):
        return 15.0
    if any(item.get_closest_marker(m) for m in SLOW_FIRST):
        return 8.0
    return 0.3


def _unit(item):
    """Tests that share a module-scoped fixture (the Bot lab's page, built
    sites) stay together in one process: split, each process would set it
    up again. Other tests are units of their own."""
    try:
        defs = item._fixtureinfo.name2fixturedefs.values()
        if any(d[-1].scope in ("module", "class", "package") for d in defs if d):
            return item.module.__name__
    except Exception:  # noqa: BLE001 - pytest internals: then one test, one unit
        pass
    return item.nodeid


def dealt(items, workers):
    """`items` in the order described above for `workers` processes: units
    (_unit), heaviest first, each to the hand with the least seconds that has
    room for it (xdist splits by count: len(pending) // processes left), the
    light tests filling the rest; each hand heaviest unit first."""
    sizes = []
    left = len(items)
    for i in range(workers):
        sizes.append(left // (workers - i))
        left -= sizes[-1]
    units = {}
    for item in items:
        units.setdefault(_unit(item), []).append(item)
    ranked = sorted(units.values(), key=lambda u: -sum(_seconds(i) for i in u))  # stable
    hands = [[] for _ in range(workers)]
    loads = [0.0] * workers
    for unit in ranked:
        room = [h for h in range(workers) if len(hands[h]) + len(unit) <= sizes[h]]
        if not room:  # no hand has room for the whole unit: split it (never here)
            for item in unit:
                h = min((h for h in range(workers) if len(hands[h]) < sizes[h]),
                        key=lambda h: loads[h])
                hands[h].append(item)
                loads[h] += _seconds(item)
            continue
        h = min(room, key=lambda h: loads[h])
        hands[h].extend(unit)
        loads[h] += sum(_seconds(i) for i in unit)
    return [item for hand in hands for item in hand]


# Tests coverage need not trace (issue 25: tracing made pure-Python tests 2-4x
# slower): each runs only branches of the core that a test still traced runs
# too, so the report is the same without them. Chosen from a run with per-test
# contexts by tools/untraced.py, which explains it; a stale name does nothing.
# Nor are the browser tests traced: the coverage measured is the core's (lostcode/
# without web/), and what they run of it on CPython (a game mirrored beside the
# page, to check each screen) the tests without a browser run too (the report
# lost no line). LOSTCODE_TRACE_ALL=1 (tools/untraced.py's run) ignores the list.
UNTRACED = frozenset()
if os.environ.get("LOSTCODE_TRACE_ALL") != "1":
    UNTRACED = frozenset(
        line for line in (Path(__file__).parent / "untraced.txt").read_text().splitlines()
        if line and not line.startswith("#"))


@pytest.hookimpl(hookwrapper=True, trylast=True)
def pytest_runtest_call(item):
    """no_cover that holds under pytest-xdist. There, each worker has two
    coverage collectors stacked (pytest-cov's, and one below it); pytest-cov's
    no_cover stops the top one, which resumes the one below: the test was
    traced all the same (sys.gettrace() in such a test: a CTracer), and the
    tests on the list ran 2.3x slower under `tools/test.sh` than without
    coverage. Run innermost (trylast), this pauses whichever collector is
    tracing, then resumes it."""
    paused = None
    if item.get_closest_marker("no_cover") is not None:
        try:
            from coverage.collector import Collector
        except ImportError:  # no coverage installed: nothing traces
            Collector = None
        if Collector is not None and Collector._collectors:
            paused = Collector._collectors[-1]  # the one tracing: those below are paused
            paused.pause()
    try:
        yield
    finally:
        if paused is not None:
            paused.resume()


def pytest_collection_modifyitems(config, items):
    for item in items:
        if item.nodeid in UNTRACED or item.get_closest_marker("browser") is not None:
            item.add_marker(pytest.mark.no_cover)
    if not hasattr(config, "workerinput"):  # only in pytest-xdist's worker processes
        return
    items[:] = dealt(items, int(config.workerinput.get("workercount", 1)))


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "real_time: a browser test about the activation guard's timing: the page "
        "keeps the real clock (tests/conftest.py, _quick_page)")
    config.addinivalue_line(
        "markers", "full_motion: a browser test about moments or the computer's pace: no "
        "reduced motion (tests/conftest.py, _quick_page)")
    config.addinivalue_line(
        "markers", "fresh_page: a browser test that keeps a new context and page (it "
        "fails on the reused one: tests/conftest.py, reuses_page)")
