#!/usr/bin/env bash
# README command 1, the main job: set up a fresh Debian 12 machine if needed,
# build only lavapipe and the runner (ci/build.sh --main), and run one case
# of each extension on the patched lavapipe: the operation, each lane's
# input, result and reference, and the verdict.  ci/test.sh later builds the
# rest in the same build directory, from the same ccache.
set -euo pipefail
. "$(dirname "$0")/env.sh"
"$TOP/ci/build.sh" --main
"$BUILD_DIR/tests/subgroup-runner" --demo "$@"
cat <<EOF

Next:
  ci/test.sh                  every test: lavapipe at 4 to 64 lanes, OpenCL on rusticl,
                              piglit, the GPU drivers compile-only (builds the rest first)
  $(printf '%-27s' "${BUILD_DIR#"$TOP"/}/tests/subgroup-runner") --list, --filter GLOB, --widths, --sizes (--help)
  docs/testing.md             what each suite proves
  docs/merge-requests.md      the series, MR by MR
EOF
