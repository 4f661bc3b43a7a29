"""Issue 38: a shell a second game can use.

- The Lost Code is registered through the seam (web/edition.py's
  shell.Game): its action table, the names its session plays, its
  observation, its screens, its saves and its board cache, each of which
  works through the Game as it does called directly.
- The shell (web/shell/__init__.py's SHELL) names files that exist, and each of its
  Python modules imports no module of this game beyond what STILL_KNOWS
  declares: the list of what is left to move behind Game can only shrink.
- The page's dispatcher plays the session's names the Game gives it.
"""

from helpers import ROOT
from test_layers import import_graph

from lostcode.rules.options import Options
from lostcode.services.record import FORMAT
from lostcode.web import actions
from lostcode.web.edition import THE_LOST_CODE
from lostcode.web.game.session import Session
from lostcode.web.game.views import screen_model
from lostcode.web.shell import SHELL, STILL_KNOWS, Game


def shell_modules() -> set:
    return {
        p[:-3].replace("/", ".").removesuffix(".__init__")
        for p, _what in SHELL
        if p.endswith(".py")
    }


def test_the_lost_code_is_registered_through_the_seam():
    g = THE_LOST_CODE
    assert isinstance(g, Game) and g.record_format == FORMAT
    assert g.actions is actions.ACTIONS
    assert set(g.session_actions()) == set(Session.HANDLERS)
    ses = Session(Options(2), 3, ["A", "B"])
    boards = g.boards()
    page = screen_model(ses, table=False)  # the page draws the board, not the table (issue 40)
    assert g.screen(ses, boards) == page
    assert g.screen(ses, boards) == page  # kept board: still the same screen
    assert g.observe(ses.state, None)["viewer"] is None
    save = g.to_save(ses, "g1", "2026-11-28T02:00:00Z")
    again = g.from_save(save)
    assert again.record() == ses.record() and again.record()["format"] == FORMAT


def test_the_shell_is_named_and_knows_no_more_of_the_game_than_it_says():
    for path, what in SHELL:
        assert (ROOT / path).exists(), path
        assert what, path
    graph = import_graph()
    shell = shell_modules()
    assert set(STILL_KNOWS) <= shell
    for module in sorted(shell):
        knows = {d for d in graph[module] if d not in shell and d != "lostcode"}
        assert knows <= set(STILL_KNOWS.get(module, ())), (module, knows)
    # game-free already: the seam, the flow and its decision, activation, languages,
    # slices, the live region (issue 38: flow draws through Game.page, a11y words
    # through the sentence the game gives it)
    for module in ("", ".followups", ".activation", ".i18n", ".slices", ".app", ".csp", ".blocks",
                   ".flow", ".a11y"):
        assert not STILL_KNOWS.get("lostcode.web.shell" + module), module


def test_the_dispatcher_takes_the_sessions_names_from_the_game():
    # issue 40: the game's handlers load when a game is chosen (gameentry), not in main
    src = (ROOT / "lostcode" / "web" / "gamehandlers.py").read_text("utf-8")
    assert "THE_LOST_CODE.session_actions()" in src
    assert "APP.rulebook = THE_LOST_CODE" in src
