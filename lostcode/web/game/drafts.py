"""The screens' drafts (issue 11): what a player chooses before confirming.

Every choice on the roller's screen or a private screen (a die to turn, the
stone to replace, the wheel and its range, candidates) is a draft the player
may change, and undo, until they press the screen's confirm control; only then
does an action reach the engine, so records never hold tentative choices.
The deduction sheet's marks are undone the same way.

Why a module of its own: the drafts are the largest part of a Session and one
concern (the choice in the making, its undo, and the confirm that turns it
into actions), while session.py decides the screen flow around them (which
screen, who holds the device, the handlers). `Drafts` is the part of
Session's methods that lives here (Session inherits it); it uses the
session's `state`, `draft`, `sheets`, `undo_stack`, `hints` and `bots`, and
its `_act`, `_act_all`, `_analysis`, `_after_change`, `_goes_on` and
`_finish_private`. Pure Python, MicroPython-portable (no DOM here).
"""

from ...rules import vocab
from ...rules.components import DICE, MAX_CANDIDATES, WHEEL_WIDTH
from ...rules.engine import legal_actions
from ...rules.errors import IllegalAction
from ...rules.observation import observe
from ...rules.vocab import ACCEPT, CHANGE, DISCARD, FINAL, GUESS, SHORTCUT, TURN_BEAR
from ..actions import (
    AUTO,
    BACK,
    CAND,
    CONFIRM,
    CONFIRM_EMPTY,
    LOW,
    LOWER,
    RAISE,
    SHEET_MODE,
    USE_HINT,
    WHEEL,
)
from .assistant import best_wheel
from .betscreens import centred_low, range_middle


def no_button():
    """The refusal of a control the screen shown has no use for."""
    return IllegalAction("UI", "ui_no_button")


def _die_symbol(act, arg):
    die, sym = arg.split(":")
    return (act, int(die), sym)


def _symbol(act, arg):
    return (act, arg)


# The roller's and the replacing player's choices: screen kind -> button act.
PICKS = {vocab.PHASE_BEAR: TURN_BEAR, vocab.PHASE_CHANGE: CHANGE, vocab.PHASE_REPLACE: DISCARD}
DEFAULT_LOW = 8
KEEP = "keep"  # confirm_pick's argument on the change screen's "Keep the dice"
CLOSED = "-"  # the change screen's open die tapped again: its faces folded (fix12)


def open_die(d):
    """The die whose faces the change screen shows ("" none): the one last
    tapped, else the one a chosen face is for (a suggestion used)."""
    if "open" in d:
        return "" if d["open"] == CLOSED else d["open"]
    return d["arg"].split(":")[0] if d["arg"] else ""


class Drafts:
    """The draft of the screen shown and its undo: part of Session (see above)."""

    def __init__(self):
        self.draft = None  # the unconfirmed choice of the screen shown (_ensure_draft)
        self.undo_stack = []  # ("sheet" | "draft", viewer, what it was), newest last

    def _ensure_draft(self, kind, viewer):
        """The draft of screen `kind` for `viewer`, made and kept if missing (None
        on a screen without one)."""
        if kind in PICKS:
            d = self.pick_draft(kind)
        elif kind == vocab.PHASE_GUESS:
            d = self.guess_draft()
            if d is not self.draft:
                hint = self._suggested_bet()
                if hint is not None:
                    d["wheel"], d["low"] = hint
        elif kind in (vocab.PHASE_SHORTCUT, vocab.PHASE_FINAL) and viewer is not None:
            d = self.candidates_draft(kind, viewer)
        else:
            return None
        self.draft = d
        return d

    # -- the roller's and the replacing player's picks (public screens) -------------
    def pick_draft(self, kind):
        """The tentative choice on a dice or replace screen: {"kind", "at", "arg"}
        with arg "die:symbol" (a die's new face), a symbol (the stone to
        replace) or "" (nothing chosen: on the change screen, keep the dice).
        Read-only: the prepared draft, or a fresh one that is not kept."""
        at = len(self.state.actions)
        d = self.draft
        if d is not None and d.get("kind") == kind and d.get("at") == at:
            return d
        return {"kind": kind, "at": at, "arg": ""}

    def _pick_event(self, kind, act, arg):
        d = self._ensure_draft(kind, None)
        s = self.state
        move = PICKS[kind]
        if move == CHANGE and act == move and ":" not in str(arg):
            # fix12: a tap on a die opens its faces ("-": the dice again), one die
            # at a time, so the screen is one row of dice, not fifteen faces
            if arg != CLOSED and arg not in [str(i) for i in range(DICE)]:
                raise IllegalAction(_PICK_RULE[move], "ui_no_button")
            d["open"] = str(arg)
            return
        if act == move:  # choose, or choose another
            action = _die_symbol(move, arg) if move != DISCARD else _symbol(move, arg)
            if action not in self._legal():
                raise IllegalAction(_PICK_RULE[move], "ui_no_button")
            # Issue 22: a tap on the chosen one keeps it chosen (a fast double tap
            # must not leave nothing chosen); the change screen's "Keep the dice"
            # is the explicit way back to no die turned.
            d["arg"] = str(arg)
            d["open"] = str(arg).split(":")[0]  # the die chosen stays open (its face pressed)
            return
        p = s.to_act
        if kind == vocab.PHASE_CHANGE and arg == KEEP:  # "Keep the dice", a face chosen or not
            d["arg"] = ""
        if not d["arg"]:  # "confirm_pick" with nothing chosen
            if kind != vocab.PHASE_CHANGE:
                raise IllegalAction(_PICK_RULE[move], "ui_no_button")
            self._act((ACCEPT,))
            self._after_change(p)
            return
        action = _die_symbol(move, d["arg"]) if move != DISCARD else _symbol(move, d["arg"])
        self._act(action)
        if kind == vocab.PHASE_CHANGE:
            self._after_change(p)
        if move == DISCARD:
            self._discarded(p)

    # -- what the drafts read of the game (a table-mode phone's session reads
    # its observation instead: lostcode/web/tablemode/seatsession.py) ----------------
    def _seen(self, viewer):
        """`viewer`'s observation of the game now."""
        return observe(self.state, viewer)

    def _legal(self):
        """The moves the player to act may play now."""
        return legal_actions(self.state)

    def _discarded(self, p):
        """`p` just replaced a stone: the public notice of the old one (R-P2)."""
        gone = self.state.discards[p][-1]
        self.notices = [{"player": p, "symbol": gone["symbol"], "value": gone["value"],
                         "round": self.state.round}]

    # -- drafts and undo -----------------------------------------------------------
    def _remember(self, what, viewer):
        if what == "sheet":
            self.undo_stack.append(("sheet", viewer, self.sheets[viewer].copy()))
        else:
            self.undo_stack.append(("draft", viewer, _copy_draft(self.draft)))

    def undo(self):
        if not self.undo_stack:
            return
        what, viewer, saved = self.undo_stack.pop()
        if what == "sheet":
            self.sheets[viewer] = saved
        else:
            self.draft = saved

    def can_undo(self):
        return bool(self.undo_stack)

    def _sheet_event(self, viewer, act, arg):
        obs = self._seen(viewer)
        sheet = self.sheets[viewer]
        before = sheet.copy()
        if act == AUTO:
            changed = sheet.auto != (arg == "on")
            sheet.set_auto(arg == "on")
        elif act == SHEET_MODE:
            mode = "candidate" if arg == "candidate" else "cross"
            changed = sheet.mode != mode
            sheet.mode = mode
        elif sheet.mode == "candidate":
            sym, v = arg.split(":")
            v = int(v)
            s = self.state
            if sym not in s.options.symbols or s.token_holder.get(sym) == viewer:
                raise IllegalAction("R-E1", "ui_fixed")
            if v in sheet.auto_seen(obs)[sym] and sheet.auto:
                raise IllegalAction("R-E1", "ui_seen")
            changed = sheet.toggle_final(sym, v, s.options.value_max)
            if not changed:
                raise IllegalAction("R-E1", "ui_three")
        else:
            sym, v = arg.split(":")
            changed = sheet.toggle(sym, int(v), obs)
        if changed:
            self.undo_stack.append(("sheet", viewer, before))

    def guess_draft(self):
        """The unconfirmed wheel setting of the player to act: {"kind", "wheel", "low"}.

        Read-only: the prepared draft (with hints on it starts at the assistant's
        suggestion, issue 11: one confirm is enough to bet it), or a fresh one
        that is not kept."""
        d = self.draft
        if d is not None and d.get("kind") == vocab.PHASE_GUESS:
            return d
        return {"kind": vocab.PHASE_GUESS, "wheel": None, "low": DEFAULT_LOW}

    def _suggested_bet(self):
        """(wheel, low) the assistant suggests to the player to act, or None."""
        s = self.state
        if not self.hints or s.phase != vocab.PHASE_GUESS or self.bots.is_bot(s.to_act):
            return None
        best = best_wheel(self._analysis(self._seen(s.to_act)))
        if best is None or (GUESS, best["wheel"], best["low"]) not in self._legal():
            return None
        return best["wheel"], best["low"]

    def _guess_event(self, viewer, act, arg):
        d = self._ensure_draft(vocab.PHASE_GUESS, viewer)
        if act == WHEEL:
            if arg not in WHEEL_WIDTH:
                raise IllegalAction("R-G1", "ui_no_wheel")
            self._remember("draft", viewer)
            # Issue 22: another wheel keeps the range centred where it was (its
            # middle, not its low end); the first wheel centres on the low end.
            old = WHEEL_WIDTH.get(d["wheel"], 1) if d["wheel"] else 1
            middle = range_middle(d["low"], old)
            d["wheel"] = arg
            d["low"] = centred_low(middle, WHEEL_WIDTH[arg], self.state.options.ring_max)
        elif act in (LOWER, RAISE, LOW):
            if act == LOW:
                low = int(str(arg).strip())
            else:
                low = d["low"] + (-1 if act == LOWER else 1)
            if low == d["low"]:
                return
            self._remember("draft", viewer)
            d["low"] = low
        elif act == USE_HINT:  # the assistant's suggestion fills the draft (not confirmed)
            w, low_text = str(arg).split(":")
            low = int(low_text)
            if w not in WHEEL_WIDTH:
                raise IllegalAction("R-G1", "ui_no_wheel")
            if (w, low) == (d["wheel"], d["low"]):
                return
            self._remember("draft", viewer)
            d["wheel"], d["low"] = w, low
        else:  # CONFIRM_GUESS
            if d["wheel"] is None:
                raise IllegalAction("R-G1", "ui_wheel_first")
            self._act((GUESS, d["wheel"], d["low"]))
            self._finish_private()

    def _use_expert(self, kind, viewer, arg):
        """The expert's move (its parts joined by "|", expert_play_arg) made the
        screen's choice, not confirmed (fix18b, a twelfth playtest: Chances had
        "Use this suggestion", the expert no such button): a wheel and range,
        a die's new face or the dice kept, the stone to replace. A move that
        is not this screen's choice is refused, as any other button would be."""
        bits = str(arg).split("|")
        move = bits[0]
        if kind == vocab.PHASE_GUESS and move == GUESS and len(bits) == 3:
            self._guess_event(viewer, USE_HINT, bits[1] + ":" + bits[2])
        elif kind in PICKS and move == PICKS[kind] and len(bits) >= 2:
            self._pick_event(kind, move, ":".join(bits[1:]))
        elif kind == vocab.PHASE_CHANGE and move == ACCEPT:
            d = self._ensure_draft(kind, None)
            d["arg"], d["open"] = "", CLOSED  # nothing turned: "Keep the dice"
        else:
            raise no_button()

    def candidates_draft(self, kind, viewer):
        """Unconfirmed candidates: {"kind", "values": {symbol: [values]}}.

        Read-only: the prepared draft, or a fresh one prefilled from the
        viewer's sheet that is not kept."""
        d = self.draft
        if d is not None and d.get("kind") == kind:
            return d
        sheet = self.sheets[viewer]
        syms = self.candidate_symbols(kind, viewer)
        return {"kind": kind, "values": {sym: list(sheet.final[sym]) for sym in syms}}

    def candidate_symbols(self, kind, viewer):
        s = self.state
        if kind == vocab.PHASE_SHORTCUT:
            return [s.offer_symbol]
        return [sym for sym in s.options.symbols if s.token_holder.get(sym) != viewer]

    def _candidates_event(self, kind, viewer, act, arg):
        d = self._ensure_draft(kind, viewer)
        s = self.state
        if act == CAND:
            sym, v = arg.split(":")
            v = int(v)
            cands = d["values"].get(sym)
            if cands is None or not 0 <= v <= s.options.value_max:
                raise IllegalAction("R-E1", "ui_not_candidate")
            self._remember("draft", viewer)
            d["ask_empty"] = False  # a changed choice: the question no longer holds
            if v in cands:
                cands.remove(v)
            elif len(cands) < MAX_CANDIDATES:
                cands.append(v)
                cands.sort()
            else:
                self.undo_stack.pop()
                raise IllegalAction("R-E1", "ui_three")
        elif act == CONFIRM and kind == vocab.PHASE_SHORTCUT:
            sym = s.offer_symbol
            vals = d["values"][sym]
            self._act((SHORTCUT, tuple(vals)))
            self.sheets[viewer].final[sym] = list(vals)
            self._finish_private()
            if self._goes_on(viewer):  # the roller's own dice next: no second handoff
                self.unlocked = viewer
        elif act == BACK and kind == vocab.PHASE_FINAL:  # "Confirm with no candidates?" -> Back
            d["ask_empty"] = False
        elif act in (CONFIRM, CONFIRM_EMPTY) and kind == vocab.PHASE_FINAL:
            syms = self.candidate_symbols(kind, viewer)
            if act == CONFIRM and any(not d["values"][sym] for sym in syms):
                d["ask_empty"] = True  # asked again: a symbol without candidates scores −2
                return
            batch = [(FINAL, sym, tuple(d["values"][sym])) for sym in syms]
            self._act_all(batch)
            for sym in syms:
                self.sheets[viewer].final[sym] = list(d["values"][sym])
            self._finish_private()
        else:
            raise no_button()


# The rule a refused pick names.
_PICK_RULE = {TURN_BEAR: "R-R1a", CHANGE: "R-R1c", DISCARD: "R-P2"}


def _copy_draft(d):
    if d is None:
        return None
    out = dict(d)
    if "values" in d:
        out["values"] = {k: list(v) for k, v in d["values"].items()}
    return out
