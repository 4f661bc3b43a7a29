"""The check (R-C1, R-C2): each guess is compared with the guesser's sum, in the
order fixed for the guesses, with the Temple Curse (R-X3) woven in."""

from .components import NARROWEST_WHEEL, WHEEL_VP, wheel_range
from .curse import curse_after_check_phase, curse_after_move, cursed_player
from .track import move
from .vocab import (
    CORRECT,
    EV_CHECK,
    HIGHER,
    LOWER,
    MOVE_CORRECT,
    MOVE_CURSE,
    MOVE_CURSE_BONUS,
    WRONG,
)

# Results (lostcode.rules.vocab): CORRECT, LOWER (the sum is lower than the range),
# HIGHER, and WRONG (the narrowest wheel only learns this, R-C2).


def roll_sum(rack: dict, dice: list) -> int:
    """R-G2: each rolled symbol counts as often as it was rolled."""
    return sum(rack[d] for d in dice)


def verdict(total: int, wheel: str, low: int) -> str:
    high = wheel_range(wheel, low)[1]
    if low <= total <= high:
        return CORRECT
    if wheel == NARROWEST_WHEEL:
        return WRONG
    return LOWER if total < low else HIGHER


def proven_range(result: str, wheel: str, low: int, ring_max: int):
    """What a result proves about the sum (RULES §3.3), or None for a bare 'wrong'."""
    high = wheel_range(wheel, low)[1]
    if result == CORRECT:
        return (low, high)
    if result == LOWER:
        return (0, low - 1)
    if result == HIGHER:
        return (high + 1, ring_max)
    return None


def run_checks(s) -> None:
    h = s.current_round()
    cursed = cursed_player(s)
    s.cursed = cursed
    s.wrong = []
    for p in h["order"]:
        wheel, low = s.guesses[p]
        vp = WHEEL_VP[wheel]
        result = verdict(roll_sum(s.racks[p], s.dice), wheel, low)
        entry = {
            "player": p,
            "wheel": wheel,
            "low": low,
            "high": wheel_range(wheel, low)[1],
            "result": result,
        }
        h["guesses"].append(entry)
        s.log.append(
            {
                "t": EV_CHECK,
                "round": s.round,
                "player": p,
                "wheel": wheel,
                "low": low,
                "high": entry["high"],
                "result": result,
            }
        )
        if result == CORRECT:
            move(s, p, vp, MOVE_CORRECT)  # R-C1 (cursed and correct: as usual, R-X3b)
            curse_after_move(s, p)
            continue
        s.wrong.append(p)
        if cursed is None:
            continue
        if p == cursed:
            move(s, p, -vp, MOVE_CURSE)  # R-X3b: cursed and wrong loses the VP
        else:
            move(s, cursed, 1, MOVE_CURSE_BONUS)  # R-X3b: +1 per other player's miss
    curse_after_check_phase(s)
    s.cursed = None
