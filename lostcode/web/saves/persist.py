"""Saved games of the web edition: a session stored in the index (through
the game's own `to_save`, shell.Game), and the "Saved games" part of the
set-up screen as plain data.

Pure Python (no DOM): the page keeps the saves in localStorage (one key per
game, slots.py) as a saves.SaveIndex, calls `store` after every action that
moved `Session.revision`, and draws `saves_model` with the same blocks as
the game screens. A reload never trusts a stored screen: the game's
`from_save` (The Lost Code's: game/saving.py) rebuilds the state from the
record.

Everything read from storage or from an imported file fails only with
RecordError, whose message is shown; the bad text is kept for download.
"""

import json

from ...rules import vocab
from ...rules.errors import RecordError
from ...services.jsonlimits import as_text, loads_limited
from ...services.saves import load_save
from .. import actions
from ..shell.blocks import button, buttons
from ..shell.i18n import _

MAX_IMPORT_BYTES = 200000  # as lostcode/services/record.py MAX_CHARS


def store(index, session, save_id, now, created=None, settings=None, to_save=None):
    """Write the session into the index (a finished game moves to the history);
    `to_save` is the game's (shell.Game.to_save: session -> save dict)."""
    if session.is_over():
        return index.finish(save_id, session.state, session.seats, now)
    return index.put(to_save(session, save_id, now, created, settings), session.state)


def reject(index, save_id, reason):
    """Move a save that cannot be replayed to `rejected` (kept for download)."""
    save = index.get(save_id)
    if save is None:
        return
    index.delete(save_id)
    try:
        raw = json.dumps(save)
    except Exception:
        raw = str(save)
    index.rejected.append({"id": save_id, "reason": reason, "raw": raw})


def read_import(text):
    """(state, seats, ui) from an imported file's bytes or text; RecordError otherwise.

    Bytes are read as the command line reads a file (strict UTF-8, issue 25:
    the browser's own text reading had turned invalid bytes in a name into
    U+FFFD), their size checked before anything is decoded."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_IMPORT_BYTES:
            raise RecordError("the file is too large to be a game record")
        text = as_text(text, "file", MAX_IMPORT_BYTES)
    if not isinstance(text, str):
        raise RecordError("the file is not text")
    if len(text) > MAX_IMPORT_BYTES:
        raise RecordError("the file is too large to be a game record")
    if not text.strip():
        raise RecordError("the file is empty")
    return load_save(text)


def other_format(text, formats):
    """The "format" of an imported file if it is one of `formats` (another
    game's record, issue 43), else None: the file is then read as a Lost
    Code record or save, which says what is wrong with it."""
    if not isinstance(text, str) or len(text) > MAX_IMPORT_BYTES:
        return None
    try:
        data = loads_limited(text, MAX_IMPORT_BYTES, "file")
    except RecordError:
        return None
    fmt = data.get("format") if isinstance(data, dict) else None
    return fmt if isinstance(fmt, str) and fmt in formats else None


# --------------------------------------------------------------------------- the list


def phase_label(phase):
    return {
        vocab.PHASE_ROLL: _("rolling the dice"),
        vocab.PHASE_BEAR: _("turning bear dice"),
        vocab.PHASE_OFFER: _("shortcut offer"),
        vocab.PHASE_SHORTCUT: _("shortcut candidates"),
        vocab.PHASE_CHANGE: _("changing a die"),
        vocab.PHASE_GUESS: _("setting wheels"),
        vocab.PHASE_REPLACE: _("replacing stones"),
        vocab.PHASE_FINAL: _("final candidates"),
        vocab.PHASE_END: _("game over"),
    }.get(phase, phase)


def game_label(names, round_no=None):
    names = ", ".join(str(x) for x in names)
    if round_no is None:
        return names
    return _("{names} — round {round}", names=names, round=round_no)


def short_time(iso):
    """ "2024-05-01T14:03:07.123Z" -> "2024-05-01 14:03 UTC" (savespage.py may pass a local one)."""
    if not isinstance(iso, str) or len(iso) < 16:
        return str(iso)
    return iso[:10] + " " + iso[11:16] + " UTC"


def _button(text, act, arg="", aria=None, primary=False):
    """A control of the saves list (blocks.button with the few fields it uses)."""
    return button(text, act, arg, aria=aria, primary=primary)


_buttons = buttons


def row_label(r, titles=None):
    """A saved game's name in the list: its players and round, or, for
    another game's save (issue 43), that game's title and its players."""
    game = r.get("game")
    if game is None:
        return game_label(r["names"], r["round"])
    title = (titles or {}).get(game, game)
    return _("{game}: {names}", game=title, names=game_label(r["names"]))


def row_text(r, fmt_time, titles=None):
    if r.get("game") is None:
        return _(
            "{names}: round {round} of {rounds}, {phase}. Last saved {when}.",
            names=game_label(r["names"]),
            round=r["round"],
            rounds=r["rounds"],
            phase=phase_label(r["phase"]),
            when=fmt_time(r["updated"]),
        )
    return _("{game}: turn {turn}. Last saved {when}.", game=row_label(r, titles),
             turn=r["turn"], when=fmt_time(r["updated"]))  # fmt: skip


def saves_model(index, ui=None, fmt_time=short_time, titles=None):
    """Blocks for the "Saved games" section. `titles`: the other games' titles
    by their save format (issue 43: their saves are listed with their name).

    `ui` (the page's transient state): "confirm_delete" (a save id),
    "imported" ({"names", "finished", "round"} of a record just read),
    "problem" ({"text", "download": bool}) for an import that failed.
    """
    ui = ui or {}
    blocks = []
    for i, r in enumerate(index.rejected):
        blocks.append(
            {
                "t": "warning",
                "text": _(
                    "Saved data could not be read: {reason}. It has been kept as it was: "
                    "download it if you want to keep it, or start a new game.",
                    reason=r.get("reason", ""),
                ),
            }
        )
        blocks.append(
            _buttons(
                [
                    _button(_("Download the damaged data"), actions.DOWNLOAD_DAMAGED, str(i)),
                    _button(_("Discard the damaged data"), actions.DISMISS_DAMAGED, str(i)),
                    _button(_("Start a new game"), actions.FOCUS_NEW_GAME),
                ]
            )
        )
    if ui.get("not_saved"):
        blocks.append(
            {
                "t": "warning",
                "text": _(
                    "The last game could not be saved: the browser's storage is full or "
                    "blocked. Delete finished games below to make room."
                ),
            }
        )
    problem = ui.get("problem")
    if problem:
        blocks.append({"t": "warning", "text": problem["text"]})
        items = []
        if problem.get("download"):
            items.append(_button(_("Download the damaged data"), actions.DOWNLOAD_IMPORT))
        items.append(_button(_("Start a new game"), actions.FOCUS_NEW_GAME))
        blocks.append(_buttons(items))
    imported = ui.get("imported")
    if imported:
        label = game_label(imported["names"])
        if imported["finished"]:
            text = _("Imported a finished game of {names}.", names=label)
            items = [_button(_("Watch the game"), actions.WATCH_IMPORT, "", None, True)]
        else:
            text = _(
                "Imported a game of {names}, stopped in round {round}.",
                names=label,
                round=imported["round"],
            )
            items = [
                _button(_("Continue playing"), actions.CONTINUE_IMPORT, "", None, True),
                _button(_("Watch the game"), actions.WATCH_IMPORT),  # its moves so far (viewer.py)
            ]
        blocks.append({"t": "status", "text": text})
        blocks.append(_buttons(items))
    rows = index.listing()
    if rows:
        latest = rows[0]
        blocks.append(
            {
                "t": "p",
                "text": _(
                    "A game is in progress: {game}.",
                    game=row_label(latest, titles),
                ),
            }
        )
        blocks.append(_buttons([_button(_("Resume"), actions.RESUME, latest["id"], None, True)]))
    games = []
    for r in rows:
        label = row_label(r, titles)
        text = row_text(r, fmt_time, titles)
        if ui.get("confirm_delete") == r["id"]:
            sure = _("Yes, delete {game}", game=label)
            items = [
                _button(_("Yes, delete"), actions.DELETE_YES, r["id"], sure),
                _button(_("Keep it"), actions.DELETE_NO, r["id"], _("Keep {game}", game=label)),
            ]
        else:
            items = [
                _button(_("Resume"), actions.RESUME, r["id"], _("Resume {game}", game=label)),
                _button(_("Delete"), actions.DELETE, r["id"], _("Delete {game}", game=label)),
            ]
        games.append({"text": text, "label": label, "items": items})
    history = []
    for f in index.history():
        label = game_label(f["names"])
        fmt = f["record"].get("format") if isinstance(f["record"], dict) else None
        if fmt in (titles or {}):  # another game's (issue 43): named with its title
            label = _("{game}: {names}", game=titles[fmt], names=label)
        pairs = []
        for i in range(min(len(f["names"]), len(f["scores"]))):
            pairs.append(_("{name} {score}", name=str(f["names"][i]), score=f["scores"][i]))
        scores = ", ".join(pairs)
        text = _(
            "{names}: {scores}. Finished {when}.",
            names=label,
            scores=scores,
            when=fmt_time(f["finished"]),
        )
        size = (ui.get("sizes") or {}).get(f["id"])
        if size:
            text = text + " " + _("Stored: {size}.", size=size)
        items = [
            _button(
                _("Show the result"),
                actions.WATCH_HISTORY,
                f["id"],
                _("Show the result of {game}", game=label),
            ),
            _button(
                _("Download the record"),
                actions.DOWNLOAD_HISTORY,
                f["id"],
                _("Download the record of {game}", game=label),
            ),
            _button(
                _("Delete"),
                actions.DELETE_DONE,
                f["id"],
                _("Delete the finished game {game}", game=label),
            ),
        ]
        history.append({"text": text, "label": label, "items": items})
    return {
        "heading": _("Saved games"),
        "blocks": blocks,
        "games": games,
        # issue 39: said only when no game at all is listed (a finished one counts)
        "empty": "" if history else (
            _("No saved games yet: every game is saved after each move.")
            if not ui.get("not_saved")
            else _("No saved games.")),
        "history_heading": _("Finished games"),
        "history": history,
        "import_label": _("Import a game record"),
        "import_help": _(
            "A game record (.json) downloaded from this game: watch it or go on playing it."
        ),
    }


# ---------------------------------------------------------- tabs and full disks (issue 12)


def finished_problem(reason):
    """A finished game of the list that cannot be shown: no file is involved."""
    reason = str(reason).rstrip(".")
    return _(
        "This finished game cannot be shown: {reason}. Its record is kept; you can download it.",
        reason=reason,
    )


def conflict_model():
    """What a tab shows when another tab saved newer moves of its game."""
    return {
        "heading": _("This game went on in another tab"),
        "blocks": [
            {
                "t": "warning",
                "text": _(
                    "Another tab of this page saved newer moves of this game. This tab "
                    "stopped saving it, so nothing was lost: continue from the newest moves."
                ),
            },
            _buttons([_button(_("Continue from the newest"), actions.TAKE_NEWEST, "", None, True)]),
        ],
    }


def save_problem_model(history, sizes, size_label):
    """Blocks shown at once when the game could not be saved: the record to
    download and finished games to delete (oldest first, with their sizes)."""
    blocks = [
        {
            "t": "warning",
            "text": _(
                "This game could not be saved: the browser's storage is full or blocked. "
                "Download its record to keep it, or free space by deleting finished games; "
                "the next move is saved again once there is room."
            ),
        },
        _buttons(
            [_button(_("Download this game's record"), actions.DOWNLOAD_RECORD, "", None, True)]
        ),
    ]
    items = []
    for f in reversed(history):
        label = game_label(f["names"])
        size = sizes.get(f["id"])
        text = _("Delete {game}", game=label)
        if size:
            text = _("Delete {game} ({size})", game=label, size=size)
        aria = _("Delete the finished game {game}", game=label)
        items.append(_button(text, actions.FREE_DONE, f["id"], aria))
    if items:
        blocks.append(_buttons(items, _("Finished games")))
    return blocks


def record_filename(names, now):
    """A download name without characters file systems dislike."""
    base = "-".join(str(n) for n in names)
    keep = []
    for ch in base:
        keep.append(ch if (ch.isalpha() or ch.isdigit() or ch in "-_") else "_")
    base = "".join(keep)[:40] or "game"
    stamp = str(now)[:16].replace(":", "").replace("T", "-")
    return "lostcode-" + base + "-" + stamp + ".json"
