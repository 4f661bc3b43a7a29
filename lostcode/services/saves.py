"""Saved games: one game in progress as versioned JSON, and an index of them.

A save wraps the game record (lostcode.services.record), so a reload replays the
actions from the seed and gets back the exact state; nothing secret is stored
twice. The "ui" part is free-form JSON the page owns (sheets, acknowledged
checks, notices, settings: lostcode/web/game/saving.session_ui); where a reload
opens is decided from the replayed state, never from it. Times are ISO
strings the caller passes in: no clock in here keeps the module pure and the
tests deterministic.

Everything that reads stored data raises only RecordError (or, for the index,
reports a `rejected` entry), because stored data outlives versions, browsers
and hand edits, and the UI needs one thing to catch and a sentence to show.
"""

from json import dumps as json_dumps
from json import loads as json_loads

from ..rules.errors import RecordError
from ..rules.vocab import HUMAN, SEAT_KINDS
from .jsonlimits import loads_limited
from .record import FORMAT as RECORD_FORMAT
from .record import json_object, parse, replay, to_record, version_of

FORMAT = "lostcode-save"
VERSION = 1
INDEX_FORMAT = "lostcode-saves"
INDEX_VERSION = 1
HISTORY_CAP = 20


def make_save(state, seats, ui, save_id, now, created=None) -> dict:
    """A save of `state` as plain JSON-ready data.

    `now` (ISO string) becomes "updated", and "created" too unless the
    caller passes the original `created` of the save it replaces. `ui` is
    copied through JSON so the save never shares objects with the live page
    and anything not JSON-able fails here, at saving, not at loading.
    """
    if not isinstance(save_id, str) or not save_id:
        raise ValueError("a save needs a non-empty string id")
    if not isinstance(now, str):
        raise ValueError("'now' must be an ISO date-time string")
    seats = _check_seats(list(seats), len(state.names), ValueError)
    ui = {} if ui is None else ui
    if not isinstance(ui, dict):
        raise ValueError("'ui' must be a dict")
    return {
        "format": FORMAT,
        "version": VERSION,
        "id": save_id,
        "created": created if isinstance(created, str) else now,
        "updated": now,
        "record": to_record(state, seats),
        "seats": seats,
        "ui": json_loads(json_dumps(ui)),
    }


def dumps(save: dict) -> str:
    return json_dumps(save)


def check_save(data) -> dict:
    """The save as a dict with its shape checked, without replaying it.

    Cheap (for listing many saves); load_save does the full check.
    Raises RecordError only.
    """
    try:
        return _check(data)
    except RecordError:
        raise
    except Exception:
        raise RecordError("the saved game is damaged and cannot be read") from None


def load_save(data):
    """(state, seats, ui) from a save (str, bytes or dict); RecordError otherwise.

    A bare game record is accepted too (ui {}), so a downloaded record can be
    continued like a save.
    """
    try:
        save = _check(data)
        state = replay(save["record"])
        if len(save["seats"]) != len(state.names):
            raise RecordError("the save's seats do not match its players")
        return state, list(save["seats"]), save["ui"]
    except RecordError:
        raise
    except Exception:  # anything else (deep nesting, memory, ...) is damage too
        raise RecordError("the saved game is damaged and cannot be replayed") from None


def _check(data) -> dict:
    data = json_object(data, "a saved game", "saved game")
    fmt = data.get("format")
    if fmt == RECORD_FORMAT:
        players = data.get("players")
        kinds = []
        if isinstance(players, list):
            for p in players:
                kinds.append(p.get("kind", HUMAN) if isinstance(p, dict) else HUMAN)
        return {
            "format": FORMAT,
            "version": VERSION,
            "id": "",
            "created": "",
            "updated": "",
            "record": data,
            "seats": kinds,
            "ui": {},
        }
    if fmt != FORMAT:
        raise RecordError('this is not a Lost Code saved game (no "format": "' + FORMAT + '")')
    version = version_of(
        data,
        VERSION,
        "the saved game has no version number",
        "this game was saved by a newer version of the game (save format {version}); "
        "this version reads format {newest}. Update the page and try again.",
    )
    if version < 1:
        raise RecordError("unknown save format version " + str(version)[:12])
    for key in ("id", "created", "updated"):
        if not isinstance(data.get(key), str):
            raise RecordError("the saved game has no valid '" + key + "'")
    if not isinstance(data.get("record"), dict):
        raise RecordError("the saved game has no game record in it")
    seats = data.get("seats")
    if not isinstance(seats, list):
        raise RecordError("the saved game does not say who plays each seat")
    _check_seats(seats, len(seats), RecordError)
    ui = data.get("ui", {})
    if not isinstance(ui, dict):
        raise RecordError("the saved game's screen data is damaged")
    out = dict(data)
    out["ui"] = ui
    return out


def _check_seats(seats, n, error):
    if len(seats) != n:
        raise error("there must be one seat kind per player")
    for k in seats:
        if k not in SEAT_KINDS:
            raise error(
                "unknown seat kind " + _short(k) + " (expected " + ", ".join(SEAT_KINDS) + ")"
            )
    return seats


def summary(state, save: dict) -> dict:
    """One line of the saved-games list (no secrets: names, round, phase)."""
    return {
        "id": save["id"],
        "names": list(state.names),
        "round": state.round,
        "rounds": state.options.rounds,
        "phase": state.phase,
        "to_act": state.to_act,
        "scores": list(state.scores),
        "created": save["created"],
        "updated": save["updated"],
    }


# Another game's save (issue 43: the shell's saves serve every game it
# plays) is the same envelope under that game's own "format": id, times, its
# record, seats and ui. The index checks only its shape (the game's modules
# may not be loaded yet: the second game loads when chosen) and its summary,
# which that game wrote; the game replays it when it is resumed.
_OTHER_SUMMARY_TYPES = (
    ("id", str),
    ("game", str),
    ("names", list),
    ("turn", int),
    ("created", str),
    ("updated", str),
)


def check_other(data, formats) -> dict:
    """Another game's save (its "format" one of `formats`) with its envelope
    checked, not replayed; RecordError otherwise."""
    if not isinstance(data, dict) or data.get("format") not in formats:
        raise RecordError("this is not a saved game of a game this page plays")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise RecordError("the saved game has no valid version number")
    for key in ("id", "created", "updated"):
        if not isinstance(data.get(key), str):
            raise RecordError("the saved game has no valid '" + key + "'")
    if not isinstance(data.get("record"), dict) or not isinstance(data.get("seats"), list):
        raise RecordError("the saved game has no game record in it")
    if not isinstance(data.get("ui", {}), dict):
        raise RecordError("the saved game's screen data is damaged")
    return data


def check_other_record(rec, formats) -> dict:
    """Another game's finished record (its "format" one of `formats`, issue
    43) with its shape checked, not replayed (its game's page replays it
    when it is watched, and says why if it cannot); RecordError otherwise."""
    if not isinstance(rec, dict) or rec.get("format") not in formats:
        raise RecordError("this is not a game record of a game this page plays")
    version = rec.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise RecordError("the record has no valid version number")
    seed = rec.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RecordError("the record has no seed")
    for key in ("players", "actions"):
        if not isinstance(rec.get(key), list):
            raise RecordError("the record has no " + key)
    if not isinstance(rec.get("options"), dict):
        raise RecordError("the record has no options")
    return rec


def check_other_summary(s, save) -> dict:
    """The list's line of another game's save, as that game wrote it."""
    if not isinstance(s, dict):
        raise RecordError("its summary is damaged")
    for key, typ in _OTHER_SUMMARY_TYPES:
        if not isinstance(s.get(key), typ) or isinstance(s.get(key), bool):
            raise RecordError("its summary is damaged")
    if s["game"] != save["format"] or s["id"] != save["id"]:
        raise RecordError("its summary is damaged")
    return s


_SUMMARY_TYPES = (
    ("id", str),
    ("names", list),
    ("round", int),
    ("rounds", int),
    ("phase", str),
    ("scores", list),
    ("created", str),
    ("updated", str),
)



def _newest_first(rows: list, key: str) -> list:
    """`rows` by `key`, newest first, equal keys kept in their order. MicroPython's
    sort is not stable (CPython's is), so the position breaks ties explicitly and
    both runtimes list the same order."""
    order = sorted(range(len(rows)), key=lambda i: (rows[i][key], -i), reverse=True)
    return [rows[i] for i in order]

class SaveIndex:
    """Several saved games in progress plus a capped history of finished ones.

    Serialises to one JSON text (e.g. one localStorage key). Entries that
    cannot be read are never dropped silently: they go to `rejected` as
    {"id", "reason", "raw"} (raw = the entry's JSON text, for a download)
    and are written back by to_json until the UI calls dismiss_rejected.
    Lists are kept sorted explicitly: no reliance on dict order.
    """

    __slots__ = ("games", "finished", "rejected", "cap", "others")

    def __init__(self, cap: int = HISTORY_CAP, others: tuple = ()):
        self.games = {}  # id -> {"summary": dict, "save": dict}
        self.finished = []  # newest first: {"id", "names", "scores", "finished", "record"}
        self.rejected = []
        self.cap = cap
        self.others = tuple(others)  # the save formats of the other games played (issue 43)

    # -- games in progress -------------------------------------------------
    def put(self, save: dict, state=None) -> dict:
        """Add or replace a save (by id); returns its summary.

        Pass the live `state` to skip a replay; otherwise the save is replayed
        (which also validates it; RecordError if it is bad).
        """
        if state is None:
            state = load_save(save)[0]
        else:
            save = check_save(save)
        entry = {"summary": summary(state, save), "save": save}
        self.games[save["id"]] = entry
        return entry["summary"]

    def put_other(self, entry: dict) -> dict:
        """Add or replace another game's save ({"summary", "save"}, its summary
        written by that game); RecordError if its shape is wrong."""
        save = check_other(entry.get("save") if isinstance(entry, dict) else None, self.others)
        summary = check_other_summary(entry.get("summary"), save)
        self.games[save["id"]] = {"summary": summary, "save": save}
        return summary

    def get(self, save_id: str):
        """The save dict for `save_id`, or None; feed it to load_save."""
        entry = self.games.get(save_id)
        return entry["save"] if entry is not None else None

    def delete(self, save_id: str) -> bool:
        if save_id in self.games:
            del self.games[save_id]
            return True
        return False

    def listing(self) -> list:
        """Summaries, most recently updated first (ties by id)."""
        rows = [e["summary"] for e in self.games.values()]
        rows.sort(key=lambda r: r["id"])
        return _newest_first(rows, "updated")

    # -- finished games ----------------------------------------------------
    def finish(self, save_id: str, state, seats, now: str) -> dict:
        """Move a game to the history (keeping its record), capped at `cap`."""
        self.delete(save_id)
        entry = {
            "id": save_id,
            "names": list(state.names),
            "scores": list(state.scores),
            "finished": now,
            "record": to_record(state, list(seats)),
        }
        self.finished = [f for f in self.finished if f["id"] != save_id]
        self.finished.insert(0, entry)
        self.finished = _newest_first(self.finished, "finished")
        del self.finished[self.cap :]
        return entry

    def finish_other(self, entry: dict) -> dict:
        """Another game's finished game into the history ({"id", "names",
        "scores", "finished", "record"}, written by that game), capped as
        `finish`; RecordError if its shape is wrong."""
        if not isinstance(entry, dict) or not isinstance(entry.get("id"), str):
            raise RecordError("a finished game needs an id")
        if not isinstance(entry.get("finished"), str):
            raise RecordError("a finished game needs its date")
        if not isinstance(entry.get("names"), list) or not isinstance(entry.get("scores"), list):
            raise RecordError("its names or scores are damaged")
        check_other_record(entry.get("record"), self.others)
        self.delete(entry["id"])
        self.finished = [f for f in self.finished if f["id"] != entry["id"]]
        self.finished.insert(0, entry)
        self.finished = _newest_first(self.finished, "finished")
        del self.finished[self.cap :]
        return entry

    def history(self) -> list:
        return list(self.finished)

    def forget_finished(self, save_id: str) -> bool:
        before = len(self.finished)
        self.finished = [f for f in self.finished if f["id"] != save_id]
        return len(self.finished) != before

    def dismiss_rejected(self, i: int) -> None:
        """Forget one rejected entry (after the user downloaded or declined it)."""
        if 0 <= i < len(self.rejected):
            del self.rejected[i]

    # -- JSON --------------------------------------------------------------
    def to_json(self) -> str:
        games = [self.games[k] for k in sorted(self.games.keys())]
        return json_dumps(
            {
                "format": INDEX_FORMAT,
                "version": INDEX_VERSION,
                "cap": self.cap,
                "games": games,
                "finished": self.finished,
                "rejected": self.rejected,
            }
        )

    @classmethod
    def from_json(cls, text, cap: int = HISTORY_CAP, others: tuple = ()) -> "SaveIndex":
        """Never raises: unreadable parts end up in `rejected`. `others`: the
        save formats of the other games this page plays, listed too."""
        index = cls(cap, others)
        try:
            index._read(text)
        except Exception as e:
            index.games = {}
            index.finished = []
            reason = "the saved-games list is damaged"
            if isinstance(e, RecordError) and e.args:
                reason = str(e.args[0])
            index.rejected = [_rejected(None, reason, text)]
        return index

    def _read(self, text):
        if text is None or text == "":
            return
        data = loads_limited(text, what="saved-games list")  # the one reader's limits (issue 25)
        if not isinstance(data, dict) or data.get("format") != INDEX_FORMAT:
            raise ValueError("not an index")
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            self.rejected.append(
                _rejected(None, "the saved-games list has no valid version number", text)
            )
            return
        if version > INDEX_VERSION:
            self.rejected.append(
                _rejected(None, "the saved-games list was written by a newer version", text)
            )
            return
        for key in ("games", "finished", "rejected"):
            if key in data and not isinstance(data[key], list):
                # Issue 44: {"games": {"a": 1}} or "games": "x" had been read as no
                # games and the list deleted: the whole text is kept aside instead
                # (whatever else it holds is still read and listed).
                self.rejected.append(
                    _rejected(None, "the saved-games list is damaged (its " + key + ")", text)
                )
        for raw in _as_list(data.get("rejected")):
            if isinstance(raw, dict) and isinstance(raw.get("raw"), str):
                self.rejected.append(
                    _rejected(raw.get("id"), str(raw.get("reason", "unreadable"))[:200], raw["raw"])
                )
            else:  # kept data that is itself damaged: kept as it is, never dropped
                self.rejected.append(_rejected(_id_of(raw), "saved data is damaged", raw))
        for e in _as_list(data.get("games")):
            try:
                if isinstance(e["save"], dict) and e["save"].get("format") in self.others:
                    if e["save"].get("id") in self.games:
                        raise RecordError("its id is missing or repeated")
                    self.put_other(e)
                    continue
                save = check_save(e["save"])
                s = e["summary"]
                for key, typ in _SUMMARY_TYPES:
                    if not isinstance(s[key], typ):
                        raise RecordError("its summary is damaged")
                if s["id"] != save["id"] or save["id"] in self.games:
                    raise RecordError("its id is missing or repeated")
                self.games[save["id"]] = {"summary": s, "save": save}
            except Exception as err:
                self.rejected.append(_rejected(_id_of(e), _reason(err, "saved game"), e))
        for f in _as_list(data.get("finished")):
            try:
                if not isinstance(f["id"], str) or not isinstance(f["finished"], str):
                    raise RecordError("it has no id or date")
                if not isinstance(f["names"], list) or not isinstance(f["scores"], list):
                    raise RecordError("its names or scores are damaged")
                rec = f["record"]
                if isinstance(rec, dict) and rec.get("format") in self.others:
                    check_other_record(rec, self.others)  # another game's (issue 43)
                else:
                    parse(rec)
                self.finished.append(f)
            except Exception as err:
                self.rejected.append(_rejected(_id_of(f), _reason(err, "finished game"), f))
        self.finished = _newest_first(self.finished, "finished")
        del self.finished[self.cap :]


def _as_list(x) -> list:
    return x if isinstance(x, list) else []


def _id_of(e):
    if isinstance(e, dict):
        i = e.get("id")
        if not isinstance(i, str) and isinstance(e.get("save"), dict):
            i = e["save"].get("id")
        if isinstance(i, str):
            return i[:200]
    return None


def _reason(err, what) -> str:
    if isinstance(err, RecordError) and err.args:
        return "this " + what + " cannot be read: " + str(err.args[0])
    return "this " + what + " cannot be read: it is damaged"


def _rejected(entry_id, reason, raw) -> dict:
    if not isinstance(raw, str):
        try:
            raw = json_dumps(raw)
        except Exception:
            raw = str(raw)
    return {"id": entry_id, "reason": reason, "raw": raw}


def _short(x) -> str:
    t = repr(x)
    return t if len(t) <= 40 else t[:37] + "..."
