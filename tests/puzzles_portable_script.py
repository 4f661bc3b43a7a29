"""Today's code on any runtime (tests/test_puzzles.py runs it on CPython and
MicroPython): the puzzles file given as argv[1] (MicroPython's file system holds
only lostcode/), each puzzle replayed, its answer proved, its level measured,
its hint and explanation worded; one line each."""

import sys

from lostcode.web.puzzle import puzzleview as pv
from lostcode.web.puzzle.puzzles import check

book = pv.read_book(sys.argv[1])
for n in range(1, len(book.entries) + 1):
    a = pv.Attempt(book, n, n)
    answer, level = check(a.puzzle, ["P1", "P2", "P3"])
    wrong = [v for v in a.values() if v != a.answer]
    a.answer_with(wrong[0])
    a.answer_with(a.answer)
    lines = pv.explanation(a)
    print(n, answer, level, a.text(a.hints[0]) if a.hints else "-", len(lines), lines[-1])
