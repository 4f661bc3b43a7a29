"""Table mode's protocol (issue 23): host and guests over an in-memory loopback.

A whole game is played with the host's engine and two guest phones, and
after every action each message a guest received is inspected: no own
stone value (R-S7) until the game is over, the same public state on every
phone, the same player to act (R-G1's order reaches each phone at once);
the record equals a local replay and a game played without the network.
Refusals: forged, stale, oversized and malformed messages get an error
reply and leave the game exactly as it was.
"""

import json

import pytest
from helpers import TableLoop as Loop
from helpers import tree_text

from lostcode.player.bots import Player
from lostcode.rules.canon import state_digest
from lostcode.rules.engine import apply_action, is_over
from lostcode.rules.errors import IllegalAction, RecordError
from lostcode.rules.observation import observe, rack_values_in
from lostcode.rules.options import Options
from lostcode.rules.setup import new_game
from lostcode.services.record import replay, to_record
from lostcode.table import protocol as p
from lostcode.table.guest import Guest
from lostcode.table.host import Host
from lostcode.web.tablemode.tablescreen import action_label, table_screen

TOKENS = {1: "tok-one-4f9a", 2: "tok-two-8c1e", 3: "tok-three-77"}
PRIVATE_KEYS = ("viewer", "racks", "legal", "my_guess", "my_tokens", "my_final")


def public(obs):
    return {k: v for k, v in obs.items() if k not in PRIVATE_KEYS}


def setup(players=3, phones=(1, 2), seats=None, seed=7, **flags):
    s = new_game(Options(players, **flags), seed, ["Host", "Gina", "Gus", "Cy"][:players])
    seats = seats or ["human"] * players
    host = Host(s, seats, list(phones), {k: TOKENS[k] for k in phones})
    loop = Loop(host)
    for seat in phones:
        loop.connect("ch" + str(seat), Guest(seat, TOKENS[seat]))
    return host, loop


def check_messages(host, loop):
    """R-S7 on the wire: what each guest received since the last check."""
    s = host.state
    for ch, guest in loop.guests.items():
        for text in loop.take(ch):
            msg = json.loads(text)
            assert msg["v"] == p.VERSION
            if msg["t"] != p.OBSERVATION:
                continue
            obs = msg["obs"]
            assert msg["seat"] == guest.seat == obs["viewer"]
            if obs["phase"] != "end":
                assert rack_values_in(obs, guest.seat) == []
                assert set(obs["racks"][guest.seat]["stones"].values()) == {None}
            else:  # the game is over: every rack face up
                assert obs["racks"][guest.seat]["stones"] == s.racks[guest.seat]
            for r, rack in enumerate(obs["racks"]):
                if r != guest.seat:  # the others' stones, exactly as they are
                    assert rack["stones"] == s.racks[r]
            assert "box" not in text and "piles" in obs
            guest_sees = Guest(guest.seat, "x")
            guest_sees.receive(text)
            screen = table_screen(guest_sees.obs)
            own = tree_text(screen["board"]["racks"][guest.seat])
            if obs["phase"] != "end":  # the screen too: own stones face down (R-S7)
                assert any("hidden" in t for t in own)
                assert not [
                    t for t in own if ": " in t and not t.endswith("hidden") and "discard" not in t
                ]
            assert len(screen["choices"]) == len(guest_sees.legal())


def check_same_public_state(host, loop):
    """Every phone shows the same table as the host: whose turn it is (R-G1's
    order reaches every phone at once), wheels taken, scores, log."""
    want = json.loads(json.dumps(public(observe(host.state, None))))
    for guest in loop.guests.values():
        assert guest.move == len(host.state.actions)
        assert public(guest.obs) == want


def chooser(seat, level="medium"):
    return Player(level, 1000 + seat)


def play_game(host, loop, choosers, on_step=None):
    """Play to the end: the host's own seats through `local`, the phones by
    their guests' messages, each decision from that seat's observation."""
    by_seat = {g.seat: ch for ch, g in loop.guests.items()}
    steps = 0
    while not is_over(host.state):
        seat = host.waiting_for()
        if seat in host.phones:
            ch = by_seat[seat]
            guest = loop.guests[ch]
            assert guest.my_turn()
            action = choosers[seat].choose(guest.obs, guest.legal())
            loop.send(ch, guest.act(action))
            assert guest.error is None and guest.acked >= 0
        else:
            obs = observe(host.state, seat)
            action = choosers[seat].choose(obs, obs["legal"])
            loop.deliver(host.local(seat, action))
        check_messages(host, loop)
        check_same_public_state(host, loop)
        steps += 1
        if on_step:
            by_seat = on_step(host, loop, steps) or by_seat
    return steps


def local_game(players, seats, seed, **flags):
    """The same game without the network: same choosers, same bots."""
    s = new_game(Options(players, **flags), seed, ["Host", "Gina", "Gus", "Cy"][:players])
    host = Host(s, seats, [], {})
    choosers = {i: chooser(i) for i in range(players)}
    host.run_bots()
    while not is_over(s):
        seat = s.to_act
        obs = observe(s, seat)
        host.local(seat, choosers[seat].choose(obs, obs["legal"]))
    return s


@pytest.mark.parametrize(
    "players,seats,flags",
    [
        (3, ["human"] * 3, {}),
        (4, ["human", "human", "human", "easy"], {"shortcut": True, "curse": True}),
    ],
)
def test_whole_game_host_and_two_guests(players, seats, flags):
    """R-S7 on every message, R-G1's order seen by every phone, R-E4 at the end."""
    host, loop = setup(players, (1, 2), seats, 7, **flags)
    host.run_bots()
    loop.deliver(host.broadcast())
    choosers = {i: chooser(i) for i in range(players)}
    steps = play_game(host, loop, choosers)
    assert steps > 50
    s = host.state
    assert is_over(s)
    # The record replays to the same game, which equals one played locally.
    assert state_digest(replay(to_record(s))) == state_digest(s)
    assert state_digest(local_game(players, seats, 7, **flags)) == state_digest(s)
    # R-E4: once the game is over every move is refused.
    guest = loop.guests["ch1"]
    loop.send("ch1", guest.act(["roll"]))
    assert guest.error["code"] == p.E_ILLEGAL and guest.error["rule"] == "R-E4"


def test_guest_closed_and_reopened_mid_round_rejoins():
    """A guest page reloaded mid-round (a new Guest, a new channel) resumes
    with its token and gets the current state; the game goes on."""
    host, loop = setup()
    choosers = {i: chooser(i) for i in range(3)}
    seen = {}

    def drop_in_round_two(host, loop, steps):
        s = host.state
        if "done" in seen or s.round != 2 or s.phase != "guess":
            return None
        seen["done"] = steps
        loop.drop("ch2")
        assert host.joined() == [1]
        # The game goes on without it until its turn; then it comes back.
        fresh = Guest(2, TOKENS[2])
        loop.connect("ch2-again", fresh, resume=True)
        assert fresh.move == len(s.actions) and fresh.obs["round"] == 2
        assert host.joined() == [1, 2]
        return {1: "ch1", 2: "ch2-again"}

    play_game(host, loop, choosers, drop_in_round_two)
    assert "done" in seen and is_over(host.state)
    assert state_digest(replay(to_record(host.state))) == state_digest(host.state)


def test_rejoin_replaces_a_channel_the_host_thought_alive():
    host, loop = setup()
    loop.connect("ch1-new", Guest(1, TOKENS[1]))
    assert host.seat_of("ch1") is None and host.seat_of("ch1-new") == 1


def test_host_reload_resumes_and_guests_rejoin():
    """The host's game is saved as a record; a reloaded host rebuilds it and
    the guests rejoin with the same codes."""
    host, loop = setup()
    choosers = {i: chooser(i) for i in range(3)}
    for _ in range(12):
        seat = host.waiting_for()
        obs = observe(host.state, seat)
        apply_action(host.state, choosers[seat].choose(obs, obs["legal"]), seat)
    record = json.dumps(to_record(host.state))
    again = Host(replay(record), ["human"] * 3, [1, 2], {1: TOKENS[1], 2: TOKENS[2]})
    loop2 = Loop(again)
    loop2.connect("a", Guest(1, TOKENS[1]), resume=True)
    loop2.connect("b", Guest(2, TOKENS[2]), resume=True)
    check_messages(again, loop2)
    check_same_public_state(again, loop2)
    assert state_digest(again.state) == state_digest(host.state)


def refused(host, loop, channel, text, code):
    before = state_digest(host.state)
    out = host.receive(channel, text)
    assert json.loads(out[0][1])["t"] == p.ERROR
    assert json.loads(out[0][1])["code"] == code
    assert state_digest(host.state) == before
    return out


def test_forged_action_for_another_seat_is_refused():
    host, loop = setup()
    apply_action(host.state, ["roll"], host.state.to_act)  # whoever rolls
    while host.waiting_for() == 0 or host.state.phase != "guess":
        obs = observe(host.state, host.waiting_for())
        apply_action(host.state, obs["legal"][0])
    actor = host.waiting_for()
    other = 1 if actor == 2 else 2
    # The other phone claims to be the actor: its channel is keyed to `other`.
    forged = p.encode(
        p.ACTION,
        {
            "seat": actor,
            "move": len(host.state.actions),
            "action": list(observe(host.state, actor)["legal"][0]),
        },
    )
    refused(host, loop, "ch" + str(other), forged, p.E_WRONG_SEAT)
    # Its own seat, out of turn (R-G1: one player at a time, in order).
    own = p.encode(
        p.ACTION,
        {
            "seat": other,
            "move": len(host.state.actions),
            "action": list(observe(host.state, actor)["legal"][0]),
        },
    )
    out = refused(host, loop, "ch" + str(other), own, p.E_ILLEGAL)
    assert json.loads(out[0][1])["rule"] == "R-G1"
    # Claiming the other seat with the wrong token, or the host's own seat.
    refused(host, loop, "x", p.encode(p.JOIN, {"seat": 1, "token": "guessed-token"}), p.E_BAD_TOKEN)
    refused(host, loop, "x", p.encode(p.JOIN, {"seat": 0, "token": TOKENS[1]}), p.E_NOT_REMOTE)
    # A channel keyed to seat 1 cannot re-key itself to seat 2, even with its code.
    refused(host, loop, "ch1", p.encode(p.JOIN, {"seat": 2, "token": TOKENS[2]}), p.E_WRONG_SEAT)
    # An action on a channel that never joined.
    refused(host, loop, "nobody", own, p.E_NOT_JOINED)


def test_out_of_date_action_is_refused_and_the_current_state_sent():
    host, loop = setup()
    guest = loop.guests["ch1"]
    old = guest.move
    while host.waiting_for() != 1:
        seat = host.waiting_for()
        obs = observe(host.state, seat)
        loop.deliver(host.local(seat, obs["legal"][0]) if seat == 0 else [])
        if seat != 0:
            loop.send("ch" + str(seat), loop.guests["ch" + str(seat)].act(obs["legal"][0]))
    stale = p.encode(p.ACTION, {"seat": 1, "move": old, "action": list(guest.legal()[0])})
    out = refused(host, loop, "ch1", stale, p.E_STALE)
    assert json.loads(out[1][1])["t"] == p.OBSERVATION


BAD = [
    ("x" * (1024 * 1024), p.E_TOO_LARGE),
    ('{"v":1,"t":"action","pad":"' + "y" * 5000 + '"}', p.E_TOO_LARGE),
    ("not json", p.E_MALFORMED),
    ("[1,2,3]", p.E_MALFORMED),
    ('{"t":"join"}', p.E_MALFORMED),
    ('{"v":true,"t":"join"}', p.E_MALFORMED),
    ('{"v":2,"t":"join"}', p.E_VERSION),
    ('{"v":1,"t":"observation"}', p.E_UNKNOWN),
    ('{"v":1,"t":"hello"}', p.E_UNKNOWN),
    ("[" * 1500 + "]" * 1500, p.E_MALFORMED),
    ('{"v":1,"t":"join","seat":' + "9" * 100 + "}", p.E_MALFORMED),
    ('{"v":1,"t":"join","seat":"1","token":"tok-one-4f9a"}', p.E_MALFORMED),
    ('{"v":1,"t":"join","seat":1}', p.E_MALFORMED),
    (b"\xff\xfe", p.E_MALFORMED),
    (None, p.E_MALFORMED),
    (12, p.E_MALFORMED),
]


@pytest.mark.parametrize("text,code", BAD)
def test_malformed_or_oversized_message_to_the_host_is_refused(text, code):
    host, loop = setup()
    refused(host, loop, "ch1", text, code)


def play_until_seat_1_acts(host, loop):
    """The first moves, each seat's first legal one, until seat 1's phone is to act."""
    while host.waiting_for() != 1:
        seat = host.waiting_for()
        obs = observe(host.state, seat)
        if seat == 0:
            loop.deliver(host.local(0, obs["legal"][0]))
        else:
            loop.send("ch" + str(seat), loop.guests["ch" + str(seat)].act(obs["legal"][0]))


def test_actions_with_malformed_arguments_are_refused():
    """Whatever a guest puts in an action, an error reply and no change."""
    host, loop = setup()
    play_until_seat_1_acts(host, loop)
    move = len(host.state.actions)
    junk = [
        "roll",
        {},
        [],
        [None],
        [1],
        [[]],
        ["guess", {"a": 1}, 3],
        ["guess", "W1", "x"],
        ["guess", "W99", 0],
        ["guess", ["W1"], 0],
        ["change", 9, "bird"],
        ["final", {}],
        ["discard", -1, "bird"],
        ["take", 1.5],
        ["roll", 1, 2, 3],
        ["guess", "W1", 10**30],
        ["guess", "W1", True],
        ["final", [[1, 2], [3]]],
    ]
    for action in junk:
        text = json.dumps({"v": 1, "t": "action", "seat": 1, "move": move, "action": action})
        before = state_digest(host.state)
        out = host.receive("ch1", text)
        msg = json.loads(out[0][1])
        assert msg["t"] == p.ERROR and msg["code"] in (p.E_ILLEGAL, p.E_MALFORMED), action
        assert state_digest(host.state) == before


def test_guest_refuses_oversized_or_malformed_messages_and_keeps_its_screen():
    host, loop = setup()
    guest = loop.guests["ch1"]
    obs, move = guest.obs, guest.move
    for text in (
        "z" * (1024 * 1024),
        "{",
        '{"v":1,"t":"join"}',
        '{"v":1,"t":"observation","seat":2,"move":99,"obs":{}}',
    ):
        assert guest.receive(text) == p.ERROR
        assert guest.obs is obs and guest.move == move
    # An older observation never replaces a newer one.
    assert guest.receive(p.encode(p.OBSERVATION, {"seat": 1, "move": move - 1, "obs": {}}))
    assert guest.obs is obs


def test_host_refuses_phone_seats_that_are_not_human_or_have_no_token():
    s = new_game(Options(3), 1)
    with pytest.raises(ValueError):
        Host(s, ["human", "easy", "human"], [1], {1: TOKENS[1]})
    with pytest.raises(ValueError):
        Host(s, ["human"] * 3, [1], {1: "short"})


def test_observations_fit_the_guest_limit():
    """A 4-player game's biggest observation stays well under MAX_TO_GUEST."""
    s = local_game(4, ["human", "easy", "easy", "easy"], 3, shortcut=True, curse=True)
    biggest = max(len(json.dumps(observe(s, seat))) for seat in range(4))
    assert biggest < p.MAX_TO_GUEST // 3


def test_host_reload_from_its_stored_table_and_guests_rejoin():
    """The host page stores `saved()` after every move; a reload rebuilds the
    same game with the same seats' tokens, and the guests' codes still work."""
    host, loop = setup(4, (1, 2), ["human", "human", "human", "easy"], 5)
    choosers = {i: chooser(i) for i in range(4)}
    host.run_bots()
    for _ in range(15):
        seat = host.waiting_for()
        obs = observe(host.state, seat)
        apply_action(host.state, choosers[seat].choose(obs, obs["legal"]), seat)
        host.run_bots()
    text = json.dumps(host.saved())
    again = Host.from_saved(text)
    assert state_digest(again.state) == state_digest(host.state)
    assert again.seats == host.seats and again.phones == [1, 2]
    loop2 = Loop(again)
    loop2.connect("a", Guest(1, TOKENS[1]), resume=True)
    loop2.connect("b", Guest(2, TOKENS[2]), resume=True)
    check_messages(again, loop2)
    check_same_public_state(again, loop2)
    assert '"phones": [1, 2]' in text
    for bad in (
        "{}",
        "[]",
        '{"format":"lostcode-table","version":2}',
        '{"format":"lostcode-table","version":1,"phones":[1],"tokens":{"1":"x"}}',
        text.replace('"phones": [1, 2]', '"phones": [true, 2]'),  # issue 44
    ):
        with pytest.raises(RecordError):
            Host.from_saved(bad)


def test_a_seat_that_stays_gone_is_handed_to_the_computer():
    host, loop = setup()
    choosers = {i: chooser(i) for i in range(3)}

    def drop_and_hand(host, loop, steps):
        if host.state.round == 2 and 2 in host.phones:
            loop.drop("ch2")
            loop.deliver(host.hand_to_computer(2, "medium"))
            assert host.phones == [1] and host.seats[2] == "medium"
            return {1: "ch1"}
        return None

    play_game(host, loop, choosers, drop_and_hand)
    assert is_over(host.state) and host.seats[2] == "medium"
    assert to_record(host.state, host.seats)["players"][2]["kind"] == "medium"
    assert state_digest(replay(to_record(host.state, host.seats))) == state_digest(host.state)
    # The seat's old code no longer claims it.
    out = host.receive("x", p.encode(p.JOIN, {"seat": 2, "token": TOKENS[2]}))
    assert json.loads(out[0][1])["code"] == p.E_NOT_REMOTE


def test_a_seat_that_stays_gone_is_handed_back_to_pass_and_play_on_the_host_R_S7():
    """Seat 2's phone is gone for good: the host plays it from then on, pass-
    and-play, as a human seat (not a computer). Its old code no longer claims
    it; the host's screen between its players' turns shows neither player's
    stones (R-S7); a reload keeps the seat on the host."""
    host, loop = setup()
    choosers = {i: chooser(i) for i in range(3)}
    checked = []

    def drop_and_hand(host, loop, steps):
        if host.state.round == 2 and 2 in host.phones:
            loop.drop("ch2")
            loop.deliver(host.hand_to_host(2))
            assert host.phones == [1] and host.seats[2] == "human"
            assert host.at_host() == [0, 2]
            again = Host.from_saved(json.dumps(host.saved()))
            assert again.at_host() == [0, 2] and again.phones == [1]
            return {1: "ch1"}
        if 2 not in host.phones and not is_over(host.state):
            table = host.seen_by_table()
            for r in (0, 2):
                assert set(table["racks"][r]["stones"].values()) == {None}, r
            assert None not in table["racks"][1]["stones"].values()  # the guest's: seen
            checked.append(steps)
        return None

    play_game(host, loop, choosers, drop_and_hand)
    assert is_over(host.state) and host.seats == ["human"] * 3 and checked
    assert state_digest(replay(to_record(host.state, host.seats))) == state_digest(host.state)
    out = host.receive("x", p.encode(p.JOIN, {"seat": 2, "token": TOKENS[2]}))
    assert json.loads(out[0][1])["code"] == p.E_NOT_REMOTE
    with pytest.raises(ValueError):
        host.hand_to_host(2)


def test_odd_inputs_on_both_sides():
    host, loop = setup()
    guest = loop.guests["ch1"]
    assert json.loads(guest.join("Gina"))["name"] == "Gina"
    move = guest.move
    assert guest.receive(p.encode(p.OBSERVATION, {"seat": 1, "move": "9", "obs": {}})) == p.ERROR
    assert guest.move == move
    guest.receive(p.encode(p.ACK, {"move": "x"}))
    assert guest.acked == -1
    assert guest.receive(b"x" * (p.MAX_TO_GUEST * 4 + 1)) == p.ERROR
    assert guest.error == {"code": p.E_TOO_LARGE}
    text = p.encode(p.ACTION, {"seat": 1, "move": len(host.state.actions), "action": "roll"})
    refused(host, loop, "ch1", text, p.E_MALFORMED)
    text = p.encode(p.ACTION, {"seat": 1, "move": None, "action": ["roll"]})
    refused(host, loop, "ch1", text, p.E_MALFORMED)
    with pytest.raises(IllegalAction):
        host.local(1, ("roll",))
    with pytest.raises(ValueError):
        host.hand_to_computer(0, "easy")
    with pytest.raises(ValueError):
        host.hand_to_computer(1, "oracle")
    with pytest.raises(ValueError):
        Host(host.state, ["human"] * 2, [], {})
    saved = host.saved()
    saved["tokens"] = {"1": "short"}
    with pytest.raises(RecordError):
        Host.from_saved(saved)


def test_every_kind_of_move_has_a_label():
    obs = {"offer": {"symbol": "bird"}}
    moves = [
        ("roll",),
        ("accept",),
        ("pass",),
        ("take",),
        ("change", 0, "bird"),
        ("turn_bear", 2, "snake"),
        ("guess", "W3", 4),
        ("discard", "bear"),
        ("shortcut", (1, 2)),
        ("shortcut", ()),
        ("final", "human", (0, 7)),
        ("final", "human", ()),
    ]
    labels = [action_label(a, obs) for a in moves]
    assert labels[:4] == ["Roll the dice", "Keep the dice", "Pass", "Take the bird token"]
    assert labels[4:] == [
        "1: bird",
        "3: snake",
        "W3 (3 wide, 3 VP) · 4–6",
        "bear",
        "1, 2",
        "–",
        "human: 0, 7",
        "human: –",
    ]


# Issue 44: every field of every message is of its JSON type, exactly.
JSON_VALUES = (None, True, False, 0, 1, 1.0, -2.5, "", "x", "1", [], {}, [[1, [2]]],
               {"a": {"b": [1]}})


def json_type(x):
    """A decoded JSON value's type as the protocol names it (bool before int:
    Python's True is an int and equals 1)."""
    if x is None:
        return "null"
    if isinstance(x, bool):
        return "boolean"
    if isinstance(x, int):
        return p.INT
    if isinstance(x, float):
        return "number"
    return {str: p.STR, list: p.LIST, dict: p.OBJ}[type(x)]


def retyped(fields, kind):
    """(field, value, message) for every field of `fields` replaced by every
    JSON value of another type, and each field left out when it is required."""
    spec = {name: (t, req) for name, t, req in p.FIELDS[kind]}
    for name in fields:
        for value in JSON_VALUES:
            if json_type(value) != spec[name][0]:
                msg = dict(fields, **{name: value})
                yield name, value, json.dumps(dict(msg, v=p.VERSION, t=kind))
        if spec[name][1]:
            rest = {k: v for k, v in fields.items() if k != name}
            yield name, "missing", json.dumps(dict(rest, v=p.VERSION, t=kind))
    yield "extra", "x", json.dumps(dict(fields, v=p.VERSION, t=kind, extra=1))


def test_every_field_of_a_message_to_the_host_must_be_of_its_type():
    """Issue 44, R-G1: `"seat": true` (or 1.0) for seat 1 is not seat 1: each
    message kind, each field replaced by each other JSON type (or left out),
    is refused as malformed and nothing changes: the game, the channels."""
    host, loop = setup()
    play_until_seat_1_acts(host, loop)
    move = len(host.state.actions)
    action = list(observe(host.state, 1)["legal"][0])
    good = {
        p.JOIN: ({"seat": 1, "token": TOKENS[1], "name": "Gina"}, "new"),
        p.RESUME: ({"seat": 1, "token": TOKENS[1], "move": move}, "new"),
        p.ACTION: ({"seat": 1, "move": move, "action": action}, "ch1"),
    }
    tried = 0
    for kind, (fields, channel) in good.items():
        for name, value, text in retyped(fields, kind):
            before = (state_digest(host.state), dict(host.channels), host.refused)
            out = host.receive(channel, text)
            assert len(out) == 1, (kind, name, value)
            reply = json.loads(out[0][1])
            assert (reply["t"], reply["code"]) == (p.ERROR, p.E_MALFORMED), (kind, name, value)
            assert (state_digest(host.state), host.channels) == before[:2], (kind, name, value)
            assert host.refused == before[2] + 1
            tried += 1
    assert tried > 100
    # The same messages with their own types are taken: the move is played.
    for kind in (p.JOIN, p.RESUME):
        fields, channel = good[kind]
        assert json.loads(host.receive(channel, p.encode(kind, fields))[0][1])["t"] == (
            p.OBSERVATION
        )
        host.disconnect(channel)
    host.receive("ch1", p.encode(p.JOIN, good[p.JOIN][0]))  # "new" had taken seat 1's place
    out = host.receive("ch1", p.encode(p.ACTION, good[p.ACTION][0]))
    assert json.loads(out[0][1])["t"] == p.ACK and len(host.state.actions) == move + 1


def test_every_field_of_a_message_to_a_guest_must_be_of_its_type():
    """Issue 44: a guest takes no observation, acknowledgement or error whose
    fields are not of their types; its screen and move number stay."""
    host, loop = setup()
    guest = loop.guests["ch1"]
    obs = json.loads(host.observation(1))["obs"]
    good = {
        p.OBSERVATION: {"seat": 1, "move": guest.move + 1, "obs": obs},
        p.ACK: {"move": guest.move},
        p.ERROR: {"code": p.E_ILLEGAL, "rule": "R-G1", "msg": "not_your_turn", "params": {}},
    }
    for kind, fields in good.items():
        for name, value, text in retyped(fields, kind):
            before = (guest.obs, guest.move, guest.acked)
            assert guest.receive(text) == p.ERROR, (kind, name, value)
            assert guest.error == {"code": p.E_MALFORMED}, (kind, name, value)
            assert (guest.obs, guest.move, guest.acked) == before, (kind, name, value)
    for kind, fields in good.items():
        assert guest.receive(p.encode(kind, fields)) == kind
    assert guest.move == good[p.OBSERVATION]["move"] and guest.acked == guest.move - 1
