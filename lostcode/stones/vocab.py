"""The second game's words, spelled once: pictures, tiles, action kinds,
phases and the numbers the rules name (docs/stones-rules.md).

A picture is one letter, so a grid is a 9-letter string and a pattern a few
short rows: compact enough for records, bots and tests alike.
"""

# Pictures (S-C1): each is the front or the back of one kind of tile.
SUN = "S"
MOON = "M"
FISH = "F"
BIRD = "B"
HORSE = "H"
BOAT = "O"
SEED = "E"
TREE = "T"
GREY = "."  # a pattern cell matching any tile («серая плитка», S-C2)

PICTURES = (SUN, MOON, FISH, BIRD, HORSE, BOAT, SEED, TREE)

# What is on the back of each picture (the player aid, «памятка»).
BACK = {
    SUN: MOON,
    MOON: SUN,
    FISH: BIRD,
    BIRD: FISH,
    HORSE: BOAT,
    BOAT: HORSE,
    SEED: TREE,
    TREE: SEED,
}

# The nine tiles (S-C1), as their two sides: 1 sun/moon, 2 fish/bird,
# 3 horse/boat, 3 seed/tree.
TILES = (
    (SUN, MOON),
    (FISH, BIRD), (FISH, BIRD),
    (HORSE, BOAT), (HORSE, BOAT), (HORSE, BOAT),
    (SEED, TREE), (SEED, TREE), (SEED, TREE),
)  # fmt: skip

SIZE = 3  # the grid is 3 x 3 (S-S1); position p is row p // 3, column p % 3
CELLS = SIZE * SIZE

# Pairs of positions sharing a side (S-A1), a < b, in a fixed order.
ADJACENT = tuple(
    [(p, p + 1) for p in range(CELLS) if p % SIZE < SIZE - 1]
    + [(p, p + SIZE) for p in range(CELLS - SIZE)]
)

# Action kinds (section 3).
SWAP = "swap"  # S-A1: ("swap", card, a, b)
FLIP = "flip"  # S-A2: ("flip", card, position)
COMPLETE = "complete"  # S-A3: ("complete", card)
END = "end"  # S-A4: ("end",)
SKIP = "skip"  # S-A5: ("skip",)
KINDS = (COMPLETE, SWAP, FLIP, END, SKIP)

# Phases.
PHASE_TURN = "turn"
PHASE_END = "over"

HAND = 4  # S-S2, S-A4: a hand is dealt and refilled to 4
SKIP_DRAW = 2  # S-A5
MAX_HAND = HAND + SKIP_DRAW  # a hand can reach 6
# S-E1: goals that end the game, by number of players.
GOALS_TO_END = {2: 10, 3: 9, 4: 8, 5: 7}
MIN_PLAYERS = 1
MAX_PLAYERS = 5
BONUS = 3  # S-E2: most completed 1-point cards
# Solo (S-O1..S-O3): the 16-card deck by points, and the penalty that loses.
SOLO_DECK = {1: 8, 2: 4, 3: 3, 5: 1}
SOLO_CARDS = 16
SOLO_PENALTIES = 4

# Seat kinds.
HUMAN = "human"
EASY = "easy"
SEARCH = "search"
SEAT_KINDS = (HUMAN, EASY, SEARCH)
