#!/bin/sh
# Lists the functions a start-up runs, for the linker to place side by side (see RELEASE_FLAGS in the
# Makefile): `make startup-order` writes them to Sources/practice/startup-order.txt.
#
# Why: the static binary is 80 MB, and every page a start touches is a page fault, each costing
# several microseconds on a virtual machine. Scattered, the start-up code of `practice -c quit`
# touched ~320 pages; side by side, ~250. A name that no longer exists is skipped by the linker, so a
# stale list only costs speed; re-record it when start-up code changes much.
#
# usage: record-startup-order.sh PATH/TO/practice > startup-order.txt   (needs valgrind)
set -eu
BIN=${1:?usage: record-startup-order.sh PATH/TO/practice}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
mkdir "$WORK/data"
# The paths the bench's first prompt takes (`-c quit` on the shipped course), then `--version`.
valgrind --tool=callgrind --demangle=no --callgrind-out-file="$WORK/quit.cg" \
  "$BIN" --data-dir "$WORK/data" --user order -c quit >/dev/null 2>&1
valgrind --tool=callgrind --demangle=no --callgrind-out-file="$WORK/version.cg" \
  "$BIN" --version >/dev/null 2>&1
# Callgrind names each function once as `fn=(N) name` (later `fn=(N)`); `'2` marks a recursion depth.
cat "$WORK/quit.cg" "$WORK/version.cg" |
  sed -n -E "s/^c?fn=\([0-9]+\) (.+)$/\1/p" |
  sed -E "s/'[0-9]+$//" |
  grep -v -E '^(0x|\()' |
  awk '!seen[$0]++'
