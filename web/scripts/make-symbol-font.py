"""Makes the console's symbol font: the few signs of units and values (℃ ㎡ ‰ ± µ ° ² ³ Ω …) cut from DejaVu Sans.

Every font stack of the console (lib/theme.ts) starts with this font, declared with a unicode-range of exactly these
signs (web/src/lib/symbol-font.ts), so whatever font follows never draws one of them: WenQuanYi Micro Hei, which Chromium
picks for `sans-serif` in Chinese on Linux, has an empty ℃ and ℉. DejaVu Sans has no ㎡ and ㎥: they are composed
here of its m and its ² / ³, so one free font (Bitstream Vera licence, LICENSE-DejaVu.txt) draws every sign.

One-off generation, not a build step: the woff2 files are committed. fontTools is not a project dependency:

    uv run --no-project --with fonttools==4.68.0 --with brotli==1.2.1 python web/scripts/make-symbol-font.py

reads Debian's fonts-dejavu-core (/usr/share/fonts/truetype/dejavu/) and writes web/src/assets/fonts/. The output
is the same bytes for the same DejaVu release (timestamps are kept from the source font).
"""

from __future__ import annotations

from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont
from fontTools.ttLib.tables._g_l_y_f import Glyph, GlyphComponent

SOURCE = Path("/usr/share/fonts/truetype/dejavu")
OUT = Path(__file__).resolve().parent.parent / "src" / "assets" / "fonts"
FAMILY = "Iotyun Symbols"

# The signs, by code point: the same as SYMBOL_SIGNS in web/src/lib/theme.ts, whose unicode-range they are.
SIGNS = [
    0x00B0,  # ° degree
    0x00B1,  # ± plus-minus
    0x00B2,  # ² superscript two
    0x00B3,  # ³ superscript three
    0x00B5,  # µ micro
    0x00B7,  # · middle dot
    0x00D7,  # × multiplication
    0x00F7,  # ÷ division
    0x0394,  # Δ delta
    0x03A9,  # Ω omega
    0x03BC,  # μ greek mu
    0x2030,  # ‰ per mille
    0x2031,  # ‱ per ten thousand
    0x2103,  # ℃ degree Celsius
    0x2109,  # ℉ degree Fahrenheit
    0x2126,  # Ω ohm
    0x2264,  # ≤
    0x2265,  # ≥
    0x33A1,  # ㎡ square metre (composed: m + ²)
    0x33A5,  # ㎥ cubic metre (composed: m + ³)
]
COMPOSED = {0x33A1: ("m", "twosuperior"), 0x33A5: ("m", "threesuperior")}


def compose(font: TTFont) -> None:
    """Adds ㎡ and ㎥ as composite glyphs of m and the superscript, side by side (after the subset, which keeps
    their parts)."""
    glyf = font["glyf"]
    hmtx = font["hmtx"]
    order = list(font.getGlyphOrder())
    for code, (base, sup) in COMPOSED.items():
        name = f"uni{code:04X}"
        glyph = Glyph()
        glyph.numberOfContours = -1
        glyph.components = []
        x = 0
        for part in (base, sup):
            component = GlyphComponent()
            component.glyphName = part
            component.x, component.y = x, 0
            component.flags = 0x4  # ROUND_XY_TO_GRID
            glyph.components.append(component)
            x += hmtx[part][0]
        order.append(name)
        glyf.glyphs[name] = glyph
        hmtx[name] = (x, hmtx[base][1])
        for table in font["cmap"].tables:
            if table.isUnicode():
                table.cmap[code] = name
    # The parts' own code points that are no sign of ours (m) leave the map: this font draws no plain letter.
    for table in font["cmap"].tables:
        for code in [c for c in table.cmap if c not in SIGNS]:
            del table.cmap[code]
    font.setGlyphOrder(order)
    glyf.setGlyphOrder(order)
    for name in (f"uni{c:04X}" for c in COMPOSED):
        glyf[name].recalcBounds(glyf)
    font["maxp"].numGlyphs = len(order)


def make(source: str, target: str, style: str) -> None:
    font = TTFont(SOURCE / source, recalcTimestamp=False)
    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = []
    options.name_IDs = []  # names rewritten below
    options.notdef_outline = True
    options.hinting = False
    options.recalc_timestamp = False
    subsetter = subset.Subsetter(options)
    # The composed signs' parts stay as glyphs (m without its code point: this font never draws a plain m).
    plain = [code for code in SIGNS if code not in COMPOSED]
    subsetter.populate(unicodes=plain, glyphs=sorted({part for parts in COMPOSED.values() for part in parts}))
    subsetter.subset(font)
    compose(font)
    name = font["name"]
    name.names = []
    copyright_ = "Copyright (c) 2003 by Bitstream, Inc. DejaVu changes are in public domain. Subset for iotyun."
    for name_id, text in (
        (0, copyright_),
        (1, FAMILY),
        (2, style),
        (4, f"{FAMILY} {style}"),
        (6, f"IotyunSymbols-{style}"),
        (13, "Bitstream Vera licence with DejaVu changes in the public domain: see LICENSE-DejaVu.txt"),
    ):
        name.setName(text, name_id, 3, 1, 0x409)
    font.flavor = "woff2"
    font.save(OUT / target, reorderTables=False)
    print(f"{target}: {(OUT / target).stat().st_size} bytes, {len(font.getGlyphOrder())} glyphs")


if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    make("DejaVuSans.ttf", "iotyun-symbols.woff2", "Regular")
    make("DejaVuSans-Bold.ttf", "iotyun-symbols-bold.woff2", "Bold")
