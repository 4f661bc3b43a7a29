"""R-X2 Deadly Shortcut: a token for a symbol rolled two or three times, offered
from the roller towards the leader; its taker fixes that symbol's final
candidates at once and scores them double."""

from .components import MAX_CANDIDATES, SHORTCUT_LAST_ROUND
from .errors import IllegalAction
from .track import behind_to_leader
from .vocab import (
    AVAILABLE,
    EV_OFFER,
    EV_TOKEN_PASSED,
    EV_TOKEN_TAKEN,
    EV_TOKEN_WRITTEN,
    EV_TOKENS_GONE,
    GONE,
    PASS,
    PHASE_CHANGE,
    PHASE_OFFER,
    PHASE_SHORTCUT,
    SHORTCUT,
    TAKE,
    TAKEN,
)


def doubled_symbol(dice: list):
    """The symbol shown on 2 or 3 dice, if any."""
    for sym in dice:
        if dice.count(sym) >= 2:
            return sym
    return None


def start_offer(s) -> bool:
    """R-X2a, R-X2d: open an offer if one is due; False when there is none."""
    if s.round > SHORTCUT_LAST_ROUND[s.options.players]:
        return False
    sym = doubled_symbol(s.dice)
    if sym is None or s.tokens.get(sym) != AVAILABLE:
        return False
    s.phase = PHASE_OFFER
    s.offer_symbol = sym
    order = behind_to_leader(s)
    # The roller is the player furthest behind; offers go from there to the leader.
    i = order.index(s.roller)
    s.queue = order[i:] + order[:i]
    s.to_act = s.queue[0]
    s.current_round()["offer"] = {"symbol": sym, "taker": None, "passed": []}
    s.log.append({"t": EV_OFFER, "round": s.round, "symbol": sym})
    return True


def legal_take(s) -> list:
    return [(TAKE,)]


def legal_pass(s) -> list:
    return [(PASS,)]


def check_take(s, action) -> None:
    if action != (TAKE,):
        raise IllegalAction("R-X2a", "take_or_pass", {"sym": s.offer_symbol})


def check_pass(s, action) -> None:
    if action != (PASS,):
        raise IllegalAction("R-X2a", "take_or_pass", {"sym": s.offer_symbol})


def apply_take(s, action) -> None:
    p = s.to_act
    s.tokens[s.offer_symbol] = TAKEN
    s.token_holder[s.offer_symbol] = p
    s.current_round()["offer"]["taker"] = p
    s.log.append({"t": EV_TOKEN_TAKEN, "round": s.round, "player": p, "symbol": s.offer_symbol})
    s.phase = PHASE_SHORTCUT
    s.queue = [p]


def apply_pass(s, action) -> None:
    p = s.to_act
    s.current_round()["offer"]["passed"].append(p)
    s.log.append({"t": EV_TOKEN_PASSED, "round": s.round, "player": p, "symbol": s.offer_symbol})
    s.queue.pop(0)
    if s.queue:
        s.to_act = s.queue[0]
        return
    _back_to_change(s)


def _back_to_change(s) -> None:
    s.offer_symbol = None
    s.phase = PHASE_CHANGE
    s.queue = [s.roller]
    s.to_act = s.roller


_CANDIDATE_SETS = {}


def candidate_sets(value_max: int, smallest: int) -> list:
    """All sets of `smallest`..3 distinct values, as sorted tuples (cached)."""
    key = (value_max, smallest)
    if key not in _CANDIDATE_SETS:
        _CANDIDATE_SETS[key] = _candidate_sets(value_max, smallest)
    return list(_CANDIDATE_SETS[key])


def _candidate_sets(value_max: int, smallest: int) -> list:
    vals = range(value_max + 1)
    out: list[tuple] = [()] if smallest == 0 else []
    out += [(a,) for a in vals]
    out += [(a, b) for a in vals for b in vals if a < b]
    out += [(a, b, c) for a in vals for b in vals for c in vals if a < b < c]
    return out


def check_candidates(values, value_max: int, smallest: int, rule: str) -> tuple:
    """Validate candidate values; returns them as a sorted tuple."""
    if not isinstance(values, (list, tuple)):
        raise IllegalAction(rule, "candidates_list")
    if len(values) < smallest or len(values) > MAX_CANDIDATES:
        raise IllegalAction(
            rule,
            "candidates_count",
            {"smallest": smallest, "most": MAX_CANDIDATES, "count": len(values)},
        )
    for v in values:
        if not isinstance(v, int) or isinstance(v, bool) or v < 0 or v > value_max:
            raise IllegalAction(rule, "candidate_range", {"top": value_max, "value": v})
    if len(set(values)) != len(values):
        raise IllegalAction(rule, "candidates_distinct")
    return tuple(sorted(values))


def legal_shortcut(s) -> list:
    return [(SHORTCUT, c) for c in candidate_sets(s.options.value_max, 1)]


def check_shortcut(s, action) -> None:
    if len(action) != 2 or action[0] != SHORTCUT:
        raise IllegalAction("R-X2b", "write_shortcut", {"sym": s.offer_symbol})
    check_candidates(action[1], s.options.value_max, 1, "R-X2b")


def apply_shortcut(s, action) -> None:
    s.token_candidates[s.offer_symbol] = tuple(sorted(action[1]))
    s.log.append(
        {"t": EV_TOKEN_WRITTEN, "round": s.round, "player": s.to_act, "symbol": s.offer_symbol}
    )
    _back_to_change(s)


def shortcut_tokens_leave(s) -> None:
    """R-X2d: untaken tokens leave before the last three rounds."""
    gone = [sym for sym in s.symbols if s.tokens.get(sym) == AVAILABLE]
    for sym in gone:
        s.tokens[sym] = GONE
    if gone:
        s.log.append({"t": EV_TOKENS_GONE, "round": s.round, "symbols": gone})
