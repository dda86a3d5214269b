#!/usr/bin/env python3
"""Render a 4096-byte C64 character ROM to a PNG for looking at it.

Usage: chargen_preview.py ROM OUT.png [--scale N] [--specimen]

The picture shows, left to right, set 1 and set 2 as 16x16 grids of
screen codes $00-$FF (row = high nibble, column = low nibble), each glyph
framed by a one-pixel grid line so that glyph edges can be judged. Below,
a specimen in the C64's default colours is drawn with no gaps between
cells, to show how text reads and whether lines, corners, blocks and
patterns join from cell to cell (--specimen: only that part). Python standard library only (zlib and
struct write the PNG).
"""

import struct
import sys
import zlib

GRID = (40, 40, 40)
INK = (255, 255, 255)
PAPER = (0, 0, 0)
# The C64 defaults: light blue text on blue.
C64_INK = (0x70, 0x6D, 0xEB)
C64_PAPER = (0x2E, 0x2C, 0x9B)

# Specimen rows: (set number, screen codes). Text is given as ASCII and
# converted to screen codes; "{$xx}" inserts a code directly.
SPECIMEN = [
    (1, "    **** BREADBIN OPEN ROM V2 ****"),
    (1, " 64K RAM SYSTEM  38911 BASIC BYTES FREE"),
    (1, "READY."),
    (1, "10 PRINT\"HELLO, WORLD!\";A$(3)+B%:GOTO 10"),
    (1, "THE QUICK BROWN FOX JUMPS OVER 13 LAZY DOGS"),
    (1, "0123456789 @[\\]^_ !\"#$%&'()*+,-./:;<=>?"),
    (2, "The quick brown fox jumps over the lazy dog."),
    (2, "Sphinx of black quartz, judge my vow! 1984"),
    (2, "READY. gjpqy fiflt Mmm Www ok{$7a}"),
    (1, ""),
    # Boxes of centre lines and of edge lines, rounded corners, diagonals,
    # patterns, suits, the line families and the blocks.
    (1, "{$70}{$40}{$40}{$72}{$40}{$6e} {$55}{$43}{$43}{$49} {$4f}{$63}{$63}{$50} {$4d}{$4e}{$4d}{$4e} {$66}{$66}{$5c} {$5f}{$69}{$5f} {$41}{$53}{$58}{$5a} {$51}{$57}"),
    (1, "{$42} {$42} {$42} {$5d}  {$5d} {$65}  {$67} {$4e}{$4d}{$4e}{$4d} {$66}{$66}{$68} {$69}{$5f}{$69} {$5e}{$56}{$5b}{$2b} {$57}{$51}"),
    (1, "{$6b}{$40}{$40}{$5b}{$40}{$73} {$4a}{$40}{$40}{$4b} {$4c}{$64}{$64}{$7a} {$56}{$56}{$56}{$56} {$7e}{$7c}{$7f} {$61}{$75}{$74}{$65} {$67}{$6a}{$76}{$e1}"),
    (1, "{$6d}{$40}{$40}{$71}{$40}{$7d}  {$55}{$49}   {$45}{$44}{$43}{$46}{$52}  {$54}{$47}{$42}{$48}{$59} {$7b}{$6c}{$ff} {$62}{$79}{$6f}{$64} {$63}{$77}{$78}{$e2}"),
    (2, "set 2: {$66}{$5e}{$66}{$5e} {$5f}{$5f}{$5f} {$69}{$69}{$69} {$5c}{$5c} {$7a} {$40}{$5b}{$40} rvs: {$d2}{$d6}{$d3}"),
    (2, "       {$5e}{$66}{$5e}{$66} {$5f}{$5f}{$5f} {$69}{$69}{$69} {$5c}{$5c}   {$5d}"),
]


def to_codes(text):
    codes = []
    i = 0
    while i < len(text):
        if text.startswith("{$", i):
            end = text.index("}", i)
            codes.append(int(text[i + 2 : end], 16))
            i = end + 1
            continue
        c = text[i]
        o = ord(c)
        if c == "@":
            codes.append(0)
        elif "A" <= c <= "Z":
            codes.append(o - 64)
        elif "a" <= c <= "z":
            codes.append(o - 96)  # set 2: lower case at $01-$1A
        elif c == "\\":
            codes.append(0x1C)  # pound sign in its place
        elif c in "[]":
            codes.append(o - 64)
        elif c == "^":
            codes.append(0x1E)
        elif c == "_":
            codes.append(0x1F)
        elif " " <= c <= "?":
            codes.append(o)
        else:
            raise ValueError(f"no screen code for {c!r}")
        i += 1
    return codes


def fix_case(text, codes):
    """In set 2, upper case letters live at $41-$5A."""
    out = []
    j = 0
    i = 0
    while i < len(text):
        if text.startswith("{$", i):
            i = text.index("}", i) + 1
            out.append(codes[j])
        else:
            c = text[i]
            out.append(codes[j] + 0x40 if "A" <= c <= "Z" else codes[j])
            i += 1
        j += 1
    return out


def png(width, height, pixels):
    """pixels: list of rows, each a bytes object of RGB triples."""
    raw = b"".join(b"\x00" + row for row in pixels)

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def main(argv):
    args = argv[1:]
    scale = 3
    if "--scale" in args:
        i = args.index("--scale")
        scale = int(args[i + 1])
        del args[i : i + 2]
    specimen_only = "--specimen" in args
    if specimen_only:
        args.remove("--specimen")
    if len(args) != 2:
        print("usage: chargen_preview.py ROM OUT.png [--scale N] [--specimen]", file=sys.stderr)
        return 2
    with open(args[0], "rb") as f:
        rom = f.read()
    if len(rom) != 4096:
        print(f"chargen_preview: {args[0]}: {len(rom)} bytes, expected 4096", file=sys.stderr)
        return 1

    cell = 9  # 8 pixels + 1 grid line
    grid_w = 16 * cell + 1
    gap = 8
    spec_cols = 44
    width = max(2 * grid_w + gap, spec_cols * 8 + 16)
    spec_top = grid_w + gap
    height = spec_top + len(SPECIMEN) * 8 + 16
    img = [[PAPER] * width for _ in range(height)]

    for s in range(2):
        x0 = s * (grid_w + gap)
        for y in range(grid_w):
            for x in range(grid_w):
                if y % cell == 0 or x % cell == 0:
                    img[y][x0 + x] = GRID
        for code in range(256):
            gx = x0 + (code % 16) * cell + 1
            gy = (code // 16) * cell + 1
            for r in range(8):
                byte = rom[s * 2048 + code * 8 + r]
                for b in range(8):
                    img[gy + r][gx + b] = INK if byte & (0x80 >> b) else PAPER

    for y in range(spec_top, height):
        for x in range(width):
            img[y][x] = C64_PAPER
    for line, (s, text) in enumerate(SPECIMEN):
        codes = to_codes(text)
        if s == 2:
            codes = fix_case(text, codes)
        for col, code in enumerate(codes[:spec_cols]):
            for r in range(8):
                byte = rom[(s - 1) * 2048 + code * 8 + r]
                for b in range(8):
                    if byte & (0x80 >> b):
                        img[spec_top + 8 + line * 8 + r][8 + col * 8 + b] = C64_INK

    if specimen_only:
        img = img[spec_top:]
        height -= spec_top
    rows = []
    for row in img:
        scaled = b"".join(bytes(px) * scale for px in row)
        rows.extend([scaled] * scale)
    with open(args[1], "wb") as f:
        f.write(png(width * scale, height * scale, rows))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
