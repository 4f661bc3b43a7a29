"""The expert's answer for the whole final candidates screen (issue 39).

The rules ask for one symbol's candidates at a time (R-E1: `legal_final`
names the next symbol), so an expert seat decides one symbol per move. A
player's final screen shows every symbol at once: a playtest asked the expert
three times to fill it in. Asked by a player, the expert answers for every
symbol still to write (the shortcut token's symbols are written already):
`Decision.plan`, each symbol's choices best first (expert.final_options).

Pure Python, MicroPython-portable (no DOM here).
"""

from ..rules.components import FINAL_POINTS, FINAL_WRONG, SHORTCUT_FACTOR
from ..rules.vocab import PHASE_FINAL
from .expert import (
    LOST,
    NOTE_LOST,
    NOTE_WIN,
    Decision,
    Option,
    Search,
    _convolve,
    _expected,
    _final_choices,
    _final_decision,
    _p_ahead,
    _points_dist,
    _rival_total,
)

PASSES = 2  # each row chosen again once, knowing the others' choices


def final_plan(hard, obs: dict, kind: str) -> tuple:
    """One Option per symbol the viewer still writes, in the rack's order: its
    candidates (action), the chance to win with the whole plan (value, the same
    on every row) and its expected points (mine). Each row starts at its best
    expected points; then, row by row, the choice that gives the whole plan the
    best chance to win (ties and a lost game: the most points)."""
    k = hard.knowledge(obs)
    me = obs["viewer"]
    written = obs["my_final"]
    fixed = [(0.0, 1.0)]  # the rows written already (the shortcut's count twice)
    todo = []
    for sym in k.symbols:
        probs = k.probabilities(sym)
        if obs["tokens"].get(sym, {}).get("holder") == me:
            fixed = _convolve(fixed, _points_dist(probs, tuple(obs["my_tokens"].get(sym, ())),
                                                  True))
        elif sym in written:
            fixed = _convolve(fixed, _points_dist(probs, tuple(written[sym]), False))
        else:
            todo.append(sym)
    choices, dists, evs, pick = {}, {}, {}, {}
    for sym in todo:
        probs = k.probabilities(sym)
        choices[sym] = _final_choices(probs)
        dists[sym] = [_points_dist(probs, c, False) for c in choices[sym]]
        evs[sym] = [_expected(probs, c) for c in choices[sym]]
        pick[sym] = _first_best([(e, 0.0) for e in evs[sym]])
    opp = hard.opponents(obs)
    rivals = [_rival_total(obs, opp[p], p) for p in range(obs["players"]) if p != me]
    score = obs["scores"][me]

    def chance(rest, dist):
        win = 0.0
        for pts, pr in _convolve(rest, dist):
            win += pr * _p_ahead(score + pts, rivals)
        return win

    for _n in range(PASSES):
        for sym in todo:
            rest = fixed
            for other in todo:
                if other != sym:
                    rest = _convolve(rest, dists[other][pick[other]])
            wins = [chance(rest, d) for d in dists[sym]]
            if max(wins) < LOST:  # no chance left: for points
                wins = [0.0] * len(wins)
            pick[sym] = _first_best([(wins[i], evs[sym][i]) for i in range(len(wins))])
    whole = fixed
    for sym in todo:
        whole = _convolve(whole, dists[sym][pick[sym]])
    win = chance(whole, [(0.0, 1.0)])
    note = NOTE_LOST if cannot_win(obs, k.symbols) else NOTE_WIN
    return tuple(Option((kind, sym, choices[sym][pick[sym]]), win, note, evs[sym][pick[sym]])
                 for sym in todo)


def cannot_win(obs: dict, symbols) -> bool:
    """Whether no candidates the viewer can still write, whatever its stones and
    whatever the others write, make it win (R-E2, R-X2c; ties may be won, so a
    tie is not a loss): its best total, every row right with one value (a row
    written already with what it holds), stays under some player's worst, every
    row of theirs wrong. Issue 39, fifth playtest: "cannot be won any more" was
    said at 14 to 23 with up to +30 still to score, the chance merely rounding to
    0 %."""
    me = obs["viewer"]
    best = obs["scores"][me]
    for sym in symbols:
        holder = obs["tokens"].get(sym, {}).get("holder")
        if holder == me:
            cands = tuple(obs["my_tokens"].get(sym, ()))
            best += (FINAL_POINTS[len(cands)] if cands else FINAL_WRONG) * SHORTCUT_FACTOR
        elif sym in obs["my_final"]:
            cands = tuple(obs["my_final"][sym])
            best += FINAL_POINTS[len(cands)] if cands else FINAL_WRONG
        else:
            best += FINAL_POINTS[1]
    for p in range(obs["players"]):
        if p == me:
            continue
        worst = obs["scores"][p]
        for sym in symbols:
            doubled = obs["tokens"].get(sym, {}).get("holder") == p
            worst += FINAL_WRONG * (SHORTCUT_FACTOR if doubled else 1)
        if worst > best:
            return True
    return False


def _first_best(keys: list) -> int:
    """The index of the largest key, the first of equals (fewer candidates)."""
    best = 0
    for i in range(1, len(keys)):
        if keys[i] > keys[best]:
            best = i
    return best


class WholeScreen(Search):
    """The expert's search as a player asks it: the same decision, and on the
    final candidates the plan for every symbol beside it."""

    __slots__ = ()

    def _search(self):
        obs, legal = self.obs, self.legal
        if obs["phase"] != PHASE_FINAL or not legal:
            yield from Search._search(self)
            return
        d = _final_decision(self.hard, obs, legal)
        self.result = Decision(d.action, d.options, final_plan(self.hard, obs, legal[0][0]))
        yield
