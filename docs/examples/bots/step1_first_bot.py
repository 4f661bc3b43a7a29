# Lesson step 1 (docs/teaching.md): a first bot, with no deduction at all.
#
# The referee calls choose() whenever this player must decide. It gets what
# the player may see (observation) and every move allowed now (legal_moves),
# and must return one of those moves within 2 seconds.
#
# Idea: each of my hidden stones is worth about half the highest value, so the
# sum I bet on is about (number of dice) x (value_max / 2). Bet on the widest
# free wheel (the surest one) centred on that guess; for everything else, take
# the first move offered.


def choose(observation, legal_moves):
    kind = legal_moves[0][0]  # what is asked: "roll", "guess", "discard", "final"...
    if kind == "guess":
        middle = len(observation["dice"]) * observation["value_max"] / 2
        best_move, best_key = legal_moves[0], None
        for move in legal_moves:
            wheel, low = move[1], move[2]
            width = int(wheel[1:])  # "W7" is 7 values wide
            centre = low + (width - 1) / 2
            key = (-width, abs(centre - middle))  # widest first, then nearest the middle
            if best_key is None or key < best_key:
                best_move, best_key = move, key
        return best_move
    return legal_moves[0]
