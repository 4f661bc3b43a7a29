"""A guest phone's side of table mode: it knows only what the host sends.

The guest holds no game state of its own: its screen is drawn from the last
observation the host sent for its seat (R-S7: the others' stones, never its
own), so nothing on the guest's phone can show its own code, not even hidden
in the page. Its actions name the move number of the observation they were
made on; the host refuses one made on an old observation (and sends the
current one), so a guest never acts on a stale screen.
"""

from . import protocol as p


class Guest:
    __slots__ = ("seat", "token", "obs", "move", "error", "acked")

    def __init__(self, seat, token):
        self.seat = seat
        self.token = token
        self.obs = None  # the last observation received
        self.move = -1  # its move number
        self.error = None  # the last error reply, as a dict
        self.acked = -1  # the move number of the last acknowledged action

    def join(self, name=None) -> str:
        fields = {"seat": self.seat, "token": self.token}
        if name:
            fields["name"] = name
        return p.encode(p.JOIN, fields)

    def resume(self) -> str:
        """Rejoin after a drop: the host answers with the current observation."""
        return p.encode(p.RESUME, {"seat": self.seat, "token": self.token, "move": self.move})

    def act(self, action, ahead=0) -> str:
        """One move, made on the observation now shown; with `ahead` n, the
        one to follow it n moves later (the final candidates of several
        symbols, one move each, confirmed at once: R-E1)."""
        a = [list(x) if isinstance(x, tuple) else x for x in action]
        return p.encode(p.ACTION, {"seat": self.seat, "move": self.move + ahead, "action": a})

    def receive(self, text) -> str:
        """Take one message from the host; its type, or "error" for one that
        cannot be read (kept in `error`, the last observation stays)."""
        try:
            msg = p.decode(text, p.MAX_TO_GUEST, p.TO_GUEST)
        except p.ProtocolError as e:
            self.error = {"code": e.code}
            return p.ERROR
        t = msg["t"]
        if t == p.OBSERVATION:
            obs = msg.get("obs")
            move = msg.get("move")
            if msg.get("seat") != self.seat or not isinstance(obs, dict):
                self.error = {"code": p.E_MALFORMED}
                return p.ERROR
            if not isinstance(move, int) or isinstance(move, bool):
                self.error = {"code": p.E_MALFORMED}
                return p.ERROR
            if move >= self.move:  # never step back to an older observation
                # JSON made the engine's action tuples lists: back to the
                # form a local observation has, so screens and bots read both.
                obs["legal"] = [_as_action(a) for a in obs.get("legal") or []]
                self.obs = obs
                self.move = move
                self.error = None
        elif t == p.ACK:
            acked = msg.get("move")
            if isinstance(acked, int):
                self.acked = acked
        else:
            self.error = {k: msg[k] for k in ("code", "rule", "msg", "params") if k in msg}
        return t

    def my_turn(self) -> bool:
        o = self.obs
        return o is not None and o.get("to_act") == self.seat and bool(o.get("legal"))

    def legal(self) -> list:
        o = self.obs
        return list(o.get("legal") or []) if o is not None and self.my_turn() else []


def _as_action(a):
    if not isinstance(a, list):
        return a
    return tuple(tuple(x) if isinstance(x, list) else x for x in a)
