"""Issue 21: saves written before the session was reworked still load.

tests/data/save-2026-11-26.json was written by the code of commit cdc9a8e
(2026-11-26), before issue 21, with a script that played a 3-player game
(Ann and Bea human, Cyd a medium computer; shortcut and curse; hints off)
through Session events: sheet cells crossed, check results acknowledged, a
discard's notice pending, and saved it with saving.session_save ("save");
then played on to Bea's wheel screen, unlocked, a wheel chosen, and saved
again ("private_save"); and put the first save and a finished 2-player game
into a saves.SaveIndex ("index": the first web edition's single list) and into
the page's slots of that day ("storage": key -> text, slots.py). "expect"
holds what that session held;
"loaded_by_then" what that code's session_from_save made of each save. The
file stands for saves in players' browsers: never regenerate it.
"""

import json

from helpers import ROOT

from lostcode.rules.canon import state_digest
from lostcode.services.record import replay
from lostcode.web.game.saving import session_from_save, session_save
from lostcode.web.game.sheet import Sheet
from lostcode.web.game.viewer import Replay
from lostcode.web.game.views import screen_model
from lostcode.web.saves.slots import index_from_items, migrate

DATA = json.loads((ROOT / "tests" / "data" / "save-2026-11-26.json").read_text("utf-8"))


def synced(sheets, ses):
    """The saved sheets as their owners' next screen showed them then: a human's
    sheet brought up to date with their discards (R-P3), which the session now
    does on loading instead of on drawing; a computer's as saved."""
    out = []
    for p, d in enumerate(sheets):
        sheet = Sheet.from_dict(d)
        if p in ses.bots.humans:
            sheet.sync_discards(ses.state.discards[p])
        out.append(sheet.to_dict())
    return out


def test_an_old_save_loads_with_its_game_sheets_checks_notices_and_hints():
    expect, then = DATA["expect"], DATA["loaded_by_then"]["save"]
    for data in (DATA["save"], json.dumps(DATA["save"])):
        ses = session_from_save(data)
        assert state_digest(ses.state) == expect["digest"] == then["digest"]
        assert ses.moves_played() == expect["moves"]
        assert ses.seats == ["human", "human", "medium"]
        assert ses.checks_shown == expect["checks_shown"] == 2
        assert ses.notices == expect["notices"] and ses.notices
        assert ses.hints is expect["hints"] is False
        assert [sh.to_dict() for sh in ses.sheets] == synced(expect["sheets"], ses)
        assert [sh.to_dict() for sh in ses.sheets][1]["final"]["jaguar"] == [0, 3, 5]
        assert list(ses.screen()) == then["screen"] == expect["screen"]
        m = screen_model(ses)
        assert m["heading"] == then["heading"]
        assert m["notices"] and "chameleon" in m["notices"][0]
        assert m["assistant"] is None
        assert ses.revision == 0  # loading is not a change: nothing to write back
    # Saved again by today's code, it loads to the same session.
    again = session_from_save(session_save(ses, "g-old", "2026-11-27T10:00:00Z"))
    assert state_digest(again.state) == state_digest(ses.state)
    assert [sh.to_dict() for sh in again.sheets] == [sh.to_dict() for sh in ses.sheets]
    assert (again.checks_shown, again.notices, again.hints) == (2, ses.notices, False)


def test_an_old_save_taken_on_a_private_screen_opens_on_the_handoff():
    expect, then = DATA["private_expect"], DATA["loaded_by_then"]["private_save"]
    assert DATA["private_save"]["ui"]["screen"] == "guess"  # saved while Bea's wheel screen showed
    ses = session_from_save(DATA["private_save"])
    assert state_digest(ses.state) == expect["digest"] == then["digest"]
    assert list(ses.screen()) == then["screen"] == ["handoff", None]
    assert ses.state.to_act == expect["to_act"] and ses.unlocked is None and ses.draft is None
    assert screen_model(ses)["heading"] == then["heading"] == "Pass the device to Bea"
    assert ses.checks_shown == expect["checks_shown"]
    assert [sh.to_dict() for sh in ses.sheets] == synced(expect["sheets"], ses)


def test_old_storage_lists_the_game_and_the_finished_one():
    """The page's slots of that day (one key per game), and the single list of
    the first web edition they were migrated from, read by today's code."""
    then = DATA["loaded_by_then"]["index"]
    writes, rejected, damaged = migrate(DATA["index"], [])
    assert not rejected and damaged is None
    for items in (sorted(DATA["storage"].items()), writes):
        index, revs = index_from_items(items)
        assert not index.rejected and sorted(revs) == sorted(DATA["storage"])
        assert [[r["id"], r["round"], r["phase"]] for r in index.listing()] == then["listing"]
        assert [[f["id"], f["scores"]] for f in index.history()] == then["history"]
        ses = session_from_save(index.get("g-old"))
        assert state_digest(ses.state) == DATA["expect"]["digest"]
        assert ses.notices == DATA["expect"]["notices"] and ses.hints is False
        done = index.history()[0]
        assert state_digest(replay(done["record"])) == DATA["expect"]["finished_digest"]
        end = Replay(done["record"])  # "Watch the game", gone to its end
        end.go(end.n)
        assert end.state.result["winner"] == DATA["expect"]["finished_winner"]
        assert all(None not in r["stones"].values() for r in end.observation()["racks"])
