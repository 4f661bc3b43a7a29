"""Helpers for engine tests: games with chosen dice, racks and scores.

Tests steer chance by giving the state a scripted generator for the dice (the
stones are already dealt by the real one), and arrange racks directly; both
are test-only shortcuts around the engine's own seeded generator.
"""

import lostcode as lc
from lostcode.rules.canon import state_dict
from lostcode.rules.components import SYMBOLS


class ScriptedDice:
    """Stands in for the engine's generator: yields chosen faces, then defers to it."""

    def __init__(self, faces, rng):
        self.faces = list(faces)
        self.rng = rng

    def below(self, n):
        if self.faces:
            return SYMBOLS.index(self.faces.pop(0))
        return self.rng.below(n)

    def copy(self):
        return ScriptedDice(self.faces, self.rng.copy())

    @property
    def state(self):
        return [len(self.faces), self.rng.state]


def game(players=2, seed=1, names=None, **flags):
    return lc.new_game(lc.Options(players, **flags), seed, names)


def roll(s, *faces):
    """The roller rolls exactly these faces."""
    base = s.rng.rng if isinstance(s.rng, ScriptedDice) else s.rng
    s.rng = ScriptedDice(faces, base)
    lc.apply_action(s, ("roll",))


def set_rack(s, rack, **values):
    """Swap stones so that rack shows the given values (keeps every stone unique)."""
    for sym, v in values.items():
        current = s.racks[rack][sym]
        if current == v:
            continue
        # find where v is and swap it with current
        if s.box.get(sym) == v:
            s.box[sym] = current
        elif v in s.piles[sym]:
            s.piles[sym][s.piles[sym].index(v)] = current
        else:
            for r in range(4):
                if s.racks[r].get(sym) == v:
                    s.racks[r][sym] = current
                    break
            else:
                raise AssertionError("value not found")
        s.racks[rack][sym] = v


def play_round(s, guesses, discards=None, accept=True, stop_at_replace=False):
    """After the roll: accept, then each player's guess in turn order.

    guesses: {player: (wheel, low)}; discards: {player: symbol}.
    """
    if accept and s.phase == "change":
        lc.apply_action(s, ("accept",))
    while s.phase == "guess":
        p = s.to_act
        lc.apply_action(s, ("guess",) + tuple(guesses[p]))
    discards = discards or {}
    while s.phase == "replace" and not stop_at_replace:
        p = s.to_act
        sym = discards.get(p) or next(a[1] for a in lc.legal_actions(s))
        lc.apply_action(s, ("discard", sym))


def snapshot(s):
    return state_dict(s)
