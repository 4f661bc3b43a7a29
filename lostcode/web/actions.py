"""The page's actions, declared once: every name a control may carry (its
`data-act`), who handles it, and whether it may change what a save holds.

Views put these names on their controls by importing them; the page's one
dispatcher (main.dispatch) looks a name's scope up in `main.SCOPES` and
calls its handler, `handler(act, arg)`: the session's names play through
`Session.HANDLERS`, the others are the game page's, the saved-games list's
(`savespage.HANDLERS`), table mode's (`tablepage.HANDLERS`) and Today's
code's (`puzzlepage.HANDLERS`). `tests/test_actions.py` fails when a control
carries a name missing here, or when a name here is reachable from no screen
or reaches no handler.

The engine's own move kinds (roll, take, pass; the picks turn_bear,
change, discard) double as the names of the buttons that play or choose them:
records store those strings, so they are imported from rules.vocab, not
spelled again.
"""

from ..rules.vocab import CHANGE, DISCARD, PASS, ROLL, TAKE, TURN_BEAR

# Who handles an action.
SESSION = "session"  # lostcode.web.game.session.Session.do: a draft, a sheet mark or an engine move
GAME_PAGE = "game"  # the game page (lostcode.web.main.GAME_HANDLERS): leave, download, replay
SAVES_PAGE = "saves"  # the saved-games list (lostcode.web.saves.savespage)
TABLE_PAGE = "table"  # table mode, a phone per player (lostcode.web.tablemode.tablepage, issue 23)
PUZZLE_PAGE = "puzzle"  # Today's code, the daily puzzle (lostcode.web.puzzle.puzzlepage, issue 28)


class PageAction:
    """One control's action: `saves` is True when doing it may change what a
    save holds (an engine move, a sheet mark, an acknowledged check) — the
    page writes a save only after such an action changed the game's revision."""

    __slots__ = ("name", "scope", "saves")

    def __init__(self, name: str, scope: str, saves: bool) -> None:
        self.name = name
        self.scope = scope
        self.saves = saves


# -- the session's actions ------------------------------------------------------
# Engine moves played by a public screen's button at once (ROLL, TAKE, PASS)
# and the picks that only choose a draft (TURN_BEAR, CHANGE, DISCARD). Keeping
# the dice (the engine's ACCEPT) is CONFIRM_PICK with no face chosen.
CONFIRM_PICK = "confirm_pick"  # play the chosen pick (or keep the dice)
UNLOCK = "unlock"  # "I am NAME": the private screen opens
CONTINUE = "continue"  # past the check results, or a computer's next move on the board
SKIP = "skip"  # past all the computers' moves shown: to the next decision (issue 22)
WHEEL = "wheel"  # choose a wheel (draft)
LOWER = "lower"  # the range's low end -1 (draft)
RAISE = "raise"  # +1 (draft)
LOW = "low"  # the low end typed, or a ring value tapped (draft)
USE_HINT = "use_hint"  # the assistant's suggested bet into the draft
USE_EXPERT = "use_expert"  # the expert's move into the draft (fix18b), not confirmed
CONFIRM_GUESS = "confirm_guess"  # set the wheel (engine move) and pass the device
CAND = "cand"  # a candidate value on or off (draft)
CONFIRM = "confirm"  # confirm the candidates (engine move)
CONFIRM_EMPTY = "confirm_empty"  # "Yes": confirm with a symbol left empty
BACK = "back"  # "Back" from a question (empty candidates, leaving the result)
MARK = "mark"  # a deduction sheet cell
AUTO = "auto"  # the sheet's automatic marks on/off
SHEET_MODE = "sheet_mode"  # a tap crosses out / marks a final candidate
UNDO = "undo"  # the private screen's last change undone
WHY = "why"  # the assistant's explanations open/closed
EXPERT = "expert"  # the assistant's "What would the expert do?" (issue 27): its search starts
LEAVE = "leave"  # the end screen's "New game": asked again
# Issue 40: a tap that only chooses on the screen shown (a draft): the page's
# next model makes the question alone (views.selected)
SELECTIONS = (WHEEL, LOWER, RAISE, LOW, TURN_BEAR, CHANGE, CAND)

# -- the game page's actions ------------------------------------------------------
NEW_GAME = "new_game"  # to the set-up screen and the saved games
DOWNLOAD_RECORD = "download_record"
TAKE_NEWEST = "take_newest"  # another tab went on: continue from its moves
FREE_DONE = "free_done"  # storage full: delete a finished game, save again
WATCH = "watch"  # "Watch the game" (lostcode.web.game.viewer)
WATCH_START = "watch_start"
WATCH_PREV_ROUND = "watch_prev_round"
WATCH_PREV = "watch_prev"
WATCH_NEXT = "watch_next"
WATCH_NEXT_ROUND = "watch_next_round"
WATCH_END = "watch_end"
WATCH_CLOSE = "watch_close"
WATCH_VIEW = "watch_view"  # a finished game's replay: every rack, or as one player saw it
WATCH_STEPS = (WATCH_START, WATCH_PREV_ROUND, WATCH_PREV, WATCH_NEXT, WATCH_NEXT_ROUND, WATCH_END)
WATCH_PLAY = "watch_play"  # the replay plays by itself, or pauses (issue 39)
WATCH_SPEED = "watch_speed"  # its pace: arg "1", "2" or "4" (times the normal pace)
WATCH_TICK = "watch_tick"  # the playing replay's next move, after its pace (a timer)
WATCH_PLAYBACK = (WATCH_PLAY, WATCH_SPEED, WATCH_TICK)
HELP = "help"  # the help beside the choice (issue 39): arg its tab (game/helpdock.py), "" closes
SHEET_EDIT = "sheet_edit"  # a phone's Sheet tab: arg "1" its cells as buttons, "" its picture
LANGUAGE = "language"  # the strip's globe on a phone: the page's language choice, opened (desk10)

# -- the saved-games list's actions --------------------------------------------------
RESUME = "resume"
DELETE = "delete"  # asks first
DELETE_YES = "delete_yes"
DELETE_NO = "delete_no"
DELETE_DONE = "delete_done"  # a finished game
DOWNLOAD_DAMAGED = "download_damaged"
DISMISS_DAMAGED = "dismiss_damaged"
DOWNLOAD_IMPORT = "download_import"  # a file that could not be used
FOCUS_NEW_GAME = "focus_new_game"
WATCH_HISTORY = "watch_history"  # a finished game's result
DOWNLOAD_HISTORY = "download_history"
WATCH_IMPORT = "watch_import"
CONTINUE_IMPORT = "continue_import"

# -- table mode's actions (lostcode.web.tablemode.tablepage) ---------------------------------------
# None changes a saved game: the host keeps its table under its own key after
# every move, and a guest keeps nothing.
TABLE_START = "table_start"  # the host's "Play": seats chosen, codes shown
TABLE_RESUME = "table_resume"  # "Continue the table" after a reload
TABLE_JOIN_PAGE = "table_join_page"  # "Join a table": scan or paste a join code
TABLE_SCAN = "table_scan"  # the camera: a seat's answer (arg: the seat) or a join code ("")
TABLE_STOP_SCAN = "table_stop_scan"
TABLE_JOIN = "table_join"  # the pasted join code
TABLE_CONNECT = "table_connect"  # the pasted answer of seat `arg`
TABLE_TO_COMPUTER = "table_to_computer"  # a seat that stays gone: a computer plays it
TABLE_TO_HOST = "table_to_host"  # a seat that stays gone: played on the host, pass-and-play
TABLE_UNLOCK = "table_unlock"  # "I am NAME" on the host's phone (arg: the seat)
TABLE_COPY = "table_copy"  # copy the link or code in the box whose id is `arg` (issue 41)
TABLE_SHARE = "table_share"  # the share sheet for the link in the box whose id is `arg`

# -- Today's code's actions (lostcode.web.puzzle.puzzlepage, issue 28) ----------------------------
# None changes a saved game: the puzzle's tries and stats have their own key.
PUZZLE_OPEN = "puzzle_open"  # open puzzle number `arg` ("": today's)
PUZZLE_ANSWER = "puzzle_answer"  # try the answer `arg`
PUZZLE_SHARE = "puzzle_share"  # the spoiler-free result to the clipboard or share sheet
PUZZLE_ARCHIVE = "puzzle_archive"  # the past puzzles, page `arg`
PUZZLE_CLOSE = "puzzle_close"  # back to the start screen


def _table(scope: str, saving: tuple, other: tuple) -> tuple:
    return tuple(PageAction(n, scope, True) for n in saving) + tuple(
        PageAction(n, scope, False) for n in other
    )


# The table: name -> PageAction. `saves` True: the action may change the save.
ACTIONS = {
    a.name: a
    for a in _table(
        SESSION,
        (ROLL, TAKE, PASS, CONFIRM_PICK, CONFIRM_GUESS, CONFIRM, CONFIRM_EMPTY,
         CONTINUE, MARK, AUTO, SHEET_MODE, UNDO),
        (TURN_BEAR, CHANGE, DISCARD, UNLOCK, WHEEL, LOWER, RAISE, LOW, USE_HINT, USE_EXPERT, CAND,
         BACK,
         WHY, EXPERT, LEAVE, SKIP),
    )
    + _table(GAME_PAGE, (TAKE_NEWEST, FREE_DONE),
             (NEW_GAME, DOWNLOAD_RECORD, WATCH, WATCH_CLOSE, WATCH_VIEW, HELP, SHEET_EDIT,
              LANGUAGE)
             + WATCH_STEPS
             + WATCH_PLAYBACK)
    + _table(
        SAVES_PAGE,
        (CONTINUE_IMPORT,),
        (RESUME, DELETE, DELETE_YES, DELETE_NO, DELETE_DONE, DOWNLOAD_DAMAGED, DISMISS_DAMAGED,
         DOWNLOAD_IMPORT, FOCUS_NEW_GAME, WATCH_HISTORY, DOWNLOAD_HISTORY, WATCH_IMPORT),
    )
    + _table(
        TABLE_PAGE,
        (),
        (TABLE_START, TABLE_RESUME, TABLE_JOIN_PAGE, TABLE_SCAN, TABLE_STOP_SCAN, TABLE_JOIN,
         TABLE_CONNECT, TABLE_TO_COMPUTER, TABLE_TO_HOST, TABLE_UNLOCK,
         TABLE_COPY, TABLE_SHARE),
    )
    + _table(
        PUZZLE_PAGE,
        (),
        (PUZZLE_OPEN, PUZZLE_ANSWER, PUZZLE_SHARE, PUZZLE_ARCHIVE, PUZZLE_CLOSE),
    )
}


def scope_of(name: str) -> str:
    """Who handles `name` ("" for a name the table lacks: such a click does nothing)."""
    a = ACTIONS.get(name)
    return a.scope if a is not None else ""
