"""The page's words for what the core says: events, illegal moves, notes.

The core speaks in ids with parameters (lostcode.rules.vocab event ids, message ids
of lostcode.rules.messages); this module is the one place the page turns them into
sentences in the current language. `describe(event, names)` is the one
describer of a public event, used by the game log (log_lines below), the live region
(a11y.py) and the bot report (solo.py); `say(msg, params)` words a message of
an IllegalAction or a settings note; `move_words(action)` gives a move's row
of words (lostcode.rules.movewords) with its placeholders in words, for the
expert's reasons (reasons.py) and table mode's buttons.
"""

from ...rules import vocab
from ...rules.messages import N_, template
from ...rules.movewords import WHEEL_HEADING, WORDS, parts
from ...rules.vocab import CORRECT, HIGHER, LOWER, MOVE_CURSE, MOVE_CURSE_BONUS, MOVE_FINAL
from ..shell.i18n import _, ngettext
from .names import dice_text, range_text, symbol_name

# Reasons the page's own screen flow gives (session.py, drafts.py), beside the
# engine's: the page's own table (issue 38), so that importing the page never
# changes the engine's rules.messages.MESSAGES.
PAGE_MESSAGES = {
    "ui_no_button": N_("this button does not apply to the current screen"),
    "ui_no_wheel": N_("there is no such wheel"),
    "ui_wheel_first": N_("choose a wheel first"),
    "ui_fixed": N_("those candidates are fixed (shortcut token) or not in play"),
    "ui_seen": N_("a value seen elsewhere cannot be your own"),
    "ui_three": N_("at most 3 candidates per symbol"),
    "ui_not_candidate": N_("that value cannot be a candidate"),
}

# Events the live region reads out (a11y.Announcer); the others only go to the log.
ANNOUNCED = (
    vocab.EV_ROLL,
    vocab.EV_BEAR_TURN,
    vocab.EV_ACCEPT,
    vocab.EV_CHANGE,
    vocab.EV_CHECK,
    vocab.EV_DISCARD,
)


def _param(key, value):
    if key == "sym":
        return symbol_name(value)
    if key == "symbols":
        return ", ".join(symbol_name(x) for x in value)
    return str(value)


def say(msg, params=None):
    """A message id with parameters (lostcode.rules.messages) in the current language."""
    shown = {}
    for k, v in (params or {}).items():
        if isinstance(v, tuple) and len(v) == 2 and isinstance(v[1], dict):
            shown[k] = say(v[0], v[1])
        else:
            shown[k] = _param(k, v)
    return _(PAGE_MESSAGES.get(msg) or template(msg), **shown)


def reason(e):
    """Why an IllegalAction was raised, in the current language (no rule prefix)."""
    return say(e.msg, e.params)


def result_text(result, name, wheel, low, high):
    kw = {"name": name, "wheel": wheel, "low": low, "high": high}
    if result == CORRECT:
        return _("{name} was right with {wheel} ({low}–{high}).", **kw)
    if result == LOWER:
        return _("{name} was wrong with {wheel} ({low}–{high}): the sum is lower.", **kw)
    if result == HIGHER:
        return _("{name} was wrong with {wheel} ({low}–{high}): the sum is higher.", **kw)
    return _(
        "{name} was wrong with {wheel} ({low}–{high}); the narrowest wheel gets no hint.", **kw
    )


def signed(n):
    return "+" + str(n) if n > 0 else str(n)


def move_text(e, names):
    name = names[e["player"]]
    d = e["delta"]
    reason = e["reason"]
    if reason == MOVE_CURSE:
        return _(
            "{name} is cursed and loses {n} VP (now {score}).", name=name, n=-d, score=e["score"]
        )
    if reason == MOVE_CURSE_BONUS:
        return _("{name} gains 1 VP from the curse (now {score}).", name=name, score=e["score"])
    if reason == MOVE_FINAL:
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


def _event_words(e, names):
    """The parameters of an event's sentence, each in the current language."""
    p = e.get("player")
    kw = {"name": names[p] if p is not None and 0 <= p < len(names) else ""}
    for key in ("round", "wheel", "value"):
        if key in e:
            kw[key] = e[key]
    if "die" in e:
        kw["die"] = e["die"] + 1
    if "dice" in e:
        kw["dice"] = dice_text(e["dice"])
    if "symbol" in e:
        kw["sym"] = symbol_name(e["symbol"])
    if "symbols" in e:
        kw["syms"] = ", ".join(symbol_name(x) for x in e["symbols"])
    if "from" in e and isinstance(e["from"], str):
        kw["old"] = symbol_name(e["from"])
    if "to" in e:
        kw["new"] = kw["sym"] = symbol_name(e["to"])
    return kw


def describe(e, names):
    """One public event (a log entry: id + parameters) as a sentence in the
    current language: the game log, the live region and the bot report all
    say an event with this, so it reads the same everywhere."""
    t = e.get("t")
    kw = _event_words(e, names)
    if t == vocab.EV_ROLL:
        return _("Round {round}: {name} rolled {dice}.", **kw)
    if t == vocab.EV_BEAR_TURN:
        return _("{name} turned die {die} from bear to {sym}.", **kw)
    if t == vocab.EV_ACCEPT:
        return _("{name} kept the dice: {dice}.", **kw)
    if t == vocab.EV_CHANGE:
        return _("{name} turned die {die} from {old} to {new}: {dice}.", **kw)
    if t == vocab.EV_OFFER:
        return _("The {sym} shortcut token is offered.", **kw)
    if t == vocab.EV_TOKEN_TAKEN:
        return _("{name} took the {sym} shortcut token.", **kw)
    if t == vocab.EV_TOKEN_PASSED:
        return _("{name} passed on the {sym} shortcut token.", **kw)
    if t == vocab.EV_TOKEN_WRITTEN:
        return _("{name} wrote their {sym} candidates.", **kw)
    if t == vocab.EV_TOKENS_GONE:
        return _("Untaken shortcut tokens leave the game: {syms}.", **kw)
    if t == vocab.EV_WHEEL:
        return _("{name} took wheel {wheel}.", **kw)
    if t == vocab.EV_CHECK:
        return result_text(e["result"], kw["name"], e["wheel"], e["low"], e["high"])
    if t == vocab.EV_MOVE:
        return move_text(e, names)
    if t == vocab.EV_CURSE_TAKEN:
        return _("{name} reached space 7 first and takes the curse token.", **kw)
    if t == vocab.EV_CURSE_PASSED:
        return _("The curse token passes to the leader, {name}.", **kw)
    if t == vocab.EV_CURSE_GONE:
        if e.get("why") == "13":
            return _("A marker is on space 13 or beyond: the curse token leaves the game.")
        return _("The curse token leaves the game before the last round.")
    if t == vocab.EV_DISCARD:
        return _("{name} discarded their {sym} stone ({value}) and drew a new one.", **kw)
    if t == vocab.EV_REPLACE_SKIPPED:
        return _("{name} cannot replace a stone: every pile is empty.", **kw)
    if t == vocab.EV_ROUND_END:
        return _("End of round {round}.", **kw)
    if t == vocab.EV_FINAL_WRITTEN:
        return _("{name} wrote their final candidates.", **kw)
    if t == vocab.EV_END:
        return _("The game is over: {name} wins.", name=names[e["winner"]])
    return str(t)  # an event without words yet (tests/test_moves.py catches it)


def move_words(action, empty="–"):
    """(its movewords.Words row, its placeholders in the current language) of
    an action, or (None, {}) for one that is not a well-formed move. `empty`
    stands for no candidate values."""
    kind, p = parts(action)
    if kind is None:
        return None, {}
    kw = dict(p)
    if "sym" in p:
        kw["sym"] = symbol_name(p["sym"])
    if "values" in p:
        kw["values"] = ", ".join(str(v) for v in p["values"]) or empty
    if "high" in p:
        kw["range"] = range_text(p["low"], p["high"])
    if "wheel" in p:
        kw["heading"] = _(WHEEL_HEADING, wheel=p["wheel"], width=p["width"], vp=p["wheel_vp"])
    return WORDS[kind], kw


def log_lines(log, names):
    """The public game log as sentences (named players, never \"you\")."""
    return [describe(e, names) for e in log]


def entry_sentence(e, names):
    """The live region's announcement for one public log entry (shell/a11y.py's
    Announcer), or "" for entries not announced."""
    return describe(e, names) if e.get("t") in ANNOUNCED else ""
