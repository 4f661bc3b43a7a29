"""«Тайные камни» at a table of phones (issue 43): the Lost Code's table host
and guests (lostcode/table/) playing the second game by its key, over an
in-memory loopback.

Every message a guest receives is read: its own hand and nobody else's
(S-S2) until the end; the public table the same on every phone. Forged,
out-of-seat, out-of-turn, stale and wrongly typed messages are refused with
the rule they break and leave the game exactly as it was; undo within the
turn (docs/stones.md) works over the table and never steps a guest back; a
host reload resumes the same game; computer seats (the searching one in
slices) play on the host.
"""

import json

import pytest
from helpers import TableLoop as Loop

from lostcode.rules.errors import IllegalAction, RecordError
from lostcode.stones.bots import EasyBot
from lostcode.stones.engine import is_over
from lostcode.stones.observation import observe
from lostcode.stones.record import replay
from lostcode.stones.state import Options, new_game
from lostcode.stones.table import turn_start
from lostcode.table import protocol as p
from lostcode.table.guest import Guest
from lostcode.table.host import Host

TOKENS = {1: "tok-one-4f9a", 2: "tok-two-8c1e", 3: "tok-three-77"}
NAMES = ["Host", "Gina", "Gus", "Cy", "Di"]
PRIVATE = ("viewer", "legal", "undo", "players")


def setup(players=3, phones=(1, 2), seats=None, seed=11):
    s = new_game(Options(players), seed, NAMES[:players])
    host = Host(s, seats or ["human"] * players, list(phones),
                {k: TOKENS[k] for k in phones}, "stones")  # fmt: skip
    host.run_bots()
    loop = Loop(host)
    for seat in phones:
        loop.connect("ch" + str(seat), Guest(seat, TOKENS[seat]))
    return host, loop


def check_messages(host, loop):
    """S-S2 on the wire: each guest's messages hold its own hand only."""
    s = host.state
    for ch, guest in loop.guests.items():
        for text in loop.to_guest[ch]:
            msg = json.loads(text)
            if msg["t"] != p.OBSERVATION:
                continue
            obs = msg["obs"]
            assert obs["game"] == "stones" and obs["viewer"] == guest.seat == msg["seat"]
            for i, pl in enumerate(obs["players"]):
                if i == guest.seat:
                    assert pl["hand"] is not None
                else:
                    assert pl["hand"] is None, f"seat {guest.seat} saw seat {i}'s hand"
            assert "deck" not in obs and "seed" not in json.dumps(obs)
        loop.to_guest[ch] = []
        if guest.obs is not None and guest.move == host.move_number():
            assert guest.obs["players"][guest.seat]["hand"] == s.hands[guest.seat]
            assert guest.obs["grid"] == s.grid


def same_public(host, loop):
    want = {k: v for k, v in host.seen_by_table().items() if k not in PRIVATE}
    want = json.loads(json.dumps(want))
    for guest in loop.guests.values():
        assert guest.move == host.move_number()
        assert {k: v for k, v in guest.obs.items() if k not in PRIVATE} == want


def play_game(host, loop, seed=5, undo_every=7):
    """To the end: the host's seats through `local`, the phones by their
    guests' messages, each decision from that seat's own observation; now
    and then an action taken back and played again."""
    by_seat = {g.seat: ch for ch, g in loop.guests.items()}
    deciders = {i: EasyBot(seed + i) for i in range(host.state.options.players)}
    steps = undos = 0
    while not is_over(host.state):
        seat = host.waiting_for()
        if seat in host.phones:
            guest = loop.guests[by_seat[seat]]
            assert guest.my_turn()
            action = deciders[seat].decide(guest.obs)
            loop.send(by_seat[seat], guest.act(action))
            assert guest.error is None, guest.error
            if steps % undo_every == 3 and guest.obs["undo"]:
                grid = host.state.grid
                loop.send(by_seat[seat], guest.act(["undo"]))
                assert guest.error is None and guest.move == host.move_number()
                undos += 1
                loop.send(by_seat[seat], guest.act(action))  # the same action again
                assert host.state.grid == grid
        else:
            obs = host.seen_by(seat)
            host_send = host.local(seat, deciders[seat].decide(obs))
            loop.deliver(host_send)
        check_messages(host, loop)
        same_public(host, loop)
        steps += 1
        assert steps < 3000
    return steps, undos


@pytest.mark.parametrize("players,phones,seats", [
    (3, (1, 2), None),
    (2, (1,), None),
    (4, (1, 3), ["human", "human", "easy", "human"]),
    (5, (1, 2), ["human", "human", "human", "easy", "search"]),
])  # fmt: skip
def test_whole_game_over_the_table_hands_hidden_S_S2(players, phones, seats):
    host, loop = setup(players, phones, seats)
    steps, undos = play_game(host, loop)
    assert is_over(host.state) and steps > 10
    assert undos > 0  # undo within the turn crossed the table
    # the record replays to the same game (the undone actions are not in it)
    again = replay(json.loads(json.dumps(host.record())))
    assert again.grid == host.state.grid and again.done == host.state.done
    assert again.result == host.state.result
    # at the end each guest still sees its own hand only
    for guest in loop.guests.values():
        assert guest.obs["over"] and not guest.my_turn()


def test_host_seats_play_by_pass_and_play_with_no_hand_on_the_table_view():
    host, loop = setup(3, (1,))  # seats 0 and 2 on the host's phone
    assert host.at_host() == [0, 2]
    table = host.seen_by_table()
    assert all(pl["hand"] is None for pl in table["players"]) and table["legal"] == []


def turn_of(host, loop, seat):
    """Play (end the turn) until `seat` is to act."""
    while host.waiting_for() != seat:
        w = host.waiting_for()
        if w in host.phones:
            ch = "ch" + str(w)
            loop.send(ch, loop.guests[ch].act(["end"]))
        else:
            loop.deliver(host.local(w, ("end",)))


def refused(loop, ch, text, code, rule=None):
    host = loop.host
    if ch not in loop.guests:  # a channel no guest joined on: its replies are read all the same
        loop.guests[ch], loop.to_guest[ch] = Guest(-1, "x"), []
    before = (json.dumps(host.record()), host.move_number())
    loop.send(ch, text)
    msg = loop.last(ch)
    assert msg["t"] == p.ERROR and msg["code"] == code, msg
    if rule is not None:
        assert msg["rule"] == rule, msg
    assert (json.dumps(host.record()), host.move_number()) == before
    return msg


def test_forged_out_of_seat_and_out_of_turn_actions_are_refused_S_S3():
    host, loop = setup()
    turn_of(host, loop, 2)
    g1 = loop.guests["ch1"]
    # seat 1 acting while seat 2 is to act: S-S3
    refused(loop, "ch1", g1.act(["end"]), p.E_ILLEGAL, "S-S3")
    refused(loop, "ch1", g1.act(["undo"]), p.E_ILLEGAL, "S-S3")
    # seat 1's channel naming seat 2: not its seat
    forged = p.encode(p.ACTION, {"seat": 2, "move": g1.move, "action": ["end"]})
    refused(loop, "ch1", forged, p.E_WRONG_SEAT)
    # a join for seat 2 with seat 1's token
    refused(loop, "ch9", p.encode(p.JOIN, {"seat": 2, "token": TOKENS[1]}), p.E_BAD_TOKEN)
    # the host's own seat is not a phone's
    refused(loop, "ch9", p.encode(p.JOIN, {"seat": 0, "token": TOKENS[1]}), p.E_NOT_REMOTE)
    # an action on a channel that never joined
    refused(loop, "ch9", p.encode(p.ACTION, {"seat": 2, "move": 0, "action": ["end"]}),
            p.E_NOT_JOINED)  # fmt: skip
    # the host's phone cannot play a phone's seat either
    with pytest.raises(IllegalAction) as e:
        host.local(2, ("end",))
    assert e.value.rule == "S-S3"


def test_illegal_moves_name_their_rule_and_change_nothing():
    host, loop = setup()
    turn_of(host, loop, 1)
    g = loop.guests["ch1"]
    hand = list(host.state.hands[1])
    other = [c for c in range(72) if c not in hand][0]
    refused(loop, "ch1", g.act(["swap", other, 0, 1]), p.E_ILLEGAL, "S-A1")
    refused(loop, "ch1", g.act(["swap", hand[0], 0, 2]), p.E_ILLEGAL, "S-A1")  # not neighbours
    refused(loop, "ch1", g.act(["flip", other, 4]), p.E_ILLEGAL, "S-A2")
    refused(loop, "ch1", g.act(["flip", hand[0], 9]), p.E_ILLEGAL, "S-A2")  # no such tile
    shown = [c for c in hand if ("complete", c) in host.seen_by(1)["legal"]]
    unshown = [c for c in hand if c not in shown]
    if unshown:
        refused(loop, "ch1", g.act(["complete", unshown[0]]), p.E_ILLEGAL, "S-A3")
    refused(loop, "ch1", g.act(["undo"]), p.E_ILLEGAL, "S-A4")  # nothing yet this turn
    refused(loop, "ch1", g.act(["cheat"]), p.E_ILLEGAL, "S-A4")
    refused(loop, "ch1", g.act([]), p.E_ILLEGAL, "S-A4")
    loop.send("ch1", g.act(["flip", hand[0], 4]))
    assert g.error is None and g.obs["undo"] is True
    refused(loop, "ch1", g.act(["skip"]), p.E_ILLEGAL, "S-A5")  # never after an action
    loop.send("ch1", g.act(["end"]))
    turn_of(host, loop, 1)
    loop.send("ch1", g.act(["skip"]))
    turn_of(host, loop, 1)
    refused(loop, "ch1", g.act(["skip"]), p.E_ILLEGAL, "S-A5")  # never twice in a row


@pytest.mark.parametrize("action", [
    ["flip", True, 4], ["flip", 1.0, 4], ["flip", None, 4], ["flip", [3], 4], ["flip", "3", 4],
    ["swap", {"a": 1}, 0, 1], ["swap", 3, True, 1], ["swap", 3, 0.0, 1.0], ["complete", "x"],
    ["complete"], ["end", 1], ["skip", None], ["undo", 1], [["end"]], [None], [7], [True],
])  # fmt: skip
def test_wrongly_typed_action_arguments_are_refused(action):
    host, loop = setup()
    turn_of(host, loop, 1)
    g = loop.guests["ch1"]
    msg = refused(loop, "ch1", g.act(action), p.E_ILLEGAL)
    assert msg["rule"].startswith("S-A")


@pytest.mark.parametrize("fields", [
    {"seat": True, "move": 0, "action": ["end"]},
    {"seat": 1, "move": 0.0, "action": ["end"]},
    {"seat": "1", "move": 0, "action": ["end"]},
    {"seat": 1, "move": 0, "action": "end"},
    {"seat": 1, "move": 0, "action": {"t": "end"}},
    {"seat": 1, "move": 0, "action": ["end"], "hand": [1, 2]},
    {"seat": 1, "action": ["end"]},
])  # fmt: skip
def test_every_field_of_an_action_is_type_checked(fields):
    host, loop = setup()
    turn_of(host, loop, 1)
    if type(fields.get("move")) is int:
        fields["move"] = host.move_number()
    refused(loop, "ch1", p.encode(p.ACTION, fields), p.E_MALFORMED)


def test_undo_never_steps_a_guest_back_and_makes_older_actions_stale():
    host, loop = setup()
    turn_of(host, loop, 1)
    g = loop.guests["ch1"]
    hand = list(host.state.hands[1])
    old = g.act(["flip", hand[0], 4])
    loop.send("ch1", old)
    n = host.move_number()
    loop.send("ch1", g.act(["undo"]))
    assert host.move_number() == n + 1 and len(host.state.actions) == turn_start(host.state)
    assert g.move == host.move_number() and hand[0] in g.obs["players"][1]["hand"]
    assert g.obs["undo"] is False
    # the flip sent again on its old move number: stale (S-A4's undo moved the table on)
    before = host.move_number()
    loop.send("ch1", old)
    assert json.loads(loop.to_guest["ch1"][-2])["code"] == p.E_STALE
    assert host.move_number() == before
    # an ended turn is final: the next player cannot take it back
    loop.send("ch1", g.act(["flip", hand[0], 4]))
    loop.send("ch1", g.act(["end"]))
    turn_of(host, loop, 2)
    refused(loop, "ch2", loop.guests["ch2"].act(["undo"]), p.E_ILLEGAL, "S-A4")


def test_host_reload_resumes_the_same_game_and_guests_rejoin():
    host, loop = setup()
    turn_of(host, loop, 1)
    g = loop.guests["ch1"]
    loop.send("ch1", g.act(["flip", host.state.hands[1][0], 0]))
    loop.send("ch1", g.act(["undo"]))
    text = json.dumps(host.saved())
    assert "stones" in text and json.loads(text)["undone"] == 1
    again = Host.from_saved(text)
    assert again.rules.key == "stones" and again.move_number() == host.move_number()
    assert again.state.hands == host.state.hands and again.state.grid == host.state.grid
    loop2 = Loop(again)
    for seat in (1, 2):
        guest = loop.guests["ch" + str(seat)]
        loop2.connect("new" + str(seat), guest, resume=True)
        assert guest.move == again.move_number()
    play_game(again, loop2)
    assert is_over(again.state)


@pytest.mark.parametrize("change", [
    {"game": "chess"}, {"game": 1}, {"undone": -1}, {"undone": True}, {"phones": [True]},
])  # fmt: skip
def test_a_damaged_stored_table_is_refused_with_a_reason(change):
    host, _ = setup()
    data = host.saved()
    data.update(change)
    with pytest.raises(RecordError):
        Host.from_saved(json.dumps(data))


def test_a_lost_code_table_stored_before_issue_43_still_resumes():
    from lostcode.rules.options import Options as LcOptions
    from lostcode.rules.setup import new_game as lc_new_game

    lc = Host(lc_new_game(LcOptions(3), 5, NAMES[:3]), ["human"] * 3, [1], {1: TOKENS[1]})
    data = lc.saved()
    assert data["game"] == "lostcode"
    del data["game"], data["undone"]
    assert Host.from_saved(json.dumps(data)).rules.key == "lostcode"


def test_seat_kinds_must_be_the_games_own():
    s = new_game(Options(3), 3, NAMES[:3])
    with pytest.raises(ValueError):
        Host(s, ["human", "human", "expert"], [1], {1: TOKENS[1]}, "stones")
    with pytest.raises(RecordError):
        Host(s, ["human"] * 3, [1], {1: TOKENS[1]}, "chess")


def test_a_searching_seat_thinks_in_slices_on_the_host_and_a_gone_seat_goes_to_it():
    host, loop = setup(3, (1,), ["human", "human", "search"], seed=4)
    slices = 0
    turn_of_guest = 0
    while not is_over(host.state) and turn_of_guest < 40:
        job = host.search_due()
        if job is not None:
            while not job.slice(lambda: 0.0):
                slices += 1
            loop.deliver(host.searched())
            continue
        w = host.waiting_for()
        if w in host.phones:
            loop.send("ch" + str(w), loop.guests["ch" + str(w)].act(["end"]))
        else:
            loop.deliver(host.local(w, ("end",)))
        turn_of_guest += 1
        check_messages(host, loop)
    assert slices > 0
    # seat 1 stays gone: the searching computer plays it from now on
    loop.deliver(host.hand_to_computer(1, None))
    assert host.seats[1] == "search" and 1 not in host.phones


def test_the_guest_limit_holds_a_five_player_observation():
    host, _ = setup(5, (1, 2))
    assert len(host.observation(1)) < p.MAX_TO_GUEST // 10
    assert observe(host.state, 1)["players"][2]["hand"] is None


def test_a_phone_screen_shows_its_own_hand_only_and_taps_make_the_actions():
    """The seat screen (stonesgame/seatview.py) drawn from each guest's
    observation holds no label of another hand (S-S2); its taps make the
    pass-and-play session's actions (S-A1 swap, S-A2 flip, undo)."""
    from lostcode.web.stonesgame.screens import card_label
    from lostcode.web.stonesgame.seatview import SeatUi, fresh, seat_model, spend_card, tap

    host, loop = setup()
    turn_of(host, loop, 1)
    for guest in loop.guests.values():
        text = json.dumps(seat_model(guest.obs, SeatUi()), ensure_ascii=False)
        for other in range(3):
            for card in host.state.hands[other]:
                assert (card_label(card) in text) == (other == guest.seat), (guest.seat, other)
    g = loop.guests["ch1"]
    ui = SeatUi()
    fresh(ui, g.obs)
    card = spend_card(ui, g.obs)
    assert tap(ui, g.obs, "stones-tile", "0") is None and ui.chosen == 0
    assert tap(ui, g.obs, "stones-tile", "1") == ("swap", card, 0, 1)
    tap(ui, g.obs, "stones-spend", str(g.obs["players"][1]["hand"][-1]))
    tap(ui, g.obs, "stones-tile", "4")
    assert tap(ui, g.obs, "stones-tile", "4") == ("flip", g.obs["players"][1]["hand"][-1], 4)
    tap(ui, g.obs, "stones-tile", "0")
    assert tap(ui, g.obs, "stones-tile", "8") is None and ui.chosen == 8  # not a neighbour
    assert tap(ui, g.obs, "stones-undo", "") == ("undo",)
    assert tap(ui, loop.guests["ch2"].obs, "stones-end", "") is None  # not its turn
