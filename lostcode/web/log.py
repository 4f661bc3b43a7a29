"""The public game log as sentences (named players, never "you")."""

from .i18n import _, ngettext
from .names import dice_text, symbol_name


def result_text(result, name, wheel, low, high):
    if result == "correct":
        return _(
            "{name} was right with {wheel} ({low}–{high}).",
            name=name,
            wheel=wheel,
            low=low,
            high=high,
        )
    if result == "lower":
        return _(
            "{name} was wrong with {wheel} ({low}–{high}): the sum is lower.",
            name=name,
            wheel=wheel,
            low=low,
            high=high,
        )
    if result == "higher":
        return _(
            "{name} was wrong with {wheel} ({low}–{high}): the sum is higher.",
            name=name,
            wheel=wheel,
            low=low,
            high=high,
        )
    return _(
        "{name} was wrong with {wheel} ({low}–{high}); the narrowest wheel gets no hint.",
        name=name,
        wheel=wheel,
        low=low,
        high=high,
    )


def signed(n):
    return "+" + str(n) if n > 0 else str(n)


def move_text(e, names):
    name = names[e["player"]]
    d = e["delta"]
    reason = e["reason"]
    if reason == "curse":
        return _(
            "{name} is cursed and loses {n} VP (now {score}).", name=name, n=-d, score=e["score"]
        )
    if reason == "curse_bonus":
        return _("{name} gains 1 VP from the curse (now {score}).", name=name, score=e["score"])
    if reason == "final":
        return _(
            "{name} scores {delta} for the final guesses (now {score}).",
            name=name,
            delta=signed(d),
            score=e["score"],
        )
    return ngettext(
        "{name} moves forward {n} space (now {score}).",
        "{name} moves forward {n} spaces (now {score}).",
        d,
        name=name,
        score=e["score"],
    )


def entry_text(e, names):
    t = e.get("t")
    name = names[e["player"]] if "player" in e and e["player"] is not None else ""
    if t == "roll":
        return _(
            "Round {round}: {name} rolled {dice}.",
            round=e["round"],
            name=name,
            dice=dice_text(e["dice"]),
        )
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
            "{name} turned die {die} from {old} to {new}: {dice}.",
            name=name,
            die=e["die"] + 1,
            old=symbol_name(e["from"]),
            new=symbol_name(e["to"]),
            dice=dice_text(e["dice"]),
        )
    if t == "offer":
        return _("The {sym} shortcut token is offered.", sym=symbol_name(e["symbol"]))
    if t == "token_taken":
        return _("{name} took the {sym} shortcut token.", name=name, sym=symbol_name(e["symbol"]))
    if t == "token_passed":
        return _(
            "{name} passed on the {sym} shortcut token.", name=name, sym=symbol_name(e["symbol"])
        )
    if t == "token_written":
        return _("{name} wrote their {sym} candidates.", name=name, sym=symbol_name(e["symbol"]))
    if t == "tokens_gone":
        return _(
            "Untaken shortcut tokens leave the game: {syms}.",
            syms=", ".join(symbol_name(x) for x in e["symbols"]),
        )
    if t == "wheel":
        return _("{name} took wheel {wheel}.", name=name, wheel=e["wheel"])
    if t == "check":
        return result_text(e["result"], name, e["wheel"], e["low"], e["high"])
    if t == "move":
        return move_text(e, names)
    if t == "curse_taken":
        return _("{name} reached space 7 first and takes the curse token.", name=name)
    if t == "curse_passed":
        return _("The curse token passes to the leader, {name}.", name=name)
    if t == "curse_gone":
        if e.get("why") == "13":
            return _("A marker is on space 13 or beyond: the curse token leaves the game.")
        return _("The curse token leaves the game before the last round.")
    if t == "discard":
        return _(
            "{name} discarded their {sym} stone ({value}) and drew a new one.",
            name=name,
            sym=symbol_name(e["symbol"]),
            value=e["value"],
        )
    if t == "replace_skipped":
        return _("{name} cannot replace a stone: every pile is empty.", name=name)
    if t == "round_end":
        return _("End of round {round}.", round=e["round"])
    if t == "final_written":
        return _("{name} wrote their final candidates.", name=name)
    if t == "end":
        return _("The game is over: {name} wins.", name=names[e["winner"]])
    return str(t)


def log_lines(log, names):
    return [entry_text(e, names) for e in log]
