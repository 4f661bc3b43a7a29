"""Display names of game pieces (translatable, looked up at call time)."""

from .i18n import _


def symbol_name(sym):
    return {
        "jaguar": _("jaguar"),
        "bird": _("bird"),
        "bear": _("bear"),
        "chameleon": _("chameleon"),
        "snake": _("snake"),
        "human": _("human"),
    }.get(sym, sym)


def colour_name(sym):
    return {
        "jaguar": _("yellow"),
        "bird": _("blue"),
        "bear": _("red"),
        "chameleon": _("purple"),
        "snake": _("green"),
        "human": _("pink"),
    }.get(sym, "")


def dice_text(dice):
    return ", ".join(symbol_name(d) for d in dice)


def range_text(low, high):
    if low == high:
        return str(low)
    return _("{low}–{high}", low=low, high=high)
