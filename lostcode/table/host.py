"""The host's side of table mode: the one authoritative game, on the host's phone.

The host owns the engine State. Each guest phone talks only to the host over
its own data channel (a star: meshes of three or more phones form only
partly). A channel is keyed to one seat by the join code's token, for the
channel's life; every action that arrives on it is checked by the engine
exactly as a local one (`apply_action(state, action, player=seat)`), so a
guest can never act for another seat, out of turn or with a move the rules
refuse. Anything refused gets an error reply and leaves the game as it was.

What goes out is only `observe(state, seat)` for the seat a channel is keyed
to: the others' stones, never its own (R-S7), until the game is over and
every rack is face up. Computer seats play on the host, from their own
observations, as in a local game (lostcode/player/seats.py).

Pure Python, no I/O: `receive` and `local` return the outbox, a list of
(channel, text) pairs the page sends.

Which game the table plays is its `game` key (lostcode/table/games.py):
The Lost Code or «Тайные камни» (issue 43), through the same seats, tokens,
checks and stored table. A game that takes actions back within a turn (the
second one) counts the actions taken back in `undone`, so the move number a
message carries only ever grows (a guest never steps back to an older
observation, and an action made before an undo is stale after it).
"""

from ..player.seats import Thinking
from ..rules.errors import IllegalAction, RecordError
from ..rules.vocab import HUMAN
from ..services.jsonlimits import loads_limited
from . import protocol as p
from .games import LOST_CODE, kind_ok, rules_for

SAVE_FORMAT = "lostcode-table"
SAVE_VERSION = 1


class Host:
    __slots__ = (
        "state", "seats", "phones", "tokens", "channels", "bots", "refused", "rules", "undone",
    )  # fmt: skip

    def __init__(self, state, seats, phones, tokens, game=LOST_CODE, undone=0):
        """`seats`: each seat's kind (human or a bot level); `phones`: the
        human seats played on guest phones (the others on the host's phone);
        `tokens`: seat -> the secret in that seat's join code (random, made
        by the page, never sent anywhere but in the code itself); `game`:
        the game's key (games.GAMES); `undone`: actions taken back so far."""
        self.rules = rules_for(game)
        if len(seats) != state.options.players:
            raise ValueError("one kind per seat")
        if not all(kind_ok(self.rules, k) for k in seats):
            raise ValueError("a seat kind this game does not have")
        if not p.is_int(undone) or undone < 0:
            raise ValueError("the actions taken back are a count")
        for seat in phones:
            if not 0 <= seat < len(seats) or seats[seat] != HUMAN:
                raise ValueError("a phone seat must be a human seat")
            if not isinstance(tokens.get(seat), str) or len(tokens[seat]) < 8:
                raise ValueError("every phone seat needs a token of 8 characters or more")
        self.state = state
        self.seats = list(seats)
        self.phones = list(phones)
        self.tokens = dict(tokens)
        self.channels = {}  # channel -> seat, once joined
        # an expert seat's search runs in the page's slices (tabledraw.think, issue 27)
        self.bots = self.rules.bots(self.seats, state.seed)
        self.undone = undone
        self.refused = 0  # messages refused so far (for the page's diagnostics)

    # ------------------------------------------------------------ channels
    def seat_of(self, channel):
        return self.channels.get(channel)

    def channel_of(self, seat):
        for ch, s in self.channels.items():
            if s == seat:
                return ch
        return None

    def joined(self) -> list:
        """The phone seats with a live channel."""
        return sorted(self.channels.values())

    def disconnect(self, channel) -> None:
        """A channel closed: its seat waits for a rejoin (the game goes on)."""
        self.channels.pop(channel, None)

    # ------------------------------------------------------------ messages
    def receive(self, channel, text) -> list:
        """Handle one message from `channel`; the outbox. Never raises for
        anything a guest can send."""
        try:
            msg = p.decode(text, p.MAX_TO_HOST, p.TO_HOST)
            t = msg["t"]
            if t == p.JOIN or t == p.RESUME:
                return self._join(channel, msg)
            return self._action(channel, msg)
        except p.ProtocolError as e:
            self.refused += 1
            return [(channel, p.error(e.code))]

    def _join(self, channel, msg):
        seat = msg.get("seat")
        token = msg.get("token")
        if not p.is_int(seat) or not isinstance(token, str):
            raise p.ProtocolError(p.E_MALFORMED, "a join needs a seat and a token")
        if seat not in self.phones:
            raise p.ProtocolError(p.E_NOT_REMOTE)
        if not _same(token, self.tokens[seat]):
            raise p.ProtocolError(p.E_BAD_TOKEN)
        mine = self.channels.get(channel)
        if mine is not None and mine != seat:
            raise p.ProtocolError(p.E_WRONG_SEAT, "this channel is keyed to another seat")
        # The code's holder is the seat's player: a rejoin after a drop the
        # host has not noticed yet replaces the dead channel.
        old = self.channel_of(seat)
        if old is not None and old != channel:
            del self.channels[old]
        self.channels[channel] = seat
        return [(channel, self.observation(seat))]

    def _action(self, channel, msg):
        seat = self.channels.get(channel)
        if seat is None:
            raise p.ProtocolError(p.E_NOT_JOINED)
        if msg.get("seat") != seat:
            raise p.ProtocolError(p.E_WRONG_SEAT)
        move = msg.get("move")
        if not p.is_int(move):
            raise p.ProtocolError(p.E_MALFORMED, "an action needs its move number")
        if move != self.move_number():
            # Made on an old observation: refused, and the current one sent.
            self.refused += 1
            return [(channel, p.error(p.E_STALE)), (channel, self.observation(seat))]
        action = msg.get("action")
        if not isinstance(action, list):
            raise p.ProtocolError(p.E_MALFORMED, "the action is not a list")
        try:
            self._apply(action, seat)
        except IllegalAction as e:
            self.refused += 1
            return [(channel, p.error(p.E_ILLEGAL, e.rule, e.msg, _plain(e.params)))]
        self.run_bots()
        out = [(channel, p.encode(p.ACK, {"move": self.move_number()}))]
        return out + self.broadcast()

    def _apply(self, action, seat):
        """The engine's own check and apply, as for a local move; a value of
        a type the move's check does not expect is refused as malformed
        (the engine checks everything before it changes anything). A game
        that takes actions back (rules.is_undo) gets its state replayed
        without the turn's last action."""
        try:
            if self.rules.is_undo(action):
                self.state = self.rules.undo(self.state, seat)
                self.undone += 1
            else:
                self.rules.apply(self.state, action, seat)
        except IllegalAction:  # a ValueError too: the rule's own refusal goes through
            raise
        except (TypeError, ValueError, KeyError, IndexError, AttributeError):
            raise p.ProtocolError(p.E_MALFORMED, "the action's arguments") from None

    def local(self, seat, action) -> list:
        """A move made on the host's phone for one of its own seats; raises
        IllegalAction as a local game does. The outbox: everyone's update."""
        if seat in self.phones:
            raise self.rules.not_yours(self.state)
        self._apply(list(action), seat)
        self.run_bots()
        return self.broadcast()

    def run_bots(self) -> None:
        """Computer seats play up to the next human decision."""
        s = self.state
        while not self.rules.is_over(s) and self.bots.is_bot(s.to_act):
            seat = s.to_act
            try:
                action = self.bots.decide(seat, self.observe(seat))
            except Thinking:
                return  # an expert searches: the page runs it in slices (search_due)
            self.rules.apply(s, action, seat)

    def search_due(self):
        """The expert seat's search the page must run now (thinking.Job), or None."""
        return self.bots.thinking_job()

    def searched(self) -> list:
        """The page ran the due search to its end: the expert moves, the computers
        after it too; the outbox: everyone's update."""
        self.run_bots()
        return self.broadcast()

    def move_number(self) -> int:
        """The table's move number: it only grows. An undo takes one action
        off the record and is one step itself: +2 per undo, so the number
        after it is one more than before it."""
        return len(self.state.actions) + 2 * self.undone

    def observe(self, seat) -> dict:
        obs = self.rules.observe(self.state, seat)
        obs["move_number"] = self.move_number()
        return obs

    def observation(self, seat) -> str:
        obs = self.observe(seat)
        return p.encode(p.OBSERVATION, {"seat": seat, "move": obs["move_number"], "obs": obs})

    def broadcast(self) -> list:
        """Every joined phone's own observation of the game now."""
        return [(ch, self.observation(seat)) for ch, seat in sorted(self.channels.items())]

    def seen_by(self, seat) -> dict:
        """The host's own seat's observation: its screen is drawn like a guest's."""
        return self.observe(seat)

    def record(self) -> dict:
        """The game record (saved by the host's page, replayed by the tests)."""
        return self.rules.record(self.state, self.seats)

    def hand_to_computer(self, seat, level) -> list:
        """A phone seat that stays gone is played by the computer from now on
        (its channel, if any, is dropped); the outbox: everyone's update."""
        if level is None:
            level = self.rules.fallback_level
        if seat not in self.phones or level not in self.rules.levels:
            raise ValueError("only a phone seat can be handed to a computer level")
        for ch in [c for c, s in self.channels.items() if s == seat]:
            del self.channels[ch]
        self.phones.remove(seat)
        del self.tokens[seat]
        self.seats[seat] = level
        self.bots = self.rules.bots(self.seats, self.state.seed)
        self.run_bots()
        return self.broadcast()

    def hand_to_host(self, seat) -> list:
        """A phone seat that stays gone is played on the host's phone from now
        on, pass-and-play (its channel, if any, is dropped and its join code
        no longer works); the outbox: everyone's update."""
        if seat not in self.phones:
            raise ValueError("only a phone seat can be handed to the host")
        for ch in [c for c, s in self.channels.items() if s == seat]:
            del self.channels[ch]
        self.phones.remove(seat)
        del self.tokens[seat]
        return self.broadcast()

    def at_host(self) -> list:
        """The human seats played on the host's phone (its own first)."""
        seats = range(len(self.seats))
        return [s for s in seats if self.seats[s] == HUMAN and s not in self.phones]

    def seen_by_table(self) -> dict:
        """What the host's phone shows while none of its players is choosing:
        with several of them (pass-and-play), no one's own stones (R-S7)."""
        obs = self.rules.observe_table(self.state, self.at_host())
        obs["move_number"] = self.move_number()
        return obs

    def saved(self) -> dict:
        """What the host's page stores to resume the table after a reload:
        the record (the whole game) and each phone seat's token, so the same
        players can claim their seats again."""
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.rules.key,
            "undone": self.undone,
            "record": self.record(),
            "phones": list(self.phones),
            "tokens": {str(s): t for s, t in self.tokens.items()},
        }

    @classmethod
    def from_saved(cls, data):
        """The Host of a stored table (text or dict); RecordError if unreadable."""
        data = loads_limited(data, 4000000, "table")
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise RecordError("this is not a stored table")
        if data.get("version") != SAVE_VERSION:
            raise RecordError("a stored table of another version")
        phones = data.get("phones")
        tokens = data.get("tokens")
        if not isinstance(phones, list) or not isinstance(tokens, dict):
            raise RecordError("the stored table has no seats")
        if not all(p.is_int(seat) for seat in phones):  # true is no seat number (issue 44)
            raise RecordError("the stored table's seats are invalid")
        game = data.get("game", LOST_CODE)  # a table stored before issue 43: The Lost Code's
        undone = data.get("undone", 0)
        if not p.is_int(undone) or undone < 0:
            raise RecordError("the stored table is damaged")
        state, seats = rules_for(game).replay(data.get("record"))
        try:
            return cls(state, seats, phones, {int(k): v for k, v in tokens.items()}, game, undone)
        except (ValueError, TypeError):
            raise RecordError("the stored table's seats are invalid") from None

    def name(self, seat) -> str:
        return self.state.names[seat]

    def waiting_for(self):
        """The seat whose move the game waits for (None at the end)."""
        return None if self.rules.is_over(self.state) else self.state.to_act


def _same(a, b) -> bool:
    """Token comparison that takes as long for every wrong token of a length."""
    if len(a) != len(b):
        return False
    d = 0
    for i in range(len(a)):
        d |= ord(a[i]) ^ ord(b[i])
    return d == 0


def _plain(params):
    """An IllegalAction's parameters as JSON (tuples become lists)."""
    out = {}
    for k, v in params.items():
        out[k] = list(v) if isinstance(v, tuple) else v
    return out
