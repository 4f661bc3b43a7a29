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
