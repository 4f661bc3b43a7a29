"""Saved games in browser storage, one key per game, with revision numbers
(issue 12).

The first web edition kept every game in one localStorage key and each tab
wrote its whole copy back after every move: a second tab silently erased the
games the first one did not know about, or rolled a shared game back. Now:

- each game in progress lives under `lostcode.game.<id>`, each finished one
  under `lostcode.done.<id>`, as a *slot*: {"format": "lostcode-slot",
  "version": 1, "rev": n, "entry": ...} where the entry is a saves.SaveIndex
  entry ({"summary", "save"} or a finished game);
- a tab writes a slot only if the stored revision is not newer than the one
  it last read or wrote (`decide`), so a game that went on in another tab is
  never rolled back; the page then offers to continue from the newest;
- the old single list (`lostcode.saves`) is split into slots once
  (`migrate`) and every save format it held still loads;
- anything unreadable becomes a `rejected` entry carrying its key, kept in
  storage until the player discards it.

Pure Python: storage.py does the reads and writes, savespage.py the `storage` event.
"""

from json import dumps as json_dumps

from ...rules.errors import RecordError
from ...services.jsonlimits import MAX_CHARS, loads_limited, too_large
from ...services.saves import INDEX_FORMAT, SaveIndex

OLD_KEY = "lostcode.saves"
OLD_DAMAGED_KEY = "lostcode.saves.damaged"  # the old list's unreadable text, as it was
GAME = "lostcode.game."
DONE = "lostcode.done."
REJECTED = "lostcode.rejected."
FORMAT = "lostcode-slot"
VERSION = 1
# A slot larger than this is not read (a record of a whole game is ~10-30 kB).
MAX_SLOT_CHARS = 400000  # a record and the page's part; checking 2 MB took MicroPython ~20 s


class Oversized:
    """Stored text longer than its key's limit, measured and never read (issue
    25: MicroPython gave up on a 5 MB saved game with no word while Pyodide
    flagged it). It stays in storage; its download is read by the browser."""

    __slots__ = ("chars",)

    def __init__(self, chars):
        self.chars = chars


def read_limit(key):
    """How many characters of a stored key are read at most: a slot's or a
    kept entry's limit, the one reader's for the old saves list."""
    return MAX_CHARS if key == OLD_KEY else MAX_SLOT_CHARS


def game_key(save_id):
    return GAME + save_id


def done_key(save_id):
    return DONE + save_id


def is_slot_key(key):
    return isinstance(key, str) and (key.startswith(GAME) or key.startswith(DONE))


def slot_text(entry, rev):
    return json_dumps({"format": FORMAT, "version": VERSION, "rev": rev, "entry": entry})


def read_slot(text):
    """(rev, entry) of a slot's stored text; RecordError if it is damaged."""
    data = loads_limited(text, MAX_SLOT_CHARS, "saved game")
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError("this is not a saved game of this page")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise RecordError("the saved game has no valid version number")
    if version > VERSION:
        raise RecordError("this saved game was written by a newer version of the page")
    rev = data.get("rev")
    if not isinstance(rev, int) or isinstance(rev, bool) or rev < 0:
        raise RecordError("the saved game has no valid revision number")
    entry = data.get("entry")
    if not isinstance(entry, dict):
        raise RecordError("the saved game is empty")
    return rev, entry


def stored_rev(text):
    """The revision of a slot's stored text: -1 if there is none, None if damaged."""
    if text is None:
        return -1
    try:
        return read_slot(text)[0]
    except RecordError:
        return None


def decide(stored_text, known_rev, actions=None):
    """May a tab that last read or wrote `known_rev` write this slot now?

    ("write", new_rev), or ("newer", stored_rev) if another tab saved moves
    this tab does not have (the page must not overwrite them). A newer
    revision with the same moves (another tab only opened the game or
    changed its notes) or with fewer of them is written over: no move is
    lost. A damaged or missing slot is written over too (its damage was set
    aside when it was read). `actions`: this tab's record actions.
    """
    if stored_text is None:
        return "write", max(known_rev, 0) + 1
    try:
        rev, entry = read_slot(stored_text)
    except RecordError:
        return "write", max(known_rev, 0) + 1
    if rev > known_rev:
        theirs = slot_actions(entry)
        if actions is None or theirs is None or not _is_prefix(theirs, actions):
            return "newer", rev
    return "write", max(rev, known_rev) + 1


def slot_actions(entry):
    """The record actions in a slot's entry (a game or a finished one), or None."""
    try:
        rec = entry["save"]["record"] if "save" in entry else entry["record"]
        actions = rec["actions"]
        return actions if isinstance(actions, list) else None
    except Exception:
        return None


def _is_prefix(short, long):
    return len(short) <= len(long) and list(long[: len(short)]) == list(short)


def newer_moves(stored_text, known_rev, actions):
    """Did another tab save moves this tab does not have? (the `storage` event)"""
    return decide(stored_text, known_rev, actions)[0] == "newer"


def index_from_items(items, others=()):
    """A SaveIndex (plus {key: rev}) from every (key, text) of storage;
    `others`: the save formats of the other games the page plays (issue 43).

    Unreadable slots become `rejected` entries with their key; the index's
    `rejected` entries are plain dicts {"id", "reason", "raw", "key"}.
    """
    games, finished, rejected, revs = [], [], [], {}
    for key, text in sorted(items):
        if key.startswith(OLD_DAMAGED_KEY):  # the old list, unreadable, kept as it was
            reason = "the saved-games list could not be read"
            raw = None if isinstance(text, Oversized) else text
            rejected.append({"id": None, "reason": reason, "raw": raw, "key": key})
            continue
        if key.startswith(REJECTED):
            rejected.append(_kept_rejected(key, text))
            continue
        if not is_slot_key(key):
            continue
        if isinstance(text, Oversized):  # raw None: downloaded from storage, whole
            reason = "this saved game cannot be read: " + too_large("saved game", MAX_SLOT_CHARS)
            rejected.append({"id": None, "reason": reason, "raw": None, "key": key})
            continue
        try:
            rev, entry = read_slot(text)
        except RecordError as e:
            reason = "this saved game cannot be read: " + str(e.args[0] if e.args else e)
            rejected.append({"id": None, "reason": reason, "raw": text, "key": key})
            continue
        is_game = key.startswith(GAME)
        one = SaveIndex.from_json(
            {
                "format": INDEX_FORMAT,
                "version": 1,
                "games": [entry] if is_game else [],
                "finished": [] if is_game else [entry],
            },
            others=others,
        )
        ids = list(one.games) if is_game else [f["id"] for f in one.finished]
        if one.rejected or ids != [key[len(GAME if is_game else DONE) :]]:
            reason = one.rejected[0]["reason"] if one.rejected else "its name does not match"
            rejected.append({"id": None, "reason": reason, "raw": text, "key": key})
            continue
        revs[key] = rev
        (games if is_game else finished).append(entry)
    index = SaveIndex.from_json(
        {"format": INDEX_FORMAT, "version": 1, "games": games, "finished": finished},
        others=others,
    )
    index.rejected.extend(rejected)
    return index, revs


def migrate(old_text, present_keys):
    """Split the old single list into slots.

    Returns (writes, rejected, damaged): writes = [(key, text)] for slots not
    yet in storage (`present_keys`), rejected = the old list's unreadable
    entries (to be kept), damaged = the old text itself if it could not be
    read whole (issue 44: its games not a list, say; copied aside to
    OLD_DAMAGED_KEY while what it holds that can be read is written), else None. Oversized text
    is not read: it is damaged as a whole.
    """
    if isinstance(old_text, Oversized):  # never read: kept whole, as damaged
        return [], [], old_text
    old = SaveIndex.from_json(old_text)
    writes = []
    for save_id in sorted(old.games):
        key = game_key(save_id)
        if key not in present_keys:
            writes.append((key, slot_text(old.games[save_id], 1)))
    for f in old.finished:
        key = done_key(f["id"])
        if key not in present_keys:
            writes.append((key, slot_text(f, 1)))
    damaged = None
    rejected = []
    for r in old.rejected:
        if r.get("id") is None and r.get("raw") == old_text:
            damaged = old_text
        else:
            rejected.append(r)
    return writes, rejected, damaged


def rejected_key(n):
    """Where a rejected entry of the old list is kept (one key each)."""
    return REJECTED + str(n)


def rejected_text(r):
    return json_dumps({"id": r.get("id"), "reason": r.get("reason", ""), "raw": r.get("raw", "")})


def _kept_rejected(key, text):
    if isinstance(text, Oversized):
        return {"id": None, "reason": "saved data is damaged", "raw": None, "key": key}
    try:
        r = loads_limited(text, MAX_SLOT_CHARS, "kept data")
        if isinstance(r, dict) and isinstance(r.get("raw"), str):
            i = r.get("id") if isinstance(r.get("id"), str) else None
            reason = str(r.get("reason", ""))[:300]
            return {"id": i, "reason": reason, "raw": r["raw"], "key": key}
    except RecordError:
        pass
    return {"id": None, "reason": "saved data is damaged", "raw": text, "key": key}


def sizes(items):
    """{key: characters} of the page's stored slots, to show what deleting frees."""
    out = {}
    for key, text in items:
        if is_slot_key(key) and isinstance(text, str):
            out[key] = len(text)
        elif is_slot_key(key) and isinstance(text, Oversized):
            out[key] = text.chars
    return out


def size_label(chars):
    """About how much storage a text takes (browsers count UTF-16: 2 bytes a character)."""
    kb = (2 * chars + 1023) // 1024
    return str(kb) + " kB"
