"""The game's handlers and its wiring to the shell (issue 40: loaded with the
game, not at start; lostcode/web/game/gameentry.py imports this last).

main.SCOPES sends every game, game-page and saved-games action to
gameentry.handle, which comes here once the game is in: `SCOPES` maps each
name to its handler(act, arg) (the session's `play`, the game page's, the
saved games' savespage.HANDLERS). `wire` gives the shell the game
(APP.rulebook, its page) and installs what only a game screen needs.

The adapter: touches the DOM.
"""

from pyscript import document, window

from lostcode.web import actions
from lostcode.web.edition import THE_LOST_CODE
from lostcode.web.game import gamepage, gamerest, helpdock, helpsight
from lostcode.web.saves import savespage, storage
from lostcode.web.shell import flow
from lostcode.web.shell.app import APP, lap, listen, mark
from lostcode.web.shell.dom import by_id, py


def play(act, arg):
    """A SESSION action: the session's handler (Session.do, Session.HANDLERS),
    then the flow after an action (flow.moved). Nothing acts on a game
    another tab went on with (issue 12; issue 25: told before the move)."""
    ses = APP.game.session
    if APP.save.conflict:
        return
    if APP.rulebook.actions[act].saves and APP.save.id is not None and storage.went_on(ses):
        APP.save.conflict = True
        gamepage.render_conflict()
        return
    if act in (actions.USE_HINT, actions.USE_EXPERT) and not gamepage.wide():
        # help17: on a phone the help lies in the question panel's place; the
        # suggestion (fix18b: or the expert's move) taken, the panel is back,
        # that choice shown in it
        gamepage.set_help("")
    mark("lc:do")
    ses.do(act, arg)
    lap("lc:do")
    if APP.game.boards is not None:  # issue 40: a selection's model makes the question alone
        APP.game.boards.select = act in actions.SELECTIONS
    flow.moved()


def watch(act, arg):
    """"Watch the game" and the replay's controls (gamepage.on_watch), drawn."""
    gamepage.on_watch(act, arg)
    flow.show()


def help_dock(act, arg):
    """The help beside the choice opened on a tab, or closed (issue 39); the
    expert's tab asks the expert at once (its answer one tap from the choice)."""
    gamepage.set_help(arg)
    helpsight.set_sheet_edit("")  # the Sheet tab opens on its picture
    if arg == helpdock.EXPERT and py(document.querySelector(
            "#help-dock [data-act='" + actions.EXPERT + "']")) is not None:
        play(actions.EXPERT, "")  # not asked yet on this screen: ask (flow.moved draws)
    else:
        flow.show()
    gamepage.after_help()
    helpsight.pin()  # open on a phone: over the board, its top in sight (issue 39)
    helpsight.into_view()  # open on a wide screen: under the choice, in sight (bar9)


def sheet_edit(act, arg):
    """A phone's Sheet tab: its cells as 44 px buttons, or its picture again (issue 39)."""
    helpsight.set_sheet_edit(arg)
    flow.show()
    helpsight.after_sheet_edit()


def close_watch(act, arg):
    savespage.close_watch()


def new_game(act, arg):
    savespage.show_setup()


def download_record(act, arg):
    savespage.download_record()


def take_newest(act, arg):
    savespage.take_newest()


def free_done(act, arg):
    savespage.free_done(arg)


def language(act, arg):
    """desk10: a phone's language choice is at the page's foot, under the game; the
    strip's globe opens it in one tap (a teacher switching mid-game). The choice
    redraws the game where it is (setuppage.switch_language), the page at its top."""
    window.lostcodeLangOpen()


# actions.GAME_PAGE -> handler(act, arg)
GAME_HANDLERS = dict(
    [(step, watch) for step in actions.WATCH_STEPS]
    + [
        (actions.NEW_GAME, new_game),
        (actions.DOWNLOAD_RECORD, download_record),
        (actions.TAKE_NEWEST, take_newest),
        (actions.FREE_DONE, free_done),
        (actions.WATCH, watch),
        (actions.WATCH_VIEW, watch),
        (actions.WATCH_PLAY, watch),
        (actions.WATCH_SPEED, watch),
        (actions.WATCH_TICK, watch),
        (actions.WATCH_CLOSE, close_watch),
        (actions.HELP, help_dock),
        (actions.SHEET_EDIT, sheet_edit),
        (actions.LANGUAGE, language),
    ]
)

# actions.SESSION -> handler(act, arg): every name the game's session plays.
SESSION_HANDLERS = {name: play for name in THE_LOST_CODE.session_actions()}

# Every name gameentry.handle is given -> its handler.
SCOPES = {}
SCOPES.update(SESSION_HANDLERS)
SCOPES.update(GAME_HANDLERS)
SCOPES.update(savespage.HANDLERS)


def on_watch_key(event):
    if str(event.key) == "Escape" and APP.game.help and APP.game.watch is None:
        event.preventDefault()
        APP.game.dispatch(actions.HELP, "")  # Escape closes the help (issue 39)
        return
    act = gamepage.watch_key(event)
    if act:
        APP.game.dispatch(act)


def on_wide(event=None):
    """The window crossed style.css's 900 px (a turned tablet, a resized
    window): the game drawn again, its racks where that width keeps them."""
    if APP.game.session is not None:
        flow.show()


def wire():
    """The game given to the shell (issue 38: the shell takes it as a
    parameter) and what only a game screen needs, installed before the first
    game screen is drawn."""
    THE_LOST_CODE.page = gamepage  # the shell's flow draws through it (shell.Game.page)
    APP.rulebook = THE_LOST_CODE
    gamepage.install_guard()  # issue 12: one activation, one action
    listen(by_id("game"), "keydown", on_watch_key)
    listen(by_id("log"), "toggle", gamerest.on_log_toggle)
    listen(document.defaultView.matchMedia(gamepage.WIDE), "change", on_wide)  # issue 39
