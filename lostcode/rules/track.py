"""The score track: who is furthest behind, who leads, and moving markers.

Markers on one space form a stack, newest arrival on top (R-C1). We keep, per
marker, the height of its last arrival; comparing heights of markers on the
same space gives their stack order, which breaks every tie in the game.
"""

from .vocab import EV_MOVE


def behind_to_leader(state) -> list:
    """Players from furthest behind to leader (RULES §3 order words).

    Lowest score first; on a tie the marker higher in the stack is further behind.
    """
    order = list(range(state.options.players))
    order.sort(key=lambda p: (state.scores[p], -state.heights[p]))
    return order


def leader(state) -> int:
    """Highest score; on a tie the marker lower in the stack (R-E4)."""
    return behind_to_leader(state)[-1]


def furthest_behind(state) -> int:
    return behind_to_leader(state)[0]


def move(state, player: int, delta: int, reason: str) -> None:
    """Move a marker by `delta` and record why, so scores always equal their events.

    Arriving on a space puts the marker on top of any stack there (R-C1).
    Scores may go below 0 [edition, R-E3]. A move of 0 is no move.
    """
    if delta == 0:
        return
    state.scores[player] += delta
    state.heights[player] = state.next_height
    state.next_height += 1
    state.score_events.append((player, delta, reason, state.round))
    state.log.append(
        {
            "t": EV_MOVE,
            "round": state.round,
            "player": player,
            "delta": delta,
            "reason": reason,
            "score": state.scores[player],
        }
    )
