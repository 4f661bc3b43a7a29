"""Computer seats in the web edition (issue 4): seat kinds, the bots' own
seeded generators, and what the table is told about a bot's move.

The Session (`Session.run_bots`) plays every bot decision up to the next
human decision (or a check-results screen, or the end); the moves go into the
engine as usual, so the record replays. What a bot did is shown on a public
"bot" screen: the public events its moves caused, each said once, in order,
by the page's one describer (describe.py), so a bot's line never holds a
range, a candidate or a stone a bot cannot see face up. A bot decides from its
own observation only (`bots.Player.choose`).

Issue 22: a bot's turn needs no tap. The bot screen draws the board (the dice
of a bot's roll included) and carries `auto`: the page (gamepage.py) plays
CONTINUE by itself after PACE_MS per reported move (at once under reduced
motion), or at once on a tap anywhere on the screen; Continue stays as a
control for keyboard and screen-reader users. While a bot has not decided
yet (the Bot lab's, labseat.py) nothing advances and Continue is disabled.

Pure Python, MicroPython-portable (no DOM here).
"""

from ..player.bots import Player, make_rng
from ..rules.vocab import (
    BOT_LEVELS,
    EV_CHECK,
    EV_CURSE_GONE,
    EV_CURSE_PASSED,
    EV_CURSE_TAKEN,
    EV_MOVE,
    HUMAN,
    SEAT_KINDS,
)
from .actions import CONTINUE
from .blocks import button, buttons
from .describe import describe
from .i18n import _

# Events the check-results screen shows: the bot report leaves them to it.
SHOWN_WITH_CHECKS = (EV_CHECK, EV_MOVE, EV_CURSE_TAKEN, EV_CURSE_PASSED, EV_CURSE_GONE)
PACE_MS = 1200  # how long the page shows each reported bot move before going on


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


class BotSeats:
    """The bot players of one game and the report of their latest moves."""

    def __init__(self, seats, game_seed):
        self.seats = list(seats)
        self.players = {}
        for p in range(len(self.seats)):
            if self.seats[p] != HUMAN:
                self.players[p] = Player(self.seats[p], bot_seed(game_seed, p))
        self.humans = [p for p in range(len(self.seats)) if self.seats[p] == HUMAN]
        self.game_seed = game_seed
        self.report = []  # [{"seat", "action", "events"}] not yet acknowledged

    def is_bot(self, seat):
        return seat in self.players

    def solo(self):
        """Exactly one human: no handoff screens, no "Hide and pass"."""
        return len(self.humans) == 1

    def decide(self, seat, obs):
        return bot_decision(self.players[seat], self.game_seed, seat, obs)

    def played(self, seat, action, events):
        """Remember a bot's move and the public events it caused, for the report."""
        self.report.append({"seat": seat, "action": action, "events": list(events)})

    def lines(self, names):
        """The report's sentences: every event once, in order (describe.py)."""
        return [
            describe(e, names)
            for r in self.report
            for e in before_checks(r["events"])
            if e.get("t") not in SHOWN_WITH_CHECKS
        ]

    def waiting(self):
        """A bot must move and has not decided yet (only the Bot lab's waits)."""
        return False

    def pace_ms(self):
        """How long the bot screen stays before it goes on by itself."""
        moves = len([r for r in self.report if r.get("action") is not None])
        return PACE_MS * max(1, moves)

    def heading(self, names):
        """The bot screen's heading: who played."""
        seats = []
        for r in self.report:
            if r["seat"] not in seats:
                seats.append(r["seat"])
        if len(seats) == 1:
            return _("{name} (computer) played", name=names[seats[0]])
        return _("The computer players played")

    def acknowledge(self):
        self.report = []


def bot_screen(session, obs, m):
    """The public screen of what the computer players just did, over the drawn
    board; it goes on by itself (`auto`, issue 22) unless a bot is still
    deciding, when it says so and Continue waits."""
    bots = session.bots
    names = obs["names"]
    m["heading"] = bots.heading(names)
    lines = bots.lines(names)
    waiting = bots.waiting()
    blocks = []
    if lines:
        blocks.append({"t": "list", "label": _("What the computer did"), "items": lines})
    blocks.append(buttons([button(_("Continue"), CONTINUE, disabled=waiting, primary=True)]))
    m["blocks"] = blocks
    m["auto"] = None if waiting else {"act": CONTINUE, "ms": bots.pace_ms()}
