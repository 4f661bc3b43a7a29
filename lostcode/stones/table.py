"""«Тайные камни» at a table of phones (issue 43): the adapter the table's
host (lostcode/table/host.py, lostcode/table/games.py) plays the game
through, one phone per player.

What it adds to the engine, and why:
- the observation is the engine's own (`observe`: the viewer's hand and
  nobody else's, S-S2), with the move number the table's messages carry, the
  game's key (a guest draws the game it is sent) and whether the viewer may
  take an action back now;
- undo within the turn (docs/stones.md: "Undo takes back the turn's actions
  until the turn is ended"), as the pass-and-play session does it: the game
  replayed from its seed without the last action, refused (S-A4) once the
  turn has ended, and only for the player to act (S-S3);
- the computer seats: the easy one at once, the searching one a slice per
  task of the host's page (`StonesJob`, the `thinking.Job` face the page's
  `slices.run` drives), so the host never holds its main thread long.

Pure Python, no I/O.
"""

from ..player.seats import Thinking  # the table's "not decided yet", for both games
from ..rules.errors import IllegalAction, RecordError
from .bots import make_bot
from .engine import apply_action, is_over, normalize
from .observation import observe
from .pageplay import SLICE_GRIDS  # grids a slice of the searching computer, as on its page
from .record import replay, to_record
from .state import new_game
from .vocab import EASY, END, HUMAN, SEARCH, SEAT_KINDS, SKIP

KEY = "stones"
UNDO = "undo"  # a table's action ["undo"]: take back the turn's last action


class StonesJob:
    """A searching seat's decision in slices (the face of thinking.Job that
    lostcode/web/shell/slices.py reads: `slice`, `done`, `ran`, `lead`)."""

    __slots__ = ("key", "bot", "obs", "done", "result", "ran", "lead")

    def __init__(self, key, bot, obs):
        self.key = key
        self.bot = bot
        self.obs = obs  # the seat's own observation, the same object every slice
        self.done = False
        self.result: tuple = ()  # the search's move once done
        self.ran = 0
        self.lead = 0.0

    def slice(self, clock) -> bool:
        if not self.done:
            action = self.bot.think(self.obs, SLICE_GRIDS)
            self.ran = SLICE_GRIDS
            if action is not None:
                self.result = tuple(action)
                self.done = True
        return self.done


class StonesSeats:
    """The computer seats of a table: each its own bot, seeded as the
    pass-and-play session seeds them."""

    __slots__ = ("bots", "job")

    def __init__(self, seats, seed):
        self.bots = [None if k == HUMAN else make_bot(k, seed * 7 + i + 1)
                     for i, k in enumerate(seats)]  # fmt: skip
        self.job = None

    def is_bot(self, seat) -> bool:
        return seat is not None and self.bots[seat] is not None

    def decide(self, seat, obs) -> tuple:
        bot = self.bots[seat]
        if getattr(bot, "think", None) is None:
            return tuple(bot.decide(obs))
        key = (seat, obs["move_number"])
        job = self.job
        if job is None or job.key != key:
            job = self.job = StonesJob(key, bot, obs)
        if not job.done:
            raise Thinking()
        self.job = None
        return job.result

    def thinking_job(self):
        job = self.job
        return job if job is not None and not job.done else None


def turn_start(state) -> int:
    """How many actions came before the current turn: its actions are the
    ones after the last end or skip (S-A4, S-A5)."""
    n = len(state.actions)
    while n > 0 and state.actions[n - 1][0] not in (END, SKIP):
        n -= 1
    return n


class StonesRules:
    __slots__ = ()
    key = KEY
    levels = (EASY, SEARCH)
    fallback_level = SEARCH

    def apply(self, state, action, seat) -> None:
        apply_action(state, normalize(action), seat)

    def is_undo(self, action) -> bool:
        return isinstance(action, (list, tuple)) and len(action) == 1 and action[0] == UNDO

    def undo(self, state, seat):
        """The game without the turn's last action (a new State); IllegalAction
        if `seat` is not to act or the turn has no action to take back."""
        if is_over(state):
            raise IllegalAction("S-E1", "game_over")
        if seat != state.to_act:
            raise IllegalAction(
                "S-S3", "not_your_turn", {"name": state.names[state.to_act], "other": str(seat)}
            )
        if len(state.actions) <= turn_start(state):
            raise IllegalAction("S-A4", "stones_nothing_to_undo")
        s = new_game(state.options, state.seed, state.names)
        for a in state.actions[:-1]:
            apply_action(s, a)
        return s

    def is_over(self, state) -> bool:
        return is_over(state)

    def observe(self, state, seat) -> dict:
        obs = observe(state, seat)
        obs["game"] = KEY
        obs["move_number"] = len(state.actions)
        obs["undo"] = seat == state.to_act and len(state.actions) > turn_start(state)
        if is_over(state):
            obs["undo"] = False
        return obs

    def observe_table(self, state, seats) -> dict:
        """The host's phone between its players' turns: no hand at all."""
        return self.observe(state, None)

    def bots(self, seats, seed):
        return StonesSeats(seats, seed)

    def record(self, state, seats) -> dict:
        return to_record(state, seats)

    def replay(self, record):
        state = replay(record)
        players = record.get("players") if isinstance(record, dict) else None
        seats = [p.get("kind", HUMAN) if isinstance(p, dict) else None for p in players or []]
        if len(seats) != state.options.players or any(k not in SEAT_KINDS for k in seats):
            raise RecordError("the stored table's seats are invalid")
        return state, seats

    def not_yours(self, state) -> IllegalAction:
        return IllegalAction("S-S3", "not_your_turn", {"name": "?", "other": "?"})
