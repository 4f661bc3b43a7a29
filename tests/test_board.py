"""The drawn board (lostcode/web/game/board.py): SVG trees from an observation.

Privacy (R-S7): the tree drawn for viewer V never holds V's own stone values;
every drawn part has an accessible name; the score track shows stack order
(R-C1), the curse marks at 7 and 13 (R-X3a, R-X3c) only with the curse.
"""

import json
import re

from helpers import tree_text

from lostcode.rules.engine import apply_action
from lostcode.rules.observation import observe
from lostcode.rules.options import Options
from lostcode.rules.setup import new_game
from lostcode.web.game.board import board_model, initials, rack_svg

VALUE_LABEL = re.compile(r"^(jaguar|bird|bear|chameleon|snake|human): (\d+)$")


def walk(t):
    yield t
    if not isinstance(t[2], str):
        for k in t[2]:
            yield from walk(k)


def labels(t):
    return [n[1]["aria-label"] for n in walk(t) if "aria-label" in n[1]]


def played(seed=5, players=3, rounds=2, **flags):
    s = new_game(Options(players, **flags), seed, ["Ana", "Bo", "Cy", "Di"][:players])
    from lostcode.rules.engine import legal_actions

    while s.round <= rounds and s.phase != "end":
        acts = legal_actions(s)
        apply_action(s, acts[(len(s.actions) * 7) % len(acts)])
    return s


def test_viewer_never_sees_own_values_R_S7():
    s = played()
    for v in range(3):
        b = board_model(observe(s, v))
        own = b["racks"][v]
        assert all(x.endswith(": hidden") for x in labels(own) if ":" in x), labels(own)
        # no digit drawn inside the own rack (its discards excepted: those are face up)
        own_stones = [n for n in walk(own) if n[1].get("class", "").startswith("stone ")]
        assert own_stones and all(
            "?" in tree_text(n) and not any(ch.isdigit() for ch in n[2][-1][2])
            for n in own_stones
        )
        shown = [x for r in b["racks"] for x in labels(r) if VALUE_LABEL.match(x)]
        expected = [
            f"{sym}: {s.racks[r][sym]}" for r in range(4) if r != v for sym in s.options.symbols
        ]
        assert sorted(shown) == sorted(expected)


def test_a_result_at_the_check_is_not_drawn_over_you():
    """Issue 39: the viewer's own rack says "you" under its name, and at the
    check its result stands there instead (they were drawn on one spot)."""
    obs = observe(played(), 0)
    words = [n[2] for n in walk(rack_svg(obs, 0)) if isinstance(n[2], str)]
    assert "you" in words
    checked = rack_svg(obs, 0, ("✓ +3", "Ana: right, 3 points", "ok", "W4 7–10"))
    words = [n[2] for n in walk(checked) if isinstance(n[2], str)]
    assert "✓ +3" in words and "W4 7–10" in words and "you" not in words


def test_public_board_shows_no_rack_values_R_S7():
    s = played()
    b = board_model(observe(s, None))
    for r in b["racks"]:
        assert not [x for x in labels(r) if VALUE_LABEL.match(x)]


def test_every_drawn_part_is_named():
    s = played(curse=True, shortcut=True)
    b = board_model(observe(s, 1))
    json.dumps(b)  # plain data
    for key in ("dice", "track", "wheels", "extras"):
        tree = b[key]
        assert tree[0] == "svg" and tree[1]["aria-label"]
        for n in walk(tree):
            if n[1].get("role") == "img":
                assert n[1].get("aria-label"), n
            if n[0] == "text":
                assert n[1].get("aria-hidden") == "true"  # said by a label instead
    for r in b["racks"]:
        assert r[1]["aria-label"].startswith(("Rack of", "Unowned rack"))


def test_track_stacks_bottom_to_top_R_C1():
    s = played(rounds=0)  # everyone on 0, stacked in random order (R-S6)
    obs = observe(s, None)
    t = board_model(obs)["track"]
    zero = [x for x in labels(t) if x.startswith("Space 0:")]
    order = sorted(range(3), key=lambda p: s.heights[p])
    assert zero == ["Space 0: " + ", ".join(s.names[p] for p in order) + " (bottom to top)"]


def test_curse_marks_only_with_the_curse_R_X3a():
    def marks(**flags):
        t = board_model(observe(played(rounds=0, **flags), None))["track"]
        shapes = ("rect", "circle")  # a drawn space (a circle on the track since issue 22)
        return [n for n in walk(t) if n[0] in shapes and "mark" in n[1].get("class", "")]

    assert len(marks(curse=True)) == 2 and marks() == []
    ex = board_model(observe(played(rounds=0, curse=True), None))["extras"]
    assert any(x.startswith("Curse token") for x in labels(ex))


def test_wheels_and_dice():
    s = played(rounds=0)
    apply_action(s, ("roll",))
    b = board_model(observe(s, None))
    assert labels(b["dice"])[0].startswith("Dice: ")
    w = labels(b["wheels"])
    assert "W1: 1 wide, 5 VP, free" in w and len(w) == 8  # group + 7 wheels


def test_initials_tell_markers_apart():
    assert initials(["Ana", "Bo"]) == ["A", "B"]
    assert initials(["Player 1", "Player 2"]) == ["P1", "P2"]


def test_shared_screens_show_unowned_and_computer_racks_R_S7():
    """observe_table: a screen several humans see shows every rack no human
    there owns (unowned, computer seats), none of theirs; one human: their view."""
    from lostcode.rules.observation import observe_table

    s = played(players=3)
    obs = observe_table(s, [0, 2])  # seat 1 is a computer
    for r in range(4):
        stones = obs["racks"][r]["stones"]
        if r in (0, 2):
            assert set(stones.values()) == {None}
        else:
            assert stones == s.racks[r]
    assert obs["viewer"] is None
    assert observe_table(s, [1]) == observe(s, 1)


def test_a_kept_board_is_the_board_of_every_observation():
    """Issue 25: views.kept_board hands back the last board while everything it
    is drawn from is unchanged. At every move of whole games with every option,
    for every viewer and the whole table, in two languages, it equals the
    board drawn afresh: nothing it reads is missing from its key."""
    from lostcode.rules.engine import legal_actions
    from lostcode.web.game.views import BoardKeeper, kept_board
    from lostcode.web.shell.i18n import get_language, set_language

    keeper = BoardKeeper()  # held by the page (app.GameView.boards), passed in
    was = get_language()
    try:
        every = {"shortcut": True, "curse": True, "high_stakes": True}
        for players, flags in ((2, {}), (4, every)):
            s = new_game(Options(players, **flags), 3, ["Ana", "Bo", "Cy", "Di"][:players])
            turn = 0
            while True:
                set_language("it" if turn % 5 == 4 else "en")
                for viewer in [None] + list(range(players)):
                    obs = observe(s, viewer)
                    assert kept_board(obs, keeper) == board_model(obs), (turn, viewer)
                    assert kept_board(obs, keeper) == board_model(obs)  # kept: still equal
                if s.phase == "end":
                    break
                acts = legal_actions(s)
                apply_action(s, acts[(turn * 7) % len(acts)])
                turn += 1
    finally:
        set_language(was)


def test_a_kept_board_is_drawn_again_when_any_field_it_reads_changes():
    """Issue 25: each field of an observation in turn is taken from another
    moment of the game; whenever that changes the drawn board, kept_board
    draws it again (its key holds every field board.py reads)."""
    from lostcode.rules.engine import legal_actions
    from lostcode.web.game.views import BoardKeeper, kept_board

    keeper = BoardKeeper()
    s = new_game(Options(4, shortcut=True, curse=True), 8, ["Ana", "Bo", "Cy", "Di"])
    moments = []
    turn = 0
    while s.phase != "end":
        if turn % 23 == 0:
            moments.append([observe(s, v) for v in (None, 0, 2)])
        acts = legal_actions(s)
        apply_action(s, acts[(turn * 5) % len(acts)])
        turn += 1
    moments.append([observe(s, v) for v in (None, 1)])
    fields_that_matter = set()
    for a, b in zip(moments, moments[1:] + moments[:1], strict=True):
        for base, other in zip(a, b[::-1], strict=False):
            drawn = board_model(base)
            for k in base:
                changed = dict(base)
                changed[k] = other[k]
                try:
                    fresh = board_model(changed)
                except (KeyError, IndexError, TypeError, ValueError):
                    continue  # not an observation any game has
                if fresh == drawn:
                    continue
                fields_that_matter.add(k)
                assert kept_board(base, keeper) == drawn
                assert kept_board(changed, keeper) == fresh, k
    assert {"racks", "scores", "dice", "viewer", "log"} <= fields_that_matter


def test_kept_parts_are_the_parts_made_afresh():
    """Issue 40: with a BoardKeeper's `part`, each part is last time's tree only when made from
    the same inputs: the same trees as a board made afresh, on every step of a
    game, for every viewer and the public, in two languages."""
    from lostcode.rules.engine import legal_actions
    from lostcode.web.shell import i18n

    s = new_game(Options(3, shortcut=True, curse=True), 11, ["Ana", "Bo", "Cy"])
    from lostcode.web.game.views import BoardKeeper

    keeper = BoardKeeper()
    reused = 0
    try:
        for step in range(120):
            if s.phase == "end":
                break
            i18n.set_language("ru" if step % 9 == 4 else "en")
            obs = observe(s, (None, 0, 1, 2)[step % 4])
            before = dict(keeper.parts)
            assert board_model(obs, keeper.part) == board_model(obs)
            reused += sum(1 for k, v in keeper.parts.items() if before.get(k) is v)
            acts = legal_actions(s)
            apply_action(s, acts[(len(s.actions) * 7) % len(acts)])
    finally:
        i18n.set_language("en")
    assert reused > 30  # parts unchanged by a move are kept, not made again


def test_kept_wheel_pictures_are_the_ones_made_afresh():
    """Issue 40: on the wheel screen each wheel button's picture is last time's
    tree (BoardKeeper.keep_arts), so a selection tap writes and patches none of
    them again; each equals the picture of a screen made afresh, taken wheels
    (crossed out) included."""
    from lostcode.web.edition import page_screen
    from lostcode.web.game.session import Session
    from lostcode.web.game.views import BoardKeeper

    def arts(m):
        return [it["wheel"] for b in m["blocks"] if b["t"] == "buttons"
                for it in b["items"] if it.get("wheel") is not None]

    ses = Session.from_form(3, ["Ana", "Bo", "Cy"], {}, 7)
    keeper = BoardKeeper()
    for act in ("roll", "unlock", "confirm_pick"):  # the roller's wheel screen
        ses.do(act)
    first = arts(page_screen(ses, keeper))
    assert len(first) == 7
    for act, arg in (("wheel", "W5"), ("low", "7"), ("wheel", "W2")):
        ses.do(act, arg)
        kept = arts(page_screen(ses, keeper))
        assert all(a is b for a, b in zip(kept, first, strict=True))
        assert kept == arts(page_screen(ses))  # no keeper: drawn afresh
    ses.do("confirm_guess")  # W2 is taken now: the next player's picture of it differs
    ses.do("unlock")
    taken = arts(page_screen(ses, keeper))
    assert taken == arts(page_screen(ses)) and taken != first
    assert sum(a is b for a, b in zip(taken, first, strict=True)) == 6


def _pins(track):
    """Each marker's (initial, its disc's centre x, y, its point's tip x, y) and
    the centre of the space it is drawn in."""
    out = []
    for cell in track[2][1:]:
        space = cell[2][0][1]
        for g in cell[2]:
            if g[0] == "g" and "marker" in g[1].get("class", ""):
                path, disc, mark = g[2]
                tip = path[1]["d"].split(" L")[1].split()
                out.append((mark[2], float(disc[1]["cx"]), float(disc[1]["cy"]),
                            float(tip[0]), float(tip[1]),
                            float(space["cx"]), float(space["cy"]), int(cell[2][1][2])))
    return out


def test_each_marker_points_into_its_own_space_and_none_covers_another_R_C1():
    """desk12 (a seventh playtest: a marker drawn over its space read as the row
    above's; at a desktop check one of two markers on a space hid the other,
    "P1" cut to "P"): every marker's point lies inside its own space's circle,
    under the number's top, its disc over it, nearer its own row than the row
    above; markers on one space, and on spaces side by side, stand apart (no
    disc covers another's), bottom of the stack leftmost (R-C1)."""
    from lostcode.web.game.track import MARK_R, ROW_H, SPACE_R

    s = played(players=4, rounds=1)
    for scores in ([0, 0, 0, 0], [12, 13, 12, 18], [5, 5, 27, 6], [29, 20, 29, 0]):
        s.scores = list(scores)
        s.heights = [3, 1, 2, 0]
        obs = observe(s, 0)
        track = board_model(obs)["track"]
        pins = _pins(track)
        assert sorted(p[-1] for p in pins) == sorted(scores), (scores, pins)
        for mark, cx, cy, tx, ty, sx, sy, _v in pins:
            assert (tx - sx) ** 2 + (ty - sy) ** 2 < SPACE_R ** 2, (scores, mark)
            assert ty < sy - 5  # the number (its top 5 units over the centre) stays clear
            assert sy - ROW_H + SPACE_R < cy - MARK_R and cy + MARK_R < sy, (scores, mark)
            assert 0 < cx - MARK_R and cx + MARK_R < float(track[1]["viewBox"].split()[2])
        for i, a in enumerate(pins):
            for b in pins[i + 1:]:
                if a[2] == b[2]:
                    assert abs(a[1] - b[1]) >= 2 * MARK_R, (scores, a, b)
        for v in set(scores):  # a stack: bottom first, left to right
            on = [p for p in pins if p[-1] == v]
            want = sorted((q for q in range(4) if scores[q] == v), key=lambda q: s.heights[q])
            marks = initials(obs["names"])
            assert [p[0] for p in sorted(on, key=lambda p: p[1])] == [marks[q] for q in want]


def test_at_the_check_each_moved_marker_starts_beside_the_others_R_C1():
    """A ninth playtest (fix15): as the check began, pins vanished for ~0.4 s,
    then stood at their new spaces. Every mover was sent back to its old
    space's centre, so two markers leaving space 0 lay exactly over each other
    and over the one that stayed. Each mover now starts where it stood
    (data-from, its old space; no disc over another's there), and a marker
    that scored nothing has no move at all (data-space only, no data-dx)."""
    from lostcode.rules.vocab import EV_MOVE, EV_ROLL
    from lostcode.web.game.track import MARK_R, track_svg

    log = [{"t": EV_ROLL}, {"t": EV_MOVE, "player": 0, "delta": 2},
           {"t": EV_MOVE, "player": 1, "delta": 3}]
    obs = {"names": ["Player 1", "Player 2", "Player 3"], "players": 3, "scores": [2, 3, 0],
           "heights": [0, 1, 2], "curse": None, "log": log}
    pins = {}
    for cell in track_svg(obs)[2][1:]:
        for g in cell[2]:
            if g[0] == "g" and "marker" in g[1].get("class", ""):
                disc = g[2][1][1]
                pins[str(g[2][2][2])] = (g[1], float(disc["cx"]), float(disc["cy"]))
    assert sorted(pins) == ["P1", "P2", "P3"], pins
    (a1, x1, y1), (a2, x2, y2), (a3, x3, y3) = (pins[k] for k in ("P1", "P2", "P3"))
    got = (a1["data-space"], a1["data-from"], a2["data-space"], a2["data-from"])
    assert got == ("2", "0", "3", "0"), got
    assert "data-dx" not in a3 and "data-from" not in a3 and a3["data-space"] == "0"
    before = [x1 + float(a1["data-dx"]), x2 + float(a2["data-dx"]), x3]
    assert y1 + float(a1["data-dy"]) == y3 == y2 + float(a2["data-dy"])  # the 0-9 row
    for i, a in enumerate(before):
        for b in before[i + 1:]:
            assert abs(a - b) >= 2 * MARK_R, before


def test_final_candidates_are_drawn_clear_of_each_stones_symbol_R_E1():
    """A tenth playtest (fix16b): "0·1·2" and "2·4·7", drawn in a stone's top
    right corner, ran over its symbol at its top left. Each label (up to three
    values, R-E1's most) now stands in a row above its stone: its box (13-unit
    bold digits, taken at 0.65 em each, "·" too) meets no symbol's box, stays
    within its own slot and inside the rack's drawn area."""
    from lostcode.rules.components import MAX_CANDIDATES
    from lostcode.rules.observation import observe_table
    from lostcode.web.game.board import GAP, STONE
    from lostcode.web.game.finalmarks import CAND_SIZE, with_finals

    s = played(players=3)
    obs = observe_table(s, [])
    worst = {sym: list(range(7, 7 - MAX_CANDIDATES, -1)) for sym in obs["symbols"]}
    racks = with_finals(board_model(obs)["racks"], obs["symbols"], {0: worst, 1: {}, 2: worst})
    checked = 0
    for rack in racks:
        if rack[1].get("data-owner") is None:
            continue
        top = float(rack[1]["viewBox"].split()[1])
        syms = [n[1] for n in walk(rack) if n[0] == "use"]
        for n in walk(rack):
            if n[0] != "text" or n[1].get("class") != "final-cand":
                continue
            x, y, size = float(n[1]["x"]), float(n[1]["y"]), float(n[1]["font-size"])
            assert size >= CAND_SIZE and n[1]["text-anchor"] == "middle"
            half = len(n[2]) * 0.65 * size / 2
            box = (x - half, y - 0.8 * size, x + half, y + 0.2 * size)
            assert box[1] >= top, (n[2], box, top)
            slot = (int(x) - STONE // 2 - GAP // 2, int(x) + STONE // 2 + GAP // 2)
            assert slot[0] <= box[0] and box[2] <= slot[1], (n[2], box, slot)
            for u in syms:
                ux, uy, uw = float(u["x"]), float(u["y"]), float(u["width"])
                apart = box[2] <= ux or ux + uw <= box[0] or box[3] <= uy or uy + uw <= box[1]
                assert apart, (n[2], box, u)
            checked += 1
    assert checked == 3 * len(obs["symbols"])  # "7·6·5" twice a symbol, "–" for Bo's
