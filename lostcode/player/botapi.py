"""Bots written by players (issue 14): load one from Python source and referee its games.

A bot is a Python file that defines either a function
`choose(observation, legal_moves)` or a class `Bot` whose instances have that
method (a new instance for every game). It gets plain data only: the
observation of its seat (`observation.observe`, exactly what that player may
see) and the legal moves, both passed through JSON (lists, dicts, strings,
numbers: what a browser worker receives), and returns one of the moves.

Why a separate referee: the bot never gets the State. In the Bot lab the bot
runs in its own Web Worker and only ever receives this JSON; on the command
line (`python -m lostcode tournament --seats my_bot.py,easy`) it runs in a
child process (lostcode/cli/botchild.py) with the same time limit; `FileBot`
(the same interpreter, not a sandbox) is kept for tests that need that.

A decision that raises, returns something that is not a legal move, or takes
longer than the time limit loses that game (`Forfeit`): the game stops there,
nobody wins it and its scores are not counted in the means.
It runs on CPython, Pyodide and, for the Bot lab's workers (issue 26: a
MicroPython worker is ready in a fraction of Pyodide's start-up), MicroPython,
whose missing `traceback`, `linecache` and `time.perf_counter` have stand-ins
below. The main page never imports it.
"""

import sys
import time
from json import dumps, loads

from ..rules.engine import apply_action, is_over, legal_actions, normalize
from ..rules.errors import IllegalAction
from ..rules.observation import observe
from ..rules.setup import new_game
from ..services.jsonlimits import value_problem
from ..services.record import to_record
from .bots import LEVELS, Player
from .request import bot_request

BOT_FILENAME = "bot.py"
TIME_LIMIT = 2.0  # seconds per decision (the lab enforces it by stopping the worker)
FORFEIT_REASONS = ("error", "illegal", "slow")
# A legal move is at most 2 levels deep and holds a few items (measured): a
# move beyond these limits is refused before anything walks it recursively.
MOVE_DEPTH = 8
MOVE_ITEMS = 1000


class BotError(Exception):
    """The bot's code cannot run: `str(e)` is a traceback in the bot's own line numbers."""


class Forfeit(Exception):
    """One decision lost the game for `seat`: reason in FORFEIT_REASONS, detail for people."""

    def __init__(self, seat, reason: str, detail: str):
        super().__init__(reason + ": " + detail)  # MicroPython has no Exception.__init__
        self.seat = seat
        self.reason = reason
        self.detail = detail

    def to_dict(self) -> dict:
        return {"seat": self.seat, "reason": self.reason, "detail": self.detail}


def plain(x):
    """The data as a bot receives it: through JSON (tuples become lists)."""
    return loads(dumps(x))


# MicroPython's time has no perf_counter; its time() is precise enough for a
# time limit of seconds (the lab's page times the bot itself anyway).
_clock = getattr(time, "perf_counter", time.time)


def _short_traceback(exc, filename: str) -> str:
    """MicroPython's traceback (it has no `traceback` module), from the bot's first frame."""
    import io

    buffer = io.StringIO()
    sys.print_exception(exc, buffer)  # type: ignore[attr-defined]  # MicroPython only
    lines = buffer.getvalue().rstrip().split("\n")
    mark = 'File "' + filename + '"'
    for i, line in enumerate(lines):
        if mark in line:
            return "\n".join(lines[:1] + lines[i:])
    return "\n".join(lines)


def bot_traceback(exc, filename: str = BOT_FILENAME) -> str:
    """The traceback a student needs: from their first frame on, their line numbers.

    Frames of the referee (this module) before the bot's code are dropped; frames
    inside helpers the bot called (e.g. lostcode.player.deduction) are kept.
    """
    try:
        import traceback
    except ImportError:
        return _short_traceback(exc, filename)

    if isinstance(exc, SyntaxError):
        return "".join(traceback.format_exception_only(type(exc), exc)).rstrip()
    frames = traceback.extract_tb(exc.__traceback__)
    first = 0
    for i, f in enumerate(frames):
        if f.filename == filename:
            first = i
            break
    kept = frames[first:]
    text = "Traceback (most recent call last):\n" + "".join(traceback.format_list(kept))
    return (text + "".join(traceback.format_exception_only(type(exc), exc))).rstrip()


MICROPYTHON = sys.implementation.name == "micropython"


def stable_sorted(iterable, key=None, reverse=False) -> list:
    """`sorted` as CPython's: equal keys keep their order (reverse too).

    MicroPython's sort is not stable, so a bot writing
    `sorted(range(8), key=lambda v: -chances[v])` with two equal chances
    chose differently in the lab (MicroPython) than on the command line
    (CPython), and a class league's standings differed between the two. Bot
    code on MicroPython gets this one instead (`list.sort()` cannot be
    replaced: a bot should break ties in its key, as the lesson bots do).
    """
    items = list(iterable)
    keys = items if key is None else [key(x) for x in items]
    sign = -1 if reverse else 1
    order = sorted(range(len(items)), key=lambda i: (keys[i], sign * i), reverse=reverse)
    return [items[i] for i in order]


class BotProgram:
    """A bot's source, compiled and run once; `new_chooser()` for each game."""

    __slots__ = ("namespace", "filename")

    def __init__(self, source: str, filename: str = BOT_FILENAME, names=None):
        """`names`: globals the bot's file starts with (the lab's MicroPython
        worker gives it a print that stops at the page's output limit)."""
        self.filename = filename
        _remember_source(source, filename)
        namespace = {"__name__": "bot", "__file__": filename}
        if MICROPYTHON:
            namespace["sorted"] = stable_sorted
        if names:
            namespace.update(names)
        try:
            code = compile(source, filename, "exec")
            exec(code, namespace)
        except (Exception, SystemExit) as e:
            raise BotError(bot_traceback(e, filename)) from None
        self.namespace = namespace
        self.new_chooser()  # fail now, not in the first game, if there is nothing to call

    def new_chooser(self):
        ns = self.namespace
        if isinstance(ns.get("Bot"), type):
            try:
                bot = ns["Bot"]()
            except Exception as e:
                raise BotError(bot_traceback(e, self.filename)) from None
            choose = getattr(bot, "choose", None)
            if callable(choose):
                return choose
            raise BotError("class Bot has no method choose(self, observation, legal_moves)")
        if callable(ns.get("choose")):
            return ns["choose"]
        raise BotError(
            "the bot defines no choose(observation, legal_moves) function and no class Bot"
        )


def _remember_source(source: str, filename: str) -> None:
    """Let tracebacks quote the bot's lines (linecache knows no file called bot.py)."""
    try:
        import linecache
    except ImportError:  # MicroPython: its tracebacks never quote lines
        return

    lines = [line + "\n" for line in source.split("\n")]
    linecache.cache[filename] = (len(source), None, lines, filename)


def decide(choose, seat: int, observation: dict, legal: list, limit: float = TIME_LIMIT):
    """Ask a bot for a move given plain data; the move as plain data, or Forfeit."""
    start = _clock()
    try:
        move = choose(observation, legal)
    except Exception as e:
        raise Forfeit(seat, "error", bot_traceback(e)) from None
    spent = _clock() - start
    if limit is not None and spent > limit:
        raise Forfeit(seat, "slow", f"{spent:.1f} s for one decision (limit {limit:g} s)")
    return check_move(seat, move, legal)


def check_move(seat: int, move, legal: list, engine_form: bool = False):
    """The move as plain data if it is one of `legal` (plain data, or with
    `engine_form` the engine's own tuples), else Forfeit.

    Its depth and size are checked first, without recursion (issue 25: a
    move nested 5,000 deep made json.dumps kill Pyodide in the bot's worker
    and raise RecursionError on the command line). `engine_form` spares the
    referee turning every legal move into plain data to compare one answer:
    the move is turned into the engine's form instead (a third of the
    referee's time per answer on MicroPython, issue 26)."""
    problem = value_problem(move, MOVE_DEPTH, MOVE_ITEMS)
    if problem is not None:
        raise Forfeit(seat, "illegal", "the move is not one of the legal moves: " + problem)
    try:
        mine = plain(move)
    except (TypeError, ValueError):
        mine = None
    if mine is not None and engine_form:
        try:
            legal_one = normalize(mine) in legal
        except IllegalAction:
            legal_one = False
    else:
        legal_one = mine is not None and mine in legal
    if not legal_one:
        shown = repr(move)
        if len(shown) > 80:
            shown = shown[:77] + "..."
        raise Forfeit(seat, "illegal", shown + " is not one of the legal moves")
    return mine


# --- command line: a seat given as a file --------------------------------------------

_PROGRAMS = {}


def is_bot_file(spec: str) -> bool:
    return spec.endswith(".py")


def load_program(path: str) -> BotProgram:
    """Compile a bot file once per run (each game still gets a fresh chooser)."""
    if path not in _PROGRAMS:
        with open(path, encoding="utf-8") as fh:
            source = fh.read()
        _PROGRAMS[path] = BotProgram(source)
    return _PROGRAMS[path]


class FileBot:
    """A seat played by a bot file on the command line (same interpreter: no sandbox)."""

    __slots__ = ("choose", "limit")

    def __init__(self, path: str, limit: float = TIME_LIMIT):
        self.choose = load_program(path).new_chooser()
        self.limit = limit

    def act(self, state, legal: list):
        seat = state.to_act
        obs = plain(observe(state, seat, legal=legal))
        move = decide(self.choose, seat, obs, obs["legal"], self.limit)
        return tuple(move)


def seat_player(spec: str, seed: int):
    """A tournament seat: a built-in level, or a path to a bot file."""
    if is_bot_file(spec):
        return FileBot(spec)
    return Player(spec, seed)


def check_seat(spec: str):
    """None if `spec` can sit at a table, else a message for the command line."""
    if spec in LEVELS:
        return None
    if not is_bot_file(spec):
        return "unknown bot " + spec + " (choose from " + ", ".join(LEVELS) + ", or a .py file)"
    try:
        load_program(spec)
    except OSError as e:
        return "cannot read " + spec + ": " + str(e.strerror or e)
    except BotError as e:
        return spec + " cannot run:\n" + str(e)
    return None


def warn(message: str) -> None:
    print(message, file=sys.stderr)


# --- the lab's referee: one game, step by step -----------------------------------------

OUTSIDE = ("bot", "human")  # seats asked from outside (the lab's bot worker, a person)


class Match:
    """One game where built-in seats play inside and outside seats are asked.

    `next_request()` plays the built-in seats until an outside seat must decide
    and returns what that seat may know: its observation and the legal moves,
    as plain data. `answer(move)` plays that seat's move. The referee (the page's
    worker) keeps this object; the bot's worker only ever sees the requests.
    """

    __slots__ = ("state", "kinds", "players", "forfeit")

    def __init__(self, kinds: list, options, seed: int, bot_seed: int, names=None):
        self.state = new_game(options, seed, names)
        self.kinds = list(kinds)
        self.players = [
            None if k in OUTSIDE else Player(k, bot_seed * 31 + p) for p, k in enumerate(kinds)
        ]
        self.forfeit = None

    def over(self) -> bool:
        return self.forfeit is not None or is_over(self.state)

    def next_request(self):
        s = self.state
        while not self.over():
            p = s.to_act
            legal = legal_actions(s)
            if self.players[p] is None:
                return plain(bot_request(s, p, self.kinds[p], legal))
            apply_action(s, self.players[p].act(s, legal))
        return None

    def answer(self, move, legal=None) -> None:
        """Play the asked seat's move; an illegal one loses the game (Forfeit kept).
        `legal`: legal_actions(state) as the request was written with it, if kept."""
        s = self.state
        seat = s.to_act
        try:
            mine = check_move(seat, move, legal_actions(s) if legal is None else legal,
                              engine_form=True)
        except Forfeit as f:
            self.forfeit = f
            return
        apply_action(s, mine)

    def lose(self, reason: str, detail: str) -> None:
        """The seat to act lost the game (its worker failed, or was too slow)."""
        self.forfeit = Forfeit(self.state.to_act, reason, detail)

    def summary(self) -> dict:
        s = self.state
        finished = is_over(s) and self.forfeit is None
        return {
            "finished": finished,
            "scores": list(s.scores),
            "winner": s.result["winner"] if finished else None,
            "tie": bool(s.result["tie"]) if finished else False,
            "forfeit": self.forfeit.to_dict() if self.forfeit is not None else None,
            "record": to_record(s, [k if k not in OUTSIDE else "human" for k in self.kinds]),
        }


# --- a series of games: who sits where, and the numbers per participant ---------------


def seating(game: int, players: int) -> list:
    """Table position of each participant in game `game` (participant 0 is the
    player's bot): everybody moves one seat on per game, as in tournaments, so
    sitting first or last evens out."""
    shift = game % players
    return [(i + shift) % players for i in range(players)]


def series_stats(games: list, participants: int) -> list:
    """Per participant: games, wins, forfeits, and the mean, spread (standard
    deviation), lowest and highest of its scores in the games that finished.

    `games`: [{"at": seating, "summary": Match.summary()}]. A forfeited game
    counts for nobody (no win, no scores) but is counted against its loser.
    """
    rows = []
    for i in range(participants):
        scores, wins, forfeits = [], 0, 0
        for g in games:
            at, summary = g["at"], g["summary"]
            p = at[i]
            f = summary["forfeit"]
            if f is not None:
                if f["seat"] == p:
                    forfeits += 1
                continue
            scores.append(summary["scores"][p])
            if summary["winner"] == p and not summary["tie"]:
                wins += 1
        n = len(scores)
        mean = sum(scores) / n if n else 0.0
        var = sum((s - mean) * (s - mean) for s in scores) / n if n else 0.0
        rows.append(
            {
                "participant": i,
                "games": len(games),
                "finished": n,
                "wins": wins,
                "forfeits": forfeits,
                "mean": round(mean, 2),
                "spread": round(var**0.5, 2),
                "low": min(scores) if scores else 0,
                "high": max(scores) if scores else 0,
            }
        )
    return rows
