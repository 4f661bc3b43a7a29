"""The replay of a finished game of «Тайные камни» (issue 43,
lostcode/web/stonesgame/watch.py): every step is the engine's own replay of
the record (S-A1..S-A5 as played), every hand open once the game is over
(S-S2 ends with the game), steps clamped to the record."""

from lostcode.stones import pageplay
from lostcode.stones.session import OVER
from lostcode.web.shell.i18n import set_language
from lostcode.web.stonesgame.screens import card_label
from lostcode.web.stonesgame.watch import WATCH_GO, StonesReplay, move_text, watch_model


def finished():
    ses = pageplay.new_session(["Ann", "Bo"], ["easy", "search"], 12)
    ses.run_computers()
    assert ses.screen == OVER
    return ses


def test_a_finished_game_steps_through_its_record_with_every_hand_open():
    set_language("en")
    ses = finished()
    s = ses.state
    rp = StonesReplay(pageplay.to_save(ses)["record"])
    assert len(rp.moves) == len(s.actions) and len(rp.steps) == len(s.actions) + 1
    rp.go(len(s.actions))
    grid, hands, done = rp.steps[rp.at]
    assert grid == s.grid and hands == s.hands and done == s.done  # the engine's own end
    m = watch_model(rp)
    assert m["blocks"][0]["text"] == f"Move {len(s.actions)} of {len(s.actions)}"
    for p, pl in enumerate(m["players"]):
        assert pl["label"] == f"Cards in hand of {s.names[p]}"
        assert [c[1]["aria-label"] for c in pl["cards"]] == [card_label(c) for c in s.hands[p]]
    nav = {b["aria"] or b["text"]: b for b in m["blocks"][2]["items"]}
    assert nav["Next move"]["disabled"] and not nav["Previous move"]["disabled"]
    assert nav["Previous move"]["act"] == WATCH_GO
    assert nav["Previous move"]["arg"] == str(len(s.actions) - 1)
    rp.go(0)
    m = watch_model(rp)
    assert m["blocks"][1]["text"] == "The game is set up; nothing has been played yet."
    rp.go(-5)
    assert rp.at == 0
    rp.go("x")
    assert rp.at == 0
    rp.go(10 ** 6)
    assert rp.at == len(s.actions)


def test_each_move_is_said_in_words():
    set_language("en")
    assert move_text("Ann", ("swap", 3, 0, 1)) == (
        "Ann: two tiles swapped (row 1, column 1 and row 1, column 2).")
    assert move_text("Ann", ("flip", 3, 4)) == "Ann: a tile flipped (row 2, column 2)."
    assert move_text("Ann", ("complete", 1)) == "Ann: a goal card completed, 1 point."
    assert move_text("Ann", ("complete", 70)) == "Ann: a goal card completed, 5 points."
    assert move_text("Ann", ("end",)) == "Ann: turn ended."
    assert move_text("Ann", ("skip",)) == "Ann: turn skipped, 2 cards drawn."
