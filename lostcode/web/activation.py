"""One activation, one action (issue 12): when to ignore a click or a key.

A double tap on "Hide and pass" used to act twice: the first click drew the
next player's handoff and the second click, landing where "Show Ben's
private screen" now was, opened Ben's screen while Ann still held the
device. The rule this module keeps: an activation that began on one screen
never acts on the next one, and a new screen accepts no pointer input until
it has been shown for SETTLE_MS.

Pure Python with times passed in (milliseconds), so it is unit-tested on
CPython; gamepage.py feeds it the DOM's pointerdown / click / keydown events
from capture listeners and calls `shown` whenever a different screen is drawn.
"""

# A new screen ignores pointer clicks this long: longer than a quick double
# tap (~100-300 ms), short enough not to be noticed. Clicks from the keyboard
# (Enter / Space, click detail 0) are deliberate presses and are not delayed;
# held keys (auto-repeat) never act.
SETTLE_MS = 350


class ActivationGuard:
    """Screen generations and the click sequence they began in."""

    __slots__ = ("gen", "shown_at", "down_gen", "seq_gen", "ignored")

    def __init__(self):
        self.gen = 0  # bumped each time a different screen is shown
        self.shown_at = None  # when the current screen was drawn
        self.down_gen = -1  # screen on which the last pointer press began
        self.seq_gen = -1  # screen on which the current multi-click began
        self.ignored = 0  # activations refused so far (tests and debugging)

    def shown(self, now):
        """A different screen was drawn at `now`: input must settle again."""
        self.gen += 1
        self.shown_at = now

    def settling(self, now):
        return self.shown_at is not None and now - self.shown_at < SETTLE_MS

    def pointer_down(self):
        self.down_gen = self.gen

    def allows_click(self, detail, now, settling_control=True):
        """Whether a click may act. `detail` is the DOM click count: 0 for a
        click made by the keyboard, 1 for a single click or tap, 2+ for the
        later clicks of a double or triple click. `settling_control`: the
        click is on one of the new screen's controls (the ones marked while it
        settles); other parts of the page (the log, display settings) open at
        once, but never from a click sequence begun on the previous screen."""
        if not isinstance(detail, int) or detail <= 0:
            return True  # Enter / Space on a focused control (repeats are refused on keydown)
        if detail == 1:
            self.seq_gen = self.gen
        settling = settling_control and self.settling(now)
        ok = self.seq_gen == self.gen and self.down_gen == self.gen and not settling
        if not ok:
            self.ignored += 1
        return ok

    def allows_key(self, key, repeat):
        """A held Enter or Space (auto-repeat) never presses a control again."""
        if repeat and key in ("Enter", " ", "Spacebar"):
            self.ignored += 1
            return False
        return True
