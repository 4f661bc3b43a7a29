"""The searching computer's plan search, resumable: it runs in slices of a
given number of grids, so the page can think between frames and never block
its main thread for long (issue 43: no task over 100 ms), while the command
line and the tests run it whole. The same search either way: the plan found
does not depend on the slices.

Breadth first from the grid, up to `depth` actions: each grid keeps the
step that first reached it (so its path is a shortest one) and the cards of
the hand that show somewhere on that path (each is completed as the path
passes it). Only a placement through a changed cell can start to show after
a move (`cards.COVER`), so only those are checked.
"""

from .cards import COVER, POINTS
from .grid import steps
from .patterns import shows

STEP_COST = 21  # grids made by expanding one grid (12 swaps at most, 9 flips)


class PlanSearch:
    __slots__ = (
        "hand", "depth", "parent", "along", "layer", "nxt", "d", "i", "expanding",
        "best", "ties", "far", "cover", "nodes", "done",
    )  # fmt: skip

    def __init__(self, grid: str, hand: list, depth: int):
        self.hand = list(hand)
        self.depth = depth
        self.parent: dict = {grid: None}  # grid -> (grid before, step)
        self.along: dict = {grid: ()}  # grid -> the cards showing on its path
        self.layer = [grid]
        self.nxt: list = []
        self.d = 1  # the depth being searched
        self.i = 0  # where in the layer (expanding) or in nxt (scoring)
        self.expanding = True
        self.best: tuple | None = None  # (points completed, -actions)
        self.ties: list = []  # (grid, cards kept) of the best plans, at most 24
        self.far: dict = {}  # card -> the fewest actions after which it shows
        self.cover = [(c, COVER[c]) for c in hand]
        self.nodes = 1
        self.done = depth < 1

    def run(self, budget: int) -> bool:
        """Search about `budget` more grids; True once the search is over."""
        while budget > 0 and not self.done:
            if self.expanding:
                if self.i < len(self.layer):
                    g = self.layer[self.i]
                    self.i += 1
                    for step, h in steps(g):
                        if h not in self.parent:
                            self.parent[h] = (g, step)
                            self.nxt.append(h)
                    budget -= STEP_COST
                else:
                    self.nodes += len(self.nxt)
                    self.expanding = False
                    self.i = 0
            elif self.i < len(self.nxt):
                self._score(self.nxt[self.i])
                self.i += 1
                budget -= 1
            else:
                self.layer, self.nxt = self.nxt, []
                self.d += 1
                self.i = 0
                self.expanding = True
                self.done = self.d > self.depth
        return self.done

    def _score(self, h: str) -> None:
        g, step = self.parent[h]
        before = self.along[g]
        showing = []
        for c, by_pos in self.cover:
            if c in before:
                continue
            if shows(by_pos[step[1]], h) or (len(step) == 3 and shows(by_pos[step[2]], h)):
                showing.append(c)
        for c in showing:
            if c not in self.far:
                self.far[c] = self.d
        if showing:
            before = before + tuple(showing)
        self.along[h] = before
        if not before:
            return
        # keep as many as the spare cards allow: the best points first
        keep = sorted(before, key=lambda c: (-POINTS[c], c))[: len(self.hand) - self.d]
        key = (sum(POINTS[c] for c in keep), -self.d)
        if self.best is None or key > self.best:
            self.best = key
            self.ties = [(h, keep)]
        elif key == self.best and len(self.ties) < 24:
            self.ties.append((h, keep))

    def path_to(self, target: str) -> list:
        """The (grid before, step) pairs from the start to `target`."""
        path = []
        g = target
        while self.parent[g] is not None:
            before, step = self.parent[g]
            path.append((before, step))
            g = before
        path.reverse()
        return path
