"""The expert opponent (issue 27): a search over worlds consistent with what it sees.

This module fixes the interface the page, the lab and the command line use; the
search itself replaces the placeholder below. Why a `Search` object with `run(steps)`
rather than one call: the page runs the expert on MicroPython in the main thread and
must never block it for more than 100 ms, so it calls `run` in small slices between
frames; the command line and the lab call `decide_expert`, which runs to the end.

The expert sees only its observation (like every bot) and draws its worlds from the
exact deduction; its `Decision` keeps the best alternatives with their estimated
value so the replay and the assistant can say why.
"""

BUDGET_MS = 300  # the default thinking time of one decision (wall clock on the page)
TOP = 3  # how many alternatives a decision keeps


class Option:
    """One alternative the expert weighed: `value` is its estimated final-score gain
    in victory points; `note` a short machine-readable tag for the reason's kind
    (e.g. "deny" when most of the value is what it takes from the next players)."""

    __slots__ = ("action", "value", "note")

    def __init__(self, action, value: float, note: str = ""):
        self.action = action
        self.value = value
        self.note = note


class Decision:
    """The chosen action and the alternatives weighed, best first (at most TOP)."""

    __slots__ = ("action", "options")

    def __init__(self, action, options: tuple):
        self.action = action
        self.options = options


class Search:
    """A decision in progress. `run(steps)` does at most `steps` small units of work
    (each a few milliseconds on MicroPython) and says whether it has finished."""

    __slots__ = ("obs", "legal", "rng", "budget_ms", "result")

    def __init__(self, obs: dict, legal: list, rng, budget_ms: int = BUDGET_MS):
        self.obs = obs
        self.legal = legal
        self.rng = rng
        self.budget_ms = budget_ms
        self.result = Decision(None, ())  # no action until `run` says it has finished

    def run(self, steps: int) -> bool:
        if self.result.action is None:
            from .bots import HardBot  # placeholder until the search lands

            action = HardBot().choose(self.obs, self.legal, self.rng)
            self.result = Decision(action, (Option(action, 0.0),))
        return True

    def decision(self) -> Decision:
        while not self.run(1_000_000):
            pass
        return self.result


def decide_expert(obs: dict, legal: list, rng, budget_ms: int = BUDGET_MS) -> Decision:
    """Run a whole decision (command line, lab, tests)."""
    return Search(obs, legal, rng, budget_ms).decision()


def choose_expert(obs: dict, legal: list, rng):
    """The `choose(obs, legal, rng) -> action` face every bot has."""
    return decide_expert(obs, legal, rng).action
