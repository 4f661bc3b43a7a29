"""Issue 27: chance as a step of its own (lostcode/rules/chance.py).

The roll (R-R1) and the stone drawn on a replacement (R-P3) are chance events a
search can branch on with their probabilities, without the game's seed; the
engine still samples them exactly as before, so every record replays to the
same game, byte for byte (digests taken with the code before the change).
"""

import json

import pytest
from helpers import ROOT

from lostcode.rules.canon import state_digest
from lostcode.rules.chance import (
    ROLL_GROUPS,
    ROLLS,
    apply_with_outcome,
    chance_outcomes,
    is_chance,
    play,
    sample_outcome,
)
from lostcode.rules.components import SYMBOLS
from lostcode.rules.engine import apply_action, legal_actions
from lostcode.rules.errors import IllegalAction
from lostcode.rules.options import Options
from lostcode.rules.setup import new_game
from lostcode.services.record import replay
from lostcode.web.saves.slots import index_from_items

# state_digest of each example replayed to its end by the engine before chance
# became a step of its own (commit 64c33ba): the engine must still play them so.
GOLDEN = {
    "two-players.json": "2e7bb50c1d9ca9b4",
    "four-players-every-option.json": "c342c1ff8a2711ee",
    "solo.json": "78e40a9bf04d3742",
}


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_example_records_replay_byte_identical_R_R1_R_P3(name):
    text = (ROOT / "docs" / "examples" / name).read_text(encoding="utf-8")
    assert state_digest(replay(text)) == GOLDEN[name]


def test_fixture_records_replay_byte_identical_R_R1_R_P3():
    data = json.loads((ROOT / "tests" / "data" / "save-2026-11-26.json").read_text("utf-8"))
    index, _revs = index_from_items(sorted(data["storage"].items()))
    done = index.history()[0]
    assert state_digest(replay(done["record"])) == data["expect"]["finished_digest"]


def _at_phase(s, phase):
    """Play the first legal action until `phase` (a deterministic walk)."""
    for _ in range(500):
        if s.phase == phase:
            return s
        apply_action(s, legal_actions(s)[0])
    raise AssertionError("never reached " + phase)


def test_roll_outcomes_are_216_faces_summing_to_one_R_R1():
    s = new_game(Options(2), 3)
    out = chance_outcomes(s, ("roll",))
    assert len(out) == 216 == len(ROLLS)
    assert abs(sum(p for _o, p in out) - 1.0) < 1e-9
    assert all(len(o) == 3 and all(f in SYMBOLS for f in o) for o, _p in out)
    grouped = chance_outcomes(s, ("roll",), grouped=True)
    assert len(grouped) == 56 == len(ROLL_GROUPS)
    assert abs(sum(p for _o, p in grouped) - 1.0) < 1e-9
    # a symbol rolled three times is one ordered roll; three different ones are six
    assert dict(grouped)[("jaguar", "jaguar", "jaguar")] == pytest.approx(1 / 216)
    assert dict(grouped)[("jaguar", "bird", "bear")] == pytest.approx(6 / 216)


def test_roll_sampled_by_the_engine_is_an_outcome_and_matches_the_frequencies_R_R1():
    """The engine's own roll is one of the outcomes, and over many games each face
    turns up about 1/6 of the time on each die (the probabilities it claims)."""
    counts = dict.fromkeys(SYMBOLS, 0)
    n = 600
    for seed in range(n):
        s = new_game(Options(2), seed)
        out = dict(chance_outcomes(s, ("roll",)))
        copy = s.copy()
        dice = sample_outcome(copy, ("roll",))
        assert dice in out
        apply_action(s, ("roll",))
        assert tuple(s.roll) == dice  # sample_outcome draws what the engine draws
        for f in dice:
            counts[f] += 1
    for f in SYMBOLS:
        assert abs(counts[f] / (3 * n) - 1 / 6) < 0.04, counts


def test_apply_with_outcome_rolls_the_given_dice_without_the_seed_R_R1():
    s = new_game(Options(2), 5)
    before = s.rng.state
    apply_with_outcome(s, ("roll",), ("bird", "bird", "snake"))
    assert s.dice == ["bird", "bird", "snake"] and s.roll == s.dice
    assert s.rng.state == before  # the game's generator is not advanced
    assert s.actions[-1] == ("roll",)
    assert s.phase == "change"


def test_draw_outcomes_are_the_pile_each_equally_likely_R_P3():
    s = _at_phase(new_game(Options(2), 11), "replace")
    action = legal_actions(s)[0]
    sym = action[1]
    out = chance_outcomes(s, action)
    assert sorted(v for v, _p in out) == sorted(s.piles[sym])
    assert abs(sum(p for _v, p in out) - 1.0) < 1e-9
    assert len({p for _v, p in out}) == 1
    assert sample_outcome(s, action) == s.piles[sym][-1]  # the top of the pile


def test_draw_sampled_by_the_engine_is_uniform_over_the_pile_R_P3_R_S3():
    """Across deals the stone on top of a pile is each of the pile's stones
    equally often: what chance_outcomes claims (the pile was shuffled, R-S3)."""
    hits = 0
    n = 400
    for seed in range(n):
        s = new_game(Options(2), seed)
        pile = s.piles["jaguar"]
        ranked = sorted(pile)
        hits += ranked.index(pile[-1]) == 0  # the smallest value is on top
    assert abs(hits / n - 1 / 3) < 0.07


def test_apply_with_outcome_draws_the_given_stone_R_P3():
    s = _at_phase(new_game(Options(2), 11), "replace")
    p = s.to_act
    action = legal_actions(s)[0]
    sym = action[1]
    old = s.racks[p][sym]
    drawn = sorted(s.piles[sym])[0]
    size = len(s.piles[sym])
    apply_with_outcome(s, action, drawn)
    assert s.racks[p][sym] == drawn
    assert drawn not in s.piles[sym] and len(s.piles[sym]) == size - 1
    assert s.discards[p][-1]["value"] == old


def test_same_outcome_plays_the_same_game_as_the_engine_R_R1_R_P3():
    """Playing every chance step with the outcome the engine would sample gives
    exactly the engine's game."""
    a = new_game(Options(3, shortcut=True, curse=True), 21)
    b = a.copy()
    for _ in range(400):
        if a.phase == "end":
            break
        action = legal_actions(a)[-1 if a.phase == "guess" else 0]
        apply_action(a, action)
        if is_chance(action):
            apply_with_outcome(b, action, sample_outcome(b, action))
        else:
            apply_action(b, action)
    assert state_digest(a) == state_digest(b)


def test_chance_outcomes_refuse_an_illegal_action_and_other_moves_have_none():
    s = new_game(Options(2), 1)
    with pytest.raises(IllegalAction):
        chance_outcomes(s, ("accept",))
    apply_action(s, ("roll",))
    assert chance_outcomes(s, ("accept",)) == []
    with pytest.raises(ValueError):
        apply_with_outcome(s, ("accept",), None)


def test_play_is_the_engines_game_with_chance_as_a_step_R_R1_R_P3():
    """`play`, the step the expert's playouts take, plays the engine's game:
    each roll and draw a chance step with the outcome the engine samples."""
    a = new_game(Options(3, shortcut=True, curse=True), 22)
    b = a.copy()
    while a.phase != "end":
        action = legal_actions(a)[-1 if a.phase == "guess" else 0]
        apply_action(a, action)
        play(b, list(action))
    assert state_digest(a) == state_digest(b)
    s = new_game(Options(2), 3)
    before = state_digest(s)
    with pytest.raises(IllegalAction):
        play(s, ("roll",), player=1 - s.to_act)  # not their turn: nothing drawn, nothing changed
    assert state_digest(s) == before
    with pytest.raises(ValueError):
        apply_with_outcome(s, ("roll",), ("bird", "bird"))  # a roll is three faces
    assert state_digest(s) == before and sample_outcome(s, ("accept",)) is None


def test_the_experts_playouts_take_chance_steps_R_P3(monkeypatch):
    """The expert's search plays its simulated rounds through chance.play, so
    the replacements there are chance steps drawn in its own worlds."""
    from lostcode.player import expert
    from lostcode.player.bots import Player, make_rng
    from lostcode.rules.engine import is_over
    from lostcode.rules.observation import observe

    drawn = []

    def counted(s, action, player=None):
        if is_chance(action):
            drawn.append(action[0])
        play(s, action, player)

    monkeypatch.setattr(expert, "play", counted)
    s = new_game(Options(2), 5)
    bots = [Player("hard", 5 + p) for p in range(2)]
    while not is_over(s) and s.phase != "guess":
        apply_action(s, bots[s.to_act].act(s, legal_actions(s)))
    obs = observe(s, s.to_act)
    expert.decide_expert(obs, legal_actions(s), make_rng(1), budget_ms=60)
    assert "discard" in drawn
