# shellcheck shell=bash
# shellcheck disable=SC2034  # the variables are read by the parts
# Counting for ci/test.sh's parts (ci/parts/*.sh).  Source it after env.sh,
# then call count_begin PART.
#
# A part's results go to $OUT/counts/PART, one row "LINE passed failed
# skipped" per result, where LINE is the line of ci/test.sh's summary it
# counts on:
#   cases       our code on our drivers: the last line (runner, OpenCL on
#               rusticl, piglit on llvmpipe's GL, ISA and asm checks, ...)
#   harness     the harness's own tests: the set-up scripts against
#               stand-ins, ci/conformance.sh's verdicts, the series layout,
#               the refusals of foreign drivers
#   (line "shellcheck") each of our shell scripts, as shellcheck reads it
#   meson       Mesa's meson test suites
#   sweeps      the GPU drivers' compile-only sweeps, by configuration
#   sweep-cases the cases those configurations compiled (passed column only)
#   intel-ocl   our kernels on Intel's CPU OpenCL runtime (not our driver)
# and a last row "end" when the part finished, so that ci/test.sh can tell
# a part that died from one that counted nothing.
#
# A skip is allowed only when tests/expectations/lavapipe-skips.txt lists
# it for this machine; the runner is its one reader (--allowed-skip).
OUT=${MESA_SUBGROUPS_OUT:-$BUILD_DIR/test-results}
RUNNER=$BUILD_DIR/tests/subgroup-runner
CL_RUNNER=$BUILD_DIR/tests/opencl/cl-runner
CL_ICD=$BUILD_DIR/tests/opencl/rusticl.icd
LVP_ICD=$BUILD_DIR/subprojects/mesa-$MESA_VERSION/src/gallium/targets/lavapipe/lvp_devenv_icd.x86_64.json
SKIPS=$TOP/tests/expectations/lavapipe-skips.txt
FAILS=$TOP/tests/expectations/lavapipe-fails.txt
COUNT_LINE=cases

count_begin() {
   mkdir -p "$OUT/counts"
   COUNTS=$OUT/counts/$1
   : >"$COUNTS"
   trap 'echo end >>"$COUNTS"' EXIT
}
# count_add LINE PASSED FAILED SKIPPED
count_add() { echo "$1 $2 $3 $4" >>"$COUNTS"; }
count_pass() { echo "$1: pass${2:+ ($2)}"; count_add "$COUNT_LINE" 1 0 0; }
count_fail() { echo "$1: FAIL${2:+ ($2)}"; count_add "$COUNT_LINE" 0 1 0; }
# count_verdict NAME WHY [WHAT]: pass (saying WHAT) when WHY is empty, else
# a failure saying WHY.
count_verdict() {
   if [ -z "$2" ]; then count_pass "$1" "${3:-}"; else count_fail "$1" "$2"; fi
}
# skip_reason NAME: the reason lavapipe-skips.txt gives for skipping NAME on
# this machine; fails when it lists no such skip.
skip_reason() { "$RUNNER" --skips "$SKIPS" --allowed-skip "$1"; }
# count_skip NAME WHY: a listed skip counts as skipped, any other as failed.
count_skip() {
   local reason
   if reason=$(skip_reason "$1"); then
      echo "$1: skip ($2; allowed: $reason)"
      count_add "$COUNT_LINE" 0 0 1
   else
      count_fail "$1" "skipped: $2; not an allowed skip in ${SKIPS#"$TOP"/}"
   fi
}
# count_log LOG WHAT [MIN]: the last "N passed, N failed[, N skipped]" line
# of LOG (a runner's, which has checked its skips against its lists itself,
# or a check script's).  No such line is a failure, and so is a run that
# checked fewer than MIN cases (1 unless given): a run that checks nothing
# proves nothing.
count_log() {
   local line p f s
   line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$1" | tail -1)
   if [ -z "$line" ]; then
      count_fail "$2" "printed no summary; see ${1#"$TOP"/}"
      tail -5 "$1" | sed 's/^/   | /'
      return
   fi
   read -r p _ f _ s _ <<<"$(echo "$line" | tr -d ',')"
   count_add "$COUNT_LINE" "$p" "$f" "${s:-0}"
   if [ $((p + f)) -lt "${3:-1}" ]; then
      count_fail "$2" "checked $((p + f)) cases, fewer than ${3:-1}: a run that checks nothing proves nothing"
   fi
}
# count_listed_skips LOG PATTERN: each "NAME: skip (WHY)" line of LOG whose
# NAME matches the extended regex PATTERN must be an allowed skip; the
# skips count_log counted already, so one that is not allowed moves from
# skipped to failed.
count_listed_skips() {
   local name why
   while IFS=$'\t' read -r name why; do
      if ! skip_reason "$name" >/dev/null; then
         echo "$name: FAIL (skipped: $why; not an allowed skip in ${SKIPS#"$TOP"/})"
         count_add "$COUNT_LINE" 0 1 -1
      fi
   done < <(sed -nE "s/^($2): skip \((.*)\)$/\1\t\2/p" "$1")
}
# show_runner LOG: the runner's family table and its unexpected verdicts.
show_runner() {
   sed -n '/^family/,$p' "$1" | tail -15
   grep -E ': (fail|unexpected-pass)|^note: .*allowed skip|^runner: FAIL' "$1" | head -20
}
# run_lavapipe NAME [RUNNER-ARGS...]: the runner on the patched lavapipe
# against the expectations, its log in $OUT/runner-NAME.log, counted.
run_lavapipe() {
   local name=$1
   shift
   "$RUNNER" --expectations "$FAILS" --skips "$SKIPS" --csv "$OUT/results-$name.csv" \
      --log-dir "$OUT/logs-$name" "$@" >"$OUT/runner-$name.log" 2>&1
   show_runner "$OUT/runner-$name.log"
   count_log "$OUT/runner-$name.log" "runner ($name)"
}
