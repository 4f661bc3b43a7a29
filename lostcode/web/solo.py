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
end of the bots' run (the next human decision or the round's check) at once,
as does reduced motion. While a bot has not decided yet (the Bot lab's,
labseat.py) nothing advances and Continue is disabled.

Issue 27: an expert seat's decision is a search (lostcode/player/expert.py).
In the page's sessions (`sliced`) it is a thinking.Job the page runs a slice at
a time between frames (gamepage.think); until it is done `decide` raises
Thinking and the run stops there, the steps already played going on at their
pace. Its options are kept as its reasons (reasons.py says them).

Pure Python, MicroPython-portable (no DOM here).
"""

from ..player.bots import Player, make_rng
from ..player.expert import Search
from ..rules.components import WHEEL_IDS
from ..rules.engine import apply_action
from ..rules.observation import observe, observe_table
from ..rules.vocab import (
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
from .actions import CONTINUE, SKIP
from .blocks import button, buttons
from .board import GAP, NAME_W, STONE, board_model, node, text, wheel_icon, wheels_svg
from .describe import describe
from .i18n import _
from .names import dice_text, symbol_name
from .reasons import AT_ONCE, reason_text, when_shown
from .tableview import strip_model, table_model
from .thinking import Job

# Events the check-results screen shows: the bot report leaves them to it.
SHOWN_WITH_CHECKS = (EV_CHECK, EV_MOVE, EV_CURSE_TAKEN, EV_CURSE_PASSED, EV_CURSE_GONE)
PACE_MS = 1200  # how long the page shows each reported bot move before going on
EXPERT = BOT_LEVELS[3]  # the level that searches (issue 27): decided in slices on the page


class Thinking(Exception):
    """An expert seat must decide and its search has not finished yet (issue 27):
    the bots' run stops there until the page has run the search (Session.search_due)."""


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


def bot_seed(game_seed, seat):
    """Each bot's own seed, derived from the game seed: same seed, same game."""
    return (int(game_seed) * 1000003 + 7919 * (seat + 1)) & 0x7FFFFFFF


def bot_decision(bot, game_seed, seat, obs):
    """The bot's move from its own observation (which lists its legal moves),
    with a fresh generator from (seed, seat, move number): a game resumed from
    a save plays exactly as an uninterrupted one."""
    bot.rng = make_rng(bot_seed(game_seed, seat) + 7 * obs["move_number"])
    return bot.choose(obs, obs["legal"])


def expert_search(game_seed, seat, obs):
    """The expert's search for seat's decision from its own observation, with the
    generator bot_decision would give it: the same decision as `decide_expert`
    (and Player("expert").choose), however the page slices it."""
    rng = make_rng(bot_seed(game_seed, seat) + 7 * obs["move_number"])
    return Search(obs, obs["legal"], rng)


def decision_json(decision):
    """An expert Decision's options as plain data a save can keep (the reasons,
    reasons.py): [[action as a list, value rounded, note], ...], best first."""
    out = []
    for o in decision.options:
        action = [list(x) if isinstance(x, tuple) else x for x in o.action]
        out.append([action, round(float(o.value), 2), str(o.note or "")])
    chosen = [list(x) if isinstance(x, tuple) else x for x in decision.action]
    first = [o for o in out if o[0] == chosen]
    # the move made comes first (its value unknown, 0, if the search did not list it)
    return (first or [[chosen, 0.0, ""]]) + [o for o in out if o[0] != chosen]


def step_view(s, humans):
    """The whole table's view of the state now, kept for a bot's step on the
    board (issue 22): observe_table (computer and unowned racks face up, no
    human's own stone), with the round now played copied, since the engine
    goes on filling it (the wheels taken, the offer, the discards)."""
    obs = observe_table(s, humans, reveal_end=False)
    if obs["history"]:
        last = {}
        for k, v in obs["history"][-1].items():
            if isinstance(v, list):
                v = [list(x) if isinstance(x, list) else x for x in v]
            elif isinstance(v, dict):
                v = {a: list(b) if isinstance(b, list) else b for a, b in v.items()}
            last[k] = v
        obs["history"][-1] = last
    return obs



class BotSeats:
    """The bot players of one game and the report of their latest moves."""

    def __init__(self, seats, game_seed, sliced=False):
        self.seats = list(seats)
        self.players = {}
        for p in range(len(self.seats)):
            if self.seats[p] != HUMAN:
                self.players[p] = Player(self.seats[p], bot_seed(game_seed, p))
        self.humans = [p for p in range(len(self.seats)) if self.seats[p] == HUMAN]
        self.game_seed = game_seed
        # [{"seat", "action", "events", "before", "after"}] not yet acknowledged;
        # before/after: the whole table's observation around the move (its step).
        self.report = []
        self.step = 0  # the step shown: an index into steps()
        # Issue 27: an expert seat's decision is a search. `sliced` (the page's
        # sessions): it runs in slices the page drives (Session.search_due), and
        # until it is done `decide` raises Thinking; else it runs at once.
        self.sliced = sliced
        self.job = None  # thinking.Job of the expert decision under way, key (seat, move)
        # move number -> {"seat", "round", "options"}: each expert decision's reasons (reasons.py)
        self.reasons = {}

    def is_bot(self, seat):
        return seat in self.players

    def solo(self):
        """Exactly one human: no handoff screens, no "Hide and pass"."""
        return len(self.humans) == 1

    def decide(self, seat, obs):
        if self.seats[seat] != EXPERT:
            return bot_decision(self.players[seat], self.game_seed, seat, obs)
        key = (seat, obs["move_number"])
        job = self.job
        if job is None or job.key != key:
            job = self.job = Job(key, expert_search(self.game_seed, seat, obs))
        if not job.done:
            if self.sliced:
                raise Thinking()
            job.finish()
        self.job = None
        d = job.result
        assert d is not None  # a finished search has its decision
        self.reasons[obs["move_number"]] = {
            "seat": seat,
            "round": obs["round"],
            "options": decision_json(d),
        }
        return d.action

    def thinking_job(self):
        """The expert search the page must run now, or None."""
        job = self.job
        return job if job is not None and not job.done else None

    def play(self, s, limit, checks_due):
        """Bot moves until a human decides, `checks_due()` names a round whose
        results are not shown yet, or the end. Each bot decides from its own
        observation; the report keeps the public events each move caused and
        the whole table's view just before and after it, from which its step
        is drawn on the board: observe_table, so no human's own stones."""
        n = 0
        while s.phase != PHASE_END and self.is_bot(s.to_act) and checks_due() is None and n < limit:
            p = s.to_act
            try:
                action = self.decide(p, observe(s, p))
            except Thinking:
                break  # an expert's search goes on in slices (the page's)
            before = len(s.log)
            seen = step_view(s, self.humans)
            apply_action(s, action, p)
            self.played(p, action, s.log[before:], seen, step_view(s, self.humans))
            self.report[-1]["n"] = len(s.actions) - 1  # the move number (its reasons)
            r = self.reasons.get(len(s.actions) - 1)
            if r is not None:
                r["log"] = len(s.log)  # its line follows the move's in the game log
            n += 1
        return n

    def played(self, seat, action, events, before=None, after=None):
        """Remember a bot's move, the public events it caused and the table's
        observations around it (its step on the board), for the report."""
        self.report.append(
            {
                "seat": seat,
                "action": action,
                "events": list(events),
                "before": before,
                "after": after,
            }
        )

    def steps(self):
        """The moves played on the board, in the engine's order: one per action."""
        return [r for r in self.report if r.get("after") is not None]

    def shown(self):
        """The report entries told so far: up to the step shown (all the notes
        of the Bot lab among them), or all when there is no step."""
        steps = self.steps()
        if not steps or self.step >= len(steps) - 1:
            return list(self.report)
        return self.report[: self.report.index(steps[self.step]) + 1]

    def lines(self, names):
        """The report's sentences: every event once, in order (describe.py);
        while an expert still thinks, a last line says so."""
        out = self.lines_of(names, self.report)
        if out and self.waiting():
            out.append(self.wait_text(names))
        return out

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

    def waiting(self):
        """A bot must move and has not decided yet (the Bot lab's, or an expert
        still searching) and every move played before it has been shown: the
        steps already played go on at their pace while the expert thinks."""
        return self.thinking_job() is not None and self.step >= len(self.steps()) - 1

    def wait_text(self, names):
        """What the table is told while an expert searches."""
        job = self.thinking_job()
        seat = job.key[0] if job is not None else 0
        return _("{name} is thinking…", name=names[seat])

    def next_step(self):
        """CONTINUE on the bot screen: the next step, or past the last one
        (the report acknowledged). True while steps remain to show."""
        if self.step < len(self.steps()) - 1:
            self.step += 1
            return True
        self.acknowledge()
        return False

    def pace_ms(self):
        """How long each step stays before the next comes by itself."""
        return PACE_MS

    def heading(self, names):
        """The bot screen's heading: who played (the same for every step, so
        the page keeps it as one screen: its controls never settle again)."""
        seats = []
        for r in self.report:
            if r["seat"] not in seats:
                seats.append(r["seat"])
        if not seats and self.waiting():
            return self.wait_text(names)
        if len(seats) == 1:
            return _("{name} (computer) played", name=names[seats[0]])
        return _("The computer players played")

    def acknowledge(self):
        self.report = []
        self.step = 0


def step_obs(r):
    """The table to draw for a step: right after the move; but for a move that
    ended with the round's check (or the game's end), just before it, since
    the check results come on their own screen after the bots' report."""
    for e in r["events"]:
        if e.get("t") in (EV_CHECK, EV_END):
            return r["before"]
    return r["after"]


def step_caption(r, names):
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
        return names[r["seat"]], _(
            "wrote final candidates for {sym}", sym=symbol_name(r["action"][1])
        )
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


def step_board(r, obs):
    """The board of a step (board.py) with the move marked on it."""
    b = board_model(obs)
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
    if action[0] == FINAL and action[1] in obs["symbols"]:
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
        shown = step_obs(r)
        m["board"] = step_board(r, shown)
        if m["table"] is not None:  # left out by the page (views.screen_model)
            m["table"] = table_model(shown)
        m["strip"] = _strip_for(shown, r["seat"])
        m["evidence"] = "racks"  # the dice and the racks, next to the caption
        m["bot_step"] = {"n": k + 1, "of": len(steps), "seat": r["seat"], "moment": step_moment(r)}
        who, what = step_caption(r, names)
        if who:
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
        if steps:  # the heading says who played; who is still deciding, next to the control
            blocks.append({"t": "status", "text": bots.wait_text(names)})
        blocks.append(buttons([button(_("Continue"), CONTINUE, disabled=True, primary=True)]))
        m["auto"] = None
    else:
        aria = _("Skip to the end of the computers' moves")
        blocks.append(buttons([button(_("Skip"), SKIP, primary=True, aria=aria)]))
        m["auto"] = {"act": CONTINUE, "ms": bots.pace_ms(), "skip": SKIP}
    if lines and steps:
        # under the board, out of the sheet: at 360x640 a long run's words would
        # lift the sheet over the racks the moves are played on (issue 22)
        words["aside"] = True
        blocks.append(words)
    m["blocks"] = blocks


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
    strip = strip_model(obs, "bot")
    to_play = ", " + _("to play")
    for s in strip["seats"]:
        if s["aria"].endswith(to_play):
            s["aria"] = s["aria"][: -len(to_play)]
        s["turn"] = s["seat"] == seat
        if s["turn"]:
            s["aria"] += to_play
    return strip
