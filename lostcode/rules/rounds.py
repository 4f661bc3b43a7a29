"""A round (RULES §3): roll, forced bear turns, shortcut offers, the optional
change, guesses, checks and replacements. Each move has a `legal_*` that lists
what the player to act may do, a `check_*` that raises IllegalAction with the
rule ID and changes nothing, and an `apply_*` that the engine calls only after
the check passed (lostcode.rules.moves names them all)."""

from .checks import run_checks
from .components import (
    BEAR,
    DICE,
    SHORTCUT_LAST_ROUND,
    SYMBOLS,
    WHEEL_IDS,
    WHEEL_WIDTH,
    wheel_range,
)
from .curse import curse_leaves_before_last_round
from .errors import IllegalAction
from .scoring import start_final
from .shortcut import shortcut_tokens_leave, start_offer
from .track import behind_to_leader
from .vocab import (
    ACCEPT,
    CHANGE,
    DISCARD,
    EV_ACCEPT,
    EV_BEAR_TURN,
    EV_CHANGE,
    EV_DISCARD,
    EV_REPLACE_SKIPPED,
    EV_ROLL,
    EV_ROUND_END,
    EV_WHEEL,
    GUESS,
    PHASE_BEAR,
    PHASE_CHANGE,
    PHASE_GUESS,
    PHASE_REPLACE,
    PHASE_ROLL,
    ROLL,
    TURN_BEAR,
)


def round_record(number: int, roller: int) -> dict:
    """A round's public history entry, empty until its events fill it (the one
    shape records, observations and tests rely on)."""
    return {
        "round": number,
        "roller": roller,
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


def start_round(s) -> None:
    """R-R1: the player furthest behind rolls."""
    s.phase = PHASE_ROLL
    s.roller = behind_to_leader(s)[0]
    s.to_act = s.roller
    s.queue = [s.roller]
    s.roll = []
    s.dice = []
    s.guesses = {}
    s.wrong = []
    s.offer_symbol = None
    s.history.append(round_record(s.round, s.roller))


def _is_die(die) -> bool:
    return isinstance(die, int) and not isinstance(die, bool) and 0 <= die < DICE


def _set_queue(s, queue: list) -> None:
    s.queue = queue
    s.to_act = queue[0] if queue else None


# --- R-R1: roll -----------------------------------------------------------------
# Each move has `legal_*` (what may be played), `check_*` (raises IllegalAction,
# changes nothing) and `apply_*` (changes the state; called only after its check).


def legal_roll(s) -> list:
    return [(ROLL,)]


def check_roll(s, action) -> None:
    if action != (ROLL,):
        raise IllegalAction("R-R1", "roll_first")


def sample_roll(s) -> tuple:
    """The chance step of R-R1, drawn from the game's own generator: three dice,
    each face equally likely (every die has all six faces, the bear too)."""
    return tuple(SYMBOLS[s.rng.below(len(SYMBOLS))] for _ in range(DICE))


def apply_roll(s, action) -> None:
    resolve_roll(s, sample_roll(s))


def resolve_roll(s, dice) -> None:
    """R-R1 with the dice given: the engine passes its own sample; a search
    (lostcode/rules/chance.py) passes each outcome it branches on."""
    s.roll = list(dice)
    s.dice = list(s.roll)
    h = s.current_round()
    h["roll"] = list(s.roll)
    h["dice"] = list(s.dice)
    s.log.append({"t": EV_ROLL, "round": s.round, "player": s.roller, "dice": list(s.roll)})
    after_roll(s)


def after_roll(s) -> None:
    """Forced bear turns first (R-R1a), then shortcut offers (R-R1b), then the change."""
    if s.options.introductory and BEAR in s.dice:  # R-V2: no bear on the dice
        s.phase = PHASE_BEAR
        _set_queue(s, [s.roller])
        return
    if s.options.shortcut and start_offer(s):
        return
    start_change(s)


# --- R-R1a: forced bear turns (introductory game) ----------------------------------


def legal_bear_turn(s) -> list:
    return [(TURN_BEAR, i, sym) for i in range(DICE) if s.dice[i] == BEAR for sym in s.symbols]


def check_bear_turn(s, action) -> None:
    if len(action) != 3 or action[0] != TURN_BEAR:
        raise IllegalAction("R-R1a", "turn_bear_first")
    _, die, sym = action
    if not _is_die(die) or s.dice[die] != BEAR:
        raise IllegalAction("R-R1a", "only_bear_turns")
    if sym not in s.symbols:
        raise IllegalAction("R-R1a", "bear_to_symbol", {"sym": sym})


def apply_bear_turn(s, action) -> None:
    _, die, sym = action
    s.dice[die] = sym
    h = s.current_round()
    h["bear_turns"].append({"die": die, "to": sym})
    h["dice"] = list(s.dice)
    s.log.append({"t": EV_BEAR_TURN, "round": s.round, "player": s.roller, "die": die, "to": sym})
    if BEAR not in s.dice:
        # The roll "before the optional change" is the roll after forced turns.
        if s.options.shortcut and start_offer(s):
            return
        start_change(s)


# --- R-R1c: accept or change one die -----------------------------------------------


def start_change(s) -> None:
    s.phase = PHASE_CHANGE
    _set_queue(s, [s.roller])


def legal_accept(s) -> list:
    return [(ACCEPT,)]


def legal_change(s) -> list:
    out: list[tuple] = []
    for i in range(DICE):
        for sym in s.symbols:
            if sym != s.dice[i]:
                out.append((CHANGE, i, sym))
    return out


def check_accept(s, action) -> None:
    if action != (ACCEPT,):
        raise IllegalAction("R-R1c", "accept_or_change")


def apply_accept(s, action) -> None:
    s.log.append({"t": EV_ACCEPT, "round": s.round, "player": s.roller, "dice": list(s.dice)})
    start_guess(s)


def check_change(s, action) -> None:
    if len(action) != 3 or action[0] != CHANGE:
        raise IllegalAction("R-R1c", "accept_or_change")
    _, die, sym = action
    if not _is_die(die):
        raise IllegalAction("R-R1c", "three_dice")
    if sym not in s.symbols:
        if sym == BEAR:
            raise IllegalAction("R-R1c", "no_bear_face")
        raise IllegalAction("R-R1c", "not_a_face", {"sym": sym})
    if sym == s.dice[die]:
        raise IllegalAction("R-R1c", "same_face", {"sym": sym})


def apply_change(s, action) -> None:
    _, die, sym = action
    old = s.dice[die]
    s.dice[die] = sym
    h = s.current_round()
    h["change"] = {"die": die, "from": old, "to": sym}
    h["dice"] = list(s.dice)
    s.log.append(
        {
            "t": EV_CHANGE,
            "round": s.round,
            "player": s.roller,
            "die": die,
            "from": old,
            "to": sym,
            "dice": list(s.dice),
        }
    )
    start_guess(s)


# --- R-G: guesses ---------------------------------------------------------------


def start_guess(s) -> None:
    s.phase = PHASE_GUESS
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
            out.append((GUESS, w, low))
    return out


def _taken(s) -> list:
    return [g[0] for g in s.guesses.values()]


def check_guess(s, action) -> None:
    if len(action) != 3 or action[0] != GUESS:
        raise IllegalAction("R-G1", "choose_wheel")
    _, w, low = action
    if w not in WHEEL_IDS:
        raise IllegalAction("R-G1", "no_such_wheel", {"wheel": w})
    width = WHEEL_WIDTH[w]
    if w in _taken(s):
        raise IllegalAction("R-G1", "wheel_taken", {"width": width})
    if not isinstance(low, int) or isinstance(low, bool):
        raise IllegalAction("R-G3", "low_whole")
    top = s.options.ring_max
    high = wheel_range(w, low)[1]
    if low < 0:
        raise IllegalAction("R-G3", "below_ring", {"width": width})
    if high > top:
        raise IllegalAction(
            "R-G3", "past_ring", {"width": width, "low": low, "high": high, "top": top}
        )


def apply_guess(s, action) -> None:
    _, w, low = action
    p = s.to_act
    s.guesses[p] = (w, low)
    s.current_round()["wheels"].append([p, w])
    s.log.append({"t": EV_WHEEL, "round": s.round, "player": p, "wheel": w})
    s.queue.pop(0)
    if s.queue:
        s.to_act = s.queue[0]
        return
    run_checks(s)
    start_replace(s)


# --- R-P: replacements ----------------------------------------------------------


def start_replace(s) -> None:
    s.phase = PHASE_REPLACE
    order = behind_to_leader(s)  # R-P1: order after the checks
    _set_queue(s, [p for p in order if p in s.wrong])
    _skip_if_piles_empty(s)


def _open_piles(s) -> list:
    return [sym for sym in s.symbols if s.piles[sym]]


def _skip_if_piles_empty(s) -> None:
    """R-P2: with every pile empty the step is skipped for everyone left."""
    if s.queue and not _open_piles(s):
        for p in s.queue:
            s.log.append({"t": EV_REPLACE_SKIPPED, "round": s.round, "player": p})
        _set_queue(s, [])
    if not s.queue:
        end_round(s)


def legal_replace(s) -> list:
    return [(DISCARD, sym) for sym in _open_piles(s)]


def check_replace(s, action) -> None:
    if len(action) != 2 or action[0] != DISCARD:
        raise IllegalAction("R-P1", "must_replace")
    sym = action[1]
    if sym not in s.symbols:
        raise IllegalAction("R-P2", "not_in_game", {"sym": sym})
    if not s.piles[sym]:
        raise IllegalAction("R-P2", "pile_empty", {"sym": sym})


def sample_draw(s, sym: str) -> int:
    """The chance step of R-P3: the top stone of the symbol's face-down pile
    (the pile was shuffled at set-up, R-S3, so each of its stones is equally likely)."""
    return s.piles[sym][-1]


def apply_replace(s, action) -> None:
    resolve_replace(s, action[1], sample_draw(s, action[1]))


def resolve_replace(s, sym: str, drawn: int) -> None:
    """R-P3 with the drawn stone given (one of the pile's values): the engine
    passes the top of the pile; a search passes each outcome it branches on."""
    p = s.to_act
    value = s.racks[p][sym]
    s.discards[p].append({"round": s.round, "symbol": sym, "value": value})
    pile = s.piles[sym]
    pile.remove(drawn)  # values in a pile are distinct: the top one when sampled
    s.racks[p][sym] = drawn
    s.current_round()["discards"].append({"player": p, "symbol": sym, "value": value})
    s.log.append({"t": EV_DISCARD, "round": s.round, "player": p, "symbol": sym, "value": value})
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
    s.log.append({"t": EV_ROUND_END, "round": s.round})
    if s.round >= s.options.rounds:
        start_final(s)
        return
    s.round += 1
    start_round(s)
