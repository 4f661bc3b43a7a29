"""URL settings for a ready-made game (issue 6/7): parse never raises, notes
explain what was ignored, to_query is parse's inverse, iframe HTML is escaped."""

from html.parser import HTMLParser

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lostcode.services.settings import KEYS, SEED_MAX, iframe_snippet, parse, to_query

FULL = (
    "?lang=it&players=3&seats=human,hard,easy&options=shortcut,curse&seed=42"
    "&hints=off&embed=1&runtime=micropython&textsize=large"
)


def test_full_example():
    s, notes = parse(FULL)
    assert notes == []
    assert s == {
        "lang": "it",
        "players": 3,
        "seats": ["human", "hard", "easy"],
        "options": ["shortcut", "curse"],
        "seed": 42,
        "hints": False,
        "embed": True,
        "runtime": "micropython",
        "textsize": "large",
    }
    assert to_query(s) == FULL


@pytest.mark.parametrize(
    "query,expected,note",
    [
        ("?players=9", {}, "Ignored players='9': choose 2 to 4 players."),
        ("?players=", {}, "choose 2 to 4 players"),
        ("?lang=de", {}, "the languages are en, ru, it and pl"),
        ("?lang=IT", {"lang": "it"}, None),
        ("?seed=-1", {}, "a seed is a whole number"),
        ("?seed=" + str(SEED_MAX + 1), {}, "a seed is a whole number"),
        ("?seed=" + str(SEED_MAX), {"seed": SEED_MAX}, None),
        ("?seed=1_000", {}, "a seed is a whole number"),
        ("?seed=٤٢", {}, "a seed is a whole number"),
        ("?embed", {"embed": True}, None),
        ("?embed=true&hints=on", {"embed": True, "hints": True}, None),
        ("?embed=maybe", {}, "use embed=1 or embed=0"),
        ("?runtime=cpython", {}, "pyodide and micropython"),
        ("?textsize=huge", {}, "textsize=normal"),
        ("?motion=wobble", {}, "use motion=full or motion=reduce"),
        ("?Motion=REDUCE", {"motion": "reduce"}, None),
        ("?options=high-stakes,curse,curse", {"options": ["high_stakes", "curse"]}, None),
        ("?options=flying", {"options": []}, "Ignored option 'flying'"),
        ("?seats=hard,easy,medium", {"seats": ["hard", "easy", "medium"], "players": 3}, None),
        ("?players=3&seats=hard", {"players": 3, "seats": ["hard", "human", "human"]}, "Fewer"),
        ("?players=2&seats=hard,easy,medium", {"players": 2, "seats": ["hard", "easy"]}, "extra"),
        ("?seats=robot,easy", {"players": 2, "seats": ["human", "easy"]}, "Seat 1 'robot'"),
        ("?lang=ru&lang=pl", {"lang": "ru"}, "the first one counts"),
        ("?utm_source=x", {}, "Ignored unknown setting 'utm_source'."),
        ("?lang=%FF", {}, "not valid text"),
        ("https://x.org/play/?lang=pl#top", {"lang": "pl"}, None),
        ("lang=pl;players=2", {"lang": "pl", "players": 2}, None),
        ("", {}, None),
        ("?&&=&", {}, "Ignored unknown setting ''."),
    ],
)
def test_values_and_notes(query, expected, note):
    s, notes = parse(query)
    assert s == expected
    if note is None:
        assert notes == []
    else:
        assert any(note in n for n in notes), notes


def test_huge_and_odd_inputs_never_raise():
    s, notes = parse("?" + "lang=it&" * 100000)
    assert s == {"lang": "it"} and notes
    for odd in (None, 42, b"lang=ru", b"\xff\xfe", ["lang=it"], "%", "%%%", "=" * 50, "\x00\n"):
        s, notes = parse(odd)
        assert isinstance(s, dict) and isinstance(notes, list)
    assert parse(b"lang=ru")[0] == {"lang": "ru"}
    # notes quote values safely (no control characters, bounded length)
    _s, notes = parse("?lang=" + "<script>\n" * 50)
    assert all(len(n) < 200 and "\n" not in n for n in notes)


FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
pieces = st.sampled_from(
    list(KEYS)
    + ["=", "&", "?", "#", ",", "%", "%2C", "%FF", "%e2%82%ac", "+", "2", "9", "hard", "human"]
    + ["on", "off", "1", "0", "it", "curse", "shortcut", "<script>", "\u0000", "ü", "🙂"]
)
queries = st.lists(pieces, max_size=40).map("".join) | st.text(max_size=200)


@FUZZ
@given(queries)
def test_parse_never_raises_and_to_query_is_stable(query):
    s, notes = parse(query)
    assert isinstance(notes, list) and all(isinstance(n, str) for n in notes)
    assert set(s) <= set(KEYS)
    if "seats" in s:
        assert len(s["seats"]) == s["players"]
    q = to_query(s)
    s2, notes2 = parse(q)
    assert s2 == s and notes2 == []
    assert to_query(s2) == q


class _Attrs(HTMLParser):
    def __init__(self):
        super().__init__()
        self.found = []

    def handle_starttag(self, tag, attrs):
        self.found.append((tag, dict(attrs)))


@settings(max_examples=100, deadline=None)
@given(title=st.text(max_size=40), query=queries)
def test_iframe_snippet_is_one_well_escaped_element(title, query):
    s, _notes = parse(query)
    html = iframe_snippet("https://example.org/lost-code/index.html?x=1#y", s, title)
    p = _Attrs()
    p.feed(html)
    assert [t for t, _a in p.found] == ["iframe"]
    attrs = p.found[0][1]
    assert attrs["title"] == title.replace("\r\n", "\n") or "\r" in title
    src = attrs["src"]
    assert src.startswith("https://example.org/lost-code/index.html?")
    s2, notes = parse(src)
    expected = dict(s)
    expected["embed"] = True
    assert s2 == expected and notes == []
    assert html.endswith("></iframe>")


def test_iframe_snippet_examples_and_refusals():
    html = iframe_snippet(
        "https://ex.org/game/", parse("?lang=it")[0], '<img src=x onerror=alert(1)> "q"'
    )
    assert html == (
        '<iframe src="https://ex.org/game/?lang=it&amp;embed=1" '
        'title="&lt;img src=x onerror=alert(1)&gt; &quot;q&quot;" width="100%" height="720" '
        'loading="lazy" allow="fullscreen"></iframe>'
    )
    for bad in ("javascript:alert(1)", " data:text/html,x", "//ex.org", 5):
        with pytest.raises(ValueError):
            iframe_snippet(bad, {}, "t")
