"""The pieces in the box, as data.

Everything a rule needs to know about the physical components lives here, once,
so a correction (say, to the wheel table, RULES §1) never touches game logic.
Symbols are referred to by name everywhere outside the engine's hot loops; the
canonical order below is the order of sheet rows, rack slots and dice legends.
"""

SYMBOLS = ("jaguar", "bird", "bear", "chameleon", "snake", "human")
COLOURS = {
    "jaguar": "yellow",
    "bird": "blue",
    "bear": "red",
    "chameleon": "purple",
    "snake": "green",
    "human": "pink",
}
BEAR = "bear"

RACKS = 4
DICE = 3

# Wheels: (id, width, VP). [edition] The rulebook does not print the faces;
# RULES §1 fixes this table. W1, the narrowest, gets no higher/lower answer.
WHEELS = (
    ("W1", 1, 5),
    ("W2", 2, 4),
    ("W3", 3, 3),
    ("W4", 4, 3),
    ("W5", 5, 2),
    ("W7", 7, 2),
    ("W10", 10, 1),
)
WHEEL_IDS = tuple(w[0] for w in WHEELS)
WHEEL_WIDTH = {w[0]: w[1] for w in WHEELS}
WHEEL_VP = {w[0]: w[2] for w in WHEELS}
NARROWEST_WHEEL = "W1"

# Ring ends: normal side 0-21, High Stakes side 0-24 (R-G3, R-V1).
RING_MAX = 21
RING_MAX_HIGH_STAKES = 24
# Highest stone value: 0-7 normally, 0-8 in High Stakes (R-S2, R-V1).
VALUE_MAX = 7
VALUE_MAX_HIGH_STAKES = 8

# R-S1: rounds by player count.
ROUNDS = {2: 10, 3: 9, 4: 8}
MIN_PLAYERS = 2
MAX_PLAYERS = 4

# R-X2d: last round in which shortcut tokens may be taken, by player count.
SHORTCUT_LAST_ROUND = {2: 7, 3: 6, 4: 5}

# R-X3: curse thresholds.
CURSE_TAKE_AT = 7
CURSE_LEAVES_AT = 13

# R-E2 / R-X2c: final points by number of candidates when correct, and when wrong.
FINAL_POINTS = {1: 5, 2: 2, 3: 1}
FINAL_WRONG = -2
SHORTCUT_FACTOR = 2
MAX_CANDIDATES = 3


def wheel_range(wheel: str, low: int) -> tuple:
    """The inclusive range a wheel covers when its low end is set to `low`."""
    return (low, low + WHEEL_WIDTH[wheel] - 1)
