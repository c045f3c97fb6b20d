#!/usr/bin/env bash
# ci/test.sh part: Mesa's unit tests.
# Mesa's own unit tests (meson test), the programs
# ci/build.sh built (`ci/targets.py BUILD not-built` names those it leaves
# out; its UNIT_TESTS says why each one built is),
# counted as suites on the "meson" line.  Each skipped or expected-fail
# test must be an allowed skip, named meson.<project>:<suite>/<test>
# (" / " as "/", other spaces as "_").
set -uo pipefail
. "$(dirname "$0")/../env.sh"
. "$TOP/ci/lib/count.sh"
count_begin meson
COUNT_LINE=meson

mapfile -t tests < <(/usr/bin/python3 "$TOP/ci/targets.py" "$BUILD_DIR" tests)
if [ ${#tests[@]} = 0 ]; then
   count_fail meson "ci/targets.py names no test to run"
   exit 0
fi
meson test -C "$BUILD_DIR" --no-rebuild --num-processes "$(nproc)" --print-errorlogs "${tests[@]}" \
   >"$OUT/meson-test.log" 2>&1
rc=$?
grep -E '^(Ok|Expected Fail|Fail|Unexpected Pass|Skipped|Timeout):' "$OUT/meson-test.log"
ok=$(awk '/^Ok:/{print $2}' "$OUT/meson-test.log")
bad=$(awk '/^(Fail|Unexpected Pass|Timeout):/{s+=$NF} END{print s+0}' "$OUT/meson-test.log")
skip=$(awk '/^(Skipped|Expected Fail):/{s+=$NF} END{print s+0}' "$OUT/meson-test.log")
if [ -z "$ok" ]; then
   count_fail meson "meson test produced no summary (exit $rc); see $OUT/meson-test.log"
   tail -20 "$OUT/meson-test.log"
   exit 0
fi
count_add meson "$ok" "$bad" 0
nskip=0
while IFS=$'\t' read -r name status; do
   [ -n "$name" ] || continue
   name=${name// \/ //}
   count_skip "meson.${name// /_}" "meson test: $status"
   nskip=$((nskip + 1))
done < <(sed -nE 's#^ *[0-9]+/[0-9]+ +(.*[^ ]) +(SKIP|EXPECTEDFAIL)( .*)?$#\1\t\2#p' "$OUT/meson-test.log")
if [ "$nskip" != "$skip" ]; then
   count_fail meson "meson test reports $skip skipped or expected-fail tests, $nskip found by name"
fi
[ "$ok" -ge "${#tests[@]}" ] || [ "$nskip" -gt 0 ] || [ "$bad" -gt 0 ] ||
   count_fail meson "$ok suites passed of the ${#tests[@]} asked for"
