# Lesson step 2 (docs/teaching.md): let the deduction helpers think.
#
# Knowledge(observation) works out what my hidden stones can still be from
# everything I can see (the other racks, the discards, what the others bet).
# sum_distribution(dice) gives the chance of every possible sum; best_low()
# places a wheel where it is most likely to hold the sum. We pick the wheel
# with the most points on average: chance x points of that wheel.
from lostcode.player.deduction import Knowledge, best_low, free_wheels

# Points for a right range on each wheel (narrow wheels pay more).
WHEEL_POINTS = {"W1": 5, "W2": 4, "W3": 3, "W4": 3, "W5": 2, "W7": 2, "W10": 1}


def choose(observation, legal_moves):
    kind = legal_moves[0][0]
    if kind == "guess":
        sums = Knowledge(observation).sum_distribution(observation["dice"])
        best_move, best_points = legal_moves[0], -1.0
        for wheel in free_wheels(observation):
            low, chance = best_low(sums, wheel, observation["ring_max"])
            move = ["guess", wheel, low]
            if chance * WHEEL_POINTS[wheel] > best_points and move in legal_moves:
                best_move, best_points = move, chance * WHEEL_POINTS[wheel]
        return best_move
    if kind == "final":
        # At the end of the game: write the single most likely value of the stone.
        symbol = legal_moves[0][1]
        chances = Knowledge(observation).probabilities(symbol)
        move = ["final", symbol, [chances.index(max(chances))]]
        if move in legal_moves:
            return move
    return legal_moves[0]
