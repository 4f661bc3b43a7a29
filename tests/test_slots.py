"""Saved games one key per game with revisions, and bounded JSON (issue 12):
no tab rolls back another tab's newer moves, the old single list migrates
with every save format it held, and no text from storage or a file reaches a
recursive JSON parser too large or too deep."""

import json
import random

import pytest

import lostcode as lc
from lostcode.rules.engine import apply_action, is_over, legal_actions
from lostcode.rules.errors import RecordError
from lostcode.rules.setup import new_game
from lostcode.services.jsonlimits import MAX_DEPTH, loads_limited, nesting_problem
from lostcode.services.record import parse, replay, to_record
from lostcode.services.saves import SaveIndex, load_save, make_save
from lostcode.web.saves.slots import (
    MAX_SLOT_CHARS,
    OLD_DAMAGED_KEY,
    OLD_KEY,
    Oversized,
    decide,
    done_key,
    game_key,
    index_from_items,
    migrate,
    read_limit,
    read_slot,
    rejected_key,
    rejected_text,
    size_label,
    sizes,
    slot_text,
)


def game(steps, seed=3, names=("Ann", "Ben")):
    s = new_game(lc.Options(len(names)), seed, list(names))
    pick = random.Random(seed)
    for _ in range(steps):
        if is_over(s):
            break
        acts = legal_actions(s)
        apply_action(s, acts[pick.randrange(len(acts))])
    return s


def entry_for(s, sid):
    index = SaveIndex()
    index.put(make_save(s, ["human"] * len(s.names), {}, sid, "2026-01-01T00:00:00Z"), s)
    return index.games[sid]


# --------------------------------------------------------------------------- revisions


def test_a_tab_never_overwrites_a_newer_revision():
    s = game(5)
    stored = slot_text(entry_for(s, "g1"), 7)
    assert decide(stored, 7) == ("write", 8)
    assert decide(stored, 9) == ("write", 10)
    assert decide(stored, 6) == ("newer", 7)  # another tab went on: never roll it back
    assert decide(None, 0) == ("write", 1)  # a new game
    assert decide("{damaged", 3) == ("write", 4)
    mine = to_record(s)["actions"]
    # A newer revision with the same moves (the other tab only opened the game)
    # or fewer of them is written over; one with moves this tab lacks never is.
    assert decide(stored, 6, mine) == ("write", 8)
    assert decide(stored, 6, mine + [["roll"]]) == ("write", 8)
    assert decide(stored, 6, mine[:-1]) == ("newer", 7)
    assert decide(stored, 6, mine[:-1] + [["other"]]) == ("newer", 7)


def test_slots_round_trip_and_list_games_and_finished_ones():
    s, done = game(6, 1), game(4000, 2)
    assert is_over(done)
    idx = SaveIndex()
    fin = idx.finish("g2", done, ["human", "human"], "2026-01-02T00:00:00Z")
    items = [
        (game_key("g1"), slot_text(entry_for(s, "g1"), 3)),
        (done_key("g2"), slot_text(fin, 5)),
        ("lostcode.lang", "pl"),
    ]
    index, revs = index_from_items(items)
    assert revs == {game_key("g1"): 3, done_key("g2"): 5}
    assert [r["id"] for r in index.listing()] == ["g1"]
    assert [f["id"] for f in index.history()] == ["g2"]
    assert index.rejected == []
    state = load_save(index.get("g1"))[0]
    assert state.actions == s.actions
    assert read_slot(items[0][1])[0] == 3


@pytest.mark.parametrize(
    "text",
    [
        "{",
        "[]",
        '{"format": "lostcode-slot", "version": 2, "rev": 1, "entry": {}}',
        '{"format": "lostcode-slot", "version": 1, "rev": "1", "entry": {}}',
        "[" * 20000 + "]" * 20000,
        '{"format": "lostcode-slot", "version": 1, "rev": 1, "entry": {"save": 1}}',
    ],
)
def test_a_damaged_slot_is_set_aside_with_its_key_and_the_rest_still_loads(text):
    s = game(6, 1)
    items = [(game_key("bad"), text), (game_key("g1"), slot_text(entry_for(s, "g1"), 1))]
    index, _revs = index_from_items(items)
    assert [r["id"] for r in index.listing()] == ["g1"]
    assert len(index.rejected) == 1
    r = index.rejected[0]
    assert r["key"] == game_key("bad")
    assert len(r["reason"]) < 200


# --------------------------------------------------------------------------- migration


def old_list():
    """The single list of issue 7 with a game, a finished one and a bad entry."""
    s, done = game(8, 4), game(4000, 5)
    idx = SaveIndex()
    idx.put(make_save(s, ["human", "easy"], {"screen": "roll"}, "g1", "2026-01-01T00:00:00Z"), s)
    idx.finish("g2", done, ["human", "human"], "2026-01-03T00:00:00Z")
    data = json.loads(idx.to_json())
    data["games"].append({"save": {"id": "g3"}, "summary": {}})  # damaged
    return json.dumps(data), s


def test_the_old_single_list_migrates_to_one_key_per_game():
    text, s = old_list()
    writes, rejected, damaged = migrate(text, [])
    assert [k for k, _t in writes] == [game_key("g1"), done_key("g2")]
    assert damaged is None
    assert [r["id"] for r in rejected] == ["g3"]
    items = list(writes) + [(rejected_key(0), rejected_text(rejected[0]))]
    index, _revs = index_from_items(items)
    assert load_save(index.get("g1"))[0].actions == s.actions
    assert [f["id"] for f in index.history()] == ["g2"]
    assert index.rejected[0]["id"] == "g3" and index.rejected[0]["key"] == rejected_key(0)
    # Keys already written (a migration interrupted earlier) are not written again.
    assert migrate(text, [game_key("g1")])[0] == writes[1:]


def test_an_unreadable_old_list_is_kept_as_it_was():
    for text in ("{", "[" * 30000, '{"format": "lostcode-saves", "version": "1"}'):
        writes, rejected, damaged = migrate(text, [])
        assert writes == [] and damaged == text
        index, _revs = index_from_items([(OLD_DAMAGED_KEY, text)])
        assert index.rejected[0]["raw"] == text


def test_every_save_format_still_loads_from_a_slot():
    """A bare record and a save of format 1 inside slots (as imports continue them)."""
    s = game(10, 8)
    rec = to_record(s, ["human", "human"])
    assert load_save(json.dumps(rec))[0].actions == s.actions
    save = make_save(s, ["human", "human"], {}, "g9", "2026-01-01T00:00:00Z")
    assert load_save(json.dumps(save))[0].actions == s.actions


def test_sizes_are_told_in_kilobytes():
    assert size_label(0) == "0 kB"
    assert size_label(10000) == "20 kB"


# --------------------------------------------------------------------------- bounded JSON


def test_deep_or_huge_text_never_reaches_the_parser():
    assert nesting_problem("[" * MAX_DEPTH + "]" * MAX_DEPTH) is None
    assert "nested" in nesting_problem("[" * (MAX_DEPTH + 1))
    assert nesting_problem('["' + "[" * 5000 + '"]') is None  # brackets inside a string
    assert nesting_problem('["\\"' + "[" * 5000 + '"]') is None  # an escaped quote
    assert "digits" in nesting_problem('{"seed": ' + "9" * 5000 + "}")
    for text in ("[" * 5000 + "]" * 5000, "{" * 20000, '{"a":' * 3000 + "1" + "}" * 3000):
        with pytest.raises(RecordError) as e:
            loads_limited(text)
        assert len(str(e.value)) < 120
    with pytest.raises(RecordError, match="too large"):
        loads_limited("[" + "1," * 10 + "1]", max_chars=10)


def test_records_and_saves_refuse_deep_nesting_and_huge_numbers_briefly():
    s = game(3)
    rec = to_record(s)
    deep = dict(rec, actions=json.loads("[" * 30 + "]" * 30))
    deep_text = json.dumps(rec)[:-1] + ', "x": ' + "[" * 2000 + "]" * 2000 + "}"
    for text in (deep_text, json.dumps(rec).replace('"seed": 3', '"seed": ' + "7" * 5000)):
        for reader in (parse, load_save):
            with pytest.raises(RecordError) as e:
                reader(text)
            assert len(str(e.value)) < 120, str(e.value)[:200]
    with pytest.raises(RecordError):
        replay(deep)
    big = dict(rec, version=10**400)
    with pytest.raises(RecordError) as e:
        parse(big)
    assert len(str(e.value)) < 160


def test_a_utf8_bom_is_read_like_the_page_reads_it():
    s = game(3)
    text = "\ufeff" + json.dumps(to_record(s))
    assert replay(text).actions == s.actions
    assert replay(text.encode("utf-8")).actions == s.actions


def test_a_saves_list_with_a_string_version_is_not_called_newer():
    idx = SaveIndex.from_json('{"format": "lostcode-saves", "version": "1"}')
    assert "newer" not in idx.rejected[0]["reason"]
    assert "version" in idx.rejected[0]["reason"]


def test_text_too_long_to_read_is_flagged_never_dropped():
    """Issue 25, failure 6: a saved game longer than its limit is measured by
    the browser and never read (MicroPython gave up on 5 MB with no word):
    it is listed as damaged, too large, with its key for a whole download;
    an old saves list too long to read is kept aside whole as damaged."""
    big = Oversized(5000000)
    index, revs = index_from_items([(game_key("g1"), big), (OLD_DAMAGED_KEY, Oversized(3))])
    assert not index.games and revs == {}
    first, second = sorted(index.rejected, key=lambda r: r["key"])
    assert first["key"] == game_key("g1") and first["raw"] is None
    assert "too large" in first["reason"] and "400000" in first["reason"]
    assert second["key"] == OLD_DAMAGED_KEY and second["raw"] is None
    assert sizes([(game_key("g1"), big)]) == {game_key("g1"): 5000000}
    assert migrate(big, []) == ([], [], big)
    assert read_limit(OLD_KEY) == 2000000 and read_limit(game_key("g1")) == 400000


def test_a_saved_game_is_measured_in_utf8_bytes_as_a_file_is():
    """Issue 25: the page measured stored text in UTF-16 units, the command line
    a file in bytes, so a saved game of non-ASCII names could be readable on
    one and too large on the other. Every reader counts UTF-8 bytes now; the
    page's first measure (UTF-16 units, never more than the bytes) lets this
    text through and the one reader decides, as it does for the bytes."""
    def text(pad):  # as another program may write it: the characters themselves
        return slot_text({}, 1)[:-3] + json.dumps({"pad": pad}, ensure_ascii=False) + "}"

    n = (MAX_SLOT_CHARS - len(text("").encode("utf-8"))) // 2
    under, over = text("\u00e9" * n), text("\u00e9" * (n + 1))
    assert len(under.encode("utf-8")) <= MAX_SLOT_CHARS < len(over.encode("utf-8"))
    assert len(over.encode("utf-16-le")) // 2 < MAX_SLOT_CHARS  # not Oversized in the page
    assert read_slot(under)[0] == 1 and read_slot(under.encode("utf-8"))[0] == 1
    for text in (over, over.encode("utf-8")):
        with pytest.raises(RecordError, match="too large"):
            read_slot(text)


def test_the_old_saves_list_has_the_one_readers_limit():
    """Issue 25: the old list allowed 20,000,000 characters; now the reader's own 2,000,000."""
    text = json.dumps({"format": "lostcode-saves", "version": 1, "games": [], "pad": "x" * 2000000})
    index = SaveIndex.from_json(text)
    assert index.rejected and "too large" in index.rejected[0]["reason"]


def test_a_saves_list_that_cannot_be_read_is_kept_aside_and_what_it_can_read_listed():
    """Issue 44, 3: `"games": {"a": 1}` or `"games": "x"` had been read as no
    games, and the old list deleted with no word. Every such list is copied
    aside whole (OLD_DAMAGED_KEY) and named; the games it holds that can be
    read are still written to their slots and listed."""
    head = '{"format": "lostcode-saves", "version": 1, '
    for text in (head + '"games": {"a": 1}}', head + '"games": "x"}', "not JSON at all",
                 '{"format": "lostcode-records", "games": []}', head + '"finished": 7}'):
        writes, rejected, damaged = migrate(text, [])
        assert writes == [] and damaged == text, text
        index, _revs = index_from_items([(OLD_DAMAGED_KEY, damaged)])
        assert index.rejected[0]["raw"] == text and index.rejected[0]["key"] == OLD_DAMAGED_KEY
    text, s = old_list()
    data = json.loads(text)
    data["finished"] = {"a": 1}
    mixed = json.dumps(data)
    writes, rejected, damaged = migrate(mixed, [])
    assert damaged == mixed  # kept whole, as it was
    assert [k for k, _t in writes] == [game_key("g1")]  # and its readable game listed
    index, _revs = index_from_items(writes + [(OLD_DAMAGED_KEY, damaged)])
    assert load_save(index.get("g1"))[0].actions == s.actions
    assert [r["key"] for r in index.rejected] == [OLD_DAMAGED_KEY]
    # Kept entries that are themselves damaged are kept, not dropped.
    idx = SaveIndex.from_json('{"format": "lostcode-saves", "version": 1, "rejected": [1, "x"]}')
    assert [r["raw"] for r in idx.rejected] == ["1", "x"]
