"""A move's words, one row per kind of move, beside the registry (moves.MOVES).

Why one table: a move kind is said in four places (a table-mode button, the
expert's options, its chosen move, and when its reasons may be said, R-G3);
kept together, a new move (docs/adding-a-move.md) gets all its words in one
row instead of a branch in each screen, as OpenSpiel keeps `_action_to_string`
beside `_apply_action`.

The templates are English msgids marked with `N_` (as in messages.py) and
translated where they are shown (lostcode/web/game/describe.py, `move_text`); a
template that is only a format ("{die}: {sym}") is left unmarked, so it adds
nothing to the catalogues. Their placeholders come from `parts(action)`,
read from the move's argument schema (moves.MOVES), never from its kind:
  die (1-based), sym (a symbol name), wheel, low, high (its range), width and
  wheel_vp (the wheel's), values (a tuple of ints).
Whoever says them adds what the action does not hold ({vp}, the value of an
option; the offered {sym} of "take").

Pure data, no page imports: MicroPython-portable.
"""

from .components import WHEEL_VP, WHEEL_WIDTH
from .engine import normalize
from .errors import IllegalAction
from .messages import N_
from .moves import DIE, LOW, MOVES, SYMBOL, VALUES, WHEEL, schema_ok
from .vocab import ACCEPT, CHANGE, DISCARD, FINAL, GUESS, PASS, ROLL, SHORTCUT, TAKE, TURN_BEAR

# When an expert decision's reasons may be said (lostcode/web/game/reasons.py).
AT_ONCE = "now"
AT_CHECK = "check"  # R-G3: a bet once its round's check results were shown
AT_END = "end"  # candidates: once the game is over

# The heading of a wheel's ranges in a list of moves (table mode).
WHEEL_HEADING = N_("{wheel} ({width} wide, {vp} VP)")


class Words:
    """A move kind's words.

    caption   the move on a button or in a list (table mode);
    phrase    one option the expert weighed, "{…}: {vp}";
    sentence  the option the expert took ("" when there is nothing to say);
    won       the sentence when its worth is a chance to win (final candidates);
    when      when the expert's reasons for it may be said (AT_*)."""

    __slots__ = ("caption", "phrase", "sentence", "won", "when")

    def __init__(self, caption, phrase, sentence, won="", when=AT_ONCE):
        self.caption = caption
        self.phrase = phrase
        self.sentence = sentence
        self.won = won
        self.when = when


# The roller's dice (R-R1c) are public, but what keeping or turning one is
# worth is the points its bet likely scores with them: said with the bet, once
# the check is shown (R-G3; issue 39, fifth playtest).
_DIE = Words(
    "{die}: {sym}",
    N_("turning die {die} to {sym}: {vp}"),
    N_("Turned die {die} to {sym}: {vp}."),
    when=AT_CHECK,
)

WORDS = {
    ROLL: Words(N_("Roll the dice"), N_("rolling: {vp}"), ""),  # a roll has no alternative
    TURN_BEAR: _DIE,
    TAKE: Words(
        N_("Take the {sym} token"),
        N_("taking the token: {vp}"),
        N_("Took the token: {vp}."),
    ),
    PASS: Words(N_("Pass"), N_("passing the token: {vp}"), N_("Passed the token: {vp}.")),
    SHORTCUT: Words(
        "{values}",
        N_("{values} on the shortcut: {vp}"),
        N_("Wrote {values} on the shortcut: {vp}."),
        when=AT_END,
    ),
    ACCEPT: Words(
        N_("Keep the dice"), N_("keeping the dice: {vp}"), N_("Kept the dice: {vp}."),
        when=AT_CHECK,
    ),
    CHANGE: _DIE,
    GUESS: Words(
        "{heading} · {range}",
        N_("{wheel} {range}: {vp}"),
        N_("Took {wheel} {range}: {vp}."),
        when=AT_CHECK,
    ),
    DISCARD: Words(
        "{sym}",
        N_("replacing the {sym} stone: {vp}"),
        N_("Replaced the {sym} stone: {vp}."),
    ),
    FINAL: Words(
        "{sym}: {values}",
        N_("{values} for {sym}: {vp}"),
        N_("Wrote {values} for {sym}: {vp}."),
        N_("Wrote {values} for {sym}: {vp}."),
        AT_END,
    ),
}


def parts(action):
    """(kind, {placeholder: value}) of a well-formed action, (None, {}) for
    anything else (an action read from a save may be any JSON)."""
    try:
        action = normalize(action)
    except IllegalAction:
        return None, {}
    kind = action[0]
    if not isinstance(kind, str) or kind not in MOVES or kind not in WORDS:
        return None, {}
    move = MOVES[kind]
    if not schema_ok(move, action):
        return None, {}
    out: dict = {}
    for i in range(len(move.args)):
        arg, value = move.args[i], action[i + 1]
        if arg == DIE:
            out["die"] = value + 1
        elif arg == SYMBOL:
            out["sym"] = value
        elif arg == WHEEL:
            out["wheel"] = value
            out["width"] = WHEEL_WIDTH.get(value, 1)
            out["wheel_vp"] = WHEEL_VP.get(value, 0)
        elif arg == LOW:
            out["low"] = value
        elif arg == VALUES:
            out["values"] = value
    if "low" in out:
        out["high"] = out["low"] + out.get("width", 1) - 1
    return kind, out


def when_said(kind) -> str:
    """When the reasons of a decision of this kind may be said (AT_*)."""
    w = WORDS.get(kind)
    return w.when if w is not None else AT_ONCE


def can_lose_points(action, cursed=False) -> bool:
    """Whether a move can cost its player points, so its worth may be said as a
    loss: only final candidates (R-E2), candidates written with the Deadly
    Shortcut's token (R-X2c: −4) and a bet of the curse's holder (R-X3b). Every
    other move cannot (a bet: R-C2; a roll, a turn, a discard: no points),
    so the expert's reasons never say it loses any (issue 39: "replaced the
    human stone (5): likely to lose about 1 point to the others")."""
    kind = action[0] if action else None
    return kind in (FINAL, SHORTCUT) or (kind == GUESS and bool(cursed))
