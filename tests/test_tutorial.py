"""The guided first game (issue 6): a tip on every screen of round one."""

from lostcode import Options, new_game
from lostcode.rules.observation import observe
from lostcode.web.tutorial import tutorial_tip

SCREENS = ("roll", "change", "handoff", "guess", "checks", "replace")


def test_every_first_round_screen_has_a_tip():
    obs = observe(new_game(Options(2), 1), None)
    for screen in SCREENS:
        assert tutorial_tip(obs, screen), screen


def test_tips_stop_after_the_first_round_except_final_guesses():
    obs = observe(new_game(Options(2), 1), None)
    later = dict(obs, round=2)
    assert tutorial_tip(later, "guess") is None
    assert "candidate" in tutorial_tip(later, "final")
