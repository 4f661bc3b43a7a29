"""The public face of «Тайные камни»'s rules: what may be done now, and doing
it. An illegal action raises IllegalAction naming its rule and leaves the state
exactly as it was: the whole check runs before a move's apply changes anything.
"""

from ..rules.errors import IllegalAction
from .moves import KINDS, MOVES, is_over
from .vocab import PHASE_END

__all__ = ["apply_action", "check_action", "is_over", "legal_actions", "normalize"]


def legal_actions(s) -> list:
    if s.phase == PHASE_END:
        return []
    out = []
    for kind in KINDS:
        out += MOVES[kind].legal(s)
    return out


def normalize(action) -> tuple:
    """Lists (from JSON) are accepted as well as tuples."""
    if not isinstance(action, (list, tuple)) or not action:
        raise IllegalAction("S-A4", "not_an_action")
    return tuple(action)


def check_action(s, action, player=None):
    """The move of a normalized action if it may be played now; IllegalAction
    naming the rule otherwise. Changes nothing."""
    if s.phase == PHASE_END:
        raise IllegalAction("S-E1", "game_over")
    if player is not None and player != s.to_act:
        raise IllegalAction(
            "S-S3", "not_your_turn", {"name": s.names[s.to_act], "other": str(player)}
        )
    kind = action[0]
    if not isinstance(kind, str) or kind not in MOVES:
        raise IllegalAction("S-A4", "no_such_action", {"kind": repr(kind)[:40]})
    move = MOVES[kind]
    move.check(s, action)
    return move


def apply_action(s, action, player=None) -> None:
    action = normalize(action)
    move = check_action(s, action, player)
    move.apply(s, action)
    s.actions.append(action)
