"""localStorage for the page: one key per saved game (slots.py), written only
after an action changed the game (its session's revision), never from drawing.

Pure decisions (which revision wins, what a slot holds) are in slots.py and
persist.py; here only reading and writing the browser's storage.
"""

from pyscript import window

from lostcode.web.saves.persist import reject, store
from lostcode.web.saves.slots import (
    OLD_DAMAGED_KEY,
    OLD_KEY,
    REJECTED,
    Oversized,
    decide,
    done_key,
    game_key,
    index_from_items,
    migrate,
    newer_moves,
    read_limit,
    rejected_key,
    rejected_text,
    sizes,
    slot_text,
)
from lostcode.web.shell.app import APP, guarded, keep, log_error
from lostcode.web.shell.dom import ROOT, create_proxy, py
from lostcode.web.shell.i18n import get_language


def now_iso():
    return str(window.Date.new().toISOString())


def ls_get(key):
    try:
        value = window.localStorage.getItem(key)
    except Exception:
        return None
    return value if isinstance(value, str) else None


def ls_set(key, text):
    """True only if `text` is now stored under `key`: read back, because a
    refused write (quota) does not raise on every runtime (issue 12)."""
    try:
        writer = py(window.lostcodeStore)  # assets/boot.js: catches in JavaScript
    except Exception:
        writer = None
    try:
        if writer is not None:
            return bool(writer(key, text))
        window.localStorage.setItem(key, text)
    except Exception as e:  # blocked storage, quota: the game goes on unsaved
        log_error("could not write localStorage", e)
        return False
    return ls_get(key) == text


def ls_remove(key):
    try:
        window.localStorage.removeItem(key)
    except Exception:
        pass


def ls_read(key, limit):
    """The stored text of `key` whole, None if there is none, or Oversized when
    it is longer than `limit` (measured by the browser, never read: issue 25,
    MicroPython gave up on a 5 MB saved game with no word). The browser
    counts UTF-16 units, never more than the UTF-8 bytes the one reader
    counts (jsonlimits): this refuses only text too large in bytes too, and
    the reader decides the rest the same way on every runtime. Text holding a
    NUL is read in pieces (it ends at the NUL on its way into MicroPython),
    so every runtime reads, and refuses, the same text."""
    try:
        size = int(window.lostcodeStoredSize(key))
    except Exception:
        return ls_get(key)
    if size < 0:
        return None
    if size > limit:
        return Oversized(size)
    text = ls_get(key)
    if text is not None and len(text) == size:
        return text
    try:  # cut at a NUL, or characters JavaScript counts twice: read in pieces
        pieces = py(window.lostcodeStoredPieces(key))
        if pieces is None:
            return None
        return "\x00".join(str(pieces[i]) for i in range(int(pieces.length)))
    except Exception:
        return text


def ls_items():
    """Every (key, text) of this page in localStorage (keys "lostcode.*"),
    text too long for its key as Oversized (slots.read_limit)."""
    out = []
    try:
        store = window.localStorage
        keys = [py(store.key(i)) for i in range(int(store.length))]
    except Exception:
        return out
    for k in keys:
        if k is not None and str(k).startswith("lostcode."):
            v = ls_read(str(k), read_limit(str(k)))
            if v is not None:
                out.append((str(k), v))
    return out


def storage_get(key):
    """A setting's text, or None (storage missing, blocked or empty)."""
    return ls_get(key) or None


def storage_set(key, value):
    """A setting remembered if the browser lets us (its failure costs nothing):
    True if it is stored. Written as a saved game is (ls_set: assets/boot.js
    catches the refusal in JavaScript), because on MicroPython the quota error
    of `setItem` was not caught here and stopped Play with no word (issue 44)."""
    return ls_set(key, value)


def copy_stored(src, dst):
    """True once `dst` holds exactly the text of `src` (never written over other text)."""
    try:
        return bool(window.lostcodeStoredCopy(src, dst))
    except Exception:
        return False


def migrate_old_list():
    """The old single saves list (before issue 12) split into one key per game;
    removed only once every part of it is written."""

    old = ls_read(OLD_KEY, read_limit(OLD_KEY))
    if old is None:
        return
    present = [k for k, _v in ls_items() if k != OLD_KEY]
    writes, rejected, damaged = migrate(old, present)
    ok = True
    for key, text in writes:
        ok = ls_set(key, text) and ok
    n = 0
    for r in rejected:
        while rejected_key(n) in present:
            n += 1
        ok = ls_set(rejected_key(n), rejected_text(r)) and ok
        n += 1
    if damaged is not None:  # copied by the browser, whole (issue 25: a NUL cut it here)
        ok = (copy_stored(OLD_KEY, OLD_DAMAGED_KEY)
              or copy_stored(OLD_KEY, OLD_DAMAGED_KEY + "." + now_iso())) and ok
    if ok:
        ls_remove(OLD_KEY)


def saves_index():
    """The saved games as stored now: one key per game (lostcode/web/saves/slots.py).

    Read again after any other tab wrote (the `storage` event clears it)."""

    if APP.saves.index is None:
        migrate_old_list()
        items = ls_items()
        index, revs = index_from_items(items)
        APP.saves.index = index
        APP.saves.revs = revs
        APP.saves.sizes = sizes(items)
    return APP.saves.index


def forget_index():
    APP.saves.index = None


SAVED = "saved"
FAILED = "failed"  # the browser refused the write (storage full or blocked)
CONFLICT = "conflict"  # another tab saved newer moves of this game: never roll it back


def autosave(ses):
    """The game on screen saved as it is now under its own key, unless another
    tab saved a newer revision of it: SAVED, FAILED or CONFLICT."""
    slot = APP.save
    sid = slot.id
    gkey, dkey = game_key(sid), done_key(sid)
    finished = ses.is_over()
    key = dkey if finished else gkey
    moves = ses.record()["actions"]
    verdict, rev = decide(ls_get(key), slot.rev, moves)
    if verdict == "newer" or (not finished and newer_moves(ls_get(dkey), -1, moves)):
        slot.conflict = True
        return CONFLICT
    index = saves_index()
    entry = store(
        index, ses, sid, now_iso(), slot.created, {"lang": get_language()}, APP.rulebook.to_save
    )
    if not finished:
        entry = index.games[sid]
    text = slot_text(entry, rev)
    if not ls_set(key, text):
        slot.failed = now_iso()
        forget_index()  # issue 25: the list shows what is stored, not this unsaved state
        return FAILED
    slot.rev = rev
    slot.revision = ses.revision
    slot.failed = None
    APP.saves.revs[key] = rev
    APP.saves.sizes[key] = len(text)
    if finished:
        ls_remove(gkey)
        kept = [done_key(f["id"]) for f in index.history()]
        for k in list(APP.saves.revs):
            if k.startswith(done_key("")) and k not in kept:  # past the history's cap
                ls_remove(k)
                del APP.saves.revs[k]
    return SAVED


LOCK = "lostcode.save."  # + the game's id: the Web Locks name of one game's saves


def went_on(ses):
    """Did another tab save moves of this game that this tab does not have?"""
    sid = APP.save.id
    moves = ses.record()["actions"]
    return any(newer_moves(ls_get(k), APP.save.rev, moves) for k in (game_key(sid), done_key(sid)))


def forked(ses):
    """Another tab wrote this game at this tab's own revision with other moves
    (its write raced ours and replaced it): this tab's copy is not the game."""
    sid = APP.save.id
    moves = ses.record()["actions"]
    return any(
        newer_moves(ls_get(k), APP.save.rev - 1, moves) for k in (game_key(sid), done_key(sid))
    )


def locked(fn):
    """Issue 25, saves as a compare-and-set: `fn` (read the stored revision,
    check that no other tab went on, write) runs holding this game's lock of
    the Web Locks API, which holds across the tabs of this origin, so two tabs
    can never both write from the same stored revision. Without Web Locks
    (old browsers) it runs at once. One call waits at a time: `fn` saves the
    game as it is when the lock is granted, so a later call adds nothing."""
    if APP.save.queued is not None:
        return
    try:
        locks = py(window.navigator.locks)
    except Exception:
        locks = None
    if locks is None or APP.save.id is None:
        fn()
        return
    APP.save.queued = fn
    ROOT.setAttribute("data-saving", "")  # a write waits for its lock (tests wait on it)
    if APP.save.lock_proxy is None:
        APP.save.lock_proxy = keep(create_proxy(guarded(run_locked)))
    try:
        locks.request(LOCK + APP.save.id, APP.save.lock_proxy)
    except Exception as e:  # a browser that refuses the lock: write unlocked
        log_error("Web Locks refused", e)
        run_locked()


def run_locked(*_a):
    """The lock is held (released when this returns): the waiting save runs
    (also called at once on pagehide, so a page left within a moment of a
    move does not drop its save)."""
    fn = APP.save.queued
    APP.save.queued = None
    try:
        if fn is not None:
            fn()
    finally:
        ROOT.removeAttribute("data-saving")


def keep_storage():
    """Ask the browser not to evict saved games (phones clear storage under pressure)."""
    try:
        st = py(window.navigator.storage)
        if st is not None and py(st.persist) is not None:
            st.persist()
    except Exception:
        pass


def new_save_slot():
    now = now_iso()
    rnd = int(window.Math.floor(window.Math.random() * 1000000))
    APP.save.id = "g" + str(int(window.Date.now())) + "-" + str(rnd)
    APP.save.created = now
    APP.save.rev = 0
    APP.save.conflict = False
    APP.save.failed = None
    APP.save.revision = -1  # written at once: a new game is saved from its first screen


def set_aside(index, save_id, reason):
    """A save that cannot be replayed: kept under a "rejected" key for download."""

    reject(index, save_id, reason)
    r = index.rejected[-1]
    key = REJECTED + save_id
    if ls_set(key, rejected_text(r)):
        ls_remove(game_key(save_id))
        r["key"] = key
    else:
        r["key"] = game_key(save_id)


def delete_slot(save_id):
    ls_remove(game_key(save_id))
    ls_remove(done_key(save_id))
    forget_index()
