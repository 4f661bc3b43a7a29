"""Issue 39, a table that stays in sight: the check on the board (each result
beside its rack, the round being checked, the roll drawn, the words' details
out of the sheet), every discard drawn under its rack in order with the newest
marked, and the roll on the handoff screens that follow it."""

import random

from test_board import labels, played, walk
from test_viewmodels import play

from lostcode.rules.observation import observe
from lostcode.rules.options import Options
from lostcode.web.game.board import board_model
from lostcode.web.game.session import Session


def test_the_check_is_on_the_board_R_C1():
    ses = Session(Options(3), 11, ["Ana", "Bo", "Cy"])
    seen = []

    def visit(ses, m):
        if m["kind"] == "handoff" and ses.state.dice:
            assert m["evidence"] == "dice"  # the roll, to the players waiting
        if m["kind"] != "checks":
            return
        h = ses.pending_checks()
        seen.append(h["round"])
        assert m["strip"]["round"]["text"] == str(h["round"]) + "/9"
        assert m["board"]["round"] == "Round " + str(h["round"]) + " of 9"
        assert m["evidence"] == "racks"  # beside the dice, where the bets were made
        dice = [n[1]["aria-label"] for n in walk(m["board"]["dice"]) if "data-die" in n[1]]
        assert dice == list(h["dice"])
        said = [x for r in m["board"]["racks"] for x in labels(r) if ": correct" in x
                or ": wrong" in x]
        assert len(said) == len(h["guesses"])
        for g in h["guesses"]:
            rack = [r for r in m["board"]["racks"] if r[1].get("data-owner") == str(g["player"])]
            mine = [x for x in labels(rack[0]) if x.startswith(ses.state.names[g["player"]] + ":")]
            assert mine and ("correct" in mine[0]) == (g["result"] == "correct")
            # fix9 (R-C1, R-C2): the bet each played, drawn beside their result
            bet = g["wheel"] + " " + (str(g["low"]) if g["low"] == g["high"]
                                      else f"{g['low']}–{g['high']}")
            drawn = [n[2] for n in walk(rack[0]) if n[0] == "text"]
            assert drawn[1] == bet and mine[0].endswith("; bet: " + bet)
            assert drawn[2][0] == ("✓" if g["result"] == "correct" else "✗")
            sizes = [int(n[1]["font-size"]) for n in walk(rack[0]) if n[0] == "text"]
            assert min(sizes[:3]) >= 12  # >= 11 px at 360x640 (the rack drawn at ~0.93)
        # in the sheet: the words in one paragraph and Continue; the rest below it
        inside = [b["t"] for b in m["blocks"] if not b.get("aside")]
        assert inside == ["p", "buttons"], inside

    play(ses, random.Random(3), visit)
    assert seen == list(range(1, 10))


def test_every_discard_is_drawn_in_order_newest_marked():
    s = played(seed=9, rounds=9)
    obs = observe(s, None)
    b = board_model(obs)
    total = 0
    for r, rack in enumerate(b["racks"]):
        disc = obs["discards"][r]
        drawn = [n for n in walk(rack) if "discard" in n[1].get("class", "").split()]
        assert len(drawn) == len(disc)
        total += len(disc)
        for i, (n, d) in enumerate(zip(drawn, disc, strict=True)):
            label = n[1]["aria-label"]
            assert label.startswith(f"discarded {d['symbol']} {d['value']} (round {d['round']})")
            assert label.endswith(", newest") == (i == len(disc) - 1)
            assert ("data-dx" in n[1]) == (i == len(disc) - 1)
            texts = [k for k in walk(n) if k[0] == "text"]
            assert texts[0][2] == str(d["value"]) and int(texts[0][1]["font-size"]) >= 13
        xs = [float(k[1]["x"]) for n in drawn for k in n[2] if k[0] == "use"]
        assert xs == sorted(xs) and (not xs or xs[-1] + 26 <= float(rack[1]["viewBox"].split()[2]))
    assert total >= 3


def test_final_candidates_show_each_values_chance():
    """Beside each candidate button, the chance the deduction gives that value
    (the "What can I deduce?" panel's, on the same screen); none for a value
    ruled out, none at all with hints off."""
    ses = Session(Options(3), 11, ["Ana", "Bo", "Cy"])
    seen = []

    def visit(ses, m):
        if m["kind"] not in ("final", "shortcut") or not m.get("assistant"):
            return
        cells = {row["symbol"]: row["cells"] for row in m["assistant"]["rows"]}
        for b in m["blocks"]:
            if b["t"] == "buttons" and b.get("cand"):
                for v, item in enumerate(b["items"]):
                    c = cells[b["cand"]][v]
                    assert item["note"] == ("" if c["out"] else c["text"])
                    seen.append(item["note"])

    play(ses, random.Random(3), visit)
    assert any(n.endswith("%") for n in seen)


def test_a_move_that_cannot_lose_is_never_said_to_lose_R_C2_R_X3b_R_E2():
    from lostcode.player.seats import no_loss
    from lostcode.web.game.reasons import reason_text

    opts = [[["guess", "W4", 6], -0.1, ""], [["guess", "W7", 3], -0.3, "know"]]
    obs = {"curse": None}
    said = no_loss(opts, obs, 1)
    assert [o[1] for o in said] == [0.0, 0.0] and "−" not in reason_text(said)
    cursed = {"curse": {"state": "taken", "holder": 1}}
    assert no_loss(opts, cursed, 1) == opts  # a cursed player's wrong bet loses its VP
    assert no_loss(opts, cursed, 0) == said
    # Issue 39 (third playtest: "replaced the human stone (5): likely to lose about
    # 1 point to the others"): no move but candidates and a cursed bet can lose points
    turn = [[["change", 1, "bird"], -0.3, ""], [["take", "A", "bird"], -1.2, "know"]]
    assert [o[1] for o in no_loss(turn, obs, 1)] == [0.0, 0.0]
    assert "lose" not in reason_text(no_loss(turn, obs, 1))
    risky = [[["final", "bird", [3]], -1.2, ""], [["shortcut", "bird", [3]], -0.8, ""]]
    assert no_loss(risky, obs, 1) == risky  # R-E2, R-X2c: these can cost points


def test_the_end_charts_labels_never_overlap():
    from lostcode.web.game.chart import end_label_ys

    ys = end_label_ys([50.0, 50.0, 80.0, 55.0], gap=13)
    assert ys[0] == 50.0 and ys[1] == 63.0 and ys[3] == 76.0 and ys[2] == 89.0
    spread = sorted(ys)
    assert all(b - a >= 13 for a, b in zip(spread, spread[1:], strict=False))
