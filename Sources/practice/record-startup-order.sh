#!/bin/sh
# Re-records Sources/practice/startup-order.txt, the functions and data a start-up touches, for lld to
# place side by side (see STARTUP_ORDER in the Makefile), and relinks the release binary with it.
#
# Why: the static binary is 80 MB, and every page a start touches is a page fault, each costing
# several microseconds on a virtual machine. Scattered, `practice -c quit` touched ~320 pages; in
# order, ~210. A name that no longer exists is skipped by the linker, so a stale list only costs
# speed; re-record it when start-up code changes much.
#
# 1. The functions callgrind sees run in `-c quit` on the shipped course (a first and a later start)
#    and in `--version`.
# 2. Then, three times: the symbols holding each page a start faults in (`perf record -d` gives the
#    addresses: data, and code callgrind did not see), added to the list, and a relink.
#
# usage: record-startup-order.sh PATH/TO/practice   (run by `make startup-order`; needs valgrind, perf, python3)
set -eu
BIN=${1:?usage: record-startup-order.sh PATH/TO/practice}
HERE=$(cd "$(dirname "$0")" && pwd)
ORDER=$HERE/startup-order.txt
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

starts() { # starts COMMAND-PREFIX: a first start, then later ones, then --version
  rm -rf "$WORK/data" && mkdir "$WORK/data"
  for run in first later; do $1 "$BIN" --data-dir "$WORK/data" --user order -c quit >/dev/null 2>&1; done
  $1 "$BIN" --version >/dev/null 2>&1
}

callgrind() { valgrind --tool=callgrind --demangle=no --callgrind-out-file="$WORK/cg.%p" "$@"; }
starts callgrind
# Callgrind names each function once as `fn=(N) name` (later `fn=(N)`); `'2` marks a recursion depth.
cat "$WORK"/cg.* | sed -n -E "s/^c?fn=\([0-9]+\) (.+)$/\1/p" | sed -E "s/'[0-9]+$//" |
  grep -v -E '^(0x|\()' | awk '!seen[$0]++' > "$WORK/order"

faults() { perf record -q -e page-faults -c 1 -d -o "$WORK/perf.$$.$(date +%s%N)" "$@"; }
for round in 1 2 3; do
  cp "$WORK/order" "$ORDER"
  rm -f "$BIN" && make -s -C "$HERE/../.." release >/dev/null
  rm -f "$WORK"/perf.*
  starts faults
  for data in "$WORK"/perf.*; do perf script -i "$data" -F addr 2>/dev/null; done > "$WORK/addresses"
  # Each address's symbol: the nearest defined symbol at or below it, in the binary's own sections.
  nm -n --defined-only "$BIN" | python3 -c '
import bisect, sys
symbols = [(int(f[0], 16), f[2]) for f in (line.split() for line in sys.stdin) if len(f) == 3]
starts = [address for address, _ in symbols]
for line in open(sys.argv[1]):
    address = int(line.strip(), 16)
    i = bisect.bisect_right(starts, address) - 1
    if i >= 0 and address - starts[i] < 1 << 20:
        print(symbols[i][1])
' "$WORK/addresses" >> "$WORK/order"
  awk '!seen[$0]++' "$WORK/order" > "$WORK/order.new" && mv "$WORK/order.new" "$WORK/order"
done
cp "$WORK/order" "$ORDER"
rm -f "$BIN" && make -s -C "$HERE/../.." release >/dev/null
echo "record-startup-order: $(wc -l < "$ORDER") names in $ORDER" >&2
