"""Pixels for zxing-cpp, which reads images, with no imaging library: the QR code SVG the server
draws (segno's one path of unit-high horizontal strokes) rasterised, and a PNG (a screenshot)
decoded with zlib. Both give a grayscale image as zxing-cpp takes it: a 2-D memoryview of bytes."""

from __future__ import annotations

import re
import struct
import zlib
from typing import Any

import zxingcpp

WHITE, BLACK = 255, 0


def svg_pixels(svg: str, scale: int = 6) -> memoryview:
    """The QR code of a segno SVG as pixels, `scale` pixels to a module: its viewBox gives the
    size, its light path the background, its dark path ("M4 4.5h7m2 0h1…", strokes one module
    high centred on y + 0.5) the modules."""
    box = re.search(r'viewBox="0 0 (\d+) (\d+)"', svg)
    dark = re.search(r'<path stroke="#000" d="([^"]+)"', svg)
    assert box and dark, svg[:200]
    width, height = int(box[1]), int(box[2])
    grid = [[False] * width for _ in range(height)]
    x = y = 0.0
    for command, a, b in re.findall(r"([MmHh])(-?[\d.]+)(?:[ ,](-?[\d.]+))?", dark[1]):
        if command == "M":
            x, y = float(a), float(b)
        elif command == "m":
            x, y = x + float(a), y + float(b)
        else:  # h: a stroke of `a` modules along the row
            length = float(a) if command == "h" else float(a) - x
            for column in range(int(x), int(x + length)):
                grid[int(y)][column] = True
            x += length
    rows = bytearray()
    for row in grid:
        line = bytes(BLACK if on else WHITE for on in row for _ in range(scale))
        rows += line * scale
    return memoryview(bytes(rows)).cast("B", (height * scale, width * scale))


def png_pixels(png: bytes) -> memoryview:
    """A PNG (8-bit RGB or RGBA, not interlaced, as Chromium writes screenshots) as grayscale."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    at, data, header = 8, b"", b""
    while at < len(png):
        length, kind = struct.unpack(">I4s", png[at:at + 8])
        chunk = png[at + 8:at + 8 + length]
        if kind == b"IHDR":
            header = chunk
        elif kind == b"IDAT":
            data += chunk
        at += 12 + length
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
    assert depth == 8 and colour in (2, 6) and interlace == 0, (depth, colour, interlace)
    step = 3 if colour == 2 else 4
    raw = zlib.decompress(data)
    stride = width * step
    previous = bytearray(stride)
    gray = bytearray()
    for row in range(height):
        start = row * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        unfilter(kind, line, previous, step)
        gray += bytes((line[i] * 299 + line[i + 1] * 587 + line[i + 2] * 114) // 1000
                      for i in range(0, stride, step))
        previous = line
    return memoryview(bytes(gray)).cast("B", (height, width))


def unfilter(kind: int, line: bytearray, above: bytearray, step: int) -> None:
    """Undo one row's PNG filter in place (None, Sub, Up, Average, Paeth)."""
    for i in range(len(line)):
        left = line[i - step] if i >= step else 0
        up = above[i]
        corner = above[i - step] if i >= step else 0
        if kind == 1:
            line[i] = (line[i] + left) & 0xFF
        elif kind == 2:
            line[i] = (line[i] + up) & 0xFF
        elif kind == 3:
            line[i] = (line[i] + (left + up) // 2) & 0xFF
        elif kind == 4:
            guess = left + up - corner
            pa, pb, pc = abs(guess - left), abs(guess - up), abs(guess - corner)
            nearest = left if pa <= pb and pa <= pc else up if pb <= pc else corner
            line[i] = (line[i] + nearest) & 0xFF


def decode(pixels: Any) -> str:
    """The text of the one QR code in the image; fails the test when there is none."""
    found = zxingcpp.read_barcode(pixels, formats=zxingcpp.BarcodeFormat.QRCode)
    assert found is not None and found.valid, "no QR code could be read"
    return str(found.text)
