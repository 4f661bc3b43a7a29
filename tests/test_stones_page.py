"""«Тайные камни» on one device, without a browser (issue 43): the session
and its screens play a 3-player pass-and-play game and a solo game to the
end, and no screen ever shows a hand to anyone but its owner; tap-tap swaps,
a second tap flips, undo takes back the turn's moves, a completable card
glows. The page draws these screens: lostcode/web/stonesgame/stonespage.py."""

import json

from lostcode.rules.rng import Rng
from lostcode.stones import session as ss
from lostcode.stones.cards import PATTERN
from lostcode.stones.engine import legal_actions
from lostcode.stones.session import StonesSession
from lostcode.stones.vocab import BACK
from lostcode.web.stonesgame.screens import screen_model


def hand_cards_shown(model) -> set:
    """Every card id a screen's hand buttons carry."""
    out = set()
    for b in model["blocks"]:
        if b.get("hand"):
            out |= {int(i["arg"]) for i in b["items"]}
    return out


def check_private(session, model):
    s = session.state
    shown = hand_cards_shown(model)
    if model["hand_of"] is None:
        assert not shown, model["screen"]
    else:
        assert model["screen"] == ss.TURN and model["hand_of"] == s.to_act
        assert session.seats[s.to_act] == "human"
        assert shown == set(s.hands[s.to_act])
    # no card is described anywhere but in the shown hand (its picture and its name)
    text = json.dumps(model, ensure_ascii=False)
    assert text.count('"class": "board stones-card') == len(shown)
    assert text.count('"aria-label": "Goal card') == len(shown)


def human_turn(session, rng):
    """A human's turn, played by taps: complete what glows, else a few moves."""
    s = session.state
    for _ in range(3):
        model = screen_model(session)
        check_private(session, model)
        ready = session.completable()
        if ready:
            session.do(ss.COMPLETE_CARD, ready[0])
            if session.screen != ss.TURN:
                return
            continue
        if len(s.hands[s.to_act]) > 1 and rng.below(2):
            a = rng.below(9)
            session.do(ss.TAP_TILE, a)
            session.do(ss.TAP_TILE, a if rng.below(2) else (a + 1 if a % 3 < 2 else a - 1))
    session.do(ss.END_TURN)


def play_to_the_end(session, seed):
    rng = Rng(seed)
    screens = set()
    for _ in range(3000):
        model = screen_model(session)
        check_private(session, model)
        screens.add(model["screen"])
        if session.screen == ss.OVER:
            return screens
        if session.screen == ss.HANDOFF:
            session.do(ss.READY)
        elif session.screen == ss.COMPUTER:
            session.do(ss.STEP)
        else:
            human_turn(session, rng)
    raise AssertionError("the game did not end")


def test_three_player_pass_and_play_to_the_end_never_shows_a_hand_to_another():
    session = StonesSession(["Ann", "Bo", "Cy"], ["human", "human", "human"], seed=3)
    screens = play_to_the_end(session, 3)
    assert {ss.HANDOFF, ss.TURN, ss.OVER} <= screens
    assert session.state.result["winners"]


def test_mixed_seats_and_solo_play_to_the_end():
    session = StonesSession(["Ann", "Bot", "Cy"], ["human", "search", "human"], seed=4)
    screens = play_to_the_end(session, 4)
    assert ss.COMPUTER in screens and ss.HANDOFF in screens  # two humans: handoffs
    solo = StonesSession(["Ann"], ["human"], seed=5)
    screens = play_to_the_end(solo, 5)
    assert ss.HANDOFF not in screens and solo.state.result["solo"] in ("won", "lost")
    one_human = StonesSession(["Ann", "Bot"], ["human", "search"], seed=6)
    assert ss.HANDOFF not in play_to_the_end(one_human, 6)


def test_tap_tap_swaps_a_second_tap_flips_and_undo_takes_back_the_turn():
    session = StonesSession(["Ann"], ["human"], seed=7)
    s = session.state
    g = s.grid
    card = session.spend_card()
    session.do(ss.TAP_TILE, 0)
    assert session.chosen == 0
    session.do(ss.TAP_TILE, 8)  # not a neighbour: chooses 8 instead
    assert session.chosen == 8 and session.state.grid == g
    session.do(ss.TAP_TILE, 5)
    assert session.state.grid[5] == g[8] and session.state.grid[8] == g[5]
    assert card in session.state.discard
    other = session.state.hands[0][0]
    session.do(ss.SPEND, other)
    session.do(ss.TAP_TILE, 4)
    session.do(ss.TAP_TILE, 4)
    assert session.state.grid[4] == BACK[g[4]] and session.state.discard[-1] == other
    session.do(ss.UNDO)
    session.do(ss.UNDO)
    assert session.state.grid == g and len(session.state.hands[0]) == 4
    session.do(ss.UNDO)  # nothing before the turn
    assert session.state.grid == g
    session.do(ss.END_TURN)
    assert not session.can_undo()


def test_a_completable_card_glows_and_completes_with_a_tap():
    session = StonesSession(["Ann", "Bo"], ["human", "human"], seed=8)
    session.do(ss.READY)
    s = session.state
    he = next(c for c, p in PATTERN.items() if p == "HE")
    for pile in [s.deck] + s.hands:
        if he in pile:
            pile.remove(he)
    s.deck.append(s.hands[s.to_act].pop())
    s.hands[s.to_act].append(he)
    s.grid = "HEOTHSFBE"
    model = screen_model(session)
    hand = next(b for b in model["blocks"] if b.get("hand"))
    glowing = [i for i in hand["items"] if i.get("glow")]
    assert [int(i["arg"]) for i in glowing] >= [he] and glowing[0]["act"] == ss.COMPLETE_CARD
    session.do(ss.COMPLETE_CARD, he)
    assert he in s.done[s.to_act]
    assert ("complete", he) not in legal_actions(s)
