"""The registry of moves: every kind of action, in one table.

For each action kind: the phase it belongs to, the rule that governs it, the
shape of its arguments, who acts, and its `legal` / `check` / `apply`
functions. The engine, the bots, the screens, the describers and the
completeness test (tests/test_moves.py) all walk this table, so a new move
(docs/adding-a-move.md) is one entry here plus the places the test names.

Argument schemas are checked by the engine after a move's own check (which
names the rule a wrong value breaks), so `apply_*` only ever sees well-typed
values:
  DIE an int, SYMBOL / WHEEL a str, LOW an int, VALUES a tuple of ints.
"""

from . import vocab
from .rounds import (
    apply_accept,
    apply_bear_turn,
    apply_change,
    apply_guess,
    apply_replace,
    apply_roll,
    check_accept,
    check_bear_turn,
    check_change,
    check_guess,
    check_replace,
    check_roll,
    legal_accept,
    legal_bear_turn,
    legal_change,
    legal_guess,
    legal_replace,
    legal_roll,
)
from .scoring import apply_final, check_final, legal_final
from .shortcut import (
    apply_pass,
    apply_shortcut,
    apply_take,
    check_pass,
    check_shortcut,
    check_take,
    legal_pass,
    legal_shortcut,
    legal_take,
)
from .vocab import ACCEPT, CHANGE, DISCARD, FINAL, GUESS, PASS, ROLL, SHORTCUT, TAKE, TURN_BEAR

# Argument kinds of the schemas.
DIE = "die"
SYMBOL = "symbol"
WHEEL = "wheel"
LOW = "low"
VALUES = "values"

# Who acts (the engine's queue holds them in this order).
ROLLER = "roller"  # the player furthest behind, who rolled
OFFER_ORDER = "offer order"  # from the roller towards the leader (R-X2a)
TAKER = "taker"  # who took the shortcut token
GUESS_ORDER = "guess order"  # furthest behind to leader, fixed at the phase start (R-G1)
WRONG_PLAYERS = "wrong players"  # those wrong in the check, behind to leader (R-P1)
FINAL_ORDER = "final order"  # every player, behind to leader (R-E1)


class Move:
    """One kind of action: a row of the registry."""

    __slots__ = ("kind", "phase", "rule", "args", "actor", "legal", "check", "apply", "meaning")

    def __init__(self, kind, phase, rule, args, actor, legal, check, apply, meaning):
        self.kind = kind
        self.phase = phase
        self.rule = rule
        self.args = args
        self.actor = actor
        self.legal = legal
        self.check = check
        self.apply = apply
        self.meaning = meaning


# KINDS is the order legal_actions lists them in (bots pick by index: keep it
# stable); a tuple, because MicroPython's dicts do not keep insertion order.
MOVES = {}
_KIND_LIST: list = []
for _m in (
    Move(ROLL, vocab.PHASE_ROLL, "R-R1", (), ROLLER, legal_roll, check_roll, apply_roll,
         "roll the three dice"),
    Move(TURN_BEAR, vocab.PHASE_BEAR, "R-R1a", (DIE, SYMBOL), ROLLER, legal_bear_turn,
         check_bear_turn, apply_bear_turn, "turn a bear die to a symbol in play"),
    Move(TAKE, vocab.PHASE_OFFER, "R-X2a", (), OFFER_ORDER, legal_take, check_take, apply_take,
         "take the offered shortcut token"),
    Move(PASS, vocab.PHASE_OFFER, "R-X2a", (), OFFER_ORDER, legal_pass, check_pass, apply_pass,
         "pass the offered shortcut token on"),
    Move(SHORTCUT, vocab.PHASE_SHORTCUT, "R-X2b", (VALUES,), TAKER, legal_shortcut, check_shortcut,
         apply_shortcut, "write 1-3 candidates for the token's symbol"),
    Move(ACCEPT, vocab.PHASE_CHANGE, "R-R1c", (), ROLLER, legal_accept, check_accept, apply_accept,
         "keep the dice as they are"),
    Move(CHANGE, vocab.PHASE_CHANGE, "R-R1c", (DIE, SYMBOL), ROLLER, legal_change, check_change,
         apply_change, "turn one die to another face"),
    Move(GUESS, vocab.PHASE_GUESS, "R-G1", (WHEEL, LOW), GUESS_ORDER, legal_guess, check_guess,
         apply_guess, "take a free wheel and set its range"),
    Move(DISCARD, vocab.PHASE_REPLACE, "R-P2", (SYMBOL,), WRONG_PLAYERS, legal_replace,
         check_replace, apply_replace, "replace one of your stones, unseen"),
    Move(FINAL, vocab.PHASE_FINAL, "R-E1", (SYMBOL, VALUES), FINAL_ORDER, legal_final, check_final,
         apply_final, "write 0-3 final candidates for the next symbol"),
):  # fmt: skip
    MOVES[_m.kind] = _m
    _KIND_LIST.append(_m.kind)
KINDS = tuple(_KIND_LIST)

# phase -> the kinds that may be played in it, in registry order
PHASE_MOVES = {}
for _p in vocab.PHASES:
    PHASE_MOVES[_p] = tuple(k for k in KINDS if MOVES[k].phase == _p)

# What the player to act is asked to do, by phase, with the rule behind it.
PHASE_RULE = {
    vocab.PHASE_ROLL: "R-R1",
    vocab.PHASE_BEAR: "R-R1a",
    vocab.PHASE_OFFER: "R-X2a",
    vocab.PHASE_SHORTCUT: "R-X2b",
    vocab.PHASE_CHANGE: "R-R1c",
    vocab.PHASE_GUESS: "R-G1",
    vocab.PHASE_REPLACE: "R-P1",
    vocab.PHASE_FINAL: "R-E1",
}

# The message id of "the game waits for {name} to ..." (lostcode.rules.messages), by phase.
WAITING = {
    vocab.PHASE_ROLL: "wait_roll",
    vocab.PHASE_BEAR: "wait_bear",
    vocab.PHASE_OFFER: "wait_offer",
    vocab.PHASE_SHORTCUT: "wait_shortcut",
    vocab.PHASE_CHANGE: "wait_change",
    vocab.PHASE_GUESS: "wait_guess",
    vocab.PHASE_REPLACE: "wait_replace",
    vocab.PHASE_FINAL: "wait_final",
}


def _int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def arg_ok(kind: str, value) -> bool:
    """Whether one argument has the type its schema names."""
    if kind == DIE or kind == LOW:
        return _int(value)
    if kind == SYMBOL or kind == WHEEL:
        return isinstance(value, str)
    if kind == VALUES:
        return isinstance(value, tuple) and all(_int(v) for v in value)
    return False


def schema_ok(move: Move, action: tuple) -> bool:
    """The action has the arity and argument types of its move."""
    if len(action) != len(move.args) + 1:
        return False
    for i in range(len(move.args)):
        if not arg_ok(move.args[i], action[i + 1]):
            return False
    return True


def legal_moves(s, phase) -> list:
    out = []
    for kind in PHASE_MOVES.get(phase, ()):
        out += MOVES[kind].legal(s)
    return out
