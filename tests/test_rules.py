"""One test (or more) per rule of docs/rules.md (the spec); the rule ID leads each name.

tests/test_rules_spec.py checks that every rule ID of the spec has a test."""

import pytest
from enginekit import game, play_round, roll, set_rack, snapshot

import lostcode as lc
from lostcode.rules.checks import proven_range
from lostcode.rules.components import SYMBOLS, WHEELS
from lostcode.rules.observation import observe, observe_table, rack_values_in
from lostcode.rules.scoring import symbol_points
from lostcode.rules.track import behind_to_leader

# --- §1 components ---------------------------------------------------------------


def test_wheel_table_is_the_edition_table():
    assert [(w, width, vp) for w, width, vp in WHEELS] == [
        ("W1", 1, 5), ("W2", 2, 4), ("W3", 3, 3), ("W4", 4, 3),
        ("W5", 5, 2), ("W7", 7, 2), ("W10", 10, 1),
    ]  # fmt: skip


# --- §2 set-up -------------------------------------------------------------------


@pytest.mark.parametrize("players,rounds", [(2, 10), (3, 9), (4, 8)])
def test_R_S1_rounds_by_player_count(players, rounds):
    s = game(players)
    assert s.options.rounds == rounds
    assert len(s.scores) == players


@pytest.mark.parametrize("players", [0, 1, 5, "2", True])
def test_R_S1_player_count_2_to_4(players):
    with pytest.raises(lc.IllegalAction) as e:
        lc.Options(players)
    assert e.value.rule == "R-S1"


def test_R_S2_stone_pool_values_0_to_7():
    s = game(3)
    for sym in SYMBOLS:
        allv = [s.box[sym], *s.piles[sym], *(s.racks[r][sym] for r in range(4))]
        assert sorted(allv) == list(range(8))


def test_R_S2_introductory_game_has_no_bear():
    s = game(2, introductory=True)
    assert "bear" not in s.symbols and len(s.symbols) == 5
    assert all("bear" not in r for r in s.racks)
    assert "bear" not in s.piles and "bear" not in s.box


def test_R_S3_one_stone_of_each_symbol_in_the_box_unseen():
    s = game(4)
    assert set(s.box) == set(SYMBOLS)
    for viewer in (None, 0, 1, 2, 3):
        assert "box" not in observe(s, viewer)


@pytest.mark.parametrize("seed", [-1, True, 2**70, 1.5])
def test_R_S3_the_seed_is_a_whole_number_in_range(seed):
    with pytest.raises(lc.IllegalAction) as e:
        game(2, seed=seed)
    assert e.value.rule == "R-S3"


def test_R_S3_shuffle_depends_on_seed_only():
    a, b, c = game(2, seed=5), game(2, seed=5), game(2, seed=6)
    assert snapshot(a) == snapshot(b)
    assert a.racks != c.racks


@pytest.mark.parametrize("players", [2, 3, 4])
def test_R_S4_all_four_racks_filled_unowned_visible(players):
    s = game(players)
    assert all(len(r) == 6 for r in s.racks)
    obs = observe(s, 0)
    for r in range(players, 4):
        assert obs["racks"][r]["owner"] is None
        assert rack_values_in(obs, r) == [s.racks[r][sym] for sym in s.symbols]


def test_R_S5_rest_forms_face_down_piles():
    s = game(2)
    assert all(len(s.piles[sym]) == 3 for sym in SYMBOLS)
    assert all(len(game(2, high_stakes=True).piles[sym]) == 4 for sym in SYMBOLS)
    assert observe(s, 0)["piles"] == {sym: 3 for sym in SYMBOLS}


def test_R_S6_markers_start_on_0_stacked_in_random_order():
    orders = set()
    for seed in range(20):
        s = game(4, seed=seed)
        assert s.scores == [0, 0, 0, 0]
        assert sorted(s.heights) == [0, 1, 2, 3]
        orders.add(tuple(behind_to_leader(s)))
    assert len(orders) > 5


def test_R_S7_every_rack_but_your_own():
    s = game(4)
    for p in range(4):
        obs = observe(s, p)
        for r in range(4):
            if r == p:
                assert rack_values_in(obs, r) == []
            else:
                assert rack_values_in(obs, r) == [s.racks[r][sym] for sym in s.symbols]
    assert all(rack_values_in(observe(s, None), r) == [] for r in range(4))


# --- §3 a round ------------------------------------------------------------------


def test_R_R1_furthest_behind_rolls_tie_broken_by_stack():
    s = game(3, seed=2)
    top = max(range(3), key=lambda p: s.heights[p])
    assert s.roller == top and s.to_act == top
    assert lc.legal_actions(s) == [("roll",)]


def test_R_R1_roll_is_public_and_recorded():
    s = game(2)
    roll(s, "bird", "bird", "snake")
    assert s.dice == ["bird", "bird", "snake"]
    assert observe(s, None)["dice"] == ["bird", "bird", "snake"]
    assert s.log[-1]["t"] == "roll"


def test_R_R1a_introductory_bear_faces_must_be_turned():
    s = game(2, introductory=True)
    roll(s, "bear", "bird", "bear")
    assert s.phase == "bear"
    legal = lc.legal_actions(s)
    assert {a[1] for a in legal} == {0, 2}
    assert all(a[2] != "bear" for a in legal)
    with pytest.raises(lc.IllegalAction) as e:
        lc.apply_action(s, ("accept",))
    assert e.value.rule == "R-R1a"
    with pytest.raises(lc.IllegalAction) as e:
        lc.apply_action(s, ("turn_bear", 1, "snake"))
    assert e.value.rule == "R-R1a"
    lc.apply_action(s, ("turn_bear", 0, "snake"))
    lc.apply_action(s, ("turn_bear", 2, "human"))
    # forced turns are not the optional change: that still follows
    assert s.phase == "change"
    assert s.dice == ["snake", "bird", "human"]


def test_R_R1b_shortcut_offer_comes_before_the_change():
    s = game(2, shortcut=True)
    roll(s, "snake", "snake", "bird")
    assert s.phase == "offer" and s.offer_symbol == "snake"
    assert s.to_act == s.roller


def test_R_R1c_accept_or_change_exactly_one_die():
    s = game(2)
    roll(s, "jaguar", "bird", "bear")
    legal = lc.legal_actions(s)
    assert ("accept",) in legal and len(legal) == 1 + 3 * 5
    lc.apply_action(s, ("change", 2, "human"))
    assert s.dice == ["jaguar", "bird", "human"]
    assert s.phase == "guess"


def test_R_R1c_no_bear_in_introductory_change():
    s = game(2, introductory=True)
    roll(s, "jaguar", "bird", "snake")
    with pytest.raises(lc.IllegalAction) as e:
        lc.apply_action(s, ("change", 0, "bear"))
    assert e.value.rule == "R-R1c"


def test_R_G1_order_and_one_wheel_each():
    s = game(3, seed=3)
    roll(s, "jaguar", "bird", "bear")
    lc.apply_action(s, ("accept",))
    order = behind_to_leader(s)
    assert s.queue == order
    lc.apply_action(s, ("guess", "W5", 3))
    with pytest.raises(lc.IllegalAction) as e:
        lc.apply_action(s, ("guess", "W5", 4))
    assert e.value.rule == "R-G1"
    assert all(a[1] != "W5" for a in lc.legal_actions(s))


def test_R_G2_sum_counts_repeated_symbols():
    s = game(2)
    p = s.roller
    set_rack(s, p, bird=4, snake=1)
    roll(s, "bird", "bird", "snake")
    lc.apply_action(s, ("pass",)) if s.phase == "offer" else None
    play_round(s, {p: ("W1", 9), 1 - p: ("W10", 0)})
    g = next(g for g in s.history[0]["guesses"] if g["player"] == p)
    assert g["result"] == "correct"


def test_R_G3_range_wholly_on_the_ring():
    s = game(2)
    roll(s, "jaguar", "bird", "bear")
    lc.apply_action(s, ("accept",))
    before = snapshot(s)
    with pytest.raises(lc.IllegalAction) as e:
        lc.apply_action(s, ("guess", "W7", 17))
    assert e.value.rule == "R-G3"
    assert str(e.value) == (
        "R-G3: the 7-wide wheel cannot start at 17 — its range would end at 23, past 21"
    )
    with pytest.raises(lc.IllegalAction):
        lc.apply_action(s, ("guess", "W1", -1))
    assert snapshot(s) == before
    assert max(a[2] for a in lc.legal_actions(s) if a[1] == "W10") == 12
    lc.apply_action(s, ("guess", "W7", 15))


def _one_check(wheel, low, total_parts, **flags):
    """Roller guesses wheel/low with bird+bird+snake summing from total_parts."""
    s = game(2, seed=4, **flags)
    p = s.roller
    bird, snake = total_parts
    set_rack(s, p, bird=bird, snake=snake)
    roll(s, "bird", "bird", "snake")
    if s.phase == "offer":
        lc.apply_action(s, ("pass",))
        lc.apply_action(s, ("pass",))
    other_wheel = "W10" if wheel != "W10" else "W7"
    play_round(s, {p: (wheel, low), 1 - p: (other_wheel, 0)}, stop_at_replace=True)
    g = next(g for g in s.history[0]["guesses"] if g["player"] == p)
    return s, p, g


def test_R_C1_correct_gains_vp_and_goes_on_top():
    s, p, g = _one_check("W5", 1, (1, 1))  # sum 3 in 1-5
    assert g["result"] == "correct" and s.scores[p] == 2
    q = 1 - p
    if s.scores[q] == 2:
        assert s.heights[p] != s.heights[q]


def test_R_C1_arriving_on_occupied_space_goes_on_top():
    s = game(2, seed=9)
    a = s.roller
    b = 1 - a
    set_rack(s, a, bird=1, snake=1)
    set_rack(s, b, bird=2, snake=2)
    roll(s, "bird", "bird", "snake")
    play_round(s, {a: ("W3", 2), b: ("W4", 5)})
    # a checks first (order), both gain 3: b arrived last so b is on top
    assert s.scores == [3, 3]
    assert s.heights[b] > s.heights[a]
    assert behind_to_leader(s)[0] == b  # higher in the stack = further behind


@pytest.mark.parametrize(
    "wheel,low,parts,result",
    [("W5", 10, (1, 1), "lower"), ("W5", 0, (4, 3), "higher"), ("W1", 0, (4, 3), "wrong")],
)
def test_R_C2_wrong_answers_lower_higher_or_just_wrong(wheel, low, parts, result):
    s, p, g = _one_check(wheel, low, parts)
    assert g["result"] == result
    assert s.scores[p] == 0
    assert p in s.wrong


def test_R_C2_proven_ranges():
    assert proven_range("correct", "W5", 1, 21) == (1, 5)
    assert proven_range("lower", "W2", 20, 21) == (0, 19)  # EX2
    assert proven_range("higher", "W3", 4, 21) == (7, 21)
    assert proven_range("wrong", "W1", 4, 21) is None


def test_R_P1_wrong_players_replace_in_order_after_checks():
    s = game(3, seed=11)
    for p in range(3):
        set_rack(s, p, jaguar=7)
    roll(s, "jaguar", "jaguar", "jaguar")
    lc.apply_action(s, ("accept",))
    order = list(s.queue)
    for p in order:
        lc.apply_action(s, ("guess", ["W1", "W2", "W3"][order.index(p)], 0))
    assert s.phase == "replace"
    assert s.queue == [p for p in behind_to_leader(s) if p in s.wrong]
    assert sorted(s.queue) == [0, 1, 2]


def test_R_P2_choose_a_symbol_with_a_pile_and_skip_when_all_empty():
    s, p, g = _one_check("W5", 10, (1, 1))
    assert s.to_act == p
    s.piles["snake"] = []
    assert ("discard", "snake") not in lc.legal_actions(s)
    before = snapshot(s)
    with pytest.raises(lc.IllegalAction) as e:
        lc.apply_action(s, ("discard", "snake"))
    assert e.value.rule == "R-P2"
    assert snapshot(s) == before
    with pytest.raises(lc.IllegalAction) as e:
        lc.apply_action(s, ("accept",))
    assert e.value.rule == "R-P1"


def test_R_P2_step_skipped_when_every_pile_is_empty():
    s = game(2, seed=4)
    for sym in SYMBOLS:
        s.piles[sym] = []
        s.box[sym] = None
    p = s.roller
    roll(s, "bird", "bird", "snake")
    lc.apply_action(s, ("accept",))
    lc.apply_action(s, ("guess", "W1", 0))
    lc.apply_action(s, ("guess", "W2", 0))
    assert s.round == 2 and s.phase == "roll"
    assert any(e["t"] == "replace_skipped" and e["player"] == p for e in s.log)


def test_R_P3_discard_public_new_stone_hidden_from_owner():
    s, p, g = _one_check("W5", 10, (1, 1))
    top = s.piles["bird"][-1]
    lc.apply_action(s, ("discard", "bird"))
    assert s.discards[p][-1] == {"round": 1, "symbol": "bird", "value": 1}
    assert s.racks[p]["bird"] == top
    for viewer in (None, p, 1 - p):
        assert observe(s, viewer)["discards"][p][-1]["value"] == 1
    assert observe(s, p)["racks"][p]["stones"]["bird"] is None
    assert observe(s, 1 - p)["racks"][p]["stones"]["bird"] == top
    assert observe(s, None)["racks"][p]["stones"]["bird"] is None


# --- §4 end of game ---------------------------------------------------------------


def _to_final(players=2, **flags):
    s = game(players, seed=21, **flags)
    while s.phase != "final":
        lc.apply_action(s, lc.legal_actions(s)[0])
    return s


def test_R_E1_final_candidates_0_to_3_distinct():
    s = _to_final()
    p = s.to_act
    legal = lc.legal_actions(s)
    assert legal[0] == ("final", "jaguar", ())
    assert len(legal) == 1 + 8 + 28 + 56
    before = snapshot(s)
    for bad in [("final", "jaguar", (1, 1)), ("final", "jaguar", (1, 2, 3, 4)),
                ("final", "jaguar", (9,)), ("final", "bird", (1,))]:  # fmt: skip
        with pytest.raises(lc.IllegalAction) as e:
            lc.apply_action(s, bad)
        assert e.value.rule == "R-E1"
    assert snapshot(s) == before
    lc.apply_action(s, ("final", "jaguar", (2, 1)))
    assert s.final[p]["jaguar"] == (1, 2)


def test_R_E2_points_by_candidate_count():
    assert [symbol_points(c, 3, False) for c in [(3,), (1, 3), (1, 2, 3), (1,), ()]] == [
        5, 2, 1, -2, -2,
    ]  # fmt: skip


def test_R_E3_totals_applied_from_behind_may_go_negative():
    s = _to_final()
    order = behind_to_leader(s)
    before = list(s.scores)
    while s.phase == "final":
        lc.apply_action(s, ("final", lc.legal_actions(s)[0][1], ()))
    finals = [e for e in s.score_events if e[2] == "final"]
    assert [e[0] for e in finals] == order
    assert all(e[1] == -12 for e in finals)
    assert all(row["final_total"] == -12 for row in s.result["players"])
    assert s.scores == [sc - 12 for sc in before]
    assert min(s.scores) < 0  # [edition] scores may go below 0


def test_R_E4_highest_wins_tie_to_lowest_in_stack():
    s2 = _to_final()
    s2.scores = [0, 0]
    while s2.phase == "final":
        lc.apply_action(s2, ("final", lc.legal_actions(s2)[0][1], ()))
    assert s2.result["tie"]
    a, b = s2.result["tied"]
    winner = s2.result["winner"]
    loser = a if winner == b else b
    assert s2.heights[winner] < s2.heights[loser]


def test_R_E4_game_over_rejects_actions():
    s = _to_final()
    while s.phase == "final":
        lc.apply_action(s, ("final", lc.legal_actions(s)[0][1], ()))
    assert lc.is_over(s) and lc.legal_actions(s) == []
    with pytest.raises(lc.IllegalAction) as e:
        lc.apply_action(s, ("roll",))
    assert e.value.rule == "R-E4"


def test_R_S7_every_rack_is_face_up_once_the_game_is_over():
    """docs/rules.md, edition choices: "At the end of the game all racks are
    revealed" (the one line without an ID of its own; R-S7 says what each
    player may know). The engine's observation turns them, for every viewer
    and the table; until the last final candidate nobody sees their own."""
    s = _to_final()
    humans = [0, 1]
    while s.phase == "final":
        for p in range(2):
            assert rack_values_in(observe(s, p), p) == []
        assert all(rack_values_in(observe(s, None), r) == [] for r in range(4))
        lc.apply_action(s, ("final", lc.legal_actions(s)[0][1], ()))
    assert lc.is_over(s)
    for viewer in (None, 0, 1):
        for r in range(4):
            assert rack_values_in(observe(s, viewer), r) == list(s.racks[r].values())
    assert observe_table(s, humans)["racks"] == observe(s, None)["racks"]
    # The view just before the racks are turned (a computer's last moves, told first).
    before = observe(s, 0, reveal_end=False)
    assert rack_values_in(before, 0) == [] and rack_values_in(before, 1)
    assert rack_values_in(observe_table(s, humans, reveal_end=False), 1) == []


# --- §5 variants and expansions ---------------------------------------------------


def test_R_V1_high_stakes_values_0_to_8_ring_0_to_24():
    s = game(2, high_stakes=True)
    assert sorted([s.box["bird"], *s.piles["bird"], *(s.racks[r]["bird"] for r in range(4))]) == (
        list(range(9))
    )
    roll(s, "jaguar", "bird", "bear")
    lc.apply_action(s, ("accept",))
    lc.apply_action(s, ("guess", "W7", 18))  # 18-24 fits the 0-24 side
    with pytest.raises(lc.IllegalAction) as e:
        lc.apply_action(s, ("guess", "W10", 16))
    assert "past 24" in str(e.value)


def test_R_V2_introductory_final_uses_five_symbols():
    s = _to_final(introductory=True)
    syms = []
    p = s.to_act
    while s.to_act == p:
        a = lc.legal_actions(s)[0]
        syms.append(a[1])
        lc.apply_action(s, a)
    assert syms == ["jaguar", "bird", "chameleon", "snake", "human"]


def test_R_X2_six_shortcut_tokens_one_per_symbol_only_with_the_expansion():
    s = game(2, shortcut=True)
    assert sorted(s.tokens) == sorted(SYMBOLS) and len(s.tokens) == 6
    assert not game(2).tokens


def test_R_X2a_offer_from_roller_towards_leader_at_most_one_taker():
    s = game(3, seed=5, shortcut=True)
    roll(s, "human", "bird", "human")
    assert s.phase == "offer" and s.queue == behind_to_leader(s)
    first = s.to_act
    with pytest.raises(lc.IllegalAction) as e:  # a pass says nothing more
        lc.apply_action(s, ("pass", 1))
    assert e.value.rule == "R-X2a"
    lc.apply_action(s, ("pass",))
    second = s.to_act
    assert second != first
    lc.apply_action(s, ("take",))
    assert s.phase == "shortcut" and s.to_act == second
    lc.apply_action(s, ("shortcut", (3, 4)))
    assert s.phase == "change" and s.token_holder["human"] == second
    # the token is gone from the offer: a second double human offers nothing
    play_round(s, {p: (w, 0) for p, w in zip(range(3), ["W1", "W2", "W3"], strict=True)})
    roll(s, "human", "human", "human")
    assert s.phase == "change"


def test_R_X2a_no_bear_token_in_introductory_game():
    s = game(2, introductory=True, shortcut=True)
    assert "bear" not in s.tokens


def test_R_X2b_candidates_written_at_once_and_final():
    s = game(2, seed=5, shortcut=True)
    roll(s, "snake", "snake", "bird")
    lc.apply_action(s, ("take",))
    taker = s.to_act
    with pytest.raises(lc.IllegalAction) as e:
        lc.apply_action(s, ("shortcut", ()))
    assert e.value.rule == "R-X2b"
    with pytest.raises(lc.IllegalAction) as e:  # the candidates missing
        lc.apply_action(s, ("shortcut",))
    assert e.value.rule == "R-X2b"
    lc.apply_action(s, ("shortcut", (5,)))
    assert observe(s, taker)["my_tokens"] == {"snake": [5]}
    assert observe(s, 1 - taker)["my_tokens"] == {}
    assert observe(s, None)["tokens"]["snake"] == {"state": "taken", "holder": taker}
    while s.phase != "final":
        lc.apply_action(s, lc.legal_actions(s)[0])
    while s.to_act != taker:
        lc.apply_action(s, lc.legal_actions(s)[0])
    with pytest.raises(lc.IllegalAction):
        lc.apply_action(s, ("final", "snake", (1,)))
    assert all(a[1] != "snake" for a in lc.legal_actions(s))


def test_R_X2c_shortcut_symbol_scores_double():
    assert [symbol_points(c, 1, True) for c in [(1,), (1, 2), (1, 2, 3), (4,)]] == [10, 4, 2, -4]


@pytest.mark.parametrize("players,last", [(2, 7), (3, 6), (4, 5)])
def test_R_X2d_tokens_leave_before_the_last_three_rounds(players, last):
    s = game(players, seed=8, shortcut=True)
    while s.round <= last:
        if s.phase == "offer":
            lc.apply_action(s, ("pass",))
        else:
            lc.apply_action(s, lc.legal_actions(s)[0])
    assert all(v == "gone" for v in s.tokens.values())
    roll(s, "bird", "bird", "bird")
    assert s.phase == "change"


def _curse_game():
    s = game(2, seed=12, curse=True)
    a = s.roller
    b = 1 - a
    return s, a, b


def test_R_X3a_first_to_reach_7_takes_the_curse():
    s, a, b = _curse_game()
    s.scores = [5, 5]
    set_rack(s, a, bird=1, snake=1)
    set_rack(s, b, bird=2, snake=2)
    roll(s, "bird", "bird", "snake")
    play_round(s, {a: ("W3", 2), b: ("W2", 6)})
    # a checks first and reaches 8; b reaches 9 afterwards and leads: R-X3c passes it
    assert any(e["t"] == "curse_taken" and e["player"] == a for e in s.log)
    assert s.curse == "taken" and s.curse_holder == b


def _curse_round(s, a, b, guesses):
    """a's bird+bird+snake sums to 3, b's to 6."""
    set_rack(s, a, bird=1, snake=1)
    set_rack(s, b, bird=2, snake=2)
    roll(s, "bird", "bird", "snake")
    play_round(s, guesses)


def test_R_X3b_cursed_wrong_loses_vp_and_gains_from_others_misses():
    s, a, b = _curse_game()
    s.curse, s.curse_holder = "taken", a
    s.scores = [10, 10]
    _curse_round(s, a, b, {a: ("W5", 10), b: ("W3", 10)})
    assert s.scores[a] == 10 - 2 + 1
    assert s.scores[b] == 10
    assert sorted(e[2] for e in s.score_events) == ["curse", "curse_bonus"]


def test_R_X3b_cursed_and_correct_scores_as_usual():
    s, a, b = _curse_game()
    s.curse, s.curse_holder = "taken", a
    _curse_round(s, a, b, {a: ("W5", 0), b: ("W3", 5)})
    assert s.scores[a] == 2 and s.scores[b] == 3


def test_R_X3c_leaves_at_13_else_passes_to_leader():
    s, a, b = _curse_game()
    s.curse, s.curse_holder = "taken", a
    s.scores = [11, 3] if a == 0 else [3, 11]
    _curse_round(s, a, b, {a: ("W1", 3), b: ("W10", 10)})
    assert s.scores[a] == 11 + 5 + 1 and s.curse == "gone"

    s, a, b = _curse_game()
    s.curse, s.curse_holder = "taken", a
    s.scores = [2, 6] if a == 0 else [6, 2]
    _curse_round(s, a, b, {a: ("W10", 12), b: ("W3", 12)})
    assert s.scores[a] == 2 - 1 + 1
    assert s.curse == "taken" and s.curse_holder == b  # the leader, though below 7


def test_R_X3_edition_effects_start_with_the_next_check_phase():
    s, a, b = _curse_game()
    s.scores = [6, 6]
    _curse_round(s, a, b, {a: ("W5", 0), b: ("W3", 10)})
    # a took the curse mid-phase: b's miss in the same phase gives a nothing
    assert s.curse_holder == a and s.scores[a] == 8 and s.scores[b] == 6
    # from the next check phase on, b's miss gives a +1
    _curse_round(s, a, b, {a: ("W5", 0), b: ("W3", 10)})
    assert s.scores[a] == 8 + 2 + 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_R_X3d_curse_leaves_before_the_last_round(players):
    s = game(players, seed=3, curse=True)
    s.curse, s.curse_holder = "taken", 0
    while s.round < s.options.rounds:
        lc.apply_action(s, lc.legal_actions(s)[0])
    assert s.curse == "gone"


# --- §6 rulebook examples ---------------------------------------------------------


def test_EX1_width_5_correct_gains_2():
    s, p, g = _one_check("W5", 1, (1, 1))
    assert (g["low"], g["high"], g["result"]) == (1, 5, "correct") and s.scores[p] == 2


def test_EX2_20_21_lower_proves_0_to_19():
    s, p, g = _one_check("W2", 20, (1, 1))
    assert g["result"] == "lower" and s.scores[p] == 0
    assert proven_range(g["result"], g["wheel"], g["low"], 21) == (0, 19)


def test_EX3_final_guesses_score_13():
    s = _to_final()
    p = s.to_act
    truth = s.racks[p]

    def two(v):  # noqa: E306
        return (v, (v + 1) % 8)

    writes = {
        "jaguar": (truth["jaguar"],), "bird": two(truth["bird"]),
        "bear": ((truth["bear"] + 1) % 8,), "chameleon": two(truth["chameleon"]),
        "snake": (truth["snake"], (truth["snake"] + 1) % 8, (truth["snake"] + 2) % 8),
        "human": (truth["human"],),
    }  # fmt: skip
    for sym in SYMBOLS:
        lc.apply_action(s, ("final", sym, writes[sym]))
    while s.phase == "final":
        lc.apply_action(s, ("final", lc.legal_actions(s)[0][1], ()))
    row = s.result["players"][p]
    assert row["final_total"] == 2 + 2 + 1 + 5 + 5 - 2 == 13


def test_EX4_chameleon_shortcut_1_2_true_1_scores_4():
    assert symbol_points((1, 2), 1, True) == 4


# --- bad input ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "action,rule",
    [
        (("accept",), "R-R1"), (("guess", "W1", 0), "R-R1"), (("dance",), "R-R1"),
        ((), "R-0"), ("roll", "R-0"), (None, "R-0"),
    ],
)  # fmt: skip
def test_bad_actions_in_roll_phase_rejected_state_unchanged(action, rule):
    s = game(2)
    before = snapshot(s)
    with pytest.raises(lc.IllegalAction) as e:
        lc.apply_action(s, action)
    assert e.value.rule == rule
    assert snapshot(s) == before


@pytest.mark.parametrize(
    "action,rule",
    [
        (("change", 3, "bird"), "R-R1c"), (("change", True, "bird"), "R-R1c"),
        (("change", 0, "dragon"), "R-R1c"), (("change", 0, "jaguar"), "R-R1c"),
        (("change", 0), "R-R1c"), (("change", [0], {}), "R-R1c"), (("roll",), "R-R1c"),
    ],
)  # fmt: skip
def test_bad_actions_in_change_phase_rejected_state_unchanged(action, rule):
    s = game(2)
    roll(s, "jaguar", "bird", "bear")
    before = snapshot(s)
    with pytest.raises(lc.IllegalAction) as e:
        lc.apply_action(s, action)
    assert e.value.rule == rule
    assert snapshot(s) == before


@pytest.mark.parametrize(
    "action,rule",
    [
        (("guess", "W6", 0), "R-G1"), (("guess", "W5", 18), "R-G3"), (("guess", "W5", "3"), "R-G3"),
        (("guess", "W5", -2), "R-G3"), (("guess", "W5", 2.5), "R-G3"), (("guess",), "R-G1"),
        (("guess", ["W5"], 0), "R-G1"),
    ],
)  # fmt: skip
def test_bad_guesses_rejected_state_unchanged(action, rule):
    s = game(2)
    roll(s, "jaguar", "bird", "bear")
    lc.apply_action(s, ("accept",))
    before = snapshot(s)
    with pytest.raises(lc.IllegalAction) as e:
        lc.apply_action(s, action)
    assert e.value.rule == rule
    assert snapshot(s) == before


def test_wrong_player_rejected():
    s = game(2)
    with pytest.raises(lc.IllegalAction) as e:
        lc.apply_action(s, ("roll",), player=1 - s.to_act)
    assert "turn" in str(e.value)


def test_bad_offer_and_shortcut_answers_rejected():
    s = game(2, seed=5, shortcut=True)
    roll(s, "snake", "snake", "bird")
    before = snapshot(s)
    for bad in [("accept",), ("take", 1), ("shortcut", (1,))]:
        with pytest.raises(lc.IllegalAction) as e:
            lc.apply_action(s, bad)
        assert e.value.rule == "R-X2a"
    assert snapshot(s) == before
    lc.apply_action(s, ("take",))
    before = snapshot(s)
    for bad in [("shortcut", (1, 2, 3, 4)), ("shortcut", (8,)), ("shortcut", "12"), ("pass",)]:
        with pytest.raises(lc.IllegalAction) as e:
            lc.apply_action(s, bad)
        assert e.value.rule in ("R-X2b",)
    assert snapshot(s) == before
