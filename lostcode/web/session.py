"""A pass-and-play game on one device: the engine state plus what the screen
flow needs (who has unlocked a private screen, unconfirmed drafts, undo).

Issue 11: every choice on the roller's screen or a private screen (a die to
turn, the wheel and its range, the stone to replace, candidates) is a draft
the player may change until they press the screen's confirm control; only
then does an action reach the engine (so records never hold tentative
choices). A private screen's confirm also passes the device: the next screen
is the next player's handoff (or a shared screen), with no "done" screen.

Pure Python, no DOM: the adapter turns a DOM event into `Session.do(act, arg)`
and renders `views.screen_model(session)`. Engine rules stay in the engine;
this only decides which screen comes next.
"""

from ..rules.components import MAX_CANDIDATES, RACKS, WHEEL_WIDTH
from ..rules.engine import apply_action, legal_actions
from ..rules.errors import IllegalAction
from ..rules.observation import observe, observe_table
from ..rules.options import OPTION_FLAGS, Options
from ..rules.setup import new_game
from ..rules.vocab import ACCEPT, CHANGE, DISCARD, PASS, ROLL, TAKE, TURN_BEAR
from ..rules.vocab import FINAL as WRITE_FINAL
from ..rules.vocab import GUESS as SET_WHEEL
from ..rules.vocab import PHASE_BEAR as BEAR
from ..rules.vocab import PHASE_CHANGE as CHANGE_PHASE
from ..rules.vocab import PHASE_END as END
from ..rules.vocab import PHASE_FINAL as FINAL
from ..rules.vocab import PHASE_GUESS as GUESS
from ..rules.vocab import PHASE_REPLACE as REPLACE
from ..rules.vocab import PHASE_SHORTCUT as SHORTCUT
from ..rules.vocab import SHORTCUT as WRITE_SHORTCUT
from ..services.record import to_record
from .assistant import analysis, best_wheel
from .describe import reason
from .i18n import _
from .sheet import Sheet
from .solo import BotSeats, check_seats

PRIVATE_PHASES = (SHORTCUT, GUESS, FINAL)


def _bare(act, arg):
    return (act,)


def _die_symbol(act, arg):
    die, sym = arg.split(":")
    return (act, int(die), sym)


def _symbol(act, arg):
    return (act, arg)


# The moves a public screen's buttons play at once: kind -> the action from the
# button's argument. The choices (a die's new face, the stone to replace, the
# wheel, candidates) go through drafts until confirmed (issue 11).
BUTTON_MOVES = {
    ROLL: _bare,
    ACCEPT: _bare,
    TAKE: _bare,
    PASS: _bare,
}
# The roller's and the replacing player's choices: screen kind -> button act.
PICKS = {BEAR: TURN_BEAR, CHANGE_PHASE: CHANGE, REPLACE: DISCARD}
DEFAULT_LOW = 8
TABLE = -1  # next_holder(): nobody needs privacy next, the device goes to the table


class Session:
    def __init__(self, options, seed, names, seats=None, hints=True):
        n = options.players
        self.seats = check_seats(seats, n)  # human / easy / medium / hard (solo.py)
        self.state = new_game(options, seed, names)
        self.bots = BotSeats(self.seats, seed)
        self.hints = bool(hints)  # the deduction assistant (assistant.py)
        self.assist_cache = {}
        self.assist_why = None  # (viewer, move) whose "Why…" explanations are open
        self.sheets = [Sheet() for _p in range(n)]
        self.unlocked = None  # the player whose private screen is open
        self.checks_shown = 0  # last round whose check results were acknowledged
        self.notices = []  # public news shown on the next screen
        self.draft = None  # unconfirmed wheel setting or candidates
        self.undo_stack = []
        self.error = ""
        self.tutorial = False  # the guided first game: tips on screens (tutorial.py)
        self.ask_leave = False  # the end screen's "New game" pressed: asked again
        self.run_bots()  # a computer seat may roll first

    @classmethod
    def from_form(cls, players, names, flags, seed, seats=None, hints=True):
        opts = Options(players, *[bool(flags.get(f, False)) for f in OPTION_FLAGS])
        return cls(opts, seed, names, seats, hints=hints)

    def run_bots(self, limit=200):
        """Play bot moves until a human decides, check results are due, or the end.

        Each bot decides from its own observation; the report keeps the public
        events each move caused (solo.py says them)."""
        s = self.state
        n = 0
        while (
            s.phase != END
            and self.bots.is_bot(s.to_act)
            and self.pending_checks() is None
            and n < limit
        ):
            p = s.to_act
            action = self.bots.decide(p, observe(s, p))
            before = len(s.log)
            apply_action(s, action, p)
            self.bots.played(p, action, s.log[before:])
            n += 1
        return n

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
        """What the current screen may show: the viewer's observation (at the
        end, R-E: every rack turned face up)."""
        kind, viewer = self.screen()
        if viewer is None and kind != "end":
            # Shared screens show what every human there may see (observe_table);
            # in solo play every screen is the one human's.
            return observe_table(self.state, self.bots.humans)
        obs = observe(self.state, viewer)
        if viewer is not None:
            self.sheets[viewer].sync(obs)
        if kind == "end":
            obs = dict(obs)
            obs["racks"] = [
                {"owner": obs["racks"][r]["owner"], "stones": dict(self.state.racks[r])}
                for r in range(RACKS)
            ]
        return obs

    def public_observation(self):
        """What the whole table sees (the game log, public screens)."""
        return observe(self.state, None)

    def moves_played(self) -> int:
        """How many actions the game has (the adapter's screen and save checks)."""
        return len(self.state.actions)

    def is_over(self) -> bool:
        return self.state.phase == END

    def record(self):
        return to_record(self.state, self.seats)

    # -- events ------------------------------------------------------------------
    def do(self, act, arg=""):
        """Handle one user event; an illegal one leaves a message in `error`."""
        self.error = ""
        try:
            self._do(act, arg)
        except IllegalAction as e:
            self.error = _("That is not possible: {reason}", reason=reason(e))
        except ValueError:
            self.error = _("Please enter a whole number.")
        self.run_bots()  # computer seats play up to the next human decision

    def _act(self, action):
        apply_action(self.state, action)
        self.notices = []
        self.draft = None

    def _act_all(self, actions):
        """Several actions as one step, all or nothing: they are tried on a copy
        first, so an illegal one leaves the game exactly as it was."""
        trial = self.state.copy()
        for action in actions:
            apply_action(trial, action)
        for action in actions:
            apply_action(self.state, action)
        self.notices = []
        self.draft = None

    def _do(self, act, arg):
        kind, viewer = self.screen()
        s = self.state
        if act == "undo":
            self.undo()
            return
        if act == "why":  # open the assistant's explanations (computed only now)
            if viewer is not None:
                key = (viewer, len(s.actions))
                self.assist_why = None if self.assist_why == key else key
            return
        if act == "unlock" and kind == "handoff":
            self.unlocked = s.to_act
            self.notices = []  # public news stays on the public screens
            self.draft = None
            self.undo_stack = []
            return
        if act == "continue" and kind == "bot":
            self.bots.acknowledge()
            return
        if act in ("leave", "back") and kind == "end":  # "Leave this game's result?"
            self.ask_leave = act == "leave"
            return
        if act == "continue" and kind == "checks":
            self.checks_shown = self.pending_checks()["round"]
            return
        if viewer is not None and act in ("mark", "auto", "sheet_mode"):
            self._sheet_event(viewer, act, arg)
            return
        if kind in PICKS and act in (PICKS[kind], "confirm_pick"):
            self._pick_event(kind, act, arg)
            return
        prompt = self.public_observation()["prompt"]
        if prompt and kind == prompt["phase"] and act in prompt["kinds"] and act in BUTTON_MOVES:
            self._act(BUTTON_MOVES[act](act, arg))
            return
        if kind == GUESS:
            self._guess_event(viewer, act, arg)
        elif kind in (SHORTCUT, FINAL):
            self._candidates_event(kind, viewer, act, arg)
        else:
            raise IllegalAction("UI", "ui_no_button")

    # -- the roller's and the replacing player's picks (public screens) -------------
    def pick_draft(self, kind):
        """The tentative choice on a dice or replace screen: {"kind", "at", "arg"}
        with arg "die:symbol" (a die's new face), a symbol (the stone to
        replace) or "" (nothing chosen: on the change screen, keep the dice)."""
        at = len(self.state.actions)
        d = self.draft
        if d is None or d.get("kind") != kind or d.get("at") != at:
            self.draft = {"kind": kind, "at": at, "arg": ""}
        return self.draft

    def _pick_event(self, kind, act, arg):
        d = self.pick_draft(kind)
        s = self.state
        move = PICKS[kind]
        if act == move:  # choose, choose another, or tap the chosen one again to drop it
            action = _die_symbol(move, arg) if move != DISCARD else _symbol(move, arg)
            if action not in legal_actions(s):
                raise IllegalAction(_PICK_RULE[move], "ui_no_button")
            d["arg"] = "" if d["arg"] == str(arg) else str(arg)
            return
        if not d["arg"]:  # "confirm_pick" with nothing chosen
            if kind != CHANGE_PHASE:
                raise IllegalAction(_PICK_RULE[move], "ui_no_button")
            self._act((ACCEPT,))
            return
        p = s.to_act
        action = _die_symbol(move, d["arg"]) if move != DISCARD else _symbol(move, d["arg"])
        self._act(action)
        if move == DISCARD:
            gone = s.discards[p][-1]
            self.notices = [{"player": p, "symbol": gone["symbol"], "value": gone["value"]}]

    # -- who takes the device next ----------------------------------------------------
    def next_holder(self, viewer):
        """Who must take the device once `viewer` confirms their private screen:
        a player (their handoff screen comes next), TABLE (a shared screen comes
        next: the check, the dice, the end, a computer's move) or None (solo
        play: nobody to pass to). The engine's queue holds who acts after the
        viewer in the wheel and final phases (R-G1, R-E3 order); a shortcut's
        candidates (R-X2b) lead back to the roller's dice, a shared screen."""
        if self.bots.solo():
            return None
        s = self.state
        if s.phase not in (GUESS, FINAL) or s.to_act != viewer or len(s.queue) < 2:
            return TABLE
        nxt = s.queue[1]
        return TABLE if self.bots.is_bot(nxt) else nxt

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
        """The unconfirmed wheel setting of the player to act (created on demand).

        With hints on it starts at the assistant's suggestion (issue 11: one
        confirm is enough to bet it); the player may change it until they confirm."""
        if self.draft is None or self.draft.get("kind") != "guess":
            self.draft = {"kind": "guess", "wheel": None, "low": DEFAULT_LOW}
            hint = self._suggested_bet()
            if hint is not None:
                self.draft["wheel"], self.draft["low"] = hint
        return self.draft

    def _suggested_bet(self):
        """(wheel, low) the assistant suggests to the player to act, or None."""
        s = self.state
        if not self.hints or s.phase != GUESS or self.bots.is_bot(s.to_act):
            return None
        best = best_wheel(analysis(self, observe(s, s.to_act)))
        if best is None or (SET_WHEEL, best["wheel"], best["low"]) not in legal_actions(s):
            return None
        return best["wheel"], best["low"]

    def _guess_event(self, viewer, act, arg):
        d = self.guess_draft()
        if act == "wheel":
            if arg not in WHEEL_WIDTH:
                raise IllegalAction("R-G1", "ui_no_wheel")
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
                raise IllegalAction("R-G1", "ui_no_wheel")
            if (w, low) == (d["wheel"], d["low"]):
                return
            self._remember("draft", viewer)
            d["wheel"], d["low"] = w, low
        elif act == "confirm_guess":
            if d["wheel"] is None:
                raise IllegalAction("R-G1", "ui_wheel_first")
            self._act((SET_WHEEL, d["wheel"], d["low"]))
            self._finish_private()
        else:
            raise IllegalAction("UI", "ui_no_button")

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
        elif act == "confirm" and kind == SHORTCUT:
            sym = s.offer_symbol
            vals = d["values"][sym]
            self._act((WRITE_SHORTCUT, tuple(vals)))
            self.sheets[viewer].final[sym] = list(vals)
            self._finish_private()
        elif act == "back" and kind == FINAL:  # "Confirm with no candidates?" -> Back
            d["ask_empty"] = False
        elif act in ("confirm", "confirm_empty") and kind == FINAL:
            syms = self.candidate_symbols(kind, viewer)
            if act == "confirm" and any(not d["values"][sym] for sym in syms):
                d["ask_empty"] = True  # asked again: a symbol without candidates scores −2
                return
            batch = [(WRITE_FINAL, sym, tuple(d["values"][sym])) for sym in syms]
            self._act_all(batch)
            for sym in syms:
                self.sheets[viewer].final[sym] = list(d["values"][sym])
            self._finish_private()
        else:
            raise IllegalAction("UI", "ui_no_button")

    def _finish_private(self):
        """Confirmed: the device is passed (the next screen is a handoff or a
        shared one), so nothing on this private screen can be undone any more."""
        self.unlocked = None
        self.draft = None
        self.undo_stack = []


# The rule a refused pick names.
_PICK_RULE = {TURN_BEAR: "R-R1a", CHANGE: "R-R1c", DISCARD: "R-P2"}


def _copy_draft(d):
    if d is None:
        return None
    out = dict(d)
    if "values" in d:
        out["values"] = {k: list(v) for k, v in d["values"].items()}
    return out
