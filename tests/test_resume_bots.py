"""Issue 7 + 4: a game with computer players resumed from a save plays on
exactly as the uninterrupted game would (bot choices depend on the seed, the
seat and the move number, not on how long the page has been open)."""

import random

from lostcode.rules.engine import apply_action, is_over, legal_actions
from lostcode.rules.options import Options
from lostcode.web.game.saving import session_from_save, session_save
from lostcode.web.game.session import Session


def _human_step(ses, pick):
    s = ses.state
    acts = legal_actions(s)
    apply_action(s, acts[pick.randrange(len(acts))])
    ses.checks_shown = max([h["round"] for h in s.history if h["guesses"]] or [0])
    ses.run_bots()


def test_resumed_bots_play_the_same_moves():
    seats = ["human", "easy", "hard"]
    a = Session(Options(3, shortcut=True, curse=True), 77, ["Ann", "Bot1", "Bot2"], seats)
    pick = random.Random(5)
    for _ in range(25):
        _human_step(a, pick)
    b = session_from_save(session_save(a, "g1", "2026-11-25T22:00:00Z"))
    assert b.state.actions == a.state.actions
    pa, pb = random.Random(9), random.Random(9)
    while not is_over(a.state):
        _human_step(a, pa)
        _human_step(b, pb)
    assert b.state.actions == a.state.actions
    assert is_over(b.state)
