"""The end chart's labels (issue 39): the players' initials at their lines'
ends never touch, however close the scores, and stay inside the chart."""

from lostcode.web.game.chart import LABEL_GAP, TOP, H, end_label_ys, score_chart

SIZE = 12  # the labels' font size (score_chart)


def clear(ys):
    spread = sorted(ys)
    return min(b - a for a, b in zip(spread, spread[1:], strict=False)) - SIZE


def test_close_scores_labels_are_spaced_by_more_than_their_height():
    ys = end_label_ys([50.0, 50.0, 80.0, 55.0])
    assert ys[0] == 50.0 and ys[1] == 50.0 + LABEL_GAP
    assert clear(ys) >= 3  # the playtest's 1 px between "B" and "C" at 25
    assert end_label_ys([10.0, 40.0]) == [10.0, 40.0]  # apart already: at their lines


def test_labels_pushed_under_the_chart_come_back_up_as_a_block():
    bottom = H - 20
    ys = end_label_ys([bottom, bottom, bottom - 1, 30.0], top=TOP, bottom=bottom)
    assert max(ys) <= bottom and clear(ys) >= 3
    assert ys[3] == 30.0


def test_the_drawn_chart_spaces_equal_final_scores():
    log = []
    for p, score in enumerate((25, 25, 24)):
        log.append({"t": "move", "player": p, "round": 1, "score": score})
    log.append({"t": "end", "scores": [25, 25, 24]})
    obs = {"players": 3, "rounds": 1, "names": ["Ann", "Bo", "Cy"], "log": log,
           "scores": [25, 25, 24]}
    ys = []

    def walk(t):  # board.node trees: [tag, attrs, children or text]
        if "series-end" in t[1].get("class", ""):
            ys.append(float(t[1]["y"]))
        if isinstance(t[2], list):
            for k in t[2]:
                walk(k)

    walk(score_chart(obs))
    assert len(ys) == 3 and clear(ys) >= 3, ys
