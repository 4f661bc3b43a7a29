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

from .i18n import get_language

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


class Announcer:
    """What the live region says after each render: the announced part of the
    public log entries added since the last public screen.

    It keeps the entries of its last announcement and the language it was said
    in: after a language switch mid-game the next render says the same news
    again in the new language at once (issue 24), instead of leaving the old
    language in the live region until the next event.

    `sentence(entry, names)` is the game's: the announcement for one public
    log entry, or "" for one not announced (the shell knows no game's words;
    The Lost Code's is game/describe.py's `entry_sentence`)."""

    def __init__(self, sentence):
        self.sentence = sentence
        self.seen = 0
        self.text = ""
        self.entries = []
        self.lang = ""

    def reset(self, log=()):
        """A new (or loaded) game: what is already in its log is not news."""
        self.seen = len(log)
        self.text = ""
        self.entries = []
        self.lang = get_language()

    def _say(self, entries, names):
        lines = []
        for e in entries:
            line = self.sentence(e, names)
            if line:
                lines.append(line)
        if not lines:
            return None
        self.entries = list(entries)
        self.lang = get_language()
        self.text = " ".join(lines)
        return self.text

    def update(self, log, names, private):
        """The new announcement, or None when there is nothing new to say.

        On private screens nothing new is announced (and nothing is consumed);
        the last announcement is said again when the language changed since."""
        if len(log) < self.seen:  # an undo or another game: start over quietly
            self.seen = len(log)
            self.entries = []
            self.text = ""
            return None
        if not private and len(log) > self.seen:
            fresh = log[self.seen :]
            self.seen = len(log)
            text = self._say(fresh, names)
            if text is not None:
                return text
        if self.entries and self.lang != get_language():
            return self._say(self.entries, names)
        return None
