# A stronger bot (docs/bot-api.md): every decision by expected points.
# - guess: the wheel and range worth most on the exact sum distribution;
# - dice: keep or turn the die that makes the best guess for us;
# - final and shortcut candidates: the 1-3 values with the best expected points
#   (1 candidate pays 5, 2 pay 2, 3 pay 1, a miss costs 2; doubled with a token);
# - shortcut token offer: take it when one candidate is already likely enough;
# - replace the stone we know least about.
from lostcode.player.deduction import Knowledge, best_low, free_wheels

WHEEL_POINTS = {"W1": 5, "W2": 4, "W3": 3, "W4": 3, "W5": 2, "W7": 2, "W10": 1}
PAYS = {1: 5, 2: 2, 3: 1}
MISS = -2


def best_candidates(chances, factor=1):
    """(values, expected points) of the best 0-3 candidates."""
    ranked = sorted(range(len(chances)), key=lambda v: (-chances[v], v))  # ties: lower value first
    best, best_points, covered = [], MISS * factor, 0.0
    for k in (1, 2, 3):
        covered += chances[ranked[k - 1]]
        points = (covered * PAYS[k] + (1 - covered) * MISS) * factor
        if points > best_points:
            best, best_points = sorted(ranked[:k]), points
    return best, best_points


def best_guess(observation, knowledge, dice):
    """(expected points, wheel, low) of the best free wheel for these dice."""
    sums = knowledge.sum_distribution([d for d in dice if d in knowledge.symbols])
    best = (-1.0, None, 0)
    for wheel in free_wheels(observation):
        low, chance = best_low(sums, wheel, observation["ring_max"])
        if chance * WHEEL_POINTS[wheel] > best[0]:
            best = (chance * WHEEL_POINTS[wheel], wheel, low)
    return best


def choose(observation, legal_moves):
    kind = legal_moves[0][0]
    if kind == "roll":
        return legal_moves[0]
    knowledge = Knowledge(observation)
    if kind == "guess":
        _points, wheel, low = best_guess(observation, knowledge, observation["dice"])
        move = ["guess", wheel, low]
        return move if move in legal_moves else legal_moves[0]
    if kind in ("accept", "change", "turn_bear"):
        best_move, best_points = legal_moves[0], -1.0
        for move in legal_moves:
            dice = list(observation["dice"])
            if move[0] != "accept":
                dice[move[1]] = move[2]
            points = best_guess(observation, knowledge, dice)[0]
            if points > best_points:
                best_move, best_points = move, points
        return best_move
    if kind in ("take", "pass"):
        symbol = observation["offer"]["symbol"]
        _values, points = best_candidates(knowledge.probabilities(symbol))
        return ["take"] if points >= 2.5 and ["take"] in legal_moves else ["pass"]
    if kind == "shortcut":
        symbol = observation["offer"]["symbol"]
        values, _points = best_candidates(knowledge.probabilities(symbol), 2)
        values = values or knowledge.possible(symbol)[:1]
        move = ["shortcut", values]
        return move if move in legal_moves else legal_moves[0]
    if kind == "discard":
        # The stone with the most possible values: its replacement costs least.
        return max(legal_moves, key=lambda m: len(knowledge.possible(m[1])))
    if kind == "final":
        symbol = legal_moves[0][1]
        values, _points = best_candidates(knowledge.probabilities(symbol))
        move = ["final", symbol, values]
        return move if move in legal_moves else legal_moves[0]
    return legal_moves[0]
