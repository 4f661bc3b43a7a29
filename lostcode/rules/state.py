"""The whole game state, including what nobody may see.

Only the engine reads this directly; screens and bots get an observation
(`observation.observe`) built for one viewer. Plain lists and dicts keyed by
symbol name keep it portable (MicroPython) and cheap to copy.
"""

from .components import RACKS
from .vocab import PHASE_ROLL


class State:
    __slots__ = (
        "options",
        "names",
        "seed",
        "rng",
        "round",
        "phase",
        "to_act",
        "queue",
        "roller",
        "roll",
        "dice",
        "box",
        "piles",
        "racks",
        "discards",
        "scores",
        "heights",
        "next_height",
        "guesses",
        "wrong",
        "offer_symbol",
        "tokens",
        "token_holder",
        "token_candidates",
        "curse",
        "curse_holder",
        "cursed",
        "final",
        "history",
        "log",
        "score_events",
        "actions",
        "result",
    )

    def __init__(self):
        self.options = None
        self.names = []
        self.seed = 0
        self.rng = None
        self.round = 1
        self.phase = PHASE_ROLL
        self.to_act = None
        # Players still to act in this phase, in rule order (head = to_act).
        self.queue = []
        self.roller = None
        self.roll = []  # the dice as rolled (before any turn), symbol names
        self.dice = []  # the dice now
        self.box = {}  # symbol -> value set aside unseen (R-S3)
        self.piles = {}  # symbol -> list of values, top = last (R-S5)
        self.racks = [{} for _ in range(RACKS)]  # rack -> symbol -> value
        # rack -> list of {"round", "symbol", "value"}, oldest first (R-P3); public
        self.discards = [[] for _ in range(RACKS)]
        self.scores = []
        # Stack height of each marker's last arrival: larger = higher in its stack.
        self.heights = []
        self.next_height = 0
        self.guesses = {}  # player -> (wheel, low) this round, secret until checked
        self.wrong = []  # players wrong in this round's check
        self.offer_symbol = None
        self.tokens = {}  # symbol -> AVAILABLE / TAKEN / GONE (R-X2)
        self.token_holder = {}  # symbol -> player
        self.token_candidates = {}  # symbol -> tuple of values
        self.curse = None  # None (not in play) / AVAILABLE / TAKEN / GONE (R-X3)
        self.curse_holder = None
        self.cursed = None  # who is cursed during the current check phase
        self.final = []  # player -> {symbol: tuple of values}
        self.history = []  # one public dict per round
        self.log = []  # public events, oldest first
        self.score_events = []  # (player, delta, reason, round)
        self.actions = []  # every applied action, for the record
        self.result = None

    @property
    def players(self) -> int:
        return self.options.players

    @property
    def symbols(self) -> tuple:
        return self.options.symbols

    def copy(self) -> "State":
        """A deep-enough copy for search: every mutable container is fresh."""
        s = State()
        s.options = self.options
        s.names = list(self.names)
        s.seed = self.seed
        s.rng = self.rng.copy()
        s.round = self.round
        s.phase = self.phase
        s.to_act = self.to_act
        s.queue = list(self.queue)
        s.roller = self.roller
        s.roll = list(self.roll)
        s.dice = list(self.dice)
        s.box = dict(self.box)
        s.piles = {k: list(v) for k, v in self.piles.items()}
        s.racks = [dict(r) for r in self.racks]
        s.discards = [list(d) for d in self.discards]
        s.scores = list(self.scores)
        s.heights = list(self.heights)
        s.next_height = self.next_height
        s.guesses = dict(self.guesses)
        s.wrong = list(self.wrong)
        s.offer_symbol = self.offer_symbol
        s.tokens = dict(self.tokens)
        s.token_holder = dict(self.token_holder)
        s.token_candidates = dict(self.token_candidates)
        s.curse = self.curse
        s.curse_holder = self.curse_holder
        s.cursed = self.cursed
        s.final = [dict(f) for f in self.final]
        s.history = [_copy_round(h) for h in self.history]
        s.log = list(self.log)
        s.score_events = list(self.score_events)
        s.actions = list(self.actions)
        s.result = self.result
        return s

    def current_round(self) -> dict:
        return self.history[-1]


def _copy_round(h: dict) -> dict:
    """Every list and dict the rules change in place is fresh (rounds.py appends
    bear turns, wheels and discards, shortcut.py fills the offer): a state
    copied mid-round must not change when the original plays on (the replay
    viewer keeps such copies, lostcode/web/game/viewer.py; the pass-and-play drafts
    play moves on a copy)."""
    c: dict = {k: (list(v) if isinstance(v, list) else v) for k, v in h.items()}
    c["guesses"] = [dict(g) for g in h["guesses"]]
    if h["offer"] is not None:
        c["offer"] = dict(h["offer"])
        c["offer"]["passed"] = list(h["offer"]["passed"])
    return c
