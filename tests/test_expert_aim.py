"""The expert says what it plays for, and why its move may not be the Chances
tab's suggestion (issue 39, a new player's playtest: at the final candidates
its advice spoke of a "chance to win" while it spoke of points elsewhere, and
on a round-9 wheel screen the suggestion and its move differed with no word
why). View models on CPython.

R-G2 (a bet's wheel and range), R-E2 (the final candidates' points), R-E4
(the highest score wins: what the expert plays for at the end).
"""

import random

from test_final_rule import final_session
from test_viewmodels import human_step

from lostcode.player.expert import NOTE_WIN, Decision, Option
from lostcode.player.searches import finish_all
from lostcode.rules.options import Options
from lostcode.rules.vocab import FINAL, GUESS, PHASE_GUESS
from lostcode.web import actions
from lostcode.web.game import assistant, reasons
from lostcode.web.game.session import Session
from lostcode.web.game.views import screen_model


def test_final_candidates_advice_says_points_and_that_it_plays_to_win():
    """R-E2, R-E4: the chance to win, the points expected beside it, and in plain
    words that at the end it plays for the win, not the most points."""
    d = Decision((FINAL, "bird", (3,)), (
        Option((FINAL, "bird", (3,)), 0.62, NOTE_WIN, 2.6),
        Option((FINAL, "bird", (3, 5)), 0.55, NOTE_WIN, 1.9),
    ))
    a = reasons.expert_answer(d)
    assert a["move"] == "The expert's move: 3 for bird: 62% chance to win (2.6 VP expected)"
    assert a["others"] == ["3, 5 for bird: 55% chance to win (1.9 VP expected)"]
    assert "plays to win the game, not for the most points" in a["aim"]


def test_a_bets_advice_says_it_plays_for_points_over_the_others():
    """R-G2: elsewhere its worth is points, and its aim says so."""
    d = Decision((GUESS, "W3", 8), (Option((GUESS, "W3", 8), 1.7),))
    a = reasons.expert_answer(d)
    assert a["move"].startswith("The expert's move: W3 8–10: likely to gain about 2 points")
    assert a["aim"].startswith("The expert plays for points over the other players")


def test_the_expert_says_whether_its_bet_is_the_chances_suggestion():
    """R-G2: the same bet is said to be the suggestion; another one says which
    the suggestion was and what each of them counts."""
    sug = {"wheel": "W3", "low": 8, "range": "8–10"}
    same = {"suggestion": sug, "expert": {"action": (GUESS, "W3", 8)}}
    assistant.compared(same)
    assert same["expert"]["compare"] == "The same bet as the Chances tab's suggestion."
    other = {"suggestion": sug, "expert": {"action": (GUESS, "W5", 6)}}
    assistant.compared(other)
    assert other["expert"]["compare"] == (
        "Not the Chances tab's suggestion (W3 8–10): that one counts only this round's "
        "points, the expert counts the rounds to come too.")
    asked = {"suggestion": sug, "expert": {"action": None}}  # not answered yet: nothing said
    assistant.compared(asked)
    assert "compare" not in asked["expert"]


def test_a_wheel_screen_asked_shows_the_aim_and_the_comparison():
    """A real wheel screen (3 players, seed 4242): asked, the expert's part says
    what it plays for and compares its move with the suggestion shown."""
    ses = Session(Options(3), 4242, ["Ana", "Bo", "Cy"], ["human", "human", "human"])
    rng = random.Random(3)
    for _ in range(200):
        m = screen_model(ses)
        if m["kind"] == PHASE_GUESS and m["private"]:
            break
        human_step(ses, m, rng)
    ses.do(actions.EXPERT)
    finish_all(ses)
    a = screen_model(ses)["assistant"]
    ex = a["expert"]
    assert ex["move"].startswith("The expert's move: W") and a["suggestion"]
    assert ex["aim"].startswith("The expert plays for points")
    assert ex["compare"].startswith(("The same bet", "Not the Chances tab's suggestion"))


def test_the_final_screen_asked_says_it_plays_to_win():
    """R-E4: on the final candidates (no suggestion there) the answer's aim says
    it plays to win, and its move gives the points expected too."""
    ses = final_session()
    ses.do(actions.EXPERT)
    finish_all(ses)
    ex = screen_model(ses)["assistant"]["expert"]
    assert "chance to win" in ex["move"] and "VP expected" in ex["move"], ex["move"]
    assert "plays to win the game" in ex["aim"] and not ex["compare"]
