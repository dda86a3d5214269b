#!/bin/bash
# Cycles the KERNAL's LOAD of each named file of a disk image takes, in breadbin and, when
# X64SC names a VICE x64sc binary, in VICE with its true drive (the reference emulator; see
# ../shared/notes/reference-emulator.md). Genuine ROMs with a 1541 DOS are needed (ROMS).
#
#   ROMS=DIR IMAGE=disk.d64 [X64SC=.../src/x64sc VICEDATA=.../data SEED=1] \
#     tools/loadtime/measure.sh NAME...
#
# The probe (probe.s) is built with ca65/ld65 for each name.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
bb=${BREADBIN:-$here/../../target/release/breadbin}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ext=${IMAGE##*.}
count() { # timer bytes A lo, A hi, B lo, B hi (hex) -> cycles
  echo $(( (0xFFFF - (0x$4 << 8 | 0x$3)) * 65536 + (0xFFFF - (0x$2 << 8 | 0x$1)) ))
}
for name in "$@"; do
  sed "s/\"NAME\"/\"$name\"/" "$here/probe.s" > "$work/p.s"
  ca65 -l "$work/p.lst" -o "$work/p.o" "$work/p.s"
  ld65 -C "$here/probe.cfg" -o "$work/p.prg" "$work/p.o"
  cp "$IMAGE" "$work/disk.$ext"
  "$bb" run --headless --roms "$ROMS" --disk "$work/disk.$ext" --disk-readonly \
    --exit-on-d7ff --cycles 400000000 --dump '$0340-$0343'="$work/bb.bin" "$work/p.prg" > /dev/null
  line="$name breadbin $(count $(od -An -tx1 "$work/bb.bin"))"
  if [ -n "${X64SC:-}" ]; then
    # The address of the write to $D7FF: break there and print the timers.
    off=$(grep 'sta \$D7FF' "$work/p.lst" | awk '{print $1}' | tr -d r)
    printf 'break exec %04x\ncommand 1 "m 0340 0343"\n' $((0x0801 + 0x$off)) > "$work/p.mon"
    cp "$IMAGE" "$work/vdisk.$ext"
    "$X64SC" -default -model c64 -directory "$VICEDATA" -console -seed "${SEED:-1}" \
      -drive8truedrive -drive8type 1542 -8 "$work/vdisk.$ext" -warp -autostartprgmode 1 \
      -limitcycles 400000000 -logfile "$work/v.log" -moncommands "$work/p.mon" \
      -autostart "$work/p.prg" > /dev/null 2>&1 < /dev/null &
    pid=$!
    for _ in $(seq 600); do
      grep -q '>C:0340' "$work/v.log" 2> /dev/null && break
      sleep 1
    done
    kill $pid 2> /dev/null || true
    wait $pid 2> /dev/null || true
    line="$line x64sc $(count $(grep -m1 '>C:0340' "$work/v.log" | sed 's/.*>C:0340//' | awk '{print $1, $2, $3, $4}'))"
  fi
  echo "$line"
done
