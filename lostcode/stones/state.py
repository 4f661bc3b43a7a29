"""The whole state of one game of «Тайные камни», including what nobody may
see (the deck's order, every hand). Screens and bots read `observation.py`
instead; only the engine and the tests read this.
"""

from ..rules.rng import Rng
from .cards import CARD_IDS, POINTS
from .grid import random_grid
from .vocab import GOALS_TO_END, HAND, MAX_PLAYERS, MIN_PLAYERS, PHASE_TURN, SOLO_DECK


class Options:
    """The number of players (1 is the solo game, S-O1) and S-E1's option:
    finish the round once the game's end is reached (off by default)."""

    __slots__ = ("players", "finish_round")

    def __init__(self, players: int, finish_round: bool = False):
        if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError("1 to 5 players")
        self.players = players
        self.finish_round = bool(finish_round)

    def to_dict(self) -> dict:
        return {"players": self.players, "finish_round": self.finish_round}

    @property
    def solo(self) -> bool:
        return self.players == 1

    def goals_to_end(self) -> int:
        """S-E1 (the solo game ends on its own terms, S-O3: the cards run out)."""
        return GOALS_TO_END.get(self.players, 0)


class State:
    __slots__ = (
        "options", "seed", "names", "rng", "grid", "deck", "discard", "hands", "done",
        "first", "to_act", "phase", "acted", "completed_now", "skipped", "penalties",
        "last_round", "turns", "result", "actions",
    )  # fmt: skip

    def __init__(self, options: Options, seed: int, names: list):
        self.options = options
        self.seed = seed
        self.names = list(names)
        self.rng = Rng(seed)
        self.grid = ""  # 9 letters, row by row (grid.py)
        self.deck: list = []  # face down; the top is the end of the list
        self.discard: list = []  # «сброс», face up; the top is the end
        self.hands: list = []  # each player's hidden hand, card ids
        self.done: list = []  # each player's completed cards, in the order completed
        self.first = 0
        self.to_act = 0
        self.phase = PHASE_TURN
        self.acted = False  # an action (swap, flip, complete) this turn: no skip (S-A5)
        self.completed_now = 0  # goals completed this turn (S-O2)
        self.skipped: list = []  # whether each player's last turn was a skip (S-A5)
        self.penalties = 0  # solo (S-O2)
        self.last_round = False  # S-E1's option: the end is reached, the round finishes
        self.turns = 0  # turns ended so far
        self.result = None  # at the end: {"scores", "bonus", "winners"[, "solo"]}
        self.actions: list = []


def new_game(options: Options, seed: int, names: list) -> State:
    """Set-up (S-S1..S-S3; solo S-O1). Everything random comes from the seed."""
    n = options.players
    if len(names) != n:
        raise ValueError("one name per player")
    s = State(options, seed, names)
    s.grid = random_grid(s.rng)  # S-S1
    if options.solo:
        deck = []
        for pts in (1, 2, 3, 5):  # S-O1: 8 of 1, 4 of 2, 3 of 3, 1 of 5
            of_value = [c for c in CARD_IDS if POINTS[c] == pts]
            s.rng.shuffle(of_value)
            deck += of_value[: SOLO_DECK[pts]]
    else:
        deck = list(CARD_IDS)
    s.rng.shuffle(deck)  # S-S2
    s.deck = deck
    s.hands = [[] for _ in range(n)]
    s.done = [[] for _ in range(n)]
    s.skipped = [False] * n
    for p in range(n):
        for _ in range(HAND):
            s.hands[p].append(s.deck.pop())
    s.first = s.rng.below(n)  # S-S3 [edition]: the dark aid goes to a seeded random player
    s.to_act = s.first
    return s
