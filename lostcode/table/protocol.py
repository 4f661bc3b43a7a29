"""The table-mode wire format: small versioned JSON messages (docs/table-mode.md).

Every message is one JSON object {"v": VERSION, "t": type, ...}. A message
from outside is checked for size BEFORE any parser sees it (a 1 MB message
is refused by its length alone), then for nesting depth and shape, so a
malformed or hostile message becomes a `ProtocolError` with a short code,
never an exception the page does not expect. Guests send tiny messages
(join, resume, action), so the host's limit is small; the host sends whole
observations, so a guest's is larger.
"""

from json import dumps as json_dumps

from ..rules.errors import RecordError
from ..services.jsonlimits import loads_limited

VERSION = 1
MAX_TO_HOST = 4096  # characters: a join, a resume or one action
MAX_TO_GUEST = 262144  # characters: one observation (a 4-player game's end: ~40 kB)
MAX_DEPTH = 12  # an observation is 6 levels deep

# Guest to host.
JOIN = "join"  # {"seat", "token", "name"?}: claim a seat with its join code's token
RESUME = "resume"  # {"seat", "token", "move"}: a seat comes back after a drop
ACTION = "action"  # {"seat", "move", "action"}: one move, made on observation `move`
# Host to guest.
OBSERVATION = "observation"  # {"seat", "move", "obs"}: what this seat may know now
ACK = "ack"  # {"move"}: the guest's action was applied; an observation follows
ERROR = "error"  # {"code", "rule"?, "msg"?, "params"?}: refused, nothing changed
TO_HOST = (JOIN, RESUME, ACTION)
TO_GUEST = (OBSERVATION, ACK, ERROR)

# Every field's JSON type, exactly (issue 44: a guest's "seat": true passed
# for seat 1, since Python's bool is an int and True == 1; 1.0 == 1 too).
INT = "integer"  # a JSON number without a fraction or exponent: never true/false, never 1.0
STR = "string"
LIST = "array"
OBJ = "object"
# type -> ((field, JSON type, required), ...); a field not listed is refused too.
FIELDS = {
    JOIN: (("seat", INT, True), ("token", STR, True), ("name", STR, False)),
    RESUME: (("seat", INT, True), ("token", STR, True), ("move", INT, True)),
    ACTION: (("seat", INT, True), ("move", INT, True), ("action", LIST, True)),
    OBSERVATION: (("seat", INT, True), ("move", INT, True), ("obs", OBJ, True)),
    ACK: (("move", INT, True),),
    ERROR: (("code", STR, True), ("rule", STR, False), ("msg", STR, False), ("params", OBJ, False)),
}

# Error codes (docs/table-mode.md lists what each means).
E_TOO_LARGE = "too_large"
E_MALFORMED = "malformed"
E_VERSION = "version"
E_UNKNOWN = "unknown_type"
E_NOT_JOINED = "not_joined"
E_BAD_TOKEN = "bad_token"
E_NOT_REMOTE = "not_a_phone_seat"
E_SEAT_TAKEN = "seat_taken"
E_WRONG_SEAT = "not_your_seat"
E_STALE = "stale"
E_ILLEGAL = "illegal"


class ProtocolError(ValueError):
    """A message that cannot be accepted; `code` says why (an E_* constant)."""

    def __init__(self, code, detail=""):
        super().__init__(code + (": " + detail if detail else ""))
        self.code = code
        self.detail = detail


def encode(t, fields) -> str:
    """One message as compact JSON text."""
    msg = {"v": VERSION, "t": t}
    for k in fields:
        msg[k] = fields[k]
    return json_dumps(msg, separators=(",", ":"))


def decode(text, limit, allowed) -> dict:
    """The message `text` as a dict; ProtocolError if it is too long (checked
    first, on the raw length), not JSON, too deep, of another version or of a
    type not in `allowed`. Lengths are UTF-8 bytes, as the one reader counts
    (a character is never fewer: more characters than `limit` is too long)."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > limit:
            raise ProtocolError(E_TOO_LARGE)
        try:
            text = bytes(text).decode("utf-8")
        except Exception:
            raise ProtocolError(E_MALFORMED, "not UTF-8") from None
    if not isinstance(text, str):
        raise ProtocolError(E_MALFORMED, "not text")
    if len(text) > limit:
        raise ProtocolError(E_TOO_LARGE, str(len(text)) + " > " + str(limit))
    try:
        msg = loads_limited(text, limit, "message", MAX_DEPTH)
    except RecordError as e:
        why = str(e)
        raise ProtocolError(E_TOO_LARGE if "too large" in why else E_MALFORMED, why) from None
    if not isinstance(msg, dict):
        raise ProtocolError(E_MALFORMED, "not an object")
    v = msg.get("v")
    if not is_int(v):
        raise ProtocolError(E_MALFORMED, "no version")
    if v != VERSION:
        raise ProtocolError(E_VERSION, "version " + str(v)[:12])
    t = msg.get("t")
    if not isinstance(t, str) or t not in allowed:
        raise ProtocolError(E_UNKNOWN, str(t)[:20])
    check_fields(msg)
    return msg


def check_fields(msg) -> None:
    """ProtocolError unless every field of the message has its JSON type
    (FIELDS), the required ones are there and there is no other."""
    spec = FIELDS[msg["t"]]
    known = ["v", "t"]
    for name, kind, required in spec:
        known.append(name)
        if name not in msg:
            if required:
                raise ProtocolError(E_MALFORMED, "no " + name)
        elif not is_type(msg[name], kind):
            raise ProtocolError(E_MALFORMED, name + " is not of JSON type " + kind)
    for name in msg:
        if name not in known:
            raise ProtocolError(E_MALFORMED, "unknown field " + str(name)[:20])


def is_type(x, kind) -> bool:
    """Whether the decoded JSON value `x` is of JSON type `kind`, exactly."""
    if kind == INT:
        return is_int(x)
    if kind == STR:
        return isinstance(x, str)
    if kind == LIST:
        return isinstance(x, list)
    return isinstance(x, dict)


def is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def error(code, rule=None, msg=None, params=None) -> str:
    """An error reply: what was refused and why (the game did not change)."""
    fields: dict = {"code": code}
    if rule is not None:
        fields["rule"] = rule
    if msg is not None:
        fields["msg"] = msg
    if params:
        fields["params"] = params
    return encode(ERROR, fields)
