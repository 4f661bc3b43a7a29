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

Pure Python, MicroPython-portable: it imports the rules and the deduction only.
"""

from ...player.deduction import Knowledge, merge, query_counts, solve
from ...rules.components import SYMBOLS, WHEEL_IDS
from ...rules.engine import apply_action
from ...rules.moves import KINDS, LOW, MOVES, SYMBOL, WHEEL
from ...rules.observation import observe
from ...rules.options import OPTION_FLAGS, Options
from ...rules.setup import new_game
from ...rules.vocab import ACCEPT, CHANGE, DISCARD, GUESS, ROLL, TURN_BEAR

ONE = "one"  # "What is your {symbol} stone?"
SUM = "sum"  # "What is the sum of your {symbol} and {other} stones?"
EASY, MEDIUM, HARD = 1, 2, 3
LEVELS = (EASY, MEDIUM, HARD)
MAX_ACTIONS = 200  # a puzzle stops before round 10's roll: ~70 actions at most
_FLAG_LETTERS = {"introductory": "i", "high_stakes": "h", "shortcut": "s", "curse": "c"}


class PuzzleError(ValueError):
    """A puzzle entry that cannot be used (damaged data file, wrong shape)."""


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
    level, moves]. The question is ["one", symbol] or ["sum", symbol, symbol]."""

    __slots__ = ("options", "seed", "seat", "kind", "symbols", "level", "moves")

    def __init__(self, options, seed, seat, kind, symbols, level, moves):
        # the moment: a game, the seat it is seen from, the moves played so far
        self.options, self.seed, self.seat, self.moves = options, seed, seat, moves
        # the question about that seat's own stones, and how hard it is
        self.kind, self.symbols, self.level = kind, symbols, level

    def to_entry(self) -> list:
        return [
            encode_options(self.options),
            self.seed,
            self.seat,
            [self.kind] + list(self.symbols),
            self.level,
            " ".join(encode_action(a) for a in self.moves),
        ]


def from_entry(entry) -> Puzzle:
    """A Puzzle from a data-file entry; PuzzleError when it is not one."""
    if not isinstance(entry, list) or len(entry) != 6:
        raise PuzzleError("a puzzle is a list of six items")
    opts, seed, seat, question, level, moves = entry
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
    return Puzzle(options, seed, seat, kind, list(syms), level, [decode_action(t) for t in tokens])


def position(p: Puzzle, names: list):
    """The game at the puzzle's moment: the record replayed by the engine (every
    move checked by its rules), with the names the page gives the seats."""
    s = new_game(p.options, p.seed, list(names)[: p.options.players])
    for a in p.moves:
        apply_action(s, a)  # IllegalAction: not a real game's record
    return s


def seat_view(p: Puzzle, names: list) -> dict:
    """What the puzzle's seat sees: the engine's observation, nothing more."""
    return observe(position(p, names), p.seat)


# --------------------------------------------------------------------------- the answer


def answers(k: Knowledge, kind: str, syms: list) -> list:
    """Every answer the seat's knowledge leaves possible, in increasing order."""
    if kind == ONE:
        return k.possible(syms[0])
    counts, _total = query_counts(k.graph, k.domains, [(s, 1) for s in syms])
    return [t for t in range(len(counts)) if counts[t]]


def the_answer(obs: dict, kind: str, syms: list):
    """The one answer the deduction proves, or None if it proves none."""
    found = answers(Knowledge(obs), kind, syms)
    return found[0] if len(found) == 1 else None


def pairs(k: Knowledge, a: str, b: str) -> list:
    """[(value of a, value of b)] still possible together (the sum's explanation)."""
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


def facts_needed(k: Knowledge, kind: str, syms: list) -> tuple:
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


def questions(k: Knowledge) -> list:
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
    obs = seat_view(p, names)
    k = Knowledge(obs)
    found = answers(k, p.kind, p.symbols)
    if len(found) != 1:
        raise PuzzleError("the deduction leaves " + str(len(found)) + " answers")
    checks, _stones = facts_needed(k, p.kind, p.symbols)
    if level_of(checks) != p.level:
        raise PuzzleError("the level is not the deduction's")
    return found[0], p.level
