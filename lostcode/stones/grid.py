"""The 3 x 3 grid as a 9-letter string, and the moves on it (S-S1, S-A1, S-A2).

Every tile of a kind is alike and a picture names its tile's kind, so the
pictures alone are the whole grid: a swap exchanges two letters, a flip turns
one letter to its back (vocab.BACK). Bots search these strings; the engine
keeps the same string in its State.
"""

from .vocab import ADJACENT, BACK, CELLS, TILES


def random_grid(rng) -> str:
    """S-S1: the nine tiles shuffled into the grid, each on a random side."""
    order = list(range(CELLS))
    rng.shuffle(order)
    return "".join(TILES[t][rng.below(2)] for t in order)


def swapped(grid: str, a: int, b: int) -> str:
    """The grid with the tiles at a < b exchanged."""
    return grid[:a] + grid[b] + grid[a + 1 : b] + grid[a] + grid[b + 1 :]


def flipped(grid: str, p: int) -> str:
    return grid[:p] + BACK[grid[p]] + grid[p + 1 :]


def steps(grid: str) -> list:
    """Each grid one action away, with the action's board part: ("swap", a, b)
    or ("flip", p). A swap of two equal pictures changes nothing and is left
    out (it is still a legal action: the engine lists it)."""
    out: list = []
    for a, b in ADJACENT:
        if grid[a] != grid[b]:
            out.append((("swap", a, b), swapped(grid, a, b)))
    for p in range(CELLS):
        out.append((("flip", p), flipped(grid, p)))
    return out


def rings(grid: str, depth: int) -> list:
    """The grids exactly 0, 1, ..., depth actions away (breadth first)."""
    seen = {grid}
    out = [[grid]]
    for _ in range(depth):
        ring = []
        for g in out[-1]:
            for _step, h in steps(g):
                if h not in seen:
                    seen.add(h)
                    ring.append(h)
        out.append(ring)
    return out


def counts(grid: str) -> dict:
    """How many tiles of each kind, by its front picture (a check of S-C1)."""
    out: dict = {}
    for c in grid:
        front = c if c in ("S", "F", "H", "E") else BACK[c]
        out[front] = out.get(front, 0) + 1
    return out
