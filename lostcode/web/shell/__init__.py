"""The shell (issue 38): the parts of the page that know no rule of this game,
named, and the one seam through which they are given a game.

Why: saved games and their list, the handoff's activation guard, table
mode's transport and lobby, settings, languages, the moments' machinery and
offline play serve any turn-based game played on one device or one phone
per player. They take the game as a parameter — a `Game`, registered once
by the edition (edition.py: The Lost Code) and held by the page
(`APP.rulebook`) — so a second game could reuse them without copying. No
second game is built; the seam has one implementation.

`SHELL` names the shell's files and what each serves; `STILL_KNOWS` says,
for each of its Python modules, which modules of this game it still imports
directly (what is left to move behind `Game`): tests/test_shell.py keeps
both true, so the list can only shrink. docs/architecture.md draws it.

This folder holds the shell's page modules: the page's state and drawing
(app, dom, blocks), the flow after an action (flow, followups, slices,
moments), one activation per action (activation), the live region (a11y),
languages (i18n, you) and the content security policy (csp); the saved games
are lostcode/web/saves/, table mode's codes lostcode/web/tablemode/.

Pure Python, no DOM.
"""


class Game:
    """What the shell needs to know of a game, and nothing else.

    `name`: its title; `record_format`: the "format" of its records (its
    saves and downloads); `actions`: its page actions, name -> an object with
    `scope` and `saves` (lostcode/web/actions.py's table); `session_scope`:
    the scope whose names its session plays (`session.do(act, arg)`);
    `observe(state, viewer)`: what one viewer may see; `screen(session,
    boards)`: a session's screen as plain data; `from_save(data)` and
    `to_save(session, save_id, now, created)`: a session from a stored save
    and back; `boards()`: a fresh cache the screen builder may keep its
    drawings in (held by the page per game); `page`: its browser page (set
    by main.py)."""

    __slots__ = (
        "name", "record_format", "actions", "session_scope", "observe", "screen",
        "from_save", "to_save", "boards", "page", "from_state", "watch",
    )

    def __init__(self, name, record_format, actions, session_scope, observe, screen,
                 from_save, to_save, boards, from_state=None, watch=None) -> None:
        self.name, self.record_format = name, record_format
        self.actions, self.session_scope = actions, session_scope  # what it plays
        self.observe, self.screen = observe, screen  # what one sees, as a screen
        self.from_save, self.to_save, self.boards = from_save, to_save, boards
        # Its page in the browser: the adapter module that draws its screen and
        # runs what follows (render, save_game, put_game, announce, ...: shell/flow.py
        # calls them). Set by the browser adapter (main.py), as pure code never
        # imports the page.
        self.page = None
        # A session around a replayed state (an imported record, a finished
        # game watched): from_state(state, seats, ui); and its replay viewer,
        # watch(record), for the saved games' list (saves/savespage.py).
        self.from_state, self.watch = from_state, watch

    def session_actions(self) -> list:
        """The names its session plays, in the table's order."""
        return [n for n, a in self.actions.items() if a.scope == self.session_scope]


# The shell's files, and what each serves.
SHELL = (
    ("lostcode/web/shell/__init__.py", "the seam: Game, and this list"),
    ("lostcode/web/shell/app.py", "the page's one state object, the error handling"),
    ("lostcode/web/shell/dom.py", "drawing blocks and trees into the page"),
    ("lostcode/web/shell/blocks.py", "a screen's blocks: paragraphs and buttons"),
    ("lostcode/web/shell/flow.py", "the flow after an action"),
    ("lostcode/web/shell/followups.py", "what follows a drawn screen"),
    ("lostcode/web/shell/slices.py", "a search run a slice per task"),
    ("lostcode/web/shell/activation.py", "one activation, one action; the handoff's guard"),
    ("lostcode/web/shell/a11y.py", "the live region"),
    ("lostcode/web/shell/moments.py", "the moments' machinery (skip, reduced motion)"),
    ("lostcode/web/shell/i18n.py", "languages"),
    ("lostcode/web/shell/you.py", "the second person in each language"),
    ("lostcode/web/shell/csp.py", "the page's content security policy"),
    ("lostcode/web/saves/slots.py", "one storage key per saved game, revisions across tabs"),
    ("lostcode/web/saves/storage.py", "the browser's storage, the save's compare-and-set"),
    ("lostcode/web/saves/savespage.py", "the saved games' list: resume, delete, import, watch"),
    ("lostcode/web/tablemode/tablecodes.py", "table mode's join codes and camera"),
    ("lostcode/services/saves.py", "a saved game and the index of saves"),
    ("lostcode/services/settings.py", "the URL settings and the remembered ones"),
    ("lostcode/services/jsonlimits.py", "the one reader of every outside input"),
    ("lostcode/table/protocol.py", "table mode's versioned messages and limits"),
    ("assets/table/bridge.js", "table mode's transport: WebRTC data channels"),
    ("assets/table/link.js", "table mode's join links"),
    ("assets/pwa.js", "offline: the service worker's registration and updates"),
    ("sw.js", "offline: the service worker"),
)

# Shell module -> the game's modules it still imports itself (tests/test_shell.py:
# never more). What is left to move behind Game.
STILL_KNOWS = {
    "lostcode.web.shell.dom": ("lostcode.web.actions",),
    "lostcode.web.shell.moments": ("lostcode.rules.vocab",),
    "lostcode.web.saves.slots": ("lostcode.rules.errors",),
    "lostcode.web.saves.storage": ("lostcode.web.saves.persist",),
    "lostcode.web.saves.savespage": (
        "lostcode.rules.errors", "lostcode.rules.vocab", "lostcode.services.record",
        "lostcode.web.actions", "lostcode.web.saves.persist",
    ),
    "lostcode.web.tablemode.tablecodes": ("lostcode.web.actions",),
    "lostcode.services.jsonlimits": ("lostcode.rules.errors",),
    "lostcode.services.saves": (
        "lostcode.rules.errors", "lostcode.rules.vocab", "lostcode.services.record",
    ),
    "lostcode.services.settings": (
        "lostcode.rules.messages", "lostcode.rules.options", "lostcode.rules.playernames",
        "lostcode.rules.vocab",
    ),
    "lostcode.table.protocol": ("lostcode.rules.errors",),
}
