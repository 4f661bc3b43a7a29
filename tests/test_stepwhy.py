"""A computer's move on the board says why (issue 39), where the rules allow:
a wheel with what its bet can win (any level), an expert's worth in plain
words, never a range before the check nor a negative worth for a bet."""

from lostcode.rules.vocab import EV_CHANGE, EV_ROLL, EV_WHEEL
from lostcode.web.game.stepwhy import step_reason, with_reason

TAKE_W4 = {"seat": 1, "n": 5, "events": [{"t": EV_WHEEL, "wheel": "W4"}]}


def test_any_computers_wheel_says_what_its_bet_can_win_and_not_its_range():
    why = step_reason(TAKE_W4, {}, {"curse": None})  # a hard computer: no search
    assert why == "this bet can win up to 3 points and cannot lose any"
    cursed = {"curse": {"state": "taken", "holder": 1}}  # R-X3b: a wrong bet loses
    assert step_reason(TAKE_W4, {}, cursed) == "this bet can win up to 3 points"
    caption = with_reason("took W4 (range hidden until the check)", why)
    assert caption.startswith("took W4 (range hidden until the check) — this bet")


def test_an_experts_wheel_says_its_worth_plainly_and_never_its_range():
    reasons = {5: {"seat": 1, "round": 2, "options": [[["guess", "W4", 6], 1.8, "know"],
                                                       [["guess", "W7", 3], 0.0, ""]]}}
    why = step_reason(TAKE_W4, reasons, {"curse": None})
    assert "can win up to 3 points and cannot lose any" in why
    assert "likely to gain about 2 points on the others" in why
    assert "learns about its own stones" in why
    assert "6" not in why and "W7" not in why and "−" not in why


def test_an_experts_public_move_says_its_worth_a_roll_says_nothing():
    turn = {"seat": 0, "n": 2, "events": [{"t": EV_CHANGE, "die": 1, "to": "bird"}]}
    reasons = {2: {"seat": 0, "round": 1, "options": [[["change", 1, "bird"], 0.6, ""]]}}
    assert step_reason(turn, reasons, {}) == "likely to gain about 1 point on the others"
    assert step_reason(turn, {}, {}) == ""  # a hard computer's turn: no reason kept
    roll = {"seat": 0, "n": 1, "events": [{"t": EV_ROLL, "dice": ["bird"] * 3}]}
    assert step_reason(roll, {1: {"options": [[["roll"], 0.0, ""]]}}, {}) == ""
    assert with_reason("kept the dice", "") == "kept the dice"
