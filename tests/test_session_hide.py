"""Session.hide (issue 25, failure 2): leaving the page puts an open private
screen back behind its handoff (R-PRIVACY: a private screen opens only from
its handoff); shared screens and solo play are left as they are."""

from lostcode.rules.options import Options
from lostcode.web import actions
from lostcode.web.game.session import Session


def test_leaving_hides_an_open_private_screen_behind_its_handoff():
    ses = Session(Options(3), 99, ["Ann", "Ben", "Cy"])
    assert ses.screen() == ("roll", None)
    assert not ses.hide()  # a shared screen: nothing to hide
    ses.do(actions.ROLL, "")
    assert ses.screen()[0] == "handoff"
    ses.do(actions.UNLOCK, "")
    kind, viewer = ses.screen()
    assert viewer is not None
    revision = ses.revision
    assert ses.hide()
    assert ses.screen() == ("handoff", None)
    assert ses.revision == revision  # nothing to save: the game did not change
    ses.do(actions.UNLOCK, "")
    assert ses.screen() == (kind, viewer)


def test_solo_play_has_nothing_to_hide():
    ses = Session(Options(2), 3, ["Ana", "Bot"], seats=["human", "easy"])
    for _ in range(5):
        if ses.screen()[1] is not None:
            break
        ses.do(actions.ROLL, "") if ses.screen()[0] == "roll" else ses.do(actions.CONTINUE, "")
    before = ses.screen()
    assert not ses.hide()
    assert ses.screen() == before
