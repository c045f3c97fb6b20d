#!/usr/bin/env bash
# A second, small build: only the compiler libraries (util, NIR, spirv_to_nir)
# and Mesa's spirv_tests gtest program (which holds the series' subgroup
# tests, src/compiler/spirv/tests/subgroups*.cpp), with
# -fsanitize=address,undefined, at -O0 (buildtype debug: the sanitizers'
# checks are the same; on an empty ccache it builds in 144 s against 435 s
# at -O2, docs/figures.md).  No lavapipe.  Prints
# "N passed, N failed" from the gtest summary.
set -uo pipefail
. "$(dirname "$0")/env.sh"

ASAN_DIR=${MESA_SUBGROUPS_ASAN_BUILD:-$TOP/build-asan}
"$TOP/ci/overlay.sh" >/dev/null || { echo "asan: overlay failed"; echo "0 passed, 1 failed"; exit 1; }
if [ ! -f "$ASAN_DIR/build.ninja" ]; then
   meson setup "$ASAN_DIR" "$TOP" --native-file "$TOP/ci/native.ini" --wrap-mode=nodownload \
      -Db_sanitize=address,undefined -Db_lundef=false -Dbuildtype=debug \
      >"$TOP/build-asan.setup.log" 2>&1 ||
      { tail -20 "$TOP/build-asan.setup.log"; echo "0 passed, 1 failed"; exit 1; }
fi
start=$(date +%s)
spirv_tests=subprojects/mesa-$MESA_VERSION/src/compiler/spirv/spirv_tests
ninja -C "$ASAN_DIR" "$spirv_tests" >"$ASAN_DIR/ninja.log" 2>&1 ||
   { tail -30 "$ASAN_DIR/ninja.log"; echo "0 passed, 1 failed"; exit 1; }
echo "asan: built the compiler libraries and spirv_tests in $(( $(date +%s) - start )) s"
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
log=$ASAN_DIR/spirv_tests.log
"$ASAN_DIR/$spirv_tests" "$@" >"$log" 2>&1
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
