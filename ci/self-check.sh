#!/usr/bin/env bash
# Perturbs the reference model's expected values: every case must now fail.
# Prints "N passed, N failed", where passed = cases that caught the change.
set -uo pipefail
. "$(dirname "$0")/env.sh"
OUT=${MESA_SUBGROUPS_OUT:-$BUILD_DIR/test-results}
mkdir -p "$OUT"
"$BUILD_DIR/tests/subgroup-runner" --self-check --log-dir "$OUT/logs-self-check" "$@" \
   >"$OUT/self-check.log" 2>&1
rc=$?
grep -E '^self-check:|^[0-9]+ passed' "$OUT/self-check.log" || tail -20 "$OUT/self-check.log"
grep -E ': fail \(perturbed' "$OUT/self-check.log" | head -20
exit $rc
