#!/usr/bin/env python3
"""Draws the game's textures into assets/textures/ (PNG, standard library only).

    python3 scripts/make_assets.py

Every picture is ours: shaded stones with a highlight and a soft shadow, a wooden board with
grain, and a soft disc used for star points and markers. Deterministic: same bytes every run.
"""

import math
import os
import random
import struct
import zlib

OUT = os.path.join(os.path.dirname(__file__), "..", "assets", "textures")


def write_png(path, width, height, pixels):
    """pixels: list of rows, each a list of (r, g, b, a) tuples of 0..255."""
    raw = bytearray()
    for row in pixels:
        raw.append(0)
        for r, g, b, a in row:
            raw += bytes((r, g, b, a))

    def chunk(kind, data):
        c = struct.pack(">I", len(data)) + kind + data
        return c + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    png = b"\x89PNG\r\n\x1a\n"
    png += chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(bytes(raw), 9))
    png += chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(png)


def clamp(v):
    return max(0, min(255, int(round(v))))


def smoothstep(e0, e1, x):
    t = max(0.0, min(1.0, (x - e0) / (e1 - e0)))
    return t * t * (3 - 2 * t)


def stone(size, base, highlight, rim):
    """A stone seen from above-left: the disc fills 84% of the picture, a soft shadow falls
    down-right, a highlight sits up-left. Returns rows of RGBA."""
    c = size / 2
    radius = size * 0.42
    shadow_off = size * 0.035
    rows = []
    for y in range(size):
        row = []
        for x in range(size):
            px, py = x + 0.5, y + 0.5
            dx, dy = px - c, py - c
            d = math.hypot(dx, dy)
            # Soft shadow under the stone.
            sd = math.hypot(px - c - shadow_off, py - c - shadow_off)
            shadow_a = (1 - smoothstep(radius * 0.85, radius * 1.18, sd)) * 0.45
            # The stone's coverage, anti-aliased over one pixel.
            cover = 1 - smoothstep(radius - 0.75, radius + 0.75, d)
            if cover <= 0:
                row.append((0, 0, 0, clamp(shadow_a * 255)))
                continue
            # Lambert-ish shading of a flattened dome lit from the upper left.
            nx, ny = dx / radius, dy / radius
            nz = math.sqrt(max(0.0, 1 - min(1.0, nx * nx + ny * ny))) * 0.7 + 0.3
            light = (-0.45 * nx - 0.55 * ny + 0.7 * nz)
            light = max(0.0, min(1.2, light))
            col = [base[i] * (0.55 + 0.55 * light) for i in range(3)]
            # Specular highlight.
            hx, hy = c - radius * 0.38, c - radius * 0.40
            hd = math.hypot(px - hx, py - hy) / (radius * 0.45)
            spec = max(0.0, 1 - hd) ** 2
            col = [col[i] + (highlight[i] - col[i]) * spec for i in range(3)]
            # Darker rim.
            edge = smoothstep(radius * 0.82, radius, d)
            col = [col[i] + (rim[i] - col[i]) * edge * 0.6 for i in range(3)]
            a = cover + shadow_a * (1 - cover)
            row.append((clamp(col[0]), clamp(col[1]), clamp(col[2]), clamp(a * 255)))
        rows.append(row)
    return rows


def wood(size, seed=7):
    """Kaya-like wood: warm yellow-brown, faint irregular growth rings running down the board,
    fine fibres and a little noise. Tiles vertically."""
    rnd = random.Random(seed)
    # Ring positions across the board, unevenly spaced, each with its own darkness.
    rings = []
    x = rnd.uniform(0, 0.05)
    while x < 1.0:
        rings.append((x, rnd.uniform(0.35, 1.0), rnd.uniform(0.004, 0.012)))
        x += rnd.uniform(0.03, 0.11)
    bends = [(rnd.randint(1, 2), rnd.uniform(0, math.tau), rnd.uniform(0.002, 0.005)) for _ in range(2)]
    rows = []
    for y in range(size):
        v = y / size
        shift = sum(a * math.sin(math.tau * f * v + p) for f, p, a in bends)
        row = []
        for x in range(size):
            u = x / size + shift
            ring = 0.0
            for rx, dark, width in rings:
                d = min(abs(u - rx), abs(u - rx - 1), abs(u - rx + 1))
                ring = max(ring, dark * math.exp(-(d / width) ** 2))
            fibre = math.sin(u * math.tau * 173 + math.sin(v * math.tau * 2) * 0.6) * 0.5 + 0.5
            noise = rnd.uniform(-1, 1)
            t = 0.55 * ring + 0.08 * fibre
            r = 226 - 48 * t + 3 * noise
            g = 184 - 52 * t + 3 * noise
            b = 122 - 44 * t + 3 * noise
            row.append((clamp(r), clamp(g), clamp(b), 255))
        rows.append(row)
    return rows


def disc(size):
    """A white anti-aliased disc (tinted in the game): star points, markers, ghost stones."""
    c = size / 2
    radius = size * 0.46
    rows = []
    for y in range(size):
        row = []
        for x in range(size):
            d = math.hypot(x + 0.5 - c, y + 0.5 - c)
            a = 1 - smoothstep(radius - 0.8, radius + 0.8, d)
            row.append((255, 255, 255, clamp(a * 255)))
        rows.append(row)
    return rows


def main():
    os.makedirs(OUT, exist_ok=True)
    write_png(os.path.join(OUT, "stone_black.png"), 128, 128,
              stone(128, base=(46, 46, 52), highlight=(150, 150, 160), rim=(8, 8, 10)))
    write_png(os.path.join(OUT, "stone_white.png"), 128, 128,
              stone(128, base=(236, 234, 226), highlight=(255, 255, 255), rim=(170, 168, 160)))
    write_png(os.path.join(OUT, "board_wood.png"), 256, 256, wood(256))
    write_png(os.path.join(OUT, "disc.png"), 64, 64, disc(64))
    print("wrote", ", ".join(sorted(os.listdir(OUT))))


if __name__ == "__main__":
    main()
