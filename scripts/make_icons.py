#!/usr/bin/env python3
"""Draws the game's icons (PNG, standard library only): the web app's into web/icons/ and the
desktop's into desktop/gomoku.png (the window's icon and the desktop entry's).

    python3 scripts/make_icons.py

A square of the board's wood with a black and a white stone on the diagonal, drawn with the
same code as the game's textures (scripts/make_assets.py). The stones keep to the middle 70%,
so the web icons also work where a platform masks them to a circle ("maskable"); the desktop
icon has rounded corners, as desktop icons do. Deterministic.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from make_assets import stone, wood, write_png  # noqa: E402

OUT = os.path.join(os.path.dirname(__file__), "..", "web", "icons")
DESKTOP = os.path.join(os.path.dirname(__file__), "..", "desktop", "gomoku.png")
# The desktop icon's side and the radius of its corners (a share of the side).
DESKTOP_SIZE = 256
CORNER = 0.16


def blend(under, over):
    """`over` (RGBA) drawn on `under` (RGBA, opaque)."""
    a = over[3] / 255
    return tuple(round(over[i] * a + under[i] * (1 - a)) for i in range(3)) + (255,)


def icon(size):
    rows = [list(r) for r in wood(size, seed=11)]
    side = int(size * 0.46)
    black = stone(side, base=(46, 46, 52), highlight=(150, 150, 160), rim=(8, 8, 10))
    white = stone(side, base=(236, 234, 228), highlight=(255, 255, 255), rim=(170, 168, 160))
    for picture, (cx, cy) in ((black, (0.38, 0.38)), (white, (0.62, 0.62))):
        x0, y0 = int(size * cx - side / 2), int(size * cy - side / 2)
        for y in range(side):
            for x in range(side):
                rows[y0 + y][x0 + x] = blend(rows[y0 + y][x0 + x], picture[y][x])
    return rows


def rounded(rows, radius):
    """The square picture `rows` with its corners cut round (antialiased alpha)."""
    size = len(rows)
    out = []
    for y, row in enumerate(rows):
        line = []
        for x, pixel in enumerate(row):
            # Distance past the corner's arc, for pixels in a corner square.
            cx = min(max(x + 0.5, radius), size - radius)
            cy = min(max(y + 0.5, radius), size - radius)
            past = ((x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2) ** 0.5 - radius
            alpha = min(1.0, max(0.0, 0.5 - past))
            line.append(pixel[:3] + (round(pixel[3] * alpha),))
        out.append(line)
    return out


def main():
    os.makedirs(OUT, exist_ok=True)
    for size in (192, 512):
        write_png(os.path.join(OUT, f"icon-{size}.png"), size, size, icon(size))
        print(f"wrote web/icons/icon-{size}.png")
    os.makedirs(os.path.dirname(DESKTOP), exist_ok=True)
    side = DESKTOP_SIZE
    write_png(DESKTOP, side, side, rounded(icon(side), side * CORNER))
    print("wrote desktop/gomoku.png")


if __name__ == "__main__":
    main()
