# An example bot for The Lost Code. Change it, then press "Run games".
#
# The referee calls choose() whenever your player must decide. It gets:
#   observation: what your player may see (plain data: dicts, lists, numbers);
#                your own stones are None in observation["racks"].
#   legal_moves: every move allowed now, e.g. ["guess", "W3", 8].
# Return one of the legal moves. An error, a move that is not in the list or
# more than 2 seconds of thinking loses the game.
from lostcode.player.deduction import Knowledge, best_low, free_wheels

# Points for a right range on each wheel (narrow wheels pay more).
WHEEL_POINTS = {"W1": 5, "W2": 4, "W3": 3, "W4": 3, "W5": 2, "W7": 2, "W10": 1}


def choose(observation, legal_moves):
    kind = legal_moves[0][0]  # what is asked: "roll", "guess", "discard", "final"…
    if kind == "guess":
        # What could my hidden stones be? Knowledge works it out from what I see.
        knowledge = Knowledge(observation)
        sums = knowledge.sum_distribution(observation["dice"])
        best_move, best_points = legal_moves[0], -1.0
        for wheel in free_wheels(observation):
            # The best place for this wheel and the chance that it is right.
            low, chance = best_low(sums, wheel, observation["ring_max"])
            points = chance * WHEEL_POINTS[wheel]
            move = ["guess", wheel, low]
            if points > best_points and move in legal_moves:
                best_move, best_points = move, points
        return best_move
    if kind == "final":
        # At the end: write the single most likely value of the stone.
        symbol = legal_moves[0][1]
        chances = Knowledge(observation).probabilities(symbol)
        move = ["final", symbol, [chances.index(max(chances))]]
        if move in legal_moves:
            return move
    # Anything else (roll, keep the dice, replace a stone...): the first choice.
    return legal_moves[0]
