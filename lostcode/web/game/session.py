"""A pass-and-play game on one device: the engine state plus what the screen
flow needs (who has unlocked a private screen, unconfirmed drafts, undo).

Issue 11: every choice on the roller's screen or a private screen (a die to
turn, the wheel and its range, the stone to replace, candidates) is a draft
the player may change until they press the screen's confirm control; only
then does an action reach the engine (so records never hold tentative
choices). A private screen's confirm also passes the device: the next screen
is the next player's handoff (or a shared screen), with no "done" screen.
The drafts themselves and their undo live in drafts.py (`Drafts`, which
Session inherits), the searches the page runs in slices (an expert seat's,
the assistant's "What would the expert do?") in searches.py; this module
keeps the flow between screens.

Pure Python, no DOM: the adapter turns a DOM event into `Session.do(act, arg)`
(`act` a name of lostcode.web.actions; `HANDLERS` picks its handler; the page's
one dispatcher, main.dispatch, calls it for the SESSION scope), then
renders `views.screen_model(session)`, and writes a save when `revision`
moved. A handler changes the session; `_prepare` then makes what the next
screen reads (its draft, the assistant's analysis, up-to-date sheets), so
drawing changes nothing. Engine rules stay in the engine; this only decides
which screen comes next. Phases are named `vocab.PHASE_*`, actions by their
own names (an action kind and a phase may share a string: "guess").
"""

from ...player.searches import Searches, finish_all
from ...rules import vocab
from ...rules.engine import apply_action
from ...rules.errors import IllegalAction
from ...rules.observation import observe, observe_table, prompt
from ...rules.options import OPTION_FLAGS, Options
from ...rules.setup import new_game
from ...rules.vocab import CHANGE, DISCARD, PASS, ROLL, TAKE, TURN_BEAR
from ...services.record import to_record
from ..actions import (
    AUTO,
    BACK,
    CAND,
    CONFIRM,
    CONFIRM_EMPTY,
    CONFIRM_GUESS,
    CONFIRM_PICK,
    CONTINUE,
    EXPERT,
    LEAVE,
    LOW,
    LOWER,
    MARK,
    RAISE,
    SHEET_MODE,
    SKIP,
    UNDO,
    UNLOCK,
    USE_EXPERT,
    USE_HINT,
    WHEEL,
    WHY,
)
from ..shell.i18n import _
from .assistant import PANEL_SCREENS, held_for, keep_analysis, why_key
from .describe import reason
from .drafts import PICKS, Drafts, no_button
from .sheet import Sheet
from .solo import BotSeats, check_seats

# Screens only their player may see. The roller's keep-or-turn (R-R1c) is one of
# them (issue 22): like a player at a real table they choose while looking at
# the others' stones, which a public screen would have to hide.
PRIVATE_PHASES = (vocab.PHASE_CHANGE, vocab.PHASE_SHORTCUT, vocab.PHASE_GUESS, vocab.PHASE_FINAL)
TABLE = -1  # next_holder(): nobody needs privacy next, the device goes to the table


class Session(Drafts):
    """One game on this device. `do(act, arg)` is the only way a page event
    changes it; every screen model is then a pure function of it (views.py):
    whatever a screen needs made (a draft, the sheet brought up to date, the
    assistant's analysis) is made by `_prepare` after each event, never while
    drawing. `revision` counts the changes to what a save holds, so the page
    writes a save only when it moved."""

    def __init__(self, options, seed, names, seats=None, hints=True, state=None):
        """A new game; or, with `state` (a replayed game, saving.session_from_state;
        a game set up by a subclass), a session around that state: then nothing
        is played or prepared here, and the caller calls `resume()` once it has
        put back what else it restores."""
        n = options.players
        self.seats = check_seats(seats, n)  # human / easy / medium / hard (solo.py)
        self.bots = BotSeats(self.seats, seed, sliced=True)  # an expert's search: the page's slices
        self.hints = bool(hints)  # the deduction assistant (assistant.py)
        # The assistant's analysis of the private screen shown (assistant.keep_analysis).
        self.assist = None
        self.assist_why = None  # (viewer, move) whose "Why…" explanations are open
        # Issue 40: the page draws the next screen first and makes the analysis
        # after it (assist_due, prepare_assist); tests and the command line keep
        # it made by _prepare. The guess's wheel starts at the suggestion, so
        # that screen still makes it before drawing (drafts._suggested_bet).
        self.defer_assist = False
        # Issue 27: "What would the expert do?": where it was asked, and its search
        # (run in slices by the page like an expert seat's): searches.py.
        self.searches = Searches()
        self.sheets = [Sheet() for _p in range(n)]
        self.unlocked = None  # the player whose private screen is open
        self.checks_shown = 0  # last round whose check results were acknowledged
        self.notices = []  # public news shown on the next public screen
        Drafts.__init__(self)  # the screen's draft (made by _prepare) and the undo stack
        self.error = ""
        self.tutorial = False  # the guided first game: tips on screens (tutorial.py)
        self.ask_leave = False  # the end screen's "New game" pressed: asked again
        self.revision = 0  # +1 whenever what a save holds changes (the page saves then)
        if state is None:
            self.state = new_game(options, seed, names)
            self.resume()  # a computer seat may roll first
        else:
            self.state = state

    @classmethod
    def from_form(cls, players, names, flags, seed, seats=None, hints=True):
        opts = Options(players, *[bool(flags.get(f, False)) for f in OPTION_FLAGS])
        return cls(opts, seed, names, seats, hints=hints)

    def resume(self):
        """Play on from the state as it is: the computer seats move if it is their
        turn, and the screen now shown is prepared. Not a change of the game as
        saved (the moves replay the same from the seed), so revision stays."""
        self.run_bots()

    def run_bots(self, limit=200):
        """Play bot moves until a human decides, check results are due, or the
        end; then prepare the screen now shown. Returns the moves played."""
        n = self.play_bots(limit)
        self._prepare()
        return n

    def play_bots(self, limit=200):
        """The bot moves of run_bots (solo.BotSeats.play: each step kept for the board)."""
        return self.bots.play(self.state, limit, self.pending_checks)

    # -- searches run in slices (issue 27) ----------------------------------------------
    def search_due(self):
        """The search the page must run now, a slice at a time (thinking.Job):
        an expert seat's decision, or the assistant's "What would the expert
        do?"; None when nothing is searching (searches.Searches.due)."""
        return self.searches.due(self.bots)

    def search_done(self):
        """The page ran the due search to its end: the expert's move is played
        (and the computers after it), or the assistant's answer is shown. Like
        an action, it moves `revision` when the game changed."""
        before = self._save_key()
        self.run_bots()
        self._count_change(before)

    def finish_searches(self, limit=500):
        """Run every due search at once (the tests' and the command line's way;
        the page slices them): what the page reaches, with no page."""
        return finish_all(self, limit)

    def reasons(self):
        """Each expert decision's reasons: move number -> {"seat", "round", "options"}."""
        return self.bots.reasons

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
        if s.phase == vocab.PHASE_END:
            return "end", None
        if self.bots.is_bot(s.to_act):
            return "bot", None
        if s.phase in PRIVATE_PHASES:
            if self.unlocked != s.to_act and not self.bots.solo():
                return "handoff", None
            return s.phase, s.to_act
        if s.phase == vocab.PHASE_REPLACE and self.bots.solo() and s.to_act in self.bots.humans:
            # fix9: solo, the one human's replacement is their own screen, with the
            # expert's help as the computers explain theirs (it holds no stone of theirs)
            return s.phase, s.to_act
        return s.phase, None

    def observation(self):
        """What the current screen may show: the viewer's observation; at the
        end the engine's, with every rack face up."""
        kind, viewer = self.screen()
        if kind == "end":
            return observe(self.state, None)
        if viewer is None:
            # Shared screens show what every human there may see (observe_table);
            # in solo play every screen is the one human's. A computer's last
            # moves are told before the racks are turned face up (the end screen).
            return observe_table(self.state, self.bots.humans, reveal_end=False)
        return observe(self.state, viewer)

    def public_observation(self):
        """What the whole table sees (the game log, public screens)."""
        return observe(self.state, None)

    def shown_notices(self):
        """The public news to show: none while a private screen is open (it
        stays for the public screens until the next move clears it). desk12: a
        discard's notice lasts until the round moves on: a player's own screen
        of a later round shows it no more (a solo human's wheel screen of the
        next round held it, at 1280x800; the computers' steps before it, and
        the next round's roll, still say it)."""
        if self.unlocked is not None:
            return []
        r = self.state.round
        if self.notices and self.screen()[1] is not None:
            return [n for n in self.notices if n.get("round", r) >= r]
        return self.notices

    def moves_played(self) -> int:
        """How many actions the game has (the adapter's screen and save checks)."""
        return len(self.state.actions)

    def is_over(self) -> bool:
        return self.state.phase == vocab.PHASE_END

    def record(self):
        return to_record(self.state, self.seats)

    # -- events ------------------------------------------------------------------
    def do(self, act, arg=""):
        """Handle one user event; an illegal one leaves a message in `error`.
        Computer seats then play up to the next human decision, the next
        screen is prepared, and `revision` moves if the save's content did."""
        before = self._save_key()
        self.error = ""
        try:
            self._dispatch(act, arg)
        except IllegalAction as e:
            self.error = _("That is not possible: {reason}", reason=reason(e))
        except ValueError:
            self.error = _("Please enter a whole number.")
        self.run_bots()
        self._count_change(before)

    def _dispatch(self, act, arg):
        handler = self.HANDLERS.get(act)
        if handler is None:
            raise no_button()
        kind, viewer = self.screen()
        handler(self, act, arg, kind, viewer)

    def _save_key(self):
        """What a save holds besides the screen (saving.session_ui and the record)."""
        return (
            len(self.state.actions),
            self.checks_shown,
            [dict(x) for x in self.notices],
            [sh.to_dict() for sh in self.sheets],
            self.hints,
        )

    def _count_change(self, before):
        if self._save_key() != before:
            self.revision += 1

    def _prepare(self):
        """Make what the screen now shown reads, so that drawing it changes
        nothing: the humans' sheets brought up to date with their discards
        (R-P3: a replaced stone clears that symbol's crosses), the assistant's
        analysis for the private screen's viewer (with its explanations when
        "Why…" is open), the expert's answer's search when it was asked on
        this screen (searches.py), and the screen's draft (the wheel's starts
        at the suggested bet when hints are on; candidates start from the sheet)."""
        s = self.state
        for p in self.bots.humans:
            self.sheets[p].sync_discards(s.discards[p])
        kind, viewer = self.screen()
        if viewer is not None and self.hints and kind in PANEL_SCREENS and not self.defer_assist:
            self._analysis(observe(s, viewer))
        self.searches.prepare(s, viewer, self.hints)
        self._ensure_draft(kind, viewer)

    def assist_due(self):
        """The observation whose analysis is still to make (defer_assist: after
        the screen is drawn), or None: the private panel screen shown, or on
        a handoff the next player's, so "I am NAME" finds it made."""
        if not self.hints:
            return None
        kind, viewer = self.screen()
        s = self.state
        if kind == "handoff" and s.phase in PANEL_SCREENS:
            viewer = s.to_act
        elif viewer is None or kind not in PANEL_SCREENS:
            return None
        obs = observe(s, viewer)
        if held_for(self, obs, self.assist_why == why_key(obs)):
            return None
        return obs

    def prepare_assist(self):
        """Make the analysis assist_due names (the page runs this in a task of
        its own after drawing); True when one was made."""
        obs = self.assist_due()
        if obs is None:
            return False
        self._analysis(obs)
        return True

    def _analysis(self, obs):
        self.assist = keep_analysis(self.assist, obs, self.assist_why == why_key(obs))
        return self.assist["analysis"]

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

    # -- the handlers (HANDLERS) -------------------------------------------------------
    def _on_undo(self, act, arg, kind, viewer):
        self.undo()

    def _on_why(self, act, arg, kind, viewer):
        """Open or close the assistant's explanations (computed by _prepare only then)."""
        if viewer is not None:
            key = (viewer, len(self.state.actions))
            self.assist_why = None if self.assist_why == key else key

    def _on_expert(self, act, arg, kind, viewer):
        """"What would the expert do?" on a private screen with hints on: its search
        starts (_prepare); once done the panel shows its move and alternatives."""
        if viewer is None or not self.hints:
            raise no_button()
        self.searches.ask(viewer, len(self.state.actions))

    def _on_use_expert(self, act, arg, kind, viewer):
        """"Play the expert's move" (fix18b): its move becomes the screen's choice."""
        if viewer is None or not self.hints:
            raise no_button()
        self._use_expert(kind, viewer, arg)

    def _on_unlock(self, act, arg, kind, viewer):
        if kind != "handoff":
            raise no_button()
        self.unlocked = self.state.to_act
        self.draft = None
        self.undo_stack = []

    def _on_continue(self, act, arg, kind, viewer):
        if kind == "bot" and self.bots.waiting():
            raise no_button()  # a bot still deciding: nothing to go on to (issue 22)
        if kind == "bot":
            self.bots.next_step()  # the next move on the board, or past the last
        elif kind == "checks":
            self.checks_shown = self.pending_checks()["round"]
        else:
            raise no_button()

    def _on_skip(self, act, arg, kind, viewer):
        """Past every computer move shown: to the next human decision or the
        round's check at once (a tap on the bot screen, Skip, reduced motion)."""
        if kind != "bot" or self.bots.waiting():
            raise no_button()
        self.bots.acknowledge()

    def _on_leave(self, act, arg, kind, viewer):
        if kind != "end":
            raise no_button()
        self.ask_leave = True  # "Leave this game's result?"

    def _on_back(self, act, arg, kind, viewer):
        if kind == "end":
            self.ask_leave = False
        elif kind == vocab.PHASE_FINAL:  # "Confirm with no candidates?" -> Back
            self._candidates_event(kind, viewer, act, arg)
        else:
            raise no_button()

    def _on_sheet(self, act, arg, kind, viewer):
        if viewer is None:
            raise no_button()
        self._sheet_event(viewer, act, arg)

    def _on_pick(self, act, arg, kind, viewer):
        if kind not in PICKS or act not in (PICKS[kind], CONFIRM_PICK):
            raise no_button()
        self._pick_event(kind, act, arg)

    def _on_button_move(self, act, arg, kind, viewer):
        """Roll, take or pass the shortcut token: played at once. The choices (a
        die's new face, the stone to replace, the wheel, candidates) go through
        drafts until confirmed (issue 11)."""
        p = prompt(self.state)
        if not p or kind != p["phase"] or act not in p["kinds"]:
            raise no_button()
        self._act((act,))

    def _on_guess(self, act, arg, kind, viewer):
        if kind != vocab.PHASE_GUESS:
            raise no_button()
        self._guess_event(viewer, act, arg)

    def _on_candidates(self, act, arg, kind, viewer):
        if kind not in (vocab.PHASE_SHORTCUT, vocab.PHASE_FINAL):
            raise no_button()
        self._candidates_event(kind, viewer, act, arg)

    # The session's page actions (actions.py, scope SESSION): name -> handler,
    # a function of this class (issue 38: no method names as strings), called
    # by do() as handler(session, act, arg, kind, viewer). Each decides by the
    # screen shown (kind, viewer); a name it has no use for on that screen is
    # refused as "ui_no_button".
    HANDLERS = {
        UNDO: _on_undo,
        WHY: _on_why,
        EXPERT: _on_expert,
        UNLOCK: _on_unlock,
        CONTINUE: _on_continue,
        SKIP: _on_skip,
        LEAVE: _on_leave,
        BACK: _on_back,
        MARK: _on_sheet,
        AUTO: _on_sheet,
        SHEET_MODE: _on_sheet,
        TURN_BEAR: _on_pick,
        CHANGE: _on_pick,
        DISCARD: _on_pick,
        CONFIRM_PICK: _on_pick,
        ROLL: _on_button_move,
        TAKE: _on_button_move,
        PASS: _on_button_move,
        WHEEL: _on_guess,
        LOWER: _on_guess,
        RAISE: _on_guess,
        LOW: _on_guess,
        USE_HINT: _on_guess,
        USE_EXPERT: _on_use_expert,
        CONFIRM_GUESS: _on_guess,
        CAND: _on_candidates,
        CONFIRM: _on_candidates,
        CONFIRM_EMPTY: _on_candidates,
    }

    def _after_change(self, roller):
        """The dice are final (R-R1c) before anyone bets. When the roller is also
        the first to set a wheel (R-G1 and R-R1 both start from the furthest
        behind, and no score moves in between: always, today), their
        private screen goes on to it with no second handoff; otherwise the
        device is passed as after any private screen."""
        self._finish_private()
        if self._goes_on(roller):
            self.unlocked = roller

    def _goes_on(self, viewer):
        """Whether the player who just confirmed a private screen acts next on
        another private screen of theirs (the roller's wheel after their dice;
        the roller's dice after their own shortcut candidates, R-X2b then
        R-R1c): they keep the device, with no handoff in between (issue 22)."""
        s = self.state
        return (
            s.phase in (vocab.PHASE_CHANGE, vocab.PHASE_GUESS)
            and s.to_act == viewer
            and not self.bots.solo()
        )

    # -- who takes the device next ----------------------------------------------------
    def next_holder(self, viewer):
        """Who must take the device once `viewer` confirms their private screen:
        a player (their handoff screen comes next), TABLE (a shared screen comes
        next: the check, the dice, the end, a computer's move) or None (solo
        play, or the roller's shortcut candidates before their own dice: nobody
        to pass to). The engine's queue holds who acts after the
        viewer in the wheel and final phases (R-G1, R-E3 order); a shortcut's
        candidates (R-X2b) lead on to the roller's dice, their private screen
        (issue 22)."""
        if self.bots.solo():
            return None
        s = self.state
        if s.phase == vocab.PHASE_SHORTCUT:
            if s.roller == viewer:
                return None  # their own dice come next (_goes_on): nobody to pass to
            return TABLE if self.bots.is_bot(s.roller) else s.roller
        queued = s.phase in (vocab.PHASE_GUESS, vocab.PHASE_FINAL) and s.to_act == viewer
        if not queued or len(s.queue) < 2:
            return TABLE
        nxt = s.queue[1]
        return TABLE if self.bots.is_bot(nxt) else nxt

    def hide(self):
        """The page is being left (issue 25: pagehide): an open private screen
        goes back to its handoff, so Back/Forward from the browser's cache or
        a restored tab shows "Pass the device to NAME", never the stones. Its
        unconfirmed draft goes too (unlocking starts a fresh one). True if a
        private screen was open."""
        kind, viewer = self.screen()
        if viewer is None or self.unlocked is None or self.bots.solo():
            return False  # alone at the table, nothing to hide from
        self.unlocked = None
        self.draft = None
        self.undo_stack = []
        return self.screen()[0] == "handoff"

    def _finish_private(self):
        """Confirmed: the device is passed (the next screen is a handoff or a
        shared one), so nothing on this private screen can be undone any more."""
        self.unlocked = None
        self.draft = None
        self.undo_stack = []


