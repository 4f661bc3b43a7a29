"""The guided first game (issue 6): a tip on every screen of round one."""

from pathlib import Path

from lostcode import Options, new_game
from lostcode.rules.observation import observe
from lostcode.web.game.tutorial import tutorial_tip

SCREENS = ("roll", "change", "handoff", "guess", "checks", "replace")


def test_every_first_round_screen_has_a_tip():
    obs = observe(new_game(Options(2), 1), None)
    for screen in SCREENS:
        assert tutorial_tip(obs, screen), screen


def test_tips_cover_two_rounds_the_first_replacement_and_the_final_guesses():
    """Issue 22: tips for the first two rounds; the first replacement's and the
    final candidates' whenever they come; none for later rounds otherwise."""
    obs = observe(new_game(Options(2), 1), None)
    assert tutorial_tip(dict(obs, round=2), "guess")
    later = dict(obs, round=3)
    assert tutorial_tip(later, "guess") is None
    assert "candidate" in tutorial_tip(later, "final")
    assert "replaces" in tutorial_tip(later, "replace")  # no stone replaced yet
    gone = [[{"round": 2, "symbol": "bird", "value": 3}], [], [], []]
    assert tutorial_tip(dict(later, discards=gone), "replace") is None


def test_each_tip_names_the_part_of_the_board_it_speaks_about():
    """Issue 11: the tip outlines the drawn part it explains (main.py TIP_SELECTORS)."""
    from lostcode.web.game.session import Session
    from lostcode.web.game.tutorial import TIP_PARTS, TUTORIAL_SEED, tip_block
    from lostcode.web.game.views import screen_model

    ses = Session(Options(2, introductory=True), TUTORIAL_SEED, ["Bot", "You"], ["easy", "human"])
    ses.tutorial = True
    m = screen_model(ses)
    tip = m["blocks"][0]
    assert tip["t"] == "tip" and tip["parts"] == ["others"] and not tip["folded"]
    assert m["heading"] == "Round 1: you roll"  # the newcomer is spoken to (you.py)
    main = (Path(__file__).resolve().parent.parent / "lostcode/web/game/gamepage.py").read_text()
    for part in {p for parts in TIP_PARTS.values() for p in parts}:
        assert f'    "{part}": "#' in main, part  # gamepage.TIP_SELECTORS draws it
    obs = ses.observation()
    assert tip_block(ses, obs, "guess")["parts"] == ["others", "wheels"]


def test_the_wheel_tip_stays_open_above_the_controls():
    """Issue 22 (was folded below Confirm since issue 11): the wheel screen's
    tip stays open above the controls, a wheel chosen or not."""
    from lostcode.web.game.session import Session
    from lostcode.web.game.tutorial import TUTORIAL_SEED
    from lostcode.web.game.views import screen_model

    ses = Session(Options(2, introductory=True), TUTORIAL_SEED, ["Bot", "You"], ["easy", "human"])
    ses.tutorial = True
    for _ in range(20):
        m = screen_model(ses)
        if m["kind"] == "guess":
            break
        enabled = [
            i for b in m["blocks"] if b["t"] == "buttons" for i in b["items"] if not i["disabled"]
        ]
        # a draft's confirm once it is enabled (issue 11: a face is chosen, then confirmed)
        button = next((i for i in enabled if i["act"].startswith("confirm")), enabled[0])
        ses.do(button["act"], button["arg"])
    assert m["kind"] == "guess"
    assert m["blocks"][0]["t"] == "tip" and not m["blocks"][0]["folded"]
    ses.do("wheel", "W4")
    tip = screen_model(ses)["blocks"][0]
    assert tip["t"] == "tip" and not tip["folded"]
    # Its preview (a folded tip's summary) reads as a tip: first whole words and "…".
    assert tip["preview"].endswith("…") and tip["text"].startswith(tip["preview"][:-1])
    assert len(tip["preview"]) <= 29


def test_tip_preview_keeps_whole_words():
    from lostcode.web.game.tutorial import tip_preview

    assert tip_preview("Your sum is the total of your own stones for the rolled symbols") == (
        "Your sum is the total of…"
    )
    assert tip_preview("Short tip.") == "Short tip."
    assert tip_preview("Guesses are secret. Pass the device", 20) == "Guesses are secret…"


def test_the_rollers_handoff_has_its_own_tip():
    """Issue 22: the handoff to the roller's dice screen (R-R1c) says what that
    screen is for, not "Guesses are secret" (which the wheels' handoffs keep)."""
    from lostcode.rules.vocab import PHASE_CHANGE, PHASE_GUESS

    obs = observe(new_game(Options(2), 1), None)
    dice = tutorial_tip(dict(obs, phase=PHASE_CHANGE), "handoff")
    guess = tutorial_tip(dict(obs, phase=PHASE_GUESS), "handoff")
    assert "Guesses are secret" not in dice and "roller" in dice and "dice" in dice
    assert guess.startswith("Guesses are secret")
