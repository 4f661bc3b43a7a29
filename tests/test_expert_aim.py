"""The expert says what it plays for, and why its move may not be the Chances
tab's suggestion (issue 39, a new player's playtest: at the final candidates
its advice spoke of a "chance to win" while it spoke of points elsewhere, and
on a round-9 wheel screen the suggestion and its move differed with no word
why). View models on CPython.

R-G2 (a bet's wheel and range), R-E1 (the final candidates, one answer for
every symbol), R-E2 (the final candidates' points), R-E4
(the highest score wins: what the expert plays for at the end).
"""

import random

import pytest
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
from lostcode.web.shell import i18n


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
    d = Decision((GUESS, "W3", 8), (Option((GUESS, "W3", 8), 1.7, "", 1.8, 0.1, 1.6),))
    a = reasons.expert_answer(d)
    # fix18b: the chosen move with its figures, as its alternatives
    assert a["move"] == "The expert's move: W3 8–10: right 53%, 1.6 VP expected"
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
    assert ex["compare"].startswith(("The same bet", "Not the Chances tab's suggestion")) or (
        ex["compare"].endswith(" is the Chances tab's suggestion.")  # fix18b: "Chosen over" it
        and ex["why"].startswith("Chosen over " + ex["compare"].split(" is the")[0]))


def test_the_final_screen_asked_answers_for_every_symbol_at_once(lost_and_open):
    """R-E1, R-E2, R-E4 (issue 39, a playtest asked three times, one symbol
    each): one answer for the whole final screen, a line per symbol still to
    write with the values and the points they likely score; the chance to win
    said once, not beside each row."""
    ses, ex = lost_and_open["open"]
    syms = ses.candidate_symbols("final", ses.state.to_act)
    assert ex["move"] == "The expert would write:" and not ex["others"] and not ex["compare"]
    assert len(ex["plan"]) == len(syms) == 6
    for line, sym in zip(ex["plan"], syms, strict=True):
        assert f" for {sym}: likely to score about " in line, line
        assert "chance" not in line and "%" not in line
    assert ex["aim"].startswith("With these candidates: ") and "% chance to win." in ex["aim"]
    assert "plays to win the game" in ex["aim"]


def test_a_lost_game_says_so_once_and_plays_for_points(lost_and_open):
    """R-E4: when no choice keeps a chance to win (seed 7: 14 points to 19), no
    column of "0% chance to win": said once, and the rows go for points. Not
    "cannot be won" (words9, fifth playtest): up to +30 is still to score."""
    ses, ex = lost_and_open["lost"]
    assert ex["aim"] == "Winning is now very unlikely (under 1%): the expert plays for points."
    assert not [t for t in ex["plan"] if "%" in t or "lose" in t], ex["plan"]


def test_the_plan_in_a_lost_game_is_the_best_points_row_by_row():
    """R-E2: a lost game's plan is each row's best expected points."""
    from lostcode.player.expert import _expected, _final_choices
    from lostcode.player.finalplan import final_plan
    from lostcode.player.policy import HardBot
    from lostcode.rules.observation import observe

    ses = final_session(3, 7)
    obs = observe(ses.state, ses.state.to_act)
    hard = HardBot()
    plan = final_plan(hard, obs, FINAL)
    assert plan and plan[0].value < 0.005
    k = hard.knowledge(obs)
    for o in plan:
        probs = k.probabilities(o.action[1])
        best = max(_expected(probs, c) for c in _final_choices(probs))
        assert o.mine == best


def test_expected_points_are_said_as_a_player_says_them():
    """R-E2: +5 for one right value, −2 wrong: "lose" only below −0.5."""
    assert reasons.points_text(5.0) == "likely to score about 5 points"
    assert reasons.points_text(1.2) == "likely to score about 1 point"
    assert reasons.points_text(-0.4) == "likely to score about 0 points"
    assert reasons.points_text(-2.0) == "likely to lose about 2 points"


@pytest.mark.parametrize("lang", ["ru", "it", "pl"])
def test_the_whole_screen_answer_in_every_language(lost_and_open, lang):
    """The answer's words come from the catalogues (no English left)."""
    i18n.set_language(lang)
    try:
        answers = [screen_model(lost_and_open[k][0])["assistant"]["expert"]
                   for k in ("open", "lost")]
    finally:
        i18n.set_language("en")
    for ex in answers:
        assert "expert would" not in ex["move"] and len(ex["plan"]) == 6
        assert "likely to" not in " ".join(ex["plan"]) and "expert plays" not in ex["aim"]
        assert "chance to win" not in ex["aim"] and "unlikely" not in ex["aim"]


@pytest.fixture(scope="module")
def lost_and_open():
    """Seed 4242 (18, 18, 17: still open) and seed 7 (14, 16, 19: lost) at the
    final candidates, the expert asked on each."""
    out = {}
    for key, seed in (("open", 4242), ("lost", 7)):
        ses = final_session(3, seed)
        ses.do(actions.EXPERT)
        finish_all(ses)
        out[key] = (ses, screen_model(ses)["assistant"]["expert"])
    return out
