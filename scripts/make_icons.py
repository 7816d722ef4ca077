"""Draw the app's icons once: a white spade over "500" on the page's blue, as PNG files written
with zlib and struct alone (no imaging library to install). Run from the project's top:

    python scripts/make_icons.py

It writes scorekeeper/web/static/icons/: icon-192.png and icon-512.png (purpose "any": a rounded
square, transparent corners), icon-maskable-512.png (purpose "maskable": full bleed, the mark
inside the safe circle) and apple-touch-icon.png (180 px, full bleed; iOS rounds it itself).
"""

from __future__ import annotations

import math
import struct
import zlib
from collections.abc import Callable
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "scorekeeper" / "web" / "static" / "icons"
BLUE = (11, 79, 138)  # --primary in app.css, the manifest's theme_color
WHITE = (255, 255, 255)
SAMPLES = 4  # per axis: 16 samples a pixel smooth the edges

def ring(x: float, y: float, cx: float, cy: float, outer: tuple[float, float],
         inner: tuple[float, float]) -> bool:
    """Between two ellipses centred on (cx, cy), each given by its radii."""
    def within(radii: tuple[float, float]) -> bool:
        return ((x - cx) / radii[0]) ** 2 + ((y - cy) / radii[1]) ** 2 <= 1
    return within(outer) and not within(inner)


def spade(x: float, y: float) -> bool:
    """The spade in a unit box (x, y in 0..1, y down): a pointed top over two round lobes, and a
    stem flaring to its foot."""
    lobes = any((x - cx) ** 2 + (y - 0.58) ** 2 <= 0.21**2 for cx in (0.29, 0.71))
    t = (y - 0.02) / 0.56
    top = 0 <= t <= 1 and abs(x - 0.5) <= 0.42 * math.sin(t * math.pi / 2) ** 0.9
    s = (y - 0.45) / 0.53
    stem = 0 <= s <= 1 and abs(x - 0.5) <= 0.04 + 0.14 * s**3
    return lobes or top or stem


def digit(char: str, x: float, y: float) -> bool:
    """A 0 or a 5 with even strokes in a unit box."""
    if char == "0":
        return ring(x, y, 0.5, 0.5, (0.45, 0.5), (0.25, 0.32))
    bar = 0.08 <= x <= 0.9 and 0 <= y <= 0.17
    stem = 0.08 <= x <= 0.28 and 0 <= y <= 0.5
    bowl = ring(x, y, 0.48, 0.68, (0.44, 0.32), (0.24, 0.15)) and not (x < 0.48 and y < 0.68)
    return bar or stem or bowl


def text_500(x: float, y: float) -> bool:
    """"500" in a unit box: three digits with a small gap between them."""
    glyph, within = divmod(x * 3, 1)
    if not 0 <= glyph < 3 or not 0.06 <= within <= 0.94:
        return False
    return digit("500"[int(glyph)], (within - 0.06) / 0.88, y)


def mark(x: float, y: float, scale: float) -> bool:
    """The whole mark in the icon's unit square, within a centred box of side `scale`."""
    px, py = (x - 0.5) / scale + 0.5, (y - 0.5) / scale + 0.5
    if 0.2 <= px <= 0.8 and 0.02 <= py <= 0.62:
        return spade((px - 0.2) / 0.6, (py - 0.02) / 0.6)
    if 0.16 <= px <= 0.84 and 0.7 <= py <= 0.98:
        return text_500((px - 0.16) / 0.68, (py - 0.7) / 0.28)
    return False


def rounded(x: float, y: float, radius: float = 0.2) -> bool:
    """Inside a rounded square filling the unit square."""
    cx, cy = min(max(x, radius), 1 - radius), min(max(y, radius), 1 - radius)
    return (x - cx) ** 2 + (y - cy) ** 2 <= radius**2


def draw(size: int, scale: float, shape: Callable[[float, float], bool]) -> bytes:
    """RGBA rows: white where the mark is, blue inside `shape`, transparent elsewhere."""
    rows = bytearray()
    step = 1 / (size * SAMPLES)
    for j in range(size):
        rows.append(0)  # filter: none
        for i in range(size):
            ink = inside = 0
            for sj in range(SAMPLES):
                for si in range(SAMPLES):
                    x, y = (i * SAMPLES + si + 0.5) * step, (j * SAMPLES + sj + 0.5) * step
                    if shape(x, y):
                        inside += 1
                        ink += mark(x, y, scale)
            total = SAMPLES * SAMPLES
            alpha = inside / total
            t = ink / inside if inside else 0
            colour = [round(b + (w - b) * t) for b, w in zip(BLUE, WHITE, strict=True)]
            rows.extend([*colour, round(alpha * 255)])
    return bytes(rows)


def png(size: int, rgba_rows: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(rgba_rows, 9)) + chunk(b"IEND", b""))


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    full = lambda x, y: True  # noqa: E731 - full bleed
    icons = {"icon-192.png": (192, 0.72, rounded), "icon-512.png": (512, 0.72, rounded),
             "icon-maskable-512.png": (512, 0.56, full), "apple-touch-icon.png": (180, 0.66, full)}
    for name, (size, scale, shape) in icons.items():
        (OUT / name).write_bytes(png(size, draw(size, scale, shape)))
        print(OUT / name)


if __name__ == "__main__":
    main()
