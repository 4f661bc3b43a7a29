"""Player names as people see them (issue 12).

"Ann", "Ann" + ZERO WIDTH SPACE and "Ann" + ZERO WIDTH JOINER were three
players all shown as "Ann"; a name of only U+200B showed blank; an
unterminated RIGHT-TO-LEFT OVERRIDE reversed the rest of every sentence the
name appeared in. So before a name is compared or shown it is normalised:

- NFC where the runtime has `unicodedata` (CPython, Pyodide); MicroPython
  has no Unicode database, so there names are compared as typed (a name
  typed on one device is almost always in NFC already);
- invisible characters and bidirectional controls removed (zero-width
  spaces and joiners, marks, embeddings, overrides, isolates, BOM, soft
  hyphen, fillers, variation selectors, tag characters), as are control
  characters and lone surrogates;
- any run of spaces (including no-break and wide spaces) becomes one space,
  trimmed at both ends.

`look_alike` then finds names that would still be shown the same, or
nearly: names are compared by their look-alike skeleton (issue 25: "Ann" and
"Аnn" with a Cyrillic А, "Bob" and "Βob" with a Greek Β, "fiona" and "ﬁona"
with a ligature were two players). The skeleton maps every character
through lostcode/rules/lookalikes.py, a table tools/build_lookalikes.py
generates from Unicode's confusables (Latin, Greek, Cyrillic, and the letters
of every other script that look like them: issue 44, Lisu "ꓮnn" and Armenian
"Bօb" beside "Ann" and "Bob") and compatibility decompositions, so
MicroPython, which has no `unicodedata`,
compares exactly as CPython and Pyodide do ("José" precomposed and
decomposed included). The new-game form refuses such names with a message
(R-S1). Pure Python, portable.
"""

try:
    from unicodedata import normalize as _unicode_normalize
except ImportError:  # MicroPython
    _unicode_normalize = None  # type: ignore[assignment]

# Inclusive code point ranges removed from names.
INVISIBLE = (
    (0x0000, 0x001F),  # C0 controls (tabs and newlines become spaces first)
    (0x007F, 0x009F),  # DEL, C1 controls
    (0x00AD, 0x00AD),  # soft hyphen
    (0x034F, 0x034F),  # combining grapheme joiner
    (0x061C, 0x061C),  # Arabic letter mark
    (0x115F, 0x1160),  # Hangul fillers
    (0x17B4, 0x17B5),  # Khmer inherent vowels (invisible)
    (0x180B, 0x180F),  # Mongolian variation selectors and vowel separator
    (0x200B, 0x200F),  # zero-width space, non-joiner, joiner, LRM, RLM
    (0x202A, 0x202E),  # bidi embeddings and overrides
    (0x2060, 0x206F),  # word joiner, invisible operators, bidi isolates, deprecated
    (0x3164, 0x3164),  # Hangul filler
    (0xD800, 0xDFFF),  # lone surrogates (not characters at all)
    (0xFE00, 0xFE0F),  # variation selectors
    (0xFEFF, 0xFEFF),  # byte order mark / zero-width no-break space
    (0xFFA0, 0xFFA0),  # halfwidth Hangul filler
    (0xFFF0, 0xFFF8),  # unassigned specials
    (0x1D173, 0x1D17A),  # musical format characters
    (0xE0000, 0xE0FFF),  # tags and variation selectors supplement
)
SPACES = (
    "\t\n\v\f\r \u0085\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006"
    "\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"
)


def is_invisible(code):
    """Whether the character of code point `code` is removed from names (INVISIBLE)."""
    for low, high in INVISIBLE:
        if low <= code <= high:
            return True
    return False



def normalize_name(name):
    """The name as it is shown: NFC (where available), nothing invisible, single spaces."""
    if not isinstance(name, str):
        return ""
    out = []
    space = False
    for ch in name:
        if ch in SPACES:
            space = True
            continue
        if is_invisible(ord(ch)):
            continue
        if space and out:
            out.append(" ")
        space = False
        out.append(ch)
    text = "".join(out)
    if _unicode_normalize is not None:
        try:
            text = _unicode_normalize("NFC", text)
        except Exception:
            pass
    return text


_SKELETONS = {}  # {character: skeleton} of the characters met so far
_TABLE = []  # [the table as UTF-8 bytes], once read


def _skeleton_table():
    """{character: skeleton} of the whole generated table, as skeleton() reads
    it entry by entry (tests compare the two)."""
    from .lookalikes import TABLE

    table = {}
    for entry in TABLE.split("\n"):
        if not entry:
            continue
        parts = entry.split("\t")
        ch, mapped = parts[0], parts[1]
        if len(parts) == 3:  # a run: consecutive characters, consecutive skeletons
            for k in range(int(parts[2])):
                table[chr(ord(ch) + k)] = chr(ord(mapped) + k)
        else:
            table[ch] = mapped
    return table


def _table():
    """The table as UTF-8 bytes, every entry between two newlines."""
    if not _TABLE:
        from .lookalikes import TABLE

        _TABLE.append(("\n" + TABLE + "\n").encode())
    return _TABLE[0]


def _skeleton_of(ch):
    """One character's skeleton, looked up in the table when the character is
    first met. (Building the whole {character: skeleton} dict first took
    0.15-0.4 s on MicroPython, in the first game of the page and of the Bot
    lab: issue 26.) The entries are in code point order, so a binary search
    over the table's bytes finds the last entry at or before the character:
    its own, or the first of a run it may be in (a dozen small searches, where
    a str's index on MicroPython counts characters from its start)."""
    got = _SKELETONS.get(ch)
    if got is not None:
        return got
    data = _table()
    code = ord(ch)
    lo, hi = 1, len(data) - 1  # entries start at lo; data[hi] is the newline after the last
    found = None
    while lo < hi:
        start = data.rfind(b"\n", lo - 1, (lo + hi) // 2 + 1) + 1
        end = data.find(b"\n", start)
        if ord(data[start:data.find(b"\t", start)].decode()) <= code:
            found = (start, end)
            lo = end + 1
        else:
            hi = start - 1
    got = ch
    if found is not None:
        parts = data[found[0]:found[1]].decode().split("\t")
        first = ord(parts[0])
        if first == code:
            got = parts[1]
        elif len(parts) == 3 and code < first + int(parts[2]):
            got = chr(ord(parts[1]) + code - first)
    _SKELETONS[ch] = got
    return got


def skeleton(name):
    """The name's look-alike skeleton: equal for names people can't tell apart."""
    return "".join(_skeleton_of(ch) for ch in normalize_name(name))


def look_alike(names):
    """The first name that looks like an earlier one (same skeleton), normalised; or None."""
    seen = []
    for n in names:
        key = skeleton(n)
        if key and key in seen:
            return normalize_name(n)
        seen.append(key)
    return None
