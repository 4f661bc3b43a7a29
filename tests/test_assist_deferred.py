"""Issue 40: on the page the assistant's analysis waits until the screen is
drawn (Session.defer_assist): building a screen's model runs no deduction; the
page then makes it in a task of its own (followups.ASSIST, flow._assist:
Session.prepare_assist) and draws the screen again, the same as one made at
once. On a handoff it is made for the next player, so "I am NAME" finds it.
CPython, fast."""

import json
import random
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from test_viewmodels import check_privacy, human_step  # noqa: E402

from lostcode.rules.options import Options  # noqa: E402
from lostcode.web.game import assistant  # noqa: E402
from lostcode.web.game.session import Session  # noqa: E402
from lostcode.web.game.views import screen_model  # noqa: E402
from lostcode.web.shell.followups import ASSIST, follow_ups, screen_key  # noqa: E402


def counting(monkeypatch):
    calls = []
    real = assistant.analyze

    def count(obs, explain=False):
        calls.append((obs["viewer"], obs["move_number"]))
        return real(obs, explain)

    monkeypatch.setattr(assistant, "analyze", count)
    return calls


def pass_and_play(seed=7, flags=None):
    return Session(Options(3, **(flags or {})), seed, ["Ana", "Bo", "Cy"])


@pytest.mark.parametrize("seats,expect", [
    (None, {"handoff"}),  # pass-and-play: made on the handoff, before "I am NAME"
    (["human", "hard", "medium"], {"final"}),  # solo: drawn first, then made
])
def test_a_screen_model_runs_no_deduction_until_the_page_asks(monkeypatch, seats, expect):
    calls = counting(monkeypatch)
    ses = Session(Options(3, shortcut=True), 7, ["Ana", "Bo", "Cy"], seats)
    ses.defer_assist = True
    rng = random.Random(3)
    seen = set()
    for _ in range(3000):
        before = len(calls)
        m = screen_model(ses)
        assert len(calls) == before, m["kind"]  # drawing the screen analyses nothing
        json.dumps(m)
        check_privacy(ses, m)
        a = m["assistant"]
        if a and a.get("pending"):
            assert a["rows"] == [] and m["assist_due"]
            seen.add(m["kind"])
        if m["kind"] == "handoff" and m["assist_due"]:
            seen.add("handoff")
        if m["assist_due"]:
            steps = follow_ups(m, screen_key(m, ses.moves_played()), False, None, None)
            assert ASSIST in steps
            assert ses.prepare_assist()  # what the page does after drawing
            assert not ses.prepare_assist()  # made once
            again = screen_model(ses)
            assert not again["assist_due"]
            if a is not None:
                assert again["assistant"]["rows"] and not again["assistant"].get("pending")
            m = again
        if m["kind"] == "end":
            break
        human_step(ses, m, rng)
    assert m["kind"] == "end"
    assert expect <= seen, seen


def test_deferred_screens_end_as_the_eager_ones():
    """Drawn again after prepare_assist, every screen is the one a session that
    analyses at once shows (the same game, the same taps)."""
    eager, lazy = pass_and_play(seed=11), pass_and_play(seed=11)
    lazy.defer_assist = True
    r1, r2 = random.Random(5), random.Random(5)
    for _ in range(3000):
        lazy.prepare_assist()
        m1, m2 = screen_model(eager), screen_model(lazy)
        m1.pop("assist_due"), m2.pop("assist_due")
        assert m1 == m2, m1["kind"]
        if m1["kind"] == "end":
            return
        human_step(eager, m1, r1)
        human_step(lazy, m2, r2)
    raise AssertionError("the game did not end")


def test_the_handoff_prepares_the_next_players_analysis(monkeypatch):
    calls = counting(monkeypatch)
    ses = pass_and_play(seed=7)
    ses.defer_assist = True
    rng = random.Random(3)
    for _ in range(500):
        m = screen_model(ses)
        if m["kind"] == "handoff" and ses.state.phase == "guess":
            break
        if m["assist_due"]:
            ses.prepare_assist()
        human_step(ses, m, rng)
    assert m["assist_due"]
    ses.prepare_assist()
    del calls[:]
    ses.do("unlock")
    m = screen_model(ses)
    assert m["kind"] == "guess" and m["assistant"]["rows"]
    assert calls == []  # the guess's draft and panel reuse it


def test_why_opened_keeps_the_table_and_explains_after_drawing(monkeypatch):
    ses = Session(Options(2), 12, ["Ana", "Bo"], ["human", "hard"])
    ses.defer_assist = True
    rng = random.Random(1)
    for _ in range(2000):
        m = screen_model(ses)
        if m["assist_due"]:
            ses.prepare_assist()
            m = screen_model(ses)
        if m["kind"] == "guess" and ses.state.round >= 4 and m["assistant"]["why"]:
            break
        human_step(ses, m, rng)
    calls = counting(monkeypatch)
    ses.do("why")
    m = screen_model(ses)
    a = m["assistant"]
    assert calls == [] and a["rows"] and a["explanations"] == [] and m["assist_due"]
    ses.prepare_assist()
    m = screen_model(ses)
    assert len(calls) == 1 and m["assistant"]["explanations"] and not m["assist_due"]
