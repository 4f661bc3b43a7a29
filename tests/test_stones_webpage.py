"""The stones page's pure parts (issue 43; lostcode/stones/pageplay.py) and
its loader's file list, on CPython: the page itself is
tests/test_browser_stones.py."""

import ast
import json
import subprocess

import pytest
from helpers import ROOT

from lostcode.rules.errors import RecordError
from lostcode.stones import pageplay
from lostcode.stones.bots import SearchBot
from lostcode.stones.observation import observe
from lostcode.stones.session import COMPUTER, HANDOFF, OVER, TURN


def loader_files():
    tree = ast.parse((ROOT / "lostcode" / "web" / "stonesentry.py").read_text("utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and node.targets[0].id == "FILES":
            return ast.literal_eval(node.value)
    raise AssertionError("no FILES")


def test_the_loader_fetches_every_module_of_the_second_game():
    tracked = subprocess.run(
        ["git", "ls-files", "lostcode/stones", "lostcode/web/stonesgame"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout.split()  # fmt: skip
    assert sorted(loader_files()) == sorted(f for f in tracked if f.endswith(".py"))


def test_the_lost_codes_page_lists_none_of_them():
    for config in ("pyscript.toml", "pyscript-mpy.toml"):
        text = (ROOT / config).read_text()
        assert "stonesentry.py" in text
        assert not [f for f in loader_files() if f in text]


def test_set_up_needs_one_to_five_players_and_a_human():
    assert pageplay.check_setup(["A"], ["human"]) == []
    assert pageplay.check_setup(["A", "B"], ["search", "search"]) == ["human"]
    assert pageplay.check_setup([], []) == ["players", "human"]
    assert "players" in pageplay.check_setup(list("ABCDEF"), ["human"] * 6)
    assert "seats" in pageplay.check_setup(["A", "B"], ["human", "wizard"])


def test_a_computers_decision_in_slices_is_the_one_it_makes_at_once():
    """The page's slices (SearchBot.think through Thinker) play the game a
    whole decision (SearchBot.decide) would: the same records."""
    for seed in (1, 2, 3):
        sliced = pageplay.new_session(["A", "B", "C"], ["search", "search", "human"], seed)
        whole = pageplay.new_session(["A", "B", "C"], ["search", "search", "human"], seed)
        thinker = pageplay.Thinker()
        steps = decisions = 0
        while len(sliced.state.actions) < 40 and sliced.screen != OVER:
            if sliced.screen == COMPUTER:
                if thinker.step(sliced, budget=30):
                    whole.run_computers(limit=1)
                    decisions += 1
                steps += 1
            else:  # the human ends the turn on both
                sliced.do("stones-end")
                whole.do("stones-end")
            assert sliced.state.actions == whole.state.actions
        assert decisions and steps > decisions  # some decisions took several slices


def test_a_saved_game_resumes_on_a_handoff_and_plays_on_identically():
    ses = pageplay.new_session(["Ann", "Ben"], ["human", "human"], 9)
    assert ses.screen == HANDOFF
    ses.do("stones-ready")
    ses.do("stones-end")
    ses.do("stones-ready")
    hand = ses.state.hands[ses.state.to_act][0]
    ses.do("stones-spend", hand)
    ses.do("stones-tile", 0)
    ses.do("stones-tile", 0)  # a flip, in the turn
    data = json.loads(json.dumps(pageplay.to_save(ses)))
    back = pageplay.from_save(data)
    assert back.state.actions == ses.state.actions
    assert back.state.grid == ses.state.grid and back.state.hands == ses.state.hands
    assert back.screen == HANDOFF  # nobody's hand at once on the resumed page
    back.do("stones-ready")
    assert back.screen == TURN


def test_a_solo_game_resumes_on_its_turn_and_ends_with_a_table():
    ses = pageplay.new_session(["Ann"], ["human"], 4)
    assert ses.screen == TURN
    back = pageplay.from_save(pageplay.to_save(ses))
    assert back.screen == TURN
    for _ in range(4):
        back.do("stones-end")  # S-O2, S-O3: four penalties lose
    assert back.screen == OVER
    assert pageplay.end_rows(back) == [("Ann", 0, 0, False)]


def test_a_save_of_something_else_is_refused():
    with pytest.raises(RecordError):
        pageplay.from_save({"format": "lostcode-save"})
    ses = pageplay.new_session(["Ann", "Bot"], ["human", "search"], 4)
    data = pageplay.to_save(ses)
    data["record"]["players"][1]["kind"] = "wizard"
    with pytest.raises(RecordError):
        pageplay.from_save(data)


def test_thinking_uses_the_seats_own_view():
    ses = pageplay.new_session(["Bot", "Ann"], ["search", "human"], 12)
    thinker = pageplay.Thinker()
    thinker.step(ses, budget=1)
    if thinker.obs is not None:
        assert thinker.obs == observe(ses.state, 0) or thinker.obs["to_act"] == 0
        assert thinker.obs["players"][1].get("hand") is None
    assert SearchBot  # the computer the page slices


def test_leaving_the_page_hides_an_open_hand_behind_its_handoff():
    """S-S2 (issue 25's pagehide, for the second game): several humans, an
    open hand goes back to the handoff, the turn's actions kept; alone, it stays."""
    ses = pageplay.new_session(["Ann", "Ben"], ["human", "human"], 9)
    assert not ses.hide()  # a handoff already
    ses.do("stones-ready")
    ses.do("stones-tile", 4)
    assert ses.chosen == 4
    moves = list(ses.state.actions)
    assert ses.hide() and ses.screen == HANDOFF and ses.chosen is None
    assert ses.state.actions == moves
    solo = pageplay.new_session(["Ann"], ["human"], 4)
    assert not solo.hide() and solo.screen == TURN


def test_a_tile_dragged_onto_a_neighbour_is_swapped():
    """S-A1 by drag: onto a neighbour, a swap paid with the card a move spends;
    onto a diagonal or far tile, or a damaged argument, nothing."""
    ses = pageplay.new_session(["Ann"], ["human"], 4)
    grid = ses.state.grid
    ses.do("stones-tile", 8)  # a tile chosen by a tap is forgotten by a drag
    for arg in ("0-4", "0-8", "x-1", "1", "3-3"):
        ses.do("stones-drag", arg)
        assert ses.state.actions == [] and ses.chosen is None, arg
    card = ses.spend_card()
    ses.do("stones-drag", "4-1")
    assert ses.state.actions == [("swap", card, 1, 4)]
    assert ses.state.grid[1] == grid[4] and ses.state.grid[4] == grid[1]
