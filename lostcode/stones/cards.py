"""The 72 goal cards («карты целей», S-C2), as data in one place.

The rulebook does not print the patterns, so this edition designed them to
the published counts: 28 cards of 1 point, 26 of 2, 13 of 3 and 5 of 5.
Points follow difficulty: `tools/stones_cards.py` measures each card as the
mean number of actions a freshly dealt grid (S-S1) is away from showing it
(capped at 3) and checks that every card is easier than every card worth
more (docs/stones.md has the table). Roughly: 1 point is two common pictures
side by side, or one in a fixed cell; 2 points a gap between them, a
sun/moon beside another, or a sun/moon in the centre; 3 points three
pictures, or two pictures in fixed cells; 5 points the single sun/moon tile
among several fixed pictures.

Patterns are written as in `patterns.py`: rows joined by "/", "." a grey
cell. Three examples are the rulebook's: a tile with another to its right
("TH"), a tile with another to its right and any tile to its left (".BH"),
and a 3 x 3 card fixing only the centre (".../.H./...").
"""

from .patterns import compile_pattern

POINTS_COUNTS = {1: 28, 2: 26, 3: 13, 5: 5}

# (card id, points, pattern)
DECK = (
    # 1 point: one common picture in a fixed cell, or two side by side
    (1, 1, ".../.H./..."), (2, 1, ".../.T./..."), (3, 1, ".../.O./..."),
    (4, 1, ".../.E./..."), (5, 1, ".../.B./..."),
    (6, 1, "TH"), (7, 1, "EH"), (8, 1, "TO"), (9, 1, "HE"), (10, 1, "EO"),
    (11, 1, "HT"), (12, 1, "OT"), (13, 1, "TE"), (14, 1, "OH"), (15, 1, "OE"),
    (16, 1, "HO"), (17, 1, "BH"), (18, 1, "OB"),
    (19, 1, "E/H"), (20, 1, "E/O"), (21, 1, "T/H"), (22, 1, "O/E"), (23, 1, "H/E"),
    (24, 1, "T/O"), (25, 1, "H/B"), (26, 1, "F/H"),
    (27, 1, "E./.H"), (28, 1, ".H/E."),
    # 2 points: a gap, a corner-to-corner pair, or the sun/moon beside a picture
    (29, 2, ".../.S./..."), (30, 2, ".../.M./..."),
    (31, 2, "E/./T"), (32, 2, "H/./O"), (33, 2, "O.T"), (34, 2, "O.H"), (35, 2, "T/./E"),
    (36, 2, "H.O"),
    (37, 2, "ES"), (38, 2, "SH"), (39, 2, "SO"), (40, 2, "MH"), (41, 2, "MO"), (42, 2, "ME"),
    (43, 2, "TS"), (44, 2, "T/S"), (45, 2, "S/T"), (46, 2, "E/M"), (47, 2, "M/T"),
    (48, 2, "F./.E"), (49, 2, ".T/F."), (50, 2, "F./.O"),
    (51, 2, "E.F"), (52, 2, "T.B"), (53, 2, "B.H"), (54, 2, ".BH"),
    # 3 points: three pictures, two far apart, or two in fixed cells
    (55, 3, ".H/FE"), (56, 3, ".../.FE/..."), (57, 3, "S.B"), (58, 3, "B.F"), (59, 3, "F/F"),
    (60, 3, "HE/H."), (61, 3, "E/T/O"), (62, 3, "M.E"), (63, 3, "..O/.../H.."), (64, 3, "EOB"),
    (65, 3, "H/B/E"), (66, 3, "TOB"), (67, 3, ".../.SH/..."),
    # 5 points: the sun/moon tile among fixed pictures
    (68, 5, "FSF"), (69, 5, "SH/EH"), (70, 5, "B.S/.H."), (71, 5, "..M/.F./B.."),
    (72, 5, "S../.B./..T"),
)  # fmt: skip

CARD_IDS = tuple(c[0] for c in DECK)
POINTS = {}
PATTERN = {}
PLACEMENTS = {}
# card -> for each grid position, the placements that fix a picture there: a
# move changes one or two positions, so only these can start to show (bots.py)
COVER = {}
for _cid, _pts, _pat in DECK:
    POINTS[_cid] = _pts
    PATTERN[_cid] = _pat
    PLACEMENTS[_cid] = compile_pattern(_pat)
    COVER[_cid] = tuple(
        tuple(pl for pl in PLACEMENTS[_cid] if any(cell[0] == pos for cell in pl))
        for pos in range(9)
    )
