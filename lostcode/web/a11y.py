"""Accessibility helpers of the web edition (issue 6). Pure Python, no DOM:
gamepage.py and setuppage.py put the results into the page.

- `Announcer`: short sentences for the page's polite live region
  (role=status): rolls, dice changes, check results and replacements, built
  from the public game log only, so an announcement never holds a rack value
  (a discarded stone's value is public: it lies face up beside its rack).
  While a private screen is open nothing is announced; the news waits for the
  next public screen (the check results are read out with the results screen).
- `TEXT_SIZES`, `normalize_text_size`: the larger-text setting (URL
  `textsize=large`, the "Larger text" checkbox; class `text-large` on <html>).
- `MOTIONS`, `normalize_motion`: the "Reduce motion" setting (issue 11; URL
  `motion=reduce`, the checkbox, or the system's prefers-reduced-motion;
  `data-motion="reduce"` on <html>): no moment is animated then.

Portable to MicroPython (no f-strings with `=`, no typing).
"""

from .describe import ANNOUNCED, describe

TEXT_SIZES = ("normal", "large")
TEXT_SIZE_CLASS = "text-large"
TEXT_SIZE_KEY = "lostcode.textsize"  # localStorage, shared with assets/display.js


def normalize_text_size(size):
    """"large"/"LARGE" -> "large"; anything else -> "normal"."""
    size = str(size or "").strip().lower()
    return size if size in TEXT_SIZES else "normal"


MOTIONS = ("full", "reduce")
MOTION_KEY = "lostcode.motion"  # localStorage, shared with assets/display.js


def normalize_motion(value):
    """"reduce"/"Reduce" -> "reduce"; anything else -> "full"."""
    value = str(value or "").strip().lower()
    return value if value in MOTIONS else "full"


def entry_sentence(e, names):
    """The announcement for one public log entry, or "" for entries not announced."""
    return describe(e, names) if e.get("t") in ANNOUNCED else ""


class Announcer:
    """What the live region says after each render: the announced part of the
    public log entries added since the last public screen."""

    def __init__(self):
        self.seen = 0
        self.text = ""

    def reset(self, log=()):
        """A new (or loaded) game: what is already in its log is not news."""
        self.seen = len(log)
        self.text = ""

    def update(self, log, names, private):
        """The new announcement, or None when there is nothing new to say.

        On private screens nothing is announced (and nothing is consumed)."""
        if private:
            return None
        if len(log) < self.seen:  # an undo or another game: start over quietly
            self.seen = len(log)
            return None
        lines = []
        for e in log[self.seen :]:
            line = entry_sentence(e, names)
            if line:
                lines.append(line)
        self.seen = len(log)
        if not lines:
            return None
        self.text = " ".join(lines)
        return self.text
