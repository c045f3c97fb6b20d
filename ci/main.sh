#!/usr/bin/env bash
# README command 1: set up a fresh Debian 12 machine if needed, build patched
# Mesa, and run the main job: one bundled example per extension on the
# patched lavapipe, with per-lane input, result and reference.
set -euo pipefail
. "$(dirname "$0")/env.sh"
"$TOP/ci/build.sh"
exec "$BUILD_DIR/tests/subgroup-runner" --demo "$@"
