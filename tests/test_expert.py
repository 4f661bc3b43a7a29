"""Issue 27: the expert decides from its observation only, plays legal moves,
gives the same decision however the page slices its search, and keeps reasons
that are plain data about what its player may see."""

import pytest

from lostcode.player.bots import Player, make_rng
from lostcode.player.deduction import Knowledge
from lostcode.player.expert import (
    NOTE_DENY,
    NOTE_KNOW,
    NOTE_SCORE,
    NOTE_WIN,
    TOP,
    Decision,
    KnowledgeCache,
    Sampler,
    Search,
    decide_expert,
    make_world,
)
from lostcode.rules.canon import canonical
from lostcode.rules.engine import apply_action, is_over, legal_actions
from lostcode.rules.observation import observe
from lostcode.rules.options import Options
from lostcode.rules.setup import new_game

BUDGET = 60  # small: a few worlds per candidate keeps the tests quick


def positions(players=2, seed=5, seat=0, stop=None, **flags):
    """States where `seat` is to act (hard bots play every seat), with the
    observation: one per decision of the seat until `stop` of them."""
    s = new_game(Options(players, **flags), seed)
    bots = [Player("hard", seed + p) for p in range(players)]
    out = []
    while not is_over(s):
        if s.to_act == seat:
            out.append(s.copy())
            if stop is not None and len(out) >= stop:
                break
        apply_action(s, bots[s.to_act].act(s, legal_actions(s)))
    return out


def hidden_swapped(s, seat):
    """The same game for `seat` to see, other hidden values: each of its own stones
    swapped with the box's stone of that symbol (R-S3: nobody sees the box), and
    every face-down pile reversed (R-S5)."""
    t = s.copy()
    for sym in t.options.symbols:
        t.racks[seat][sym], t.box[sym] = t.box[sym], t.racks[seat][sym]
        t.piles[sym] = list(reversed(t.piles[sym]))
    return t


def same(a: Decision, b: Decision) -> bool:
    return a.action == b.action and [(o.action, o.value, o.note) for o in a.options] == [
        (o.action, o.value, o.note) for o in b.options
    ]


@pytest.mark.parametrize("phase", ["change", "guess", "replace", "final"])
def test_expert_decides_from_its_observation_only_R_S7(phase):
    """R-S7: the expert never sees its own stones. Two games that differ only in
    its own stones, the box and the piles' order give it the same observation,
    hence the same decision and the same reasons."""
    states = [s for s in positions(2, 7) if s.phase == phase]
    assert states, phase
    for s in states[:2]:
        t = hidden_swapped(s, 0)
        assert t.racks[0] != s.racks[0] or t.box != s.box
        assert canonical(observe(s, 0)) == canonical(observe(t, 0))
        legal = legal_actions(s)
        a = decide_expert(observe(s, 0), legal, make_rng(3), BUDGET)
        b = decide_expert(observe(t, 0), legal, make_rng(3), BUDGET)
        assert same(a, b)
        # the same through the bot seat, which reads the State only to observe it
        pa, pb = Player("expert", 3), Player("expert", 3)
        assert pa.act(s, legal) == pb.act(t, legal)


TABLES = [
    (2, {}),
    (3, {"shortcut": True, "curse": True}),
    (2, {"introductory": True, "high_stakes": True, "shortcut": True}),
]


@pytest.mark.parametrize("players,flags", TABLES)
def test_expert_options_are_legal_actions_best_first_R_G1_R_R1c_R_P2_R_E1(players, flags):
    """Every decision's action and alternatives are legal moves (R-G1 wheels,
    R-R1c die turns, R-P2 replacements, R-E1 candidates), at most TOP of them,
    best first, each value a number and each note one of the known tags."""
    s = new_game(Options(players, **flags), 11)
    bots = [Player("hard", 20 + p) for p in range(players)]
    rng = make_rng(1)
    seen = set()
    while not is_over(s):
        legal = legal_actions(s)
        if s.to_act != 0:
            apply_action(s, bots[s.to_act].act(s, legal))
            continue
        d = decide_expert(observe(s, 0), legal, rng, BUDGET)
        assert d.action in legal
        assert 1 <= len(d.options) <= TOP
        assert d.options[0].action == d.action
        values = [o.value for o in d.options]
        assert values == sorted(values, reverse=True)
        for o in d.options:
            assert o.action in legal
            assert isinstance(o.value, float) and isinstance(o.mine, float)
            assert o.note in ("", NOTE_SCORE, NOTE_KNOW, NOTE_DENY, NOTE_WIN)
            assert o.after is None or (isinstance(o.after, float) and o.after_seat != 0)
            plain = o.to_dict()  # plain data for the page: numbers, tags, the action
            assert set(plain) == {"action", "value", "note", "mine", "others", "vp", "after",
                                  "after_seat"}
        seen.add(s.phase)
        apply_action(s, d.action)
    assert {"guess", "final"} <= seen


def test_search_in_slices_reaches_the_same_decision():
    """The page runs the search a few units at a time between frames; the
    decision does not depend on the slicing (the search counts work, not time)."""
    for s in positions(2, 9, stop=12)[2:]:
        obs, legal = observe(s, 0), legal_actions(s)
        whole = decide_expert(obs, legal, make_rng(8), BUDGET)
        for size in (1, 3):
            search = Search(obs, legal, make_rng(8), BUDGET)
            slices = 0
            while not search.run(size):
                slices += 1
                assert search.result.action is None
            assert same(search.result, whole)
            assert search.decision() is search.result


def test_expert_is_reproducible_and_depends_on_its_generator():
    s = [x for x in positions(2, 4) if x.phase == "guess"][3]
    obs, legal = observe(s, 0), legal_actions(s)
    a = decide_expert(obs, legal, make_rng(1), BUDGET)
    b = decide_expert(obs, legal, make_rng(1), BUDGET)
    assert same(a, b)


def test_worlds_agree_with_the_observation_R_S3_R_S5():
    """A sampled world shows the expert exactly what it sees, and its own rack is
    one the deduction allows (every value possible, R-S3: the box and the piles
    hold the rest of the unseen stones)."""
    for s in positions(3, 12, stop=20)[5:]:
        obs = observe(s, 0)
        k = Knowledge(obs)
        sampler = Sampler(k)
        rng = make_rng(2)
        w = make_world(obs, sampler, rng, KnowledgeCache())
        seen = observe(w, 0)
        for key in ("racks", "discards", "piles", "scores", "dice", "history", "phase"):
            assert canonical(seen[key]) == canonical(obs[key]), key
        for sym in k.symbols:
            assert w.racks[0][sym] in k.possible(sym)
            unseen = sorted([w.racks[0][sym], w.box[sym]] + w.piles[sym])
            assert unseen == sorted(k.domains[sym])
