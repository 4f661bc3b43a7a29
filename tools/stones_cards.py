# ruff: noqa: UP031  (printf-style tables read best here)
"""Measure how hard each goal card of «Тайные камни» is, and check that the
deck's points follow difficulty (issue 43, docs/stones.md).

A card's difficulty is the mean number of actions (swaps and flips) that a
random grid dealt as in S-S1 is away from showing the card's pattern, capped
at 3: with p0, p1, p2 the shares of grids where the pattern shows after at
most 0, 1, 2 actions, that mean is 3 - p0 - p1 - p2. Both the deck and the
grids are seeded, so every run prints the same numbers.

    python3 tools/stones_cards.py            # the table of the 72 cards, and the check
    python3 tools/stones_cards.py --grids 400 --design   # how the deck was drawn up

`--design` measures a few hundred candidate patterns (pairs, gapped pairs,
lines and corners of three, 2 x 2 squares, 3 x 3 cards fixing one or two
cells) and prints, for each points value, the candidates in its band of
difficulty; `lostcode/stones/cards.py` keeps the chosen ones as data.
"""

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lostcode.rules.rng import Rng  # noqa: E402
from lostcode.stones.cards import DECK, POINTS_COUNTS  # noqa: E402
from lostcode.stones.grid import random_grid, rings  # noqa: E402
from lostcode.stones.patterns import compile_pattern, rows_of, shows  # noqa: E402
from lostcode.stones.vocab import BACK, PICTURES  # noqa: E402

DEPTH = 2  # actions searched from each grid; the mean is capped at DEPTH + 1
TILES_OF = {"S": 1, "F": 2, "H": 3, "E": 3}  # tiles of each kind, by front picture (S-C1)
# The band of difficulty each points value is drawn from (--design), with gaps
# between bands so that sampling noise cannot reorder neighbours.
BANDS = {1: (0.0, 1.62), 2: (1.78, 2.22), 3: (2.36, 2.72), 5: (2.84, 3.0)}


def sample(n: int, seed: int) -> list:
    """n random grids, each as the grids 0, 1, ..., DEPTH actions away."""
    rng = Rng(seed)
    return [rings(random_grid(rng), DEPTH) for _ in range(n)]


def measure(pattern: str, grids: list) -> tuple:
    """(difficulty, p0, p1, p2) of one pattern over the sampled grids."""
    placements = compile_pattern(pattern)
    within = [0] * (DEPTH + 1)
    for ring_list in grids:
        for d in range(DEPTH + 1):
            if any(shows(placements, g) for g in ring_list[d]):
                for k in range(d, DEPTH + 1):
                    within[k] += 1
                break
    shares = [w / len(grids) for w in within]
    return (DEPTH + 1 - sum(shares),) + tuple(shares)


def possible(pattern: str) -> bool:
    """No more pictures of a tile kind than there are tiles of it."""
    need: dict = {}
    for c in pattern:
        if c in PICTURES:
            front = c if c in TILES_OF else BACK[c]
            need[front] = need.get(front, 0) + 1
    return all(need[k] <= TILES_OF[k] for k in need)


def candidates(seed: int = 43) -> list:
    """Patterns to choose the deck from: every pair shape, and seeded picks of
    the larger shapes."""
    pics = PICTURES
    out = []
    for a in pics:
        for b in pics:
            for shape in ("ab", "a/b", "a.b", "a/./b", "a./.b", ".a/b."):
                out.append(shape.replace("a", a).replace("b", b))
        for pos in range(9):
            cells = ["."] * 9
            cells[pos] = a
            out.append("".join(cells[0:3]) + "/" + "".join(cells[3:6]) + "/" + "".join(cells[6:9]))
    rng = Rng(seed)
    shapes3 = ("abc", "a/b/c", "ab/c.", "ab/.c", "a./bc", ".a/bc", "a.b/.c.")
    for _ in range(260):
        shape = shapes3[rng.below(len(shapes3))]
        out.append(_fill(shape, rng))
    for _ in range(60):
        out.append(_fill("ab/cd", rng))
    for _ in range(80):
        cells = ["."] * 9
        for letter in "ab":
            cells[rng.below(9)] = letter
        out.append(
            _fill("".join(cells[0:3]) + "/" + "".join(cells[3:6]) + "/" + "".join(cells[6:9]), rng)
        )
    seen: set = set()
    keep = []
    for p in out:
        if p not in seen and possible(p):
            rows_of(p)
            seen.add(p)
            keep.append(p)
    return keep


def _fill(shape: str, rng) -> str:
    return "".join(PICTURES[rng.below(8)] if c in "abcd" else c for c in shape)


def table(grids: list) -> list:
    """(card id, points, pattern, difficulty, p0, p1, p2) for the deck."""
    return [(cid, pts, pat) + measure(pat, grids) for cid, pts, pat in DECK]


def check(rows: list) -> list:
    """What is wrong with the deck: the published counts (S-C2), a pattern
    repeated or impossible, or a card harder than a card worth more points."""
    problems = []
    have: dict = {}
    for row in rows:
        have[row[1]] = have.get(row[1], 0) + 1
    if have != POINTS_COUNTS:
        problems.append("counts by points " + repr(have))
    if len({row[2] for row in rows}) != len(rows):
        problems.append("a pattern is printed twice")
    for row in rows:
        if not possible(row[2]):
            problems.append("card " + str(row[0]) + " cannot show")
    for a in rows:
        for b in rows:
            if a[1] < b[1] and a[3] >= b[3]:
                problems.append(
                    "card %d (%d) is no easier than card %d (%d)" % (a[0], a[1], b[0], b[1])
                )
    return problems


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--grids", type=int, default=1000, help="random grids (default 1000)")
    ap.add_argument("--seed", type=int, default=2021)
    ap.add_argument("--design", action="store_true", help="measure the candidate patterns")
    args = ap.parse_args()
    grids = sample(args.grids, args.seed)
    if args.design:
        for pts, (lo, hi) in sorted(BANDS.items()):
            found = []
            for p in candidates():
                d = measure(p, grids)[0]
                if lo <= d <= hi:
                    found.append((round(d, 3), p))
            print(pts, len(found), sorted(found))
        return 0
    rows = table(grids)
    print("card points pattern        difficulty  p0    p1    p2")
    for cid, pts, pat, d, p0, p1, p2 in rows:
        print("%4d %6d  %-14s %8.3f  %.3f %.3f %.3f" % (cid, pts, pat, d, p0, p1, p2))
    for pts in sorted(POINTS_COUNTS):
        ds = [r[3] for r in rows if r[1] == pts]
        print(
            "%d points: %d cards, difficulty %.3f-%.3f, mean %.3f"
            % (pts, len(ds), min(ds), max(ds), sum(ds) / len(ds))
        )
    problems = check(rows)
    for p in problems:
        print("PROBLEM:", p)
    print("ok" if not problems else "%d problems" % len(problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
