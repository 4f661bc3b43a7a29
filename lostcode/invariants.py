"""Facts that hold after every action of every game; selfplay and the property
tests check them. Each returns a list of violations (empty when all is well)."""

from .components import RACKS, SYMBOLS
from .observation import observe, rack_values_in
from .state import END


def stones_everywhere(s) -> list:
    """Every stone is in exactly one place (box, pile, rack, discard)."""
    out = []
    for sym in SYMBOLS:
        places = []
        if sym in s.box:
            places.append(s.box[sym])
        places += s.piles.get(sym, [])
        places += [s.racks[r][sym] for r in range(RACKS) if sym in s.racks[r]]
        places += [d["value"] for r in range(RACKS) for d in s.discards[r] if d["symbol"] == sym]
        if sym in s.symbols:
            want = list(range(s.options.value_max + 1))
            if sorted(places) != want:
                out.append("stones of " + sym + " are " + str(sorted(places)))
        elif places:
            out.append(sym + " stones in a game without them")
    return out


def scores_match_events(s) -> list:
    out = []
    for p in range(s.options.players):
        total = sum(e[1] for e in s.score_events if e[0] == p)
        if total != s.scores[p]:
            out.append(
                "player " + str(p) + " has " + str(s.scores[p]) + " but events sum to " + str(total)
            )
    return out


def round_count(s) -> list:
    out = []
    if s.round > s.options.rounds or s.round < 1:
        out.append("round " + str(s.round) + " of " + str(s.options.rounds))
    if s.phase == END and len(s.history) != s.options.rounds:
        out.append("game ended after " + str(len(s.history)) + " rounds")
    return out


def privacy(s) -> list:
    """observe(p) never shows p's own rack; the public view shows no rack."""
    out = []
    pub = observe(s, None)
    for r in range(RACKS):
        if rack_values_in(pub, r):
            out.append("public view shows rack " + str(r))
    for p in range(s.options.players):
        if rack_values_in(observe(s, p), p):
            out.append("player " + str(p) + " sees their own rack")
    return out


def check_invariants(s, with_privacy: bool = True) -> list:
    out = stones_everywhere(s) + scores_match_events(s) + round_count(s)
    if with_privacy:
        out += privacy(s)
    return out
