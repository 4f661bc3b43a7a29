"""Computer seats in the web edition (issue 4): seat kinds, the bots' own
seeded generators, and what the table is told about a bot's move.

The Session asks `BotSeats.run(session)` to play every bot decision up to the
next human decision (or a check-results screen, or the end); the moves go
into the engine as usual, so the record replays. What a bot did is shown on a
public "bot" screen as short lines that never reveal a range, a candidate or
a stone a bot cannot see face up (the same facts as `bots.describe_action`,
translated). A bot decides from `observe(state, seat)` only (`bots.Player`).

Pure Python, MicroPython-portable (no DOM here).
"""

from ..bots import Player, make_rng
from ..components import WHEEL_WIDTH
from ..engine import apply_action, legal_actions
from ..observation import observe
from ..state import END
from .i18n import _
from .names import symbol_name

HUMAN = "human"
BOT_LEVELS = ("easy", "medium", "hard")
SEAT_KINDS = (HUMAN,) + BOT_LEVELS


def seat_kind_label(kind):
    return {
        "human": _("Human"),
        "easy": _("Computer (easy)"),
        "medium": _("Computer (medium)"),
        "hard": _("Computer (hard)"),
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


def bot_decision(bot, state, seat):
    """The bot's move, with a fresh generator from (seed, seat, move number):
    a game resumed from a save plays exactly as an uninterrupted one."""
    bot.rng = make_rng(bot_seed(state.seed, seat) + 7 * len(state.actions))
    return bot.act(state, legal_actions(state))


def bot_summary(obs, seat, action):
    """A short public line about a bot's move (what `bots.describe_action`
    says, translated); never a range, a candidate value or a hidden stone."""
    name = obs["names"][seat]
    kind = action[0]
    offer = obs.get("offer")
    osym = symbol_name(offer["symbol"]) if offer else ""
    if kind == "roll":
        return _("{name} rolled the dice", name=name)
    if kind == "turn_bear":
        return _("{name} turned a bear die to {sym}", name=name, sym=symbol_name(action[2]))
    if kind == "take":
        return _("{name} took the {sym} shortcut token", name=name, sym=osym)
    if kind == "pass":
        return _("{name} passed on the {sym} shortcut token", name=name, sym=osym)
    if kind == "shortcut":
        return _("{name} wrote the shortcut candidates", name=name)
    if kind == "accept":
        return _("{name} kept the roll", name=name)
    if kind == "change":
        return _("{name} changed a die to {sym}", name=name, sym=symbol_name(action[2]))
    if kind == "guess":
        return _("{name} took the {width}-wide wheel", name=name, width=WHEEL_WIDTH[action[1]])
    if kind == "discard":
        return _("{name} replaced the {sym} stone", name=name, sym=symbol_name(action[1]))
    if kind == "final":
        return _(
            "{name} wrote final candidates for the {sym}", name=name, sym=symbol_name(action[1])
        )
    return _("{name} acted", name=name)


class BotSeats:
    """The bot players of one game and the report of their latest moves."""

    def __init__(self, seats, game_seed):
        self.seats = list(seats)
        self.players = {}
        for p in range(len(self.seats)):
            if self.seats[p] != HUMAN:
                self.players[p] = Player(self.seats[p], bot_seed(game_seed, p))
        self.humans = [p for p in range(len(self.seats)) if self.seats[p] == HUMAN]
        self.report = []  # [{"seat", "action", "text"}] not yet acknowledged
        self.discards = []  # [{"player", "symbol", "value"}] of the report's replacements

    def is_bot(self, seat):
        return seat in self.players

    def solo(self):
        """Exactly one human: no handoff screens, no "Hide and pass"."""
        return len(self.humans) == 1

    def run(self, session, limit=200):
        """Play bot moves until a human decides, check results are due, or the end."""
        s = session.state
        n = 0
        while (
            s.phase != END
            and s.to_act in self.players
            and session.pending_checks() is None
            and n < limit
        ):
            p = s.to_act
            action = bot_decision(self.players[p], s, p)
            text = bot_summary(observe(s, None), p, action)
            apply_action(s, action, p)
            self.report.append({"seat": p, "action": action, "text": text})
            if action[0] == "discard":
                d = s.discards[p][-1]
                self.discards.append({"player": p, "symbol": d["symbol"], "value": d["value"]})
            n += 1
        return n

    def acknowledge(self):
        self.report = []
        self.discards = []


def bot_screen(session, obs, m):
    """The public screen listing what the computer players just did."""
    bots = session.bots
    names = obs["names"]
    seats = []
    for r in bots.report:
        if r["seat"] not in seats:
            seats.append(r["seat"])
    if len(seats) == 1:
        m["heading"] = _("{name} (computer) played", name=names[seats[0]])
    else:
        m["heading"] = _("The computer players played")
    lines = [r["text"] for r in bots.report]
    for d in bots.discards:
        lines.append(
            _(
                "{name} discarded their {sym} stone: it showed {value}.",
                name=names[d["player"]],
                sym=symbol_name(d["symbol"]),
                value=d["value"],
            )
        )
    m["blocks"] = [
        {"t": "list", "label": _("What the computer did"), "items": lines},
        {
            "t": "buttons",
            "label": "",
            "items": [
                {
                    "text": _("Continue"),
                    "act": "continue",
                    "arg": "",
                    "disabled": False,
                    "pressed": None,
                    "aria": None,
                    "symbol": None,
                    "primary": True,
                }
            ],
        },
    ]
