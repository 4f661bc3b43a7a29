""""Play against my bot" (issue 14): the Bot lab's bot at the game's real table.

The lab (lab.html) leaves the student's code and the table's settings in
localStorage (PLAY_KEY) and opens index.html#play=lab. This page keeps its
own runtime for the engine; the bot's code runs in a Web Worker, on the
runtime the lab gave it (MicroPython when its imports allow, else Pyodide;
assets/labseat.js drives assets/lab-worker.js, role "bot") that is sent only
that seat's observation and legal moves as JSON text: the bot's interpreter
never holds the state (fair play, as in the lab's runs).

The Session plays the lab seat like any computer seat (solo.BotSeats), except
that its decision arrives later: until it has arrived, `LabSeats.decide`
raises Waiting and `LabSession.play_bots` stops there. The adapter asks the
worker (`LabSession.lab_request`) and hands the reply to `lab_answer`, which
plays on. A reply that is not a legal move, an error or a timeout: the easy bot
plays that one move instead and the computer's report says so; after
MAX_FAILURES in a row, or when the code cannot run at all, the easy bot keeps
the seat for the rest of the game (said once).

Records and saves hold the moves actually played, and name the lab seat
"easy" (the record's seat kinds are human/easy/medium/hard): they replay
anywhere, and a resumed save goes on with the easy bot in that seat (the
bot's code stays in the lab, not in the save).

Pure Python, MicroPython-portable (no DOM here; labbridge.py does the DOM and JS).
"""

from json import dumps

from ...player.request import bot_request, request_text
from ...rules.engine import legal_actions
from ...rules.options import Options
from ...rules.setup import new_game
from ...rules.vocab import BOT_LEVELS, HUMAN, PHASE_END
from ...services.jsonlimits import loads_limited, read_optional
from ..game.session import Session
from ..game.solo import BotSeats
from ..shell.i18n import _

PLAY_HASH = "#play=lab"
PLAY_KEY = "lostcode.lab.play"  # written by assets/lab.js, read here
WATCH_KEY = "lostcode.lab.watch"  # the lab's game for "Watch the game" (assets/lab.js)
MAX_WATCH = 200000  # characters, as a record (lostcode/services/record.py MAX_CHARS)
FALLBACK = BOT_LEVELS[0]  # who plays a move the student's bot could not
MAX_FAILURES = 3  # failed decisions in a row before the easy bot keeps the seat
MAX_CODE = 200000  # characters: the lab refuses bigger files too
MAX_REPLY = 100000  # characters of a bot's reply (a move is a few dozen)
NAME_MAX = 24  # the set-up form's limit
LAB_SEAT = 1  # the person sits at 0, the bot at 1, the lab's opponents after


class Waiting(Exception):
    """The lab seat must decide and its worker has not answered yet."""


def read_watch(text):
    """The record the lab left under WATCH_KEY, or None: read by the one reader,
    so a damaged or hostile key never stops the page (issue 25)."""
    data = read_optional(text, "Bot lab's game", MAX_WATCH)
    return data if isinstance(data, dict) else None


def read_play(text):
    """The lab's table settings from PLAY_KEY's text, checked; None when unusable.

    {"code": str, "players": 2-4, "level": a bot level, "names": [str] (optional),
    "seed": int (optional: the same deal again, e.g. for a class; else None)}.
    """
    data = read_optional(text, "Bot lab's table", MAX_CODE * 2)  # never stops the page
    if not isinstance(data, dict):
        return None
    code = data.get("code")
    players = data.get("players")
    level = data.get("level")
    if not isinstance(code, str) or not code.strip() or len(code) > MAX_CODE:
        return None
    if isinstance(players, bool) or players not in (2, 3, 4) or level not in BOT_LEVELS:
        return None
    names = data.get("names")
    if not isinstance(names, list) or len(names) != players:
        names = default_names(players, level)
    names = [clean_name(n, i) for i, n in enumerate(names)]
    seed = data.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2147483647:
        seed = None
    return {"code": code, "players": players, "level": level, "names": names, "seed": seed}


def clean_name(name, seat):
    name = " ".join(str(name).split())[:NAME_MAX] if isinstance(name, str) else ""
    return name or _("Player {n}", n=seat + 1)


def default_names(players, level):
    return [_("Player {n}", n=i + 1) for i in range(players)]


class LabSeats(BotSeats):
    """The computer seats of a table with the student's bot at `lab_seat`."""

    def __init__(self, seats, game_seed, lab_seat):
        BotSeats.__init__(self, seats, game_seed, sliced=True)
        self.lab_seat = lab_seat
        self.ready = None  # (move number, action) from the worker, checked
        self.asked = None  # the move number asked of the worker
        self.fallback = None  # the move number the easy bot plays instead
        self.failures = 0  # failed decisions in a row
        self.given_up = False  # the easy bot keeps the seat
        self.thinking = False  # the lab seat waits for its worker
        self.started = False  # the worker has answered once (before: "starting…")

    def decide(self, seat, obs):
        if seat != self.lab_seat or self.given_up:
            return BotSeats.decide(self, seat, obs)
        n = obs["move_number"]
        if self.fallback == n:
            return BotSeats.decide(self, seat, obs)  # an easy bot (solo.BotSeats)
        if self.ready is not None and self.ready[0] == n:
            return self.ready[1]
        raise Waiting()

    def note(self, text):
        """A sentence for the computer's report (why the easy bot played)."""
        self.report.append({"seat": self.lab_seat, "action": None, "events": [], "note": text})

    def waiting(self):
        return self.thinking or BotSeats.waiting(self)  # or an expert opponent searching

    def wait_text(self, names, shown=None):
        """What the table is told while the lab's bot has not moved (issue 22)."""
        if not self.thinking:
            return BotSeats.wait_text(self, names, shown)
        name = names[self.lab_seat]
        if not self.started:
            return _("{name} is starting…", name=name)
        return _("{name} is thinking…", name=name)

    def heading(self, names, step=None):
        if self.waiting() and not self.report:
            return self.wait_text(names)
        return BotSeats.heading(self, names, step)


class LabSession(Session):
    """A solo game: the person at seat 0, the student's bot at LAB_SEAT."""

    def __init__(self, play, seed):
        n = play["players"]
        seats = [HUMAN, FALLBACK] + [play["level"]] * (n - 2)
        options = Options(n)
        state = new_game(options, seed, play["names"])
        Session.__init__(self, options, seed, play["names"], seats, True, state)
        self.lab = LabSeats(self.seats, seed, LAB_SEAT)
        self.bots = self.lab
        self.resume()  # the computer seats (the lab's among them) may roll first

    def play_bots(self, limit=200):
        self.lab.thinking = False
        try:
            return Session.play_bots(self, limit)
        except Waiting:
            self.lab.thinking = True
            # the moves so far stay drawn while it thinks (solo.bot_screen shows the
            # latest): once it has moved, the steps go on from there, not from the first
            self.lab.step = max(0, len(self.lab.steps()) - 1)
            return 0

    def lab_request(self):
        """(move number, request JSON) when the bot's worker must be asked, once
        per decision; None otherwise. The request is what every bot is asked
        (lostcode/player/request.py): that seat's observation, nothing else."""
        b = self.lab
        s = self.state
        if not b.thinking or s.phase == PHASE_END or s.to_act != b.lab_seat:
            return None
        n = len(s.actions)  # the observation's move_number
        if b.asked == n:
            return None
        b.asked = n
        return n, request_text(bot_request(s, b.lab_seat, "bot", legal_actions(s)))

    def lab_answer_text(self, text):
        """The worker's reply as the page receives it (JSON text), read by the
        one reader (issue 25): a reply too long or too deep to read (a bot can
        return anything) is no answer, for the question asked, and never
        stops the page. True when it was taken (as lab_answer)."""
        try:
            reply = loads_limited(text, MAX_REPLY, "bot's reply")
        except Exception:
            return self.lab_answer(self.lab.asked, None)
        n = reply.get("n") if isinstance(reply, dict) else None
        if isinstance(n, bool) or not isinstance(n, int):
            return self.lab_answer(self.lab.asked, None)
        return self.lab_answer(n, reply)

    def lab_answer(self, move_number, reply):
        """The worker's reply (a dict) to the question for `move_number`: the move
        is played, or the easy bot plays instead. False for a stale reply."""
        b = self.lab
        s = self.state
        if b.asked != move_number or len(s.actions) != move_number or s.to_act != b.lab_seat:
            return False
        name = s.names[b.lab_seat]
        b.started = True
        problem = None
        move = reply.get("move") if isinstance(reply, dict) else None
        if move is not None:
            action = legal_match(move, legal_actions(s))
            if action is None:
                problem = _("{name} chose a move that is not legal: {move}.", name=name,
                            move=shown(move))
        else:
            problem = problem_text(reply, name)
        if problem is None:
            b.ready = (move_number, action)
            b.failures = 0
        else:
            b.failures += 1
            b.fallback = move_number
            cannot_run = isinstance(reply, dict) and ("cannot_run" in reply or "failed" in reply)
            if cannot_run or b.failures >= MAX_FAILURES:
                b.given_up = True
                b.note(problem + " " + _("The easy computer plays for it until the end of "
                                         "this game."))
            else:
                b.note(problem + " " + _("The easy computer played this move instead."))
        before = self._save_key()
        self.run_bots()
        self._count_change(before)  # the bot's move (or the easy one's) is the game's
        return True


def problem_text(reply, name):
    """Why the worker's reply is no move, in words (never its traceback)."""
    if not isinstance(reply, dict):
        return _("{name} gave no answer.", name=name)
    if reply.get("timeout"):
        return _("{name} took longer than {s} s to decide and was stopped.", name=name, s=2)
    if "cannot_run" in reply:
        return _("{name}'s code cannot run (run it in the Bot lab to see why).", name=name)
    if "failed" in reply:
        return _("{name} could not be started in this browser.", name=name)
    forfeit = reply.get("forfeit")
    if isinstance(forfeit, dict) and forfeit.get("reason") == "illegal":
        return _("{name} chose a move that is not legal: {move}.", name=name,
                 move=str(forfeit.get("detail", "")).split(" is not one of")[0][:80])
    if isinstance(forfeit, dict) and forfeit.get("reason") == "slow":
        return _("{name} took longer than {s} s to decide and was stopped.", name=name, s=2)
    return _("{name}'s code raised an error (run it in the Bot lab to see why).", name=name)


def legal_match(move, legal):
    """The engine's action whose JSON form is `move`, or None: nothing the worker
    sends is played unless it is one of the legal moves."""
    try:
        wanted = dumps(move)
    except (TypeError, ValueError):
        return None
    for action in legal:
        if dumps(action) == wanted:
            return action
    return None


def shown(move):
    try:
        text = dumps(move)
    except (TypeError, ValueError):
        text = str(move)
    return text if len(text) <= 80 else text[:77] + "..."
