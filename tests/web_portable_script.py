"""Play whole games through lostcode.web's Session and view models (no DOM),
choosing buttons with a tiny LCG, and print a digest line per game. Runs
unchanged on CPython, Pyodide and MicroPython (tests/test_viewmodels.py)."""

import json

from lostcode.rules.options import Options
from lostcode.web.game.session import Session
from lostcode.web.game.views import screen_model


class Lcg:
    def __init__(self, seed):
        self.x = seed

    def below(self, n):
        self.x = (self.x * 1103515245 + 12345) % 2147483648
        return (self.x >> 8) % n


def enabled(m, act=None):
    out = []
    for b in m["blocks"]:
        if b["t"] == "buttons":
            for it in b["items"]:
                if not it["disabled"] and (act is None or it["act"] == act):
                    out.append(it)
    return out


def play(players, flags, seed):
    ses = Session(Options(players, **flags), seed, ["A", "B", "C", "D"][:players])
    rng = Lcg(seed)
    screens = 0
    while True:
        m = screen_model(ses)
        json.dumps(m)
        screens += 1
        k = m["kind"]
        if k == "end":
            break
        if k == "guess":
            if ses.guess_draft()["wheel"] is None:
                w = enabled(m, "wheel")
                ses.do("wheel", w[rng.below(len(w))]["arg"])
                continue
            ses.do("low", str(rng.below(12)))
            ses.do("confirm_guess")
        elif k == "final" and enabled(m, "confirm_empty"):
            ses.do("confirm_empty")  # asked again: a symbol without candidates (issue 11)
        elif k in ("shortcut", "final"):
            c = enabled(m, "cand")
            ses.do("cand", c[rng.below(len(c))]["arg"])
            if m["sheet"]:
                cells = [x for row in m["sheet"]["rows"] for x in row["cells"] if not x["locked"]]
                ses.do("mark", cells[rng.below(len(cells))]["arg"])
            ses.do("confirm")
        else:
            items = enabled(m)
            it = items[rng.below(len(items))]
            ses.do(it["act"], it["arg"])
    m = screen_model(ses)  # the end screen
    return f"{players} {seed} scores={ses.state.scores} screens={screens}"


ALL = {"introductory": True, "high_stakes": True, "shortcut": True, "curse": True}
# A plain 2-player game and a 4-player game with every option (the shortcut among them):
# a third game found nothing these two do not (issue 40: the suite's time).
for players, flags, seed in ((2, {}, 1), (4, ALL, 3)):
    print(play(players, flags, seed))
