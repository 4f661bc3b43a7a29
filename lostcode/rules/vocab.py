"""The game's words, spelled once: action kinds, event ids and seat kinds.

Every module that names an action, a log event or a seat kind imports it
from here (phases live with the State, `state.py`), so a misspelling is a
NameError at import time instead of a silent fallback at run time. The
values are the strings records and saves have always stored: changing one
would break every existing record.
"""

# Phases (the State holds one; each move of moves.MOVES belongs to one) and
# token states are spelled in state.py; here under the names the page uses.
from .state import AVAILABLE, GONE, PHASES, TAKEN  # noqa: F401
from .state import BEAR_TURN as PHASE_BEAR  # noqa: F401
from .state import CHANGE as PHASE_CHANGE  # noqa: F401
from .state import END as PHASE_END  # noqa: F401
from .state import FINAL as PHASE_FINAL  # noqa: F401
from .state import GUESS as PHASE_GUESS  # noqa: F401
from .state import OFFER as PHASE_OFFER  # noqa: F401
from .state import REPLACE as PHASE_REPLACE  # noqa: F401
from .state import ROLL as PHASE_ROLL  # noqa: F401
from .state import SHORTCUT as PHASE_SHORTCUT  # noqa: F401

# Action kinds: the first item of every action tuple (see moves.MOVES).
ROLL = "roll"
TURN_BEAR = "turn_bear"
TAKE = "take"
PASS = "pass"
SHORTCUT = "shortcut"
ACCEPT = "accept"
CHANGE = "change"
GUESS = "guess"
DISCARD = "discard"
FINAL = "final"

# Event ids: the "t" of every public log entry (structured: id + parameters).
EV_ROLL = "roll"
EV_BEAR_TURN = "bear_turn"
EV_ACCEPT = "accept"
EV_CHANGE = "change"
EV_OFFER = "offer"
EV_TOKEN_TAKEN = "token_taken"
EV_TOKEN_PASSED = "token_passed"
EV_TOKEN_WRITTEN = "token_written"
EV_TOKENS_GONE = "tokens_gone"
EV_WHEEL = "wheel"
EV_CHECK = "check"
EV_MOVE = "move"
EV_CURSE_TAKEN = "curse_taken"
EV_CURSE_PASSED = "curse_passed"
EV_CURSE_GONE = "curse_gone"
EV_DISCARD = "discard"
EV_REPLACE_SKIPPED = "replace_skipped"
EV_ROUND_END = "round_end"
EV_FINAL_WRITTEN = "final_written"
EV_END = "end"
EVENTS = (
    EV_ROLL,
    EV_BEAR_TURN,
    EV_ACCEPT,
    EV_CHANGE,
    EV_OFFER,
    EV_TOKEN_TAKEN,
    EV_TOKEN_PASSED,
    EV_TOKEN_WRITTEN,
    EV_TOKENS_GONE,
    EV_WHEEL,
    EV_CHECK,
    EV_MOVE,
    EV_CURSE_TAKEN,
    EV_CURSE_PASSED,
    EV_CURSE_GONE,
    EV_DISCARD,
    EV_REPLACE_SKIPPED,
    EV_ROUND_END,
    EV_FINAL_WRITTEN,
    EV_END,
)

# Check results (R-G2/R-G3) in EV_CHECK events and round history.
CORRECT = "correct"
LOWER = "lower"
HIGHER = "higher"
WRONG = "wrong"  # the narrowest wheel: no higher/lower hint

# Why a marker moved (EV_MOVE "reason").
MOVE_CORRECT = "correct"  # R-C1: a right guess
MOVE_CURSE = "curse"
MOVE_CURSE_BONUS = "curse_bonus"
MOVE_FINAL = "final"

# Seat kinds (records, saves, URL settings, the page's set-up form).
HUMAN = "human"
BOT_LEVELS = ("easy", "medium", "hard", "expert")  # expert: lostcode/player/expert.py (issue 27)
SEAT_KINDS = (HUMAN,) + BOT_LEVELS
