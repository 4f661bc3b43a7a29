"""A game's searches run in slices (issue 27): which one the page runs now,
and the assistant's "What would the expert do?" asked on one position.

Why a module of its own: a pass-and-play game has two searches, and the page
runs both the same way, a slice per browser task (thinking.Job, slices.py):
an expert seat's decision (solo.BotSeats makes that one) and the answer a
player asked the expert for. Which is due, and which position the answer
belongs to, is one concern apart from the screen flow that session.py
decides; Session keeps a `Searches` and delegates to it (search_due,
finish_searches). The asked answer is searched from the asking player's
observation only, never the state, so it knows no more than they do.

Pure Python, MicroPython-portable (no DOM here).
"""

from ..rules.observation import observe
from .seats import expert_search
from .thinking import Job


class Searches:
    """The assistant's expert answer of one session: `asked` is the (viewer,
    moves played) it was asked on, `job` its search (a thinking.Job, run by the
    page like an expert seat's). The seats' searches stay with the seats
    (`due(bots)` names whichever must run first)."""

    __slots__ = ("asked", "job")

    def __init__(self):
        self.asked = None
        self.job = None

    def due(self, bots):
        """The search the page must run now, a slice at a time: an expert
        seat's decision first (the game waits for it), else the assistant's
        answer while it is not done; None when nothing is searching."""
        job = bots.thinking_job()
        if job is not None:
            return job
        job = self.job
        return job if job is not None and not job.done else None

    def ask(self, viewer, moves):
        """"Ask the expert" on `viewer`'s private screen after `moves` actions;
        its search is made by `prepare` (Session._prepare)."""
        self.asked = (viewer, moves)

    def prepare(self, state, viewer, hints):
        """Keep the answer's search for the position shown: made from the asking
        player's observation when the screen is the one asked on (with hints
        on); dropped on any other position or screen."""
        key = (viewer, len(state.actions))
        if viewer is None or not hints or self.asked != key:
            self.job = None
            return
        if self.job is None or self.job.key != key:
            self.job = Job(key, expert_search(state.seed, viewer, observe(state, viewer), True))

    def answer(self, key):
        """The search asked on `key` (viewer, moves played), done or not; None
        when the expert was not asked there (assistant.expert_model reads it)."""
        job = self.job
        return job if self.asked == key and job is not None and job.key == key else None


def finish_all(owner, limit=500):
    """Run every search `owner` (a Session) has due at once, each to its end and
    played on (`search_done`): what the page reaches slice by slice, with no
    page (the tests' and the command line's way). Returns how many ran."""
    n = 0
    while n < limit:
        job = owner.search_due()
        if job is None:
            return n
        job.finish()
        owner.search_done()
        n += 1
    return n
