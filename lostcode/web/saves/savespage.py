"""The saved-games part of the set-up screen: resume, delete, import, watch a
finished game, download records; the set-up screen itself comes back here.

The list's model is persist.saves_model; storage.py reads and writes.
"""

from pyscript import document, window

from lostcode.rules.errors import RecordError
from lostcode.rules.vocab import PHASE_END
from lostcode.services.record import dumps, replay, seats_of, to_record
from lostcode.web import actions
from lostcode.web.saves import storage
from lostcode.web.saves.persist import (
    MAX_IMPORT_BYTES,
    finished_problem,
    other_format,
    read_import,
    record_filename,
    saves_model,
    short_time,
)
from lostcode.web.saves.slots import REJECTED, done_key, game_key, size_label
from lostcode.web.shell import flow
from lostcode.web.shell.app import APP, keep, listen
from lostcode.web.shell.dom import ROOT, by_id, clear, create_proxy, el, py, render_block
from lostcode.web.shell.i18n import _


def local_time(iso):
    """The save's time in the page's language ("26.11.2026, 12:29:53" in ru),
    not the browser's default locale."""
    try:
        return str(window.Date.new(iso).toLocaleString(str(ROOT.getAttribute("lang") or "en")))
    except Exception:
        return short_time(iso)


def show_setup():
    APP.game.session = None
    by_id("game").hidden = True
    by_id("setup").hidden = False
    APP.save.id = None
    APP.save.conflict = False
    show_save_problem_in_list()
    render_saves()
    show_update_note()
    APP.game.screen = None
    APP.rulebook.page.settle("#setup button, #setup input, #setup select")
    by_id("setup-h").focus()


def show_update_note(*_a):
    """Issue 25: a new version that took over while a game was on screen is
    offered here, between games (the set-up screen: never over a private
    screen, nothing of a game is lost by loading it); an update that failed
    to download completely (a partial deploy) is said in the tab that saw it.
    assets/pwa.js sets <html data-update> and fires "lostcode-update"."""
    box = by_id("update-note")
    if box is None:
        return
    state = str(ROOT.getAttribute("data-update") or "")
    clear(box)
    if state == "ready":
        el("p", _("A new version of the game is ready."), None, None, box)
        url = str(window.location.pathname) + str(window.location.search)
        el("a", _("Load the new version"), "btn", {"href": url, "id": "update-load"}, box)
    elif state == "failed":
        el("p", _("An update of the game could not be downloaded completely; this version "
                  "stays in use. The page will try again on your next visit."), None, None, box)
    box.hidden = state not in ("ready", "failed")


def show_save_problem_in_list():
    """The set-up screen never claims a save the page did not make."""
    if APP.save.failed is not None:
        APP.saves.ui = dict(APP.saves.ui)
        APP.saves.ui["not_saved"] = True
    APP.save.failed = None
    APP.rulebook.page.show_save_problem()


def _games_list(games, box):
    """A list of games (the saved ones, or the finished ones): each its line
    of text and its buttons."""
    ul = el("ul", None, "saves-list", None, box)
    for g in games:
        li = el("li", None, None, None, ul)
        el("p", g["text"], None, None, li)
        render_block({"t": "buttons", "label": "", "items": g["items"]}, li)


def render_saves():
    box = by_id("saves")
    if box is None:
        return
    index = storage.saves_index()
    ui = dict(APP.saves.ui)
    ui["sizes"] = {}
    for f in index.history():
        n = APP.saves.sizes.get(done_key(f["id"]))
        if n:
            ui["sizes"][f["id"]] = size_label(n)
    titles = {fmt: way.title() for fmt, way in APP.others.items()}
    m = saves_model(index, ui, local_time, titles)
    clear(box)
    box.hidden = False
    el("h2", m["heading"], None, {"id": "saves-h"}, box)
    for b in m["blocks"]:
        render_block(b, box)
    if m["games"]:
        _games_list(m["games"], box)
    elif m["empty"]:
        el("p", m["empty"], "note", None, box)
    label = el("label", None, "import", None, box)
    el("span", m["import_label"], None, None, label)
    el("input", None, None, {"type": "file", "id": "import-file", "accept": ".json"}, label)
    el("p", m["import_help"], "note", None, box)
    if m["history"]:
        el("h3", m["history_heading"], None, None, box)
        _games_list(m["history"], box)


def download(filename, text, blob=None):
    """A same-origin file download: a Blob URL clicked from a hidden <a download>."""
    if blob is None:
        blob = text_blob(text)
    url = window.URL.createObjectURL(blob)
    a = el("a", None, None, {"href": url, "download": filename, "hidden": ""})
    document.body.appendChild(a)
    a.click()
    a.remove()
    revoke = create_proxy(lambda *_a: window.URL.revokeObjectURL(url))
    keep(revoke)
    window.setTimeout(revoke, 60000)


def text_blob(text):
    """The text as a Blob. It goes to JavaScript in pieces between its NULs,
    each NUL a zero byte made there: MicroPython's strings end at a NUL on the
    way to JavaScript, and damaged data with one was downloaded cut short or
    empty (issue 25)."""
    parts = window.Array.new()
    for i, piece in enumerate(str(text).split("\x00")):
        if i:
            parts.push(window.Uint8Array.new(1))
        parts.push(piece)
    return window.Blob.new(parts, window.JSON.parse('{"type":"application/json"}'))


def download_record():
    ses = APP.game.session
    names = ses.public_observation()["names"]
    download(record_filename(names, storage.now_iso()), dumps(ses.record()))


def resume(save_id):
    index = storage.saves_index()
    save = index.get(save_id)
    if save is None:
        render_saves()
        return
    way = APP.others.get(save.get("format"))
    if way is not None:  # another game's save (issue 43): its way in loads and resumes it
        way.resume(save_id, save, APP.saves.revs.get(game_key(save_id), 0))
        return
    try:
        ses = APP.rulebook.from_save(save)  # the game's (shell.Game)
    except RecordError as e:
        storage.set_aside(index, save_id, str(e.args[0] if e.args else e))
        render_saves()
        by_id("saves-h").focus()
        return
    APP.save.id = save_id
    APP.save.created = save.get("created")
    APP.save.rev = APP.saves.revs.get(game_key(save_id), 0)
    APP.save.conflict = False
    APP.save.failed = None
    APP.save.revision = ses.revision  # as stored: a resume writes nothing back
    flow.enter_game(ses)
    APP.rulebook.page.save_game()  # only if a computer seat played on since (revision moved)


def watch_record(record, finished_game=False, step_through=False):
    """A finished game's end screen, not saved again; `step_through`: its
    replay from the first move ("Watch the game", viewer.py) over it."""

    try:
        ses = APP.rulebook.from_state(replay(record), seats_of(record), {})
        watch = APP.rulebook.watch(record) if step_through else None
    except RecordError as e:
        reason = str(e.args[0] if e.args else e)
        if finished_game:  # from the finished-games list: no file involved (issue 12)

            APP.saves.ui = {"problem": {"text": finished_problem(reason), "download": False}}
            render_saves()
            return
        import_problem(reason, None)
        return
    APP.save.id = None
    flow.enter_game(ses, watch)


def watch_import(state, seats, ui):
    """An imported record's replay from its first move (viewer.py). A finished
    game's replay closes onto its end screen; an unfinished one's back onto
    its import, which can then still be continued."""

    rec = to_record(state, seats)  # the file's moves, before a computer seat plays on
    back = ((state, seats, ui), APP.saves.ui)
    APP.saves.imported = None
    try:  # the session gets its own copy of the game: `state` stays as imported
        ses = APP.rulebook.from_state(replay(rec), seats, {})
        watch = APP.rulebook.watch(rec)
    except RecordError as e:
        import_problem(str(e.args[0] if e.args else e), None)
        return
    APP.save.id = None
    flow.enter_game(ses, watch)
    if state.phase != PHASE_END:
        APP.game.watch_back = back
        flow.show()


def import_problem(reason, text):
    reason = str(reason).rstrip(".")  # the sentence adds its own full stop
    APP.saves.bad_import = text
    APP.saves.imported = None
    APP.saves.ui = {
        "problem": {
            "text": _(
                "This file cannot be used: {reason}. Nothing was changed; you can start a new "
                "game.",
                reason=reason,
            ),
            "download": text is not None,
        }
    }
    render_saves()


def imported_text(text):
    fmt = other_format(text, tuple(APP.others))
    if fmt is not None:  # another game's record (issue 43): its page reads it
        APP.others[fmt].import_text(text)
        return
    try:
        state, seats, ui = read_import(text)
    except RecordError as e:
        import_problem(str(e.args[0] if e.args else e), text if isinstance(text, str) else None)
        return
    APP.saves.imported = (state, seats, ui)
    info = {"names": list(state.names), "finished": state.phase == PHASE_END, "round": state.round}
    APP.saves.ui = {"imported": info}
    render_saves()


def on_saves_change(event):
    target = event.target
    if target.getAttribute("id") != "import-file" or not target.files or target.files.length == 0:
        return
    file = target.files.item(0)
    if file.size > MAX_IMPORT_BYTES:  # never read (MicroPython ran out of memory, issue 25)
        import_problem("the file is too large to be a game record", None)
        return
    reader = window.FileReader.new()

    def loaded(*_a):
        imported_text(strict_text(reader.result))

    def failed(*_a):
        import_problem(_("the file could not be read"), None)

    listen(reader, "load", loaded)
    listen(reader, "error", failed)
    reader.readAsArrayBuffer(file)


def strict_text(buffer):
    """The file's bytes as text, as strictly as the command line decodes them
    (issue 25: readAsText had turned invalid UTF-8 in a name into U+FFFD).

    The browser decodes (a fatal TextDecoder's exception does not reach
    MicroPython's `except`), then the text is encoded again and compared
    with the bytes (indexedDB.cmp compares two byte arrays in one call):
    any difference means bytes that were not UTF-8. A NUL is refused before
    the text reaches Python (MicroPython's strings end at a NUL when they
    come from JavaScript), looked for in the bytes. Returns the text, or
    bytes that the reader refuses with its own message."""
    if int(window.Uint8Array.new(buffer).indexOf(0)) >= 0:
        return b"\x00"  # not valid JSON: read_import says so
    text = window.TextDecoder.new("utf-8", window.JSON.parse('{"ignoreBOM": true}')).decode(buffer)
    again = window.TextEncoder.new().encode(text)
    same = int(again.length) == int(buffer.byteLength)
    if same:
        try:
            same = int(window.indexedDB.cmp(window.Uint8Array.new(buffer), again)) == 0
        except Exception:  # no IndexedDB here: the lengths agreed
            pass
    if not same:
        return b"\xff"  # not UTF-8: read_import says so
    return str(text)


def take_newest():
    """Continue the game from what the other tab saved (or show its end)."""
    storage.forget_index()
    sid = APP.save.id
    index = storage.saves_index()
    if index.get(sid) is not None:
        resume(sid)
        return
    for f in index.history():
        if f["id"] == sid:
            APP.save.conflict = False
            watch_record(f["record"], True)
            APP.save.id = None
            return
    show_setup()  # deleted in the other tab


def on_storage(event):
    """Another tab wrote: re-read the list; if it saved newer moves of the
    game on screen, stop saving it here and say so."""
    key = py(event.key)
    if key is not None and not str(key).startswith("lostcode."):
        return
    storage.forget_index()
    if APP.game.session is None:
        if not by_id("setup").hidden:
            render_saves()
        return
    if APP.save.id is None or APP.save.conflict:
        return

    # forked: another tab's write at this tab's own revision replaced this
    # tab's (a race the save lock should prevent; if it ever happens, the tab
    # whose save is gone says so, issue 25).
    ses = APP.game.session
    if storage.went_on(ses) or storage.forked(ses):
        APP.save.conflict = True
        APP.rulebook.page.render_conflict()


def saves_boot():
    """Wire the saved-games section and the in-game "saved games" button."""
    box = by_id("saves")
    if box is None:
        return
    listen(box, "change", on_saves_change)
    listen(document, "lostcode-update", show_update_note)  # assets/pwa.js
    show_update_note()
    game = by_id("game")
    if document.querySelectorAll("#leave-game").length == 0:
        leave = el(
            "button",
            _("Exit to saved games"),  # it leaves the game (saved): say so (issue 22)
            "btn",
            {"type": "button", "id": "leave-game", "data-act": actions.NEW_GAME,
             "data-i18n": "saved-games"},
        )
        game.appendChild(leave)  # after the settings, where it is seen: the tab order is the eye's
    render_saves()


def close_watch():
    """The viewer closed: an unfinished import goes back to its entry in the
    saved games (continue it or not), anything else to its own screen."""
    back = APP.game.watch_back
    if back is None:
        APP.rulebook.page.on_watch(actions.WATCH_CLOSE)
        flow.show()
        return
    APP.game.watch = None
    APP.game.watch_back = None
    show_setup()
    APP.saves.imported, APP.saves.ui = back
    render_saves()


def free_done(arg):
    """Storage full: a finished game deleted to make room, and the game saved now."""
    storage.delete_slot(arg)
    APP.save.revision = -1
    APP.rulebook.page.save_game()


def _resume(act, arg):
    resume(arg)


def continue_import(act, arg):
    if APP.saves.imported is None:
        return
    state, seats, ui = APP.saves.imported
    APP.saves.imported = None
    try:
        ses = APP.rulebook.from_state(state, seats, ui)
    except RecordError as e:
        import_problem(str(e.args[0] if e.args else e), None)
        return
    storage.new_save_slot()
    flow.enter_game(ses)
    APP.rulebook.page.save_game()  # a new slot: saved from its first screen


def _ask_delete(act, arg):
    APP.saves.ui = {"confirm_delete": arg}
    render_saves()


def _delete(act, arg):
    storage.delete_slot(arg)
    APP.saves.ui = {}
    render_saves()


def _keep(act, arg):
    APP.saves.ui = {}
    render_saves()


def _rejected(arg):
    """The damaged save the list's button `arg` stands for, or None."""
    index = storage.saves_index()
    i = int(arg)
    return (index, i) if 0 <= i < len(index.rejected) else None


def _download_damaged(act, arg):
    found = _rejected(arg)
    if found is not None:
        entry = found[0].rejected[found[1]]
        # Stored as it is under its key: read whole by the browser (a NUL cuts
        # a string short on its way into MicroPython), else the text we hold.
        key = entry.get("key")
        stored = None
        if key and (entry["raw"] is None or not str(key).startswith(REJECTED)):
            stored = py(window.lostcodeStoredBlob(key))  # raw None: too large, never read
        download("lostcode-damaged-save.json", entry["raw"] or "", stored)


def _dismiss_damaged(act, arg):
    found = _rejected(arg)
    if found is not None:
        index, i = found
        key = index.rejected[i].get("key")
        if key:
            storage.ls_remove(key)
        index.dismiss_rejected(i)
    render_saves()


def _download_import(act, arg):
    if APP.saves.bad_import is not None:
        download("lostcode-damaged-record.json", APP.saves.bad_import)


def _focus_new_game(act, arg):
    by_id("name-1").focus()


def _finished(arg):
    for f in storage.saves_index().history():
        if f["id"] == arg:
            return f
    return None


def _watch_history(act, arg):
    f = _finished(arg)
    if f is None:
        return
    way = APP.others.get(f["record"].get("format")) if isinstance(f["record"], dict) else None
    if way is not None:  # another game's finished game (issue 43): its page replays it
        way.watch(f["record"])
        return
    watch_record(f["record"], True)


def _download_history(act, arg):
    f = _finished(arg)
    if f is not None:
        download(record_filename(f["names"], f["finished"]), dumps(f["record"]))


def _watch_import(act, arg):
    if APP.saves.imported is not None:
        watch_import(*APP.saves.imported)


# actions.SAVES_PAGE -> handler(act, arg), looked up by main.dispatch (issue 38:
# one dispatcher, one handler shape; a handler redraws the list itself).
HANDLERS = {
    actions.RESUME: _resume,
    actions.CONTINUE_IMPORT: continue_import,
    actions.DELETE: _ask_delete,
    actions.DELETE_YES: _delete,
    actions.DELETE_DONE: _delete,
    actions.DELETE_NO: _keep,
    actions.DOWNLOAD_DAMAGED: _download_damaged,
    actions.DISMISS_DAMAGED: _dismiss_damaged,
    actions.DOWNLOAD_IMPORT: _download_import,
    actions.FOCUS_NEW_GAME: _focus_new_game,
    actions.WATCH_HISTORY: _watch_history,
    actions.DOWNLOAD_HISTORY: _download_history,
    actions.WATCH_IMPORT: _watch_import,
}
