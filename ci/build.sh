#!/usr/bin/env bash
# Set up what is missing, then build patched Mesa and our tests.
#   ci/build.sh            everything ci/test.sh tests (ci/targets.py ci)
#   ci/build.sh --main     only what ci/main.sh's demo needs: lavapipe and the
#                          runner (ci/targets.py main); a later ci/build.sh
#                          builds the rest in the same build directory
#   SKIP_APT=1 ci/build.sh  skip the package check
# Each step's output goes to the terminal and to $BUILD_LOG_DIR/<step>.log,
# but for meson's set-up and ninja's build, whose thousands of lines go to
# their logs alone: the terminal gets ninja's progress in tenths and the
# warnings' count.  A step that fails stops the build with its name, its
# exit status and the last lines of its output, never silently.  cargo's install of bindgen and
# cbindgen (minutes on a new machine; only meson's set-up needs them) runs
# beside the steps before it.
set -euo pipefail
. "$(dirname "$0")/env.sh"
. "$TOP/ci/lib/progress.sh"
what=ci
[ "${1:-}" != --main ] || what=main

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
   step_status "$name" "$rc" "$*"
}
# step_quiet NAME COMMAND...: as step, the output in NAME.log alone; the
# terminal gets ninja's progress at each tenth of its steps and, at the end,
# the time and the number of compiler warnings in the log.
step_quiet() {
   local name=$1 rc=0 t
   shift
   t=$(date +%s)
   echo "build: $name (output in $log_dir/$name.log)"
   run_with_progress build "$log_dir/$name.log" "$name" "$@" || rc=$?
   step_status "$name" "$rc" "$*"
   echo "build: $name done in $(($(date +%s) - t)) s ($(grep -c 'warning:' "$log_dir/$name.log" || true) compiler warnings)"
}
# step_beside NAME COMMAND...: starts COMMAND in the background, its output
# in NAME.log; step_wait NAME then prints that output and its verdict.
step_beside() {
   local name=$1
   shift
   ( set +e; "$@" >"$log_dir/$name.log" 2>&1; echo $? >"$log_dir/$name.rc" ) &
   beside_pid=$!
   beside_cmd="$*"
}
step_wait() {
   wait "$beside_pid" || true
   beside_pid=
   cat "$log_dir/$1.log"
   step_status "$1" "$(cat "$log_dir/$1.rc" 2>/dev/null || echo 1)" "$beside_cmd"
}
beside_pid=
trap '[ -z "$beside_pid" ] || kill "$beside_pid" 2>/dev/null' EXIT
# step_status NAME RC COMMAND: nothing when RC is 0; else the failure, by
# name, with the end of the step's output, and the build stops.
step_status() {
   local name=$1 rc=$2
   if [ "$rc" != 0 ]; then
      local cmd=$3
      [ ${#cmd} -le 240 ] || cmd="${cmd:0:240} ..."
      echo "build: step '$name' failed (exit $rc): $cmd"
      echo "build: the last lines of its output ($log_dir/$name.log):"
      tail -n 25 "$log_dir/$name.log" | sed 's/^/   | /'
      exit "$rc"
   fi
}

step disk-space "$TOP/ci/check-disk.sh"
step_beside setup-rust "$TOP/ci/setup-rust.sh"
[ "${SKIP_APT:-0}" = 1 ] || step setup-apt "$TOP/ci/setup-apt.sh"
step setup-meson "$TOP/ci/setup-meson.sh"
step fetch-mesa "$TOP/ci/fetch-mesa.sh"
step overlay "$TOP/ci/overlay.sh"
step fetch-crates "$TOP/ci/fetch-crates.sh"
step_wait setup-rust

if [ ! -f "$BUILD_DIR/build.ninja" ]; then
   # shellcheck disable=SC2086  # MESON_EXTRA_ARGS is a list of options
   step_quiet meson-setup meson setup "$BUILD_DIR" "$TOP" --native-file "$TOP/ci/native.ini" \
      --wrap-mode=nodownload ${MESON_EXTRA_ARGS:-}
   cp "$TOP/ci/mesa-options" "$BUILD_DIR/mesa-options.applied"
elif ! cmp -s "$TOP/ci/mesa-options" "$BUILD_DIR/mesa-options.applied"; then
   # meson applies a subproject's default options at the first set-up only:
   # an existing build gets a changed ci/mesa-options (a driver added) here.
   # meson 1.9's configure resets the subproject options it is not given to
   # their defaults, so the build mark (meson.build's default_options) goes
   # with them.
   mapfile -t opts < <(sed -e '/^#/d' -e '/^$/d' -e 's/^/-Dmesa:/' "$TOP/ci/mesa-options")
   if ! mark=$(cat "$BUILD_DIR/tests/subgroups-mark" 2>/dev/null); then
      echo "build: $BUILD_DIR has no tests/subgroups-mark (a set-up that did not finish): remove $BUILD_DIR and build again"
      exit 1
   fi
   opts+=("-Dmesa:subgroups-mark=$mark")
   step_quiet meson-configure meson configure "$BUILD_DIR" "${opts[@]}"
   cp "$TOP/ci/mesa-options" "$BUILD_DIR/mesa-options.applied"
fi
/usr/bin/python3 "$TOP/ci/targets.py" "$BUILD_DIR" "$what" >"$log_dir/targets.list" 2>"$log_dir/targets.log" ||
   step_status targets $? "ci/targets.py $BUILD_DIR $what"
mapfile -t targets <"$log_dir/targets.list"
echo "build: $what: ${#targets[@]} targets (ci/targets.py $what)"
# shellcheck disable=SC2086  # NINJA_ARGS is a list of options
step_quiet ninja ninja -C "$BUILD_DIR" ${NINJA_ARGS:-} "${targets[@]}"
