"""Issue 17: the hard bot got faster without changing a single decision.

Knowledge.sum_distribution answers from the graph of the one exact pass
(deduction.query_counts) instead of solving again for every query. Both are
exact integer counts, so the answers, and hence the bots' choices, must be
identical: checked query by query against the reference solver, and as a
digest of every hard-bot action in seeded games recorded before the change.
"""

import hashlib

import lostcode.player.deduction as deduction
from lostcode.player.bots import Player
from lostcode.rules.engine import apply_action, is_over, legal_actions
from lostcode.rules.options import Options
from lostcode.rules.setup import new_game

# sha256 (first 16 hex digits) of repr() of every action of games 0..5 below,
# recorded with the solver before issue 17's change (solve() per query).
HARD_BOT_ACTIONS_DIGEST = "1cb2ec6be177eef7"
HARD_BOT_ACTIONS = 465


def play_hard_games(games):
    """repr() of every action of seeded all-hard-bot games (2, 3, 4 players, options vary)."""
    actions = []
    for g in range(games):
        s = new_game(Options(2 + g % 3, high_stakes=g % 2 == 1, shortcut=g % 4 < 2), g)
        players = [Player("hard", g + 1000 * i) for i in range(2 + g % 3)]
        while not is_over(s):
            action = players[s.to_act].act(s, legal_actions(s))
            actions.append(repr(action))
            apply_action(s, action)
    return actions


def test_every_query_matches_the_reference_solver(monkeypatch):
    asked = []
    plain = deduction.Knowledge.sum_distribution

    def checked(self, dice):
        query = deduction._counts(dice, self.symbols)
        if query:
            fast = deduction.query_counts(self.graph, self.domains, query)
            assert fast == deduction.solve(self.merged, self.domains, query), query
            asked.append(query)
        return plain(self, dice)

    monkeypatch.setattr(deduction.Knowledge, "sum_distribution", checked)
    play_hard_games(3)
    assert len(asked) > 500


def test_query_without_checks_is_uniform():
    graph = []
    domains = {"bird": [0, 2, 5], "snake": [1, 3]}
    assert deduction.solve([], domains, None, graph) == ({}, 1)
    query = [("bird", 2), ("snake", 1)]
    assert deduction.query_counts(graph, domains, query) == deduction.solve([], domains, query)


def test_hard_bot_choices_are_unchanged():
    actions = play_hard_games(6)
    digest = hashlib.sha256("\n".join(actions).encode()).hexdigest()[:16]
    assert (len(actions), digest) == (HARD_BOT_ACTIONS, HARD_BOT_ACTIONS_DIGEST)
