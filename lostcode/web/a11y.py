"""Accessibility helpers of the web edition (issue 6). Pure Python, no DOM:
main.py puts the results into the page.

- `Announcer`: short sentences for the page's polite live region
  (role=status): rolls, dice changes, check results and replacements, built
  from the public game log only, so an announcement never holds a rack value
  (a discarded stone's value is public: it lies face up beside its rack).
  While a private screen is open nothing is announced; the news waits for the
  next public screen (the check results are read out with the results screen).
- `TEXT_SIZES`, `normalize_text_size`: the larger-text setting (URL
  `textsize=large`, the "Larger text" checkbox; class `text-large` on <html>).

Portable to MicroPython (no f-strings with `=`, no typing).
"""

from ..components import WHEEL_VP
from .i18n import _
from .names import dice_text, symbol_name

TEXT_SIZES = ("normal", "large")
TEXT_SIZE_CLASS = "text-large"
TEXT_SIZE_KEY = "lostcode.textsize"  # localStorage, shared with assets/textsize.js


def normalize_text_size(size):
    """"large"/"LARGE" -> "large"; anything else -> "normal"."""
    size = str(size or "").strip().lower()
    return size if size in TEXT_SIZES else "normal"


def entry_sentence(e, names):
    """The announcement for one public log entry, or "" for entries not announced."""
    t = e.get("t")
    p = e.get("player")
    name = names[p] if p is not None and 0 <= p < len(names) else ""
    if t == "roll":
        return _("{name} rolled {dice}.", name=name, dice=dice_text(e["dice"]))
    if t == "bear_turn":
        return _(
            "{name} turned die {die} from bear to {sym}.",
            name=name,
            die=e["die"] + 1,
            sym=symbol_name(e["to"]),
        )
    if t == "accept":
        return _("{name} kept the dice: {dice}.", name=name, dice=dice_text(e["dice"]))
    if t == "change":
        return _(
            "{name} turned die {die} to {sym}: {dice}.",
            name=name,
            die=e["die"] + 1,
            sym=symbol_name(e["to"]),
            dice=dice_text(e["dice"]),
        )
    if t == "check":
        result = e["result"]
        if result == "correct":
            return _("{name} was right: +{vp} VP.", name=name, vp=WHEEL_VP[e["wheel"]])
        if result == "lower":
            return _("{name} was wrong: the sum is lower.", name=name)
        if result == "higher":
            return _("{name} was wrong: the sum is higher.", name=name)
        return _("{name} was wrong (no hint).", name=name)
    if t == "discard":
        return _(
            "{name} replaced their {sym} stone; it was a {value}.",
            name=name,
            sym=symbol_name(e["symbol"]),
            value=e["value"],
        )
    return ""


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
