"""One player's deduction sheet (RULES §7), as pure data.

Seen marks come from the player's own observation (automatic unless the
player switches that off); crosses are the player's own; a replaced stone
clears that symbol's crosses (seen marks stay). Final candidates, up to 3 per
symbol, are kept here too. `to_dict`/`from_dict` let a saved game carry it.
"""

from ...rules.checks import proven_range
from ...rules.components import MAX_CANDIDATES, SYMBOLS, VALUE_MAX_HIGH_STAKES

GRID_VALUES = tuple(range(VALUE_MAX_HIGH_STAKES + 1))


class Sheet:
    def __init__(self):
        self.auto = True
        self.mode = "cross"  # what a tap does: "cross" or "candidate"
        self.seen = {sym: [] for sym in SYMBOLS}  # marked by hand
        self.crosses = {sym: [] for sym in SYMBOLS}
        self.final = {sym: [] for sym in SYMBOLS}
        self.discards_seen = 0  # own discards already applied (clearing crosses)

    # -- persistence ---------------------------------------------------------
    def to_dict(self):
        return {
            "auto": self.auto,
            "mode": self.mode,
            "seen": {k: list(v) for k, v in self.seen.items()},
            "crosses": {k: list(v) for k, v in self.crosses.items()},
            "final": {k: list(v) for k, v in self.final.items()},
            "discards_seen": self.discards_seen,
        }

    @classmethod
    def from_dict(cls, d):
        s = cls()
        s.auto = bool(d.get("auto", True))
        s.mode = "candidate" if d.get("mode") == "candidate" else "cross"
        for key in ("seen", "crosses", "final"):
            src = d.get(key, {})
            dst = getattr(s, key)
            for sym in SYMBOLS:
                dst[sym] = [int(v) for v in src.get(sym, [])]
        s.discards_seen = int(d.get("discards_seen", 0))
        return s

    def copy(self):
        return Sheet.from_dict(self.to_dict())

    # -- keeping up with the game ----------------------------------------------
    def sync(self, obs):
        """R-P3 / §7: a replaced stone clears that symbol's crosses."""
        self.sync_discards(obs["discards"][obs["viewer"]])

    def sync_discards(self, mine):
        """sync() from the owner's discards alone (public: the session brings every
        human's sheet up to date after each move, before any screen is drawn)."""
        for d in mine[self.discards_seen :]:
            self.crosses[d["symbol"]] = []
        self.discards_seen = len(mine)

    @staticmethod
    def auto_seen(obs):
        """Every (symbol, value) this viewer has seen or knows to be out of play."""
        out = {sym: [] for sym in SYMBOLS}
        for rack in obs["racks"]:
            for sym, v in rack["stones"].items():
                if v is not None and v not in out[sym]:
                    out[sym].append(v)
        for pile in obs["discards"]:
            for d in pile:
                if d["value"] not in out[d["symbol"]]:
                    out[d["symbol"]].append(d["value"])
        for sym in SYMBOLS:
            if sym not in obs["symbols"]:
                out[sym] = list(GRID_VALUES)  # the bear row in the introductory game
            elif obs["value_max"] < VALUE_MAX_HIGH_STAKES and VALUE_MAX_HIGH_STAKES not in out[sym]:
                out[sym].append(VALUE_MAX_HIGH_STAKES)
        return out

    def seen_now(self, obs):
        out = {sym: list(self.seen[sym]) for sym in SYMBOLS}
        if self.auto:
            auto = self.auto_seen(obs)
            for sym in SYMBOLS:
                for v in auto[sym]:
                    if v not in out[sym]:
                        out[sym].append(v)
        return out

    # -- the player's marks ------------------------------------------------------
    def toggle(self, sym, v, obs):
        """Tap a cell. Automatic mode: cross/uncross (seen cells are fixed).
        Manual mode: blank -> seen -> crossed -> blank. Returns False if nothing changed."""
        if sym not in SYMBOLS or v not in GRID_VALUES:
            return False
        if self.auto and v in self.auto_seen(obs)[sym]:
            return False
        crosses, seen = self.crosses[sym], self.seen[sym]
        if self.auto:
            if v in crosses:
                crosses.remove(v)
            else:
                crosses.append(v)
            return True
        if v in seen:
            seen.remove(v)
            crosses.append(v)
        elif v in crosses:
            crosses.remove(v)
        else:
            seen.append(v)
        return True

    def set_auto(self, on):
        self.auto = bool(on)

    def toggle_final(self, sym, v, value_max):
        """Add or remove a final candidate (at most 3 per symbol)."""
        if sym not in SYMBOLS or not 0 <= v <= value_max:
            return False
        cands = self.final[sym]
        if v in cands:
            cands.remove(v)
            return True
        if len(cands) >= MAX_CANDIDATES:
            return False
        cands.append(v)
        cands.sort()
        return True

    def rounds(self, obs):
        """Part 2: per played round the dice, own discards and what the result proves."""
        p = obs["viewer"]
        rows = []
        for h in obs["history"]:
            if not h["dice"]:
                continue
            row = {"round": h["round"], "dice": list(h["dice"]), "discarded": [], "proves": None}
            for d in h["discards"]:
                if d["player"] == p:
                    row["discarded"].append([d["symbol"], d["value"]])
            for g in h["guesses"]:
                if g["player"] == p:
                    row["result"] = g["result"]
                    row["proves"] = proven_range(g["result"], g["wheel"], g["low"], obs["ring_max"])
            rows.append(row)
        return rows
