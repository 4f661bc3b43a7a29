"""Today's code (issue 28): daily deduction puzzles, proved by the exact deduction.

A puzzle is a moment of a real game (bots played it, tools/build_puzzles.py)
seen by one seat: the game's options, seed and its first actions (a compact
record), the seat, and a question about that seat's own hidden stones ("What
is your bird stone?", "What is the sum of your jaguar and snake stones?").

Why no answer is stored: the answer is whatever `Knowledge` (deduction.py)
proves from `observe(state, seat)`, so the page replays the record and asks
the same deduction the assistant uses. The data file never holds an answer
for a curious reader of the page source, and a puzzle whose answer the
deduction does not pin is refused (`check`, tests/test_puzzles.py runs it on
every shipped puzzle).

Difficulty (`facts_needed`): how many of the shown facts the proof needs, from
the deduction itself: the fewest of the seat's own checks (round results) that
still pin the answer, found by dropping checks one at a time while the answer
stays unique, then the fewest visible stones (other racks, discards) the same
way. Easy: one check (or none) with what you see; medium: two checks; hard:
three or more checks combined.

The screen (issue 40, "the puzzle at once"): an entry also holds what its
seat's screen draws (`encode_screen`, written by tools/build_puzzles.py), so
the page draws the puzzle from the data alone (`screen_obs`) and replays and
proves it later, off the first frame: the deduction (and its solver) and the
observation are imported by the functions that need them, not by this
module. tests/test_puzzles.py checks every entry's screen is its replay's.

Pure Python, MicroPython-portable: it imports the rules and the deduction only.
"""

from ...rules.components import SYMBOLS, WHEEL_IDS, wheel_range
from ...rules.engine import apply_action
from ...rules.errors import RecordError
from ...rules.moves import KINDS, LOW, MOVES, SYMBOL, WHEEL
from ...rules.options import OPTION_FLAGS, Options
from ...rules.setup import new_game
from ...rules.vocab import (
    ACCEPT,
    CHANGE,
    CORRECT,
    DISCARD,
    GUESS,
    HIGHER,
    LOWER,
    ROLL,
    TURN_BEAR,
    WRONG,
)
from ...services.jsonlimits import loads_limited

FORMAT = "lostcode-puzzles"
MAX_FILE = 400000  # characters of the data file (about 150 kB in use, with the screens)
ONE = "one"  # "What is your {symbol} stone?"
SUM = "sum"  # "What is the sum of your {symbol} and {other} stones?"
EASY, MEDIUM, HARD = 1, 2, 3
LEVELS = (EASY, MEDIUM, HARD)
MAX_ACTIONS = 200  # a puzzle stops before round 10's roll: ~70 actions at most
_FLAG_LETTERS = {"introductory": "i", "high_stakes": "h", "shortcut": "s", "curse": "c"}


class PuzzleError(ValueError):
    """A puzzle entry that cannot be used (damaged data file, wrong shape)."""


# --------------------------------------------------------------------------- days


def epoch_day(iso: str) -> int:
    """Days from 1970-01-01 to the date "YYYY-MM-DD" (proleptic Gregorian;
    MicroPython has no datetime)."""
    y, m, d = int(iso[0:4]), int(iso[5:7]), int(iso[8:10])
    y -= m <= 2
    era = (y if y >= 0 else y - 399) // 400
    yoe = y - era * 400
    doy = (153 * (m + (-3 if m > 2 else 9)) + 2) // 5 + d - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def today_number(start: str, now_iso: str) -> int:
    """The puzzle of the UTC day of `now_iso` (JavaScript's toISOString(): a
    string, since a millisecond count does not survive MicroPython's small
    ints): 1 on the start date; never below 1 (a clock set before the start)."""
    return max(1, epoch_day(now_iso[:10]) - epoch_day(start) + 1)


# --------------------------------------------------------------------------- the book


class Book:
    """The shipped puzzles (assets/puzzles.json), checked on reading: the
    entries are decoded one by one when opened."""

    __slots__ = ("start", "entries")

    def __init__(self, start, entries):
        self.start = start
        self.entries = entries

    def entry(self, n: int):
        """Puzzle n's entry; after the last one the set starts again (the
        same for everyone on the same day). A line of the file is read (by
        the project's reader) only when its puzzle is opened."""
        e = self.entries[(n - 1) % len(self.entries)]
        if isinstance(e, str):
            try:
                e = loads_limited(e, MAX_LINE, "puzzle")
            except RecordError as err:
                raise PuzzleError(str(err)) from None
        return e


MAX_LINE = 4000  # characters of one puzzle's line (about 150 in use)


def _by_lines(text):
    """The file as tools/build_puzzles.py writes it (one puzzle a line) -> Book,
    or None when it is laid out otherwise. Why: reading the whole file with
    the reader's grammar check cost ~0.3 s on MicroPython (x4 on a phone);
    splitting lines is done in C, and a line is read only when opened."""
    lines = text.split("\n")
    head = ['{', '"format": "' + FORMAT + '",', '"version": 1,']
    if len(lines) < 8 or lines[:3] != head or lines[4] != '"puzzles": [':
        return None
    start = lines[3]
    if not (start.startswith('"start": "') and start.endswith('",') and len(start) == 22):
        return None
    tail = lines[-3:] if lines[-1] == "" else lines[-2:] + [""]
    if tail[:2] != ["]", "}"]:
        return None
    body = lines[5 : len(lines) - (3 if lines[-1] == "" else 2)]
    entries = []
    for i in range(len(body)):
        line = body[i]
        if i < len(body) - 1:
            if not line.endswith(","):
                return None
            line = line[:-1]
        if not (line.startswith("[") and line.endswith("]")):
            return None
        entries.append(line)
    return start[10:20], entries


def read_book(text) -> Book:
    """The data file's text -> Book; PuzzleError saying why it cannot be used."""
    fast = _by_lines(text) if isinstance(text, str) and len(text) <= MAX_FILE else None
    if fast is not None:
        return _book(fast[0], fast[1])
    try:
        data = loads_limited(text, MAX_FILE, "puzzle file")
    except RecordError as e:
        raise PuzzleError(str(e)) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise PuzzleError("not a puzzle file")
    return _book(data.get("start"), data.get("puzzles"))


def _book(start, entries) -> Book:
    if not isinstance(start, str) or len(start) != 10 or start[4] != "-" or start[7] != "-":
        raise PuzzleError("the puzzle file has no start date")
    try:
        epoch_day(start)
    except ValueError:
        raise PuzzleError("the puzzle file has no start date") from None
    if not isinstance(entries, list) or not entries:
        raise PuzzleError("the puzzle file holds no puzzle")
    return Book(start, entries)


# --------------------------------------------------------------------------- the record


# The moves a puzzle holds, each as a short token: its letter, then its
# arguments in the order of its schema (moves.MOVES): a die as its digit, a
# symbol or a wheel as its index, a wheel's low end as its number (1-2 digits,
# always the last argument): r, a, t<die><sym>, c<die><sym>, g<wheel><low>, d<sym>.
CODES = {ROLL: "r", ACCEPT: "a", TURN_BEAR: "t", CHANGE: "c", GUESS: "g", DISCARD: "d"}
_INDEXED = {SYMBOL: SYMBOLS, WHEEL: WHEEL_IDS}


def encode_action(a) -> str:
    """One action as a short token (symbols and wheels by their index): a year
    of puzzles stays a small file."""
    kind = a[0]
    if kind not in CODES:
        raise PuzzleError("a puzzle holds no " + str(kind) + " move")
    text = CODES[kind]
    args = MOVES[kind].args
    for i in range(len(args)):
        value = a[i + 1]
        text += str(_INDEXED[args[i]].index(value)) if args[i] in _INDEXED else str(value)
    return text


def decode_action(token: str) -> tuple:
    if not isinstance(token, str) or not token:
        raise PuzzleError("empty move")
    kinds = [k for k in KINDS if CODES.get(k) == token[0]]
    rest = token[1:]
    try:
        out: list = kinds[:1]
        for arg in MOVES[kinds[0]].args:
            if arg == LOW:  # the last argument: the rest of the token
                if not 1 <= len(rest) <= 2:
                    raise ValueError(rest)
                out.append(int(rest))
                rest = ""
            else:
                digit = int(rest[0])
                out.append(_INDEXED[arg][digit] if arg in _INDEXED else digit)
                rest = rest[1:]
        if not rest:
            return tuple(out)
    except (ValueError, IndexError):
        pass
    raise PuzzleError("unreadable move " + token[:8])


def encode_options(o: Options) -> str:
    """"2", "3ih": players, then a letter per option flag."""
    text = str(o.players)
    for flag in OPTION_FLAGS:
        if getattr(o, flag):
            text += _FLAG_LETTERS[flag]
    return text


def decode_options(text) -> Options:
    if not isinstance(text, str) or not text or text[0] not in "234":
        raise PuzzleError("bad options")
    flags = {}
    for c in text[1:]:
        found = None
        for flag in OPTION_FLAGS:
            if _FLAG_LETTERS[flag] == c:
                found = flag
        if found is None or found in flags:
            raise PuzzleError("bad options")
        flags[found] = True
    return Options(
        int(text[0]),
        flags.get("introductory", False),
        flags.get("high_stakes", False),
        flags.get("shortcut", False),
        flags.get("curse", False),
    )


class Puzzle:
    """One entry of assets/puzzles.json, checked: [options, seed, seat, question,
    level, moves, screen]. The question is ["one", symbol] or ["sum", symbol,
    symbol]; the screen (`encode_screen`) may be left out: then the page
    replays the moves to draw it."""

    __slots__ = ("options", "seed", "seat", "kind", "symbols", "level", "moves", "screen")

    def __init__(self, options, seed, seat, kind, symbols, level, moves, screen=None):
        # the moment: a game, the seat it is seen from, the moves played so far
        self.options, self.seed, self.seat, self.moves = options, seed, seat, moves
        # the question about that seat's own stones, and how hard it is
        self.kind, self.symbols, self.level = kind, symbols, level
        self.screen = screen  # what the seat's screen draws, or None

    def to_entry(self) -> list:
        out = [
            encode_options(self.options),
            self.seed,
            self.seat,
            [self.kind] + list(self.symbols),
            self.level,
            " ".join(encode_action(a) for a in self.moves),
        ]
        if self.screen is not None:
            out.append(self.screen)
        return out


def from_entry(entry) -> Puzzle:
    """A Puzzle from a data-file entry; PuzzleError when it is not one."""
    if not isinstance(entry, list) or len(entry) not in (6, 7):
        raise PuzzleError("a puzzle is a list of six or seven items")
    opts, seed, seat, question, level, moves = entry[:6]
    screen = entry[6] if len(entry) == 7 else None
    if screen is not None and not (
            isinstance(screen, list) and len(screen) == 3 and isinstance(screen[0], str)
            and isinstance(screen[1], str) and isinstance(screen[2], list)):
        raise PuzzleError("bad screen")
    options = decode_options(opts)
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise PuzzleError("bad seed")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < options.players:
        raise PuzzleError("bad seat")
    if not isinstance(question, list) or not question:
        raise PuzzleError("bad question")
    kind = question[0]
    syms = question[1:]
    want = 1 if kind == ONE else 2 if kind == SUM else 0
    if not want or len(syms) != want:
        raise PuzzleError("bad question")
    for s in syms:
        if s not in options.symbols:
            raise PuzzleError("bad question")
    if want == 2 and syms[0] == syms[1]:
        raise PuzzleError("bad question")
    if level not in LEVELS:
        raise PuzzleError("bad level")
    if not isinstance(moves, str):
        raise PuzzleError("bad moves")
    tokens = moves.split()
    if len(tokens) > MAX_ACTIONS:
        raise PuzzleError("too many moves")
    return Puzzle(options, seed, seat, kind, list(syms), level,
                  [decode_action(t) for t in tokens], screen)


def position(p: Puzzle, names: list):
    """The game at the puzzle's moment: the record replayed by the engine (every
    move checked by its rules), with the names the page gives the seats."""
    s = new_game(p.options, p.seed, list(names)[: p.options.players])
    for a in p.moves:
        apply_action(s, a)  # IllegalAction: not a real game's record
    return s


def seat_view(p: Puzzle, names: list) -> dict:
    """What the puzzle's seat sees: the engine's observation, nothing more."""
    from ...rules.observation import observe

    return observe(position(p, names), p.seat)


# --------------------------------------------------------------------------- the screen

# A check's result as one letter, and back.
_RESULTS = {CORRECT: "c", LOWER: "l", HIGHER: "h", WRONG: "w"}
_BY_LETTER = {"c": CORRECT, "l": LOWER, "h": HIGHER, "w": WRONG}


def drawn(obs: dict) -> dict:
    """Of an observation, what a puzzle's screen reads (puzzleview.puzzle_model:
    the racks as the seat sees them, their discards, the rounds checked so far)."""
    rounds = []
    for h in obs["history"]:
        if h["guesses"]:
            rounds.append({
                "round": h["round"], "dice": list(h["dice"]),
                "guesses": [{"player": g["player"], "wheel": g["wheel"], "low": g["low"],
                             "high": g["high"], "result": g["result"]} for g in h["guesses"]],
                "discards": [{"player": d["player"], "symbol": d["symbol"],
                              "value": d["value"]} for d in h["discards"]],
            })
    return {
        "viewer": obs["viewer"], "symbols": list(obs["symbols"]),
        "value_max": obs["value_max"], "names": list(obs["names"]),
        "racks": [{"owner": r["owner"], "stones": dict(r["stones"])} for r in obs["racks"]],
        "discards": [[{"round": d["round"], "symbol": d["symbol"], "value": d["value"]}
                      for d in disc] for disc in obs["discards"]],
        "dice": list(obs["dice"]), "history": rounds,
    }


def _digit(v) -> str:
    if not isinstance(v, int) or not 0 <= v <= 9:
        raise PuzzleError("a screen holds digits only")
    return str(v)


def encode_screen(obs: dict, span: list) -> list:
    """[racks, rounds, span]: the seat's screen in a few characters a rack and
    a round (tools/build_puzzles.py). A rack: its owner ("-" for none), a
    digit or "?" a stone, then each discard as round, symbol, value. A round:
    its number and dice, "/", each check as player, wheel, low end (two
    digits), result, "/", each discard as player, symbol, value. The span: the
    answer buttons' lowest and highest sum (a sum question; [] for one stone)."""
    racks = []
    for r, rack in enumerate(obs["racks"]):
        text = "-" if rack["owner"] is None else _digit(rack["owner"])
        for sym in obs["symbols"]:
            v = rack["stones"][sym]
            text += "?" if v is None else _digit(v)
        for d in obs["discards"][r]:
            text += _digit(d["round"]) + _digit(SYMBOLS.index(d["symbol"])) + _digit(d["value"])
        racks.append(text)
    rounds = []
    for h in drawn(obs)["history"]:
        text = _digit(h["round"]) + "".join(_digit(SYMBOLS.index(d)) for d in h["dice"]) + "/"
        for g in h["guesses"]:
            if wheel_range(g["wheel"], g["low"])[1] != g["high"] or not 0 <= g["low"] <= 99:
                raise PuzzleError("a check the screen cannot hold")
            text += (_digit(g["player"]) + _digit(WHEEL_IDS.index(g["wheel"]))
                     + str(100 + g["low"])[1:] + _RESULTS[g["result"]])
        text += "/"
        for d in h["discards"]:
            text += _digit(d["player"]) + _digit(SYMBOLS.index(d["symbol"])) + _digit(d["value"])
        rounds.append(text)
    return [",".join(racks), ",".join(rounds), list(span)]


def _chunks(text: str, size: int) -> list:
    if len(text) % size:
        raise ValueError(text)
    return [text[i : i + size] for i in range(0, len(text), size)]


def screen_obs(p: Puzzle, names: list) -> dict:
    """The seat's screen from the entry alone (no replay): `drawn` of the
    replay's observation, with the page's names; PuzzleError when damaged."""
    syms = list(p.options.symbols)
    try:
        racks, discards = [], []
        for text in p.screen[0].split(","):
            owner = None if text[0] == "-" else int(text[0])
            stones = {}
            for i, sym in enumerate(syms):
                c = text[1 + i]
                stones[sym] = None if c == "?" else int(c)
            racks.append({"owner": owner, "stones": stones})
            discards.append([{"round": int(t[0]), "symbol": SYMBOLS[int(t[1])], "value": int(t[2])}
                             for t in _chunks(text[1 + len(syms):], 3)])
        history = []
        for text in p.screen[1].split(",") if p.screen[1] else []:
            head, checks, gone = text.split("/")
            guesses = []
            for t in _chunks(checks, 5):
                wheel = WHEEL_IDS[int(t[1])]
                low = int(t[2:4])
                guesses.append({"player": int(t[0]), "wheel": wheel, "low": low,
                                "high": wheel_range(wheel, low)[1], "result": _BY_LETTER[t[4]]})
            history.append({
                "round": int(head[0]), "dice": [SYMBOLS[int(c)] for c in head[1:]],
                "guesses": guesses,
                "discards": [{"player": int(t[0]), "symbol": SYMBOLS[int(t[1])],
                              "value": int(t[2])} for t in _chunks(gone, 3)],
            })
    except (ValueError, IndexError, KeyError, TypeError):
        raise PuzzleError("bad screen") from None
    if len(racks) < p.options.players:
        raise PuzzleError("bad screen")
    return {"viewer": p.seat, "symbols": syms, "value_max": p.options.value_max,
            "names": list(names)[: p.options.players], "racks": racks, "discards": discards,
            "dice": [], "history": history}


# --------------------------------------------------------------------------- the answer


def answers(k, kind: str, syms: list) -> list:
    """Every answer the seat's knowledge leaves possible, in increasing order."""
    from ...player.deduction import query_counts

    if kind == ONE:
        return k.possible(syms[0])
    counts, _total = query_counts(k.graph, k.domains, [(s, 1) for s in syms])
    return [t for t in range(len(counts)) if counts[t]]


def the_answer(obs: dict, kind: str, syms: list):
    """The one answer the deduction proves, or None if it proves none."""
    from ...player.deduction import Knowledge

    found = answers(Knowledge(obs), kind, syms)
    return found[0] if len(found) == 1 else None


def pairs(k, a: str, b: str) -> list:
    """[(value of a, value of b)] still possible together (the sum's explanation)."""
    from ...player.deduction import merge, solve

    out = []
    for x in k.possible(a):
        fixed = dict(k.domains)
        fixed[a] = [x]
        merged = merge([c for c in k.constraints if c.unknown])
        counts, total = solve(merged, fixed, [(b, 1)])
        if total:
            for y in range(len(counts)):
                if counts[y]:
                    out.append((x, y))
    return out


def _unique(constraints: list, domains: dict, kind: str, syms: list) -> bool:
    from ...player.deduction import merge, solve

    merged = merge(constraints)
    if kind == ONE:
        sym = syms[0]
        counts, total = solve(merged, domains)
        if total == 0:
            return False
        if sym in counts:
            return len([v for v in counts[sym] if counts[sym][v]]) == 1
        return len(domains[sym]) == 1
    dist, total = solve(merged, domains, [(s, 1) for s in syms])
    return total > 0 and len([t for t in dist if t]) == 1


def facts_needed(k, kind: str, syms: list) -> tuple:
    """(checks, stones): how many of the seat's own checks and of the visible
    stones a proof of the answer needs (a minimal set: none can be dropped).
    Checks are dropped first, newest first; then visible stones."""
    cons = [c for c in k.constraints if c.unknown]
    if not _unique(cons, k.domains, kind, syms):
        return (-1, -1)
    keep = list(cons)
    for c in reversed(cons):
        trial = [x for x in keep if x is not c]
        if _unique(trial, k.domains, kind, syms):
            keep = trial
    domains = {}
    for sym in k.symbols:
        domains[sym] = list(k.domains[sym])
    used = 0
    for sym in k.symbols:
        for v in range(k.value_max + 1):
            if v not in k.seen[sym]:
                continue
            wider = dict(domains)
            wider[sym] = sorted(domains[sym] + [v])
            if _unique(keep, wider, kind, syms):
                domains = wider
            else:
                used += 1
    return (len(keep), used)


def level_of(checks: int) -> int:
    """Easy: one check (or none) and what you see; medium: two; hard: three or more."""
    if checks <= 1:
        return EASY
    if checks == 2:
        return MEDIUM
    return HARD


def questions(k) -> list:
    """Every question the position answers uniquely: [(kind, symbols)]. A sum
    is asked only of two stones that are not each pinned (else it is two
    single questions)."""
    out = []
    pinned = []
    for sym in k.symbols:
        if len(k.possible(sym)) == 1:
            out.append((ONE, [sym]))
            pinned.append(sym)
    for i in range(len(k.symbols)):
        for j in range(i + 1, len(k.symbols)):
            a, b = k.symbols[i], k.symbols[j]
            if a in pinned or b in pinned:
                continue
            if len(answers(k, SUM, [a, b])) == 1:
                out.append((SUM, [a, b]))
    return out


def check(p: Puzzle, names: list) -> tuple:
    """(answer, level) proved for a puzzle: the record replays (a real game's
    moves), the deduction leaves exactly one answer, and the stored level is
    the one the deduction measures. PuzzleError otherwise."""
    from ...player.deduction import Knowledge

    obs = seat_view(p, names)
    k = Knowledge(obs)
    found = answers(k, p.kind, p.symbols)
    if len(found) != 1:
        raise PuzzleError("the deduction leaves " + str(len(found)) + " answers")
    checks, _stones = facts_needed(k, p.kind, p.symbols)
    if level_of(checks) != p.level:
        raise PuzzleError("the level is not the deduction's")
    return found[0], p.level
