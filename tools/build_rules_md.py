#!/usr/bin/env python3
"""Write docs/rules.md, the rules specification, from assets/rules/en.html.

    python3 tools/build_rules_md.py            # rewrite docs/rules.md
    python3 tools/build_rules_md.py --check    # exit 1 if docs/rules.md is stale

One source: the English in-app rules reference (assets/rules/en.html, also
inlined in index.html) *is* the project's specification, in the project's own
words, with the rule IDs (R-S1 ...) that the code and the tests name. This
script only renders it as Markdown so it reads well on GitHub;
tests/test_rules_spec.py fails when the two differ. Edit en.html (and its
translations), then run this script.

Only the few tags the fragment uses are handled: headings, paragraphs, nested
lists, tables with a caption, <strong> and <span class="rule-id">.
"""

import re
import sys
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "assets" / "rules" / "en.html"
TARGET = ROOT / "docs" / "rules.md"

HEADER = """<!-- Generated from assets/rules/en.html by tools/build_rules_md.py: do not edit
     here; edit the HTML and run the script (tests/test_rules_spec.py checks). -->

"""

HEADINGS = {"h2": "#", "h3": "##", "h4": "###"}


class _ToMarkdown(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.blocks: list[str] = []  # finished Markdown blocks
        self.text = ""  # inline text being collected
        self.lists: list[list[str]] = []  # one list of item lines per open <ul>
        self.table: list[list[str]] | None = None
        self.row: list[str] | None = None
        self.caption = ""
        self.caption_open = False
        self.in_rule_id = False

    # -- inline text
    def handle_data(self, data):
        if self.table is not None and self.row is None and not self.caption_open:
            return  # whitespace between table tags
        self.text += re.sub(r"\s+", " ", data)

    def _take(self) -> str:
        out, self.text = " ".join(self.text.split()), ""
        return out

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag in HEADINGS or tag == "p":
            self._take()
        elif tag == "ul":
            if self.lists:  # a nested list: the parent item's text so far is its line
                self._flush_item()
            else:
                self._take()
            self.lists.append([])
        elif tag == "li":
            self._take()
        elif tag == "strong":
            self.text += "**"
        elif tag == "span" and "rule-id" in (a.get("class") or ""):
            self.text += "**"
            self.in_rule_id = True
        elif tag == "table":
            self.table, self.caption = [], ""
        elif tag == "caption":
            self.caption_open = True
            self._take()
        elif tag == "tr":
            self.row = []
        elif tag in ("td", "th"):
            self._take()

    def handle_endtag(self, tag):
        if tag in HEADINGS:
            self.blocks.append(HEADINGS[tag] + " " + self._take())
        elif tag == "p":
            self.blocks.append(self._take())
        elif tag == "li":
            self._flush_item()
        elif tag == "ul":
            items = self.lists.pop()
            if self.lists:
                self.lists[-1].extend("  " + line for line in items)
            else:
                self.blocks.append("\n".join(items))
        elif tag == "strong":
            self.text += "**"
        elif tag == "span" and self.in_rule_id:
            self.text += "**"
            self.in_rule_id = False
        elif tag == "caption":
            self.caption = self._take()
            self.caption_open = False
        elif tag in ("td", "th") and self.row is not None:
            self.row.append(self._take().replace("|", "\\|"))
        elif tag == "tr" and self.table is not None and self.row is not None:
            self.table.append(self.row)
            self.row = None
        elif tag == "table" and self.table is not None:
            head, *body = self.table
            lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
            lines += ["| " + " | ".join(r) + " |" for r in body]
            if self.caption:
                self.blocks.append("*" + self.caption + "*")
            self.blocks.append("\n".join(lines))
            self.table = None

    def _flush_item(self):
        text = self._take()
        if text:
            self.lists[-1].append("- " + text)


def render(html: str) -> str:
    """The Markdown for the rules fragment `html`."""
    parser = _ToMarkdown()
    parser.feed(html)
    parser.close()
    return HEADER + "\n\n".join(b for b in parser.blocks if b.strip()) + "\n"


def main(argv: list[str]) -> int:
    text = render(SOURCE.read_text(encoding="utf-8"))
    if "--check" in argv:
        current = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
        if current != text:
            print("docs/rules.md is stale: run python3 tools/build_rules_md.py", file=sys.stderr)
            return 1
        return 0
    TARGET.write_text(text, encoding="utf-8")
    print("wrote docs/rules.md")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
