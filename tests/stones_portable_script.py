"""Plays seeded games of «Тайные камни» between the computer players and
prints, per game, digests of its record and final state, and whether the
record replays to the same state. Run by tests/test_stones_portable.py on
CPython and MicroPython (under Node) — identical output proves the second
game plays the same everywhere. With "timing" it prints instead the slowest
computer turn (ms), for docs/stones.md.
"""

import sys
import time

from lostcode.rules.canon import canonical, fnv1a64
from lostcode.stones.bots import make_bot
from lostcode.stones.engine import apply_action, is_over
from lostcode.stones.observation import observe
from lostcode.stones.record import replay, to_record
from lostcode.stones.selfplay import play

SEATS = (
    ("search",),
    ("easy", "search"),
    ("search", "easy", "search"),
    ("easy", "easy", "search", "search"),
    ("search", "easy", "easy", "search", "easy"),
    ("easy",),
)


def digest(s) -> str:
    return fnv1a64(canonical([s.grid, s.hands, s.done, s.deck, s.discard, s.result]))


def _ms() -> float:
    if hasattr(time, "ticks_ms"):
        return float(time.ticks_ms())
    return time.perf_counter() * 1000.0


def timing(games: int) -> None:
    """The slowest turn of a searching computer (all its decisions in it)."""
    from lostcode.stones.state import Options, new_game

    worst = 0.0
    total = 0.0
    turns = 0
    for g in range(games):
        n = 2 + g % 4
        s = new_game(Options(n), 900 + g, ["A", "B", "C", "D", "E"][:n])
        bots = [make_bot("search", 900 + g + i) for i in range(n)]
        turn_ms = 0.0
        while not is_over(s):
            p = s.to_act
            t = _ms()
            action = bots[p].decide(observe(s, p))
            turn_ms += _ms() - t
            apply_action(s, action)
            if action[0] in ("end", "skip"):
                worst = max(worst, turn_ms)
                total += turn_ms
                turns += 1
                turn_ms = 0.0
    print("turns", turns, "slowest ms", int(worst), "mean ms", int(total / turns))


def page_game() -> str:
    """A session game (two humans and a computer) played by its screens in
    Russian: a digest of every screen model the page would draw."""
    from lostcode.stones import session as ss
    from lostcode.web.shell.i18n import set_language
    from lostcode.web.stonesgame.screens import screen_model

    set_language("ru")
    s = ss.StonesSession(["Аня", "Бот", "Вика"], ["human", "search", "human"], 11)
    h = ""
    while s.screen != ss.OVER:
        h = fnv1a64(h + canonical(screen_model(s)))
        if s.screen == ss.HANDOFF:
            s.do(ss.READY)
        elif s.screen == ss.COMPUTER:
            s.do(ss.STEP)
        else:
            ready = s.completable()
            s.do(ss.COMPLETE_CARD, ready[0]) if ready else s.do(ss.END_TURN)
    set_language("en")
    return "page " + h + " " + ",".join(str(x) for x in s.state.result["scores"])


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "timing":
        timing(int(sys.argv[2]) if len(sys.argv) > 2 else 8)
        return
    for i, seats in enumerate(SEATS):
        s, found = play(list(seats), 4300 + i)
        again = replay(to_record(s))
        same = digest(again) == digest(s)
        print(
            i,
            fnv1a64(canonical(to_record(s))),
            digest(s),
            "replay-identical" if same else "REPLAY-DIFFERS",
            ",".join(str(x) for x in s.result["scores"]),
            len(found),
        )
    print(page_game())


main()
