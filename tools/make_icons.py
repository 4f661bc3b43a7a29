#!/usr/bin/env python3
"""Draw the app icons (assets/icons/*.png) with the standard library only.

    python3 tools/make_icons.py        # rewrites assets/icons/icon-{192,512}.png, maskable-512.png

Why a generator: the install prompt and home-screen icon need real PNGs at
192 and 512 px (plus a maskable one whose motif stays inside the central 80 %
"safe zone"), but the repo has no image tool chain. A keyhole (the "lost
code") on the game's dark teal is drawn analytically with 4x4 supersampling
and written by zlib + struct, so the output is byte-for-byte reproducible.
"""

import struct
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "icons"

BACKGROUND = (0x12, 0x3b, 0x44)  # dark teal, = theme_color in the manifest
PLATE = (0x1d, 0x5c, 0x69)
GOLD = (0xf2, 0xc1, 0x4e)
SAMPLES = 4


def _png(width: int, height: int, rows: list[bytes]) -> bytes:
    """Encode 8-bit RGBA rows as a PNG file."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    raw = b"".join(b"\x00" + row for row in rows)
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def _shade(x: float, y: float, maskable: bool):
    """Colour (RGBA) of the point (x, y) in unit coordinates [0, 1)²."""
    cx, cy = x - 0.5, y - 0.5
    # Maskable icons are cropped to a circle of 80 % diameter: full-bleed
    # background, motif scaled into the safe zone. Plain icons get a rounded plate.
    scale = 0.62 if maskable else 0.8
    if not maskable:
        r, half = 0.18, 0.48
        qx, qy = max(abs(cx) - (half - r), 0.0), max(abs(cy) - (half - r), 0.0)
        if qx * qx + qy * qy > r * r:
            return (0, 0, 0, 0)
    u, v = cx / scale, cy / scale  # motif coordinates, centred
    ring = (u * u + v * v) ** 0.5
    if 0.40 <= ring <= 0.46:
        return (*GOLD, 255)
    hole = (u * u + (v + 0.08) ** 2) ** 0.5 <= 0.14
    slot = -0.02 <= v <= 0.26 and abs(u) <= 0.05 + 0.12 * (v + 0.02)
    if hole or slot:
        return (*GOLD, 255)
    if ring < 0.40:
        return (*PLATE, 255)
    return (*BACKGROUND, 255)


def draw(size: int, maskable: bool = False) -> bytes:
    """Render one icon as PNG bytes (supersampled, straight alpha)."""
    rows = []
    step = 1.0 / (size * SAMPLES)
    for py in range(size):
        row = bytearray()
        for px in range(size):
            acc = [0, 0, 0, 0]
            for sy in range(SAMPLES):
                for sx in range(SAMPLES):
                    r, g, b, a = _shade(
                        (px * SAMPLES + sx + 0.5) * step, (py * SAMPLES + sy + 0.5) * step, maskable
                    )
                    acc[0] += r * a
                    acc[1] += g * a
                    acc[2] += b * a
                    acc[3] += a
            alpha = acc[3]
            if alpha:
                row += bytes((acc[0] // alpha, acc[1] // alpha, acc[2] // alpha))
            else:
                row += b"\x00\x00\x00"
            row.append(alpha // (SAMPLES * SAMPLES))
        rows.append(bytes(row))
    return _png(size, size, rows)


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, size, maskable in (
        ("icon-192.png", 192, False),
        ("icon-512.png", 512, False),
        ("maskable-512.png", 512, True),
    ):
        data = draw(size, maskable)
        (OUT / name).write_bytes(data)
        print(f"{OUT.relative_to(ROOT) / name}: {len(data)} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
