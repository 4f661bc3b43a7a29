"""The game's words, spelled once: action kinds, event ids and seat kinds.

Every module that names an action, a log event or a seat kind imports it
from here (phases too), so a misspelling is a
NameError at import time instead of a silent fallback at run time. The
values are the strings records and saves have always stored: changing one
would break every existing record.
"""

# Phases, in the order a round visits them (RULES §3, §4, R-X2): the State
# holds one, each move of moves.MOVES belongs to one. A phase's value may equal
# an action kind's ("roll", "guess"): the names keep them apart (PHASE_*).
PHASE_ROLL = "roll"  # R-R1: the roller rolls
PHASE_BEAR = "bear"  # R-R1a: forced turns of bear faces (introductory game)
PHASE_OFFER = "offer"  # R-X2a: shortcut token offered round the table
PHASE_SHORTCUT = "shortcut"  # R-X2b: the taker writes candidates
PHASE_CHANGE = "change"  # R-R1c: accept the roll or turn one die
PHASE_GUESS = "guess"  # R-G1..R-G3
PHASE_REPLACE = "replace"  # R-P1..R-P3
PHASE_FINAL = "final"  # R-E1: final candidates
PHASE_END = "end"  # game over
PHASES = (
    PHASE_ROLL,
    PHASE_BEAR,
    PHASE_OFFER,
    PHASE_SHORTCUT,
    PHASE_CHANGE,
    PHASE_GUESS,
    PHASE_REPLACE,
    PHASE_FINAL,
    PHASE_END,
)

# Token states (R-X2, R-X3).
AVAILABLE = "available"
TAKEN = "taken"
GONE = "gone"

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
