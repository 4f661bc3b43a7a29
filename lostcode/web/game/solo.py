"""Computer seats in the web edition (issue 4): seat kinds, the bots' own
seeded generators, and what the table is told about a bot's move.

The Session (`Session.run_bots`) plays every bot decision up to the next
human decision (or a check-results screen, or the end); the moves go into the
engine as usual, so the record replays. What a bot did is shown on a public
"bot" screen: the public events its moves caused, each said once, in order,
by the page's one describer (describe.py), so a bot's line never holds a
range, a candidate or a stone a bot cannot see face up. A bot decides from its
own observation only (`bots.Player.choose`).

Issue 22: a bot's turn needs no tap, and is played on the drawn board one
move after another. Each move is a step: the board as it was right after that
move (`Session.play_bots` keeps the whole table's observation before and
after each bot move, so a step never holds a human's own stones), the move
marked on it (the dice rolled, the die turned, the wheel taken in the bot's
colour, the stone replaced, the symbol whose candidates were written) and a
short caption; the report's list keeps the full words of the steps shown so
far. The screen carries `auto`: the page (gamepage.py) plays CONTINUE (the
next step) by itself after PACE_MS; a tap anywhere, or Skip, plays SKIP: the
end of the bots' run (the next human decision or the round's check) at once;
reduced motion plays the same steps with no moment (fix10). While a bot has
not decided yet (the Bot lab's, labseat.py, or an expert searching) nothing
advances and no control is shown (issue 39: a greyed-out Continue beside the
move just played read as a contradiction): one line says who is thinking.

Issue 27: an expert seat's decision is a search (lostcode/player/expert.py).
In the page's sessions (`sliced`) it is a thinking.Job the page runs a slice at
a time between frames (slices.py); until it is done `decide` raises
Thinking and the run stops there, the steps already played going on at their
pace. Its options are kept as its reasons (reasons.py says them).

Issue 38: the seat logic itself (seeds, decisions, the report) is
lostcode/player/seats.py's, shared with table mode's host; this module keeps
what the page says and draws of it (BotSeats adds the words).

Pure Python, MicroPython-portable (no DOM here).
"""

from ...player.seats import EXPERT, Seats, Thinking, bot_decision, bot_seed, expert_search  # noqa: F401
from ...rules.components import WHEEL_IDS
from ...rules.vocab import (
    BOT_LEVELS,
    EV_ACCEPT,
    EV_BEAR_TURN,
    EV_CHANGE,
    EV_CHECK,
    EV_CURSE_GONE,
    EV_CURSE_PASSED,
    EV_CURSE_TAKEN,
    EV_DISCARD,
    EV_END,
    EV_MOVE,
    EV_ROLL,
    EV_WHEEL,
    FINAL,
    HUMAN,
    PHASE_END,
    SEAT_KINDS,
)
from ..actions import CONTINUE, SKIP
from ..shell.blocks import button, buttons
from ..shell.i18n import _
from .board import GAP, NAME_W, STONE, board_model, node, text, wheel_icon, wheels_svg
from .describe import describe
from .finalmarks import finals_of, with_finals
from .names import dice_text, symbol_name
from .reasons import AT_ONCE, reason_text, when_shown
from .stepwhy import step_reason, with_reason
from .tableview import as_ended, ended_round, strip_model, table_model

# Events the check-results screen shows: the bot report leaves them to it.
SHOWN_WITH_CHECKS = (EV_CHECK, EV_MOVE, EV_CURSE_TAKEN, EV_CURSE_PASSED, EV_CURSE_GONE)
PACE_MS = 1200  # how long the page shows each reported bot move before going on
# Issue 39 (a playtest: a computer's reason of 25-35 words went by in 1.2 s):
# a caption longer than PLAIN_WORDS stays READ_MS a word more, at most PACE_MAX_MS
# (Skip or a tap still goes on at once).
PLAIN_WORDS = 10
READ_MS = 150
PACE_MAX_MS = 4500
# desk6 (a second playtest: a computer's roll seen for ~0.3 s): a step's moment
# (style.css: the dice settle 0.5 s, the third 0.24 s late; a turned die 0.5 s;
# a replaced stone 0.9 s) comes before its pace, so the move stays PACE_MS and
# more once it has settled, as a move with no moment does; each moment plays
# once per step (bot_step "move", moments.play_step_moment), not again when an
# expert's decision redraws the step.
MOMENT_MS = {"roll": 740, "turn": 500, "discard": 900}


def before_checks(events):
    """The events a bot report tells: those before the round's check. What the
    move caused after it (the end of the round, the next roller) comes after
    the check-results screen, so the report stops there (the log keeps it)."""
    out = []
    for e in events:
        if e.get("t") == EV_CHECK:
            break
        out.append(e)
    return out


def seat_kind_label(kind):
    return {
        HUMAN: _("Human"),
        BOT_LEVELS[0]: _("Computer (easy)"),
        BOT_LEVELS[1]: _("Computer (medium)"),
        BOT_LEVELS[2]: _("Computer (hard)"),
        BOT_LEVELS[3]: _("Computer (expert)"),
    }.get(kind, kind)


def level_word(kind):
    """A computer seat's level in one word ("expert"), as the table shows it
    beside the seat's name ("" for a human: a fourth playtest read "Player 2
    (computer)" and could not tell which computer was the expert)."""
    return {
        BOT_LEVELS[0]: _("easy"),
        BOT_LEVELS[1]: _("medium"),
        BOT_LEVELS[2]: _("hard"),
        BOT_LEVELS[3]: _("expert"),
    }.get(kind, "")


def seat_levels(seats):
    """{seat: its level in words} of the computer seats, for the observation the
    board is drawn from (board.rack_svg writes it under the rack's name, where
    "you" is under one's own): part of the kept board's key, so the racks are
    not drawn and written again on every tap (issue 40)."""
    out = {}
    for p, k in enumerate(seats or ()):
        if level_word(k):
            out[p] = level_word(k)
    return out


def show_levels(m, seats):
    """Each computer seat's level in the strip (said to screen readers, drawn
    from 900 px wide: a phone's chip has no room); beside its rack the board
    draws it (seat_levels)."""
    levels = seat_levels(seats)
    for s in (m.get("strip") or {}).get("seats", ()):
        if s["seat"] in levels:
            s["level"] = levels[s["seat"]]
            titled = _("{name} ({level})", name=s["name"], level=levels[s["seat"]])
            s["aria"] = s["aria"].replace(s["name"], titled, 1)


def check_seats(seats, players):
    """The seat kinds of a new game; ValueError (translated) when unusable."""
    seats = list(seats) if seats else [HUMAN] * players
    if len(seats) != players:
        raise ValueError(_("Choose who plays each seat."))
    for k in seats:
        if k not in SEAT_KINDS:
            raise ValueError(_("Unknown kind of player: {kind}", kind=str(k)[:20]))
    if HUMAN not in seats:
        raise ValueError(_("At least one player must be human: set one seat to Human."))
    return seats




class BotSeats(Seats):
    """The bot players of one game (player/seats.py) and the report of their
    latest moves in the page's words."""

    def lines(self, names):
        """The report's sentences: every event once, in order (describe.py).
        While an expert still thinks the screen's status line says so, once
        (issue 39: "Bo is thinking…" was said there and here at once)."""
        return self.lines_of(names, self.report)

    def lines_of(self, names, entries):
        """The sentences of some report entries (the steps shown so far): their
        events before the check, and the Bot lab's notes (labseat.py)."""
        out = []
        for r in entries:
            if "note" in r:
                out.append(r["note"])
                continue
            out += [
                describe(e, names)
                for e in before_checks(r["events"])
                if e.get("t") not in SHOWN_WITH_CHECKS
            ]
            why = self.reasons.get(r.get("n", -1))
            if why is not None and when_shown(why["options"]) == AT_ONCE:
                # an expert's reasons for a public move (a bet's wait for the check, R-G3)
                text = reason_text(why["options"])
                if text:
                    out.append(_("{name}: {reasons}", name=names[r["seat"]], reasons=text))
        return out

    def steps(self):
        """The moves played on the board, in the engine's order: one per action,
        but a run of final candidates (the computers' at the game's end, one
        action per symbol) is one step, its last (issue 39), the entry naming
        the run's seats ("run")."""
        out = [r for r in self.report if r.get("after") is not None]
        out = out[: len(out) - len(self.unfinished())]
        return [
            r for i, r in enumerate(out)
            if r["action"][0] != FINAL or i + 1 == len(out) or out[i + 1]["action"][0] != FINAL
        ]

    def who(self, names, seat, played):
        """The heading naming one computer seat with its level (a fourth
        playtest: "Player 2 (computer)" did not say which was the expert)."""
        level = level_word(self.seats[seat]) if seat < len(self.seats) else ""
        if not level:  # a seat with no level of the four (the Bot lab's)
            if played:
                return _("{name} (computer) played", name=names[seat])
            return _("{name} (computer) to play", name=names[seat])
        if played:
            return _("{name} ({level}) played", name=names[seat], level=level)
        return _("{name} ({level}) to play", name=names[seat], level=level)

    def unfinished(self):
        """The report's last entries while their seat still writes its final
        candidates (an expert's search for its next symbol under way): not a
        step yet. Shown as "wrote their final candidates" they said a move was
        played while the same player was "thinking…" (a fourth playtest)."""
        job = self.thinking_job()
        out = []
        for r in reversed(self.report):
            if job is None or r.get("seat") != job.key[0] or (r.get("action") or "-")[0] != FINAL:
                break
            out.append(r)
        return out

    def wait_text(self, names, shown=None):
        """What the table is told while an expert searches; after a step of the
        same seat (`shown`), that it decides its next move: the move drawn is
        played, not the one it is thinking about (fix9)."""
        job = self.thinking_job()
        seat = job.key[0] if job is not None else 0
        if shown == seat:
            return _("{name} is choosing their next move…", name=names[seat])
        return _("{name} is thinking…", name=names[seat])

    def pace_ms(self, caption="", moment=""):
        """How long each step stays before the next comes by itself: longer
        for a caption with a reason in it, so that it can be read, and by its
        moment (MOMENT_MS: the dice rolling are not yet the roll to see; no
        moment plays under reduced motion, `moment=""`)."""
        extra = max(0, len(caption.split()) - PLAIN_WORDS) * READ_MS
        return min(PACE_MAX_MS, PACE_MS + extra) + MOMENT_MS.get(moment.split(":")[0], 0)

    def heading(self, names, step=None):
        """The bot screen's heading: who played the move shown (`step`, a
        report entry; a run of final candidates names its seats), the same
        for as long as that move is shown (issue 39, third playtest: seed
        4242's "Player 2 (computer) played" became "The computer players
        played" under the same move once the next computer had played).
        Without a step, the report's seats, but not a seat still writing its
        final candidates (`unfinished`: not a move played yet, fix9)."""
        if step is not None:
            seats = step.get("run", [step["seat"]])
        else:
            seats = []
            gone = self.unfinished()
            for r in self.report:
                if r["seat"] not in seats and not any(r is g for g in gone):
                    seats.append(r["seat"])
        if not seats and self.waiting():  # the status line says who is thinking (once)
            job = self.thinking_job()
            seat = job.key[0] if job is not None else 0
            return self.who(names, seat, False)
        if len(seats) == 1:  # with its level ("Player 2 (expert) played", fix9)
            return self.who(names, seats[0], True)
        return _("The computer players played")


def step_obs(r):
    """The table to draw for a step: right after the move; but for a move that
    ended with the round's check (or the game's end), just before it, since
    the check results come on their own screen after the bots' report."""
    for e in r["events"]:
        if e.get("t") in (EV_CHECK, EV_END):
            return r["before"]
    return r["after"]


def ended_game(r):
    """The step's move ended the game (the last final candidates written)."""
    return any(e.get("t") == EV_END for e in r["events"])


def final_seats(r, levels=None):
    """The seats whose final candidates a step draws: its run's; on the step
    that ends the game every computer's (R-E1: none is secret any more), even
    one that wrote before the human (a tenth playtest: Player 3's values were
    drawn under "Player 2: wrote their final candidates")."""
    seats = set(r.get("run", [r["seat"]]))
    if ended_game(r):
        seats |= set(levels or ())
    return sorted(seats)


def step_caption(r, names, levels=None):
    """The step's short line ("Bo: took W7"): who moved, and the public part
    of the move (the name before a colon: no verb agrees with it)."""
    what = None
    for e in r["events"]:
        t = e.get("t")
        if t == EV_ROLL:
            what = _("rolled {dice}", dice=dice_text(e["dice"]))
        elif t in (EV_BEAR_TURN, EV_CHANGE):
            what = _("turned die {die} to {sym}", die=e["die"] + 1, sym=symbol_name(e["to"]))
        elif t == EV_ACCEPT:
            what = _("kept the dice")
        elif t == EV_WHEEL:
            # its range stays secret until the check (R-G3): only the wheel is public
            what = _("took {wheel} (range hidden until the check)", wheel=e["wheel"])
        elif t == EV_DISCARD:
            what = _(
                "replaced the {sym} stone ({value})",
                sym=symbol_name(e["symbol"]),
                value=e["value"],
            )
        if what is not None:
            return names[r["seat"]], what
    if r["action"][0] == FINAL:
        seats = final_seats(r, levels)
        if len(seats) > 1:  # each named (a tenth playtest), in seat order
            return "", _(
                "{names} and {last} wrote their final candidates.",
                names=", ".join(names[q] for q in seats[:-1]),
                last=names[seats[-1]],
            )
        return names[r["seat"]], _("wrote their final candidates")
    lines = [describe(e, names) for e in before_checks(r["events"])]
    return "", lines[0] if lines else names[r["seat"]]


def step_moment(r):
    """The moment the page plays on a step (gamepage.play_step_moment)."""
    for e in r["events"]:
        t = e.get("t")
        if t == EV_ROLL:
            return "roll"
        if t in (EV_BEAR_TURN, EV_CHANGE):
            return "turn:" + str(e["die"])
        if t == EV_DISCARD:
            return "discard"
    return ""


def _mark_group(g, cls, label):
    g[1]["class"] = g[1].get("class", "") + " " + cls
    if label:
        g[1]["aria-label"] = g[1].get("aria-label", "") + " (" + label + ")"


def step_board(r, obs, levels=None):
    """The board of a step (board.py) with the move marked on it; `levels`:
    the computer seats' (seat_levels), drawn beside their racks."""
    drawn = dict(as_ended(obs))  # that round's, its dice; the report's own obs untouched
    drawn["levels"] = levels
    b = board_model(drawn, round_of=ended_round(obs))
    p = r["seat"]
    action = r["action"]
    just = _("just now")
    for e in r["events"]:
        t = e.get("t")
        if t == EV_ROLL:
            b["dice"][1]["class"] += " just"
        elif t in (EV_BEAR_TURN, EV_CHANGE):
            for kid in b["dice"][2]:
                if kid[1].get("data-die") == str(e["die"]):
                    _mark_group(kid, "turned", _("turned"))
        elif t == EV_WHEEL:
            taken = {}
            for q, w in obs["history"][-1]["wheels"] if obs["history"] else []:
                taken[w] = obs["names"][q]
            taken[e["wheel"]] = obs["names"][p]
            b["wheels"] = wheels_svg(obs, taken)
            i = WHEEL_IDS.index(e["wheel"])
            _mark_group(b["wheels"][2][i], "just seat-" + str(p), just)
        elif t == EV_DISCARD:
            _mark_stone(b, obs, p, e["symbol"], "replaced", _("new stone"))
    if action[0] == FINAL and ended_game(r):  # the values, secret until now (fix10, R-E1)
        seats = final_seats(r, levels)  # every computer's, no human's
        b["racks"] = with_finals(b["racks"], obs["symbols"], finals_of(r["after"]["result"], seats))
    elif action[0] == FINAL and action[1] in obs["symbols"]:
        _mark_stone(b, obs, p, action[1], "written", _("final candidates written"))
    for rack in b["racks"]:
        if rack[1].get("data-owner") == str(p):
            rack[1]["class"] += " acting seat-" + str(p)
    return b


def _mark_stone(b, obs, p, sym, cls, label):
    """Mark the slot of `sym` in seat p's rack (a ring round it; ✎ for candidates)."""
    for rack in b["racks"]:
        if rack[1].get("data-owner") != str(p):
            continue
        for kid in rack[2]:
            if kid[1].get("class") != "stones":
                continue
            g = kid[2][obs["symbols"].index(sym)]
            _mark_group(g, cls, label)
            x = NAME_W + obs["symbols"].index(sym) * (STONE + GAP)
            g[2].insert(
                0,
                node(
                    "rect",
                    {
                        "x": str(x - 3),
                        "y": "0",
                        "width": str(STONE + 6),
                        "height": str(STONE + 4),
                        "rx": "9",
                        "class": "slot-mark",
                    },
                ),
            )
            if cls == "written":
                g[2].append(text(x + STONE - 6, 16, "✎", "slot-pen", size=14))


def bot_screen(session, obs, m):
    """The public screen of what the computer players just did, played on the
    drawn board one move at a time (issue 22): the step shown draws the table
    as it was right after its move, the move marked, with a caption; it goes
    on by itself (`auto`: CONTINUE, the next step; a tap or Skip: SKIP, the end
    of the run) unless a bot is still deciding, when it says so and Continue
    waits. The words of the moves shown so far come under the control."""
    bots = session.bots
    names = obs["names"]
    m["heading"] = bots.heading(names)
    waiting = bots.waiting()
    steps = bots.steps()
    blocks = []
    if steps:
        # while a bot still decides, the latest move stays drawn (nothing goes on)
        k = len(steps) - 1 if waiting else min(bots.step, len(steps) - 1)
        r = steps[k]
        levels = seat_levels(bots.seats)
        if r["action"][0] == FINAL:  # the seats whose candidates are drawn
            m["heading"] = bots.heading(names, {"seat": r["seat"], "run": final_seats(r, levels)})
        else:
            m["heading"] = bots.heading(names, r)  # the move shown's, not the run's so far
        shown = step_obs(r)
        m["board"] = step_board(r, shown, levels)
        if m.get("table") is not None:  # left out by the page (views.screen_model)
            m["table"] = table_model(shown)
        m["strip"] = _strip_for(shown, r["seat"])
        m["evidence"] = "racks"  # the dice and the racks, next to the caption
        m["bot_step"] = {"n": k + 1, "of": len(steps), "seat": r["seat"], "moment": step_moment(r),
                         "move": r.get("n")}
        who, what = step_caption(r, names, levels)
        what = with_reason(what, step_reason(r, bots.reasons, shown))  # issue 39
        if waiting or more_to_come(session, obs):
            # issue 39: no "of N" that would change; desk12 (a seventh playtest read
            # "Move 1 · …" with no "of N" as a count gone wrong): no count at all
            # until the run's length is known, only who did what
            m["bot_step"]["of"] = None
            text = _("{name}: {what}", name=who, what=what) if who else what
        elif who:
            text = _(
                "Move {n} of {total} · {name}: {what}",
                n=k + 1,
                total=len(steps),
                name=who,
                what=what,
            )
        else:  # a whole sentence of the log (describe.py)
            text = _("Move {n} of {total}: {what}", n=k + 1, total=len(steps), what=what)
        blocks.append(
            {"t": "move", "cls": "seat-" + str(r["seat"]), "art": step_art(r, shown), "text": text}
        )
        m["bot_step"]["caption"] = text  # the live region says it (gamepage.announce)
    # the words of the moves shown so far (all of them while a bot still decides)
    upto = bots.shown()
    if waiting or len(upto) == len(bots.report):
        lines = bots.lines(names)
    else:
        lines = bots.lines_of(names, upto)
    words = {"t": "list", "label": _("What the computer did"), "items": lines}
    if lines and not steps:
        blocks.append(words)
    if waiting:
        # Issue 39 (a playtest: "Bo (computer) played …", "Bo is thinking…" and a
        # greyed-out Continue at once): one state, waiting, with no control to
        # wait on: the move shown stays, one line says who moves next, and that
        # move comes by itself once decided (a tap meanwhile marks the line:
        # gamepage.nudge_wait)
        said = bots.wait_text(names, m["bot_step"]["seat"] if steps else None)
        blocks.append({"t": "status", "text": said})
        m["auto"] = None
        m["waiting"] = said
    elif steps and ended_game(steps[k]) and k + 1 == len(steps):
        # fix10 (a sixth playtest: the computers' final candidates went by in
        # under a second): the step that ends the game waits for the player
        blocks.append(buttons([button(_("Continue"), CONTINUE, primary=True)]))
        m["auto"] = {"act": CONTINUE, "ms": 0, "skip": CONTINUE, "wait": True}  # a tap goes on
    else:
        aria = _("Skip to the end of the computers' moves")
        blocks.append(buttons([button(_("Skip"), SKIP, primary=True, aria=aria)]))
        caption = m["bot_step"]["caption"] if steps else ""
        moment = m["bot_step"]["moment"] if steps else ""
        m["auto"] = {
            "act": CONTINUE,
            "ms": bots.pace_ms(caption, moment),
            "still_ms": bots.pace_ms(caption),  # reduced motion: the same step, no moment
            "skip": SKIP,
        }
    if lines and steps:
        # under the board, out of the sheet: at 360x640 a long run's words would
        # lift the sheet over the racks the moves are played on (issue 22)
        words["aside"] = True
        blocks.append(words)
    m["blocks"] = blocks


def more_to_come(session, obs):
    """A computer is still to move in this run (an expert's search under way):
    the run's length is not known yet."""
    if obs["phase"] == PHASE_END or not session.bots.is_bot(obs["to_act"]):
        return False
    return session.pending_checks() is None


def step_art(r, obs):
    """The piece a step's caption shows beside its words: the wheel just taken,
    in the mover's colour (the wheels' row is further down the board)."""
    for e in r["events"]:
        if e.get("t") == EV_WHEEL:
            attrs = {
                "viewBox": "0 0 44 44",
                "class": "step-art wheel just seat-" + str(r["seat"]),
                "aria-hidden": "true",
                "focusable": "false",
            }
            return node("svg", attrs, wheel_icon(e["wheel"], 44, False, obs["ring_max"] + 1))
    return None


def _strip_for(obs, seat):
    """The player strip of a step: the bot that moved is the one marked."""
    strip = strip_model(obs, "bot", round_shown=ended_round(obs))  # issue 39: as the board
    to_play = ", " + _("to play")
    for s in strip["seats"]:
        if s["aria"].endswith(to_play):
            s["aria"] = s["aria"][: -len(to_play)]
        s["turn"] = s["seat"] == seat
        if s["turn"]:
            s["aria"] += to_play
    return strip
