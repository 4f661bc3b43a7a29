"""Step through a bot game in the replay viewer (lostcode/web/game/viewer.py) and
print a digest per step: the same on CPython, Pyodide and MicroPython
(tests/test_viewer.py)."""

import json

from lostcode.player.bots import Player
from lostcode.rules.engine import apply_action, is_over, legal_actions
from lostcode.rules.options import Options
from lostcode.rules.setup import new_game
from lostcode.services.record import to_record
from lostcode.web.game.chart import score_chart
from lostcode.web.game.viewer import Replay, watch_model

s = new_game(Options(3, shortcut=True, curse=True), 21, ["A", "B", "C"])
bots = [Player("easy", 21 + p) for p in range(3)]
while not is_over(s):
    apply_action(s, bots[s.to_act].act(s, legal_actions(s)))
r = Replay(to_record(s, ["human", "easy", "human"]))
walk = ["watch_next"] * 5 + ["watch_next_round"] * 4 + ["watch_prev"] * 3
walk += ["watch_prev_round", "watch_end", "watch_prev", "watch_start"]
for act in walk:
    r.do(act)
    m = watch_model(r)
    # What the board names (its coordinates are floats, written differently by
    # MicroPython; its parts are a dict, whose order MicroPython does not keep).
    names = [a for a in json.dumps(m["board"]).split('"aria-label": ')[1:]]
    # (each label decoded: CPython's JSON escapes a dash, MicroPython's keeps it)
    said = sorted(json.loads('"' + a.split('"')[1] + '"') for a in names)
    print(r.step, r.state.scores, m["announce"], " | ".join(said))
chart = score_chart(r.observation())  # a list tree: its order is the same everywhere
print(chart[1]["aria-label"], chart[2][0][2], len(json.dumps(chart)))
