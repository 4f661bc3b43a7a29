"""A computer's move on the board says why (issue 39), where the rules allow:
a wheel with what its bet can win (any level), an expert's worth in plain
words, never a range before the check nor a negative worth for a bet."""

import pytest

from lostcode.rules.vocab import EV_CHANGE, EV_DISCARD, EV_ROLL, EV_WHEEL
from lostcode.web.game.stepwhy import step_reason, with_reason

TAKE_W4 = {"seat": 1, "n": 5, "events": [{"t": EV_WHEEL, "wheel": "W4"}]}


def test_any_computers_wheel_says_what_its_bet_can_win_and_not_its_range():
    why = step_reason(TAKE_W4, {}, {"curse": None})  # a hard computer: no search
    assert why == "this bet can win up to 3 points and cannot lose any"
    cursed = {"curse": {"state": "taken", "holder": 1}}  # R-X3b: a wrong bet loses
    assert step_reason(TAKE_W4, {}, cursed) == "this bet can win up to 3 points"
    caption = with_reason("took W4 (range hidden until the check)", why)
    assert caption.startswith("took W4 (range hidden until the check) — this bet")


def test_an_experts_wheel_before_the_check_says_only_what_the_wheel_can_win_R_G3():
    """R-G3 (fifth playtest, s_005: "took W4 …: likely to score about 3 points"
    before the check): how many points a bet likely scores is how sure its
    player is of the hidden range, so the step says only the wheel's bounds."""
    reasons = {5: {"seat": 1, "round": 2, "options": [
        [["guess", "W4", 6], 1.8, "know", 2.6, 0.9], [["guess", "W7", 3], 0.0, "", 0.4, 0.0]]}}
    why = step_reason(TAKE_W4, reasons, {"curse": None})
    assert why == "this bet can win up to 3 points and cannot lose any"
    old = {5: {"seat": 1, "round": 2, "options": [[["guess", "W4", 6], 1.8, "know"]]}}
    assert step_reason(TAKE_W4, old, {"curse": None}) == why  # an older save alike


def test_an_experts_public_move_says_its_worth_a_roll_says_nothing():
    swap = {"seat": 0, "n": 2, "events": [{"t": EV_DISCARD, "player": 0, "symbol": "bird"}]}
    reasons = {2: {"seat": 0, "round": 1, "options": [[["discard", "bird"], 0.6, ""]]}}
    assert step_reason(swap, reasons, {}) == "likely to gain about 1 point on the others"
    assert step_reason(swap, {}, {}) == ""  # a hard computer's move: no reason kept


def test_a_die_turned_or_kept_says_no_worth_before_the_check_R_G3():
    """R-G3 (words9): what the roller's dice are worth is the points its bet
    likely scores with them, how sure it is of its hidden sum: said with the
    bet once the check is shown, not on the step."""
    turn = {"seat": 0, "n": 2, "events": [{"t": EV_CHANGE, "die": 1, "to": "bird"}]}
    reasons = {2: {"seat": 0, "round": 1, "options": [
        [["change", 1, "bird"], 0.6, "know", 1.4, 0.9], [["accept"], 0.2, "", 2.0, 0.0]]}}
    assert step_reason(turn, reasons, {}) == ""
    roll = {"seat": 0, "n": 1, "events": [{"t": EV_ROLL, "dice": ["bird"] * 3}]}
    assert step_reason(roll, {1: {"options": [[["roll"], 0.0, ""]]}}, {}) == ""
    assert with_reason("kept the dice", "") == "kept the dice"


def test_a_bet_is_never_said_to_gain_more_than_its_wheel_gives_R_C1_R_C2():
    """Issue 39 (third playtest: a 3 VP bet "likely to gain about 5 points on the
    others", what it learns counted in). Seed 8, round 1: the expert's W10 (1 VP)
    was worth about 3 points over the others, nearly all of it what the check
    teaches it; its words now say the points it can score apart from what it
    learns, in a computer's reasons and in "Ask the expert" alike."""
    from test_expert import positions

    from lostcode.player.bots import make_rng
    from lostcode.player.expert import decide_expert
    from lostcode.player.seats import decision_json, no_loss
    from lostcode.rules.engine import legal_actions
    from lostcode.rules.observation import observe
    from lostcode.web.game import reasons

    s = [p for p in positions(3, 8, 0, stop=3) if p.phase == "guess"][0]
    obs = observe(s, 0)
    d = decide_expert(obs, legal_actions(s), make_rng(8), 60)
    assert d.action[:2] == ("guess", "W10") and d.options[0].value > 2.5  # the old "3 points"
    kept = no_loss(decision_json(d), obs, 0)
    said = reasons.reason_text(kept)
    # words9: its points are the Chances tab's (a wide range: likely right, 1 VP)
    assert said.startswith("Took W10 6–15: this bet can win up to 1 point and cannot lose any; "
                           "likely to score about 1 point and learn more about its own stones.")
    answer = reasons.expert_answer(d)
    # fix10: said to the human it advises, in the second person
    # fix18b: its figures, the Chances tab's (R-C1: 84 % of W10's 1 VP)
    assert answer["move"] == "The expert's move: W10 6–15: right 84%, 0.8 VP expected"
    took = {"seat": 0, "n": 1, "events": [{"t": EV_WHEEL, "wheel": "W10"}]}
    why = step_reason(took, {1: {"seat": 0, "round": 1, "options": kept}}, obs)
    assert why == "this bet can win up to 1 point and cannot lose any"  # R-G3: no more
    for text in [said, why, answer["move"]] + answer["others"]:
        assert "gain about" not in text and "on the others" not in text
        for n in range(2, 10):  # W10, W5 and W4 (1–2 VP) never said to score more
            assert f"score about {n}" not in text


def test_an_experts_points_and_what_it_learns_are_said_apart():
    """The points a move likely scores this round (never more than its wheel's,
    R-C1) and, in words, that it teaches the player; a move that does neither is
    said by what it costs the others; an older save's options (no points kept)
    keep their words, a bet's figure capped at its wheel's points."""
    from lostcode.web.game import reasons

    both = [["guess", "W4", 6], 4.6, "know", 2.2, 3.1]
    assert reasons.option_phrase(*both) == (
        "W4 6–9: likely to score about 2 points and learn more about its own stones")
    over = [["guess", "W10", 6], 2.8, "", 4.0, 0.0]  # never more than W10's 1 VP
    assert reasons.option_phrase(*over) == "W10 6–15: likely to score about 1 point"
    deny = [["change", 1, "bird"], 1.4, "deny", 0.0, 0.1]
    assert reasons.option_phrase(*deny) == (
        "turning die 2 to bird: likely to cost the others about 1 point "
        "(mostly by what it keeps from the players after)")
    old = [["guess", "W10", 6], 2.8, ""]
    assert reasons.option_phrase(*old) == "W10 6–15: likely to gain about 1 point on the others"


@pytest.mark.parametrize("lang", ["ru", "it", "pl"])
def test_points_and_learning_are_said_in_each_language(lang):
    """The same words in ru, it and pl (locales/*/glossary.md): no English left."""
    from lostcode.web.game import reasons
    from lostcode.web.shell import i18n

    i18n.set_language(lang)
    try:
        for o in ([["guess", "W4", 6], 4.6, "know", 2.2, 3.1],
                  [["guess", "W10", 6], 2.8, "", 0.3, 6.9],
                  [["change", 1, "bird"], 1.4, "deny", 0.0, 0.1]):
            text = reasons.option_phrase(*o)
            assert "{" not in text and text
            for english in ("likely", "learn", "stones", "others", "points"):
                assert english not in text, (lang, text)
    finally:
        i18n.set_language("en")
