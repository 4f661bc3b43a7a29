"""The registry of moves of «Тайные камни»: for each action kind its rule,
argument schema and `legal` / `check` / `apply` functions, as the Lost
Code's `rules/moves.py` keeps them. All are played by the player to act.

Actions are tuples: ("swap", card, a, b) with a < b sharing a side,
("flip", card, position), ("complete", card), ("end",), ("skip",). A swap or
flip names the card it discards (S-A1, S-A2): which card goes is the
player's choice, and the discard pile is face up.
"""

from ..rules.errors import IllegalAction
from ..rules.moves import Move
from . import messages  # noqa: F401  (registers this game's message ids)
from .cards import PLACEMENTS, POINTS
from .grid import flipped, swapped
from .patterns import shows
from .vocab import (
    ADJACENT,
    BONUS,
    CELLS,
    COMPLETE,
    END,
    FLIP,
    HAND,
    MAX_HAND,
    PHASE_END,
    PHASE_TURN,
    SKIP,
    SKIP_DRAW,
    SOLO_PENALTIES,
    SWAP,
)

CARD = "card"
CELL = "cell"
TO_ACT = "player to act"


def _int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _own_card(s, card) -> None:
    if not _int(card) or card not in s.hands[s.to_act]:
        raise IllegalAction("S-A1", "stones_not_in_hand", {"card": card})


# -- S-A1 swap -------------------------------------------------------------


def legal_swap(s) -> list:
    return [(SWAP, c, a, b) for c in s.hands[s.to_act] for a, b in ADJACENT]


def check_swap(s, action) -> None:
    if len(action) != 4:
        raise IllegalAction("S-A1", "malformed", {"action": repr(action)[:60]})
    _own_card(s, action[1])
    if not _int(action[2]) or not _int(action[3]) or (action[2], action[3]) not in ADJACENT:
        raise IllegalAction("S-A1", "stones_not_adjacent")


def apply_swap(s, action) -> None:
    _discard(s, action[1])
    s.grid = swapped(s.grid, action[2], action[3])
    _solo_out(s)


# -- S-A2 flip -------------------------------------------------------------


def legal_flip(s) -> list:
    return [(FLIP, c, p) for c in s.hands[s.to_act] for p in range(CELLS)]


def check_flip(s, action) -> None:
    if len(action) != 3:
        raise IllegalAction("S-A2", "malformed", {"action": repr(action)[:60]})
    if not _int(action[1]) or action[1] not in s.hands[s.to_act]:
        raise IllegalAction("S-A2", "stones_not_in_hand", {"card": action[1]})
    if not _int(action[2]) or not 0 <= action[2] < CELLS:
        raise IllegalAction("S-A2", "stones_no_such_cell", {"cell": action[2]})


def apply_flip(s, action) -> None:
    _discard(s, action[1])
    s.grid = flipped(s.grid, action[2])
    _solo_out(s)


def _solo_out(s) -> None:
    """S-O3 [edition]: in solo, the cards running out (the deck empty and the
    last card of the hand completed or spent) before the 4th penalty wins."""
    if s.options.solo and not s.deck and not s.hands[s.to_act]:
        finish(s)


def _discard(s, card: int) -> None:
    s.hands[s.to_act].remove(card)
    s.discard.append(card)
    s.acted = True


# -- S-A3 complete a goal --------------------------------------------------


def legal_complete(s) -> list:
    return [(COMPLETE, c) for c in s.hands[s.to_act] if shows(PLACEMENTS[c], s.grid)]


def check_complete(s, action) -> None:
    if len(action) != 2:
        raise IllegalAction("S-A3", "malformed", {"action": repr(action)[:60]})
    if not _int(action[1]) or action[1] not in s.hands[s.to_act]:
        raise IllegalAction("S-A3", "stones_not_in_hand", {"card": action[1]})
    if not shows(PLACEMENTS[action[1]], s.grid):
        raise IllegalAction("S-A3", "stones_not_shown", {"card": action[1]})


def apply_complete(s, action) -> None:
    p = s.to_act
    s.hands[p].remove(action[1])
    s.done[p].append(action[1])  # S-A3b: kept whatever the grid does later
    s.acted = True
    s.completed_now += 1
    if s.options.solo:
        _solo_out(s)  # S-O3: the cards ran out (all 16 completed among them)
        return
    if len(s.done[p]) >= s.options.goals_to_end():  # S-E1
        if s.options.finish_round:
            s.last_round = True
        else:
            finish(s)


# -- S-A4 end the turn, S-A5 skip ------------------------------------------


def legal_end(s) -> list:
    return [(END,)]  # S-A6: a turn may always end


def check_end(s, action) -> None:
    if len(action) != 1:
        raise IllegalAction("S-A4", "malformed", {"action": repr(action)[:60]})


def apply_end(s, action) -> None:
    draw(s, s.to_act, HAND - len(s.hands[s.to_act]))  # S-A4
    s.skipped[s.to_act] = False
    next_turn(s)


def legal_skip(s) -> list:
    if s.acted or s.skipped[s.to_act]:
        return []
    return [(SKIP,)]


def check_skip(s, action) -> None:
    if len(action) != 1:
        raise IllegalAction("S-A5", "malformed", {"action": repr(action)[:60]})
    if s.acted:
        raise IllegalAction("S-A5", "stones_skip_after_action")
    if s.skipped[s.to_act]:
        raise IllegalAction("S-A5", "stones_skip_twice")


def apply_skip(s, action) -> None:
    # S-A5: draw 2, [edition] never past a hand of 6
    draw(s, s.to_act, min(SKIP_DRAW, MAX_HAND - len(s.hands[s.to_act])))
    s.skipped[s.to_act] = True
    next_turn(s)


def draw(s, p: int, n: int) -> None:
    """Draw n cards (fewer if there are none). S-A4: an empty deck is the
    discards shuffled; S-O3, S-O4: not in solo, where the hand shrinks."""
    for _ in range(n):
        if not s.deck and s.discard and not s.options.solo:
            s.deck = s.discard
            s.discard = []
            s.rng.shuffle(s.deck)
        if not s.deck:
            return
        s.hands[p].append(s.deck.pop())


def next_turn(s) -> None:
    if s.options.solo and s.completed_now == 0:
        s.penalties += 1  # S-O2 (a skip is a turn with no goal: docs/stones-rules.md)
        if s.penalties >= SOLO_PENALTIES:  # S-O3
            finish(s)
            return
    s.turns += 1
    s.to_act = (s.to_act + 1) % s.options.players  # S-S3: clockwise
    s.acted = False
    s.completed_now = 0
    if s.last_round and s.to_act == s.first:  # S-E1's option: the round is over
        finish(s)


def scores(s) -> tuple:
    """S-E2: each player's points and whether they have the 3-point bonus for
    the most completed 1-point cards (all tied for most get it; [edition]
    nobody gets it for none)."""
    ones = [sum(1 for c in d if POINTS[c] == 1) for d in s.done]
    most = max(ones)
    bonus = [most > 0 and k == most and not s.options.solo for k in ones]
    points = [
        sum(POINTS[c] for c in s.done[i]) + (BONUS if bonus[i] else 0) for i in range(len(s.done))
    ]
    return points, bonus


def finish(s) -> None:
    points, bonus = scores(s)
    best = max(points)
    s.result = {
        "scores": points,
        "bonus": bonus,
        "winners": [i for i in range(len(points)) if points[i] == best],
    }
    if s.options.solo:
        won = s.penalties < SOLO_PENALTIES
        s.result["solo"] = "won" if won else "lost"  # S-O3
        s.result["winners"] = [0] if won else []
    s.phase = PHASE_END
    s.to_act = None


# The registry, in the order legal_actions lists the kinds (bots pick by
# index: keep it stable). A row is the Lost Code's `Move`: one registry type
# for both games; every move here is played by the player to act, in the
# game's one phase.
ROWS = (
    Move(COMPLETE, PHASE_TURN, "S-A3", (CARD,), TO_ACT, legal_complete, check_complete,
         apply_complete, "show a card whose pattern the grid shows and keep it"),
    Move(SWAP, PHASE_TURN, "S-A1", (CARD, CELL, CELL), TO_ACT, legal_swap, check_swap,
         apply_swap, "discard a card, swap two tiles that share a side"),
    Move(FLIP, PHASE_TURN, "S-A2", (CARD, CELL), TO_ACT, legal_flip, check_flip, apply_flip,
         "discard a card, turn a tile to its other picture"),
    Move(END, PHASE_TURN, "S-A4", (), TO_ACT, legal_end, check_end, apply_end,
         "end the turn, draw back up to 4"),
    Move(SKIP, PHASE_TURN, "S-A5", (), TO_ACT, legal_skip, check_skip, apply_skip,
         "take no action, draw 2"),
)  # fmt: skip
MOVES = dict((m.kind, m) for m in ROWS)
KINDS = tuple(m.kind for m in ROWS)


def is_over(s) -> bool:
    return s.phase == PHASE_END
