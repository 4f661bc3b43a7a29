"""Watch the game: step forward and back through a record, on the drawn board.

Why a module of its own: the replay viewer is a view model like views.py
(pure, tested on CPython, MicroPython-portable); the adapter (gamepage.py) keeps
one Replay and draws `watch_model(replay)` with the same code as a game screen.

The rules stay in the engine: every step is the engine's own record replay
(lostcode/services/record.py replay_start/replay_action, seeded), never a
re-implementation. Stepping is incremental, because replaying a long game
from the start at every tap is slow on MicroPython: one pass at opening keeps
a copy of the state every CHECKPOINT actions; a step forward plays one
action on the current state, a step back copies the nearest earlier
checkpoint and plays at most CHECKPOINT - 1 actions.

What a step shows depends on whether the game is over. A finished game's
replay is for learning the deduction (as hanab.live replays show every hand):
its racks are all open at every step (R-S7 holds: once the game is over every
rack is open to everyone), and the "as NAME saw it" switch shows each step as
the engine's observation for that seat (observe(state, NAME)), so exactly
NAME's own stones are hidden and never reach the page before the last step
(the game over: every rack open, fix15). An
unfinished game (an import stopped mid-way) is not over: a step shows what the
whole table sees, the public view plus the unowned racks and the computer
seats' racks (observe_table); a human player's own stones stay face down.
Only this module's Replay holds a State under web/ besides the session
and the saves adapter: it is the engine's record replay, stepped.
"""

from ...rules.observation import observe, observe_table
from ...rules.vocab import EV_CHECK, EV_ROLL, HUMAN, PHASE_END, PHASE_FINAL
from ...services.record import replay_action, replay_start
from ..actions import (
    WATCH_CLOSE,
    WATCH_END,
    WATCH_NEXT,
    WATCH_NEXT_ROUND,
    WATCH_PLAY,
    WATCH_PREV,
    WATCH_PREV_ROUND,
    WATCH_SPEED,
    WATCH_START,
    WATCH_TICK,
    WATCH_VIEW,
)
from ..shell.blocks import button, buttons, para
from ..shell.i18n import _
from .board import board_model, rack_svg
from .describe import describe, log_lines
from .finalmarks import final_totals, finals_of, with_finals
from .names import symbol_name
from .reasons import AT_ONCE, reason_text, when_shown
from .resultscreens import check_rows, checks_marked, checks_said, rack_result
from .tableview import as_ended, ended_round, strip_model

CHECKPOINT = 12
# Issue 39, "replay like a recording": a playing replay shows a move every
# PLAY_MS / speed milliseconds; the speeds a player can choose.
PLAY_MS = 1600
SPEEDS = (1, 2, 4)
EVERYONE = "all"  # WATCH_VIEW's argument for every rack open (else a seat number)

# The viewer's controls are the page actions WATCH_* (actions.py). The GO_*
# names stay as aliases for tests/test_browser_viewer.py, which uses them.
GO_START = WATCH_START
GO_PREV_ROUND = WATCH_PREV_ROUND
GO_PREV = WATCH_PREV
GO_NEXT = WATCH_NEXT
GO_NEXT_ROUND = WATCH_NEXT_ROUND
GO_END = WATCH_END


class Replay:
    """A record being watched: the step on screen (0 = before the first
    action, n = after the last) and the state there."""

    __slots__ = (
        "record",
        "n",
        "step",
        "state",
        "marks",
        "loglen",
        "actors",
        "stops",
        "humans",
        "log",
        "finished",
        "view",
        "reasons",
        "playing",
        "speed",
        "held",
        "marker",
        "joined",
        "final_by",
        "result",
    )

    def __init__(self, data, step=0, view=None, reasons=None):
        rec, s = replay_start(data)  # RecordError if the record is unusable
        self.record = rec
        # issue 27: the expert seats' reasons the session kept (move number -> entry)
        self.reasons = reasons if isinstance(reasons, dict) else {}
        self.playing = False
        self.speed = SPEEDS[0]
        self.n = len(rec["actions"])
        self.humans = [i for i, p in enumerate(rec["players"]) if p.get("kind", HUMAN) == HUMAN]
        self.marks = {0: s.copy()}
        self.loglen = [len(s.log)]
        self.actors = [None]
        self.stops = []  # steps just after a roll: where each round starts on screen
        # issue 39: each step's scores and track heights, so that a bet's step shows
        # the scores from before the check its action ran (self.held)
        self.marker = [(list(s.scores), list(s.heights))]
        self.held = False
        # A tenth playtest (fix15's left 5b): the game shows the computers' final
        # candidates as one step on the board and each player's own as one screen,
        # but the record holds one action per symbol and seat (R-E1). The replay
        # steps over a run's inner actions the same way: `joined` holds each
        # step a move by hand passes over (its run goes on after it).
        self.joined = set()
        self.final_by = {}  # text17: step -> the seat whose final candidates it wrote
        run = None
        for i in range(self.n):
            self.actors.append(s.to_act)
            before = len(s.log)
            seat = s.to_act
            kind = rec["players"][seat].get("kind", HUMAN) if isinstance(seat, int) else None
            key = None
            if s.phase == PHASE_FINAL:  # a human's own run; the computers' one together
                key = ("human", seat) if kind == HUMAN else ("computers",)
            if key is not None:
                self.final_by[i + 1] = seat
            if key is not None and key == run:
                self.joined.add(i)  # the step before this action is inside the run
            run = key
            replay_action(s, rec, i)
            if (i + 1) % CHECKPOINT == 0:
                self.marks[i + 1] = s.copy()
            self.loglen.append(len(s.log))
            self.marker.append((list(s.scores), list(s.heights)))
            if len(s.log) > before and s.log[before]["t"] == EV_ROLL:
                self.stops.append(i + 1)
        self.log = s.log  # the whole game's public log; step k saw its first loglen[k]
        self.finished = s.phase == PHASE_END  # over: every rack may be open at every step
        # the end's result (R-E1: every final candidate once the game is over)
        self.result = observe_table(s, ()).get("result") if self.finished else None
        self.view = None  # None: every rack (a finished game); else the seat whose view
        self.set_view(EVERYONE if view is None else view)
        self.state = s
        self.step = self.n
        self.go(step)

    def checks_at(self, k: int):
        """Where step k's check begins in its events (None: the step ran no
        check). The last bet of a round runs the round's check in the same
        engine action; the replay shows them as two moments (issue 39)."""
        for i, e in enumerate(self.events(k)):
            if e["t"] == EV_CHECK:
                return i
        return None

    def finals_written(self, k=None) -> list:
        """The seats whose final candidates steps first(k)..k wrote, in seat order."""
        k = self.step if k is None else k
        return sorted({self.final_by[j] for j in range(self.first(k), k + 1) if j in self.final_by})

    def finals_shown(self) -> dict:
        """text17 (an eleventh playtest: "P1's final candidates are not drawn on its
        step"): a finished game's final candidates of every seat that has written
        them by this step, drawn on its rack as the end's step draws them all
        (R-E1: the game is over, nothing is secret); {} for an unfinished game."""
        if not self.finished or self.held:
            return {}
        last = {}  # each seat's last final step: its run whole by then
        for j, q in self.final_by.items():
            last[q] = max(j, last.get(q, 0))
        seats = {q for q in last if last[q] <= self.step}
        return finals_of(self.result, seats) if seats else {}

    def go(self, k: int, held: bool = False) -> None:
        """Show step k (clamped to 0..n); held: only its bet, before the check
        the same action ran (nothing to hold back on a step with no check)."""
        k = max(0, min(self.n, int(k)))
        self.held = bool(held) and self.checks_at(k) is not None
        if k < self.step or k - self.step >= CHECKPOINT:
            base = k - k % CHECKPOINT
            self.state = self.marks[base].copy()
            self.step = base
        while self.step < k:
            replay_action(self.state, self.record, self.step)
            self.step += 1

    def set_view(self, who) -> None:
        """Whose view the replay shows (WATCH_VIEW's argument): EVERYONE, or a
        seat number for "as NAME saw it". Only a finished game has a choice:
        an unfinished one keeps the table's view (nothing else is set)."""
        self.view = None
        if not self.finished:
            return
        text = str(who)
        if text.isdigit() and int(text) < len(self.record["players"]):
            self.view = int(text)

    def targets(self) -> dict:
        """The step each control leads to (None: the control does nothing here)."""
        k, n = self.step, self.n
        later = [s for s in self.stops + [n] if s > k]
        earlier = [s for s in [0] + self.stops if s < k]
        return {
            WATCH_START: 0 if k > 0 else None,
            WATCH_PREV_ROUND: earlier[-1] if earlier else None,
            WATCH_PREV: self._back(),
            WATCH_NEXT: self._on(),
            WATCH_NEXT_ROUND: later[0] if later else None,
            WATCH_END: n if k < n else None,
        }

    def _on(self):
        """The step Next shows: this step's check once its bet was shown
        (the same step), else the next one shown (None at the end)."""
        if self.held:
            return self.step
        return self._after(self.step) if self.step < self.n else None

    def _after(self, k: int) -> int:
        """The step shown after step k: the end of a final candidates' run."""
        k += 1
        while k in self.joined and k < self.n:
            k += 1
        return k

    def _before(self, k: int) -> int:
        """The step shown before step k: before its final candidates' run."""
        k -= 1
        while k in self.joined and k > 0:
            k -= 1
        return k

    def first(self, k=None) -> int:
        """The first action of step k's run (k itself for a step of one action)."""
        k = self.step if k is None else k
        while k - 1 in self.joined:
            k -= 1
        return k

    def _back(self):
        """The step Previous shows: a check's own bet (the same step, held),
        else the step before (None at the start)."""
        if not self.held and self.step > 0 and self.checks_at(self.step) is not None:
            return self.step
        return self._before(self.step) if self.step > 0 else None

    def _move(self, act: str) -> None:
        """One move forward or back, a bet and its check as two moments: Next
        onto a step that ran a check shows its bet first (held)."""
        if act == WATCH_NEXT:
            if self.held:
                self.held = False
            elif self.step < self.n:
                self.go(self._after(self.step), held=True)
        elif self.held:
            self.go(self._before(self.step))
        elif self.step > 0 and self.checks_at(self.step) is not None:
            self.held = True
        elif self.step > 0:
            self.go(self._before(self.step))

    def do(self, act: str, arg="") -> None:
        """A control's action. Play starts (from the start once at the end) or
        pauses; a tick is the playing replay's next move and stops at the end;
        any step by hand pauses, as a player's hand on a recording does."""
        if act == WATCH_PLAY:
            if not self.playing and self.step >= self.n and not self.held:
                self.go(0)
            self.playing = not self.playing
        elif act == WATCH_SPEED:
            text = str(arg)
            if text.isdigit() and int(text) in SPEEDS:
                self.speed = int(text)
        elif act == WATCH_TICK:
            if self.playing and (self.held or self.step < self.n):
                self._move(WATCH_NEXT)
            self.playing = self.playing and (self.held or self.step < self.n)
        elif act in (WATCH_NEXT, WATCH_PREV):
            self.playing = False
            self._move(act)
        else:
            self.playing = False
            target = self.targets().get(act)
            if target is not None:
                self.go(target)

    def pace(self):
        """The timer a playing replay asks of the page (the model's "auto":
        its next move after PLAY_MS / speed, the same under reduced motion,
        since the pace is the player's choice, not an animation), or None."""
        if not self.playing or (self.step >= self.n and not self.held):
            return None
        return {"act": WATCH_TICK, "ms": PLAY_MS // self.speed, "steady": True}

    def events(self, k=None) -> list:
        """The public log entries step k added (the action's consequences; a
        final candidates' run: its every action's)."""
        k = self.step if k is None else k
        if k == 0:
            return []
        return self.log[self.loglen[self.first(k) - 1] : self.loglen[k]]

    def seen(self) -> int:
        """How much of the public log this step shows (a held bet: up to its check)."""
        if self.held:
            return self.loglen[self.step - 1] + self.checks_at(self.step)
        return self.loglen[self.step]

    def observation(self) -> dict:
        """What this step shows. A finished game: every rack (observe_table
        with no human to hide from), or the engine's observation of the seat
        in view: its own stones hidden at every step but the last, where the
        game is over and every rack open (R-S7; fix15: a ninth playtest found
        them still "?" there). An unfinished game: what the whole table sees."""
        s = self.state
        if self.finished and self.view is not None:
            obs = dict(observe(s, self.view))  # face up once the game is over
        elif self.finished:
            obs = dict(observe_table(s, ()))
        else:
            obs = dict(observe_table(s, self.humans))
        if self.held:  # the bet only: the markers where they were before its check
            scores, heights = self.marker[self.step - 1]
            obs["scores"], obs["heights"] = list(scores), list(heights)
            obs["log"] = self.log[: self.seen()]
        obs["viewer"] = None  # watched by anybody: no rack is drawn as "yours"
        return obs


def step_text(replay, names) -> tuple:
    """(the one-line description of the step's action, what else it caused)."""
    k = replay.step
    if k == 0:
        return _("The game is set up; nothing has been played yet."), []
    events = replay.events()
    check = replay.checks_at(k)
    if check is not None and replay.held:  # a bet and its check: two moments (issue 39)
        events = events[:check]
    elif check is not None:  # the check: every player's result in one line, as live
        checks = [e for e in events[check:] if e["t"] == EV_CHECK]
        rest = [describe(e, names) for e in events[check:] if e["t"] != EV_CHECK]
        return checks_said(check_rows(checks, names)), rest
    seats = replay.finals_written(k) if replay.first(k) < k else []
    if len(seats) > 1:  # text17: the computers' run names each of them, as the game does
        return _("{names} and {last} wrote their final candidates.",
                 names=", ".join(names[q] for q in seats[:-1]), last=names[seats[-1]]), []
    said = [describe(e, names) for e in events]
    if said:
        return said[0], said[1:]
    # Only a final candidate of a symbol before a player's last one adds no
    # public event: say whose it is and the symbol, never the values.
    action = replay.record["actions"][k - 1]
    p = replay.actors[k]
    sym = action[1] if len(action) > 1 and isinstance(action[1], str) else ""
    return _("{name} wrote their final {sym} candidates.", name=names[p], sym=symbol_name(sym)), []


def step_reasons(replay, names) -> str:
    """The expert's reasons for the step's move ("" if none, or not to be said
    yet): a finished game's replay says them all; an unfinished one only those
    of public moves (R-G3: a bet stays secret until its check, reasons.py)."""
    k = replay.step
    r = replay.reasons.get(k - 1) if k > 0 else None
    if r is None or not (replay.finished or when_shown(r["options"]) == AT_ONCE):
        return ""
    text = reason_text(r["options"])
    return _("{name}: {reasons}", name=names[r["seat"]], reasons=text) if text else ""


def nav_buttons(replay) -> list:
    # In the order they are drawn (style.css .buttons.nav): moves, then rounds
    # between "to the start" and "to the end", drawn as media-player marks so
    # that the row fits 360 px in every language; their names are the words.
    # Issue 39: one row, play/pause in the middle, so the panel is a compact bar.
    words = (
        (WATCH_START, _("Start"), "|◀"),
        (WATCH_PREV_ROUND, _("Previous round"), "«"),
        (WATCH_PREV, _("Previous move"), "‹"),
        (WATCH_NEXT, _("Next move"), "›"),
        (WATCH_NEXT_ROUND, _("Next round"), "»"),
        (WATCH_END, _("End"), "▶|"),
    )
    t = replay.targets()
    out = [
        button(
            mark or text,
            act,
            disabled=t[act] is None,
            primary=act == WATCH_NEXT,
            aria=text if mark else None,
        )
        for act, text, mark in words
    ]
    out.insert(3, play_button(replay))
    return out


def at_end(replay) -> bool:
    """The last step is on screen (its whole step: not a bet held before its check)."""
    return replay.step >= replay.n and not replay.held


def play_button(replay) -> dict:
    """Play, or pause while it plays by itself; at the last step (issue 39: ▶
    stood there as if more moves were to come) it plays again from the start,
    and says so."""
    if replay.playing:
        return button("❚❚", WATCH_PLAY, aria=_("Pause"))
    if at_end(replay):
        return button("↺", WATCH_PLAY, aria=_("Play again from the start"))
    return button("▶", WATCH_PLAY, aria=_("Play the moves"))


def step_count(replay) -> str:
    """The step's place in the count, "of N" fixed: a round's check has its
    own ("Check after move 25 of 77"), not its bet's "Move 25 of 77"."""
    if not replay.held and replay.checks_at(replay.step) is not None:
        return _("Check after move {step} of {moves}", step=replay.step, moves=replay.n)
    first = replay.first()
    if first < replay.step:  # a final candidates' run, one step (its moves named)
        return _("Moves {first}–{step} of {moves}", first=first, step=replay.step, moves=replay.n)
    return _("Move {step} of {moves}", step=replay.step, moves=replay.n)


def play_buttons(replay) -> dict:
    """The speeds of play by itself, in one short row of the panel (play and
    pause are in the bar's row, nav_buttons)."""
    items = []
    for x in SPEEDS:
        items.append(
            button(
                _("{n}×", n=x),
                WATCH_SPEED,
                str(x),
                pressed=replay.speed == x,
                aria=_("Speed {n}×", n=x),
            )
        )
    return buttons(items, _("Play by itself"))


def view_buttons(replay, names) -> dict:
    """A finished game's switch: every rack open, or one player's view (their
    own stones hidden) to replay their deduction; the chosen one is pressed.
    One short row of the panel (the names) after "As seen by"; each name is the visible
    part of the control's full name ("As Ann saw it")."""
    items = [
        button(
            _("Everyone"),
            WATCH_VIEW,
            EVERYONE,
            pressed=replay.view is None,
            aria=_("Everyone's stones"),
        )
    ]
    for p, name in enumerate(names):
        items.append(
            button(
                name, WATCH_VIEW, p, pressed=replay.view == p, aria=_("As {name} saw it", name=name)
            )
        )
    return buttons(items, _("As seen by"))


def watch_model(replay, back_to_result=True) -> dict:
    """The viewer's screen, in the shape of views.screen_model (the adapter
    draws both alike): the board at this step, the step's description, the
    controls."""
    obs = replay.observation()
    names = obs["names"]
    line, more = step_text(replay, names)
    checks = step_checks(replay)
    step = {"t": "step", "text": line}
    if checks:  # desk10: on a phone a mark a result (each one's words for screen readers)
        step["short"] = checks_marked(checks, names)
    blocks = [{"t": "status", "text": step_count(replay)}, step]
    # Issue 39: the panel is a compact bar (the step, the speeds and "As seen by"
    # in a short row each, then the row of moves at the bottom edge, where the
    # thumb is and where it stays while the step's words change length); the
    # rest lies under the board ("aside"): at 360x640 every control of the
    # recording is in the first viewport and no rack is covered.
    blocks.append(play_buttons(replay))
    if replay.finished:
        blocks.append(view_buttons(replay, names))
    blocks.append(
        {"t": "buttons", "label": _("Replay controls"), "items": nav_buttons(replay), "nav": True}
    )
    rest = []
    if more:
        rest.append({"t": "list", "label": _("What followed"), "items": more})
    why = step_reasons(replay, names)
    if why:
        rest.append({"t": "list", "label": _("The expert's reasons"), "items": [why]})
    if not replay.finished and replay.humans:
        rest.append(
            para(_("This game is not over: each player's own stones stay hidden, as at the table."))
        )
    if back_to_result and at_end(replay):  # text17: in the panel, not under it (065)
        back = buttons([button(_("Back to the result"), WATCH_CLOSE)])
        back["cls"] = "back"
        blocks.insert(len(blocks) - 1, back)
    elif back_to_result:  # a finished game: its end screen
        rest.append(buttons([button(_("Back to the result"), WATCH_CLOSE)]))
    else:  # an imported game stopped mid-way: back to its import, to go on playing it
        rest.append(buttons([button(_("Back to the saved games"), WATCH_CLOSE)]))
    for b in rest:
        b["aside"] = True
    blocks.extend(rest)
    return {
        "kind": "watch",
        "private": False,
        "viewer": None,
        "viewer_name": "",
        "heading": _("Watch the game"),
        "blocks": blocks,
        "table": None,
        "sheet": None,
        # issue 39: the scores at this step, on top; a round's last move (its last
        # replacement, its check) is that round's, not the next one's still unrolled
        "board": watch_board(obs, replay.step, checks, at_end(replay), replay.finals_shown()),
        "strip": watch_strip(replay, obs),
        "evidence": "racks",
        "assistant": None,
        "log_label": _("Game log"),
        "error": "",
        "undo": False,
        "notices": [],
        "step": replay.step,
        "held": replay.held,
        "auto": replay.pace(),
        "announce": line,
    }


def step_checks(replay) -> list:
    """The step's check results (its EV_CHECK events), [] on any other step."""
    check = None if replay.held else replay.checks_at(replay.step)
    if check is None:
        return []
    return [e for e in replay.events()[check:] if e["t"] == EV_CHECK]


def watch_board(obs, step, checks, end=False, written=None) -> dict:
    """The board at this step; at a check each result beside its rack, as the
    game's check screen draws it (desk10: the 4-player check's words took a
    fourth line of a phone's panel; the marks there say it in the board's place).
    At the end (`end`: the last run of final candidates) every player's on
    their stones and "Final +N" beside each rack, as the game's end screen
    draws them (views.screen_model; a tenth playtest: the replay ended with
    no candidate drawn). R-E1: the game is over, nothing is secret."""
    board = board_model(as_ended(obs, step), round_of=ended_round(obs, step))
    if end and obs.get("result"):
        board = dict(board)
        board["racks"] = with_finals(board["racks"], obs["symbols"], finals_of(obs["result"]),
                                     final_totals(obs["result"]), obs["names"])
    elif written:  # text17: a run's final candidates on its step (Replay.finals_shown)
        board = dict(board)
        board["racks"] = with_finals(board["racks"], obs["symbols"], written)
    elif checks:
        got = {g["player"]: rack_result(g, obs["names"]) for g in checks}
        board["racks"] = [rack_svg(obs, r, got.get(obs["racks"][r]["owner"]))
                          for r in range(len(obs["racks"]))]
    return board


def watch_strip(replay, obs) -> dict:
    """The strip at this step: the scores as they were after it (issue 39: a
    round's last bet before its check, then the check with what it moved,
    "5 (+2)", as the game's check screen shows it)."""
    shown = ended_round(obs, replay.step)
    check = None if replay.held else replay.checks_at(replay.step)
    if check is not None:
        return strip_model(obs, "checks", check_round=replay.events()[check]["round"],
                           round_shown=shown)
    return strip_model(obs, "watch", round_shown=shown)


def watch_log(replay, names) -> list:
    """The game log up to this step (the log panel while watching)."""
    return log_lines(replay.log[: replay.seen()], names)
