#!/usr/bin/env bash
# Mesa's spirv_tests gtest program (which holds the series' subgroup tests,
# src/compiler/spirv/tests/subgroups*.cpp) under ASan and UBSan, in the
# sanitized build the fuzzer has too (ci/lib/sanitized.sh: clang-15, -O1,
# assertions on; only the compiler libraries, no driver).  Prints
# "N passed, N failed" from the gtest summary.
set -uo pipefail
. "$(dirname "$0")/env.sh"
. "$TOP/ci/lib/sanitized.sh"

spirv_tests=subprojects/mesa-$MESA_VERSION/src/compiler/spirv/spirv_tests
built=$(sanitized_build asan "$spirv_tests") || { echo "asan: $built"; echo "0 passed, 1 failed"; exit 1; }
echo "asan: $built"
export ASAN_SYMBOLIZER_PATH=${ASAN_SYMBOLIZER_PATH:-/usr/lib/llvm-15/bin/llvm-symbolizer}
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
log=$FUZZ_DIR/spirv_tests.log
"$FUZZ_DIR/$spirv_tests" "$@" >"$log" 2>&1
rc=$?
grep -E '^\[  FAILED  \] [A-Za-z]' "$log" | grep -v 'ms)$'
grep -E 'runtime error|ERROR: (Address|Leak)Sanitizer' "$log" | head -20
passed=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) tests\?\.$/\1/p' "$log")
failed=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) tests\?, listed below:$/\1/p' "$log")
if [ -z "$passed" ] && [ -z "$failed" ]; then
   # No gtest summary: a sanitizer stopped it.
   echo "spirv_tests exited with $rc before its summary; see $log"
   tail -30 "$log"
   echo "${passed:-0} passed, 1 failed"
   exit 1
fi
passed=${passed:-0} failed=${failed:-0}
[ "$rc" = 0 ] || [ "$failed" != 0 ] || failed=1
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
