#!/usr/bin/env bash
# A second, small build: only the compiler libraries (util, NIR, spirv_to_nir)
# and our spirv_to_nir unit tests, with -fsanitize=address,undefined.  No
# lavapipe.  Prints "N passed, N failed".
set -uo pipefail
. "$(dirname "$0")/env.sh"

ASAN_DIR=${MESA_SUBGROUPS_ASAN_BUILD:-$TOP/build-asan}
"$TOP/ci/overlay.sh" >/dev/null || { echo "asan: overlay failed"; echo "0 passed, 1 failed"; exit 1; }
if [ ! -f "$ASAN_DIR/build.ninja" ]; then
   meson setup "$ASAN_DIR" "$TOP" --native-file "$TOP/ci/native.ini" --wrap-mode=nodownload \
      -Db_sanitize=address,undefined -Db_lundef=false >"$TOP/build-asan.setup.log" 2>&1 ||
      { tail -20 "$TOP/build-asan.setup.log"; echo "0 passed, 1 failed"; exit 1; }
fi
start=$(date +%s)
ninja -C "$ASAN_DIR" vtn-unit >"$ASAN_DIR/ninja.log" 2>&1 ||
   { tail -30 "$ASAN_DIR/ninja.log"; echo "0 passed, 1 failed"; exit 1; }
echo "asan: built the compiler libraries and vtn-unit-tests in $(( $(date +%s) - start )) s"
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
"$ASAN_DIR/tests/spirv_unit/vtn-unit-tests" "$ASAN_DIR/tests/spirv_unit"
