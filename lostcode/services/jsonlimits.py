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
"""

from json import loads as json_loads

from ..rules.errors import RecordError

# A record is 4 levels deep, a save 6, a saved-games slot 8: 32 is generous.
MAX_DEPTH = 32
MAX_CHARS = 2000000
# Longest run of digits accepted in a number (a seed is at most 10 digits).
MAX_DIGITS = 60


_WHITE = " \t\n\r"
_ESCAPES = '"\\/bfnrtu'
_HEXDIGITS = "0123456789abcdefABCDEF"
_DIGITS = "0123456789"
# What the scanner expects next.
_VALUE, _VALUE_OR_END, _KEY, _KEY_OR_END, _COLON, _AFTER = 0, 1, 2, 3, 4, 5


def nesting_problem(text, max_depth=MAX_DEPTH):
    """None, or why `text` is not strict JSON that can be parsed safely.

    Issue 25: MicroPython's `json` is lenient where CPython's and Pyodide's
    are strict: it stops at a NUL (so anything after it is ignored), accepts
    trailing commas, a missing colon or comma and leading zeros. So the whole
    grammar is checked here, as a loop with an explicit stack (no recursion,
    no regular expression), and every runtime accepts exactly the same text.
    Too deep, a number with too many digits, a control character in a string
    and anything after the end of the value are refused by name.
    """
    n = len(text)
    i = 0
    stack = []
    state = _VALUE
    while True:
        while i < n and text[i] in _WHITE:
            i += 1
        if i >= n:
            break
        ch = text[i]
        if state == _AFTER:
            if not stack:
                return "it has more after the end of its data"
            top = stack[-1]
            if ch == ",":
                state = _KEY if top == "{" else _VALUE
            elif (ch == "}" and top == "{") or (ch == "]" and top == "["):
                stack.pop()
            else:
                return "it is not valid JSON"
            i += 1
            continue
        if state == _COLON:
            if ch != ":":
                return "it is not valid JSON"
            state = _VALUE
            i += 1
            continue
        if state == _KEY or state == _KEY_OR_END:
            if ch == "}" and state == _KEY_OR_END:
                stack.pop()
                state = _AFTER
                i += 1
                continue
            if ch != '"':
                return "it is not valid JSON"
            i = _string_end(text, i)
            if i < 0:
                return "it is not valid JSON"
            state = _COLON
            continue
        # a value
        if ch == "]" and state == _VALUE_OR_END:
            stack.pop()
            state = _AFTER
            i += 1
        elif ch == "{" or ch == "[":
            stack.append(ch)
            if len(stack) > max_depth:
                return "it is nested more than " + str(max_depth) + " levels deep"
            state = _KEY_OR_END if ch == "{" else _VALUE_OR_END
            i += 1
        elif ch == '"':
            i = _string_end(text, i)
            if i < 0:
                return "it is not valid JSON"
            state = _AFTER
        elif ch == "-" or ch in _DIGITS:
            end = _number_end(text, i)
            if end < 0:
                return "it is not valid JSON"
            if end - i > MAX_DIGITS:
                return "it holds a number with more than " + str(MAX_DIGITS) + " digits"
            i = end
            state = _AFTER
        else:
            for word in ("true", "false", "null"):
                if text.startswith(word, i):
                    i += len(word)
                    state = _AFTER
                    break
            else:
                return "it is not valid JSON"
    if stack or state != _AFTER:
        return "it is not valid JSON (it ends too early)"
    return None


def _string_end(text, i):
    """Index after the string starting at text[i] ('"'), or -1 if it is invalid."""
    n = len(text)
    i += 1
    while i < n:
        ch = text[i]
        if ch == '"':
            return i + 1
        if ch == "\\":
            if i + 1 >= n or text[i + 1] not in _ESCAPES:
                return -1
            if text[i + 1] == "u":
                if i + 6 > n or any(c not in _HEXDIGITS for c in text[i + 2 : i + 6]):
                    return -1
                i += 6
            else:
                i += 2
            continue
        if ch < " ":  # control characters (NUL included) must be escaped
            return -1
        i += 1
    return -1


def _number_end(text, i):
    """Index after the JSON number starting at text[i], or -1 if it is invalid."""
    n = len(text)
    if text[i] == "-":
        i += 1
    start = i
    while i < n and text[i] in _DIGITS:
        i += 1
    if i == start or (text[start] == "0" and i - start > 1):
        return -1
    if i < n and text[i] == ".":
        i += 1
        start = i
        while i < n and text[i] in _DIGITS:
            i += 1
        if i == start:
            return -1
    if i < n and text[i] in "eE":
        i += 1
        if i < n and text[i] in "+-":
            i += 1
        start = i
        while i < n and text[i] in _DIGITS:
            i += 1
        if i == start:
            return -1
    return i


def as_text(data, what="file", max_chars=MAX_CHARS):
    """Bytes as text the way the page reads a file: strict UTF-8, a leading BOM dropped.

    The size is checked on the bytes, before decoding (issue 25: on
    MicroPython decoding a ~2 MB file already ran out of memory), and the
    bytes are checked as strictly as JavaScript's fatal TextDecoder:
    MicroPython's own decoder lets some invalid sequences through."""
    if isinstance(data, (bytes, bytearray)):
        if len(data) > max_chars:
            raise RecordError(_too_large(what, max_chars))
        data = bytes(data)
        if not _strict_utf8(data):
            raise RecordError("the " + what + " is not text in UTF-8")
        try:
            data = data.decode("utf-8")
        except Exception:
            raise RecordError("the " + what + " is not text in UTF-8") from None
    if isinstance(data, str) and data.startswith("\ufeff"):
        data = data[1:]
    return data


def _too_large(what, max_chars):
    return "the " + what + " is too large (more than " + str(max_chars) + " characters)"


def loads_limited(data, max_chars=MAX_CHARS, what="file", max_depth=MAX_DEPTH):
    """json.loads for text from outside (a file, storage, a bot); RecordError otherwise.

    The one reader of every outside input (issue 25): records, saves, the
    saves list, remembered settings, the Bot lab's keys and a bot's replies.
    Size, depth and the whole grammar are checked before `json.loads` runs,
    so CPython, Pyodide and MicroPython accept exactly the same text.
    Non-text data (already parsed) is returned as it is.
    """
    data = as_text(data, what, max_chars)
    if not isinstance(data, str):
        return data
    if len(data) > max_chars:
        raise RecordError(_too_large(what, max_chars))
    problem = nesting_problem(data, max_depth)
    if problem is not None:
        raise RecordError("the " + what + " cannot be read: " + problem)
    try:
        return json_loads(data)
    except Exception:
        raise RecordError("the " + what + " is not valid JSON") from None


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
