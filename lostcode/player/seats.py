"""Computer seats (issue 4), shared by a solo game on one device (web/game/session.py
through web/game/solo.py) and table mode's host (lostcode/table/host.py): seat
kinds, each bot's own seeded generator, an expert seat's search as a job run
in slices (issue 27, thinking.py), and the report of the bots' latest moves
with the whole table's view around each (issue 22: a step on the board).

Why here and not in the page: table mode (lostcode/table/) plays computer
seats too and must not import the page layer (issue 38). The words a report
is told in stay in the page (web/game/solo.py). A bot decides from its own
observation only (`bots.Player.choose`).

Pure Python, MicroPython-portable.
"""

from ..rules.engine import apply_action
from ..rules.movewords import can_lose_points
from ..rules.observation import observe, observe_table
from ..rules.vocab import BOT_LEVELS, FINAL, HUMAN, PHASE_END, PHASE_FINAL
from .bots import Player, make_rng
from .expert import Search
from .thinking import Job

EXPERT = BOT_LEVELS[3]  # the level that searches (issue 27): decided in slices on the page


class Thinking(Exception):
    """An expert seat must decide and its search has not finished yet (issue 27):
    the bots' run stops there until the page has run the search (Session.search_due)."""


def bot_seed(game_seed, seat):
    """Each bot's own seed, derived from the game seed: same seed, same game."""
    return (int(game_seed) * 1000003 + 7919 * (seat + 1)) & 0x7FFFFFFF


def bot_decision(bot, game_seed, seat, obs):
    """The bot's move from its own observation (which lists its legal moves),
    with a fresh generator from (seed, seat, move number): a game resumed from
    a save plays exactly as an uninterrupted one."""
    bot.rng = make_rng(bot_seed(game_seed, seat) + 7 * obs["move_number"])
    return bot.choose(obs, obs["legal"])


def expert_search(game_seed, seat, obs, whole=False):
    """The expert's search for seat's decision from its own observation, with the
    generator bot_decision would give it: the same decision as `decide_expert`
    (and Player("expert").choose), however the page slices it. `whole`: asked
    by a player, on the final candidates it answers for every symbol too
    (finalplan.WholeScreen)."""
    rng = make_rng(bot_seed(game_seed, seat) + 7 * obs["move_number"])
    if whole and obs["phase"] == PHASE_FINAL:
        # imported here: only a player's question on the final screen needs it (and
        # a page that stands in its own expert module, as a test does, needs not)
        from .finalplan import WholeScreen

        return WholeScreen(obs, obs["legal"], rng)
    return Search(obs, obs["legal"], rng)


def no_loss(options, obs, seat):
    """Issue 39: a move that cannot lose points (movewords.can_lose_points: all
    but candidates, final or the Shortcut's, and the curse holder's bet) is never
    said to be worth below 0 VP (the search's negative values are what it tells
    the others)."""
    curse = obs.get("curse")
    cursed = curse is not None and curse.get("holder") == seat
    return [o if not o[0] or can_lose_points(o[0], cursed) else _not_below_zero(o)
            for o in options]


def _not_below_zero(option):
    """A kept option with its value and its points this round (decision_json) at 0 or more."""
    out = list(option)
    out[1] = max(0.0, out[1])
    if len(out) > 3:
        out[3] = max(0.0, out[3])
    return out


def decision_json(decision):
    """An expert Decision's options as plain data a save can keep (the reasons,
    reasons.py): [[action as a list, value rounded, note, points it likely
    scores this round, what it learns in its own final points], ...], best
    first (issue 39: a bet's worth is said as the points it can score, apart
    from what it learns, reasons.score_text)."""
    out = []
    for o in decision.options:
        action = [list(x) if isinstance(x, tuple) else x for x in o.action]
        vp = float(getattr(o, "vp", 0.0))
        learn = float(getattr(o, "mine", 0.0)) - vp
        out.append([action, round(float(o.value), 2), str(o.note or ""), round(vp, 2),
                    round(learn, 2)])
    chosen = [list(x) if isinstance(x, tuple) else x for x in decision.action]
    first = [o for o in out if o[0] == chosen]
    # the move made comes first (its value unknown, 0, if the search did not list it)
    return (first or [[chosen, 0.0, "", 0.0, 0.0]]) + [o for o in out if o[0] != chosen]


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



class Seats:
    """The bot players of one game and the report of their latest moves (the
    page's words for it: web/game/solo.py's BotSeats; table mode's host uses it bare)."""

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
            "options": no_loss(decision_json(d), obs, seat),
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
        observations around it (its step on the board), for the report.
        A run of final candidates (one action per symbol, seat after seat) is
        one step on the board: each entry names the run's seats so far ("run"),
        written here so that drawing the steps changes nothing (issue 39)."""
        entry = {
            "seat": seat,
            "action": action,
            "events": list(events),
            "before": before,
            "after": after,
        }
        if action is not None and action[0] == FINAL:
            last = [r for r in self.report if r.get("action") is not None]
            run = []
            if last and last[-1]["action"][0] == FINAL:
                run = list(last[-1].get("run", [last[-1]["seat"]]))
            if seat not in run:
                run.append(seat)
            entry["run"] = run
        self.report.append(entry)

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

    def waiting(self):
        """A bot must move and has not decided yet (the Bot lab's, or an expert
        still searching) and every move played before it has been shown: the
        steps already played go on at their pace while the expert thinks."""
        return self.thinking_job() is not None and self.step >= len(self.steps()) - 1

    def next_step(self):
        """CONTINUE on the bot screen: the next step, or past the last one
        (the report acknowledged). True while steps remain to show."""
        if self.step < len(self.steps()) - 1:
            self.step += 1
            return True
        self.acknowledge()
        return False

    def acknowledge(self):
        self.report = []
        self.step = 0
