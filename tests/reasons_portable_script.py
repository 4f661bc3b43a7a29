"""The expert's reasons (lostcode/web/game/reasons.py) and a search run in slices
(lostcode/player/thinking.py) in every language, printed; the same on CPython and
MicroPython (tests/test_expert_page.py compares them)."""

from lostcode.player.thinking import Job, next_steps
from lostcode.web.game import reasons
from lostcode.web.shell import i18n

OPTIONS = [
    [["guess", "W3", 8], 1.94, ""],
    [["change", 1, "bird"], -0.3, "next"],
    [["discard", "jaguar"], 0.25, ""],
    [["final", "snake", [3, 4]], 0.5, "deny"],
    [["accept"], 0.1, "tell"],
    [["take"], 0.2, ""],
    [["pass"], -0.04, ""],
    [["shortcut", []], 0.0, ""],
    [["guess", "W10", 6], 2.8, "know", 0.33, 6.9],  # with its points and what it learns
    [["change", 0, "bird"], 1.4, "deny", 0.0, 0.1],
]


class Steps:
    def __init__(self):
        self.left = 10

    def run(self, n):
        self.left -= min(n, self.left)
        return self.left == 0

    def decision(self):
        return "done"


for lang in ("en", "ru", "it", "pl"):
    i18n.set_language(lang)
    print(lang, reasons.reason_text(OPTIONS))
    for o in OPTIONS:
        print(lang, reasons.chosen_sentence(o[0], o[1], o[2]))
job = Job("k", Steps())
t = [0.0]


def clock():
    t[0] += 3.0
    return t[0]


while not job.slice(clock):
    pass
print(job.slices, job.result, next_steps(3, 45.5), next_steps(1, 0))

# The expert's whole-screen answer at the final candidates (feel6): a real plan
# from a game the hard bots played to its final candidates, then its words.
from lostcode.player.bots import choose_hard, make_rng  # noqa: E402
from lostcode.player.finalplan import final_plan  # noqa: E402
from lostcode.player.policy import HardBot  # noqa: E402
from lostcode.rules.engine import apply_action, legal_actions  # noqa: E402
from lostcode.rules.observation import observe  # noqa: E402
from lostcode.rules.options import Options  # noqa: E402
from lostcode.rules.setup import new_game  # noqa: E402
from lostcode.rules.vocab import FINAL, PHASE_FINAL  # noqa: E402

s = new_game(Options(2), 4242, ["Ana", "Bo"])
bots = make_rng(1)
while s.phase != PHASE_FINAL:
    apply_action(s, choose_hard(observe(s, s.to_act), legal_actions(s), bots))
plan = final_plan(HardBot(), observe(s, s.to_act), FINAL)
print([(o.action, int(o.value * 1000), int(o.mine * 1000)) for o in plan])
for lang in ("en", "ru", "it", "pl"):
    i18n.set_language(lang)
    a = reasons.plan_answer(plan)
    print(lang, a["move"], " | ".join(a["plan"]), a["aim"])

# words9: an alternative scoring more now says why the chosen move beats it; a
# plan that merely rounds to 0 % says "very unlikely", a certain loss "cannot".
from lostcode.player.expert import NOTE_LOST, NOTE_WIN, Option  # noqa: E402

MORE_NOW = [OPTIONS[8], [["guess", "W1", 0], 1.0, "score", 2.0, 0.2],
            [["guess", "W5", 0], 0.9, "score", 2.2, 6.0]]
for lang in ("en", "ru", "it", "pl"):
    i18n.set_language(lang)
    print(lang, reasons.reason_text(MORE_NOW))
    for note in (NOTE_WIN, NOTE_LOST):
        print(lang, reasons.plan_answer([Option((FINAL, "bird", (3,)), 0.001, note, 1.5)])["aim"])
