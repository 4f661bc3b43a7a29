"""Facts true after every action of «Тайные камни»: self-play and the tests
check them (`problems(s)` is empty when all hold)."""

from .cards import CARD_IDS, PLACEMENTS
from .grid import counts
from .patterns import is_grid, shows
from .vocab import MAX_HAND, PHASE_END, SOLO_CARDS, SOLO_PENALTIES


def problems(s) -> list:
    out = []
    if not is_grid(s.grid) or counts(s.grid) != {"S": 1, "F": 2, "H": 3, "E": 3}:
        out.append("S-C1: the grid is not the nine tiles: " + repr(s.grid))
    cards = list(s.deck) + list(s.discard)
    for p in range(s.options.players):
        cards += s.hands[p] + s.done[p]
        if len(s.hands[p]) > MAX_HAND:
            out.append("S-A5: a hand of more than 6")
    if len(set(cards)) != len(cards):
        out.append("S-C2: a card is in two places")
    expected = SOLO_CARDS if s.options.solo else len(CARD_IDS)
    if len(cards) != expected:
        out.append("S-C2: " + str(len(cards)) + " cards in play, not " + str(expected))
    if s.options.solo:
        if s.penalties > SOLO_PENALTIES:
            out.append("S-O3: more than 4 penalties")
    else:
        goal = s.options.goals_to_end()
        ahead = max(len(d) for d in s.done)
        if s.phase != PHASE_END and ahead >= goal and not s.last_round:
            out.append("S-E1: the game went on past the end")
        if s.phase == PHASE_END and ahead < goal:
            out.append("S-E1: the game ended early")
    if s.phase != PHASE_END and s.acted is False and s.completed_now:
        out.append("S-A3: a goal completed without an action")
    return out


def completable(s, p: int) -> list:
    """The cards in p's hand the grid shows now (S-A3)."""
    return [c for c in s.hands[p] if shows(PLACEMENTS[c], s.grid)]
