"""What the stones page decides that is not drawing: the set-up's choices,
a computer's decision in slices, a game saved and resumed, the end's table.
Pure Python, no DOM (issue 43); the adapter is lostcode/web/stonesgame/.

Why here: the page's one rule of time — no task on the main thread longer
than ~100 ms — is kept by asking the searching computer for its decision a
slice of the search at a time (`SearchBot.think`, search.py resumes). Each
slice is one task; between slices the page answers taps and paints.
"""

from ..rules.errors import RecordError
from ..services.record import json_object
from .observation import observe
from .record import replay, to_record
from .session import COMPUTER, StonesSession
from .vocab import HUMAN, MAX_PLAYERS, MIN_PLAYERS, SEAT_KINDS

SAVE_FORMAT = "lostcode-stones-save"
SAVE_VERSION = 1
# Grids a slice of the searching computer looks at (docs/stones.md: measured
# in the page, tools/bench_stones_page.py).
SLICE_GRIDS = 60


def check_setup(names: list, seats: list) -> list:
    """The set-up's problems (empty: it may start): 1-5 players, known seat
    kinds, at least one human (the page is for playing, not watching)."""
    out = []
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS or len(names) != len(seats):
        out.append("players")
    if any(k not in SEAT_KINDS for k in seats):
        out.append("seats")
    if HUMAN not in seats:
        out.append("human")
    return out


def new_session(names: list, seats: list, seed: int) -> StonesSession:
    names = [str(n).strip() or str(i + 1) for i, n in enumerate(names)]
    return StonesSession(names, list(seats), seed)


class Thinker:
    """A computer seat's next decision, a slice at a time. `step(session)`
    plays it once found (True), or returns False: call again in a new task."""

    __slots__ = ("obs", "slices")

    def __init__(self):
        self.obs = None  # the observation the bot is thinking about (think() keys on it)
        self.slices = 0  # slices of the current decision so far

    def step(self, session, budget: int = SLICE_GRIDS) -> bool:
        if session.screen != COMPUTER:
            self.obs = None
            return True
        s = session.state
        bot = session.bots[s.to_act]
        if self.obs is None:
            self.obs = observe(s, s.to_act)  # the seat's own view only
            self.slices = 0
        self.slices += 1
        think = getattr(bot, "think", None)
        action = think(self.obs, budget) if think is not None else bot.decide(self.obs)
        if action is None:
            return False
        self.obs = None
        session.play_decision(tuple(action))
        return True


def to_save(session, save_id: str = "", now: str = "", created=None) -> dict:
    """The game as stored in the browser: its record (seed and actions, with
    each seat's kind), from which `from_save` rebuilds it, in the envelope of
    the page's saved games (lostcode/services/saves.py: id, times, seats, ui),
    so the saved-games list shows it beside the Lost Code's (issue 43)."""
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "id": save_id,
        "created": created if isinstance(created, str) else now,
        "updated": now,
        "record": to_record(session.state, session.seats),
        "seats": list(session.seats),
        "ui": {},
    }


def moves(session) -> list:
    """The record's actions so far, as JSON lists (what a saved slot holds)."""
    return [list(a) for a in session.state.actions]


def save_entry(session, save_id: str, now: str, created=None) -> dict:
    """The saved-games list's entry of the game: its save and its line (no
    hand in it: names and the turn; lostcode/services/saves.py checks it)."""
    save = to_save(session, save_id, now, created)
    s = session.state
    summary = {
        "id": save_id, "game": SAVE_FORMAT, "names": list(s.names), "turn": s.turns + 1,
        "created": save["created"], "updated": now,
    }  # fmt: skip
    return {"summary": summary, "save": save}


def from_save(data) -> StonesSession:
    """A session from a stored save; RecordError if it is not one. The turn
    in progress goes on where it was (undo reaches back to the resume)."""
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise RecordError("this is not a saved game of «Тайные камни»")
    rec = data.get("record")
    state = replay(rec)  # a record it is, or RecordError
    players = rec["players"] if isinstance(rec, dict) else []
    seats = [p.get("kind") if isinstance(p, dict) else None for p in players]
    if check_setup(state.names, seats):
        raise RecordError("a saved game needs a seat kind for every player")
    ses = StonesSession(list(state.names), seats, state.seed, state.options.finish_round)
    ses.resume(state)
    return ses


def finished_entry(session, save_id: str, now: str) -> dict:
    """The finished game as the saved-games list's history keeps it (the
    Lost Code's shape, lostcode/services/saves.py: id, names, scores, date
    and its record), so it is listed, watched and downloaded with the others."""
    s = session.state
    res = s.result or {}
    return {
        "id": save_id,
        "names": list(s.names),
        "scores": list(res.get("scores") or [0] * s.options.players),
        "finished": now,
        "record": to_record(s, session.seats),
    }


def record_session(data) -> StonesSession:
    """A session from a game record (a file imported, or a finished game of
    the list): replayed from its seed, so every action is checked again;
    RecordError saying why otherwise. A seat kind the record does not name
    is a human's; a game not over goes on where it stopped (a human must
    play in it)."""
    rec = json_object(data, "a game record", "record")
    state = replay(rec)
    players = rec.get("players") or []  # replay() read them: a list of the seats
    seats = [p.get("kind", HUMAN) if isinstance(p, dict) else HUMAN for p in players]
    seats = [k if k in SEAT_KINDS else HUMAN for k in seats]
    if HUMAN not in seats and state.result is None:
        raise RecordError("nobody in this game is a human player, so it cannot go on")
    ses = StonesSession(list(state.names), seats, state.seed, state.options.finish_round)
    ses.resume(state)
    return ses


def end_rows(session) -> list:
    """The end screen's table: (name, completed cards, points, won) per
    player, best first."""
    s = session.state
    res = s.result or {}
    scores = res.get("scores") or [0] * s.options.players
    winners = res.get("winners") or []
    rows = [(s.names[p], len(s.done[p]), scores[p], p in winners) for p in range(len(s.names))]
    return sorted(rows, key=lambda r: -r[2])



def screen_key(session) -> tuple:
    """(screen kind, player to act, actions so far): what tells the page a
    new screen from the same one drawn again."""
    s = session.state
    return (session.screen, s.to_act, len(s.actions))


def to_act_name(session) -> str:
    s = session.state
    return s.names[s.to_act] if s.to_act is not None else ""
