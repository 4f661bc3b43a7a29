"""JSON read with a size and nesting limit, before any recursive parser sees it
(issue 12).

Pyodide's `json` recurses into JavaScript's stack: an imported file nested
5,000 levels deep killed the interpreter ("Maximum call stack size
exceeded"), and a saves list nested 20,000 levels made every page load fail.
CPython raises RecursionError, MicroPython its own error. Every record, save
and saves list therefore goes through `loads_limited`, which refuses text
that is too long or too deep with a short RecordError a player can read, and
only then calls `json.loads`.

The check before parsing is a plain loop over the characters (the whole
JSON grammar, see `nesting_problem`): no recursion, no regular expression,
the same on every runtime. Numbers with thousands of digits (CPython
refuses to convert them) are refused by name. Issue 25 made it the one
reader of every outside input, with `read_optional` for stored keys that
must never stop the page.

Sizes are counted in UTF-8 bytes on every runtime (issue 25): a file's size,
what the command line reads, and what `nesting_problem` scans anyway. The
page measures stored text in JavaScript's UTF-16 units first; a UTF-16 unit
is never more than the bytes it stands for, so that measure only refuses
text that is too large in bytes too, and this reader decides the rest.
A value made in Python (a bot's move) is checked by `value_problem`, with
an explicit stack, before anything recursive (json.dumps, repr, ==) walks it.
"""

from json import loads as json_loads

from ..rules.errors import RecordError

# A record is 4 levels deep, a save 6, a saved-games slot 8: 32 is generous.
MAX_DEPTH = 32
MAX_CHARS = 2000000  # bytes of UTF-8 (the name is older than the unit)
# Lists, dicts and scalars in a value made in Python (a bot's move is ~5).
MAX_ITEMS = 100000
# Longest run of digits accepted in a number (a seed is at most 10 digits).
MAX_DIGITS = 60


_ESCAPES = b'"\\/bfnrt'
_HEX = b"0123456789abcdefABCDEF"
_WORDS = (b"true", b"false", b"null")
_INVALID = "it is not valid JSON"


def nesting_problem(text, max_depth=MAX_DEPTH):
    """None, or why `text` is not strict JSON that can be parsed safely.

    Issue 25: MicroPython's `json` is lenient where CPython's and Pyodide's
    are strict: it stops at a NUL (so anything after it is ignored), accepts
    trailing commas, a missing colon or comma and leading zeros. So the whole
    grammar is checked here, with an explicit stack (no recursion, no regular
    expression), and every runtime accepts exactly the same text. Too deep, a
    number with too many digits, a control character in a string and anything
    after the end of the value are refused by name.

    The scan runs over the UTF-8 bytes: indexing a MicroPython string is not
    constant time (an indexing scan took minutes on half a megabyte), and
    strings are skipped with bytes.find, in C, not one character at a time.
    """
    data = text.encode("utf-8") if isinstance(text, str) else bytes(text)
    # What the grammar expects next. Local names: a global lookup costs a
    # dictionary search per use on MicroPython.
    VALUE, VALUE_OR_END, KEY, KEY_OR_END, COLON, AFTER = 0, 1, 2, 3, 4, 5  # noqa: N806
    string_end, number_end = _string_end, _number_end
    n = len(data)
    i = 0
    stack = []
    state = VALUE
    while i < n:
        c = data[i]
        if c <= 32 and (c == 32 or c == 10 or c == 13 or c == 9):
            i += 1
            continue
        if c == 34:  # a string: a key or a value
            if state == KEY or state == KEY_OR_END:
                state = COLON
            elif state == VALUE or state == VALUE_OR_END:
                state = AFTER
            elif state == AFTER and not stack:
                return "it has more after the end of its data"
            else:
                return _INVALID
            i = string_end(data, i)
            if i < 0:
                return _INVALID
            continue
        if state == AFTER:
            if not stack:
                return "it has more after the end of its data"
            top = stack[-1]
            if c == 44:  # ,
                state = KEY if top == 123 else VALUE
            elif (c == 125 and top == 123) or (c == 93 and top == 91):
                stack.pop()
            else:
                return _INVALID
            i += 1
            continue
        if state == COLON:
            if c != 58:  # :
                return _INVALID
            state = VALUE
            i += 1
            continue
        if state == KEY or state == KEY_OR_END:
            if c == 125 and state == KEY_OR_END:
                stack.pop()
                state = AFTER
                i += 1
                continue
            return _INVALID
        # a value
        if c == 93 and state == VALUE_OR_END:
            stack.pop()
            state = AFTER
            i += 1
        elif c == 123 or c == 91:  # { [
            stack.append(c)
            if len(stack) > max_depth:
                return "it is nested more than " + str(max_depth) + " levels deep"
            state = KEY_OR_END if c == 123 else VALUE_OR_END
            i += 1
        elif c == 45 or 48 <= c <= 57:
            end = number_end(data, i)
            if end < 0:
                return _INVALID
            if end - i > MAX_DIGITS:
                return "it holds a number with more than " + str(MAX_DIGITS) + " digits"
            i = end
            state = AFTER
        else:
            for word in _WORDS:
                if data[i : i + len(word)] == word:
                    i += len(word)
                    state = AFTER
                    break
            else:
                return _INVALID
    if stack or state != AFTER:
        return "it is not valid JSON (it ends too early)"
    return None


def _string_end(data, i):
    """Index after the string whose quote is data[i], or -1 if it is invalid."""
    j = i + 1
    while True:
        q = data.find(b'"', j)
        if q < 0:
            return -1
        segment = data[j:q]
        if segment and min(segment) < 32:  # control characters (NUL too) must be escaped
            return -1
        backslash = segment.find(b"\\")
        if backslash < 0:
            return q + 1
        p = j + backslash
        while p < q:
            if data[p] != 92:
                p += 1
                continue
            e = data[p + 1]  # p < q, so p + 1 <= q exists
            if e == 117:  # \uXXXX
                four = data[p + 2 : p + 6]
                if len(four) != 4 or any(h not in _HEX for h in four):
                    return -1
                p += 6
            elif e in _ESCAPES:
                p += 2
            else:
                return -1
        if p == q:
            return q + 1
        j = p  # that quote was escaped: look for the next one


def _digits_end(data, i, n):
    """Index after the run of ASCII digits starting at data[i] (i if there is none)."""
    while i < n and 48 <= data[i] <= 57:
        i += 1
    return i


def _number_end(data, i):
    """Index after the JSON number starting at data[i], or -1 if it is invalid."""
    n = len(data)
    if data[i] == 45:
        i += 1
    start = i
    i = _digits_end(data, i, n)
    if i == start or (data[start] == 48 and i - start > 1):
        return -1
    if i < n and data[i] == 46:  # .
        start = i + 1
        i = _digits_end(data, start, n)
        if i == start:
            return -1
    if i < n and data[i] in b"eE":
        i += 1
        if i < n and data[i] in b"+-":
            i += 1
        start = i
        i = _digits_end(data, i, n)
        if i == start:
            return -1
    return i


def as_text(data, what="file", max_chars=MAX_CHARS):
    """Bytes as text the way the page reads a file: strict UTF-8, a leading BOM dropped.

    The size is checked on the bytes, before decoding (issue 25: on
    MicroPython decoding a ~2 MB file already ran out of memory), and the
    bytes are checked as strictly as JavaScript's fatal TextDecoder:
    MicroPython's own decoder lets some invalid sequences through."""
    return _text_and_bytes(data, what, max_chars)[0]


def _text_and_bytes(data, what, max_chars):
    """(text, its UTF-8 bytes without a BOM) of bytes or text from outside,
    RecordError when it is larger than `max_chars` bytes or not UTF-8;
    (data, None) for data that is neither (already parsed).

    Text is measured in UTF-8 bytes, as bytes are: the same limit on
    CPython, Pyodide and MicroPython whatever the characters (issue 25: the
    page measured UTF-16 units, the command line bytes). A character is
    never fewer bytes than one, so text with more characters than the limit
    is refused before it is encoded."""
    if isinstance(data, (bytes, bytearray)):
        if len(data) > max_chars:
            raise RecordError(too_large(what, max_chars))
        raw = bytes(data)
        if not _strict_utf8(raw):
            raise RecordError("the " + what + " is not text in UTF-8")
        if raw.startswith(b"\xef\xbb\xbf"):
            raw = raw[3:]
        try:
            return raw.decode("utf-8"), raw
        except Exception:
            raise RecordError("the " + what + " is not text in UTF-8") from None
    if not isinstance(data, str):
        return data, None
    if data.startswith("\ufeff"):
        data = data[1:]
    if len(data) > max_chars:
        raise RecordError(too_large(what, max_chars))
    try:
        raw = data.encode("utf-8")
    except Exception:  # a lone surrogate (CPython, Pyodide): not text in UTF-8
        raise RecordError("the " + what + " is not text in UTF-8") from None
    if len(raw) > max_chars:
        raise RecordError(too_large(what, max_chars))
    return data, raw


def too_large(what, max_chars):
    """Why text longer than `max_chars` UTF-8 bytes is refused (also said of
    stored text measured and never read, issue 25: the same words on every
    runtime)."""
    return "the " + what + " is too large (more than " + str(max_chars) + " bytes)"


def loads_limited(data, max_chars=MAX_CHARS, what="file", max_depth=MAX_DEPTH):
    """json.loads for text from outside (a file, storage, a bot); RecordError otherwise.

    The one reader of every outside input (issue 25): records, saves, the
    saves list, remembered settings, the Bot lab's keys and a bot's replies.
    Size (in UTF-8 bytes), depth and the whole grammar are checked before
    `json.loads` runs, so CPython, Pyodide and MicroPython accept exactly
    the same text. Non-text data (already parsed) is returned as it is.
    """
    data, raw = _text_and_bytes(data, what, max_chars)
    if raw is None:
        return data
    problem = nesting_problem(raw, max_depth)
    raw = None  # MicroPython: the bytes' memory back before parsing
    if problem is not None:
        raise RecordError("the " + what + " cannot be read: " + problem)
    try:
        return json_loads(data)
    except Exception:
        raise RecordError("the " + what + " is not valid JSON") from None


def value_problem(value, max_depth=MAX_DEPTH, max_items=MAX_ITEMS):
    """None, or why a value made in Python (a bot's move) is too deep or too
    big to be passed through JSON, compared or shown.

    Issue 25: json.dumps, repr and == all recurse, and a bot's move nested
    5,000 deep killed Pyodide in the bot's worker ("Maximum call stack size
    exceeded", a fatal error) and raised RecursionError on CPython. This walk
    keeps its own stack, so it never recurses, and stops at the first level
    past `max_depth` or item past `max_items` (a list holding itself is
    refused as too deep). Only lists, tuples and dicts are entered; what
    else a value holds is judged by whoever converts it."""
    stack = [(value, 0)]
    items = 0
    while stack:
        v, depth = stack.pop()
        items += 1
        if items > max_items:
            return "it holds more than " + str(max_items) + " items"
        if not isinstance(v, (dict, list, tuple)):
            continue
        if depth >= max_depth:
            return "it is nested more than " + str(max_depth) + " levels deep"
        if len(v) > max_items:
            return "it holds more than " + str(max_items) + " items"
        for child in v.values() if isinstance(v, dict) else v:
            stack.append((child, depth + 1))
    return None


def read_optional(text, what, max_chars=MAX_CHARS):
    """An optional stored value (remembered settings, a Bot lab key): its data,
    or None when it is missing or cannot be read. Never raises, so such a key
    can never stop the page from starting (issue 25)."""
    if text is None or text == "":
        return None
    try:
        return loads_limited(text, max_chars, what)
    except Exception:
        return None


def _strict_utf8(b):
    """Whether `b` is UTF-8 as JavaScript's fatal TextDecoder reads it: no
    overlong forms, no surrogates, nothing above U+10FFFF, nothing cut short."""
    i = 0
    n = len(b)
    while i < n:
        c = b[i]
        if c < 0x80:
            i += 1
            continue
        if 0xC2 <= c <= 0xDF:
            need, lo, hi = 1, 0x80, 0xBF
        elif 0xE0 <= c <= 0xEF:
            need = 2
            lo = 0xA0 if c == 0xE0 else 0x80  # no overlong forms
            hi = 0x9F if c == 0xED else 0xBF  # no surrogates
        elif 0xF0 <= c <= 0xF4:
            need = 3
            lo = 0x90 if c == 0xF0 else 0x80
            hi = 0x8F if c == 0xF4 else 0xBF  # nothing above U+10FFFF
        else:
            return False
        if i + need >= n:  # cut short
            return False
        if not lo <= b[i + 1] <= hi:
            return False
        for j in range(i + 2, i + need + 1):
            if not 0x80 <= b[j] <= 0xBF:
                return False
        i += need + 1
    return True
