"""Property tests (issue 2): random legal games to the end, for every player
count and option combination, with the invariants checked after every action."""

from hypothesis import given, settings
from hypothesis import strategies as st

import lostcode as lc
from lostcode.cli.selfplay import random_game
from lostcode.rules.canon import state_digest
from lostcode.rules.engine import normalize
from lostcode.rules.invariants import check_invariants
from lostcode.rules.observation import observe
from lostcode.services.record import dumps, replay, to_record

games = st.tuples(
    st.integers(2, 4),
    st.booleans(),
    st.booleans(),
    st.booleans(),
    st.booleans(),
    st.integers(0, 2**32),
    st.integers(0, 2**16),
)


def options_of(players, intro, high, short, curse):
    return lc.Options(players, introductory=intro, high_stakes=high, shortcut=short, curse=curse)


@settings(max_examples=60, deadline=None)
@given(games)
def test_random_games_keep_every_invariant(g):
    """R-S2..R-S7, R-P3: stones in exactly one place, no repeats; scores equal
    their events; R-S1 round count; observe() never shows a player's own rack
    and the public view no rack at all; the record replays to an identical state."""
    players, intro, high, short, curse, seed, chooser = g
    s, violations = random_game(options_of(players, intro, high, short, curse), seed, chooser)
    assert violations == []
    assert lc.is_over(s)
    assert len(s.history) == s.options.rounds  # R-S1
    again = replay(dumps(to_record(s)))
    assert state_digest(again) == state_digest(s)


@settings(max_examples=25, deadline=None)
@given(games, st.integers(0, 300))
def test_record_prefix_replays_to_the_same_state(g, cut):
    players, intro, high, short, curse, seed, chooser = g
    s, _ = random_game(options_of(players, intro, high, short, curse), seed, chooser, check=False)
    cut = min(cut, len(s.actions))
    partial = replay(to_record(s), upto=cut)
    assert len(partial.actions) == cut
    assert check_invariants(partial) == []
    # and continuing the prefix with the remaining actions reaches the same end
    for a in s.actions[cut:]:
        lc.apply_action(partial, a)
    assert state_digest(partial) == state_digest(s)


@settings(max_examples=25, deadline=None)
@given(games)
def test_observations_hold_other_racks_and_secrets_only_for_their_owner(g):
    """R-S7: a viewer sees every other rack; guesses stay secret until checked."""
    players, intro, high, short, curse, seed, chooser = g
    s = lc.new_game(options_of(players, intro, high, short, curse), seed)
    import random

    pick = random.Random(chooser)
    while not lc.is_over(s):
        for v in range(players):
            obs = observe(s, v)
            for r in range(4):
                shown = [x for x in obs["racks"][r]["stones"].values() if x is not None]
                assert (shown == []) == (r == v)
            assert (obs["my_guess"] is not None) == (v in s.guesses)
            if s.phase == "guess":
                assert obs["history"][-1]["guesses"] == []  # R-G: secret until the check
        acts = lc.legal_actions(s)
        lc.apply_action(s, acts[pick.randrange(len(acts))])


junk = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 30) | st.sampled_from(
        ["roll", "accept", "change", "guess", "discard", "final", "take", "pass", "shortcut",
         "turn_bear", "W1", "W5", "W10", "bird", "bear", "snake", "dragon", ""]
    ),
    lambda inner: st.lists(inner, max_size=4),
    max_leaves=8,
)  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(games, st.integers(0, 120), st.lists(junk, min_size=1, max_size=6))
def test_any_action_is_applied_or_rejected_with_a_rule_and_no_change(g, steps, attempts):
    """Bad input: an illegal action raises IllegalAction naming a rule (R-...)
    and leaves the state exactly as it was; nothing else ever escapes."""
    from lostcode.rules.canon import state_dict

    players, intro, high, short, curse, seed, chooser = g
    s = lc.new_game(options_of(players, intro, high, short, curse), seed)
    import random

    pick = random.Random(chooser)
    for _ in range(steps):
        if lc.is_over(s):
            break
        acts = lc.legal_actions(s)
        lc.apply_action(s, acts[pick.randrange(len(acts))])
    for a in attempts:
        before = state_dict(s)
        legal = [list(x) for x in lc.legal_actions(s)]
        try:
            lc.apply_action(s, a)
        except lc.IllegalAction as e:
            assert e.rule.startswith("R-")
            assert state_dict(s) == before
        else:
            norm = [list(x) if isinstance(x, tuple) else x for x in normalize(a)]
            assert [list(x) if isinstance(x, tuple) else x for x in norm] in [
                [list(y) if isinstance(y, tuple) else y for y in x] for x in legal
            ]
