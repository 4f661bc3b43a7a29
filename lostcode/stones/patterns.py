"""Goal-card patterns and where they show on the grid (S-C2, S-A3).

A pattern is written as rows joined by "/", one letter a cell (vocab's
pictures, "." a grey cell): "HB" is a horse with a bird to its right. It is
never rotated or mirrored. A pattern smaller than 3 x 3 may sit anywhere it
fits; a 3 x 3 pattern covers the grid, so its positions are fixed (S-A3).
Each pattern is compiled once into its placements: for each place it may
sit, the (position, picture) pairs its non-grey cells require.
"""

from .vocab import CELLS, GREY, PICTURES, SIZE


def rows_of(pattern: str) -> list:
    """The pattern's rows; ValueError if it is not a pattern this game prints."""
    rows = pattern.split("/")
    width = len(rows[0])
    if not 1 <= len(rows) <= SIZE or not 1 <= width <= SIZE:
        raise ValueError("a pattern is at most 3 x 3: " + repr(pattern))
    for row in rows:
        if len(row) != width:
            raise ValueError("a pattern's rows are of one width: " + repr(pattern))
        for c in row:
            if c != GREY and c not in PICTURES:
                raise ValueError("not a picture: " + repr(c))
    if all(c == GREY for row in rows for c in row):
        raise ValueError("a pattern needs a picture")
    return rows


def compile_pattern(pattern: str) -> tuple:
    """Every placement of the pattern on the grid, each a tuple of
    (position, picture) pairs, so matching is a few string look-ups."""
    rows = rows_of(pattern)
    height, width = len(rows), len(rows[0])
    cells = []
    for r in range(height):
        for c in range(width):
            if rows[r][c] != GREY:
                cells.append((r, c, rows[r][c]))
    out = []
    for top in range(SIZE - height + 1):
        for left in range(SIZE - width + 1):
            out.append(tuple(((top + r) * SIZE + left + c, pic) for r, c, pic in cells))
    return tuple(out)


def shows(placements: tuple, grid: str) -> bool:
    """Whether the grid (9 letters) shows the pattern somewhere (S-A3)."""
    for place in placements:
        for pos, pic in place:
            if grid[pos] != pic:
                break
        else:
            return True
    return False


def fixed_cells(pattern: str) -> int:
    """How many of the pattern's cells name a picture (not grey)."""
    return sum(1 for c in pattern if c != GREY and c != "/")


def is_grid(grid) -> bool:
    return isinstance(grid, str) and len(grid) == CELLS and all(c in PICTURES for c in grid)
