"""A pass-and-play game on one device: the engine state plus what the screen
flow needs (who has unlocked a private screen, unconfirmed drafts, undo).

Pure Python, no DOM: the adapter turns a DOM event into `Session.do(act, arg)`
and renders `views.screen_model(session)`. Engine rules stay in the engine;
this only decides which screen comes next.
"""

from ..components import MAX_CANDIDATES, WHEEL_WIDTH
from ..engine import apply_action
from ..errors import IllegalAction
from ..observation import observe, observe_table
from ..options import Options
from ..record import to_record
from ..setup import new_game
from ..state import END, FINAL, GUESS, SHORTCUT
from .i18n import _
from .sheet import Sheet
from .solo import BotSeats, check_seats

PRIVATE_PHASES = (SHORTCUT, GUESS, FINAL)
DEFAULT_LOW = 8


class Session:
    def __init__(self, options, seed, names, seats=None, hints=True):
        n = options.players
        self.seats = check_seats(seats, n)  # human / easy / medium / hard (solo.py)
        self.state = new_game(options, seed, names)
        self.bots = BotSeats(self.seats, seed)
        self.hints = bool(hints)  # the deduction assistant (assistant.py)
        self.assist_cache = {}
        self.sheets = [Sheet() for _p in range(n)]
        self.unlocked = None  # the player whose private screen is open
        self.done = None  # (player, message) waiting for "Hide and pass"
        self.checks_shown = 0  # last round whose check results were acknowledged
        self.notices = []  # public news shown on the next screen
        self.draft = None  # unconfirmed wheel setting or candidates
        self.undo_stack = []
        self.error = ""
        self.show_record = False
        self.tutorial = False  # the guided first game: tips on screens (tutorial.py)
        self.bots.run(self)  # a computer seat may roll first

    @classmethod
    def from_form(cls, players, names, flags, seed, seats=None, hints=True):
        opts = Options(
            players,
            flags.get("introductory", False),
            flags.get("high_stakes", False),
            flags.get("shortcut", False),
            flags.get("curse", False),
        )
        return cls(opts, seed, names, seats, hints=hints)

    # -- which screen ----------------------------------------------------------
    def pending_checks(self):
        """The round whose check results have not been shown yet, or None."""
        for h in reversed(self.state.history):
            if h["guesses"]:
                return h if h["round"] > self.checks_shown else None
        return None

    def screen(self):
        """(kind, viewer): viewer is None on public screens."""
        s = self.state
        if self.done is not None:
            return "hide", self.done[0]
        if self.bots.report:
            return "bot", None  # what the computer just did (public)
        if self.pending_checks() is not None:
            return "checks", None
        if s.phase == END:
            return "end", None
        if self.bots.is_bot(s.to_act):
            return "bot", None
        if s.phase in PRIVATE_PHASES:
            if self.unlocked != s.to_act and not self.bots.solo():
                return "handoff", None
            return s.phase, s.to_act
        return s.phase, None

    def observation(self):
        kind, viewer = self.screen()
        if viewer is None and kind != "end":
            # Shared screens show what every human there may see (observe_table);
            # in solo play every screen is the one human's.
            return observe_table(self.state, self.bots.humans)
        obs = observe(self.state, viewer)
        if viewer is not None:
            self.sheets[viewer].sync(obs)
        return obs

    def record(self):
        return to_record(self.state, self.seats)

    # -- events ------------------------------------------------------------------
    def do(self, act, arg=""):
        """Handle one user event; an illegal one leaves a message in `error`."""
        self.error = ""
        try:
            self._do(act, arg)
        except IllegalAction as e:
            self.error = _("That is not possible: {reason}", reason=e.args[-1] if e.args else "")
        except ValueError:
            self.error = _("Please enter a whole number.")
        self.bots.run(self)  # computer seats play up to the next human decision

    def _act(self, action):
        apply_action(self.state, action)
        self.notices = []

    def _do(self, act, arg):
        kind, viewer = self.screen()
        s = self.state
        if act == "undo":
            self.undo()
            return
        if act == "hide" and kind == "hide":
            self.done = None
            self.unlocked = None
            self.undo_stack = []
            return
        if act == "unlock" and kind == "handoff":
            self.unlocked = s.to_act
            self.notices = []  # public news stays on the public screens
            self.draft = None
            self.undo_stack = []
            return
        if act == "show_record" and kind == "end":
            self.show_record = True
            return
        if act == "continue" and kind == "bot":
            self.bots.acknowledge()
            return
        if act == "continue" and kind == "checks":
            self.checks_shown = self.pending_checks()["round"]
            return
        if viewer is not None and act in ("mark", "auto", "sheet_mode"):
            self._sheet_event(viewer, act, arg)
            return
        if kind == "roll" and act == "roll":
            self._act(("roll",))
        elif kind == "bear" and act == "turn_bear":
            die, sym = arg.split(":")
            self._act(("turn_bear", int(die), sym))
        elif kind == "offer" and act in ("take", "pass"):
            self._act((act,))
        elif kind == "change" and act == "accept":
            self._act(("accept",))
        elif kind == "change" and act == "change":
            die, sym = arg.split(":")
            self._act(("change", int(die), sym))
        elif kind == "replace" and act == "discard":
            p = s.to_act
            self._act(("discard", arg))
            d = s.discards[p][-1]
            self.notices = [{"player": p, "symbol": d["symbol"], "value": d["value"]}]
        elif kind == GUESS:
            self._guess_event(viewer, act, arg)
        elif kind in (SHORTCUT, FINAL):
            self._candidates_event(kind, viewer, act, arg)
        else:
            raise IllegalAction("UI", _("this button does not apply to the current screen"))

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
        obs = observe(self.state, viewer)
        sheet = self.sheets[viewer]
        before = sheet.copy()
        if act == "auto":
            changed = sheet.auto != (arg == "on")
            sheet.set_auto(arg == "on")
        elif act == "sheet_mode":
            mode = "candidate" if arg == "candidate" else "cross"
            changed = sheet.mode != mode
            sheet.mode = mode
        elif sheet.mode == "candidate":
            sym, v = arg.split(":")
            v = int(v)
            s = self.state
            if sym not in s.options.symbols or s.token_holder.get(sym) == viewer:
                raise IllegalAction(
                    "R-E1", _("those candidates are fixed (shortcut token) or not in play")
                )
            if v in sheet.auto_seen(obs)[sym] and sheet.auto:
                raise IllegalAction("R-E1", _("a value seen elsewhere cannot be your own"))
            changed = sheet.toggle_final(sym, v, s.options.value_max)
            if not changed:
                raise IllegalAction("R-E1", _("at most 3 candidates per symbol"))
        else:
            sym, v = arg.split(":")
            changed = sheet.toggle(sym, int(v), obs)
        if changed:
            self.undo_stack.append(("sheet", viewer, before))

    def guess_draft(self):
        """The unconfirmed wheel setting of the player to act (created on demand)."""
        if self.draft is None or self.draft.get("kind") != "guess":
            self.draft = {"kind": "guess", "wheel": None, "low": DEFAULT_LOW}
        return self.draft

    def _guess_event(self, viewer, act, arg):
        d = self.guess_draft()
        if act == "wheel":
            if arg not in WHEEL_WIDTH:
                raise IllegalAction("R-G1", _("there is no such wheel"))
            self._remember("draft", viewer)
            d["wheel"] = arg
            top = self.state.options.ring_max - WHEEL_WIDTH[arg] + 1
            if d["low"] > top:
                d["low"] = max(0, top)
        elif act in ("lower", "raise", "low"):
            if act == "low":
                low = int(str(arg).strip())
            else:
                low = d["low"] + (-1 if act == "lower" else 1)
            if low == d["low"]:
                return
            self._remember("draft", viewer)
            d["low"] = low
        elif act == "use_hint":  # the assistant's suggestion fills the draft (not confirmed)
            w, low_text = str(arg).split(":")
            low = int(low_text)
            if w not in WHEEL_WIDTH:
                raise IllegalAction("R-G1", _("there is no such wheel"))
            if (w, low) == (d["wheel"], d["low"]):
                return
            self._remember("draft", viewer)
            d["wheel"], d["low"] = w, low
        elif act == "confirm_guess":
            if d["wheel"] is None:
                raise IllegalAction("R-G1", _("choose a wheel first"))
            w, low = d["wheel"], d["low"]
            self._act(("guess", w, low))
            high = low + WHEEL_WIDTH[w] - 1
            self._finish_private(
                viewer,
                _(
                    "Your wheel is set: {wheel}, range {low}–{high}. It stays secret until the "
                    "check.",
                    wheel=w,
                    low=low,
                    high=high,
                ),
            )
        else:
            raise IllegalAction("UI", _("this button does not apply to the current screen"))

    def candidates_draft(self, kind, viewer):
        """Unconfirmed candidates: {symbol: [values]}, prefilled from the sheet."""
        if self.draft is None or self.draft.get("kind") != kind:
            sheet = self.sheets[viewer]
            syms = self.candidate_symbols(kind, viewer)
            self.draft = {"kind": kind, "values": {sym: list(sheet.final[sym]) for sym in syms}}
        return self.draft

    def candidate_symbols(self, kind, viewer):
        s = self.state
        if kind == SHORTCUT:
            return [s.offer_symbol]
        return [sym for sym in s.options.symbols if s.token_holder.get(sym) != viewer]

    def _candidates_event(self, kind, viewer, act, arg):
        d = self.candidates_draft(kind, viewer)
        s = self.state
        if act == "cand":
            sym, v = arg.split(":")
            v = int(v)
            cands = d["values"].get(sym)
            if cands is None or not 0 <= v <= s.options.value_max:
                raise IllegalAction("R-E1", _("that value cannot be a candidate"))
            self._remember("draft", viewer)
            if v in cands:
                cands.remove(v)
            elif len(cands) < MAX_CANDIDATES:
                cands.append(v)
                cands.sort()
            else:
                self.undo_stack.pop()
                raise IllegalAction("R-E1", _("at most 3 candidates per symbol"))
        elif act == "confirm" and kind == SHORTCUT:
            sym = s.offer_symbol
            vals = d["values"][sym]
            self._act(("shortcut", tuple(vals)))
            self.sheets[viewer].final[sym] = list(vals)
            self._finish_private(viewer, _("Your shortcut candidates are written."))
        elif act == "confirm" and kind == FINAL:
            for sym in self.candidate_symbols(kind, viewer):
                vals = d["values"][sym]
                apply_action(s, ("final", sym, tuple(vals)))
                self.sheets[viewer].final[sym] = list(vals)
            self.notices = []
            self._finish_private(viewer, _("Your final candidates are written."))
        else:
            raise IllegalAction("UI", _("this button does not apply to the current screen"))

    def _finish_private(self, viewer, message):
        # Solo play: nobody to pass to, so no "Hide and pass" screen.
        self.done = None if self.bots.solo() else (viewer, message)
        self.draft = None
        self.undo_stack = []


def _copy_draft(d):
    if d is None:
        return None
    out = dict(d)
    if "values" in d:
        out["values"] = {k: list(v) for k, v in d["values"].items()}
    return out
