#!/usr/bin/env bash
# Build patched Mesa (lavapipe, spirv2nir, Mesa's unit tests) and our tests.
#   ci/build.sh            packages (if missing), Mesa source, overlay, build
#   SKIP_APT=1 ci/build.sh  skip the package check
# Each step's output goes to the terminal and to $BUILD_LOG_DIR/<step>.log;
# a step that fails stops the build with its name, its exit status and the
# last lines of its output, never silently.
set -euo pipefail
. "$(dirname "$0")/env.sh"

log_dir=${BUILD_LOG_DIR:-$CACHE_DIR/build-logs}
mkdir -p "$log_dir"
# step NAME COMMAND...: runs COMMAND, its output teed to NAME.log.
step() {
   local name=$1 rc
   shift
   set +e   # the status is the command's, read below, not the pipeline's
   "$@" 2>&1 | tee "$log_dir/$name.log"
   rc=${PIPESTATUS[0]}
   set -e
   if [ "$rc" != 0 ]; then
      echo "build: step '$name' failed (exit $rc): $*"
      echo "build: the last lines of its output ($log_dir/$name.log):"
      tail -n 25 "$log_dir/$name.log" | sed 's/^/   | /'
      exit "$rc"
   fi
}

step disk-space "$TOP/ci/check-disk.sh"
[ "${SKIP_APT:-0}" = 1 ] || step setup-apt "$TOP/ci/setup-apt.sh"
step setup-meson "$TOP/ci/setup-meson.sh"
step setup-rust "$TOP/ci/setup-rust.sh"
step fetch-mesa "$TOP/ci/fetch-mesa.sh"
step overlay "$TOP/ci/overlay.sh"
step fetch-crates "$TOP/ci/fetch-crates.sh"

if [ ! -f "$BUILD_DIR/build.ninja" ]; then
   # shellcheck disable=SC2086  # MESON_EXTRA_ARGS is a list of options
   step meson-setup meson setup "$BUILD_DIR" "$TOP" --native-file "$TOP/ci/native.ini" \
      --wrap-mode=nodownload ${MESON_EXTRA_ARGS:-}
   cp "$TOP/ci/mesa-options" "$BUILD_DIR/mesa-options.applied"
elif ! cmp -s "$TOP/ci/mesa-options" "$BUILD_DIR/mesa-options.applied"; then
   # meson applies a subproject's default options at the first set-up only:
   # an existing build gets a changed ci/mesa-options (a driver added) here.
   mapfile -t opts < <(sed -e '/^#/d' -e '/^$/d' -e 's/^/-Dmesa:/' "$TOP/ci/mesa-options")
   step meson-configure meson configure "$BUILD_DIR" "${opts[@]}"
   cp "$TOP/ci/mesa-options" "$BUILD_DIR/mesa-options.applied"
fi
start=$(date +%s)
# shellcheck disable=SC2086  # NINJA_ARGS is a list of options
step ninja ninja -C "$BUILD_DIR" ${NINJA_ARGS:-}
echo "build: ninja finished in $(( $(date +%s) - start )) s"
