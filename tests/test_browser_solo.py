"""Solo play, computer seats and the deduction assistant in Chromium (issue 4),
driven by role and accessible name like tests/test_browser_game.py.

The shadow engine game in the test process plays the bots' moves with the
same bots and the same seeds as the page (lostcode/web/game/solo.py), so it stays
in step with the page and every screen can be checked for privacy.
"""

import re
import time

import pytest
from helpers import open_settings, wait_engine_ready
from play import OPTION_LABELS, SNAPSHOT_JS, UIGame
from playwright.sync_api import expect

from lostcode.player.bots import Player
from lostcode.player.seats import bot_decision, bot_seed
from lostcode.rules.observation import observe
from lostcode.rules.vocab import PHASE_END
from lostcode.web.game.describe import describe
from lostcode.web.game.solo import SHOWN_WITH_CHECKS, before_checks

pytestmark = pytest.mark.browser

KIND_LABELS = {
    "human": "Human",
    "easy": "Computer (easy)",
    "medium": "Computer (medium)",
    "hard": "Computer (hard)",
}
NO_HELP = "Play without help (no deduction assistant)"
PANEL = "What can I deduce?"


class SeatsGame(UIGame):
    """UIGame with seat kinds: bot screens are checked against the shadow's bots."""

    def __init__(self, page, names, seats, hints=True, use_suggestion=False, tap_bots=True, **kw):
        super().__init__(page, names, **kw)
        self.seats = list(seats)
        self.hints = hints
        self.use_suggestion = use_suggestion
        self.bots = {
            p: Player(k, bot_seed(self.seed, p)) for p, k in enumerate(seats) if k != "human"
        }
        self.humans = [p for p, k in enumerate(seats) if k == "human"]
        self.checks_seen = 0
        self.bot_lines = []
        self.handoff_names = []
        self.panels = 0
        self.suggestions_used = 0
        self.tap_bots = tap_bots  # skip a bot's turn with a tap, or let it go on by itself
        self.bot_screens = 0

    def start(self):
        page = self.page
        page.goto("/")
        open_settings(page)
        page.get_by_label("Number of players").select_option(str(len(self.names)))
        for i, name in enumerate(self.names):
            page.get_by_label(f"Name of player {i + 1}").fill(name)
            page.get_by_label(f"Player {i + 1} plays as").select_option(
                label=KIND_LABELS[self.seats[i]]
            )
        for flag, label in OPTION_LABELS.items():
            page.get_by_label(label).set_checked(bool(self.flags.get(flag)))
        page.get_by_label(NO_HELP).set_checked(not self.hints)
        page.get_by_label("Seed (optional, to replay the same deal)").fill(str(self.seed))
        wait_engine_ready(page)
        self.click("Play")
        expect(page.locator("#game")).to_be_visible(timeout=30000)

    # -- the shadow's bots -----------------------------------------------------------
    def checks_pending(self):
        for h in reversed(self.s.history):
            if h["guesses"]:
                return h["round"] > self.checks_seen
        return False

    def catch_up(self):
        """The shadow plays the bots' moves up to the next human decision; the
        report's lines (solo.bot_screen: the events before the round's check)."""
        s = self.s
        expected = []
        while s.phase != PHASE_END and s.to_act in self.bots and not self.checks_pending():
            p = s.to_act
            action = bot_decision(self.bots[p], s.seed, p, observe(s, p))
            before = len(s.log)
            self.apply(action)
            expected += [
                describe(e, s.names)
                for e in before_checks(s.log[before:])
                if e["t"] not in SHOWN_WITH_CHECKS
            ]
        return expected

    def on_bot(self):
        """Issue 22: a bot's turn goes on by itself (or at a tap anywhere); its
        report, read while it is shown, is the shadow's, in order."""
        page = self.page
        self.bot_screens += 1
        expected = self.catch_up()
        assert expected, "a bot screen with nothing to report"
        items = page.get_by_role("region", name="What the computer did").get_by_role("listitem")
        shown = [t.strip() for t in items.all_inner_texts()]
        if page.locator("#game").get_attribute("data-screen") == "bot":  # not gone on yet
            # the words of the moves played on the board so far (issue 22: move by move)
            assert shown == expected[: len(shown)], (shown, expected)
        self.bot_lines += expected
        if self.tap_bots:
            page.locator("#screen-h").click()  # a tap on no control: to the end of the run
        expect(page.locator("#game")).not_to_have_attribute("data-screen", "bot", timeout=60000)

    def on_checks(self):
        for h in reversed(self.s.history):
            if h["guesses"]:
                self.checks_seen = h["round"]
                break
        self.click("Continue")

    def on_handoff(self):
        name = self.s.names[self.s.to_act]
        assert self.s.to_act in self.humans and len(self.humans) > 1, name
        self.handoff_names.append(name)
        super().on_handoff()

    # -- the assistant ------------------------------------------------------------------
    def check_panel(self):
        page = self.page
        panel = page.get_by_role("region", name=PANEL)
        if not self.hints:
            assert page.locator(".assistant").count() == 0
            assert PANEL not in page.locator("#game").inner_text()
            return None
        expect(panel).to_be_visible()
        self.panels += 1
        table = panel.get_by_role("table", name="Your own stones: chance of each value")
        expect(table).to_contain_text("%")
        return panel

    def on_guess(self):
        panel = self.check_panel()
        if panel is None or not self.use_suggestion or self.s.round % 2 == 0:
            return super().on_guess()
        text = panel.locator(".suggestion").inner_text()
        m = re.match(r"Suggestion: wheel (W\d+), range (\d+)", text)
        assert m, text
        use = panel.get_by_role("button", name="Use this suggestion")
        expect(use).to_have_attribute("aria-pressed", "true")  # the bet starts there (issue 11)
        use.click()
        wheels = self.page.get_by_role("group", name="Wheels")
        expect(wheels.get_by_role("button", pressed=True)).to_have_accessible_name(
            re.compile("^" + m.group(1) + r" \(")
        )  # a drawn wheel: its name says which
        box = self.page.get_by_label("Low end of the range")
        expect(box).to_have_value(m.group(2))
        assert self.s.phase == "guess"  # filled, not confirmed
        self.page.get_by_role("button", name=re.compile(r"^Confirm W\d+ · ")).click()
        self.apply(("guess", m.group(1), int(m.group(2))))
        self.suggestions_used += 1

    def on_shortcut(self):
        self.check_panel()
        super().on_shortcut()

    def on_final(self):
        self.check_panel()
        super().on_final()


def own_values_absent(game):
    """The human's current stones never appear as a stone label on a non-end screen."""
    snap = game.page.evaluate(SNAPSHOT_JS)
    if snap["screen"] == "end":
        return
    for p in game.humans:
        own = {f"{sym}: {v}" for sym, v in game.s.racks[p].items()}
        if snap["private"] and game.s.to_act == p:
            assert not own & set(snap["labels"]), (snap["screen"], own & set(snap["labels"]))


def test_solo_against_a_hard_bot(page):
    game = SeatsGame(page, ["Ana", "Carla"], ["human", "hard"], seed=4242, use_suggestion=True)
    t0 = time.perf_counter()
    game.start()
    real_play = game.play

    # Check the human's own values on every screen, on top of UIGame's checks.
    def on_each(kind_handler):
        def wrapped():
            own_values_absent(game)
            kind_handler()

        return wrapped

    for kind in ("roll", "change", "bot", "guess", "checks", "replace", "final", "offer"):
        setattr(game, "on_" + kind, on_each(getattr(game, "on_" + kind)))
    real_play()
    game.check_end()
    assert "handoff" not in game.screens, game.screens
    assert {"bot", "guess", "checks", "final", "end"} <= set(game.screens), game.screens
    assert game.panels > 0 and game.suggestions_used > 0
    assert any(re.fullmatch(r".+ took wheel W\d+\.", line) for line in game.bot_lines)
    print(
        f"solo game vs hard bot: {time.perf_counter() - t0:.1f} s, "
        f"{game.privacy_checks} screens, {len(game.bot_lines)} bot lines"
    )


def test_two_humans_and_a_bot_hand_over_between_humans_only(page):
    game = SeatsGame(page, ["Ana", "Bo", "Carla"], ["human", "human", "medium"], seed=77)
    t0 = time.perf_counter()
    game.start()
    game.play()
    game.check_end()
    assert set(game.handoff_names) == {"Ana", "Bo"}
    assert {"bot", "handoff"} <= set(game.screens)
    print(f"2 humans + bot: {time.perf_counter() - t0:.1f} s, {game.privacy_checks} screens")


def test_assistant_panel_and_play_without_help(page):
    # With help: the panel is on the private guess screen, with a suggestion.
    game = SeatsGame(page, ["Ana", "Carla"], ["human", "easy"], seed=9, use_suggestion=True)
    game.start()
    game.play(until_round=3)
    assert game.panels > 0 and game.suggestions_used > 0
    # Without help: nothing of the panel in the DOM, on any screen.
    game = SeatsGame(page, ["Ana", "Carla"], ["human", "easy"], seed=9, hints=False)
    game.start()
    game.play(until_round=3)
    assert game.screens.get("guess", 0) > 0 and game.panels == 0


def test_at_least_one_human(page):
    page.goto("/")
    wait_engine_ready(page)
    open_settings(page)
    page.get_by_label("Player 1 plays as").select_option(label="Computer (easy)")
    page.get_by_label("Player 2 plays as").select_option(label="Computer (hard)")
    page.get_by_role("button", name="Play", exact=True).click()
    # Beside Play, the set-up's one start (desk12: "Start the game" under the form is gone)
    status = page.locator("#start-status")
    expect(status).to_contain_text("At least one player must be human")
    expect(status).to_be_in_viewport()
    expect(page.get_by_role("button", name="Start the game")).to_have_count(0)
    expect(page.locator("#game")).to_be_hidden()


def test_bot_turns_go_on_by_themselves_with_zero_taps(page):
    """Issue 22: against two bots, every bot turn is shown on the drawn board
    (the dice of a bot's roll drawn next to the report) and goes on by itself
    to the human's next decision: 0 taps during bot turns; "End of round N."
    is never told before round N's check results."""
    game = SeatsGame(page, ["Ana", "Bea", "Cy"], ["human", "easy", "medium"], seed=31,
                     tap_bots=False)
    game.start()
    clicks = []
    real_click = game.click

    def counted(name, exact=True):
        clicks.append(page.locator("#game").get_attribute("data-screen"))
        real_click(name, exact)

    game.click = counted
    real_on_bot = game.on_bot
    dice_seen = []

    early = []

    def on_bot():
        if page.locator("#game").get_attribute("data-screen") == "bot":
            dice_seen.append(page.locator("#screen svg.dice").count())
        n = len(game.bot_lines)
        real_on_bot()
        for line in game.bot_lines[n:]:  # told only once its round's check was shown
            m = re.fullmatch(r"End of round (\d+)\.", line)
            if m and int(m.group(1)) > game.checks_seen:
                early.append(line)

    game.on_bot = on_bot
    t0 = time.perf_counter()
    game.play(until_round=3)
    assert game.bot_screens >= 2, game.screens
    assert "bot" not in clicks, clicks  # no tap on a bot's turn
    assert dice_seen and all(n == 1 for n in dice_seen), dice_seen
    assert not early, early
    print(f"2 bots, 2 rounds: {game.bot_screens} bot turns, 0 taps, "
          f"{time.perf_counter() - t0:.1f} s")


PHONE = {"width": 360, "height": 640}
# Every caption of a bot's move the page draws, with when (issue 22).
CAPTIONS_JS = """
window.__captions = [];
new MutationObserver(() => {
  const c = document.querySelector('p.step-caption > span');
  const t = c ? c.textContent : null;
  const last = window.__captions[window.__captions.length - 1];
  if (t && (!last || last[0] !== t)) window.__captions.push([t, performance.now()]);
}).observe(document, {subtree: true, childList: true, characterData: true});
"""
SETTLED_JS = "!document.querySelector('#game [data-settling]')"


def phone_solo(browser, site_url, reduced=False):
    """Solo against two hard computers at 360x640 (touch), from the set-up's URL."""
    kw = {"reduced_motion": "reduce"} if reduced else {}
    context = browser.new_context(
        viewport=PHONE, base_url=site_url, has_touch=True, is_mobile=True, **kw
    )
    page = context.new_page()
    page.add_init_script(CAPTIONS_JS)
    page.goto("/?players=3&seats=human,hard,hard&seed=31")
    wait_engine_ready(page)
    play = page.locator("#play")
    (play if play.count() else page.locator("#setup-form [type=submit]").first).click()
    expect(page.locator("#game")).to_be_visible(timeout=30000)
    return page


def own_rack_hidden(page):
    """R-S7: the human's rack (seat 0) shows no value on a bot's move; the
    computers' racks show theirs."""
    labels = page.locator('#game svg.rack[data-owner="0"] .stones > g').evaluate_all(
        "gs => gs.map(g => g.getAttribute('aria-label'))"
    )
    assert labels and all(x.endswith(": hidden") for x in labels), labels
    for seat in (1, 2):
        shown = page.locator(f'#game svg.rack[data-owner="{seat}"] .stones > g').evaluate_all(
            "gs => gs.map(g => g.getAttribute('aria-label'))"
        )
        assert shown and not any(x.endswith(": hidden") for x in shown), shown


def human_move(page):
    """The human's decision on the screen shown: its completing control."""
    page.wait_for_function(SETTLED_JS)
    kind = page.locator("#game").get_attribute("data-screen")
    if kind == "replace":
        stone = page.get_by_role("button", name=re.compile("^Replace the ")).and_(
            page.locator(":enabled")
        )
        if stone.count():
            stone.first.click()
    page.locator("#screen .actionbar button.primary:enabled").first.click()
    yes = page.get_by_role("button", name="Yes", exact=True)
    if kind == "final" and yes.count():
        yes.click()


def test_bot_moves_are_played_one_by_one_on_the_board_without_a_tap(browser, site_url):
    """Issue 22 at 360x640: the computers' moves are played on the drawn board
    one after another (the caption's move counter and the board change by
    themselves, about 1.2 s a move), the human's stones never shown; one Skip
    goes to the human's next decision, and its second click (a double tap)
    does nothing there (one activation, one action)."""
    page = phone_solo(browser, site_url)
    game = page.locator("#game")
    expect(game).to_have_attribute("data-screen", "bot")
    caption = page.locator("p.step-caption > span")
    expect(caption).to_have_text(re.compile(r"^Move 1 of \d+ · "))
    total = int(re.match(r"Move 1 of (\d+)", caption.inner_text()).group(1))
    assert total >= 3, total
    boards = []
    for k in range(1, total + 1):
        expect(caption).to_have_text(re.compile(f"^Move {k} of {total} · "), timeout=8000)
        # the live region says each move as it is played (screen readers follow it)
        expect(page.locator("#announce")).to_have_text(caption.inner_text())
        own_rack_hidden(page)
        boards.append(page.locator("#screen .evidence").inner_html()
                      + page.locator("#table").inner_html())
        if k == 1:
            expect(page.locator("#screen svg.dice .die")).to_have_count(3)  # the roll, drawn
    assert all(boards[i] != boards[i + 1] for i in range(total - 1))  # each move on the board
    expect(game).not_to_have_attribute("data-screen", "bot", timeout=8000)
    seen = page.evaluate("window.__captions")
    assert [t for t, _at in seen] == [t for t, _at in seen[:total]] and len(seen) == total, seen
    gaps = [seen[i + 1][1] - seen[i][1] for i in range(total - 1)]
    assert min(gaps) >= 900, gaps  # paced, not all at once
    # Play on to a run of two moves or more, and skip it with a double tap.
    for _ in range(200):
        kind = game.get_attribute("data-screen")
        if kind == "end":
            raise AssertionError("no second run of computer moves")
        if kind != "bot":
            human_move(page)
            page.wait_for_timeout(100)
            continue
        m = re.match(r"Move (\d+) of (\d+)", caption.inner_text())
        if not m or m.group(1) != "1" or int(m.group(2)) < 2:
            page.wait_for_timeout(100)
            continue
        own_rack_hidden(page)
        # The captions drawn when the skip's first click arrives (counted in the
        # page: on a loaded machine the next move may come while Playwright
        # aims the double click, and that move is not after the skip).
        page.evaluate("""() => { window.__atSkip = null; document.addEventListener('click',
            () => { window.__atSkip = window.__captions.length; },
            {capture: true, once: true}); }""")
        page.get_by_role("button", name="Skip to the end of the computers' moves").dblclick()
        expect(game).not_to_have_attribute("data-screen", "bot", timeout=3000)
        after = game.get_attribute("data-screen")
        heading = page.locator("#screen-h").inner_text()
        page.wait_for_timeout(800)
        # The second click of the double tap acted on nothing: the same decision waits.
        assert game.get_attribute("data-screen") == after
        assert page.locator("#screen-h").inner_text() == heading
        assert after in ("checks", "change", "guess", "replace", "final", "shortcut", "offer")
        moves = page.evaluate("window.__atSkip")
        assert page.evaluate("window.__captions.length") == moves  # no move shown after it
        break
    else:
        raise AssertionError("no run of two computer moves to skip")
    page.context.close()


def test_reduced_motion_shows_the_bots_moves_one_by_one_unanimated(browser, site_url):
    """Issue 22, fix10: under prefers-reduced-motion nothing moves, but every
    computer move is still a step said on the board (a sixth playtest: going
    straight to the human's decision hid every move), each at its pace."""
    page = phone_solo(browser, site_url, reduced=True)
    game = page.locator("#game")
    expect(game).to_have_attribute("data-screen", "guess", timeout=30000)
    seen = [t for t, _at in page.evaluate("window.__captions")]
    assert [t for t in seen if t.startswith("Move 2 of ")], seen
    assert page.evaluate("document.getAnimations().length") == 0
    own = page.locator('#game svg.rack[data-owner="0"] .stones > g').evaluate_all(
        "gs => gs.map(g => g.getAttribute('aria-label'))"
    )
    assert own and all(x.endswith(": hidden") for x in own)
    page.context.close()


def test_reduced_motion_shows_an_experts_three_round_1_moves_one_by_one(browser, site_url):
    """desk12 (a seventh playtest, `?lang=ru&motion=reduce`, seed 4242: it read
    the expert's roll, die turn and wheel of round 1 as one step; its script
    watched the heading, which a computer's steps share): each of the three
    moves is its own step, in order, each caption on screen for at least
    PACE_MS, the first while the expert decides saying no count, the others
    "Ход k из 3"."""
    from lostcode.web.game.solo import PACE_MS

    context = browser.new_context(viewport=PHONE, base_url=site_url, has_touch=True)
    page = context.new_page()
    page.add_init_script(CAPTIONS_JS)
    page.goto("/?lang=ru&motion=reduce&players=3&seats=human,expert,hard&seed=4242")
    wait_engine_ready(page)
    page.locator("#play").click()
    expect(page.locator("#game")).to_have_attribute("data-screen", "guess", timeout=60000)
    seen = page.evaluate("window.__captions")
    texts = [t for t, _at in seen]
    for k in (1, 2, 3):
        assert [t for t in texts if t.startswith(f"Ход {k} из 3 · Игрок 2: ")], texts
    assert not [t for t in texts if t.startswith("Ход ") and " из " not in t.split("·")[0]], texts
    starts = [at for t, at in seen if t.startswith(("Ход 2 из 3", "Ход 3 из 3"))]
    firsts = [at for t, at in seen if t.startswith("Ход 1 из 3")]
    assert firsts and len(starts) >= 2 and starts[0] - firsts[0] >= PACE_MS * 0.9, seen
    assert page.evaluate("document.getAnimations().length") == 0
    context.close()
