"""Saved games, record export/import, bad input and the page's CSP, in
Chromium through the UI (issue 7). The engine game in the test process
(tests/play.py's shadow) is the reference for every resumed state."""

import json
import re
import time
from pathlib import Path

import pytest
from helpers import ADAPTER_MODULES, ROOT, open_settings, wait_engine_ready
from play import OPTION_LABELS, SNAPSHOT_JS, UIGame
from playwright.sync_api import expect

from lostcode.rules.engine import apply_action, legal_actions
from lostcode.rules.options import Options
from lostcode.rules.setup import new_game
from lostcode.rules.vocab import PHASE_END
from lostcode.services.record import replay, to_record
from lostcode.web.shell import csp

KEY = "lostcode.saves"
IMG = "<img src=x onerror=window.pwned=1>"
SCRIPT = "<script>window.pwned=1</script>"
# Digit-free payloads within the engine's 24 characters (play.py's privacy
# check looks for digits in rack text, which includes the names).
IMG_SHORT = "<img src=x onerror=p()>"
SCRIPT_SHORT = "<script>p()</script>"
PRIVATE = ("change", "guess", "shortcut", "final")  # the roller's dice too (issue 22)

# Installed before any page script: records every CSP violation (as in test_csp.py).
LISTEN = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__violations.push({directive: e.effectiveDirective, blocked: e.blockedURI});
});
"""
COUNT_JS = """() => [document.querySelectorAll("img").length,
                     document.querySelectorAll("script").length, window.pwned]"""


# --------------------------------------------------------------------------- static checks


def test_index_html_carries_the_policy_first_and_nothing_inline():
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    head = html.split("<head>", 1)[1].lstrip()
    assert head.startswith(csp.meta_tag() + "\n")  # exactly, as the head's first element
    for attrs in re.findall(r"<script\b([^>]*)>", html):
        assert "src=" in attrs, attrs  # no inline script
    assert not re.search(r"\sstyle\s*=", html)
    assert not re.search(r"\son[a-z]+\s*=", html)
    for module in ADAPTER_MODULES:  # the modules that touch the DOM
        src = (ROOT / "lostcode" / "web" / (module + ".py")).read_text(encoding="utf-8")
        assert 'setAttribute("style"' not in src, module  # CSSOM (element.style) only


# --------------------------------------------------------------------------- helpers


def fill_form(page, names, flags=None, seed=None):
    """The set-up form; names set directly (markup payloads exceed maxlength)."""
    open_settings(page)
    page.get_by_label("Number of players").select_option(str(len(names)))
    for i, name in enumerate(names):
        page.evaluate(
            "([i, v]) => { document.getElementById('name-' + i).value = v; }", [i + 1, name]
        )
    for flag, label in OPTION_LABELS.items():
        page.get_by_label(label).set_checked(bool((flags or {}).get(flag)))
    if seed is not None:
        page.get_by_label("Seed (optional, to replay the same deal)").fill(str(seed))
    page.get_by_role("button", name="Play", exact=True).click()
    expect(page.locator("#game")).to_be_visible()


STORED_JS = """() => { const out = {};
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (k.startsWith("lostcode.")) out[k] = localStorage.getItem(k); }
  return out; }"""


def stored_index(page):
    """The saved games as the old single list looked: one key per game since issue 12."""
    items = page.evaluate(STORED_JS)
    games, finished, rejected = [], [], []
    for key in sorted(items):
        text = items[key]
        if key.startswith("lostcode.game."):
            games.append(json.loads(text)["entry"])
        elif key.startswith("lostcode.done."):
            finished.append(json.loads(text)["entry"])
        elif key.startswith("lostcode.rejected."):
            rejected.append(json.loads(text))
        elif key.startswith(KEY + ".damaged"):
            rejected.append({"id": None, "raw": text})
    finished.sort(key=lambda f: f["finished"], reverse=True)
    return {"games": games, "finished": finished, "rejected": rejected}


def saved_actions(page):
    idx = stored_index(page)
    if idx["games"]:
        assert len(idx["games"]) == 1
        return idx["games"][0]["save"]["record"]["actions"]
    return idx["finished"][0]["record"]["actions"]


def actions_of(state):
    return to_record(state)["actions"]


def violations(page):
    return page.evaluate("() => window.__violations")


def reload_page(page):
    assert violations(page) == []
    page.reload()
    wait_engine_ready(page)
    assert page.evaluate(COUNT_JS)[0] == 0


def no_traceback(page):
    assert page.locator(".py-error").count() == 0
    assert "Traceback" not in page.locator("body").inner_text()


# --------------------------------------------------------------------------- reload at every phase


def expected_after_reload(game, kind):
    """The screen a reload must come back on, and its heading (or None)."""
    s = game.s
    if kind in PRIVATE:
        return "handoff", f"Pass the device to {s.names[s.to_act]}"
    return kind, None


@pytest.mark.browser
def test_reload_at_every_phase_under_the_csp_then_export_and_import(page):
    """One 2-player game with Deadly Shortcut and markup names: a reload on the
    first screen of every kind resumes the engine's exact state, on the same
    screen or on the handoff before a private one; no CSP violation all game."""
    page.add_init_script(LISTEN)
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    names = [IMG_SHORT, SCRIPT_SHORT]
    game = UIGame(page, names, {"shortcut": True}, seed=31)
    t0 = time.perf_counter()
    page.goto("/")
    wait_engine_ready(page)
    scripts = page.evaluate(COUNT_JS)[1]
    fill_form(page, names, {"shortcut": True}, seed=31)
    reloaded = {}
    for _ in range(3000):
        snap = page.evaluate(SNAPSHOT_JS)
        kind = snap["screen"]
        if kind not in reloaded:
            reload_page(page)
            if kind == "end":
                finished = page.get_by_role(
                    "button", name="Show the result of " + ", ".join(game.s.names)
                )
                finished.click()
            else:
                page.get_by_role("button", name="Resume", exact=True).click()
            after = page.evaluate(SNAPSHOT_JS)
            want, heading = expected_after_reload(game, kind)
            if want is not None:
                assert after["screen"] == want, (kind, after["screen"])
            if heading is not None:
                assert after["heading"] == heading
            assert not after["private"], (kind, after)  # never a private screen on reload
            assert saved_actions(page) == actions_of(game.s), kind
            reloaded[kind] = after["screen"]
            snap = after
            kind = snap["screen"]
        game.screens[kind] = game.screens.get(kind, 0) + 1
        if kind == "end":
            break
        viewer = game.s.to_act if snap["private"] else None
        game.check_privacy(snap, viewer)
        game.snap = snap
        getattr(game, "on_" + kind)()
    assert game.s.phase == PHASE_END
    want = {"roll", "change", "offer", "shortcut", "handoff", "guess", "checks"}
    want |= {"replace", "final", "end"}
    assert want <= set(reloaded), sorted(reloaded)
    record = game.check_end()
    t_game = time.perf_counter() - t0

    # Export: a real file download (Blob URL, same origin) of the same record.
    with page.expect_download() as info:
        page.get_by_role("button", name="Download game record").click()
    exported = json.loads(Path(info.value.path()).read_text(encoding="utf-8"))
    assert exported == record
    assert replay(exported).scores == game.s.scores

    # Import it on the set-up screen and watch it to the end: the same scores.
    page.get_by_role("button", name="New game", exact=True).click()
    page.get_by_role("button", name="Yes", exact=True).click()  # leave the result
    page.get_by_label("Import a game record").set_input_files(
        files=[
            {
                "name": "game.json",
                "mimeType": "application/json",
                "buffer": json.dumps(exported).encode(),
            }
        ]
    )
    expect(page.get_by_role("status").filter(has_text="Imported a finished game")).to_contain_text(
        ", ".join(game.s.names)
    )
    page.get_by_role("button", name="Watch the game").click()
    # It opens on the replay's first move (issue 11); its end is the end screen's position.
    expect(page.locator("#game")).to_have_attribute("data-step", "0")
    page.get_by_role("button", name="End", exact=True).click()
    expect(page.locator("#game")).to_have_attribute("data-step", str(len(record["actions"])))
    page.get_by_role("button", name="Back to the result").click()
    game.check_end()

    # Markup in the names stayed text all along; the CSP was never violated...
    assert page.evaluate(COUNT_JS) == [0, scripts, None]
    assert violations(page) == [] and errors == []
    no_traceback(page)
    # ...and it bites: an injected inline script is refused (and reported).
    page.evaluate(
        """() => { const s = document.createElement("script");
                   s.textContent = "window.pwned = 1"; document.body.append(s); }"""
    )
    page.wait_for_function("() => window.__violations.length >= 1", timeout=10000)
    assert page.evaluate("() => window.pwned") is None
    assert "script-src-elem" in {v["directive"] for v in violations(page)}
    print(f"reload game: {t_game:.1f} s, {len(reloaded)} reloads, screens {sorted(reloaded)}")


# --------------------------------------------------------------------------- the list, bad data


CORRUPT = '{"format": "lostcode-saves", "version": 1, "games": [{"save": {"form'
SEED_STORAGE = (
    "if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1');"
    f" localStorage.setItem('{KEY}', {json.dumps(CORRUPT)}); }}"
)


def record_with_names(names, steps):
    """A record of an unfinished game, `steps` actions in, from the engine."""
    s = new_game(Options(len(names)), 9, names)
    for _ in range(steps):
        apply_action(s, legal_actions(s)[0])
    return s, to_record(s, ["human"] * len(names))


def import_text(page, text, name="game.json"):
    page.get_by_label("Import a game record").set_input_files(
        files=[{"name": name, "mimeType": "application/json", "buffer": text.encode()}]
    )


@pytest.mark.browser
def test_corrupt_save_list_resume_delete_and_bad_imports(page):
    page.add_init_script(SEED_STORAGE)
    logged = []
    page.on("console", lambda m: logged.append(m.text) if m.type == "error" else None)
    t0 = time.perf_counter()
    page.goto("/")
    wait_engine_ready(page)

    # A corrupt save: a clear message, a new game offered, the data kept and downloadable.
    saves = page.get_by_role("region", name="Saved games")
    expect(saves.get_by_role("alert").first).to_contain_text("could not be read")
    expect(saves.get_by_role("button", name="Start a new game")).to_be_visible()
    expect(page.get_by_role("button", name="Play", exact=True)).to_be_visible()
    assert page.evaluate(f"() => localStorage.getItem('{KEY}.damaged')") == CORRUPT
    with page.expect_download() as info:
        saves.get_by_role("button", name="Download the damaged data").click()
    assert Path(info.value.path()).read_text(encoding="utf-8") == CORRUPT
    no_traceback(page)

    # The exact payloads typed into the form: text only (cut at 24 characters).
    before = page.evaluate(COUNT_JS)
    fill_form(page, [IMG, SCRIPT], seed=4)
    expect(page.get_by_role("heading", name="Round 1:")).to_contain_text("<")
    page.get_by_role("button", name="Exit to saved games", exact=True).click()
    assert page.evaluate(COUNT_JS) == before
    cut = [IMG[:24], SCRIPT[:24]]
    saves.get_by_role("button", name=f"Delete {cut[0]}, {cut[1]} — round 1").click()
    saves.get_by_role("button", name=f"Yes, delete {cut[0]}, {cut[1]} — round 1").click()

    # Two games; both listed with names, round and phase; resume one, delete the other.
    fill_form(page, ["Ann", "Ben"], seed=5)
    page.get_by_role("button", name="Roll the dice").click()
    page.get_by_role("button", name="Exit to saved games", exact=True).click()
    fill_form(page, ["Cy", "Di"], seed=6)
    page.get_by_role("button", name="Exit to saved games", exact=True).click()
    expect(saves.get_by_text("Ann, Ben: round 1 of 10, changing a die")).to_be_visible()
    expect(saves.get_by_text("Cy, Di: round 1 of 10, rolling the dice")).to_be_visible()
    saves.get_by_role("button", name="Resume Ann, Ben — round 1").click()
    # The roller's dice screen is private (issue 22): resumed, its handoff first.
    expect(page.locator("#game")).to_have_attribute("data-screen", "handoff")
    page.get_by_role("button", name="I am Ben").click()  # seed 5: Ben rolled
    expect(page.locator("#game")).to_have_attribute("data-screen", "change")
    expect(page.get_by_role("button", name="Keep the dice")).to_be_visible()
    page.get_by_role("button", name="Exit to saved games", exact=True).click()
    saves.get_by_role("button", name="Delete Cy, Di — round 1").click()
    saves.get_by_role("button", name="Yes, delete Cy, Di — round 1").click()
    expect(saves.get_by_role("button", name="Resume Cy, Di — round 1")).to_have_count(0)
    expect(saves.get_by_role("button", name="Resume Ann, Ben — round 1")).to_be_visible()
    idx = stored_index(page)
    assert [g["summary"]["names"] for g in idx["games"]] == [["Ann", "Ben"]]
    assert idx["rejected"][0]["raw"] == CORRUPT  # still kept until discarded

    # Bad records: a message each, nothing replaced, no traceback.
    s, rec = record_with_names(["Ann", "Ben"], 3)
    full = json.dumps(rec)
    bad = {
        "not JSON": "this is not json",
        "truncated": full[: len(full) // 2],
        "foreign": json.dumps({"hello": "world"}),
        "newer": json.dumps({**rec, "version": 99}),
        "bad action": json.dumps({**rec, "actions": [["guess", "W9", 99]]}),
    }
    for what, text in bad.items():
        import_text(page, text, what + ".json")
        alert = saves.get_by_role("alert").filter(has_text="This file cannot be used")
        expect(alert).to_be_visible()
        if what == "newer":
            expect(alert).to_contain_text("newer version")
        no_traceback(page)
    with page.expect_download() as info:
        saves.get_by_role("button", name="Download the damaged data").last.click()
    assert Path(info.value.path()).read_text(encoding="utf-8") == bad["bad action"]

    # An imported record with markup names: text only, and play goes on from it.
    before = page.evaluate(COUNT_JS)
    s, rec = record_with_names([IMG, SCRIPT], 3)
    import_text(page, json.dumps(rec))
    shown = ", ".join(s.names)  # the engine cuts names at 24 characters
    expect(saves.get_by_role("status")).to_contain_text(f"Imported a game of {shown}")
    assert page.evaluate(COUNT_JS) == before
    saves.get_by_role("button", name="Continue playing").click()
    snap = page.evaluate(SNAPSHOT_JS)
    assert snap["screen"] == s.phase or snap["screen"] == "handoff", (snap, s.phase)
    assert snap["heading"] == f"Pass the device to {s.names[s.to_act]}"
    assert page.evaluate(COUNT_JS) == before
    page.get_by_role("button", name="Exit to saved games", exact=True).click()
    expect(saves.get_by_role("button", name=f"Resume {shown} — round 1")).to_be_visible()
    assert page.evaluate(COUNT_JS) == before

    # An unexpected exception in a handler: a friendly alert, details in the console.
    saves.get_by_role("button", name="Resume Ann, Ben — round 1").click()
    page.evaluate("() => document.getElementById('log').remove()")  # breaks render()
    page.get_by_role("button", name="I am Ben").click()
    expect(page.locator("#app-error")).to_contain_text("Something went wrong")
    assert any("The Lost Code: unexpected error" in x for x in logged), logged
    no_traceback(page)
    print(f"list/bad-data scenario: {time.perf_counter() - t0:.1f} s")
