"""«Тайные камни» in the browser (issue 43), on the default runtime
(MicroPython), at 360x640, driven by role and accessible name:

- the Lost Code's start page fetches no module of the second game until it
  is chosen on the start screen;
- a 3-player pass-and-play game and a solo game played to the end through
  the page: every screen is checked against a shadow of the game on CPython
  (rebuilt from the page's own save after every action) — a hand is only on
  its owner's turn screen (S-S2: hands are hidden), never in the DOM of a
  handoff, another player's turn or the end; no sideways scroll; the turn
  screen's tiles, cards and controls are 44 px at least;
- a computer seat plays its turn on its own, without a tap.

The moves are the searching computer's (lostcode/stones/bots.py) on the
shadow, played as taps: spend a card, tap a tile and its neighbour to swap
(S-A1), the same tile twice to flip (S-A2), a glowing card to complete
(S-A3), End turn (S-A4), Skip (S-A5).
"""

import json
import re

import pytest
from helpers import wait_engine_ready
from playwright.sync_api import expect

from lostcode.stones import pageplay
from lostcode.stones.bots import SearchBot
from lostcode.stones.observation import observe
from lostcode.stones.vocab import COMPLETE, END, FLIP, SKIP, SWAP
from lostcode.web.stonesgame.screens import card_label, tile_label

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 640}
# The game in progress, saved in the page's saved games under its own key
# (<html data-stones-saved> names it; issue 43).
SAVED = ("(() => { const id = document.documentElement.dataset.stonesSaved;"
         " return id ? localStorage.getItem('lostcode.game.' + id) : null; })()")
STONES_FILES = re.compile(r"/lostcode/(stones|web/stonesgame)/")


def screen(page):
    return page.evaluate("document.documentElement.dataset.stonesScreen || ''")


def shadow(page):
    """The game as the page saved it, rebuilt on CPython."""
    text = page.evaluate(SAVED)
    assert text, "the page keeps the game in progress"
    return pageplay.from_save(json.loads(text)["entry"]["save"])


class StonesUI:
    def __init__(self, page):
        self.page = page
        self.screens = 0
        self.kinds = set()
        self.last = None  # the shadow of the last screen checked

    def button(self, name):
        return self.page.get_by_role("button", name=name, exact=True)

    def click(self, name):
        self.button(name).click()

    def check_screen(self, ses):
        """S-S2: no hand but the viewer's, anywhere in the page."""
        page = self.page
        kind = screen(page)
        self.kinds.add(kind)
        self.screens += 1
        s = ses.state
        viewer = s.to_act if kind == "turn" else None
        html = page.content()
        for p, hand in enumerate(s.hands):
            if p == viewer:
                continue
            for c in hand:
                assert card_label(c) not in html, (kind, p, c)
        shown = {int(x) for x in page.eval_on_selector_all(
            "#stones .stones-hand button", "bs => bs.map(b => b.dataset.arg)")}  # fmt: skip
        if viewer is None:
            assert not shown and "Goal card" not in html, kind
        else:
            assert ses.seats[viewer] == "human"
            assert shown == set(s.hands[viewer])
            self.check_targets()
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    def check_targets(self):
        sizes = self.page.eval_on_selector_all(
            "#stones .stones-tiles button, #stones .stones-hand button, #stones .actionbar button",
            "bs => bs.map(b => [b.offsetWidth, b.offsetHeight])",
        )
        assert len(sizes) >= 9 + 2
        for w, h in sizes:
            assert w >= 44 and h >= 44, (w, h)

    def wait_human(self, timeout=60000):
        """Until the page waits for a person (a computer plays on its own)."""
        self.page.wait_for_function(
            "() => !['computer', 'setup', ''].includes("
            "document.documentElement.dataset.stonesScreen || '')", timeout=timeout)  # fmt: skip
        return screen(self.page)

    def play(self, max_actions=1500):
        for _ in range(max_actions):
            kind = self.wait_human()
            if kind == "end":
                return shadow_end(self.page)
            ses = shadow(self.page)
            self.check_screen(ses)
            if kind == "handoff":
                self.click(f"I am {pageplay.to_act_name(ses)}")
                expect(self.page.locator("html[data-stones-screen=turn]")).to_be_attached()
                continue
            self.act(ses)
        pytest.fail("the game did not end")

    def act(self, ses):
        s = ses.state
        before = len(s.actions)
        action = SearchBot(7).decide(observe(s, s.to_act))
        kind = action[0]
        if kind == COMPLETE:
            card = self.button(f"{card_label(action[1])} — complete it now")
            assert "glow" in card.get_attribute("class")  # a card the grid shows glows
            card.click()
        elif kind in (SWAP, FLIP):
            if ses.spend_card() != action[1]:
                self.click(f"{card_label(action[1])} — spend it on the next move")
            first = action[2]
            second = action[3] if kind == SWAP else action[2]
            self.click(tile_label(s.grid, first))
            self.click(tile_label(s.grid, second))
        elif kind == END:
            self.click("End turn")
        elif kind == SKIP:
            self.click("Skip and draw 2")
        self.page.wait_for_function(
            "n => { const t = " + SAVED + ";"
            " return !t || JSON.parse(t).entry.save.record.actions.length > n; }", arg=before)


def shadow_end(page):
    expect(page.get_by_role("table", name="Scores")).to_be_visible()
    assert "Goal card" not in page.content()  # no hand on the end screen either
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    return page.get_by_role("table", name="Scores").inner_text()


def open_stones(page, seed):
    page.set_viewport_size(PHONE)
    page.goto(f"/?game=stones&seed={seed}")
    wait_engine_ready(page)
    expect(page.get_by_role("heading", name="Shifting Stones")).to_be_visible(timeout=30000)


def set_up(page, seats):
    region = page.get_by_role("region", name="Shifting Stones")
    region.get_by_label("Number of players").select_option(str(len(seats)))
    for i, (name, kind) in enumerate(seats, start=1):
        region.get_by_label(f"Name of player {i}", exact=True).fill(name)
        region.get_by_label(f"Player {i} plays as", exact=True).select_option(kind)
    region.get_by_role("button", name="Start the game").click()


def test_the_lost_codes_start_fetches_no_stones_module_until_chosen(page, request_log):
    page.set_viewport_size(PHONE)
    page.goto("/")
    wait_engine_ready(page)
    lost_code = page.get_by_role("button", name="The Lost Code")
    expect(lost_code).to_have_attribute("aria-pressed", "true")
    page.wait_for_timeout(500)
    assert not [p for p in request_log.paths() if STONES_FILES.search(p)]
    page.get_by_role("button", name="Shifting Stones").click()
    expect(page.locator("html[data-stones=loaded]")).to_be_attached(timeout=30000)
    assert [p for p in request_log.paths() if STONES_FILES.search(p)]
    expect(page.get_by_role("heading", name="Shifting Stones")).to_be_visible()
    # and back: the Lost Code's set-up again
    page.get_by_role("group", name="Game").get_by_role("button", name="The Lost Code").click()
    expect(page.get_by_role("button", name="Play", exact=True)).to_be_visible()


def test_three_players_pass_and_play_to_the_end_no_hand_shown_to_another(page):
    """S-S2 (hands hidden) on every screen; S-A1..S-A5 played as taps; S-E1 the end."""
    open_stones(page, 11)
    set_up(page, [("Ann", "human"), ("Ben", "human"), ("Cy", "human")])
    ui = StonesUI(page)
    table = ui.play()
    assert {"handoff", "turn"} <= ui.kinds and ui.screens > 30
    assert all(name in table for name in ("Ann", "Ben", "Cy"))
    cells = page.eval_on_selector_all("#stones table tbody tr td:nth-child(2)",
                                      "tds => tds.map(t => t.textContent)")
    completed = [int(x) for x in cells]
    assert max(completed) == 9  # S-E1: 3 players play until one has completed 9 goals


def test_solo_game_to_the_end(page):
    """S-O1..S-O3: the solo game, no handoff, to its end (won or lost)."""
    open_stones(page, 3)
    set_up(page, [("Ann", "human")])
    ui = StonesUI(page)
    ui.play()
    assert "handoff" not in ui.kinds
    text = page.locator("#stones").inner_text()
    assert "you win" in text or "the game is lost" in text


def test_a_computer_seat_plays_on_its_own_bot(page):
    """A computer's turn needs no tap (its decisions searched in slices)."""
    open_stones(page, 5)
    set_up(page, [("Ann", "human"), ("Robo", "search")])
    ui = StonesUI(page)
    ses = shadow(page)
    if screen(page) != "turn":
        ui.wait_human()
        ses = shadow(page)
    ui.check_screen(ses)
    ui.click("End turn")
    ui.wait_human()  # the computer played its whole turn on its own
    ses = shadow(page)
    assert ses.state.to_act == 0 and ses.state.turns >= 2
    count = page.evaluate("document.documentElement.dataset.stonesSlices || ''")
    assert count and int(count.split()[0]) >= 1


def test_the_stones_page_says_it_again_in_the_language_chosen(page):
    """The language menu on the stones page: its set-up and a turn in Russian
    (the rulebook's words: «Тайные камни», карта цели)."""
    open_stones(page, 25)
    set_up(page, [("Ann", "human"), ("Robo", "search")])
    expect(page.locator("html[data-stones-screen=turn]")).to_be_attached()
    page.locator("#lang").select_option("ru")
    expect(page.get_by_role("heading", name="Тайные камни")).to_be_visible()
    expect(page.get_by_role("button", name="Закончить ход")).to_be_visible()
    expect(page.get_by_role("group", name="Игра")).to_have_count(0)  # the set-up's, hidden
    assert "Карта цели" in page.locator("#stones .stones-hand").inner_html()


def test_a_game_in_progress_is_resumed_after_a_reload_on_a_handoff(page):
    """The game is kept after every action; reopened, it goes on where it was,
    on a handoff (nobody's hand at once), and undo stops at the resume."""
    open_stones(page, 9)
    set_up(page, [("Ann", "human"), ("Ben", "human")])
    ui = StonesUI(page)
    assert ui.wait_human() == "handoff"
    ses = shadow(page)
    ui.click(f"I am {pageplay.to_act_name(ses)}")
    ui.act(shadow(page))
    before = shadow(page).state.actions
    page.reload()
    wait_engine_ready(page)
    region = page.get_by_role("region", name="Shifting Stones")
    region.get_by_role("button", name="Resume", exact=True).click()
    expect(page.locator("html[data-stones-screen=handoff]")).to_be_attached()
    back = shadow(page)
    assert back.state.actions == before
    ui.check_screen(back)


def test_a_tile_dragged_onto_its_neighbour_swaps_them(page):
    """S-A1 by drag (pointer events): tile 1 pressed, moved onto tile 2 (its
    right-hand neighbour) and let go swaps them, paid with one card; a tap
    on a tile still only chooses it (tap-tap stays)."""
    open_stones(page, 3)
    set_up(page, [("Ann", "human")])
    expect(page.locator("html[data-stones-screen=turn]")).to_be_attached()
    ses = shadow(page)
    grid, card = ses.state.grid, ses.spend_card()
    tiles = page.get_by_role("group", name="The grid").get_by_role("button")
    a, b = tiles.nth(0), tiles.nth(1)
    expect(page.locator("#stones-body [data-settling]")).to_have_count(0)
    ax, ay = (lambda r: (r["x"] + r["width"] / 2, r["y"] + r["height"] / 2))(a.bounding_box())
    bx, by = (lambda r: (r["x"] + r["width"] / 2, r["y"] + r["height"] / 2))(b.bounding_box())
    page.mouse.move(ax, ay)
    page.mouse.down()
    page.mouse.move((ax + bx) / 2, (ay + by) / 2, steps=4)
    page.mouse.move(bx, by, steps=4)
    page.mouse.up()
    page.wait_for_function("() => { const t = " + SAVED + ";"
                           " return t && JSON.parse(t).entry.save.record.actions.length > 0; }")
    after = shadow(page)
    assert after.state.actions == [("swap", card, 0, 1)]
    assert after.state.grid[:2] == grid[1] + grid[0]
    expect(tiles.nth(0)).to_have_attribute("aria-label", tile_label(after.state.grid, 0))
    chosen = page.locator("#stones-body .stones-tiles [aria-pressed=true]")
    expect(chosen).to_have_count(0)  # nothing chosen
    tiles.nth(4).click()  # a tap chooses a tile, as before
    expect(tiles.nth(4)).to_have_attribute("aria-pressed", "true")
    assert shadow(page).state.actions == after.state.actions


def test_a_finished_game_is_watched_move_by_move_with_every_hand_open(page):
    """S-O2, S-O3: four turns ended with no goal lose the solo game; its
    replay then steps through the record with the hand open (the game is
    over: S-S2's secret is no more) and goes back to the result."""
    open_stones(page, 3)
    set_up(page, [("Ann", "human")])
    for _ in range(4):
        expect(page.locator("html[data-stones-screen=turn]")).to_be_attached()
        before = shadow(page)
        page.get_by_role("button", name="End turn").click()
        if len(before.state.actions) < 3:
            page.wait_for_function("n => { const t = " + SAVED + "; return t &&"
                                   " JSON.parse(t).entry.save.record.actions.length > n; }",
                                   arg=len(before.state.actions))  # fmt: skip
    expect(page.get_by_role("table", name="Scores")).to_be_visible()
    last_hand = before.state.hands[0]
    page.get_by_role("button", name="Watch the game").click()
    expect(page.locator("html[data-stones-screen=watch]")).to_be_attached()
    body = page.locator("#stones-body")
    expect(body.get_by_text("Move 0 of 4")).to_be_visible()
    hand = page.get_by_role("group", name="Cards in hand of Ann")
    expect(hand.locator("svg")).to_have_count(4)
    page.get_by_role("button", name="Next move").click()
    expect(body.get_by_text("Move 1 of 4")).to_be_visible()
    expect(body.get_by_text("Ann: turn ended.")).to_be_visible()
    page.get_by_role("button", name="End", exact=True).click()
    expect(body.get_by_text("Move 4 of 4")).to_be_visible()
    labels = hand.locator("svg").evaluate_all("ss => ss.map(s => s.getAttribute('aria-label'))")
    assert labels == [card_label(c) for c in last_hand]  # the hand as it was at the end
    expect(page.get_by_role("button", name="Next move")).to_be_disabled()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.get_by_role("button", name="Back to the result").click()
    expect(page.get_by_role("table", name="Scores")).to_be_visible()
