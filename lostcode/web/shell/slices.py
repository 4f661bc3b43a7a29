"""The page's side of a search run in slices (issue 27), for every page that runs one.

Why a module of its own: the game page (an expert seat's decision, the
assistant's "What would the expert do?") and the table host's page (an expert
seat's decision) run a due thinking.Job the same way, so that the page's main
thread is never held long: a slice per browser task (thinking.Job sizes it),
the next slice in a task of its own so that the browser paints and takes taps
in between, and the search's end in a task of its own too, so the last slice
stays short. Each page says only what is due and what follows the end
(`run`); the figures the browser tests read (tests/test_browser_expert.py)
are written here, the same for both.
"""

from pyscript import window

from lostcode.web.shell.app import guarded, keep, now_ms
from lostcode.web.shell.dom import ROOT, create_proxy


def run(loop, due, done):
    """Run the search `due()` names (a thinking.Job; None: nothing to run) a
    slice per task, unless `loop` (an app.SearchLoop) runs one already; once
    it is done, `done()` runs in a task of its own. `due` is asked again
    before each slice: a search no longer due (another tab took the game)
    just stops."""
    loop.due = due
    loop.done = done
    if loop.busy or due() is None:
        return
    loop.busy = True
    if loop.step is None:

        def step(*_a):
            run_slice(loop)

        def end(*_a):
            finish(loop)

        loop.step = keep(create_proxy(guarded(step)))
        loop.end = keep(create_proxy(guarded(end)))
    window.setTimeout(loop.step, 0)


def run_slice(loop):
    job = loop.due()
    if job is None:
        loop.busy = False
        return
    t0 = now_ms()
    done = job.slice(now_ms)
    # what the browser tests read: this slice's units, ms, and ms before its last
    # unit began, the longest slice task so far (ms) and how many slices
    took = now_ms() - t0
    ROOT.setAttribute("data-search-steps", str(job.ran))
    ROOT.setAttribute("data-search-lead", str(int(job.lead + 0.5)))
    ROOT.setAttribute("data-search-took", str(int(took + 0.5)))
    longest = max(_number_at("data-search-longest"), took)
    ROOT.setAttribute("data-search-longest", str(int(longest + 0.5)))
    ROOT.setAttribute("data-search-slices", str(int(_number_at("data-search-slices")) + 1))
    # the next slice, or the search's end, in a task of its own
    window.setTimeout(loop.end if done else loop.step, 0)


def finish(loop):
    """The search ran to its end (counted for the tests); the page goes on
    (`done`: the expert's move played, or the assistant's answer shown)."""
    loop.busy = False
    ROOT.setAttribute("data-searches", str(int(_number_at("data-searches")) + 1))
    loop.done()


def _number_at(name):
    """A number <html> carries (0 if absent): what the tests read of the searches."""
    return float(str(ROOT.getAttribute(name) or "0"))
