#!/usr/bin/env bash
# Build patched Mesa (lavapipe, spirv2nir, Mesa's unit tests) and our tests.
#   ci/build.sh            packages (if missing), Mesa source, overlay, build
#   SKIP_APT=1 ci/build.sh  skip the package check
set -euo pipefail
. "$(dirname "$0")/env.sh"

[ "${SKIP_APT:-0}" = 1 ] || "$TOP/ci/setup-apt.sh"
"$TOP/ci/setup-meson.sh"
"$TOP/ci/setup-rust.sh"
"$TOP/ci/fetch-mesa.sh"
"$TOP/ci/overlay.sh"
"$TOP/ci/fetch-crates.sh"

if [ ! -f "$BUILD_DIR/build.ninja" ]; then
   meson setup "$BUILD_DIR" "$TOP" --native-file "$TOP/ci/native.ini" \
      --wrap-mode=nodownload ${MESON_EXTRA_ARGS:-}
fi
start=$(date +%s)
ninja -C "$BUILD_DIR" ${NINJA_ARGS:-}
echo "build: ninja finished in $(( $(date +%s) - start )) s"
