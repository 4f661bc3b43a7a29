"""A selection tap's model (issue 40, views.selected): after a wheel, a ring
value, the range's -/+, a die's new face or a candidate, the page's model
reuses what no draft reads (the observation, board, strip, sheet, assistant)
from the last model of the same screen. It must equal a model made afresh on
every such tap of whole games, and must never change the parts it shares.
"""

import random

import pytest

from lostcode.rules.options import Options
from lostcode.web import actions
from lostcode.web.edition import page_screen
from lostcode.web.game.session import Session
from lostcode.web.game.views import BoardKeeper

# what the page ends a screen with when no selection is left to try
ADVANCE = (actions.CONFIRM_GUESS, actions.CONFIRM, actions.CONFIRM_PICK, actions.UNLOCK,
           actions.CONTINUE, actions.SKIP, actions.CONFIRM_EMPTY, "roll", "take", "pass")


def controls(m):
    """(act, arg) of every enabled control of the screen's model."""
    out = []
    for b in m["blocks"]:
        for item in b.get("items", ()) if isinstance(b.get("items"), list) else ():
            if isinstance(item, dict) and item.get("act") and not item.get("disabled"):
                out.append((item["act"], item["arg"]))
        if b.get("t") == "stepper":
            out += [(actions.LOWER, ""), (actions.RAISE, "")]
    return out


def tap(ses, keeper, act, arg):
    """The page's path: the move, then the model with the keeper told."""
    ses.do(act, arg)
    keeper.select = act in actions.SELECTIONS
    return page_screen(ses, keeper)


def play_checked(ses, seed, limit=900):
    """Play a game to its end by the screens' own controls, a few selection
    taps on each screen that offers them; after each, the kept model equals a
    model made afresh. Returns how many selection models were compared."""
    rng = random.Random(seed)
    keeper = BoardKeeper()
    m = page_screen(ses, keeper)
    compared = 0
    for _ in range(limit):
        if m["kind"] == "end":
            return compared
        ses.finish_searches()
        m = page_screen(ses, keeper)
        acts = controls(m)
        picks = [c for c in acts if c[0] in actions.SELECTIONS]
        for _i in range(rng.randint(0, 4) if picks else 0):
            act, arg = rng.choice(picks)
            shared = keeper.settled
            before = repr(shared[2])
            m = tap(ses, keeper, act, arg)
            assert keeper.settled is shared  # reused, not made again
            assert repr(shared[2]) == before  # and not changed (the page compares them)
            fresh = page_screen(ses)  # no keeper: everything made afresh
            assert m == fresh, (m["kind"], act, arg)
            compared += 1
            picks = [c for c in controls(m) if c[0] in actions.SELECTIONS]
            if not picks:
                break
        acts = [c for c in controls(m) if c[0] in ADVANCE]
        if m.get("auto"):
            acts = [(m["auto"]["act"], "")] + acts
        if not acts:  # a stone to discard first (the replace screen's draft)
            acts = [c for c in controls(m) if c[0] == "discard"] or [(actions.SKIP, "")]
        m = tap(ses, keeper, *rng.choice(acts[:2]))
    raise AssertionError(f"no end after {limit} screens")


@pytest.mark.parametrize("flags", [{"shortcut": True}, {"introductory": True}, {}])
def test_a_selection_model_is_the_model_made_afresh(flags):
    ses = Session.from_form(3, ["Ana", "Bo", "Cy"], flags, 7)
    assert play_checked(ses, 3) > 20


def test_a_selection_model_beside_computers_and_the_assistant():
    ses = Session(Options(3, shortcut=True), 5, ["Ana", "Bot", "Cyd"],
                  seats=["human", "easy", "hard"])
    assert play_checked(ses, 11) > 10


def test_a_tap_that_is_no_selection_makes_the_model_again():
    """The sheet's marks, the assistant's "Why…", an undo: not selections,
    so nothing is reused even on the same screen."""
    ses = Session.from_form(3, ["Ana", "Bo", "Cy"], {}, 7)
    keeper = BoardKeeper()
    for act in ("roll", "unlock", "confirm_pick"):
        tap(ses, keeper, act, "")
    tap(ses, keeper, actions.WHEEL, "W5")
    shared = keeper.settled
    m = tap(ses, keeper, actions.UNDO, "")
    assert keeper.settled is not shared and m == page_screen(ses)
