"""Facts that hold after every action of every game; selfplay and the property
tests check them. Each returns a list of violations (empty when all is well)."""

from .components import RACKS, SYMBOLS
from .observation import observe
from .vocab import PHASE_END


def stones_everywhere(s) -> list:
    """Every stone is in exactly one place (box, pile, rack, discard)."""
    places = {sym: [] for sym in SYMBOLS}
    for sym, v in s.box.items():
        places[sym].append(v)
    for sym, pile in s.piles.items():
        places[sym] += pile
    for rack in s.racks:
        for sym, v in rack.items():
            places[sym].append(v)
    for pile in s.discards:
        for d in pile:
            places[d["symbol"]].append(d["value"])
    want = list(range(s.options.value_max + 1))
    out = []
    for sym in SYMBOLS:
        if sym in s.options.symbols:
            if sorted(places[sym]) != want:
                out.append("stones of " + sym + " are " + str(sorted(places[sym])))
        elif places[sym]:
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
    if s.phase == PHASE_END and len(s.history) != s.options.rounds:
        out.append("game ended after " + str(len(s.history)) + " rounds")
    return out


def privacy(s) -> list:
    """Until the game is over observe(p) never shows p's own rack and the public
    view shows no rack; once it is over every view shows every rack (the
    edition's end reveal, docs/rules.md)."""
    over = s.phase == PHASE_END
    out = []
    views = [("public view", observe(s, None)["racks"], list(range(RACKS)))]
    views += [("player " + str(p), observe(s, p)["racks"], [p]) for p in range(s.options.players)]
    for who, racks, secret in views:
        for r in secret:
            shown = [v is not None for v in racks[r]["stones"].values()]
            if over and not all(shown):
                out.append(who + " does not see rack " + str(r) + " at the end")
            elif not over and any(shown):
                out.append(who + " sees rack " + str(r))
    return out


def check_invariants(s, with_privacy: bool = True) -> list:
    out = stones_everywhere(s) + scores_match_events(s) + round_count(s)
    if with_privacy:
        out += privacy(s)
    return out
