"""The guided first game (issue 6): a tip on every screen of round one."""

from pathlib import Path

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


def test_each_tip_names_the_part_of_the_board_it_speaks_about():
    """Issue 11: the tip outlines the drawn part it explains (main.py TIP_SELECTORS)."""
    from lostcode.web.session import Session
    from lostcode.web.tutorial import TIP_PARTS, TUTORIAL_SEED, tip_block
    from lostcode.web.views import screen_model

    ses = Session(Options(2, introductory=True), TUTORIAL_SEED, ["Bot", "You"], ["easy", "human"])
    ses.tutorial = True
    m = screen_model(ses)
    tip = m["blocks"][0]
    assert tip["t"] == "tip" and tip["parts"] == ["others"] and not tip["folded"]
    assert m["heading"] == "Round 1: you roll"  # the newcomer is spoken to (you.py)
    main = (Path(__file__).resolve().parent.parent / "lostcode/web/gamepage.py").read_text()
    for part in {p for parts in TIP_PARTS.values() for p in parts}:
        assert f'    "{part}": "#' in main, part  # gamepage.TIP_SELECTORS draws it
    obs = ses.observation()
    assert tip_block(ses, obs, "guess")["parts"] == ["others", "wheels"]


def test_the_wheel_tip_folds_once_a_wheel_is_chosen():
    """Issue 11: with a wheel chosen, the tip folds below the controls so the
    question, the evidence and "Confirm the wheel" fit 360x640."""
    from lostcode.web.session import Session
    from lostcode.web.tutorial import TUTORIAL_SEED
    from lostcode.web.views import screen_model

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
    # With hints on, the bet starts at the suggestion (a wheel already chosen),
    # so the tip is folded from the start; a chosen wheel keeps it folded.
    assert m["blocks"][0]["folded"] == bool(ses.guess_draft()["wheel"])
    ses.do("wheel", "W4")
    tip = [b for b in screen_model(ses)["blocks"] if b["t"] == "tip"][0]
    assert tip["folded"]
    # Folded, its summary reads as a tip: the tip's first whole words and "…".
    assert tip["preview"].endswith("…") and tip["text"].startswith(tip["preview"][:-1])
    assert len(tip["preview"]) <= 29


def test_tip_preview_keeps_whole_words():
    from lostcode.web.tutorial import tip_preview

    assert tip_preview("Your sum is the total of your own stones for the rolled symbols") == (
        "Your sum is the total of…"
    )
    assert tip_preview("Short tip.") == "Short tip."
    assert tip_preview("Guesses are secret. Pass the device", 20) == "Guesses are secret…"
