"""Every path the code map names exists: README.md's "What is where" section
and docs/architecture.md (issue 21). No browser, no runtime: text and files.

The convention (the two documents are written to it):

- Only names in backticks count, outside fenced code blocks (the Mermaid
  diagrams name functions, not files). A span is a *path* if it is one word
  of path characters (letters, digits, `_`, `.`, `-`, `/`) and either holds
  a `/` or ends in a file extension (`.py`, `.md`, `.json`, ...). So
  `lostcode/web/game/session.py`, `tests/`, `.ci/run` and `engine.py` are paths;
  `Session.do`, `actions.ACTIONS`, `data-act` and `grep -rn "R-G3" lostcode`
  are not.
- A path with a `/` is relative to the repository root.
- A path without one (`engine.py`, `rules.md`) is a file of the *context
  folder*: in docs/architecture.md the folder named by the nearest heading
  above it (the heading's first backticked path ending in `/`, e.g.
  "### `lostcode/rules/`: the engine"; a heading naming none resets it to the
  root); in README's table the row's folder (its first cell, when that is one
  path ending in `/`); elsewhere the root.
- In README's table, the second cell's bare names are modules of the row's
  folder: `engine` in the `lostcode/rules/` row is lostcode/rules/engine.py
  (or a folder lostcode/rules/engine/), `catalogs` in a `lostcode/web/` row
  is lostcode/web/catalogs/. There, every one-word span of path characters is
  such a name, so a table cell backticks nothing but paths and modules.
- Relative Markdown link targets (`[text](docs/architecture.md)`) are paths
  relative to the document's own folder.
"""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
ARCHITECTURE = ROOT / "docs" / "architecture.md"

EXTENSIONS = (
    "py md json html js mjs css toml txt sh svg png cfg yml yaml webmanifest po pot".split()
)
WORD = re.compile(r"[A-Za-z0-9_./-]+")
HAS_EXTENSION = re.compile(r".*\.(" + "|".join(EXTENSIONS) + r")")
MODULE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
SPAN = re.compile(r"`([^`\n]+)`")
LINK = re.compile(r"\]\(([^)\s]+)\)")
FENCE = re.compile(r"^\s*(```|~~~)")


def is_path(span: str) -> bool:
    return bool(WORD.fullmatch(span)) and ("/" in span or bool(HAS_EXTENSION.fullmatch(span)))


def resolve(span: str, folder: str) -> tuple:
    """The repository-relative candidates a path span may mean (any one may exist)."""
    if "/" in span:
        return (span,)
    return (folder + span,)


def module_candidates(name: str, folder: str) -> tuple:
    """A bare module name of a README table row: a module or a package/folder."""
    return (folder + name + ".py", folder + name + "/")


def exists(candidate: str, base: Path = ROOT) -> bool:
    path = base / candidate
    if candidate.endswith("/"):
        return path.is_dir()
    return path.exists()


def unfenced(lines):
    """(line number, line) outside fenced code blocks."""
    fenced = False
    for number, line in enumerate(lines, 1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            yield number, line


def links(line: str) -> list:
    out = []
    for target in LINK.findall(line):
        target = target.split("#")[0]
        if target and ":" not in target:  # no http:, mailto:; an in-page #anchor is empty
            out.append(target)
    return out


def prose_names(text: str) -> list:
    """(line, span, candidates) of a document whose headings give the context folder."""
    names = []
    folder = ""
    for number, line in unfenced(text.splitlines()):
        if line.startswith("#"):
            folders = [s for s in SPAN.findall(line) if is_path(s) and s.endswith("/")]
            folder = folders[0] if folders else ""
        for span in SPAN.findall(line):
            if is_path(span):
                names.append((number, span, resolve(span, folder)))
    return names


def section(text: str, heading: str) -> list:
    """The lines of a `## heading` section, up to the next heading of that level."""
    lines = text.splitlines()
    start = lines.index("## " + heading)
    out = []
    for line in lines[start + 1 :]:
        if line.startswith("## "):
            break
        out.append(line)
    return out


def table_names(lines) -> list:
    """(line, span, candidates) of README-style lines: table rows by the row's
    folder (bare module names included), other lines as prose at the root."""
    names = []
    for number, line in unfenced(lines):
        if not line.startswith("|"):
            for span in SPAN.findall(line):
                if is_path(span):
                    names.append((number, span, resolve(span, "")))
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 2 or set(cells[0]) <= set("-: ") or cells[0] == "path":
            continue  # the header row and its separator
        first = [s for s in SPAN.findall(cells[0]) if WORD.fullmatch(s)]
        folder = first[0] if len(first) == 1 and first[0].endswith("/") else ""
        for span in first:
            names.append((number, span, resolve(span, "")))
        for cell in cells[1:]:
            for span in SPAN.findall(cell):
                if is_path(span):
                    names.append((number, span, resolve(span, folder)))
                elif MODULE.fullmatch(span):
                    names.append((number, span, module_candidates(span, folder)))
    return names


def link_names(lines, doc: Path) -> list:
    base = doc.parent.relative_to(ROOT).as_posix()
    base = "" if base == "." else base + "/"
    out = []
    for number, line in unfenced(lines):
        for target in links(line):
            out.append((number, target, (base + target,)))
    return out


def missing(names) -> list:
    return [
        (number, span, candidates)
        for number, span, candidates in names
        if not any(exists(c) for c in _normalised(candidates))
    ]


def _normalised(candidates) -> tuple:
    """`docs/../README.md` -> `README.md` (links from docs/ go up a level)."""
    out = []
    for c in candidates:
        parts = []
        for part in c.split("/"):
            if part == "..":
                if parts:
                    parts.pop()
            elif part != ".":
                parts.append(part)
        out.append("/".join(parts))
    return tuple(out)


def readme_names() -> list:
    lines = section(README.read_text(encoding="utf-8"), "What is where")
    return table_names(lines) + link_names(lines, README)


def architecture_names() -> list:
    text = ARCHITECTURE.read_text(encoding="utf-8")
    return prose_names(text) + link_names(text.splitlines(), ARCHITECTURE)


def _found(names) -> set:
    return {c for _n, _s, candidates in names for c in _normalised(candidates)}


def check_names(names, expected, where):
    """The parser read what the document says (`expected` among what it found,
    not nothing), and every path it names exists."""
    found = _found(names)
    for path in expected:
        assert path in found, path
    assert len(names) > 60
    assert not missing(names), where + ": no such path: " + repr(missing(names))


def test_readme_what_is_where_names_only_existing_paths():
    check_names(readme_names(), (
        "lostcode/rules/engine.py",
        "lostcode/player/deduction.py",
        "lostcode/services/record.py",
        "lostcode/cli/tournament.py",
        "lostcode/web/game/session.py",
        "lostcode/web/game/gamepage.py",
        "lostcode/web/catalogs/",
        "docs/architecture.md",
        "docs/rules.md",
        "tests/test_rules_spec.py",
        "pyscript.toml",
    ), "README.md, What is where")


def test_architecture_names_only_existing_paths():
    check_names(architecture_names(), (
        "lostcode/rules/moves.py",
        "lostcode/rules/rng.py",
        "lostcode/web/main.py",
        "lostcode/web/lab/labbridge.py",
        "lostcode/player/botapi.py",
        "tests/test_rules_spec.py",
        "README.md",
    ), "docs/architecture.md")


def test_a_missing_path_is_reported():
    """The check fails for a name that does not exist, in each form it reads."""
    table = [
        "| path | what |",
        "|---|---|",
        "| `lostcode/rules/` | `engine`, `no_such_module`, `gone.py`, `docs/nowhere.md` |",
        "| `no-such-folder/` | the folder itself |",
        "See [`the map`](docs/missing-map.md).",
    ]
    bad = {span for _n, span, _c in missing(table_names(table) + link_names(table, README))}
    assert bad == {
        "no_such_module",
        "gone.py",
        "docs/nowhere.md",
        "no-such-folder/",
        "docs/missing-map.md",
    }
    prose = "\n".join(
        [
            "## `lostcode/web/game/`: the view layer",
            "`session.py` and `sessions.py`; `Session.do` is code, not a path.",
            "```mermaid",
            "`not_checked.py`",
            "```",
            "## Elsewhere",
            "`session.py` is not at the root; `tests/` is.",
        ]
    )
    names = prose_names(prose)
    assert [(n, s) for n, s, _c in missing(names)] == [(2, "sessions.py"), (7, "session.py")]
    assert [s for _n, s, _c in names] == [
        "lostcode/web/game/",
        "session.py",
        "sessions.py",
        "session.py",
        "tests/",
    ]
