"""Game options: player count, the variant and the expansions (RULES §5)."""

from .components import (
    BEAR,
    MAX_PLAYERS,
    MIN_PLAYERS,
    RING_MAX,
    RING_MAX_HIGH_STAKES,
    ROUNDS,
    SYMBOLS,
    VALUE_MAX,
    VALUE_MAX_HIGH_STAKES,
)
from .errors import IllegalAction

OPTION_FLAGS = ("introductory", "high_stakes", "shortcut", "curse")


class Options:
    """Which game is being played. Treated as immutable once a game starts."""

    __slots__ = (
        "players",
        "introductory",
        "high_stakes",
        "shortcut",
        "curse",
        "rounds",
        "symbols",
        "value_max",
        "ring_max",
    )

    def __init__(
        self,
        players: int = 2,
        introductory: bool = False,
        high_stakes: bool = False,
        shortcut: bool = False,
        curse: bool = False,
    ):
        if not isinstance(players, int) or isinstance(players, bool):
            raise IllegalAction("R-S1", "players_whole")
        if players < MIN_PLAYERS or players > MAX_PLAYERS:
            raise IllegalAction("R-S1", "players_range", {"players": players})
        self.players = players
        self.introductory = bool(introductory)
        self.high_stakes = bool(high_stakes)
        self.shortcut = bool(shortcut)
        self.curse = bool(curse)
        # Derived once (they are read on every action): R-S1, R-S2, R-V1.
        self.rounds = ROUNDS[players]
        # Symbols in use, canonical order (R-S2, R-V2: no bear stones in the introductory game).
        self.symbols = tuple(s for s in SYMBOLS if not (self.introductory and s == BEAR))
        self.value_max = VALUE_MAX_HIGH_STAKES if self.high_stakes else VALUE_MAX
        self.ring_max = RING_MAX_HIGH_STAKES if self.high_stakes else RING_MAX

    def to_dict(self) -> dict:
        """A fresh dict (callers may keep or change it)."""
        return {
            "players": self.players,
            "introductory": self.introductory,
            "high_stakes": self.high_stakes,
            "shortcut": self.shortcut,
            "curse": self.curse,
        }

    @classmethod
    def from_dict(cls, data: dict) -> "Options":
        return cls(
            data.get("players", 2),
            data.get("introductory", False),
            data.get("high_stakes", False),
            data.get("shortcut", False),
            data.get("curse", False),
        )

    def describe(self) -> str:
        flags = [f.replace("_", " ") for f in OPTION_FLAGS if getattr(self, f)]
        return str(self.players) + " players" + (", " + ", ".join(flags) if flags else "")


def from_flags(players: int, items) -> Options:
    """Options from command-line words such as ["shortcut,curse", "high-stakes"];
    ValueError naming an unknown option."""
    flags = {}
    for item in items or []:
        for f in item.split(","):
            f = f.strip().replace("-", "_")
            if not f:
                continue
            if f not in OPTION_FLAGS:
                raise ValueError(
                    "unknown option " + f + " (choose from " + ", ".join(OPTION_FLAGS) + ")"
                )
            flags[f] = True
    return Options(players, *[f in flags for f in OPTION_FLAGS])
