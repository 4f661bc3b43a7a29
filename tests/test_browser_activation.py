"""One activation, one action (issue 12): double and triple clicks and held
keys on every kind of control leave exactly one action in the record, and no
private screen ever opens without its own handoff screen first.

The issue's scenario is reproduced first (3 players Ann/Ben/Cy, seed 99: a
double click on "Hide and pass" used to open Ben's private screen while Ann
still held the device; since issue 11 the same double click lands on "Confirm
and pass to Ben", whose second click would hit "I am Ben"). Then whole games
are played through tests/play.py's UIGame with every game-moving control
pressed twice or three times, or with Enter held down, at phone and desktop
sizes.
"""

import json
import os
import re

import pytest
from helpers import SCREEN_WATCH, skip_settle_wait
from play import CONFIRM_WHEEL, UIGame
from playwright.sync_api import expect

from lostcode.rules.components import WHEEL_VP, WHEEL_WIDTH
from lostcode.services.record import to_record

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 640}
DESKTOP = {"width": 1280, "height": 900}
# The runtime under test: "" is the page's default (?runtime= otherwise).
RUNTIME = os.environ.get("LOSTCODE_RUNTIME", "")
PATH = "/?runtime=" + RUNTIME if RUNTIME else "/"
PRIVATE = ("change", "guess", "shortcut", "final")  # the roller's dice too (issue 22)

WATCH = SCREEN_WATCH  # tests/helpers.py

# Controls that move the game (or open a screen): pressed with a multi-activation.
# Candidate, wheel, die-face and stone buttons toggle a draft on the same
# screen (issue 11), so a second press of those is a real second choice and
# they get one click.
SINGLE = (" candidate ", "W1 (", "W2 (", "W3 (", "W4 (", "W5 (", "W7 (", "W10 (", "the range",
          "Turn die ", "Replace the ")


def saved_records(page):
    """Every game record the page has stored (any storage layout of lostcode.*)."""
    return page.evaluate(
        """() => { const out = [];
          for (let i = 0; i < localStorage.length; i++) {
            const k = localStorage.key(i);
            if (k.startsWith("lostcode.")) out.push([k, localStorage.getItem(k)]); }
          return out; }"""
    )


def stored_actions(page):
    """The actions of the one game in storage (in progress or finished)."""
    page.wait_for_function("() => !document.documentElement.hasAttribute('data-saving')")
    found = []
    for _key, text in saved_records(page):
        try:
            data = json.loads(text)
        except ValueError:
            continue
        found.extend(_records_in(data))
    assert len(found) == 1, [k for k, _t in saved_records(page)]
    return found[0]["actions"]


def _records_in(data):
    if isinstance(data, dict):
        if data.get("format") == "lostcode-record":
            return [data]
        out = []
        for v in data.values():
            out.extend(_records_in(v))
        return out
    if isinstance(data, list):
        out = []
        for v in data:
            out.extend(_records_in(v))
        return out
    return []


def assert_handoff_before_private(screens):
    """Every private screen opens after its handoff; the exceptions are the
    roller's wheel right after their own private dice, and the roller's dice
    right after their own shortcut candidates (same viewer, issue 22: another
    taker's candidates are followed by the roller's handoff)."""
    for i, s in enumerate(screens):
        if s in PRIVATE:
            before = screens[i - 1] if i > 0 else None
            ok = before == "handoff" or (s, before) in (("guess", "change"), ("change", "shortcut"))
            assert ok, screens[max(0, i - 4) : i + 1]


class MultiGame(UIGame):
    """UIGame pressing every game-moving control twice, three times or with
    Enter held (auto-repeat), in turn."""

    MODES = ("double", "triple", "held")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.presses = {m: 0 for m in self.MODES}

    def press(self, locator, name):
        if isinstance(name, str) and any(s in name for s in SINGLE):
            locator.click()
            return
        mode = self.MODES[sum(self.presses.values()) % len(self.MODES)]
        self.presses[mode] += 1
        if mode == "double":
            locator.dblclick()
        elif mode == "triple":
            locator.click(click_count=3)
        else:
            locator.focus()
            kb = self.page.keyboard
            kb.down("Enter")
            kb.down("Enter")  # Playwright sends the later ones with repeat=true
            kb.down("Enter")
            kb.up("Enter")

    def click(self, name, exact=True):
        loc = self.button(name, exact)
        skip_settle_wait(loc)  # the first press after the wait; the next ones at once
        expect(loc).to_be_enabled()
        self.press(loc, name)

    def on_guess(self):
        s = self.s
        p = s.to_act
        taken = [w for _q, w in s.current_round()["wheels"]]
        total = sum(s.racks[p][d] for d in s.dice)
        prefs = ("W5", "W3", "W7", "W4", "W2", "W10", "W1")
        wheel = [w for w in prefs if w not in taken][(s.round + p) % 2]
        width = WHEEL_WIDTH[wheel]
        ring = s.options.ring_max
        if (s.round + p) % 3:  # right, else wrong: wrong wheels lead to Replace screens
            low = max(0, min(total - width // 2, ring - width + 1))
        else:
            low = total + 1 if total + width <= ring else 0
        self.click(f"{wheel} ({width} wide, {WHEEL_VP[wheel]} VP)")
        self.page.get_by_label("Low end of the range").fill(str(low))
        self.click(CONFIRM_WHEEL)
        self.apply(("guess", wheel, low))


def test_the_issue_scenario_double_click_on_confirm_and_pass(page):
    """Issue 12, defect 1, at 360x640 (with issue 11's flow): Ann's double click
    on "Confirm and pass to Ben" leaves Ben's handoff on screen, with no value
    on it, although its "I am Ben" stands where the second click lands."""
    page.set_viewport_size(PHONE)
    game = UIGame(page, ["Ann", "Ben", "Cy"], seed=99)
    game.start(wait_first=True, path=PATH)
    game.click("Roll the dice")
    game.click("I am Ann")  # the roller's private screen (issue 22), then her wheel
    game.click("Keep the dice")
    page.get_by_role("button", name="W3", exact=False).first.click()
    page.get_by_role("button", name=re.compile(r"^Confirm W3 · .+ and pass to Ben$")).dblclick()
    page.wait_for_timeout(600)  # past the settle time: a late second click would have acted
    expect(page.get_by_role("heading", level=2, name="Pass the device to Ben")).to_be_visible()
    assert page.locator("#game").get_attribute("data-private") == "false"
    for name in ("Ann", "Ben", "Cy"):  # a shared screen: no human's own stones (issue 10)
        stones = page.locator(f'#table svg[aria-label="Rack of {name}"] .stones').first
        assert not any(ch.isdigit() for ch in stones.text_content()), name


@pytest.mark.parametrize(
    "size, names, flags, seed",
    [
        (PHONE, ["Ann", "Ben", "Cy"], {}, 99),
        (DESKTOP, ["Ana", "Bo"], {"shortcut": True, "curse": True}, 7),
    ],
    ids=["phone-3p", "desktop-2p-shortcut"],
)
def test_multi_activations_leave_one_action_each(page, size, names, flags, seed):
    page.set_viewport_size(size)
    page.add_init_script(WATCH)
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    game = MultiGame(page, names, flags, seed=seed)
    game.start(wait_first=True, path=PATH)
    game.play()
    record = game.check_end()
    assert record["actions"] == to_record(game.s)["actions"]
    assert stored_actions(page) == record["actions"]
    screens = page.evaluate("() => window.__screens")
    assert_handoff_before_private(screens)
    assert {"roll", "handoff", "guess", "checks", "replace", "final"} <= set(screens)
    assert min(game.presses.values()) >= 5, game.presses
    assert errors == []
    assert page.locator("#app-error").is_hidden()
