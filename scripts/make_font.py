#!/usr/bin/env python3
"""Makes the small UI fonts: assets/fonts/gomoku-cjk.ttf and one font per language with
glyphs of its own (gomoku-ja.ttf, gomoku-ko.ttf, gomoku-zh-tw.ttf).

    python3 scripts/make_font.py                  # regenerate the subsets
    python3 scripts/make_font.py --extra FILE     # also keep every character of FILE
    python3 scripts/make_font.py --sample X.png   # also render a sample line (needs Pillow)
    python3 scripts/make_font.py --check          # only report source characters the
                                                  # committed fonts lack (exit 1 if any)

Needs:  apt-get install fonts-wqy-microhei      (the source font)
        pip install fonttools                   (subsetting; Pillow only for --sample)

The source is WenQuanYi Micro Hei (Apache-2.0, TrueType 'glyf' outlines), face 0 (Regular)
of its .ttc collection. The base subset, gomoku-cjk.ttf, built into the game, keeps every
non-ASCII character used in the Rust sources under src/app/ (Simplified Chinese in
src/app/i18n/chinese.rs, Vietnamese, every language's own name...) but those of the tables
that have a font of their own or need none, all printable ASCII and the common CJK
punctuation. A language font keeps the characters of its table (src/app/i18n/japanese.rs,
korean.rs, traditional_chinese.rs) that the base lacks: the web page fetches it only when the
language is chosen. Russian and Czech need none: egui's own font has their letters. No
hinting, layout tables or vertical metrics. It writes the licence beside the fonts too. Same
inputs give the same bytes: the 'head' timestamps are the source font's, never the time of
the run.

Run it again whenever non-ASCII text is added to src/app/ (--check tells when; so does
tests/i18n.rs).
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
# The base subset's characters: the game lays out the punctuation and symbols among them before
# the first frame (src/app/theme/glyphs.rs), and tests/i18n.rs checks that it is current.
OUT_CHARS = OUT_DIR / "characters.txt"
I18N_DIR = SOURCES_DIR / "i18n"
# The languages with glyphs of their own: font file, table.
LANGUAGE_FONTS = [
    (OUT_DIR / "gomoku-ja.ttf", I18N_DIR / "japanese.rs"),
    (OUT_DIR / "gomoku-ko.ttf", I18N_DIR / "korean.rs"),
    (OUT_DIR / "gomoku-zh-tw.ttf", I18N_DIR / "traditional_chinese.rs"),
]
# Tables whose letters egui's own fonts have (Cyrillic, Czech's Latin): not in any subset.
EGUI_DRAWS = [I18N_DIR / "russian.rs", I18N_DIR / "czech.rs"]

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


def non_ascii(path):
    """Every character above ASCII in a UTF-8 text file."""
    return {c for c in Path(path).read_text(encoding="utf-8") if ord(c) > 127}


def chars_in_sources(root, leave_out):
    """Every character above ASCII in the *.rs files under root, but the files leave_out."""
    found = set()
    for path in sorted(root.rglob("*.rs")):
        if path not in leave_out:
            found.update(non_ascii(path))
    return found


def chars_in_file(path):
    """Every printable character of a UTF-8 text file (line breaks and tabs left out)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        sys.exit(f"make_font.py: cannot read --extra {path}: {err}")
    return {c for c in text if c.isprintable()}


def wanted_chars(extra_files):
    """[(font, the characters it must keep, as a sorted string)]: the base subset, then each
    language font with its table's characters the base lacks."""
    leave_out = {table for _, table in LANGUAGE_FONTS} | set(EGUI_DRAWS)
    base = chars_in_sources(SOURCES_DIR, leave_out)
    base.update(PRINTABLE_ASCII, CJK_PUNCTUATION)
    for extra in extra_files:
        base.update(chars_in_file(extra))
    fonts = [(OUT_FONT, "".join(sorted(base)))]
    for font, table in LANGUAGE_FONTS:
        fonts.append((font, "".join(sorted(non_ascii(table) - base))))
    return fonts


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
        "The fonts gomoku-cjk.ttf, gomoku-ja.ttf, gomoku-ko.ttf and gomoku-zh-tw.ttf are subsets\n"
        "of WenQuanYi Micro Hei, which its authors\n"
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


def check_committed(fonts):
    """Exit status 1, with the list, if a committed font lacks any character it must keep."""
    lacking = False
    for path, chars in fonts:
        if not path.exists():
            sys.exit(f"make_font.py: {path.relative_to(REPO)} does not exist yet")
        missing = missing_from(path, chars)
        if missing and FONT_FILE.exists():
            # Characters the source font lacks too cannot be added: only mention them.
            available = load_source_font().getBestCmap()
            hopeless = [c for c in missing if ord(c) not in available]
            if hopeless:
                print(f"not in the source font either: {describe(hopeless)}")
            missing = [c for c in missing if ord(c) in available]
        if missing:
            print(f"{path.relative_to(REPO)} lacks {len(missing)}: {describe(missing)}")
            lacking = True
        else:
            print(f"{path.relative_to(REPO)} has all {len(chars)} characters")
    kept = OUT_CHARS.read_text(encoding="utf-8").rstrip("\n") if OUT_CHARS.exists() else ""
    if kept != fonts[0][1]:
        print(f"{OUT_CHARS.relative_to(REPO)} is not the list of {OUT_FONT.name}'s characters")
        lacking = True
    if lacking:
        sys.exit("make_font.py: run python3 scripts/make_font.py to regenerate them")


def make_one(path, chars):
    """Builds one subset of chars, then checks its character map."""
    font = load_source_font()
    available = font.getBestCmap()
    absent = [c for c in chars if ord(c) not in available]
    kept = "".join(c for c in chars if ord(c) in available)
    subset_font(font, kept)
    mark_as_modified(font)
    save_font(font, path)
    lost = missing_from(path, kept)
    if lost:
        sys.exit(f"make_font.py: the subset lost {describe(lost)}")
    if absent:
        print(f"warning: the source font has no glyph for {len(absent)}: {describe(absent)}")
    print(f"wrote {path.relative_to(REPO)}: {len(kept)} characters, {path.stat().st_size} bytes")


def make(fonts):
    """Builds every subset and the licence."""
    for path, chars in fonts:
        make_one(path, chars)
    write_license()
    OUT_CHARS.write_text(fonts[0][1] + "\n", encoding="utf-8")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--extra", action="append", default=[], metavar="FILE",
                        help="also keep every character of this UTF-8 text file (repeatable)")
    parser.add_argument("--sample", metavar="PNG", help="render a sample line to this PNG")
    parser.add_argument("--check", action="store_true",
                        help="only check that the committed fonts have every wanted character")
    args = parser.parse_args()

    require_fonttools()
    fonts = wanted_chars(args.extra)
    if args.check:
        check_committed(fonts)
        return
    make(fonts)
    if args.sample:
        render_sample(OUT_FONT, args.sample)


if __name__ == "__main__":
    main()
