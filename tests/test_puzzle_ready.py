"""Issue 40: today's puzzle made before it is asked for (puzzleview.Ready, run
by puzzlepage.warm once the page is up): the attempt kept is the one the page
would make, given once, and only for the same puzzle, day, tries and
language. CPython, fast."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from lostcode.web.puzzle.puzzleview import (  # noqa: E402
    Attempt,
    Ready,
    puzzle_model,
    read_book,
    read_stats,  # noqa: E402
)

BOOK = read_book((ROOT / "assets" / "puzzles.json").read_text(encoding="utf-8"))


def test_the_ready_attempt_is_the_one_the_page_would_make():
    r = Ready()
    made = r.make(BOOK, 5, 5, [], "en")
    assert made is not None
    stats = read_stats(None)
    fresh = Attempt(BOOK, 5, 5, [])
    assert puzzle_model(made, stats) == puzzle_model(fresh, stats)
    assert r.take(5, 5, [], "en") is made
    assert r.take(5, 5, [], "en") is None  # given once


def test_another_puzzle_day_tries_or_language_is_made_afresh():
    r = Ready()
    r.make(BOOK, 5, 5, [], "en")
    assert r.take(4, 5, [], "en") is None
    assert r.take(5, 6, [], "en") is None
    assert r.take(5, 5, [3], "en") is None
    assert r.take(5, 5, [], "ru") is None
    assert r.take(5, 5, [], "en") is not None


class Damaged:
    def entry(self, n):
        return ["2", 1, 0, ["one", "human"], 1, "zz"]


def test_a_damaged_entry_keeps_nothing():
    r = Ready()
    r.make(BOOK, 5, 5, [], "en")
    assert r.make(Damaged(), 5, 5, [], "en") is None  # said when the puzzle is opened
    assert r.take(5, 5, [], "en") is None
