"""Issue 41: a table phone's turn is the pass-and-play screen (tablemode/seatsession.py).

Whole games where every seat is a guest phone: each turn is chosen with the
pass-and-play screen's own controls (views.screen_model's wheels, ring,
dice faces, candidate rows, confirms), its moves go to the host as the
guest's protocol messages and the host's engine plays them. The seat's
session holds its observation only (R-S7): never a game State, its
deduction panel is `analyze` of that observation, and nothing it shows
came from the host's state.
"""

import json
import random

import pytest

from lostcode.player.deduction import analyze
from lostcode.rules.engine import is_over
from lostcode.rules.observation import observe, rack_values_in
from lostcode.rules.options import Options
from lostcode.rules.setup import new_game
from lostcode.table import protocol as p
from lostcode.table.guest import Guest
from lostcode.table.host import Host
from lostcode.web import actions
from lostcode.web.tablemode.seatsession import SeatSession, Seen

NAMES = ["Ana", "Bo", "Cy", "Dee"]


def controls(m):
    return [b for blk in m["blocks"] if blk["t"] in ("buttons", "ring") for b in blk["items"]]


def table(players, seed, **flags):
    opts = Options(players, *[flags.get(f, False) for f in
                              ("introductory", "high_stakes", "shortcut", "curse")])  # fmt: skip
    phones = list(range(players))
    tokens = {s: f"token-{s}-xyz" for s in phones}
    host = Host(new_game(opts, seed, NAMES[:players]), ["human"] * players, phones, tokens)
    guests = {s: Guest(s, tokens[s]) for s in phones}
    for s, g in guests.items():
        for _ch, text in host.receive(f"c{s}", g.join()):
            g.receive(text)
    return host, guests


def deliver(host, guests, outbox):
    for ch, text in outbox:
        seat = int(ch[1:])
        g = guests[seat]
        msg = json.loads(text)
        if msg["t"] == p.OBSERVATION and msg["obs"]["phase"] != "end":
            assert rack_values_in(msg["obs"], seat) == []  # R-S7
        g.receive(text)


def take_turn(ses, rng, seen):
    """Taps on the screen's controls, as a player would, until a confirm
    leaves moves to send: a few choices, then the primary control."""
    m = ses.model()
    seen.add(m["kind"])
    for tries in range(40):
        live = [b for b in controls(m) if not b["disabled"] and b["act"] != actions.UNDO]
        primary = [b for b in live if b["primary"]]
        b = rng.choice(primary if primary and (tries > 2 or rng.random() < 0.3) else live)
        out = ses.do(b["act"], b["arg"])
        if out:
            return out
        m = ses.model()
    raise AssertionError(("no confirm reached", m["kind"], m["heading"]))


@pytest.mark.parametrize(
    "players, seed, flags",
    [(3, 41, {}), (4, 42, {}), (4, 43, {"introductory": True, "shortcut": True, "curse": True}),
     (2, 44, {"high_stakes": True, "shortcut": True})],
)  # fmt: skip
def test_every_turn_on_the_pass_and_play_screen_from_the_seats_observation(players, seed, flags):
    host, guests = table(players, seed, **flags)
    sessions = {s: SeatSession(s) for s in guests}
    rng = random.Random(seed)
    seen = set()
    panels = 0
    while not is_over(host.state):
        seat = host.state.to_act
        g = guests[seat]
        ses = sessions[seat]
        ses.show(g.obs)
        assert isinstance(ses.state, Seen) and ses.my_turn()
        for other, o in sessions.items():  # the others' phones offer nothing
            if other != seat and guests[other].obs is not None:
                o.show(guests[other].obs)
                assert not o.my_turn()
        out = take_turn(ses, rng, seen)
        if ses.assist is not None and ses.assist["key"][1] == host.state.actions.__len__():
            # the panel's analysis is the seat's observation's, and only that (R-S7)
            assert ses.assist["analysis"] == analyze(observe(host.state, seat), explain=False)
            panels += 1
        assert not ses.my_turn()  # confirmed: nothing more to tap until the host answers
        # The final candidates: one message per symbol, all sent at once.
        msgs = [g.act(a, i) for i, a in enumerate(out)]
        assert [json.loads(m)["move"] for m in msgs] == [g.move + i for i in range(len(out))]
        for msg in msgs:
            deliver(host, guests, host.receive(f"c{seat}", msg))
            assert g.error is None, g.error
    assert {"roll", "guess", "final"} <= seen and panels > 0


def test_a_turn_keeps_its_draft_until_another_position_arrives():
    host, guests = table(3, 5)
    while host.state.phase != "guess":
        seat = host.state.to_act
        ses = SeatSession(seat)
        ses.show(guests[seat].obs)
        out = take_turn(ses, random.Random(1), set())
        for msg in [guests[seat].act(a, i) for i, a in enumerate(out)]:
            deliver(host, guests, host.receive(f"c{seat}", msg))
    seat = host.state.to_act
    ses = SeatSession(seat)
    ses.show(guests[seat].obs)
    assert ses.do(actions.WHEEL, "W3") == [] and ses.draft["wheel"] == "W3"
    ses.show(guests[seat].obs)  # the same observation again (a resume): the draft stays
    assert ses.draft["wheel"] == "W3"
    assert ses.do(actions.EXPERT, "") == [] and ses.error  # no expert on a phone: no seed
    with pytest.raises(ValueError):
        ses.show(guests[(seat + 1) % 3].obs)  # another seat's observation is refused


def test_a_new_table_in_the_same_tab_starts_the_seats_session_afresh():
    """A new game (the host starts another table) is not taken for the old
    one's position: the confirm made there and the sheet's marks go."""
    host, guests = table(2, 7)
    seat = host.state.to_act
    ses = SeatSession(seat)
    ses.show(guests[seat].obs)
    out = take_turn(ses, random.Random(2), set())
    assert out and not ses.my_turn()
    ses.sheets[seat].crosses["jaguar"] = [3]
    host2, guests2 = table(2, 8)  # another table, at move 0 again, the same seat to roll
    assert host2.state.to_act == seat
    ses.show(guests2[seat].obs)
    assert ses.my_turn() and ses.sheets[seat].crosses["jaguar"] == []
