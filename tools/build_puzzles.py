#!/usr/bin/env python3
"""Generate "Today's code" (issue 28): a year of daily deduction puzzles.

    python3 tools/build_puzzles.py                  # writes assets/puzzles.json
    python3 tools/build_puzzles.py --count 400 --out assets/puzzles.json
    python3 tools/build_puzzles.py --stats          # the spread, without writing
    python3 tools/build_puzzles.py --screens        # the screens added to the file as it is

Why a tool and a data file: every player must get the same puzzle on the same
UTC day, offline too, so the puzzles are made once, here, and shipped. Each
is a moment of a real game the bots (lostcode/player/bots.py) played from a
seed: one seat, after 2 or more rounds, and a question about that seat's own
stones that the exact deduction (lostcode/player/deduction.py) answers with
one value. The file stores the game's options, seed and moves up to that
moment (a compact record), the seat, the question and the level; never the
answer: the page replays the moves and asks the deduction
(lostcode/web/puzzle/puzzles.py), and tests/test_puzzles.py proves every entry.
Each entry also holds its seat's screen (puzzles.encode_screen: the racks as
the seat sees them, the rounds so far, a sum's answer span), so the page
draws the puzzle without replaying it first (issue 40: "the puzzle at once");
the test checks each screen is its replay's.

Deterministic: puzzle N comes from seeds derived from N only, so a rerun
writes the same bytes. The level follows the week (puzzle 1 is a Monday):
Monday and Tuesday easy, Wednesday, Thursday and Sunday medium, Friday and
Saturday hard; where the day's games offer no puzzle of that level, the next
seeds are tried.
"""

import argparse
import gzip
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from lostcode.player.bots import Player  # noqa: E402
from lostcode.player.deduction import Knowledge  # noqa: E402
from lostcode.rules.engine import apply_action, is_over, legal_actions  # noqa: E402
from lostcode.rules.observation import observe  # noqa: E402
from lostcode.rules.options import Options  # noqa: E402
from lostcode.rules.rng import Rng  # noqa: E402
from lostcode.rules.setup import new_game  # noqa: E402
from lostcode.rules.vocab import PHASE_ROLL  # noqa: E402
from lostcode.web.puzzle.puzzles import (  # noqa: E402
    EASY,
    HARD,
    MEDIUM,
    SUM,
    Puzzle,
    encode_screen,
    facts_needed,
    from_entry,
    level_of,
    questions,
    seat_view,
)

START = "2026-11-23"  # puzzle 1 (a Monday); puzzle N is for UTC day N from here
FORMAT = "lostcode-puzzles"
WEEK = (EASY, EASY, MEDIUM, MEDIUM, HARD, HARD, MEDIUM)  # Monday first
BOT_LEVELS = ("easy", "medium", "hard", "hard")
MAX_ROUNDS = 6  # rounds shown at most: their rows and the question fit a 360x640 phone


def game_for(n: int, attempt: int):
    """The bots' game for puzzle n's attempt: its options, seed and finished state."""
    rng = Rng(n * 7919 + attempt * 104729 + 17)
    players = 2 + rng.below(2)
    options = Options(players, introductory=rng.below(10) < 4, high_stakes=rng.below(10) < 2)
    seed = rng.below(1 << 30)
    s = new_game(options, seed)
    bots = [Player(BOT_LEVELS[rng.below(4)], seed + i) for i in range(players)]
    while not is_over(s):
        apply_action(s, bots[s.to_act].act(s, legal_actions(s)))
    return options, seed, s, rng


def candidates(options, seed, done):
    """Every (cut, seat, kind, symbols, checks, stones) of a finished game: each
    moment just before a round's roll from round 3 to 7 (two to six rounds played),
    every seat, every question the deduction answers uniquely."""
    cuts = []
    s = new_game(options, seed)
    for i, a in enumerate(done.actions):
        if s.phase == PHASE_ROLL and 3 <= s.round <= MAX_ROUNDS + 1:
            cuts.append((i, s.copy()))
        apply_action(s, a)
    out = []
    for cut, state in cuts:
        for seat in range(options.players):
            k = Knowledge(observe(state, seat))
            for kind, syms in questions(k):
                checks, stones = facts_needed(k, kind, syms)
                out.append((cut, seat, kind, syms, checks, stones))
    return out


def pick(n: int, want: int, used: set):
    """Puzzle n at level `want`: the first attempt whose game offers one, at
    the earliest moment that does (the fewest rounds to read on a phone);
    there sums first (rarer, a change of question), then a seeded choice."""
    for attempt in range(60):
        options, seed, done, rng = game_for(n, attempt)
        if seed in used:
            continue
        found = [c for c in candidates(options, seed, done) if level_of(c[4]) == want]
        if not found:
            continue
        first = min(c[0] for c in found)  # the earliest moment: the fewest rounds to read
        found = [c for c in found if c[0] == first]
        sums = [c for c in found if c[2] == SUM]
        pool = sums if sums else found
        c = pool[rng.below(len(pool))]
        cut, seat, kind, syms, checks, stones = c
        used.add(seed)
        p = Puzzle(options, seed, seat, kind, syms, want, list(done.actions[:cut]))
        return p, checks, stones
    raise SystemExit("no puzzle found for " + str(n))


def build(count: int):
    used: set = set()
    entries, facts = [], []
    for n in range(1, count + 1):
        want = WEEK[(n - 1) % 7]
        p, checks, stones = pick(n, want, used)
        entries.append(with_screen(p))
        rounds = sum(1 for a in p.moves if a[0] == "roll")
        facts.append((p.level, p.kind, checks, stones, rounds))
    return entries, facts


def with_screen(p: Puzzle) -> list:
    """The entry with its seat's screen (what the page draws before any replay)."""
    obs = seat_view(p, ["P1", "P2", "P3", "P4"])
    span: list = []
    if p.kind == SUM:
        k = Knowledge(obs)
        span = [sum(min(k.domains[s]) for s in p.symbols),
                sum(max(k.domains[s]) for s in p.symbols)]
    p.screen = encode_screen(obs, span)
    return p.to_entry()


def add_screens(path: Path) -> str:
    """The file as it is, each entry with its screen (the games are not played again)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return dump([with_screen(from_entry(e[:6])) for e in data["puzzles"]], data["start"])


def dump(entries, start=START) -> str:
    """One puzzle per line: a small diff when the set changes."""
    lines = [
        "{",
        '"format": "' + FORMAT + '",',
        '"version": 1,',
        '"start": "' + start + '",',
        '"puzzles": [',
    ]
    for i, e in enumerate(entries):
        lines.append(json.dumps(e, separators=(",", ":")) + ("," if i < len(entries) - 1 else ""))
    lines += ["]", "}"]
    return "\n".join(lines) + "\n"


def report(facts, text: str) -> str:
    by_level = {EASY: 0, MEDIUM: 0, HARD: 0}
    by_checks: dict = {}
    sums = 0
    for level, kind, checks, _stones, _rounds in facts:
        by_level[level] += 1
        by_checks[checks] = by_checks.get(checks, 0) + 1
        sums += kind == SUM
    raw = len(text.encode("utf-8"))
    packed = len(gzip.compress(text.encode("utf-8"), 9))
    return (
        f"{len(facts)} puzzles: easy {by_level[EASY]}, medium {by_level[MEDIUM]}, "
        f"hard {by_level[HARD]}; checks needed "
        + ", ".join(f"{k}: {by_checks[k]}" for k in sorted(by_checks))
        + f"; sum questions {sums}; visible stones used (mean) "
        f"{sum(f[3] for f in facts) / len(facts):.1f}; rounds shown (mean) "
        f"{sum(f[4] for f in facts) / len(facts):.1f}, at most {max(f[4] for f in facts)}; "
        f"file {raw:,} bytes, gzip {packed:,} bytes"
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=400)
    ap.add_argument("--out", default=str(ROOT / "assets" / "puzzles.json"))
    ap.add_argument("--stats", action="store_true", help="print the spread, write nothing")
    ap.add_argument("--screens", action="store_true",
                    help="add each entry's screen to the file at --out, the games kept")
    args = ap.parse_args()
    t0 = time.perf_counter()
    if args.screens:
        before = Path(args.out).read_text(encoding="utf-8")
        text = add_screens(Path(args.out))
        Path(args.out).write_text(text, encoding="utf-8")
        print(f"screens: {len(before.encode()):,} -> {len(text.encode()):,} bytes, gzip "
              f"{len(gzip.compress(before.encode(), 9)):,} -> "
              f"{len(gzip.compress(text.encode(), 9)):,} bytes")
        return 0
    entries, facts = build(args.count)
    text = dump(entries)
    if not args.stats:
        Path(args.out).write_text(text, encoding="utf-8")
    print(report(facts, text) + f"; {time.perf_counter() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
