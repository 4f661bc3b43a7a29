"""What one player of «Тайные камни» may know, built fresh for each viewer.

The grid, the discard pile (laid face up, S-A1), the completed cards (laid
face up, S-A3) and the size of every hand and of the deck are public; a hand
is seen only by its owner (S-S2), and the deck's order by nobody. Screens and
bots read this, never the State. `viewer=None` is the public view (a shared
screen between handoffs): no hand at all.
"""

from .engine import legal_actions
from .moves import scores
from .vocab import PHASE_END


def observe(s, viewer=None) -> dict:
    n = s.options.players
    if viewer is not None and (not isinstance(viewer, int) or not 0 <= viewer < n):
        raise ValueError("viewer must be a seat number or None")
    players = []
    for p in range(n):
        players.append({
            "name": s.names[p],
            "hand": list(s.hands[p]) if p == viewer else None,
            "hand_size": len(s.hands[p]),
            "done": list(s.done[p]),
            "skipped": s.skipped[p],
        })  # fmt: skip
    obs = {
        "viewer": viewer,
        "options": s.options.to_dict(),
        "grid": s.grid,
        "players": players,
        "deck_size": len(s.deck),
        "discard": list(s.discard),
        "first": s.first,
        "to_act": s.to_act,
        "acted": s.acted,
        "completed_now": s.completed_now,
        "penalties": s.penalties,
        "last_round": s.last_round,
        "turns": s.turns,
        "over": s.phase == PHASE_END,
        "scores": scores(s)[0],
        "result": s.result,
        "legal": [],
    }
    if viewer is not None and viewer == s.to_act:
        obs["legal"] = legal_actions(s)
    return obs
