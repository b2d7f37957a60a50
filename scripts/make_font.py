#!/usr/bin/env python3
"""Makes the small Simplified Chinese UI font: assets/fonts/gomoku-cjk.ttf.

    python3 scripts/make_font.py                  # regenerate the subset
    python3 scripts/make_font.py --extra FILE     # also keep every character of FILE
    python3 scripts/make_font.py --sample X.png   # also render a sample line (needs Pillow)
    python3 scripts/make_font.py --check          # only report source characters the
                                                  # committed font lacks (exit 1 if any)

Needs:  apt-get install fonts-wqy-microhei      (the source font)
        pip install fonttools                   (subsetting; Pillow only for --sample)

The source is WenQuanYi Micro Hei (Apache-2.0, TrueType 'glyf' outlines), face 0 (Regular)
of its .ttc collection. The subset keeps every non-ASCII character used in the Rust sources
under src/app/ (the translations live in src/app/i18n/chinese.rs), all printable ASCII and the common
CJK punctuation, without hinting, layout tables or vertical metrics. It writes the licence
beside the font too. Same inputs give the same bytes: the 'head' timestamps are the source
font's, never the time of the run.

Run it again whenever new Chinese text is added to src/app/ (--check tells when).
"""

import argparse
import importlib.util
import sys
import textwrap
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SOURCES_DIR = REPO / "src" / "app"
OUT_DIR = REPO / "assets" / "fonts"
OUT_FONT = OUT_DIR / "gomoku-cjk.ttf"
OUT_CHARS = OUT_DIR / "characters.txt"

# The source font and where its licence is, as installed by Debian's package.
PACKAGE = "fonts-wqy-microhei"
FONT_FILE = Path("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc")
FONT_INDEX = 0  # 0: "WenQuanYi Micro Hei" (Regular); 1 is its Mono face
COPYRIGHT_FILE = Path(f"/usr/share/doc/{PACKAGE}/copyright")
LICENSE_TEXT_FILE = Path("/usr/share/common-licenses/Apache-2.0")
OUT_LICENSE = OUT_DIR / "LICENSE-wqy-microhei.txt"

CJK_PUNCTUATION = "，。：；！？、（）《》“”‘’…—·"
PRINTABLE_ASCII = "".join(chr(c) for c in range(0x20, 0x7F))

# Tables the UI font does not need: vertical layout, hinting leftovers, the
# font editor's stamp, and OpenType layout (CJK UI text needs no shaping rules).
DROP_TABLES = ["FFTM", "gasp", "vhea", "vmtx", "VORG", "BASE", "GDEF", "GSUB", "GPOS", "kern"]

NOTICE = (
    "Subset of WenQuanYi Micro Hei (face 0 of wqy-microhei.ttc) made for the Gomoku game "
    "by scripts/make_font.py: only the characters its UI uses, hinting and layout tables removed."
)


def require_fonttools():
    """Exits telling how to install fontTools if it is missing."""
    if importlib.util.find_spec("fontTools") is None:
        sys.exit("make_font.py: fontTools is missing: pip install fonttools")


def chars_in_sources(root):
    """Every character above ASCII in the *.rs files under root."""
    found = set()
    for path in sorted(root.rglob("*.rs")):
        found.update(c for c in path.read_text(encoding="utf-8") if ord(c) > 127)
    return found


def chars_in_file(path):
    """Every printable character of a UTF-8 text file (line breaks and tabs left out)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        sys.exit(f"make_font.py: cannot read --extra {path}: {err}")
    return {c for c in text if c.isprintable()}


def wanted_chars(extra_files):
    """The characters the subset must keep, as a sorted string."""
    chars = chars_in_sources(SOURCES_DIR)
    chars.update(PRINTABLE_ASCII, CJK_PUNCTUATION)
    for extra in extra_files:
        chars.update(chars_in_file(extra))
    return "".join(sorted(chars))


def load_source_font():
    """The Regular face of the source font, or exits telling which package to install."""
    from fontTools.ttLib import TTFont

    if not FONT_FILE.exists():
        sys.exit(f"make_font.py: {FONT_FILE} is missing: apt-get install {PACKAGE}")
    return TTFont(FONT_FILE, fontNumber=FONT_INDEX, recalcTimestamp=False)


def subset_font(font, chars):
    """Cuts font down to chars in place."""
    from fontTools import subset

    options = subset.Options()
    options.hinting = False
    options.layout_features = []
    options.drop_tables += DROP_TABLES
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6]
    options.name_languages = [0x0409]  # English names only
    options.glyph_names = False  # 'post' format 3
    options.notdef_outline = True  # a visible box for anything still missing
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[ord(c) for c in chars])
    subsetter.subset(font)


def mark_as_modified(font):
    """Says in the font itself that it is a modified version (Apache-2.0, section 4b)."""
    font["name"].setName(NOTICE, 10, 3, 1, 0x0409)


def save_font(font, path):
    """Writes the font; 'head' keeps the source's fixed timestamps so the bytes repeat."""
    font.recalcTimestamp = False
    path.parent.mkdir(parents=True, exist_ok=True)
    font.save(path)


def missing_from(font_path, chars):
    """The characters of chars that the font at font_path has no glyph for."""
    from fontTools.ttLib import TTFont

    cmap = TTFont(font_path)["cmap"].getBestCmap()
    return [c for c in chars if ord(c) not in cmap]


def describe(chars):
    """A readable list of characters with their code points."""
    return ", ".join(f"{c!r} U+{ord(c):04X}" for c in chars)


def write_license():
    """Copies the package's copyright file and the full Apache-2.0 text beside the font."""
    parts = [
        "The font gomoku-cjk.ttf is a subset of WenQuanYi Micro Hei, which its authors\n"
        "license under Apache-2.0 or GPL-3+ with the font exception. This game uses and\n"
        "redistributes it under the Apache License, Version 2.0, whose full text follows\n"
        f"the copyright notice below (taken from Debian's {PACKAGE} package).\n\n"
        + textwrap.fill(NOTICE, 78) + "\n",
        COPYRIGHT_FILE.read_text(encoding="utf-8"),
    ]
    if LICENSE_TEXT_FILE.exists():
        parts.append(LICENSE_TEXT_FILE.read_text(encoding="utf-8"))
    separator = "\n" + "=" * 78 + "\n\n"
    OUT_LICENSE.write_text(separator.join(parts), encoding="utf-8")


def render_sample(font_path, png_path):
    """Draws a line of Chinese and English with the font, to look at by eye."""
    try:
        from PIL import Image, ImageDraw, ImageFont
    except ImportError:
        sys.exit("make_font.py: --sample needs Pillow: pip install pillow")
    lines = ["五子棋 人机对战 黑棋 白棋 悔棋 认输 胜率", "Gomoku: Black wins! 你赢了，平局？（禁手）"]
    big, small = ImageFont.truetype(str(font_path), 32), ImageFont.truetype(str(font_path), 14)
    image = Image.new("RGB", (760, 150), "white")
    draw = ImageDraw.Draw(image)
    for row, line in enumerate(lines):
        draw.text((12, 10 + 44 * row), line, font=big, fill="black")
    draw.text((12, 110), lines[0] + "  " + lines[1], font=small, fill="black")
    image.save(png_path)
    print(f"sample: {png_path}")


def check_committed(chars):
    """Exit status 1, with the list, if the committed font lacks any wanted character."""
    if not OUT_FONT.exists():
        sys.exit(f"make_font.py: {OUT_FONT.relative_to(REPO)} does not exist yet")
    missing = missing_from(OUT_FONT, chars)
    if missing and FONT_FILE.exists():
        # Characters the source font lacks too cannot be added: only mention them.
        available = load_source_font().getBestCmap()
        hopeless = [c for c in missing if ord(c) not in available]
        if hopeless:
            print(f"not in the source font either: {describe(hopeless)}")
        missing = [c for c in missing if ord(c) in available]
    if missing:
        print(f"{OUT_FONT.relative_to(REPO)} lacks {len(missing)}: {describe(missing)}")
        sys.exit("make_font.py: run python3 scripts/make_font.py to regenerate it")
    print(f"{OUT_FONT.relative_to(REPO)} has all {len(chars)} characters")


def make(chars):
    """Builds the subset and its licence, then checks the subset's character map."""
    font = load_source_font()
    available = font.getBestCmap()
    absent = [c for c in chars if ord(c) not in available]
    kept = "".join(c for c in chars if ord(c) in available)
    subset_font(font, kept)
    mark_as_modified(font)
    save_font(font, OUT_FONT)
    write_license()
    # The list of characters kept, for the Rust test that checks every translation is covered.
    OUT_CHARS.write_text("".join(sorted(set(kept))) + "\n", encoding="utf-8")

    lost = missing_from(OUT_FONT, kept)
    if lost:
        sys.exit(f"make_font.py: the subset lost {describe(lost)}")
    if absent:
        print(f"warning: the source font has no glyph for {len(absent)}: {describe(absent)}")
    size = OUT_FONT.stat().st_size
    print(f"kept {len(kept)} characters ({len(kept) - len(PRINTABLE_ASCII)} beyond ASCII)")
    print(f"wrote {OUT_FONT.relative_to(REPO)} ({size} bytes) and {OUT_LICENSE.relative_to(REPO)}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--extra", action="append", default=[], metavar="FILE",
                        help="also keep every character of this UTF-8 text file (repeatable)")
    parser.add_argument("--sample", metavar="PNG", help="render a sample line to this PNG")
    parser.add_argument("--check", action="store_true",
                        help="only check that the committed font has every wanted character")
    args = parser.parse_args()

    require_fonttools()
    chars = wanted_chars(args.extra)
    if args.check:
        check_committed(chars)
        return
    make(chars)
    if args.sample:
        render_sample(OUT_FONT, args.sample)


if __name__ == "__main__":
    main()
