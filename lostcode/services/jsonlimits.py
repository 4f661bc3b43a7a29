"""JSON read with a size and nesting limit, before any recursive parser sees it
(issue 12).

Pyodide's `json` recurses into JavaScript's stack: an imported file nested
5,000 levels deep killed the interpreter ("Maximum call stack size
exceeded"), and a saves list nested 20,000 levels made every page load fail.
CPython raises RecursionError, MicroPython its own error. Every record, save
and saves list therefore goes through `loads_limited`, which refuses text
that is too long or too deep with a short RecordError a player can read, and
only then calls `json.loads`.

The depth scan is a plain loop over the characters (strings skipped): no
recursion, no regular expression, the same on every runtime. Numbers with
thousands of digits (CPython refuses to convert them) are refused by name.
"""

from json import loads as json_loads

from ..rules.errors import RecordError

# A record is 4 levels deep, a save 6, a saved-games slot 8: 32 is generous.
MAX_DEPTH = 32
MAX_CHARS = 2000000
# Longest run of digits accepted in a number (a seed is at most 10 digits).
MAX_DIGITS = 60


def nesting_problem(text, max_depth=MAX_DEPTH):
    """None, or why `text` cannot be parsed safely (too deep, a huge number)."""
    depth = 0
    in_string = False
    escaped = False
    digits = 0
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
            continue
        if "0" <= ch <= "9":
            digits += 1
            if digits > MAX_DIGITS:
                return "it holds a number with more than " + str(MAX_DIGITS) + " digits"
            continue
        digits = 0
        if ch == '"':
            in_string = True
        elif ch == "[" or ch == "{":
            depth += 1
            if depth > max_depth:
                return "it is nested more than " + str(max_depth) + " levels deep"
        elif ch == "]" or ch == "}":
            depth -= 1
    return None


def as_text(data, what="file"):
    """Bytes as text the way the page reads a file: UTF-8, a leading BOM dropped."""
    if isinstance(data, (bytes, bytearray)):
        try:
            data = bytes(data).decode("utf-8")
        except Exception:
            raise RecordError("the " + what + " is not text in UTF-8") from None
    if isinstance(data, str) and data.startswith("\ufeff"):
        data = data[1:]
    return data


def loads_limited(data, max_chars=MAX_CHARS, what="file", max_depth=MAX_DEPTH):
    """json.loads for text from outside (a file, storage); RecordError otherwise.

    Non-text data (already parsed) is returned as it is.
    """
    data = as_text(data, what)
    if not isinstance(data, str):
        return data
    if len(data) > max_chars:
        raise RecordError(
            "the " + what + " is too large (more than " + str(max_chars) + " characters)"
        )
    problem = nesting_problem(data, max_depth)
    if problem is not None:
        raise RecordError("the " + what + " cannot be read: " + problem)
    try:
        return json_loads(data)
    except Exception:
        raise RecordError("the " + what + " is not valid JSON") from None
