#!/usr/bin/env bash
# The spirv_to_nir fuzzer (tests/fuzz/): libFuzzer in the sanitized build
# (ci/lib/sanitized.sh: clang-15, ASan and UBSan, build-fuzz/), which
# ci/asan.sh's spirv_tests share.  The seed corpus is the runner's shaders
# (the main build's tests/*.spv and tests/opencl/*.spv, or this build's own
# when the main build has none): made at fuzz time, never committed.
#
# usage: ci/fuzz.sh                 CI: a fixed run, then the regressions
#        ci/fuzz.sh --hours H       by hand: H hours (1.5, 0.25 ...)
#        ci/fuzz.sh --replay FILE.. run these inputs once, with the full report
#        --wild (with --hours or --replay): without the harness's gate, so
#                                   modules invalid anywhere reach spirv_to_nir
#                                   (stock vtn's bugs; spirv_fuzz.c says why
#                                   the gate is on by default)
#        any mode: -- ARGS...       more libFuzzer flags (-jobs=2, -dict=...)
#
# CI mode fuzzes with -seed=1 and a fixed -runs (FUZZ_RUNS, sized to about
# 60-90 s on a 2-core machine), from a fresh corpus of the seeds only, with
# address-space randomization off (setarch -R): Mesa hashes pointers, and
# fixed addresses keep libFuzzer's path close to the same.  Not identical:
# the environment's and the clone path's sizes move the stack, so two runs
# of one tree in two clones find slightly different inputs
# (docs/figures.md); a finding only one of them reaches is possible, and is
# kept as a regression input once fixed.  Then every file of
# tests/fuzz/regressions/ (a finding's minimized input, kept once fixed) is
# replayed.  It prints
# "N passed, N failed": the run is one case (a finding fails it), each
# regression input one more.
#
# By hand, the corpus grows in build-fuzz/corpus (build-fuzz/corpus-wild
# with --wild) across runs, libFuzzer forks a child per job so one finding
# does not end the session (-fork=1 -ignore_crashes=1), and findings land
# in build-fuzz/findings/.  Shrink one with libFuzzer, then by whole
# instructions (the gate refuses nearly every byte edit, so -minimize_crash
# alone gets little off):
#    build-fuzz/tests/fuzz/spirv-fuzz -minimize_crash=1 -runs=20000 \
#       -exact_artifact_path=/tmp/min.spv FINDING
#    tests/fuzz/reduce.py build-fuzz/tests/fuzz/spirv-fuzz /tmp/min.spv \
#       tests/fuzz/regressions/NAME.spv 'vtn_subgroup.c:773'
set -uo pipefail
. "$(dirname "$0")/env.sh"
. "$TOP/ci/lib/sanitized.sh"
# About 60-90 s of CI mode on the 2-core machine: the fuzzing loop runs
# 600-1200 inputs a second there (see the report it prints: executions and
# seconds), after 3-4 s for the seeds.
FUZZ_RUNS=${FUZZ_RUNS:-60000}
# The largest seed is about 6.5 KiB: room to grow, not to balloon.
FUZZ_MAX_LEN=${FUZZ_MAX_LEN:-16384}
REGRESSIONS=$TOP/tests/fuzz/regressions

mode=ci hours='' replay=()
while [ $# -gt 0 ]; do
   case $1 in
      --hours) hours=${2:?--hours needs a number}; mode=hours; shift 2 ;;
      --wild) export SPIRV_FUZZ_WILD=1; shift ;;
      --replay) mode=replay; shift
                while [ $# -gt 0 ] && [ "$1" != -- ]; do replay+=("$1"); shift; done ;;
      --) shift; break ;;
      *) echo "usage: ci/fuzz.sh [--hours H | --replay FILE...] [-- LIBFUZZER_ARGS...]" >&2; exit 2 ;;
   esac
done
extra=("$@")

fail() { echo "fuzz: $*"; echo "0 passed, 1 failed"; exit 1; }

fuzzer=$FUZZ_DIR/tests/fuzz/spirv-fuzz
built=$(sanitized_build fuzz tests/fuzz/spirv-fuzz) || fail "$built"
echo "fuzz: $built"

export ASAN_SYMBOLIZER_PATH=${ASAN_SYMBOLIZER_PATH:-/usr/lib/llvm-15/bin/llvm-symbolizer}
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:symbolize=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:abort_on_error=1:print_stacktrace=1}
# spirv_to_nir's debug-build warnings are not findings; only its errors
# would still print, and the runs close stderr anyway (-close_fd_mask).
export MESA_SPIRV_LOG_LEVEL=error

# replay FILE [FRAMES]: one input, stderr kept (the assert's message, the
# report).  Prints the report's key lines and FRAMES frames (10); returns
# the fuzzer's status.
replay_one() {
   local log=$FUZZ_DIR/replay.log rc
   "$fuzzer" -runs=1 "$1" >"$log" 2>&1
   rc=$?
   # The first message (for nir_validate's, the instruction and its first
   # error), then the first stack's frames, without those of the
   # sanitizers, libFuzzer, libc and assert().
   [ $rc = 0 ] || awk -v frames="${2:-10}" '
      !msg && /Assertion .* failed|runtime error|ERROR: [A-Za-z]*Sanitizer|NIR validation failed|ERROR: libFuzzer/ { print; msg = 1 }
      /^error: / && !nir_error { print prev; print; nir_error = 1 }
      { prev = $0 }
      /^    #0 / { stacks++ }
      stacks == 1 && /^    #[0-9]+ / && !/__sanitizer|fuzzer::|libc\.so|__assert|raise|abort|pthread_kill|__libc_start|_start |in main / {
         if (n++ < frames) print
      }' "$log" | sed 's/^/   | /'
   return $rc
}

# replay_case KIND FILE WHY [FRAMES]: replay_one as a case fuzz.KIND.NAME,
# counted; WHY says where to look when it fails.
replay_case() {
   if replay_one "$2" "${4:-}"; then
      echo "fuzz.$1.$(basename "$2"): pass"; passed=$((passed + 1))
   else
      echo "fuzz.$1.$(basename "$2"): FAIL ($3)"; failed=$((failed + 1))
   fi
}

if [ "$mode" = replay ]; then
   passed=0 failed=0
   for f in "${replay[@]}"; do
      replay_case replay "$f" "full output: $FUZZ_DIR/replay.log"
   done
   echo "$passed passed, $failed failed"
   [ "$failed" = 0 ]
   exit
fi

# The seed corpus, afresh: the main build's shaders, else this build's.
seeds=$FUZZ_DIR/seeds
rm -rf "$seeds"
mkdir -p "$seeds"
shopt -s nullglob
spv=("$BUILD_DIR"/tests/*.spv "$BUILD_DIR"/tests/opencl/*.spv)
if [ ${#spv[@]} -lt 100 ]; then
   mapfile -t targets < <(ninja -C "$FUZZ_DIR" -t targets all | sed -n 's/^\(tests\/[^:]*\.spv\): .*/\1/p')
   nice -n 10 ninja -C "$FUZZ_DIR" "${targets[@]}" >"$FUZZ_DIR/ninja-spv.log" 2>&1 ||
      { tail -20 "$FUZZ_DIR/ninja-spv.log"; fail "building the seed shaders failed"; }
   spv=("$FUZZ_DIR"/tests/*.spv "$FUZZ_DIR"/tests/opencl/*.spv)
fi
cp "${spv[@]}" "$seeds/"
echo "fuzz: ${#spv[@]} seeds"

findings=$FUZZ_DIR/findings
mkdir -p "$findings"
log=$FUZZ_DIR/fuzz.log
common=(-max_len="$FUZZ_MAX_LEN" -timeout=10 -rss_limit_mb=2048 -close_fd_mask=3
        -print_final_stats=1 -artifact_prefix="$findings/")

if [ "$mode" = hours ]; then
   secs=$(awk -v h="$hours" 'BEGIN { printf "%d", h * 3600 }')
   [ "$secs" -gt 0 ] || fail "--hours $hours: not a positive number"
   corpus=$FUZZ_DIR/corpus${SPIRV_FUZZ_WILD:+-wild}
   mkdir -p "$corpus"
   echo "fuzz: fuzzing for $secs s; corpus $corpus, findings $findings, log $log"
   start=$(date +%s)
   nice -n 10 "$fuzzer" "${common[@]}" -max_total_time="$secs" -fork=1 -ignore_crashes=1 \
      -ignore_timeouts=1 -ignore_ooms=1 "${extra[@]}" "$corpus" "$seeds" >"$log" 2>&1
   rc=$?
   elapsed=$(( $(date +%s) - start ))
   # fork mode's progress lines: "#N: cov: .. exec/s: E .. crash: C .."
   last=$(grep -E '^#[0-9]+: cov:' "$log" | tail -1)
   execs=$(echo "$last" | sed -n 's/^#\([0-9]*\):.*/\1/p')
   echo "fuzz: $elapsed s, ${execs:-?} executions ($(awk -v e="${execs:-0}" -v s="$elapsed" 'BEGIN { printf "%.0f", s ? e / s : 0 }') exec/s); last: ${last:-none}"
   n=$(find "$findings" -type f | wc -l)
   echo "fuzz: $n files in $findings (fuzzer exit $rc)"
   [ "$n" = 0 ] && echo "1 passed, 0 failed" || echo "0 passed, 1 failed"
   [ "$n" = 0 ]
   exit
fi

# CI: a fresh corpus, a fixed seed and number of runs; its own findings
# folder (the by-hand one is kept).  Always gated.
unset SPIRV_FUZZ_WILD
corpus=$FUZZ_DIR/ci-corpus
findings=$FUZZ_DIR/ci-findings
common=(-max_len="$FUZZ_MAX_LEN" -timeout=10 -rss_limit_mb=2048 -close_fd_mask=3
        -print_final_stats=1 -artifact_prefix="$findings/")
rm -rf "$corpus" "$findings"
mkdir -p "$corpus" "$findings"
passed=0 failed=0
start=$(date +%s)
nice -n 10 setarch -R "$fuzzer" "${common[@]}" -seed=1 -runs="$FUZZ_RUNS" "${extra[@]}" \
   "$corpus" "$seeds" >"$log" 2>&1
rc=$?
elapsed=$(( $(date +%s) - start ))
final() { sed -n "s/^stat::$1: *//p" "$log" | tail -1; }
echo "fuzz: $(final number_of_executed_units) executions in $elapsed s ($(final average_exec_per_sec) exec/s), $(final new_units_added) new inputs, peak RSS $(final peak_rss_mb) MB"
finding=$(find "$findings" -type f | head -1)
if [ $rc = 0 ] && [ -z "$finding" ]; then
   echo "fuzz.run: pass"; passed=$((passed + 1))
else
   echo "fuzz.run: FAIL (exit $rc; log $log)"
   if [ -n "$finding" ]; then
      echo "   the finding, replayed ($finding):"
      replay_one "$finding"
   else
      tail -20 "$log" | sed 's/^/   | /'
   fi
   failed=$((failed + 1))
fi

for f in "$REGRESSIONS"/*; do
   [ -f "$f" ] || continue
   replay_case regression "$f" "ci/fuzz.sh --replay $f" 4
done
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
