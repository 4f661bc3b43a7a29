"""The player strip (tableview.strip_model, issue 22): pinned above every game
screen, it shows each seat's name, colour (seat-N), score and whose turn; on
the check screen each score carries what that check moved it by (R-C1..R-C3)."""

import random

from test_viewmodels import play

from lostcode.rules.options import Options
from lostcode.rules.vocab import EV_MOVE, MOVE_FINAL
from lostcode.web.game.session import Session


def test_strip_scores_turn_and_moves_R_C1():
    """Every screen's strip holds the engine's scores; the player to act (the
    roller while the dice are rolled or turned) is the one marked; at each
    check the deltas are that round's marker moves, and they add up."""
    ses = Session(Options(3), 11, ["Ana", "Bo", "Cy"])
    seen = {"checks": 0, "turn": 0}

    def visit(ses, m):
        s = ses.state
        strip = m["strip"]
        assert [x["score"] for x in strip["seats"]] == list(s.scores)
        assert [x["name"] for x in strip["seats"]] == list(s.names)
        assert [x["seat"] for x in strip["seats"]] == [0, 1, 2]
        turn = [x["seat"] for x in strip["seats"] if x["turn"]]
        if m["kind"] in ("checks", "end"):
            assert turn == []
        elif m["kind"] in ("roll", "change", "bear"):
            assert turn == [s.roller]
        else:
            assert turn == [s.to_act]
            seen["turn"] += 1
        if m["kind"] == "checks":
            seen["checks"] += 1
            rnd = ses.pending_checks()["round"]
            moved = [0, 0, 0]
            for e in s.log:
                if e["t"] == EV_MOVE and e["round"] == rnd and e.get("reason") != MOVE_FINAL:
                    moved[e["player"]] += e["delta"]
            assert [x["delta"] for x in strip["seats"]] == moved
            for x in strip["seats"]:
                if x["delta"] > 0:
                    assert x["text"] == f"{x['score']} (+{x['delta']})"
                elif x["delta"] == 0:
                    assert x["text"] == str(x["score"])
        else:
            assert all(x["delta"] == 0 and x["text"] == str(x["score"]) for x in strip["seats"])

    play(ses, random.Random(3), visit)
    assert seen["checks"] == ses.state.options.rounds and seen["turn"] > 0
