"""A search run in slices (issue 27): the expert's decision without a long task.

Why: the page runs Python (MicroPython) in the browser's main thread, and a
task of more than 100 ms there freezes taps, scrolling and the bot steps'
animation. The expert (lostcode/player/expert.py) is a `Search` whose `run(steps)`
does at most `steps` small units of work, so the page (slices.run) runs it a
slice at a time, yielding to the browser between slices; `Job.slice` measures
each slice with the clock it is given and adapts the next one's steps so that a
slice lasts about TARGET_MS, whatever a unit costs on this device or runtime.

The result does not depend on the slicing: the search is deterministic given
its observation, legal moves and generator, so `Job` gives exactly what
`decide_expert` gives (tests/test_expert_page.py checks it with a fake, slow
Search too). Pure Python, MicroPython-portable; the clock is passed in
(performance.now() on the page, a fake one in tests).
"""

TARGET_MS = 30  # one slice's aim: well under the 100 ms of a long task
MAX_GROWTH = 4  # a slice's steps grow at most 4 times (a cheap unit may hide a dear one)
FIRST_STEPS = 1  # the first slice measures one unit


class Job:
    """One search under way: `key` says whose decision it is (the session's
    bookkeeping); `slice(clock)` runs one slice; `done` once the search says so."""

    __slots__ = ("key", "search", "done", "result", "steps", "slices", "longest", "ran", "lead")

    def __init__(self, key, search):
        self.key = key
        self.search = search
        self.done = False
        self.result = None  # the search's Decision once done (read by the views)
        self.steps = FIRST_STEPS  # the next slice's units of work
        self.slices = 0
        self.longest = 0.0  # ms: the longest slice so far (the page reports it)
        self.ran = 0  # units the last slice ran
        self.lead = 0.0  # ms into the last slice when its last unit began

    def slice(self, clock) -> bool:
        """Run one slice: at most `steps` units, one `search.run(1)` at a time,
        and no unit begun once TARGET_MS have passed (a unit dearer than the
        ones measured so far cannot drag several more behind it). Timed with
        `clock()` (ms); the next slice's steps aim at TARGET_MS from this one's
        cost per unit. The decision does not depend on the slicing."""
        if self.done:
            return True
        t0 = clock()
        ran, lead = 0, 0.0
        while ran < self.steps:
            now = clock() - t0
            if ran and now >= TARGET_MS:
                break  # not begun: `lead` stays when the last unit that ran began
            lead = now
            self.done = bool(self.search.run(1))
            ran += 1
            if self.done:
                break
        took = clock() - t0
        self.ran, self.lead = ran, lead
        if self.done:
            self.result = self.search.decision()
        self.slices += 1
        if took > self.longest:
            self.longest = took
        self.steps = next_steps(ran, took)
        return self.done

    def finish(self):
        """Run to the end at once (tests, the command line's way): the decision."""
        while not self.done:
            self.done = bool(self.search.run(1000000))
        self.result = self.search.decision()
        return self.result


def next_steps(steps: int, took: float) -> int:
    """The steps of the next slice after `steps` took `took` ms: as many as fit
    TARGET_MS at this slice's cost per step, at most MAX_GROWTH times more, at
    least one."""
    if took <= 0:
        return steps * MAX_GROWTH
    fit = int(steps * TARGET_MS / took)
    return max(1, min(fit, steps * MAX_GROWTH))
