#!/usr/bin/env python3
"""Build breadbin's open character ROM (chargen.bin) from text art.

Usage: mkchargen.py [--check] SRCDIR OUT

SRCDIR holds set1.txt (upper case/graphics) and set2.txt (lower/upper case).
Each file describes screen codes $00-$7F of one character set as blocks:

    ; a comment (a line whose first non-blank character is ';')
    $01 A                 <- header: screen code in hex, then a free name
    ..####..              <- exactly 8 rows of exactly 8 pixels:
    .##..##.                 '.' = background, '#' = foreground;
    ...                      the first row is the top, the first column
                             is bit 7 (the leftmost pixel)

A block may instead share the bitmap of another glyph. The line after the
header is then a reference, either to the same set or to the other one:

    $60 shifted space
    = $20
    $41 A
    = set1 $01

Every code $00-$7F must appear exactly once in each file. Screen codes
$80-$FF are the reverse (all bits inverted) of $00-$7F; they are computed
here, never drawn. The ROM is 4096 bytes: set 1 at offset 0, set 2 at
offset 2048, 8 bytes per glyph.

Malformed input is reported as FILE:LINE: message, and nothing is written.
With --check, OUT is not written; the build is compared with it instead and
the exit status says whether they are equal (0) or not (1).
"""

import os
import re
import sys
import tempfile

SETS = ("set1", "set2")
GLYPHS = 128
ROWS = 8
HEADER = re.compile(r"^\$([0-9A-Fa-f]{2})(?:\s+(.*))?$")
REFERENCE = re.compile(r"^=\s*(?:(set[12])\s+)?\$([0-9A-Fa-f]{2})$")


class ArtError(Exception):
    """Malformed text art, located by file and line."""

    def __init__(self, path, line, message):
        where = f"{path}:{line}" if line else path
        super().__init__(f"{where}: {message}")


class Glyph:
    def __init__(self, path, line, code, name):
        self.path = path
        self.line = line
        self.code = code
        self.name = name
        self.rows = []  # list of (line, bits)
        self.ref = None  # (set name, code, line) when shared

    def complete(self):
        return self.ref is not None or len(self.rows) == ROWS


def parse_set(path, set_name):
    """Parse one set file into {code: Glyph}."""
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
    except OSError as e:
        raise ArtError(path, None, f"cannot read: {e.strerror}") from None
    except UnicodeDecodeError as e:
        raise ArtError(path, None, f"not UTF-8 text: {e.reason}") from None

    glyphs = {}
    current = None

    def finish(glyph, at_line):
        if glyph is not None and not glyph.complete():
            raise ArtError(
                path,
                at_line,
                f"glyph ${glyph.code:02X} ({glyph.name}) from line {glyph.line} "
                f"has {len(glyph.rows)} rows, needs {ROWS}",
            )

    for number, raw in enumerate(lines, start=1):
        text = raw.strip()
        if not text or text.startswith(";"):
            continue
        if text.startswith("$"):
            finish(current, number)
            m = HEADER.match(text)
            if not m:
                raise ArtError(path, number, f"bad header {text!r}: expected '$HH name'")
            code = int(m.group(1), 16)
            name = (m.group(2) or "").strip()
            if code >= GLYPHS:
                raise ArtError(
                    path,
                    number,
                    f"screen code ${code:02X} out of range $00-$7F "
                    "(the reversed half $80-$FF is computed, not drawn)",
                )
            if not name:
                raise ArtError(path, number, f"glyph ${code:02X} has no name")
            if code in glyphs:
                raise ArtError(
                    path,
                    number,
                    f"glyph ${code:02X} defined twice (first on line {glyphs[code].line})",
                )
            current = Glyph(path, number, code, name)
            glyphs[code] = current
            continue
        if current is None:
            raise ArtError(path, number, "pixels or reference before the first '$HH name' header")
        if text.startswith("="):
            if current.rows or current.ref is not None:
                raise ArtError(
                    path, number, f"reference must directly follow the header of ${current.code:02X}"
                )
            m = REFERENCE.match(text)
            if not m:
                raise ArtError(path, number, f"bad reference {text!r}: expected '= $HH' or '= setN $HH'")
            target_set = m.group(1) or set_name
            target = int(m.group(2), 16)
            if target >= GLYPHS:
                raise ArtError(path, number, f"reference to ${target:02X}: out of range $00-$7F")
            current.ref = (target_set, target, number)
            continue
        if current.ref is not None:
            raise ArtError(path, number, f"glyph ${current.code:02X} is a reference; it takes no rows")
        if len(current.rows) == ROWS:
            raise ArtError(
                path, number, f"glyph ${current.code:02X} ({current.name}) has more than {ROWS} rows"
            )
        if len(text) != 8 or text.strip(".#"):
            bad = [c for c in text if c not in ".#"]
            detail = f"character {bad[0]!r}" if bad else f"{len(text)} pixels"
            raise ArtError(path, number, f"bad pixel row {text!r} ({detail}): need 8 of '.' and '#'")
        bits = 0
        for c in text:
            bits = (bits << 1) | (c == "#")
        current.rows.append((number, bits))
    finish(current, len(lines))

    missing = [c for c in range(GLYPHS) if c not in glyphs]
    if missing:
        shown = " ".join(f"${c:02X}" for c in missing[:16])
        more = f" and {len(missing) - 16} more" if len(missing) > 16 else ""
        raise ArtError(path, len(lines), f"missing glyphs: {shown}{more}")
    return glyphs


def resolve(sets, set_name, code):
    """Bitmap of one glyph, following references; rejects cycles."""
    seen = []
    while True:
        glyph = sets[set_name][code]
        if glyph.ref is None:
            return bytes(bits for _, bits in glyph.rows)
        if (set_name, code) in seen:
            chain = " -> ".join(f"{s} ${c:02X}" for s, c in seen + [(set_name, code)])
            raise ArtError(glyph.path, glyph.ref[2], f"reference cycle: {chain}")
        seen.append((set_name, code))
        set_name, code = glyph.ref[0], glyph.ref[1]


def build(srcdir):
    sets = {name: parse_set(os.path.join(srcdir, name + ".txt"), name) for name in SETS}
    rom = bytearray()
    for name in SETS:
        plain = [resolve(sets, name, code) for code in range(GLYPHS)]
        for bitmap in plain:
            rom += bitmap
        for bitmap in plain:
            rom += bytes(b ^ 0xFF for b in bitmap)
    assert len(rom) == 4096
    return bytes(rom)


def main(argv):
    args = argv[1:]
    check = False
    if args and args[0] == "--check":
        check = True
        args = args[1:]
    if len(args) != 2 or args[0].startswith("-"):
        print("usage: mkchargen.py [--check] SRCDIR OUT", file=sys.stderr)
        return 2
    srcdir, out = args
    try:
        rom = build(srcdir)
    except ArtError as e:
        print(f"mkchargen: {e}", file=sys.stderr)
        return 1
    if check:
        try:
            with open(out, "rb") as f:
                old = f.read()
        except OSError as e:
            print(f"mkchargen: {out}: cannot read: {e.strerror}", file=sys.stderr)
            return 1
        if old != rom:
            diff = next((i for i in range(min(len(old), len(rom))) if old[i] != rom[i]), None)
            where = f"first difference at offset ${diff:03X}" if diff is not None else "lengths differ"
            print(f"mkchargen: {out} is out of date ({where}); run make -C roms chargen.bin", file=sys.stderr)
            return 1
        return 0
    # Write beside the target and rename, so a failed run never leaves half a ROM.
    folder = os.path.dirname(os.path.abspath(out))
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".chargen-")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(rom)
        os.chmod(tmp, 0o644)
        os.replace(tmp, out)
    except OSError as e:
        if os.path.exists(tmp):
            os.unlink(tmp)
        print(f"mkchargen: {out}: cannot write: {e.strerror}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
