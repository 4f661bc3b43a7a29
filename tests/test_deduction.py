"""Issue 4: the deduction assistant, computed from observe(state, viewer) only.

Positions are built with `new_game` and then set up by hand (racks, discards,
history) so each test states exactly what the viewer has seen and proven.
"""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lostcode.player.deduction import Knowledge, analyze, render
from lostcode.rules.checks import proven_range, verdict
from lostcode.rules.components import WHEEL_WIDTH
from lostcode.rules.engine import apply_action, is_over, legal_actions
from lostcode.rules.observation import observe
from lostcode.rules.options import Options
from lostcode.rules.rounds import round_record
from lostcode.rules.setup import new_game

SYMS5 = ("jaguar", "bird", "chameleon", "snake", "human")


def position(options, racks, rounds, discards=None, names=None):
    """A game in round len(rounds)+1 whose history is `rounds`.

    racks: 4 dicts symbol -> value (rack 0 is the viewer's, as it stands NOW).
    rounds: [(dice, wheel, low, result)] for the viewer (seat 0).
    discards: [(rack, round, symbol, value)].
    """
    s = new_game(options, 1, names or ["Ann", "Ben"][: options.players])
    s.racks = [dict(r) for r in racks]
    s.discards = [[] for _ in range(4)]
    for rack, rnd, sym, value in discards or []:
        s.discards[rack].append({"round": rnd, "symbol": sym, "value": value})
    s.history = []
    for i, (dice, wheel, low, result) in enumerate(rounds):
        s.history.append(
            {
                "round": i + 1,
                "roller": 0,
                "roll": list(dice),
                "dice": list(dice),
                "bear_turns": [],
                "offer": None,
                "change": None,
                "order": [0, 1],
                "wheels": [[0, wheel]],
                "guesses": [
                    {
                        "player": 0,
                        "wheel": wheel,
                        "low": low,
                        "high": low + WHEEL_WIDTH[wheel] - 1,
                        "result": result,
                    }
                ],
                "discards": [],
            }
        )
    s.round = len(rounds) + 1
    s.history.append(round_record(s.round, 0))
    return s


# Racks 1-3 show jaguar 0,1,5 and bird 0,1,2; the viewer discarded jaguar 4.
OTHERS = [
    {"jaguar": 0, "bird": 0, "bear": 0, "chameleon": 0, "snake": 0, "human": 0},
    {"jaguar": 1, "bird": 1, "bear": 1, "chameleon": 1, "snake": 1, "human": 1},
    {"jaguar": 5, "bird": 2, "bear": 2, "chameleon": 2, "snake": 2, "human": 2},
]


def own(**values):
    rack = {"jaguar": 7, "bird": 3, "bear": 6, "chameleon": 6, "snake": 6, "human": 6}
    rack.update(values)
    return rack


def test_issue4_discard_plus_correct_range_fixes_a_stone_R_C1_R_P3():
    """Rulebook-style reasoning: round 1 jaguar, bird, bird was exactly 10; the
    jaguar then was discarded and shown to be 4, so bird + bird = 6: bird is 3."""
    s = position(
        Options(2),
        [own(jaguar=7, bird=3)] + OTHERS,
        [(["jaguar", "bird", "bird"], "W1", 10, "correct")],
        discards=[(0, 1, "jaguar", 4)],
    )
    a = analyze(observe(s, 0))
    by = {x["symbol"]: x for x in a["symbols"]}
    assert by["bird"]["possible"] == [3]
    assert by["bird"]["probs"][3] == 1.0
    # The new jaguar is a fresh unknown: round 1 says nothing about it.
    assert by["jaguar"]["possible"] == [2, 3, 6, 7]
    ex = [e for e in a["explanations"] if e["symbol"] == "bird" and e["value"] == 5][0]
    assert ex["kind"] == "round" and ex["rounds"] == [1]
    assert ex["template"] == "round.exactly"
    assert "your jaguar then was 4" in ex["text"]
    assert ex["text"].endswith("with bird 5 it would be exactly 14.")


def test_issue4_seen_values_are_explained_R_S7():
    s = position(Options(2), [own()] + OTHERS, [], discards=[(1, 1, "snake", 7)])
    a = analyze(observe(s, 0))
    texts = {(e["symbol"], e["value"]): e for e in a["explanations"]}
    assert texts[("snake", 0)]["text"] == (
        "Your snake cannot be 0: you can see the other snake 0 on Ben's rack."
    )
    assert texts[("snake", 1)]["template"] == "seen.unowned"
    assert texts[("snake", 7)]["text"] == (
        "Your snake cannot be 7: the snake 7 was discarded by Ben in round 1."
    )
    assert (
        render(texts[("snake", 7)]["template"], texts[("snake", 7)]["params"])
        == (texts[("snake", 7)]["text"])
    )


def test_issue4_lower_than_gives_an_at_least_bound_R_C2():
    s = position(
        Options(2),
        [own(bird=3, jaguar=2)] + OTHERS,
        [(["bird", "bird", "jaguar"], "W3", 9, "lower")],
    )
    a = analyze(observe(s, 0))
    ex = [e for e in a["explanations"] if e["symbol"] == "bird" and e["value"] == 5][0]
    assert ex["template"] == "round.at_least"
    assert ex["text"] == (
        "Your bird cannot be 5: in round 1 the dice were bird, bird, jaguar and the sum "
        "was lower than 9; with bird 5 it would be at least 12."
    )


def test_issue4_several_rounds_together_are_named():
    """Round 1 alone allows human 5 (with jaguar 4), round 2 alone says nothing
    about the human; together (jaguar is 2) they rule it out."""
    s = position(
        Options(2),
        [own(jaguar=2, human=6)] + OTHERS,
        [
            (["jaguar", "human", "human"], "W1", 14, "correct"),
            (["jaguar", "jaguar", "jaguar"], "W2", 6, "correct"),
        ],
    )
    a = analyze(observe(s, 0))
    ex = [e for e in a["explanations"] if e["symbol"] == "human" and e["value"] == 5][0]
    assert ex["kind"] == "rounds" and ex["rounds"] == [1, 2]
    assert ex["template"] == "rounds.together"
    by = {x["symbol"]: x for x in a["symbols"]}
    assert by["human"]["possible"] == [6]
    assert by["jaguar"]["possible"] == [2]


def test_issue4_wrong_on_the_narrowest_wheel_only_excludes_one_sum_R_C2():
    s = position(
        Options(2),
        [own(snake=6)] + OTHERS,
        [(["snake", "snake", "snake"], "W1", 9, "wrong")],
    )
    by = {x["symbol"]: x for x in analyze(observe(s, 0))["symbols"]}
    assert by["snake"]["possible"] == [4, 5, 6, 7]  # 3 would sum to 9


def test_issue4_value_8_only_in_high_stakes_R_V1():
    s = position(Options(2, high_stakes=True), [own()] + OTHERS, [])
    a = analyze(observe(s, 0))
    assert len(a["symbols"][0]["probs"]) == 9
    assert 8 in a["symbols"][0]["possible"]
    s = position(Options(2), [own()] + OTHERS, [])
    assert len(analyze(observe(s, 0))["symbols"][0]["probs"]) == 8


def test_issue4_solver_accepts_only_an_observation():
    s = new_game(Options(2), 3)
    with pytest.raises(TypeError):
        Knowledge(s)
    with pytest.raises(ValueError):
        Knowledge(observe(s, None))


# --- against brute force and the true rack ------------------------------------------


def play_random(options, seed, steps=None):
    s = new_game(options, seed)
    pick = random.Random(seed)
    n = 0
    while not is_over(s) and (steps is None or n < steps):
        acts = legal_actions(s)
        apply_action(s, acts[pick.randrange(len(acts))])
        n += 1
    return s


def brute_force(s, viewer):
    """Marginals by enumerating every assignment of the viewer's stones, read
    from the State (independently of deduction.py's bookkeeping)."""
    syms = list(s.options.symbols)
    seen = {sym: set() for sym in syms}
    for r in range(4):
        if r != viewer:
            for sym in syms:
                seen[sym].add(s.racks[r][sym])
        for d in s.discards[r]:
            seen[d["symbol"]].add(d["value"])
    doms = [[v for v in range(s.options.value_max + 1) if v not in seen[sym]] for sym in syms]
    checks = []
    for h in s.history:
        for g in h["guesses"]:
            if g["player"] != viewer:
                continue
            then = {}
            for sym in syms:
                later = [
                    d for d in s.discards[viewer] if d["symbol"] == sym and d["round"] >= h["round"]
                ]
                then[sym] = later[0]["value"] if later else None
            checks.append((h["dice"], then, g))
    counts = [dict.fromkeys(d, 0) for d in doms]
    total = 0
    assign = [0] * len(syms)

    def ok():
        for dice, then, g in checks:
            tot = 0
            for d in dice:
                i = syms.index(d)
                tot += then[d] if then[d] is not None else assign[i]
            if verdict(tot, g["wheel"], g["low"]) != g["result"]:
                return False
        return True

    def rec(i):
        nonlocal total
        if i == len(syms):
            if ok():
                total += 1
                for j in range(len(syms)):
                    counts[j][assign[j]] += 1
            return
        for v in doms[i]:
            assign[i] = v
            rec(i + 1)

    rec(0)
    return {sym: {v: c / total for v, c in counts[i].items()} for i, sym in enumerate(syms)}


@pytest.mark.parametrize("seed", [5, 11, 23])
def test_issue4_marginals_match_brute_force(seed):
    s = play_random(Options(2, introductory=True), seed, steps=60 + seed)
    for viewer in range(2):
        k = Knowledge(observe(s, viewer))
        expect = brute_force(s, viewer)
        for sym in s.options.symbols:
            probs = k.probabilities(sym)
            for v in range(s.options.value_max + 1):
                assert probs[v] == pytest.approx(expect[sym].get(v, 0.0)), (sym, v)


def test_issue4_sum_distribution_is_a_distribution_holding_the_true_sum_R_G2():
    s = play_random(Options(2), 8, steps=40)
    k = Knowledge(observe(s, 0))
    dice = ["bird", "bird", "snake"]
    dist = k.sum_distribution(dice)
    assert sum(dist) == pytest.approx(1.0)
    assert dist[2 * s.racks[0]["bird"] + s.racks[0]["snake"]] > 0


def test_issue4_hidden_values_do_not_change_the_analysis():
    """Swapping the viewer's own stones with the unseen box stones changes the
    State but not the observation, so the analysis must not change either."""
    s = play_random(Options(3, shortcut=True), 4, steps=50)
    before = analyze(observe(s, 1))
    for sym in s.options.symbols:
        s.racks[1][sym], s.box[sym] = s.box[sym], s.racks[1][sym]
    assert analyze(observe(s, 1)) == before


OPTION_SETS = [
    {},
    {"high_stakes": True},
    {"introductory": True},
    {"shortcut": True, "curse": True},
    {"high_stakes": True, "shortcut": True},
]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    players=st.integers(2, 4),
    opts=st.sampled_from(OPTION_SETS),
)
def test_issue4_true_values_always_possible(seed, players, opts):
    """At every decision of every viewer, the true value of each own stone is
    among the possible values with probability > 0 (R-S7, R-C1, R-C2, R-P3)."""
    s = new_game(Options(players, **opts), seed)
    pick = random.Random(seed)
    while not is_over(s):
        p = s.to_act
        if s.phase in ("guess", "replace", "final"):
            a = analyze(observe(s, p), explain=False)
            assert a["consistent"]
            for row in a["symbols"]:
                assert row["probs"][s.racks[p][row["symbol"]]] > 0
                assert sum(row["probs"]) == pytest.approx(1.0)
            if a["roll"]:
                true_sum = sum(s.racks[p][d] for d in s.dice)
                assert a["roll"]["dist"][true_sum] > 0
        acts = legal_actions(s)
        apply_action(s, acts[pick.randrange(len(acts))])


def test_issue4_proven_ranges_agree_with_the_engine():
    """The deduction's reading of a result is the engine's proven_range (RULES §3.3)."""
    s = position(
        Options(2),
        [own(bird=3, jaguar=2)] + OTHERS,
        [(["bird", "bird", "jaguar"], "W3", 9, "lower")],
    )
    k = Knowledge(observe(s, 0))
    lo, hi = proven_range("lower", "W3", 9, 21)
    assert min(k.constraints[0].allowed) == lo and max(k.constraints[0].allowed) == hi


@pytest.mark.parametrize("seed", [3, 17])
def test_issue26_unseen_values_are_knowledges_domains_R_S7(seed):
    """The easy bot's shortcut (issue 26) is exactly what Knowledge reads from
    what is seen; the allowed sums are those of the result's rule, total by total."""
    from lostcode.player.deduction import _allowed_sums, _allowed_total, unseen_values

    s = new_game(Options(3, shortcut=True), seed)
    pick = random.Random(seed)
    while not is_over(s):
        obs = observe(s, s.to_act)
        k = Knowledge(obs)
        assert unseen_values(obs) == k.domains
        for c in k.constraints:
            base = sum(m * v for _sym, m, v, _r in c.known)
            loop = set()  # as Knowledge built it before: same members, added in the same order
            for t in range(obs["ring_max"] + 1):
                if _allowed_total(c.result, c.low, c.high, t, obs["ring_max"]) and t >= base:
                    loop.add(t - base)
            got = _allowed_sums(c.result, c.low, c.high, base, obs["ring_max"])
            assert got == loop and list(got) == list(loop)
        acts = legal_actions(s)
        apply_action(s, acts[pick.randrange(len(acts))])


def test_issue26_kept_solves_equal_fresh_ones():
    """Issue 26: deduction keeps its last few solves (solver.py) by their inputs (a bot
    asks again with nothing new proven); in whatever order positions and
    viewers come, a kept solve is exactly a fresh one."""
    from lostcode.player import solver

    hits = 0
    for seed in (3, 9):
        states = [play_random(Options(3), seed, steps=n) for n in (20, 45, 70, 95)]
        views = [observe(s, v) for s in states for v in range(3)]
        for obs in views + views[::-1] + views[::2]:
            solves = len(solver.SOLVED)
            kept = Knowledge(obs)
            hits += len(solver.SOLVED) == solves
            solver.SOLVED.clear()
            fresh = Knowledge(obs)
            assert (kept.counts, kept.total, kept.graph) == (fresh.counts, fresh.total, fresh.graph)
            assert kept.probabilities("bird") == fresh.probabilities("bird")
        solver.SOLVED.clear()
        for obs in views + views:
            Knowledge(obs)
    assert hits > 0
