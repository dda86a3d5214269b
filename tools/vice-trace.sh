#!/bin/sh
# Record a VICE x64sc instruction trace of the power-on, or of a program from its entry, in
# VICE's monitor history format (what `breadbin run --headless --expect-trace` and
# `breadbin trace-diff` read), gzip'd.
#
#   tools/vice-trace.sh [-r ROMDIR] [-n INSTRUCTIONS] [-p PRG -e ADDR] OUT.txt.gz
#
#   -r ROMDIR        the KERNAL, BASIC and character ROM images to boot (default: roms/,
#                    ours; genuine images under their usual names work too)
#   -n INSTRUCTIONS  how many instructions from the first one (default 400000)
#   -p PRG -e ADDR   autostart PRG (injected into RAM, then RUN) and trace from the first
#                    time the PC is at ADDR (hex, no $): what `--trace-from ADDR` compares
#
# The x64sc binary is $VICE_X64SC, else x64sc on PATH, else /work/vice/vice-src/vice/src/x64sc
# (how to build it headless: ../shared/notes/reference-emulator.md). VICE needs a writable
# HOME; the script makes a temporary one.
#
# Regenerate tests/golden/vice_boot_trace.txt.gz deliberately after a ROM change:
#
#   make -C roms && tools/vice-trace.sh tests/golden/vice_boot_trace.txt.gz
#
# and tests/golden/vice_entry_trace.txt.gz after changing tests/programs/entry_stable.s
# (its label `entry` is at $086C):
#
#   make -C tests/programs && tools/vice-trace.sh -n 3200 \
#       -p tests/programs/entry_stable.prg -e 086C tests/golden/vice_entry_trace.txt.gz
#
# RAM comes up in VICE's power-on pattern without its random bit flips
# (-raminitrandomchance 0), the pattern breadbin has, so RAM the ROMs read before writing
# holds the same bytes in both.
set -eu

roms=$(dirname "$0")/../roms
count=400000
prg=
entry=
usage="usage: $0 [-r ROMDIR] [-n INSTRUCTIONS] [-p PRG -e ADDR] OUT.txt.gz"
while getopts r:n:p:e: opt; do
    case $opt in
    r) roms=$OPTARG ;;
    n) count=$OPTARG ;;
    p) prg=$(realpath "$OPTARG") ;;
    e) entry=$(echo "$OPTARG" | tr A-F a-f) ;;
    *) echo "$usage" >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || { echo "$usage" >&2; exit 2; }
case ${prg:+p}${entry:+e} in p | e) echo "$0: -p and -e go together" >&2; exit 2 ;; esac
out=$1

x64sc=${VICE_X64SC:-$(command -v x64sc || echo /work/vice/vice-src/vice/src/x64sc)}
[ -x "$x64sc" ] || { echo "$0: no x64sc at $x64sc (set VICE_X64SC)" >&2; exit 1; }
# kernal.bin or e.g. kernal-901227-03.bin; chargen.bin or characters.901225-01.bin.
rom() {
    for f in "$roms/$1.bin" "$roms/$1"*.bin "$roms/$2"*.bin; do
        [ -f "$f" ] && { echo "$f"; return; }
    done
    echo "$0: no $1 image in $roms (make -C roms?)" >&2
    exit 1
}
kernal=$(rom kernal kernal)
basic=$(rom basic basic)
chargen=$(rom chargen char)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/home/.local/state/vice" "$work/home/.config/vice" "$work/home/.cache/vice"

# The monitor stops at the first instruction. VICE's history keeps fewer instructions than
# a whole trace, so the script steps and prints it in chunks. For a program, a first script
# sets an exec breakpoint at the entry whose command plays the stepping script back.
chunk=40000
left=$count
: >"$work/trace.mon"
while [ "$left" -gt 0 ]; do
    n=$((left < chunk ? left : chunk))
    printf 'z +%d\nchis %d\n' "$n" "$n" >>"$work/trace.mon"
    left=$((left - n))
done
echo quit >>"$work/trace.mon"
set --
mon=$work/trace.mon
if [ -n "$prg" ]; then
    mon=$work/entry.mon
    printf 'break exec %s\ncommand 1 "pb \\"%s\\""\nx\n' "$entry" "$work/trace.mon" >"$mon"
    set -- -autostartprgmode 1 -limitcycles 50000000 -autostart "$prg"
fi

HOME=$work/home "$x64sc" -default -model c64 -console -seed 1 +drive8truedrive \
    -raminitrandomchance 0 \
    -kernal "$kernal" -basic "$basic" -chargen "$chargen" \
    -warp -logfile "$work/log.txt" -moncommands "$mon" "$@" >/dev/null 2>&1 || true

# History lines only: the monitor's register display after a step shows " - A:".
grep '^Monitor: \.C:' "$work/log.txt" | grep -v ' - A:' | sed 's/^Monitor: \.C://' \
    >"$work/trace.txt"
got=$(wc -l <"$work/trace.txt")
[ "$got" -eq "$count" ] || { echo "$0: VICE gave $got instructions, not $count" >&2; exit 1; }
[ -z "$entry" ] || [ "$(head -c4 "$work/trace.txt")" = "$entry" ] ||
    { echo "$0: the trace does not start at $entry" >&2; exit 1; }
gzip -9n <"$work/trace.txt" >"$out"
echo "$out: $count instructions"
