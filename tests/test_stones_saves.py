"""«Тайные камни»'s saved games in the page's saved-games list (issue 43),
on CPython: the second game registered with the shell (a `shell.Game`), its
saves in the same envelope and storage slots as the Lost Code's, listed
with its name before its modules are loaded, and the Lost Code's saves
unchanged. The page itself: tests/test_browser_stones_saves.py.

Rules named: S-S2 (a hand is nobody else's: no hand in the list's line).
"""

import ast
import json

from helpers import ROOT

from lostcode.rules.options import Options
from lostcode.services.saves import SaveIndex
from lostcode.stones import pageplay
from lostcode.web.edition import THE_LOST_CODE
from lostcode.web.game.session import Session
from lostcode.web.saves.persist import saves_model, store
from lostcode.web.saves.slots import game_key, index_from_items, slot_text
from lostcode.web.shell import Game
from lostcode.web.shell.i18n import set_language
from lostcode.web.stonesgame.edition import SHIFTING_STONES
from lostcode.web.stonesgame.screens import card_label

NOW = "2026-11-28T09:00:00Z"
OTHERS = (pageplay.SAVE_FORMAT,)


def entry_constant(name):
    tree = ast.parse((ROOT / "lostcode" / "web" / "stonesentry.py").read_text("utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == name:
            return ast.literal_eval(node.value)
    raise AssertionError(name)


def stones_game():
    ses = pageplay.new_session(["Ann", "Ben"], ["human", "search"], 5)
    ses.run_computers()
    if ses.screen != "turn":
        ses.do("stones-ready")
    ses.do("stones-end")  # one turn played
    ses.run_computers()
    return ses


def test_the_second_game_is_registered_through_the_seam():
    g = SHIFTING_STONES
    assert isinstance(g, Game) and g.record_format == "lostcode-stones-record"
    assert g.save_format == pageplay.SAVE_FORMAT != THE_LOST_CODE.save_format
    assert set(g.session_actions()) == set(g.actions)
    ses = stones_game()
    assert g.screen(ses, g.boards())["screen"] == ses.screen
    assert g.observe(ses.state, None)["players"][0]["hand"] is None
    back = g.from_save(json.loads(json.dumps(g.to_save(ses, "s1", NOW))))
    assert back.state.actions == ses.state.actions and back.state.grid == ses.state.grid
    # the way in knows the format before the game's modules are loaded
    assert entry_constant("SAVE_FORMAT") == pageplay.SAVE_FORMAT


def test_both_games_saves_are_listed_from_storage_each_with_its_game():
    set_language("en")
    lost = Session(Options(2), 3, ["Cy", "Di"])
    index = SaveIndex()
    store(index, lost, "g1", "2026-11-28T08:00:00Z", to_save=THE_LOST_CODE.to_save)
    ses = stones_game()
    stones = pageplay.save_entry(ses, "s1", NOW)
    items = [(game_key("g1"), slot_text(index.games["g1"], 1)),
             (game_key("s1"), slot_text(stones, 2))]  # fmt: skip
    listed, revs = index_from_items(items, OTHERS)
    assert not listed.rejected and revs == {game_key("g1"): 1, game_key("s1"): 2}
    assert [r["id"] for r in listed.listing()] == ["s1", "g1"]  # newest first
    m = saves_model(listed, {}, titles={pageplay.SAVE_FORMAT: "Shifting Stones"})
    texts = [g["text"] for g in m["games"]]
    turn = ses.state.turns + 1
    assert texts[0] == f"Shifting Stones: Ann, Ben: turn {turn}. Last saved 2026-11-28 09:00 UTC."
    assert texts[1].startswith("Cy, Di: round 1 of")  # the Lost Code's line as it was
    assert m["blocks"][0]["text"] == "A game is in progress: Shifting Stones: Ann, Ben."
    resume = m["games"][0]["items"][0]
    assert resume["arg"] == "s1" and resume["aria"] == "Resume Shifting Stones: Ann, Ben"
    # S-S2: the list's line holds no hand
    text = json.dumps(m)
    for hand in ses.state.hands:
        for c in hand:
            assert card_label(c) not in text
    # through the index's own JSON and back
    again = SaveIndex.from_json(listed.to_json(), others=OTHERS)
    assert set(again.games) == {"g1", "s1"} and not again.rejected
    saved = again.get("s1")
    assert SHIFTING_STONES.from_save(saved).state.actions == ses.state.actions


def test_a_page_that_does_not_play_the_other_game_keeps_its_save_aside():
    """Never dropped: without the game registered, its save is kept as damaged."""
    stones = pageplay.save_entry(stones_game(), "s1", NOW)
    listed, _revs = index_from_items([(game_key("s1"), slot_text(stones, 1))])
    assert not listed.games and len(listed.rejected) == 1


def test_a_damaged_summary_of_the_other_game_is_kept_aside():
    stones = pageplay.save_entry(stones_game(), "s1", NOW)
    for key, bad in (("turn", "3"), ("game", "lostcode-save"), ("id", "s2"), ("names", None)):
        broken = json.loads(json.dumps(stones))
        broken["summary"][key] = bad
        listed, _revs = index_from_items([(game_key("s1"), slot_text(broken, 1))], OTHERS)
        assert not listed.games and len(listed.rejected) == 1, key
    broken = json.loads(json.dumps(stones))
    del broken["save"]["record"]
    listed, _revs = index_from_items([(game_key("s1"), slot_text(broken, 1))], OTHERS)
    assert not listed.games and len(listed.rejected) == 1


# -- finished games in the list's history, records imported (issue 43) -------------

RECORD_OTHERS = (pageplay.SAVE_FORMAT, entry_constant("RECORD_FORMAT"))


def finished_game(seed=3):
    """A solo game lost at the 4th penalty (S-O2, S-O3): four turns ended."""
    ses = pageplay.new_session(["Ann"], ["human"], seed)
    for _ in range(4):
        ses.do("stones-end")
    assert ses.state.result is not None
    return ses


def test_the_record_format_is_the_games():
    from lostcode.stones.record import FORMAT

    assert entry_constant("RECORD_FORMAT") == FORMAT


def test_a_finished_game_is_kept_in_the_history_and_listed_with_its_title():
    ses = finished_game()
    entry = pageplay.finished_entry(ses, "s1", NOW)
    items = [("lostcode.done.s1", slot_text(entry, 1))]
    index, revs = index_from_items(items, RECORD_OTHERS)
    assert not index.rejected and [f["id"] for f in index.history()] == ["s1"]
    assert revs == {"lostcode.done.s1": 1}
    titles = {f: "Shifting Stones" for f in RECORD_OTHERS}
    m = saves_model(index, {}, lambda iso: iso, titles)
    assert m["history"][0]["label"] == "Shifting Stones: Ann"
    assert m["history"][0]["text"].startswith("Shifting Stones: Ann: Ann 0. Finished ")
    # watched from there: the same game, over, its replay built
    again = pageplay.record_session(index.history()[0]["record"])
    assert again.state.result == ses.state.result and again.screen == "end"
    # a page without the second game (no formats given) keeps it aside, never drops it
    blind, _ = index_from_items(items, ())
    assert not blind.history() and len(blind.rejected) == 1


def test_another_games_finished_entry_is_checked_when_stored():
    ses = finished_game()
    index = SaveIndex(others=RECORD_OTHERS)
    index.finish_other(pageplay.finished_entry(ses, "s2", NOW))
    assert index.history()[0]["id"] == "s2"
    for damage in ({"seed": True}, {"actions": {}}, {"version": 0}, {"format": "x"},
                   {"options": []}, {"players": None}):  # fmt: skip
        bad = pageplay.finished_entry(ses, "s3", NOW)
        bad["record"].update(damage)
        items = [("lostcode.done.s3", slot_text(bad, 1))]
        index, _ = index_from_items(items, RECORD_OTHERS)
        assert not index.history() and len(index.rejected) == 1, damage


def test_an_imported_record_is_read_with_a_reason_for_what_is_wrong():
    import pytest

    from lostcode.rules.errors import RecordError
    from lostcode.web.saves.persist import other_format

    ses = finished_game()
    text = json.dumps(pageplay.finished_entry(ses, "s4", NOW)["record"])
    assert other_format(text, RECORD_OTHERS) == "lostcode-stones-record"
    assert other_format("{", RECORD_OTHERS) is None  # read as the Lost Code's: says why
    assert other_format(json.dumps({"format": "lostcode-record"}), RECORD_OTHERS) is None
    assert other_format(b"\xff", RECORD_OTHERS) is None
    assert pageplay.record_session(text).screen == "end"
    rec = json.loads(text)
    for damage, why in (
        ({"actions": rec["actions"] + [["flip", 999, 4]]}, "action 5: "),
        ({"actions": [["cheat"]]}, "action 1: "),
        ({"seed": "x"}, "seed"),
        ({"players": []}, ""),
    ):
        bad = dict(rec, **damage)
        with pytest.raises(RecordError) as e:
            pageplay.record_session(json.dumps(bad))
        assert why in str(e.value)
    # a game in progress goes on; with no human in it, it cannot
    going = pageplay.new_session(["Ann", "Ben"], ["human", "easy"], 5)
    going.do("stones-ready")
    rec = pageplay.to_save(going)["record"]
    assert pageplay.record_session(rec).screen in ("turn", "computer")  # goes on where it was
    for p in rec["players"]:
        p["kind"] = "easy"
    with pytest.raises(RecordError):
        pageplay.record_session(rec)
