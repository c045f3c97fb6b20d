#!/usr/bin/env bash
# ci/test.sh part: the harness's own tests, the refusals, shellcheck.
# The harness's own tests, counted on the "harness"
# line (they test our scripts and runners, not our Mesa code):
#   - the set-up scripts from nothing, against stand-ins (tests/setup);
#   - ci/conformance.sh's verdicts against stand-ins of the suites;
#   - the series as merge requests: sections, branches, export (tests/series);
#   - the runners refuse a driver that is not this build's: a fake ICD that
#     claims to be llvmpipe, rusticl without a device, a GL driver without
#     the build's mark, the system's own Mesa;
# and shellcheck of every shell script of ours (the "shellcheck" line).
set -uo pipefail
. "$(dirname "$0")/../env.sh"
. "$TOP/ci/lib/count.sh"
count_begin harness
COUNT_LINE=harness

for t in setup/test-setup.sh conformance/test-conformance.sh series/check-layout.sh; do
   name=$(basename "$t" .sh)
   bash "$TOP/tests/$t" "$OUT/$name" >"$OUT/$name.log" 2>&1
   grep -E '^[a-z-]+[.:]|^ +\|' "$OUT/$name.log" | grep -v ': pass' | grep -v '^[0-9]'
   count_log "$OUT/$name.log" "tests/$t"
done

# Every mutant of tests/mutants/mutants.py still applies to the series: each
# of its original texts occurs once in its file of the patched tree, as
# tests/mutants/run.py needs.  CI runs a sample of the mutants only; one the
# series has moved past would end a full run in an error, not a kill.
why=$(/usr/bin/python3 - "$TOP/tests/mutants" "$MESA_TREE" <<'EOF_PY'
import os, sys
sys.path.insert(0, sys.argv[1])
from mutants import MUTANTS
for m in MUTANTS:
    for file, old, _ in [(m.file, m.old, m.new)] + list(m.also):
        n = open(os.path.join(sys.argv[2], file)).read().count(old)
        if n != 1:
            print(f'{m.id}: its original text occurs {n} times in {file}')
EOF_PY
)
count_verdict mutants.texts "$(printf '%s' "$why" | head -5 | paste -sd ';')" "the original texts of $(grep -c "^    Mutant(" "$TOP/tests/mutants/mutants.py") mutants occur once each"

# The runner refuses a device that is not the patched lavapipe.
"$RUNNER" --icd "$BUILD_DIR/tests/fake_icd.json" --widths 256 --log-dir "$OUT/logs-fake" --skips "$SKIPS" \
   >"$OUT/fake-icd.log" 2>&1
rc=$?
why=
[ $rc = 3 ] && grep -q 'refusing to run: the device is not the patched lavapipe' "$OUT/fake-icd.log" ||
   why="exit $rc; see $OUT/fake-icd.log"
count_verdict refusal.fake_icd "$why"

# Without RUSTICL_ENABLE our rusticl offers no device: cl-runner must refuse
# to run rather than pass on nothing.
OCL_ICD_VENDORS=$CL_ICD RUSTICL_ENABLE='' "$CL_RUNNER" >"$OUT/cl-refusal.log" 2>&1
rc=$?
why=
[ $rc = 3 ] && grep -q '^refusing to run' "$OUT/cl-refusal.log" || why="exit $rc; see $OUT/cl-refusal.log"
count_verdict refusal.cl_no_device "$why"

# piglit's runner refuses the same llvmpipe checked against a mark it does
# not carry, and the system's own Mesa (an llvmpipe without the patch set)
# where it is installed.
gl_refusal() {
   local name=$1 rc why=
   shift
   bash "$TOP/tests/piglit/run-piglit.sh" --widths 256 "$@" --out "$OUT/piglit-refusal" \
      >"$OUT/piglit-refusal-$name.log" 2>&1
   rc=$?
   [ $rc = 3 ] && grep -q '^refusing to run: the GL driver is not the patched llvmpipe' \
      "$OUT/piglit-refusal-$name.log" || why="exit $rc; see $OUT/piglit-refusal-$name.log"
   count_verdict "refusal.gl_$name" "$why"
}
gl_refusal wrong_mark --expect-mark mesa-subgroups/not-this-build
sys_json=/usr/share/glvnd/egl_vendor.d/50_mesa.json
if [ -f "$sys_json" ]; then
   gl_refusal system_mesa --vendor-json "$sys_json"
else
   count_skip refusal.gl_system_mesa "$sys_json not installed: no system Mesa to refuse"
fi

# Every shell script of ours, one result each, with the repo's .shellcheckrc
# (env.sh followed from each script's folder).
COUNT_LINE=shellcheck
if command -v shellcheck >/dev/null; then
   while IFS= read -r f; do
      if (cd "$TOP" && shellcheck -f gcc "$f") >"$OUT/shellcheck.log" 2>&1; then
         count_add shellcheck 1 0 0
      else
         count_fail "shellcheck.$f"; sed 's/^/   | /' "$OUT/shellcheck.log"
      fi
   done < <(cd "$TOP" && printf '%s\n' ci/*.sh ci/lib/*.sh ci/parts/*.sh .ci/run tests/*/*.sh \
      bench/*.sh port/*/*.sh)
else
   count_fail shellcheck "not installed; ci/setup-apt.sh installs Debian's shellcheck"
fi
