"""R-X3 Temple Curse.

[edition] The holder is cursed from the next check phase on: whoever holds the
token when a check phase begins is cursed for that whole phase, and the token
changes hands only during or at the end of a phase.
"""

from .components import CURSE_LEAVES_AT, CURSE_TAKE_AT
from .track import leader
from .vocab import AVAILABLE, EV_CURSE_GONE, EV_CURSE_PASSED, EV_CURSE_TAKEN, GONE, TAKEN


def cursed_player(s):
    return s.curse_holder if s.curse == TAKEN else None


def curse_after_move(s, p: int) -> None:
    """R-X3a: the first marker to reach or pass space 7 takes the token."""
    if s.curse == AVAILABLE and s.scores[p] >= CURSE_TAKE_AT:
        s.curse = TAKEN
        s.curse_holder = p
        s.log.append({"t": EV_CURSE_TAKEN, "round": s.round, "player": p})


def curse_after_check_phase(s) -> None:
    """R-X3c: leaves once any marker is on 13+, otherwise passes to the leader."""
    if s.curse != TAKEN:
        return
    if max(s.scores) >= CURSE_LEAVES_AT:
        s.curse = GONE
        s.curse_holder = None
        s.log.append({"t": EV_CURSE_GONE, "round": s.round, "why": "13"})
        return
    new = leader(s)
    if new != s.curse_holder:
        s.log.append(
            {"t": EV_CURSE_PASSED, "round": s.round, "player": new, "from": s.curse_holder}
        )
    s.curse_holder = new


def curse_leaves_before_last_round(s) -> None:
    """R-X3d: the token leaves before the last round in any case."""
    if s.curse in (AVAILABLE, TAKEN):
        s.curse = GONE
        s.curse_holder = None
        s.log.append({"t": EV_CURSE_GONE, "round": s.round, "why": "last_round"})
