"""The engine's public face: what may be done now, and doing it.

Every action is a tuple whose first item names its kind (the registry
`moves.MOVES`). An illegal action raises IllegalAction naming the rule and
leaves the state exactly as it was: the whole check (turn, phase, the move's
own check, its argument schema) runs before the move's apply changes anything.
"""

from .errors import IllegalAction
from .moves import MOVES, PHASE_RULE, WAITING, legal_moves, schema_ok
from .vocab import PHASE_END


def to_act(s):
    """The seat whose decision the game waits for (None when it is over)."""
    return s.to_act


def is_over(s) -> bool:
    return s.phase == PHASE_END


def legal_actions(s) -> list:
    if s.phase == PHASE_END:
        return []
    return legal_moves(s, s.phase)


def normalize(action) -> tuple:
    """Accept lists (from JSON) as well as tuples; candidate lists become tuples."""
    if not isinstance(action, (list, tuple)) or not action:
        raise IllegalAction("R-0", "not_an_action")
    return tuple(tuple(a) if isinstance(a, list) else a for a in action)


def check_action(s, action, player=None):
    """The move of a (normalized) action if it may be played now; IllegalAction
    naming the rule otherwise. Changes nothing."""
    if s.phase == PHASE_END:
        raise IllegalAction("R-E4", "game_over")
    rule = PHASE_RULE[s.phase]
    if player is not None and player != s.to_act:
        other = (
            s.names[player]
            if isinstance(player, int) and 0 <= player < len(s.names)
            else str(player)
        )
        raise IllegalAction(rule, "not_your_turn", {"name": s.names[s.to_act], "other": other})
    kind = action[0]
    if not isinstance(kind, str) or kind not in MOVES:
        raise IllegalAction(rule, "no_such_action", {"kind": repr(kind)})
    move = MOVES[kind]
    if move.phase != s.phase:
        waiting = (WAITING[s.phase], {"name": s.names[s.to_act]})
        raise IllegalAction(rule, "not_now", {"kind": kind, "waiting": waiting})
    # The move's own check names the rule a wrong value breaks; the schema then
    # guarantees `apply` only sees the argument types it is written for.
    move.check(s, action)
    if not schema_ok(move, action):
        raise IllegalAction(rule, "malformed", {"action": repr(action)[:60]})
    return move


def apply_action(s, action, player=None) -> None:
    """Apply one action for the player to act (or check it is `player`'s turn).

    The whole check runs first; the apply itself catches nothing, so an engine
    bug surfaces as the bug it is instead of passing for an illegal move."""
    action = normalize(action)
    move = check_action(s, action, player)
    move.apply(s, action)
    s.actions.append(action)
