# Lesson step 3 (docs/teaching.md): every decision by expected points.
#
# Step 2 only thought about its bet. This bot also uses the dice: when it may
# keep or turn a die, it tries each choice and keeps the one that makes its
# best bet worth most. At the end it writes 1, 2 or 3 values, whichever is
# worth most on average (1 right value pays 5, 2 pay 2, 3 pay 1, a miss
# costs 2), and it replaces the stone it knows least about.
from lostcode.player.deduction import Knowledge, best_low, free_wheels

WHEEL_POINTS = {"W1": 5, "W2": 4, "W3": 3, "W4": 3, "W5": 2, "W7": 2, "W10": 1}
PAYS = {1: 5, 2: 2, 3: 1}
MISS = -2


class Bot:
    """A new Bot is made for every game, so it could remember things in self."""

    def choose(self, observation, legal_moves):
        kind = legal_moves[0][0]
        if kind == "roll":
            return legal_moves[0]
        knowledge = Knowledge(observation)
        if kind == "guess":
            _points, wheel, low = self.best_guess(observation, knowledge, observation["dice"])
            move = ["guess", wheel, low]
            return move if move in legal_moves else legal_moves[0]
        if kind in ("accept", "change", "turn_bear"):
            best_move, best_points = legal_moves[0], -1.0
            for move in legal_moves:
                dice = list(observation["dice"])
                if move[0] != "accept":
                    dice[move[1]] = move[2]  # what the dice would show after this move
                points = self.best_guess(observation, knowledge, dice)[0]
                if points > best_points:
                    best_move, best_points = move, points
            return best_move
        if kind == "discard":
            # The stone with the most possible values: losing it costs least.
            return max(legal_moves, key=lambda m: len(knowledge.possible(m[1])))
        if kind == "final":
            symbol = legal_moves[0][1]
            values = self.best_values(knowledge.probabilities(symbol))
            move = ["final", symbol, values]
            return move if move in legal_moves else legal_moves[0]
        return legal_moves[0]

    def best_guess(self, observation, knowledge, dice):
        """(expected points, wheel, low) of the best free wheel for these dice."""
        sums = knowledge.sum_distribution([d for d in dice if d in knowledge.symbols])
        best = (-1.0, None, 0)
        for wheel in free_wheels(observation):
            low, chance = best_low(sums, wheel, observation["ring_max"])
            if chance * WHEEL_POINTS[wheel] > best[0]:
                best = (chance * WHEEL_POINTS[wheel], wheel, low)
        return best

    def best_values(self, chances):
        """The 1-3 most likely values, as many as are worth most on average."""
        # Equal chances: the lower value first, said outright (MicroPython's
        # sort is not stable, so leaving ties to the sort differs between runtimes).
        ranked = sorted(range(len(chances)), key=lambda v: (-chances[v], v))
        best, best_points, covered = ranked[:1], MISS * 1.0, 0.0
        for k in (1, 2, 3):
            covered += chances[ranked[k - 1]]
            points = covered * PAYS[k] + (1 - covered) * MISS
            if points > best_points:
                best, best_points = sorted(ranked[:k]), points
        return best
