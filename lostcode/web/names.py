"""Display names of game pieces (translatable, looked up at call time)."""

from .i18n import _


def symbol_name(sym):
    # One lookup per call (a board draws thousands of names: translating all six
    # each time was a fifth of a screen's time); the literals stay for extraction.
    if sym == "jaguar":
        return _("jaguar")
    if sym == "bird":
        return _("bird")
    if sym == "bear":
        return _("bear")
    if sym == "chameleon":
        return _("chameleon")
    if sym == "snake":
        return _("snake")
    if sym == "human":
        return _("human")
    return sym


def colour_name(sym):
    if sym == "jaguar":
        return _("yellow")
    if sym == "bird":
        return _("blue")
    if sym == "bear":
        return _("red")
    if sym == "chameleon":
        return _("purple")
    if sym == "snake":
        return _("green")
    if sym == "human":
        return _("pink")
    return ""


def dice_text(dice):
    return ", ".join(symbol_name(d) for d in dice)


def range_text(low, high):
    if low == high:
        return str(low)
    return _("{low}–{high}", low=low, high=high)
