"""A bot file at the command line's table, run in a child process (issue 25).

The tournament used to exec a bot file in its own interpreter: a bot raising
KeyboardInterrupt, GeneratorExit or its own BaseException printed a
traceback, `sys.exit(3)` or `os._exit(0)` ended the whole tournament without
a word, and an endless loop (at load or in `choose`) hung it. Now each bot
file runs in a child Python process, as the Bot lab runs it in a worker the
page can stop: the parent (`ChildBot`) sends each request (that seat's
observation, the legal moves inside it: lostcode/player/request.py; JSON,
one line) and waits at most TIME_LIMIT seconds, the page's limit, for the
answer (one JSON line). A child that is too slow is killed and the game is
lost ("slow"); one that ends is the game lost ("error"), said with its exit
status; a new child is started for the next game. Whatever happens is one
line per game, never a traceback.

`python -m lostcode.cli.botchild FILE` is the child's side; people never run
it themselves. Not a sandbox: the bot's code runs with the user's rights.
"""

import os
import select
import subprocess
import sys
from json import dumps, loads

from ..player.botapi import (
    TIME_LIMIT,
    BotError,
    BotProgram,
    Forfeit,
    bot_traceback,
    check_move,
)
from ..player.botapi import decide as referee_decide
from ..player.request import bot_request, request_text
from ..rules.errors import RecordError
from ..services.jsonlimits import loads_limited
from .paths import PathProblem, read_regular

LOAD_LIMIT = 2.0  # seconds to run the bot's file once (the lab page's LOAD_LIMIT_MS)
MAX_FILE = 200000  # bytes: the lab's limit for a bot's code (lostcode/web/lab/labseat.py)
INF = float("inf")  # the child does not time itself: the parent stops it
MAX_REPLY = 1000000  # bytes of one answer line (a move is a few dozen)
PACKAGE_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class LoadProblem(Exception):
    """The bot's file cannot run: `str(e)` says why, in the bot's own line numbers."""


# --------------------------------------------------------------------------- the parent


class ChildBot:
    """A seat played by a bot file in its own process (one per file and run)."""

    __slots__ = ("path", "limit", "proc", "game", "buffer")

    def __init__(self, path, limit=TIME_LIMIT):
        self.path = path
        self.limit = limit
        self.proc = None
        self.game = None
        self.buffer = b""

    def start(self):
        """Start the child and run the bot's file once; LoadProblem if it can't."""
        self.close()
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(
            p for p in (PACKAGE_ROOT, env.get("PYTHONPATH")) if p
        )
        env["PYTHONIOENCODING"] = "utf-8"
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "lostcode.cli.botchild", self.path],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
        )
        self.buffer = b""
        self.game = None
        kind, reply = self._reply(LOAD_LIMIT)
        if kind == "timeout":
            self.close()
            raise LoadProblem("the file did not finish running within " + _secs(LOAD_LIMIT))
        if kind == "ended":
            raise LoadProblem("running the file ended its process (" + reply + ")")
        if not isinstance(reply, dict) or reply.get("ready") is not True:
            self.close()
            why = reply.get("cannot_run") if isinstance(reply, dict) else None
            raise LoadProblem(str(why or "the file could not be run"))

    def new_game(self, tag):
        """A new game: a class Bot gets a fresh instance (in the child)."""
        self.game = tag

    def act(self, state, legal):
        seat = state.to_act
        if self.proc is None or self.proc.poll() is not None:
            try:
                self.start()
            except LoadProblem as e:
                raise Forfeit(seat, "error", str(e)) from None
        request = bot_request(state, seat, "bot", legal)
        request["game"] = self.game
        proc = self.proc
        assert proc is not None and proc.stdin is not None
        try:
            proc.stdin.write(request_text(request).encode("utf-8") + b"\n")
            proc.stdin.flush()
        except OSError:
            pass  # the child has ended: said below
        kind, reply = self._reply(self.limit)
        if kind == "timeout":
            self.close()
            raise Forfeit(seat, "slow", "no move within " + _secs(self.limit) + " (stopped)")
        if kind == "ended":
            raise Forfeit(seat, "error", "the bot ended its process (" + reply + ")")
        if kind == "unreadable":  # out of step with the child now: the next game starts afresh
            self.close()
            raise Forfeit(seat, "illegal", reply)
        if isinstance(reply, dict) and isinstance(reply.get("forfeit"), dict):
            f = reply["forfeit"]
            raise Forfeit(seat, str(f.get("reason", "error")), str(f.get("detail", "")))
        move = reply.get("move") if isinstance(reply, dict) else None
        return tuple(check_move(seat, move, legal, engine_form=True))

    def _reply(self, limit):
        """("reply", data), ("timeout", None), ("ended", "exit status N") or
        ("unreadable", why)."""
        import time

        deadline = time.monotonic() + limit
        assert self.proc is not None
        out = self.proc.stdout
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                return "timeout", None
            ready, _w, _x = select.select([out], [], [], left)
            if not ready:
                return "timeout", None
            chunk = os.read(out.fileno(), 65536)
            if not chunk:
                return "ended", self._ended()
            self.buffer += chunk
            if len(self.buffer) > MAX_REPLY:
                self.close()
                return "ended", "an answer longer than " + str(MAX_REPLY) + " bytes"
        line, self.buffer = self.buffer.split(b"\n", 1)
        try:  # the one reader (issue 25): the bot's code can write to this pipe too
            return "reply", loads_limited(line, MAX_REPLY, "answer")
        except RecordError as e:
            return "unreadable", str(e)

    def _ended(self):
        proc = self.proc
        self.proc = None
        assert proc is not None
        try:
            code = proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            proc.kill()
            code = proc.wait()
        return "exit status " + str(code)

    def close(self):
        proc = self.proc
        self.proc = None
        if proc is not None:
            if proc.poll() is None:
                proc.kill()
            proc.wait()
            for stream in (proc.stdin, proc.stdout):
                try:
                    stream.close()
                except OSError:
                    pass


def _secs(x):
    return ("%g" % x) + " s"  # noqa: UP031 - "2 s", as the page says it


def check_file(path):
    """None if the bot file at `path` runs, else what stops it (for the command line)."""
    try:
        read_regular(path, 0)  # a named pipe or a device is refused, never waited on
    except PathProblem as e:
        return str(e)
    bot = ChildBot(path)
    try:
        bot.start()
    except LoadProblem as e:
        return path + " cannot run:\n" + str(e)
    finally:
        bot.close()
    return None


# --------------------------------------------------------------------------- the child


def _read_source(path):
    with open(path, "rb") as fh:
        raw = fh.read(MAX_FILE + 1)
    if len(raw) > MAX_FILE:
        raise LoadProblem("the file is larger than " + str(MAX_FILE) + " bytes")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise LoadProblem(
            "the file is not UTF-8 text (byte " + hex(raw[e.start]) + " at position "
            + str(e.start) + "); save it as UTF-8"
        ) from None
    return text[1:] if text.startswith("\ufeff") else text


def child_main(path):
    """The child's loop: load the file, then answer one request per line."""
    # The protocol keeps the real stdin/stdout; the bot's prints go to stderr
    # and its input() reads nothing, so they cannot garble an answer.
    proto_in = os.fdopen(os.dup(0), "rb")
    proto_out = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    sys.stdout = sys.stderr

    def send(data):
        proto_out.write(dumps(data).encode("utf-8") + b"\n")
        proto_out.flush()

    try:
        program = BotProgram(_read_source(path))
    except (LoadProblem, BotError) as e:
        send({"cannot_run": str(e)})
        return 0
    except OSError as e:
        send({"cannot_run": "cannot read the file: " + str(e.strerror or e)})
        return 0
    except BaseException as e:  # KeyboardInterrupt, GeneratorExit, its own: said, not raised
        send({"cannot_run": bot_traceback(e)})
        return 0
    send({"ready": True})
    choose, game = None, None
    while True:
        line = proto_in.readline()
        if not line:
            return 0
        req = loads(line.decode("utf-8"))
        try:
            if choose is None or req["game"] != game:
                choose, game = program.new_chooser(), req["game"]
            obs = req["observation"]
            move = referee_decide(choose, req["seat"], obs, obs["legal"], INF)
            send({"move": move})
        except Forfeit as f:
            send({"forfeit": {"reason": f.reason, "detail": f.detail}})
        except BotError as e:
            send({"forfeit": {"reason": "error", "detail": str(e)}})
        except BaseException as e:  # sys.exit, KeyboardInterrupt, GeneratorExit...
            send({"forfeit": {"reason": "error", "detail": bot_traceback(e)}})


if __name__ == "__main__":
    sys.exit(child_main(sys.argv[1]))
