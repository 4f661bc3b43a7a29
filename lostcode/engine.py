"""The engine's public face: what may be done now, and doing it.

Every action is a tuple whose first item names it (see `ACTION_KINDS`). An
illegal action raises IllegalAction naming the rule, and leaves the state
exactly as it was: every `apply_*` validates before it changes anything.
"""

from .errors import IllegalAction
from .rounds import (
    apply_bear_turn,
    apply_change,
    apply_guess,
    apply_replace,
    apply_roll,
    legal_bear_turn,
    legal_change,
    legal_guess,
    legal_replace,
    legal_roll,
)
from .scoring import apply_final, legal_final
from .shortcut import apply_offer, apply_shortcut, legal_offer, legal_shortcut
from .state import BEAR_TURN, CHANGE, END, FINAL, GUESS, OFFER, REPLACE, ROLL, SHORTCUT

# kind -> (phase, what it means)
ACTION_KINDS = {
    "roll": (ROLL, "R-R1 roll the three dice"),
    "turn_bear": (BEAR_TURN, "R-R1a turn a bear die: (turn_bear, die, symbol)"),
    "take": (OFFER, "R-X2a take the offered shortcut token"),
    "pass": (OFFER, "R-X2a pass the offered shortcut token on"),
    "shortcut": (SHORTCUT, "R-X2b write 1-3 candidates: (shortcut, (values))"),
    "accept": (CHANGE, "R-R1c keep the dice as they are"),
    "change": (CHANGE, "R-R1c turn one die: (change, die, symbol)"),
    "guess": (GUESS, "R-G1..3 take a wheel and set it: (guess, wheel, low)"),
    "discard": (REPLACE, "R-P2 replace a stone: (discard, symbol)"),
    "final": (FINAL, "R-E1 final candidates: (final, symbol, (values))"),
}

_LEGAL = {
    ROLL: legal_roll,
    BEAR_TURN: legal_bear_turn,
    OFFER: legal_offer,
    SHORTCUT: legal_shortcut,
    CHANGE: legal_change,
    GUESS: legal_guess,
    REPLACE: legal_replace,
    FINAL: legal_final,
}
_APPLY = {
    ROLL: apply_roll,
    BEAR_TURN: apply_bear_turn,
    OFFER: apply_offer,
    SHORTCUT: apply_shortcut,
    CHANGE: apply_change,
    GUESS: apply_guess,
    REPLACE: apply_replace,
    FINAL: apply_final,
}

# What the player to act is asked to do, by phase, with the rule behind it.
PHASE_RULE = {
    ROLL: "R-R1",
    BEAR_TURN: "R-R1a",
    OFFER: "R-X2a",
    SHORTCUT: "R-X2b",
    CHANGE: "R-R1c",
    GUESS: "R-G1",
    REPLACE: "R-P1",
    FINAL: "R-E1",
}


def to_act(s):
    """The seat whose decision the game waits for (None when it is over)."""
    return s.to_act


def is_over(s) -> bool:
    return s.phase == END


def legal_actions(s) -> list:
    if s.phase == END:
        return []
    return _LEGAL[s.phase](s)


def normalize(action) -> tuple:
    """Accept lists (from JSON) as well as tuples; candidate lists become tuples."""
    if not isinstance(action, (list, tuple)) or not action:
        raise IllegalAction("R-0", 'an action is a non-empty list such as ["roll"]')
    return tuple(tuple(a) if isinstance(a, list) else a for a in action)


def apply_action(s, action, player=None) -> None:
    """Apply one action for the player to act (or check it is `player`'s turn)."""
    action = normalize(action)
    if s.phase == END:
        raise IllegalAction("R-E4", "the game is over")
    if player is not None and player != s.to_act:
        raise IllegalAction(
            PHASE_RULE[s.phase],
            "it is "
            + s.names[s.to_act]
            + "'s turn, not "
            + (
                s.names[player]
                if isinstance(player, int) and 0 <= player < len(s.names)
                else str(player)
            ),
        )
    kind = action[0]
    if not isinstance(kind, str) or kind not in ACTION_KINDS:
        raise IllegalAction(PHASE_RULE[s.phase], "there is no action called " + repr(kind))
    phase = ACTION_KINDS[kind][0]
    if phase != s.phase:
        raise IllegalAction(
            PHASE_RULE[s.phase],
            "'" + kind + "' is not possible now; the game waits for " + _waiting_for(s),
        )
    try:
        _APPLY[s.phase](s, action)
    except (TypeError, KeyError, IndexError, AttributeError):
        # Validators run before any change, so a malformed value cannot leave
        # the state half-changed; report it like any other illegal action.
        raise IllegalAction(PHASE_RULE[s.phase], "malformed action " + repr(action)[:60]) from None
    s.actions.append(action)


def _waiting_for(s) -> str:
    name = s.names[s.to_act]
    return {
        ROLL: name + " to roll the dice",
        BEAR_TURN: name + " to turn the bear dice",
        OFFER: name + " to take or pass the shortcut token",
        SHORTCUT: name + " to write shortcut candidates",
        CHANGE: name + " to accept the roll or change one die",
        GUESS: name + " to set a wheel",
        REPLACE: name + " to replace a stone",
        FINAL: name + " to write final candidates",
    }[s.phase]
