"""A computer's move on the board, with its reason (issue 39): the step's
caption says why, where the rules allow it to be said.

What a computer took is public as soon as it is played; a bet's range stays
secret until the check (R-G3). So a wheel taken is said with what the bet can
win and that it cannot lose (R-C1, R-C2; unless its player holds the curse,
R-X3b): true of every computer level, from the wheel alone, and all that is
said of a bet before its check: the points it likely scores would tell how
sure its player is of the hidden range; so is what the roller's dice are
worth (movewords: AT_CHECK). For an expert's public moves (a stone replaced,
the token) its search gives the
move's worth in plain words (reasons.score_text: the points it likely scores
and apart what it learns; never a negative one for a move that cannot lose:
player/seats.no_loss). A bet's and its dice's worth, its range, its
alternatives and the final candidates are said only later (the log,
reasons.reason_shown).

Pure Python, MicroPython-portable (no DOM here).
"""

from ...rules.movewords import AT_ONCE
from ...rules.vocab import EV_WHEEL, GUESS
from ..shell.i18n import _
from .reasons import bet_text, chosen_sentence, said_note, split, when_shown, worth


def _cursed(obs, seat):
    curse = (obs or {}).get("curse")
    return curse is not None and curse.get("holder") == seat


def step_reason(r, reasons, obs):
    """The plain reason of report entry `r` ({"seat", "events", "n"}), or "".

    reasons: the expert decisions' reasons by move number (Seats.reasons);
    obs: the table the step is drawn on (for the curse)."""
    why = reasons.get(r.get("n", -1)) if reasons else None
    options = why["options"] if why else None
    first = options[0] if options else None
    for e in r["events"]:
        if e.get("t") != EV_WHEEL:
            continue
        # The wheel's bounds only: how many points a bet likely scores is how sure
        # its player is of the hidden range (R-G3; issue 39, fifth playtest: "took
        # W4 …: likely to score about 3 points" before the check).
        return bet_text([GUESS, e["wheel"]], -1.0 if _cursed(obs, r["seat"]) else 0.0)
    if first and when_shown(options) == AT_ONCE and chosen_sentence(*split(first)):
        return _plain(first)  # (a roll has no reason worth saying)
    return ""


def _plain(option):
    """An option's worth as a player says it (the points it likely scores, what
    it learns), with what weighed most."""
    action, value, note, vp, learn = split(option)
    text = worth(value, note, action, False, vp, learn)
    said = said_note(note, vp, learn, action)
    return text + " (" + said + ")" if said else text


def with_reason(what, why):
    """A caption's move and its reason, as one phrase."""
    return _("{what} — {why}", what=what, why=why) if why else what
