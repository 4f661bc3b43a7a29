"""The guided first game: a tip for each screen of the first two rounds, for
the first replacement and the final candidates whenever they come, and the
part of the drawn board each speaks about.

A newcomer learns by playing: the tutorial is an ordinary game (solo against
an easy bot, fixed seed) whose first round carries an explanation on every
screen. Tips are chosen from the screen kind and the observation only, so the
tutorial can never reveal more than the screen itself may show.
"""

from ...rules.vocab import PHASE_CHANGE
from ..shell.i18n import _

TUTORIAL_SEED = 20261125
TUTORIAL_ROUNDS = 2  # tips are shown in this many opening rounds (issue 22: not one)


def _tips() -> dict:
    # Built on demand so each tip is translated in the current language.
    return {
        "roll": _(
            "Welcome! Everyone can see every rack except their own: look at the other racks, "
            "never at yours. The player furthest behind rolls the three dice; the symbols "
            "rolled decide which of your stones count this round."
        ),
        "bear": _(
            "Introductory game: no bear stones are in play, so every bear face must be "
            "turned to another symbol first."
        ),
        "offer": _(
            "A symbol came up twice: its Deadly Shortcut token is offered. Whoever takes it "
            "writes their final guesses for that symbol now, and it scores double at the end."
        ),
        "change": _(
            "The roller may keep the dice or turn exactly one die to another symbol — for "
            "example to a symbol whose stones they already know well."
        ),
        "handoff": _(
            "Guesses are secret. Pass the device so that only the named player looks at "
            "the screen, then tap."
        ),
        # the roller's handoff leads to their dice, not to a guess (issue 22)
        "handoff_dice": _(
            "The roller chooses the dice on a screen of their own, which shows the other "
            "players' stones. Pass the device to the roller, then tap."
        ),
        "guess": _(
            "Your sum is the total of your own stones for the rolled symbols; a symbol rolled "
            "twice counts twice. Values you see on other racks cannot be yours. Pick a wheel: "
            "narrow wheels pay more VP but are easier to miss. The deduction sheet below "
            "keeps your notes."
        ),
        "checks": _(
            "The check: a right guess moves you forward by the wheel's VP. A wrong guess is "
            "answered 'lower' or 'higher' (only 'wrong' for the 1-wide wheel) — that narrows "
            "down your stones for later rounds."
        ),
        "replace": _(
            "Everyone who was wrong replaces one of their stones, chosen blind. The old stone "
            "is shown to everybody — you learn its value too — and the new one is hidden "
            "from you, like the rest of your rack."
        ),
        "final": _(
            "Final guesses: for each symbol write 1 to 3 candidate values. If the right value "
            "is among them: 5 points when you wrote one candidate, 2 when you wrote two, 1 when "
            "you wrote three; if not, you lose 2."
        ),
    }


# The part of the drawn board each tip speaks about (gamepage.py outlines it and
# points its aria-describedby at the tip): "others" the racks the player may
# read (not their own), "racks" every rack, "wheels" the wheels to choose from.
TIP_PARTS = {
    "roll": ("others",),
    "bear": ("dice",),
    "offer": ("dice", "extras"),
    "change": ("dice",),
    "guess": ("others", "wheels"),
    "checks": ("rings", "track"),
    "replace": ("racks",),
    "final": ("others",),
}


def first_replacement(obs: dict) -> bool:
    """No stone has been replaced yet (the replace screen then is the first)."""
    return not any(obs.get("discards", ()))


def tutorial_tip(obs: dict, screen: str):
    """The tip for this screen in the opening rounds, or None. The first
    replacement and the final candidates get theirs whenever they come; the
    first check is in round 1."""
    if screen == "final" or (screen == "replace" and first_replacement(obs)):
        return _tips()[screen]
    if obs.get("round", 1) > TUTORIAL_ROUNDS:
        return None
    if screen == "handoff" and obs.get("phase") == PHASE_CHANGE:
        screen = "handoff_dice"  # the device goes to the roller for the dice
    return _tips().get(screen)


def tip_preview(text: str, chars: int = 28) -> str:
    """The tip's first words (whole words, about `chars` long) and "…": a folded
    tip's summary reads as the start of a tip, not as an empty box."""
    words = text.split()
    out = ""
    for w in words:
        if out and len(out) + 1 + len(w) > chars:
            return out.rstrip(",;:—–-.") + "…"
        out = out + " " + w if out else w
    return out


def tip_block(session, obs: dict, screen: str):
    """The highlighted "Tip" block for a screen of a guided game (Session.tutorial), or None."""
    if not getattr(session, "tutorial", False):
        return None
    tip = tutorial_tip(obs, screen)
    if not tip:
        return None
    # Issue 22: a tip stays open above the controls (folded below "Confirm the
    # wheel" a beginner never saw it); the layout makes the screen fit.
    return {
        "t": "tip",
        "label": _("Tip"),
        "text": tip,
        "preview": tip_preview(tip),  # a folded tip's summary: "▸ Tip: Your sum is…"
        "parts": list(TIP_PARTS.get(screen, ())),
        "folded": False,
    }
