#!/usr/bin/env bash
# A third small build, as a release build is: assertions off
# (-Db_ndebug=true), so that what spirv_to_nir refuses it refuses with
# vtn_fail and not by an assert that a release build drops.  Only the
# compiler libraries (util, NIR, spirv_to_nir) and Mesa's spirv_tests,
# which hold the series' accept/reject tests, and then the replay of the
# fuzzer's regression inputs (tests/fuzz/regressions/) through the same
# harness, each a module spirv_to_nir must refuse or take cleanly.  Prints
# "N passed, N failed".  --build-only: the build, nothing run (.ci/run
# builds it beside the tests).
set -uo pipefail
. "$(dirname "$0")/env.sh"

REL_DIR=${MESA_SUBGROUPS_RELEASE_BUILD:-$TOP/build-release}
fail() { echo "release: $*"; echo "0 passed, 1 failed"; exit 1; }
"$TOP/ci/overlay.sh" >/dev/null || fail "overlay failed"
if [ ! -f "$REL_DIR/build.ninja" ]; then
   meson setup "$REL_DIR" "$TOP" --native-file "$TOP/ci/native.ini" --wrap-mode=nodownload \
      -Db_ndebug=true -Dmesa:gallium-drivers= -Dmesa:vulkan-drivers= \
      -Dmesa:gallium-rusticl=false -Dmesa:llvm=disabled -Dmesa:opengl=false \
      -Dmesa:egl=disabled -Dmesa:glvnd=disabled -Dmesa:tools= \
      >"$REL_DIR.setup.log" 2>&1 ||
      { tail -20 "$REL_DIR.setup.log"; rm -rf "$REL_DIR"; fail "meson setup failed (log: $REL_DIR.setup.log)"; }
fi
start=$(date +%s)
spirv_tests=subprojects/mesa-$MESA_VERSION/src/compiler/spirv/spirv_tests
replay=tests/fuzz/spirv-fuzz-replay
ninja -C "$REL_DIR" "$spirv_tests" "$replay" >"$REL_DIR/ninja.log" 2>&1 ||
   { tail -30 "$REL_DIR/ninja.log"; fail "build failed"; }
echo "release: built the compiler libraries, spirv_tests and the replay in $(( $(date +%s) - start )) s"
[ "${1:-}" != --build-only ] || exit 0

passed=0 failed=0
log=$REL_DIR/spirv_tests.log
"$REL_DIR/$spirv_tests" >"$log" 2>&1
rc=$?
p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) tests\?\.$/\1/p' "$log")
f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) tests\?, listed below:$/\1/p' "$log")
grep -E '^\[  FAILED  \] [A-Za-z]' "$log" | grep -v 'ms)$'
if [ -z "$p" ] && [ -z "$f" ]; then
   echo "release: spirv_tests exited with $rc before its summary; see $log"
   tail -20 "$log"
   f=1
fi
p=${p:-0} f=${f:-0}
[ "$rc" = 0 ] || [ "$f" != 0 ] || f=1
echo "release: spirv_tests: $p passed, $f failed"
passed=$((passed + p)) failed=$((failed + f))

# Each regression input once; a crash, or spirv_to_nir taking a module
# into invalid NIR, is a failure (the harness aborts).
export MESA_SPIRV_LOG_LEVEL=error
n=0
for input in "$TOP"/tests/fuzz/regressions/*.spv; do
   [ -e "$input" ] || continue
   n=$((n + 1))
   if "$REL_DIR/$replay" "$input" >"$REL_DIR/replay.log" 2>&1; then
      passed=$((passed + 1))
   else
      echo "release.replay.$(basename "$input"): FAIL (exit $?; $REL_DIR/replay.log)"
      tail -5 "$REL_DIR/replay.log" | sed 's/^/   | /'
      failed=$((failed + 1))
   fi
done
echo "release: replayed $n regression inputs"
[ "$n" -gt 0 ] || { echo "release: no regression input found"; failed=$((failed + 1)); }
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
