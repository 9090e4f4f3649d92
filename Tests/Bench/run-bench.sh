#!/usr/bin/env bash
# Figures against peers, measured in one run:  Tests/Bench/run-bench.sh BIN
#   BIN            the practice binary (make bench passes .build/static/release/practice);
#                  practice-bench is taken from the same folder
#   BENCH_QUICK=1  small sizes and few runs: a smoke run of a few seconds, for tests
#   BENCH_KEEP=DIR generate the inputs into DIR and keep them (reused when present)
#   BENCH_ONLY=RE  only the parts whose name matches RE (first prompt, course load, toggle,
#                  expand all, answer ack, startup with history, class report, item analysis, optimize)
#   BENCH_NODES=N,… only these course sizes in `course load` (of 1000, 100000, 1000000)
# Prints one table of medians, each figure beside its peer, with PASS/MISS per target.
# Exit status: 0 when every figure was measured (MISSes do not fail the run), 1 when something broke.
set -euo pipefail
BIN=${1:?usage: run-bench.sh PATH/TO/practice}
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
PBENCH=$(dirname "$BIN")/practice-bench
HERE=$(cd "$(dirname "$0")" && pwd)
[ -x "$BIN" ] || { echo "run-bench: no executable $BIN" >&2; exit 1; }
[ -x "$PBENCH" ] || { echo "run-bench: no $PBENCH (swift build -c release --product practice-bench)" >&2; exit 1; }

# Debian packages the figures use; installed when missing, else the figure is measured without them.
APT=apt-get
if [ "$(id -u)" != 0 ] && command -v sudo >/dev/null 2>&1; then APT="sudo apt-get"; fi
updated=
need() { # need COMMAND PACKAGE
  command -v "$1" >/dev/null 2>&1 && return 0
  echo "run-bench: installing $2" >&2
  if [ -z "$updated" ]; then $APT update -qq >/dev/null 2>&1 || true; updated=1; fi
  $APT install -y -qq "$2" >/dev/null 2>&1 || echo "run-bench: could not install $2; measuring without it" >&2
}
need python3 python3
command -v python3 >/dev/null 2>&1 || { echo "run-bench: python3 is required (generator and driver)" >&2; exit 1; }
need jq jq
need sqlite3 sqlite3
# The course-load peer: simdjson (C++), driven by Tests/Bench/simdjson_load.cpp, compiled below.
need g++ g++
if [ ! -f /usr/include/simdjson.h ]; then
  echo "run-bench: installing libsimdjson-dev" >&2
  if [ -z "$updated" ]; then $APT update -qq >/dev/null 2>&1 || true; updated=1; fi
  $APT install -y -qq libsimdjson-dev >/dev/null 2>&1 || echo "run-bench: could not install libsimdjson-dev; measuring without it" >&2
fi

if [ -n "${BENCH_KEEP:-}" ]; then
  WORK=$BENCH_KEEP; mkdir -p "$WORK"
else
  WORK=$(mktemp -d "${TMPDIR:-/tmp}/practice-bench.XXXXXX")
  trap 'rm -rf "$WORK"' EXIT
fi
if [ -f /usr/include/simdjson.h ] && g++ -O2 -o "$WORK/simdjson_load" "$HERE/simdjson_load.cpp" -lsimdjson; then
  export SIMDJSON_LOAD="$WORK/simdjson_load"
fi
cd "$HERE/../.."   # the repo root, so the shipped course is found
python3 "$HERE/bench.py" "$BIN" "$PBENCH" "$WORK"
