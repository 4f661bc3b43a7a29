"""The games a table can host, each behind the same small face (issue 43:
"a hand is seen by its owner only, on one phone or several": one table for
both games, not a copy per game).

Why an adapter and not two hosts: what a table does (seats keyed to join
tokens, every message type-checked, only the seat's own observation sent,
computer seats played on the host, a stored table resumed after a reload)
is the same for both games; only the engine, the observation, the record
and the computer players differ. `rules_for(key)` gives a game's adapter;
the second game's lives in its own package (lostcode/stones/table.py) and
is imported only when a table of it is made, so The Lost Code's table loads
nothing of the second game.
"""

from ..player.seats import Seats
from ..rules.engine import apply_action, is_over, normalize
from ..rules.errors import IllegalAction, RecordError
from ..rules.observation import observe, observe_table
from ..rules.vocab import BOT_LEVELS, HUMAN
from ..services.record import replay, seats_of, to_record

LOST_CODE = "lostcode"
STONES = "stones"
GAMES = (LOST_CODE, STONES)


class LostCodeRules:
    """The Lost Code at a table: its engine, its observation (R-S7: the
    others' stones, never one's own) and its computer seats (an expert's
    search run by the page in slices, issue 27)."""

    __slots__ = ()
    key = LOST_CODE
    levels = BOT_LEVELS
    fallback_level = "medium"  # a phone seat that stays gone, handed to the computer

    def apply(self, state, action, seat) -> None:
        apply_action(state, normalize(action), seat)

    def is_undo(self, action) -> bool:
        return False  # The Lost Code takes nothing back (its moves show dice and stones)

    def undo(self, state, seat):
        raise IllegalAction("R-0", "not_an_action")

    def is_over(self, state) -> bool:
        return is_over(state)

    def observe(self, state, seat) -> dict:
        return observe(state, seat)

    def observe_table(self, state, seats) -> dict:
        return observe_table(state, seats)

    def bots(self, seats, seed):
        return Seats(seats, seed, sliced=True)

    def record(self, state, seats) -> dict:
        return to_record(state, seats)

    def replay(self, record):
        return replay(record), seats_of(record)

    def not_yours(self, state) -> IllegalAction:
        return IllegalAction("R-0", "not_your_turn", {"name": "?", "other": "?"})


def rules_for(key):
    """The adapter of the game `key` (RecordError for a game no table hosts)."""
    if key == LOST_CODE:
        return LostCodeRules()
    if key == STONES:
        from ..stones.table import StonesRules  # loaded with the second game only

        return StonesRules()
    raise RecordError("a table of a game this page does not play")


def kind_ok(rules, kind) -> bool:
    return kind == HUMAN or kind in rules.levels
