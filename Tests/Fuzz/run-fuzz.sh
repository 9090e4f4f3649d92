#!/usr/bin/env bash
# libFuzzer targets for practice:  Tests/Fuzz/run-fuzz.sh [TARGET...]
#   targets: course (CourseLoader.parse), progress (ProgressStore on a folder made from the input),
#            shell (Shell.handle + Invocation.parse), grade (PresentedQuestion.grade, every type),
#            gift, xml, aiken, csv (the GIFT, Moodle XML, Aiken and Anki/CSV importers, one harness in
#            Targets/import.swift: what they read is built into a course and written back as GIFT and XML),
#            formula (calculated questions' Formula read and evaluated, answers formatted, tolerances)
#   FUZZ_SECONDS=N   seconds per target (default 120)
#   FUZZ_BUILD=DIR   where the instrumented modules and fuzzers are built (default .build/fuzz)
#
# How it builds: SwiftPM cannot build these modules with -sanitize=fuzzer alone, and compiling all the
# sources in one swiftc call breaks their `import PracticeJSON` lines. So each module the target needs is
# compiled on its own, in dependency order, into a static library plus its .swiftmodule
# (`swiftc -parse-as-library -emit-library -static -emit-module -sanitize=fuzzer,address`), and the fuzz
# entry file (Tests/Fuzz/Targets/TARGET.swift or import.swift, with @_cdecl("LLVMFuzzerTestOneInput")) is linked against
# them, together with its harness (Tests/Fuzz/Harness/NAMEFuzzHarness.swift: the work each input does,
# which FuzzInputReplayTests also runs on every kept input in `make test`). A module is rebuilt when one
# of its sources, or a module it depends on, is newer than its library.
#
# Every run first replays Tests/Fuzz/Regressions/TARGET/* (each a crash found earlier: it must pass now),
# then fuzzes from Tests/Fuzz/Corpus/TARGET (seeds, kept) for FUZZ_SECONDS. A new crash is copied into
# Regressions/TARGET/ (commit it) and fails the run. SWIFT_BACKTRACE=enable=no lets libFuzzer write it.
# Prints `PASS|FAIL|SKIP fuzz-TARGET: detail` per target; exits 1 when any failed.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
OUT=${FUZZ_BUILD:-$ROOT/.build/fuzz}
SECONDS_PER=${FUZZ_SECONDS:-120}
TARGETS=("$@")
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=(course progress shell grade gift xml aiken csv formula)
SWIFTC=${SWIFTC:-swiftc}
mkdir -p "$OUT/modules"
export SWIFT_BACKTRACE=enable=no
# LeakSanitizer is off: Swift keeps lazily made globals (the message catalog) in pointers with spare bits
# set, which it cannot see, so each one would be reported as a leak of whichever input made it first.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
# One -package-name for every module, as SwiftPM gives them, so `package` declarations are visible across them.
FLAGS=(-sanitize=fuzzer,address -parse-as-library -O -g -package-name practice -I "$OUT/modules" -L "$OUT/modules")

# Which library target each fuzzer drives; the modules it needs are read from Package.swift itself, so a
# module or dependency added there cannot be forgotten here.
root_of() {
  case $1 in
    course) echo CourseOutline ;;
    progress) echo ProgressStorage ;;
    shell) echo PracticeCLI ;;
    grade) echo QuizEngine ;;
    formula) echo Calculation ;;
    gift|xml|aiken|csv) echo CourseImport ;;
  esac
}
MODULE_GRAPH=$(cd "$ROOT" && "${SWIFT:-swift}" package dump-package 2>/dev/null | python3 -c '
import json, sys
targets = {t["name"]: t for t in json.load(sys.stdin)["targets"] if t["type"] == "regular"}
def direct(name):
    for d in targets[name].get("dependencies", []):
        for kind in ("byName", "target"):
            if kind in d and d[kind][0] in targets:
                yield d[kind][0]
def closure(name, seen):
    for d in direct(name):
        if d not in seen:
            closure(d, seen)
            seen.append(d)
    return seen
for name in targets:
    print(name + ":" + " ".join(closure(name, [])))
')
# deps_of NAME: every module NAME needs, dependencies first (empty for one that needs none).
deps_of() { printf '%s\n' "$MODULE_GRAPH" | sed -n "s/^$1://p"; }
# modules_for TARGET: the modules a fuzzer links, dependencies first.
modules_for() { local root; root=$(root_of "$1"); echo "$(deps_of "$root") $root"; }

build_module() { # build_module NAME
  local m=$1 lib="$OUT/modules/lib$1.a"
  local newer
  newer=$(find "$ROOT/Sources/$m" -name '*.swift' -newer "$lib" 2>/dev/null | head -1)
  # A dependency rebuilt since this library was made may have changed its layout: rebuild too.
  for d in $(deps_of "$m"); do [ "$OUT/modules/lib$d.a" -nt "$lib" ] && newer=$d; done
  if [ -f "$lib" ] && [ -f "$OUT/modules/$m.swiftmodule" ] && [ -z "$newer" ]; then return 0; fi
  echo "building $m (instrumented)" >&2
  local link=()
  for d in $(deps_of "$m"); do link+=(-l"$d"); done
  (cd "$OUT/modules" && "$SWIFTC" "${FLAGS[@]}" -module-name "$m" -emit-library -static -o "$lib" \
    -emit-module -emit-module-path "$OUT/modules/$m.swiftmodule" "$ROOT"/Sources/"$m"/*.swift) >"$OUT/build-$m.log" 2>&1 \
    || { cat "$OUT/build-$m.log" >&2; return 1; }
}

# source_of TARGET: the entry file's name; the four importers share one harness (Targets/import.swift)
# and are told apart by FUZZ_IMPORT_FORMAT when they run.
source_of() {
  case $1 in
    gift|xml|aiken|csv) echo import ;;
    *) echo "$1" ;;
  esac
}

build_target() { # build_target TARGET -> path of the fuzzer
  local src; src=$(source_of "$1")
  local t=$1 exe="$OUT/fuzz-$src" libs=()
  # The entry (Targets/) and its harness (Harness/, shared with FuzzInputReplayTests in `make test`).
  local sources=("$HERE/Targets/$src.swift" "$HERE/Harness/${src^}FuzzHarness.swift")
  for m in $(modules_for "$t"); do build_module "$m" || return 1; libs+=("$OUT/modules/lib$m.a"); done
  local stale=
  [ -x "$exe" ] || stale=1
  for f in "${sources[@]}" "${libs[@]}"; do [ "$f" -nt "$exe" ] && stale=1; done
  if [ -n "$stale" ]; then
    echo "linking fuzz-$src" >&2
    # The libraries are listed in reverse dependency order so the static linker resolves every symbol.
    local rev=() i
    for ((i = ${#libs[@]} - 1; i >= 0; i--)); do rev+=("${libs[i]}"); done
    # (ld.gold's "Cannot export local symbol '__asan_…'" warnings are harmless and kept out of sight.)
    "$SWIFTC" "${FLAGS[@]}" -module-name "Fuzz_$src" "${sources[@]}" "${rev[@]}" -o "$exe" \
      >"$OUT/link-$src.log" 2>&1 || { grep -v 'Cannot export local symbol' "$OUT/link-$src.log" >&2; return 1; }
  fi
  echo "$exe"
}

failed=0
for t in "${TARGETS[@]}"; do
  export FUZZ_IMPORT_FORMAT=$t
  if ! exe=$(build_target "$t"); then
    echo "FAIL fuzz-$t: the fuzzer does not build (see stderr)"
    failed=1
    continue
  fi
  reg="$HERE/Regressions/$t"
  corpus="$HERE/Corpus/$t"
  mkdir -p "$reg" "$corpus"
  work=$(mktemp -d)
  # 1. Replay every regression input.
  nreg=0
  regfail=()
  for f in "$reg"/*; do
    [ -f "$f" ] || continue
    nreg=$((nreg + 1))
    if ! "$exe" -rss_limit_mb=4096 "$f" >"$work/replay.log" 2>&1; then regfail+=("$(basename "$f")"); fi
  done
  # 2. Fuzz for the set time, from the seeds plus what earlier runs found (kept under .build).
  mkdir -p "$OUT/corpus-$t"
  "$exe" -max_total_time="$SECONDS_PER" -timeout=20 -rss_limit_mb=4096 -max_len=65536 \
    -artifact_prefix="$work/" -print_final_stats=1 "$OUT/corpus-$t" "$corpus" >"$work/fuzz.log" 2>&1
  status=$?
  crashes=()
  for a in "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/oom-*; do
    [ -f "$a" ] || continue
    cp "$a" "$reg/$(basename "$a")"
    crashes+=("$(basename "$a")")
  done
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$work/fuzz.log" | grep -o '[0-9]*$' | tail -1)
  cov=$(grep -o 'cov: [0-9]*' "$work/fuzz.log" | tail -1)
  summary="${SECONDS_PER}s, ${runs:-?} inputs, ${cov:-cov: ?}; $nreg regression inputs replayed"
  if [ ${#regfail[@]} -gt 0 ] || [ ${#crashes[@]} -gt 0 ] || { [ $status -ne 0 ] && [ ${#crashes[@]} -eq 0 ]; }; then
    failed=1
    detail="$summary"
    [ ${#regfail[@]} -gt 0 ] && detail+="; regressions still failing: ${regfail[*]}"
    [ ${#crashes[@]} -gt 0 ] && detail+="; NEW: ${crashes[*]} (kept in Tests/Fuzz/Regressions/$t): $(grep -m1 -E 'ERROR|Fatal error|fatal error|Precondition|SUMMARY' "$work/fuzz.log" | cut -c1-200)"
    [ $status -ne 0 ] && [ ${#crashes[@]} -eq 0 ] && detail+="; libFuzzer exited $status: $(tail -2 "$work/fuzz.log" | tr '\n' ' ' | cut -c1-200)"
    echo "FAIL fuzz-$t: $detail"
  else
    echo "PASS fuzz-$t: $summary, no crash"
  fi
  rm -rf "$work"
done
exit $failed
