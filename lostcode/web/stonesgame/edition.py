"""«Тайные камни» registered with the shell (issue 43): the second
`shell.Game`, beside the Lost Code's (lostcode/web/edition.py).

Why a module of its own: the shell takes a game as a parameter; this is where
the second game's parts are named for it — the actions its session plays,
its observation, its screens, its saves both ways and their format — so the
saved-games list lists its saves and resumes them through it. Loaded with
the game, when it is chosen (lostcode/web/stonesentry.py FILES); before
that, the list knows its saves by their format alone (stonesentry.WAY_IN).

Pure Python, no DOM.
"""

from ...stones.observation import observe
from ...stones.pageplay import SAVE_FORMAT, from_save, to_save
from ...stones.record import FORMAT
from ...stones.session import READY, SESSION_ACTS, SPEND
from ..actions import PageAction
from ..shell import Game
from .screens import screen_model

SESSION = "stones-session"  # the scope of the names its session plays (session.do)

# What changes a save: an engine move (a tile tapped a second time, a card
# completed, the turn ended or skipped, an undo, a computer's step); the
# handoff's "I am NAME" and the card picked to spend change nothing saved.
ACTIONS = {
    name: PageAction(name, SESSION, name not in (SPEND, READY))
    for name in SESSION_ACTS
}


def page_screen(session, boards=None):
    """The screen as plain data (screens.screen_model draws its own grid)."""
    return screen_model(session)


def no_boards():
    """Its screens keep no board between drawings."""
    return None


SHIFTING_STONES = Game(
    name="Shifting Stones",
    record_format=FORMAT,
    actions=ACTIONS,
    session_scope=SESSION,
    observe=observe,
    screen=page_screen,
    from_save=from_save,
    to_save=to_save,
    boards=no_boards,
    save_format=SAVE_FORMAT,
)
