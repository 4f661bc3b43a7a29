"""The Lost Code, registered with the shell (issue 38): the one `shell.Game`
this site plays.

Why a module of its own: the shell (shell.py lists it) takes the game as a
parameter; this is where the game's own parts are named for it — its
action table, what its session plays, its observation, its screens and its
saves — so the shell imports none of them for these, and a second game
would register a Game of its own here.

Pure Python, no DOM.
"""

from ..rules.observation import observe
from ..services.record import FORMAT
from .actions import ACTIONS, SESSION
from .game.saving import session_from_save, session_from_state, session_save
from .game.viewer import Replay
from .game.views import BoardKeeper, screen_model
from .shell import Game


def page_screen(session, boards=None):
    """The page's screen: the board drawn, the table as data left out (issue
    40: views.screen_model's `table`, a quarter of a screen's model)."""
    return screen_model(session, boards, table=False)


THE_LOST_CODE = Game(
    name="The Lost Code",
    record_format=FORMAT,
    actions=ACTIONS,
    session_scope=SESSION,
    observe=observe,
    screen=page_screen,
    from_save=session_from_save,
    to_save=session_save,
    boards=BoardKeeper,
    from_state=session_from_state,
    watch=Replay,
)
