"""End of the game (RULES §4): final candidates, their points, the winner."""

from .components import FINAL_POINTS, FINAL_WRONG, SHORTCUT_FACTOR
from .errors import IllegalAction
from .shortcut import candidate_sets, check_candidates
from .track import behind_to_leader, move
from .vocab import EV_END, EV_FINAL_WRITTEN, FINAL, MOVE_FINAL, PHASE_END, PHASE_FINAL


def symbols_to_write(s, p: int) -> list:
    """R-E1: every symbol in use except those whose shortcut token p took."""
    return [sym for sym in s.symbols if s.token_holder.get(sym) != p]


def next_symbol(s, p: int):
    for sym in symbols_to_write(s, p):
        if sym not in s.final[p]:
            return sym
    return None


def start_final(s) -> None:
    s.phase = PHASE_FINAL
    s.queue = [p for p in behind_to_leader(s) if next_symbol(s, p) is not None]
    s.to_act = s.queue[0] if s.queue else None
    if not s.queue:
        finish(s)


def legal_final(s) -> list:
    sym = next_symbol(s, s.to_act)
    return [(FINAL, sym, c) for c in candidate_sets(s.options.value_max, 0)]


def check_final(s, action) -> None:
    p = s.to_act
    sym = next_symbol(s, p)
    if len(action) != 3 or action[0] != FINAL:
        raise IllegalAction("R-E1", "write_final")
    if action[1] != sym:
        if isinstance(action[1], str) and s.token_holder.get(action[1]) == p:
            raise IllegalAction("R-E1", "shortcut_stands", {"sym": action[1]})
        raise IllegalAction("R-E1", "write_next", {"sym": sym})
    check_candidates(action[2], s.options.value_max, 0, "R-E1")


def apply_final(s, action) -> None:
    p = s.to_act
    s.final[p][action[1]] = tuple(sorted(action[2]))
    if next_symbol(s, p) is not None:
        return
    s.log.append({"t": EV_FINAL_WRITTEN, "player": p})
    s.queue.pop(0)
    if s.queue:
        s.to_act = s.queue[0]
        return
    finish(s)


def symbol_points(candidates: tuple, value: int, doubled: bool) -> int:
    """R-E2, R-X2c."""
    pts = FINAL_POINTS[len(candidates)] if value in candidates else FINAL_WRONG
    return pts * SHORTCUT_FACTOR if doubled else pts


def breakdown(s, p: int) -> list:
    rows = []
    for sym in s.symbols:
        doubled = s.token_holder.get(sym) == p
        cands = s.token_candidates[sym] if doubled else s.final[p].get(sym, ())
        value = s.racks[p][sym]
        rows.append(
            {
                "symbol": sym,
                "candidates": list(cands),
                "value": value,
                "doubled": doubled,
                "points": symbol_points(cands, value, doubled),
            }
        )
    return rows


def finish(s) -> None:
    """R-E3: totals applied from furthest behind to leader; R-E4: the winner."""
    s.to_act = None
    s.queue = []
    round_scores = list(s.scores)
    rows = {}
    for p in behind_to_leader(s):
        rows[p] = breakdown(s, p)
        move(s, p, sum(r["points"] for r in rows[p]), MOVE_FINAL)
    order = behind_to_leader(s)
    winner = order[-1]
    tied = [p for p in order if s.scores[p] == s.scores[winner]]
    s.result = {
        "winner": winner,
        "tie": len(tied) > 1,  # R-E4: then the marker lowest in the stack won
        "tied": tied,
        "ranking": list(reversed(order)),
        "players": [
            {
                "player": p,
                "round_score": round_scores[p],
                "final": rows[p],
                "final_total": sum(r["points"] for r in rows[p]),
                "score": s.scores[p],
            }
            for p in range(s.options.players)
        ],
    }
    s.phase = PHASE_END
    s.log.append({"t": EV_END, "winner": winner, "scores": list(s.scores)})
