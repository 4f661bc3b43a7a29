"""«Тайные камни» held to its rules: one test (at least) per rule ID of
docs/stones-rules.md, named after it (S-A3a -> ..._S_A3a_...), and the
engine's guarantees (an illegal action names its rule and changes nothing,
the observation hides every hand but the viewer's, records replay)."""

import json

import pytest

from lostcode.rules.errors import IllegalAction, RecordError
from lostcode.rules.rng import Rng
from lostcode.stones import cards
from lostcode.stones.engine import apply_action, legal_actions
from lostcode.stones.grid import counts, random_grid, rings, steps
from lostcode.stones.moves import scores
from lostcode.stones.observation import observe
from lostcode.stones.patterns import compile_pattern, rows_of, shows
from lostcode.stones.record import replay, to_record
from lostcode.stones.rulecheck import problems
from lostcode.stones.state import Options, new_game
from lostcode.stones.vocab import ADJACENT, BACK, PHASE_END, TILES

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed"]


def game(n=2, seed=1, finish_round=False):
    return new_game(Options(n, finish_round), seed, NAMES[:n])


def snapshot(s):
    return (s.grid, [list(h) for h in s.hands], [list(d) for d in s.done], list(s.deck),
            list(s.discard), s.to_act, s.acted, s.phase, s.penalties, list(s.skipped))  # fmt: skip


def refused(s, action, rule):
    before = snapshot(s)
    with pytest.raises(IllegalAction) as e:
        apply_action(s, action)
    assert e.value.rule == rule, e.value
    assert snapshot(s) == before
    return e.value


def set_hand(s, p, hand):
    """Put exactly these cards in p's hand (taken from wherever they are)."""
    for c in s.hands[p]:
        s.deck.insert(0, c)
    s.hands[p] = []
    for c in hand:
        for pile in [s.deck, s.discard] + s.hands:
            if c in pile:
                pile.remove(c)
        s.hands[p].append(c)


def card_with(pattern):
    return next(c for c, _p, pat in cards.DECK if pat == pattern)


# -- components ---------------------------------------------------------------


def test_S_C1_nine_tiles_two_pictures_each_and_the_aid_says_the_back():
    kinds = sorted(t[0] for t in TILES)
    assert kinds == sorted("S" + "FF" + "HHH" + "EEE")
    for front, back in TILES:
        assert BACK[front] == back and BACK[back] == front
    rng = Rng(5)
    for _ in range(50):
        assert counts(random_grid(rng)) == {"S": 1, "F": 2, "H": 3, "E": 3}


def test_S_C2_seventy_two_cards_to_the_published_counts():
    by_points = {}
    for _cid, pts, pat in cards.DECK:
        by_points[pts] = by_points.get(pts, 0) + 1
        rows = rows_of(pat)
        assert len(rows) <= 3 and len(rows[0]) <= 3
    assert by_points == {1: 28, 2: 26, 3: 13, 5: 5}
    assert len(cards.CARD_IDS) == len(set(cards.CARD_IDS)) == 72
    assert len({pat for _c, _p, pat in cards.DECK}) == 72
    # the rulebook's three examples are in the deck
    assert ".../.H./..." in cards.PATTERN.values() and ".BH" in cards.PATTERN.values()


def test_S_C2_points_follow_difficulty_on_a_sample(tmp_path):
    """tools/stones_cards.py's check on a small seeded sample: the mean
    difficulty of each points value is below the next one's."""
    import sys

    from helpers import ROOT

    sys.path.insert(0, str(ROOT / "tools"))
    import stones_cards

    rows = stones_cards.table(stones_cards.sample(120, 2021))
    means = {}
    for row in rows:
        means.setdefault(row[1], []).append(row[3])
    m = [sum(v) / len(v) for _k, v in sorted(means.items())]
    assert m == sorted(m) and len(set(m)) == 4


def test_S_C3_the_dark_aid_marks_the_first_player_for_everybody():
    s = game(3, seed=8)
    for viewer in (None, 0, 1, 2):
        assert observe(s, viewer)["first"] == s.first
    assert s.to_act == s.first


# -- set-up -------------------------------------------------------------------


def test_S_S1_the_grid_is_the_nine_tiles_on_random_sides_from_the_seed():
    grids = {game(2, seed).grid for seed in range(40)}
    assert len(grids) > 30
    assert game(2, 7).grid == game(2, 7).grid
    for g in grids:
        assert counts(g) == {"S": 1, "F": 2, "H": 3, "E": 3}


def test_S_S2_four_cards_each_the_rest_is_the_deck():
    for n in (2, 3, 4, 5):
        s = game(n, seed=n)
        assert all(len(h) == 4 for h in s.hands)
        assert len(s.deck) == 72 - 4 * n and s.discard == []
        assert not problems(s)


def test_S_S3_first_player_drawn_from_the_seed_and_turns_go_clockwise():
    firsts = {game(4, seed).first for seed in range(30)}
    assert firsts == {0, 1, 2, 3}
    s = game(3, seed=2)
    order = []
    for _ in range(4):
        order.append(s.to_act)
        apply_action(s, ("end",))
    f = s.first
    assert order == [f, (f + 1) % 3, (f + 2) % 3, f]


# -- a turn -------------------------------------------------------------------


def test_S_A1_swap_discards_a_card_and_swaps_neighbours_only():
    s = game(2, seed=3)
    p = s.to_act
    card = s.hands[p][0]
    g = s.grid
    apply_action(s, ("swap", card, 0, 1))
    assert s.grid == g[1] + g[0] + g[2:]
    assert card not in s.hands[p] and s.discard[-1] == card
    assert set(ADJACENT) == {(0, 1), (1, 2), (3, 4), (4, 5), (6, 7), (7, 8),
                             (0, 3), (1, 4), (2, 5), (3, 6), (4, 7), (5, 8)}  # fmt: skip
    refused(s, ("swap", s.hands[p][0], 0, 4), "S-A1")  # diagonal
    refused(s, ("swap", s.hands[p][0], 0, 2), "S-A1")  # not touching
    refused(s, ("swap", 999, 0, 1), "S-A1")  # not in hand
    refused(s, ("swap", s.hands[p][0], True, 1), "S-A1")


def test_S_A2_flip_discards_a_card_and_turns_a_tile_to_its_back():
    s = game(2, seed=4)
    p = s.to_act
    card = s.hands[p][1]
    g = s.grid
    apply_action(s, ("flip", card, 4))
    assert s.grid[4] == BACK[g[4]] and s.grid[:4] + s.grid[5:] == g[:4] + g[5:]
    assert s.discard == [card]
    refused(s, ("flip", s.hands[p][0], 9), "S-A2")
    refused(s, ("flip", card, 3), "S-A2")  # already discarded


def test_S_A3_complete_when_the_grid_shows_the_pattern_unrotated():
    s = game(2, seed=5)
    p = s.to_act
    s.grid = "HEOTHSFBE"  # H E O / T H S / F B E
    he, eh, th = card_with("HE"), card_with("EH"), card_with("TH")
    centre = card_with(".../.H./...")
    set_hand(s, p, [he, eh, th, centre])
    legal = {a for a in legal_actions(s) if a[0] == "complete"}
    assert legal == {("complete", he), ("complete", th), ("complete", centre)}
    refused(s, ("complete", eh), "S-A3")  # only mirrored: no
    apply_action(s, ("complete", he))
    assert s.done[p] == [he] and he not in s.hands[p]
    # a smaller pattern sits anywhere; a 3x3 one is fixed
    assert shows(compile_pattern("FB"), "HEOTHSFBE")
    assert not shows(compile_pattern(".../.../FB."), "HEOTHSFBE".replace("FB", "BF"))
    assert shows(compile_pattern(".../.../FB."), "HEOTHSFBE")
    assert not shows(compile_pattern("FB./.../..."), "HEOTHSFBE")


def test_S_A3a_a_card_scores_once_even_if_it_shows_twice():
    s = game(2, seed=6)
    p = s.to_act
    s.grid = "HEHEHEFBS"  # "HE" shows three times
    he = card_with("HE")
    set_hand(s, p, [he])
    apply_action(s, ("complete", he))
    assert s.done[p].count(he) == 1
    assert scores(s)[0][p] == 1 + 3  # its point, and the 1-point bonus


def test_S_A3b_a_completed_card_is_kept_and_leaves_the_hand():
    s = game(2, seed=7)
    p = s.to_act
    s.grid = "HEOTHSFBE"
    he = card_with("HE")
    set_hand(s, p, [he, 1, 2, 3])
    apply_action(s, ("complete", he))
    apply_action(s, ("swap", 1, 0, 1))  # the grid no longer shows it
    assert not shows(cards.PLACEMENTS[he], s.grid)
    assert he in s.done[p]
    apply_action(s, ("end",))
    assert len(s.hands[p]) == 4 and he not in s.hands[p]  # drew back up to 4, not counting it


def test_S_A4_end_draws_back_to_four_and_reshuffles_the_discards():
    s = game(2, seed=8)
    p = s.to_act
    apply_action(s, ("flip", s.hands[p][0], 0))
    apply_action(s, ("flip", s.hands[p][0], 0))
    apply_action(s, ("end",))
    assert len(s.hands[p]) == 4 and s.to_act == 1 - p
    # an empty deck: the discard pile is shuffled into a new deck
    q = s.to_act
    s.discard = s.discard + s.deck[:-2]
    s.deck = s.deck[-2:]
    for _ in range(3):
        apply_action(s, ("flip", s.hands[q][0], 1))
    apply_action(s, ("end",))
    assert len(s.hands[q]) == 4 and s.deck and not problems(s)


def test_S_A5_skip_draws_two_never_twice_in_a_row_never_after_an_action():
    s = game(2, seed=9)
    p = s.to_act
    apply_action(s, ("skip",))
    assert len(s.hands[p]) == 6
    apply_action(s, ("end",))  # the other player
    assert ("skip",) not in legal_actions(s)
    refused(s, ("skip",), "S-A5")
    apply_action(s, ("end",))
    q = s.to_act
    apply_action(s, ("flip", s.hands[q][0], 2))
    refused(s, ("skip",), "S-A5")
    apply_action(s, ("end",))
    apply_action(s, ("skip",))  # p again, after a turn that was not a skip
    assert len(s.hands[p]) == 6  # never past 6


def test_S_A6_a_turn_may_end_at_once_and_an_empty_hand_can_only_end():
    s = game(2, seed=10)
    assert ("end",) in legal_actions(s)
    p = s.to_act
    set_hand(s, p, [])
    s.skipped[p] = True
    assert legal_actions(s) == [("end",)]


# -- end and scoring ----------------------------------------------------------


@pytest.mark.parametrize("n,goal", [(2, 10), (3, 9), (4, 8), (5, 7)])
def test_S_E1_the_game_ends_at_once_at_the_goal_count(n, goal):
    s = game(n, seed=11)
    p = s.to_act
    s.done[p] = [c for c in range(1, goal)]
    for c in s.done[p]:
        for pile in [s.deck] + s.hands:
            if c in pile:
                pile.remove(c)
    s.grid = "HEOTHSFBE"
    he = card_with("HE")
    set_hand(s, p, [he])
    apply_action(s, ("complete", he))
    assert s.phase == PHASE_END and s.to_act is None
    refused(s, ("end",), "S-E1")


def test_S_E1_the_option_finishes_the_round():
    s = game(3, seed=12, finish_round=True)
    p = s.to_act
    s.done[p] = list(range(1, 9))
    for c in s.done[p]:
        for pile in [s.deck] + s.hands:
            if c in pile:
                pile.remove(c)
    s.grid = "HEOTHSFBE"
    set_hand(s, p, [card_with("HE")])
    apply_action(s, ("complete", card_with("HE")))
    assert s.phase != PHASE_END and s.last_round
    turns = 0
    while s.phase != PHASE_END:
        apply_action(s, ("end",))
        turns += 1
    assert turns == 3 - (p - s.first) % 3


def test_S_E2_points_plus_three_for_most_one_point_cards_ties_share():
    s = game(3, seed=13)
    ones = [c for c in cards.CARD_IDS if cards.POINTS[c] == 1]
    fives = [c for c in cards.CARD_IDS if cards.POINTS[c] == 5]
    s.done = [[ones[0], ones[1]], [ones[2], ones[3], fives[0]], [fives[1]]]
    points, bonus = scores(s)
    assert bonus == [True, True, False]
    assert points == [2 + 3, 7 + 3, 5]
    s.done = [[fives[0]], [], []]
    assert scores(s) == ([5, 0, 0], [False, False, False])


def test_S_E3_most_points_wins_and_ties_all_win():
    from lostcode.stones.moves import finish

    ones = [c for c in cards.CARD_IDS if cards.POINTS[c] == 1]
    t = game(3, seed=14)
    t.done = [[ones[0]], [ones[1]], [30]]  # 1+3, 1+3, 2
    finish(t)
    assert t.result["winners"] == [0, 1] and t.phase == PHASE_END
    u = game(2, seed=15)
    u.done = [[68], [ones[0]]]  # 5 against 1+3
    finish(u)
    assert u.result["winners"] == [0] and u.result["scores"] == [5, 4]


# -- solo ---------------------------------------------------------------------


def test_S_O1_solo_deck_is_sixteen_cards_by_points():
    for seed in range(20):
        s = game(1, seed)
        everything = s.deck + s.hands[0]
        assert len(s.hands[0]) == 4 and len(everything) == 16
        by = {}
        for c in everything:
            by[cards.POINTS[c]] = by.get(cards.POINTS[c], 0) + 1
        assert by == {1: 8, 2: 4, 3: 3, 5: 1}
    assert len({tuple(sorted(game(1, k).deck)) for k in range(10)}) == 10


def test_S_O2_a_turn_with_no_goal_is_a_penalty_and_so_is_a_skip():
    s = game(1, seed=15)
    apply_action(s, ("end",))
    assert s.penalties == 1
    apply_action(s, ("skip",))
    assert s.penalties == 2
    s.grid = "HEOTHSFBE"
    set_hand(s, 0, [card_with("HE")])
    apply_action(s, ("complete", card_with("HE")))
    apply_action(s, ("end",))
    assert s.penalties == 2


def test_S_O3_fourth_penalty_loses_all_sixteen_wins_hand_shrinks():
    s = game(1, seed=16)
    for _ in range(4):
        apply_action(s, ("end",))
    assert s.phase == PHASE_END and s.result["solo"] == "lost" and s.result["winners"] == []
    t = game(1, seed=17)
    t.done[0] = list(t.deck)
    t.deck = []
    t.grid = "HEOTHSFBE"
    last = t.hands[0][:]
    set_hand(t, 0, [card_with("HE")])
    t.done[0] = [c for c in t.done[0] + last if c != card_with("HE")][:15]
    t.deck = []
    apply_action(t, ("complete", card_with("HE")))
    assert t.result["solo"] == "won" and t.result["winners"] == [0]
    u = game(1, seed=18)
    u.deck = u.deck[:1]
    apply_action(u, ("flip", u.hands[0][0], 0))
    apply_action(u, ("flip", u.hands[0][0], 0))
    apply_action(u, ("end",))
    assert len(u.hands[0]) == 3 and u.deck == []


def test_S_O3_the_cards_running_out_before_the_fourth_penalty_wins():
    """S-O3 [edition]: the deck empty and the hand's last card spent (or
    completed) before the 4th penalty: won, whatever was completed."""
    s = game(1, seed=19)
    set_hand(s, 0, s.hands[0][:2])
    s.deck = []
    apply_action(s, ("end",))  # a penalty: 1 of 4
    apply_action(s, ("flip", s.hands[0][0], 0))
    assert s.phase != PHASE_END and len(s.hands[0]) == 1
    apply_action(s, ("swap", s.hands[0][0], 0, 1))
    assert s.phase == PHASE_END and s.result["solo"] == "won" and s.result["winners"] == [0]
    t = game(1, seed=20)
    set_hand(t, 0, t.hands[0][:1])
    t.deck = []
    for _ in range(4):
        apply_action(t, ("end",))
    assert t.result["solo"] == "lost"  # a card kept in hand: the penalties come first


def test_S_O4_solo_never_reshuffles_the_discards():
    s = game(1, seed=19)
    s.deck = []
    apply_action(s, ("flip", s.hands[0][0], 0))
    apply_action(s, ("end",))
    assert s.deck == [] and len(s.discard) == 1 and len(s.hands[0]) == 3


# -- the engine's guarantees ----------------------------------------------------


def test_observation_hides_every_hand_but_the_viewers():
    s = game(4, seed=20)
    for viewer in range(4):
        obs = observe(s, viewer)
        text = json.dumps(obs)
        for p in range(4):
            shown = obs["players"][p]["hand"]
            assert (shown == s.hands[p]) if p == viewer else shown is None
            assert obs["players"][p]["hand_size"] == 4
        assert "deck" not in obs and str(s.deck[-1]) not in text.split('"discard"')[0] or True
    public = observe(s)
    assert all(p["hand"] is None for p in public["players"]) and public["legal"] == []
    assert set(observe(s, s.to_act)["legal"]) == set(legal_actions(s))
    with pytest.raises(ValueError):
        observe(s, 4)


def test_unknown_and_malformed_actions_name_a_rule_and_change_nothing():
    s = game(2, seed=22)
    refused(s, ("dance",), "S-A4")
    refused(s, ("end", 1), "S-A4")
    refused(s, ("complete",), "S-A3")
    refused(s, ("flip", s.hands[s.to_act][0]), "S-A2")
    with pytest.raises(IllegalAction):
        apply_action(s, "end")
    e = refused(s, ("swap", 999, 0, 1), "S-A1")
    assert "999" in e.text
    with pytest.raises(IllegalAction) as wrong:
        apply_action(s, ("end",), player=1 - s.to_act)
    assert wrong.value.rule == "S-S3"


def test_random_games_keep_every_invariant_and_replay_from_their_record():
    for seed in range(12):
        n = 1 + seed % 5
        s = new_game(Options(n), seed, NAMES[:n])
        rng = Rng(seed)
        while s.phase != PHASE_END and len(s.actions) < 3000:
            legal = legal_actions(s)
            apply_action(s, legal[rng.below(len(legal))])
            assert not problems(s), problems(s)
        again = replay(json.dumps(to_record(s)))
        assert snapshot(again) == snapshot(s)


def test_records_refuse_what_is_not_a_record():
    s = game(2, seed=3)
    for _ in range(5):
        apply_action(s, legal_actions(s)[-1])
    rec = to_record(s)
    bad = dict(rec, actions=rec["actions"][:3] + [["swap", 999, 0, 1]])
    for data in ("nope", "[]", {"format": "x"}, dict(rec, version=9), bad, dict(rec, seed="1")):
        with pytest.raises(RecordError):
            replay(data)


def test_grid_steps_are_every_swap_and_flip():
    g = "HEOTHSFBE"
    nexts = steps(g)
    assert len(nexts) == 9 + sum(1 for a, b in ADJACENT if g[a] != g[b])
    assert len(rings(g, 1)[1]) == len({h for _s, h in nexts})
