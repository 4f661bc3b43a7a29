"""A round (RULES §3): roll, forced bear turns, shortcut offers, the optional
change, guesses, checks and replacements. Each phase has a `legal_*` that lists
what the player to act may do and an `apply_*` that validates an action
(raising IllegalAction with the rule ID) before it changes anything."""

from .checks import run_checks
from .components import (
    BEAR,
    DICE,
    SHORTCUT_LAST_ROUND,
    SYMBOLS,
    WHEEL_IDS,
    WHEEL_VP,
    WHEEL_WIDTH,
)
from .curse import curse_leaves_before_last_round
from .errors import IllegalAction
from .scoring import start_final
from .shortcut import shortcut_tokens_leave, start_offer
from .state import BEAR_TURN, CHANGE, GUESS, REPLACE, ROLL
from .track import behind_to_leader


def start_round(s) -> None:
    """R-R1: the player furthest behind rolls."""
    s.phase = ROLL
    s.roller = behind_to_leader(s)[0]
    s.to_act = s.roller
    s.queue = [s.roller]
    s.roll = []
    s.dice = []
    s.guesses = {}
    s.wrong = []
    s.offer_symbol = None
    s.history.append(
        {
            "round": s.round,
            "roller": s.roller,
            "roll": [],
            "dice": [],
            "bear_turns": [],
            "offer": None,
            "change": None,
            "order": [],
            "wheels": [],
            "guesses": [],
            "discards": [],
        }
    )


def _is_die(die) -> bool:
    return isinstance(die, int) and not isinstance(die, bool) and 0 <= die < DICE


def _set_queue(s, queue: list) -> None:
    s.queue = queue
    s.to_act = queue[0] if queue else None


# --- R-R1: roll -----------------------------------------------------------------


def legal_roll(s) -> list:
    return [("roll",)]


def apply_roll(s, action) -> None:
    if action != ("roll",):
        raise IllegalAction("R-R1", "the dice must be rolled first")
    s.roll = [SYMBOLS[s.rng.below(len(SYMBOLS))] for _ in range(DICE)]
    s.dice = list(s.roll)
    h = s.current_round()
    h["roll"] = list(s.roll)
    h["dice"] = list(s.dice)
    s.log.append({"t": "roll", "round": s.round, "player": s.roller, "dice": list(s.roll)})
    after_roll(s)


def after_roll(s) -> None:
    """Forced bear turns first (R-R1a), then shortcut offers (R-R1b), then the change."""
    if s.options.introductory and BEAR in s.dice:
        s.phase = BEAR_TURN
        _set_queue(s, [s.roller])
        return
    if s.options.shortcut and start_offer(s):
        return
    start_change(s)


# --- R-R1a: forced bear turns (introductory game) ----------------------------------


def legal_bear_turn(s) -> list:
    return [("turn_bear", i, sym) for i in range(DICE) if s.dice[i] == BEAR for sym in s.symbols]


def apply_bear_turn(s, action) -> None:
    if len(action) != 3 or action[0] != "turn_bear":
        raise IllegalAction("R-R1a", "every bear die must be turned to another symbol first")
    _, die, sym = action
    if not _is_die(die) or s.dice[die] != BEAR:
        raise IllegalAction("R-R1a", "only a die showing the bear has to be turned")
    if sym not in s.symbols:
        raise IllegalAction(
            "R-R1a", "a bear die must be turned to a symbol in play, not " + str(sym)
        )
    s.dice[die] = sym
    h = s.current_round()
    h["bear_turns"].append({"die": die, "to": sym})
    h["dice"] = list(s.dice)
    s.log.append({"t": "bear_turn", "round": s.round, "player": s.roller, "die": die, "to": sym})
    if BEAR not in s.dice:
        # The roll "before the optional change" is the roll after forced turns.
        if s.options.shortcut and start_offer(s):
            return
        start_change(s)


# --- R-R1c: accept or change one die -----------------------------------------------


def start_change(s) -> None:
    s.phase = CHANGE
    _set_queue(s, [s.roller])


def legal_change(s) -> list:
    out: list[tuple] = [("accept",)]
    for i in range(DICE):
        for sym in s.symbols:
            if sym != s.dice[i]:
                out.append(("change", i, sym))
    return out


def apply_change(s, action) -> None:
    if action == ("accept",):
        s.log.append({"t": "accept", "round": s.round, "player": s.roller, "dice": list(s.dice)})
    elif len(action) == 3 and action[0] == "change":
        _, die, sym = action
        if not _is_die(die):
            raise IllegalAction("R-R1c", "there are only three dice (0, 1 and 2)")
        if sym not in s.symbols:
            if sym == BEAR:
                raise IllegalAction("R-R1c", "no die may show the bear in the introductory game")
            raise IllegalAction("R-R1c", str(sym) + " is not a symbol on the dice")
        if sym == s.dice[die]:
            raise IllegalAction(
                "R-R1c", "that die already shows " + sym + "; turn it to another face"
            )
        old = s.dice[die]
        s.dice[die] = sym
        h = s.current_round()
        h["change"] = {"die": die, "from": old, "to": sym}
        h["dice"] = list(s.dice)
        s.log.append(
            {
                "t": "change",
                "round": s.round,
                "player": s.roller,
                "die": die,
                "from": old,
                "to": sym,
                "dice": list(s.dice),
            }
        )
    else:
        raise IllegalAction("R-R1c", "accept the roll or turn exactly one die")
    start_guess(s)


# --- R-G: guesses ---------------------------------------------------------------


def start_guess(s) -> None:
    s.phase = GUESS
    order = behind_to_leader(s)  # R-G1: fixed at the start of this phase
    s.current_round()["order"] = list(order)
    _set_queue(s, order)


def legal_guess(s) -> list:
    taken = _taken(s)
    top = s.options.ring_max
    out = []
    for w in WHEEL_IDS:
        if w in taken:
            continue
        for low in range(0, top - WHEEL_WIDTH[w] + 2):
            out.append(("guess", w, low))
    return out


def _taken(s) -> list:
    return [g[0] for g in s.guesses.values()]


def apply_guess(s, action) -> None:
    if len(action) != 3 or action[0] != "guess":
        raise IllegalAction("R-G1", "choose a wheel and the low end of its range")
    _, w, low = action
    if w not in WHEEL_VP:
        raise IllegalAction("R-G1", "there is no wheel called " + str(w))
    if w in _taken(s):
        raise IllegalAction("R-G1", "the " + _wheel_name(w) + " wheel is already taken this round")
    if not isinstance(low, int) or isinstance(low, bool):
        raise IllegalAction("R-G3", "the low end of the range must be a whole number")
    top = s.options.ring_max
    high = low + WHEEL_WIDTH[w] - 1
    if low < 0:
        raise IllegalAction("R-G3", "the " + _wheel_name(w) + " wheel cannot start below 0")
    if high > top:
        raise IllegalAction(
            "R-G3",
            "the "
            + _wheel_name(w)
            + " wheel cannot start at "
            + str(low)
            + " — its range would end at "
            + str(high)
            + ", past "
            + str(top),
        )
    p = s.to_act
    s.guesses[p] = (w, low)
    s.current_round()["wheels"].append([p, w])
    s.log.append({"t": "wheel", "round": s.round, "player": p, "wheel": w})
    s.queue.pop(0)
    if s.queue:
        s.to_act = s.queue[0]
        return
    run_checks(s)
    start_replace(s)


def _wheel_name(w: str) -> str:
    return str(WHEEL_WIDTH[w]) + "-wide"


# --- R-P: replacements ----------------------------------------------------------


def start_replace(s) -> None:
    s.phase = REPLACE
    order = behind_to_leader(s)  # R-P1: order after the checks
    _set_queue(s, [p for p in order if p in s.wrong])
    _skip_if_piles_empty(s)


def _open_piles(s) -> list:
    return [sym for sym in s.symbols if s.piles[sym]]


def _skip_if_piles_empty(s) -> None:
    """R-P2: with every pile empty the step is skipped for everyone left."""
    if s.queue and not _open_piles(s):
        for p in s.queue:
            s.log.append({"t": "replace_skipped", "round": s.round, "player": p})
        _set_queue(s, [])
    if not s.queue:
        end_round(s)


def legal_replace(s) -> list:
    return [("discard", sym) for sym in _open_piles(s)]


def apply_replace(s, action) -> None:
    if len(action) != 2 or action[0] != "discard":
        raise IllegalAction("R-P1", "a player who was wrong must replace one of their stones")
    sym = action[1]
    if sym not in s.symbols:
        raise IllegalAction("R-P2", str(sym) + " is not a symbol in this game")
    if not s.piles[sym]:
        raise IllegalAction(
            "R-P2", "the " + sym + " pile is empty; choose a symbol whose pile has stones"
        )
    p = s.to_act
    value = s.racks[p][sym]
    s.discards[p].append({"round": s.round, "symbol": sym, "value": value})
    s.racks[p][sym] = s.piles[sym].pop()
    s.current_round()["discards"].append({"player": p, "symbol": sym, "value": value})
    s.log.append({"t": "discard", "round": s.round, "player": p, "symbol": sym, "value": value})
    s.queue.pop(0)
    s.to_act = s.queue[0] if s.queue else None
    _skip_if_piles_empty(s)


# --- end of round ---------------------------------------------------------------


def end_round(s) -> None:
    n = s.options.players
    if s.options.shortcut and s.round == SHORTCUT_LAST_ROUND[n]:
        shortcut_tokens_leave(s)
    if s.options.curse and s.round == s.options.rounds - 1:
        curse_leaves_before_last_round(s)
    s.log.append({"t": "round_end", "round": s.round})
    if s.round >= s.options.rounds:
        start_final(s)
        return
    s.round += 1
    start_round(s)
