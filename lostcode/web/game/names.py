"""Display names of game pieces (translatable, looked up at call time)."""

from ...rules.messages import N_
from ..shell.i18n import _

# Marked for extraction (N_), translated one name per call: a board draws
# thousands of names, and translating all six each time was a fifth of a
# screen's time.
SYMBOL_NAMES = {
    "jaguar": N_("jaguar"),
    "bird": N_("bird"),
    "bear": N_("bear"),
    "chameleon": N_("chameleon"),
    "snake": N_("snake"),
    "human": N_("human"),
}
COLOUR_NAMES = {
    "jaguar": N_("yellow"),
    "bird": N_("blue"),
    "bear": N_("red"),
    "chameleon": N_("purple"),
    "snake": N_("green"),
    "human": N_("pink"),
}


def symbol_name(sym):
    name = SYMBOL_NAMES.get(sym)
    return _(name) if name else sym


def colour_name(sym):
    name = COLOUR_NAMES.get(sym)
    return _(name) if name else ""


def dice_text(dice):
    return ", ".join(symbol_name(d) for d in dice)


def range_text(low, high):
    if low == high:
        return str(low)
    return _("{low}–{high}", low=low, high=high)
