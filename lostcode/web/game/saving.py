"""The Lost Code's session as a save and back (issue 38: the game's part of
saved games, given to the shell as THE_LOST_CODE's `to_save`, `from_save`
and `from_state`; web/saves/ stores and lists them, knowing no game).

A reload never trusts a stored screen: `session_from_save` rebuilds the
state by replaying the record and makes the session from it directly; the
session opens on the screen that state calls for (a private phase always on
the handoff for the player to act, as nobody is unlocked). Everything read
fails only with RecordError.

Pure Python (no DOM).
"""

from ...rules.errors import RecordError
from ...rules.vocab import BOT_LEVELS, HUMAN
from ...services.saves import load_save, make_save
from .session import Session
from .sheet import Sheet
from .solo import EXPERT, BotSeats


def session_ui(session, settings=None):
    """The page's part of a save: sheets, acknowledged checks, pending notices,
    settings. No screen: a reload opens the screen the state calls for, so what
    a save holds changes exactly when `session.revision` does."""
    settings = dict(settings or {})
    if isinstance(getattr(session, "hints", None), bool):
        settings["hints"] = session.hints
    return {
        "sheets": [sh.to_dict() for sh in session.sheets],
        "checks_shown": session.checks_shown,
        "notices": [dict(n) for n in session.notices],
        "settings": settings,
        # issue 27: the expert seats' reasons, for the log and the replay
        "reasons": [
            [n, r["seat"], r["round"], r["options"], r.get("log", 0)]
            for n, r in sorted(session.reasons().items())
        ],
    }


def session_save(session, save_id, now, created=None, settings=None):
    return make_save(
        session.state, session.seats, session_ui(session, settings), save_id, now, created
    )


def session_from_save(data):
    """The Session of a save or a bare record; RecordError if unusable."""
    state, seats, ui = load_save(data)
    return session_from_state(state, seats, ui)


def session_from_state(state, seats, ui=None):
    """The Session around a replayed `state` (no new game is dealt): the saved
    sheets, acknowledged checks, notices and hints put back, then the computer
    seats play on if it is their turn. Nobody is unlocked, so a private phase
    opens on its handoff; saves from before issue 21 (with "screen",
    "handoff" and "viewer" in their ui) load the same, those keys unread."""
    ui = ui if isinstance(ui, dict) else {}
    seats = list(seats) if seats else []
    all_bots = len(seats) == len(state.names) and seats and HUMAN not in seats
    settings = ui.get("settings")
    hints = True
    if isinstance(settings, dict) and isinstance(settings.get("hints"), bool):
        hints = settings["hints"]
    try:
        # A record of computers only (a tournament's, say) is watched and played
        # on to its end (issue 12): the new-game form's "one human" rule does not
        # apply, so the session is made with humans and the real seats put back.
        form_seats = [HUMAN] * len(seats) if all_bots else seats
        ses = Session(state.options, state.seed, list(state.names), form_seats, hints, state)
    except Exception:
        raise RecordError("the saved players cannot be seated") from None
    if all_bots:
        if any(k not in BOT_LEVELS for k in seats):
            raise RecordError("the saved players cannot be seated")
        ses.seats = seats
        ses.bots = BotSeats(seats, state.seed, sliced=True)
    ses.bots.reasons = _valid_reasons(ui.get("reasons"), state, ses.seats)
    n = len(state.names)
    sheets = ui.get("sheets")
    if isinstance(sheets, list) and len(sheets) == n:
        for i in range(n):
            try:
                if isinstance(sheets[i], dict):
                    ses.sheets[i] = Sheet.from_dict(sheets[i])
            except Exception:
                ses.sheets[i] = Sheet()  # a damaged sheet is only notes: start it afresh
    guessed = [h["round"] for h in state.history if h["guesses"]]
    last = guessed[-1] if guessed else 0
    shown = ui.get("checks_shown")
    if isinstance(shown, int) and not isinstance(shown, bool) and 0 <= shown <= last:
        ses.checks_shown = shown
    else:
        ses.checks_shown = last  # a bare record: open on the phase, not on old checks
    ses.notices = _valid_notices(ui.get("notices"), state)
    ses.resume()  # the computer seats play on if it is their turn; the screen is prepared
    return ses


def _valid_reasons(items, state, seats):
    """The saved reasons of expert decisions (issue 27) that fit this game: an
    expert seat's move whose first option is the move the record holds; the
    rest is dropped (they are only words, never a move)."""
    out = {}
    if not isinstance(items, list):
        return out
    for x in items[:1000]:
        if not isinstance(x, list) or len(x) != 5:
            continue
        n, seat, rnd, options, at = x
        if isinstance(rnd, bool) or not isinstance(rnd, int):
            continue
        if isinstance(at, bool) or not isinstance(at, int) or not 0 <= at <= len(state.log):
            at = len(state.log)
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n < len(state.actions):
            continue
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(seats):
            continue
        if seats[seat] != EXPERT or not isinstance(options, list) or not options:
            continue
        good = [_valid_option(o) for o in options[:5]]
        good = [o for o in good if o is not None]
        played = [list(a) if isinstance(a, tuple) else a for a in state.actions[n]]
        if good and good[0][0] == played:
            out[n] = {"seat": seat, "round": rnd, "options": good, "log": at}
    return out


def _number(x) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def _valid_option(o):
    """A saved option [action, value, note] with, since issue 39's third playtest,
    the points it likely scores and what it learns (seats.decision_json): the
    same list back (numbers as floats), None if it is anything else."""
    if not (isinstance(o, list) and len(o) in (3, 5) and isinstance(o[0], list)
            and _number(o[1]) and isinstance(o[2], str)):
        return None
    if len(o) == 5 and not (_number(o[3]) and _number(o[4])):
        return None
    return [o[0], float(o[1]), o[2][:20]] + [float(x) for x in o[3:]]


def _valid_notices(notices, state):
    out = []
    if not isinstance(notices, list):
        return out
    for x in notices[:4]:
        if not isinstance(x, dict):
            continue
        p, sym, v = x.get("player"), x.get("symbol"), x.get("value")
        if (
            isinstance(p, int)
            and 0 <= p < len(state.names)
            and sym in state.options.symbols
            and isinstance(v, int)
        ):
            n = {"player": p, "symbol": sym, "value": v}
            if isinstance(x.get("round"), int):  # desk12 (an older save's: shown as before)
                n["round"] = x["round"]
            out.append(n)
    return out
