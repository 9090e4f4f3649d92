#!/usr/bin/env bash
# Fault injection, kills and fuzzing:  Tests/Stress/run-stress.sh BIN [TEST...]
#   BIN               the practice binary (make stress passes .build/static/release/practice)
#   TEST              any of: kill9 compaction-kill9 concurrent journal disk fsync jsontestsuite bad-input signals head
#                     hostile-env hostile-content kept paths class fuzz linear-readers gift-memory
#   STRESS_QUICK=1    the short slice for `make test` (a few hundred kills, a suite subset, 5 s per fuzzer)
#   FUZZ_SECONDS=N    seconds per fuzz target (default 120; 5 with STRESS_QUICK=1)
#   STRESS_SEED=N     reproduce a run's random kill moments
#   STRESS_KEEP=1     keep the work folder
#   STRESS_LINEAR_SCALE=0.1  smaller inputs for linear-readers (a debug binary)
# Prints one line per test and `N passed, N failed`; exits 1 when any test failed.
set -uo pipefail
BIN=${1:?usage: run-stress.sh PATH/TO/practice [TEST...]}
shift
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
[ -x "$BIN" ] || { echo "run-stress: no executable $BIN" >&2; exit 1; }
HERE=$(cd "$(dirname "$0")" && pwd)
if ! command -v python3 >/dev/null 2>&1; then
  APT=apt-get; if [ "$(id -u)" != 0 ] && command -v sudo >/dev/null 2>&1; then APT="sudo apt-get"; fi
  echo "run-stress: installing python3" >&2
  ($APT update -qq && $APT install -y -qq python3) >/dev/null 2>&1 || { echo "run-stress: python3 is required" >&2; exit 1; }
fi
cd "$HERE/../.."   # the repo root: the shipped course and the vendored JSONTestSuite are found from here
exec python3 "$HERE/stress.py" "$BIN" "$@"
