"""The engine's own seeded generator.

A game record (options, seed, actions) must replay identically on CPython,
Pyodide and MicroPython, so nothing here may depend on the stdlib `random`
module, whose sequences and helpers differ between versions and ports. This is
SplitMix32-style mixing on a 32-bit counter: tiny, portable, good enough for
shuffling stones and rolling dice.
"""

MASK32 = 0xFFFFFFFF
MAX_SEED = 2**53 - 1  # what survives a JSON round trip through JavaScript


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int):
        seed = int(seed)
        self.state = (seed ^ (seed >> 32) ^ 0x6A09E667) & MASK32

    def copy(self) -> "Rng":
        other = Rng(0)
        other.state = self.state
        return other

    def next_u32(self) -> int:
        self.state = (self.state + 0x9E3779B9) & MASK32
        z = self.state
        z = ((z ^ (z >> 16)) * 0x85EBCA6B) & MASK32
        z = ((z ^ (z >> 13)) * 0xC2B2AE35) & MASK32
        return z ^ (z >> 16)

    def below(self, n: int) -> int:
        """Uniform in 0..n-1 (rejection sampling, so no modulo bias)."""
        limit = (MASK32 + 1) - ((MASK32 + 1) % n)
        while True:
            x = self.next_u32()
            if x < limit:
                return x % n

    def shuffle(self, items: list) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
