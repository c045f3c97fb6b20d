#!/usr/bin/env bash
# The stand-ins' bodies are single-quoted on purpose: they expand when the
# stand-in runs.
# shellcheck disable=SC2016
# ci/conformance.sh's verdicts, without the suites: `run` against stand-ins
# of OpenCL-CTS's test_subgroups, vkd3d-proton's d3d12, deqp-vk and
# deqp-runner (each case's result fixed by its name), of vulkaninfo,
# clinfo, ninja and spirv-dis, in
# a fake build folder, with expectations files of each case's own.  A case
# passes when the script's exit status and its counts are the ones Mesa's
# rules give: a listed failure is expected, an unlisted one or a listed one
# that passes fails the run, a subtest with no verdict is a crash, a
# not-supported one a skip, a WaveMatch test without partition ops fails.
#
# usage: tests/conformance/test-conformance.sh [WORK_DIR]
# Prints "conformance-script.<case>: pass" or ": FAIL (why)" and ends with
# "N passed, N failed".
set -uo pipefail
SRC=$(cd "$(dirname "$0")/../.." && pwd)
work=${1:-$(mktemp -d)}
rm -rf "$work"; mkdir -p "$work"; work=$(cd "$work" && pwd)
passed=0 failed=0
mark=mesa-subgroups/test

# The fake build: the mark, rusticl's ICD file, a configured X11 build.
B=$work/build
mkdir -p "$B/tests/opencl" "$B-x11" "$work/bin" "$work/cts/test_conformance/subgroups" "$work/vkd3d/tests"
echo "$mark" >"$B/tests/subgroups-mark"
: >"$B/tests/opencl/rusticl.icd"; : >"$B-x11/build.ninja"

standin() { printf '#!/usr/bin/env bash\n%s\n' "$2" >"$1"; chmod +x "$1"; }
standin "$work/bin/vulkaninfo" "echo \"driverInfo = Mesa 25.0.7 $mark\""
standin "$work/bin/clinfo" "echo \"Driver Version 25.0.7 $mark\""
standin "$work/bin/ninja" 'exit 0'
standin "$work/bin/spirv-dis" 'cat "$1"'
# test_subgroups: pass_*, fail_* and skip_* give that verdict in the
# harness's JSON file; crash_* writes none and dies.
standin "$work/cts/test_conformance/subgroups/test_subgroups" '
if [ "$1" = --help ]; then printf "usage\nTest names:\n\tpass_a\n\tfail_b\n\tskip_c\n\tcrash_d\n"; exit 0; fi
case $1 in
pass_*) r=pass ;; fail_*) r=fail ;; skip_*) r=skip ;; *) kill -SEGV $$ ;;
esac
printf "{\n\t\"cmd\": \"subgroups\",\n\t\"results\": {\n\t\t\"%s\": \"%s\"\n\t}\n}\n" "$1" "$r" >"$CL_CONFORMANCE_RESULTS_FILENAME"
[ $r != fail ]'
# d3d12: the test VKD3D_TEST_MATCH names, its summary line as vkd3d's
# harness prints it; test_shader_sm65_wave_intrinsics dumps a module with
# the partition ops unless FAKE_FALLBACK is set.
standin "$work/vkd3d/tests/d3d12" '
t=$VKD3D_TEST_MATCH f=0 s=0
case $t in
*fail*) echo "$t:1: Test failed: 1 != 2"; f=1 ;;
*skip*) echo "$t:1: Test skipped: no SM 9.9"; s=1 ;;
esac
if [ "$t" = test_shader_sm65_wave_intrinsics ]; then
   if [ -n "${FAKE_FALLBACK:-}" ]; then echo "OpGroupNonUniformBallot" >"$VKD3D_SHADER_DUMP_PATH/a.spv"
   else echo "OpGroupNonUniformPartitionNV PartitionedExclusiveScanNV" >"$VKD3D_SHADER_DUMP_PATH/a.spv"; fi
fi
echo "d3d12: 5 tests executed ($f failures, 0 successful todo, $s skipped, 0 todo, 0 bugs)."
[ $f = 0 ]'

cp "$SRC/tests/conformance/deqp-vk-include.txt" "$work/"
printf '%s -\n' test_shader_sm65_wave_intrinsics t_pass t_fail t_skip >"$work/vkd3d-tests.txt"
# deqp-vk lists its cases (txt-caselist); FAKE_EXTRA adds one.
mkdir -p "$work/deqp/external/vulkancts/modules/vulkan" "$work/cache/deqp-runner-0.20.3/bin"
standin "$work/deqp/external/vulkancts/modules/vulkan/deqp-vk" '
[ "$1" = --deqp-runmode=txt-caselist ] || exit 1
printf "GROUP: dEQP-VK.subgroups\nTEST: %s\n" dEQP-VK.subgroups.p.a dEQP-VK.subgroups.e.b \
   dEQP-VK.subgroups.s.c dEQP-VK.subgroups.fl.d dEQP-VK.api.f.x ${FAKE_EXTRA:-} >dEQP-VK-cases.txt'
# deqp-runner: results.csv with the status each case name asks for, as
# deqp-runner writes it after applying the baseline and flakes (.e.
# ExpectedFail, .fl. Flake, .i. UnexpectedImprovement(Pass)); of the
# caselist, every --fraction'th case from --fraction-start (deqp-runner
# takes them so from its shuffle of the list).
standin "$work/cache/deqp-runner-0.20.3/bin/deqp-runner" '
fr=1 fs=1
while [ $# -gt 0 ]; do
   case $1 in
   --caselist) list=$2; shift ;; --output) out=$2; shift ;;
   --fraction) fr=$2; shift ;; --fraction-start) fs=$2; shift ;; --) break ;;
   esac
   shift
done
mkdir -p "$out"
awk -v n="$fr" -v s="$fs" "NR >= s && (NR - s) % n == 0" "$list" | while read -r n; do
   case $n in
   *.p.*) s=Pass ;; *.e.*) s=ExpectedFail ;; *.s.*) s=Skip ;; *.fl.*) s=Flake ;;
   *.i.*) s="UnexpectedImprovement(Pass)" ;; *) s=Fail ;;
   esac
   echo "$n,$s,0.1"
done >"$out/results.csv"'

# check CASE WANT_RC WANT_LAST [ENV=VALUE...] -- SUITE-ARGS: one run.
check() {
   local name=$1 want_rc=$2 want=$3 rc last
   shift 3
   local envs=()
   while [ "$1" != -- ]; do envs+=("$1"); shift; done
   shift
   env "${envs[@]}" SETUP_STANDINS="$work/bin" MESA_SUBGROUPS_BUILD="$B" \
      MESA_SUBGROUPS_CACHE="$work/cache" CONFORMANCE_EXPECTATIONS="$work/exp" \
      CONFORMANCE_LISTS="$work" bash "$SRC/ci/conformance.sh" run --widths 8 \
      --out "$work/out-$name" "$@" >"$work/$name.log" 2>&1
   rc=$?
   last=$(tail -1 "$work/$name.log")
   if [ "$rc" = "$want_rc" ] && [ "$last" = "$want" ]; then
      echo "conformance-script.$name: pass"; passed=$((passed + 1))
   else
      echo "conformance-script.$name: FAIL (exit $rc, last line \"$last\"; wanted exit $want_rc, \"$want\")"
      sed 's/^/   | /' "$work/$name.log"; failed=$((failed + 1))
   fi
}
expect() {  # SUITE-fails.txt lines
   rm -rf "$work/exp"; mkdir -p "$work/exp"
   printf '%s\n' "# test" "$@" >"$work/exp/$EXP_SUITE-fails.txt"
}

EXP_SUITE=opencl-cts
expect fail_b,Fail crash_d,Crash
check cts_listed 0 "1 passed, 0 failed, 1 skipped" -- --opencl-cts "$work/cts"
expect
check cts_unlisted 1 "1 passed, 2 failed, 1 skipped" -- --opencl-cts "$work/cts"
expect fail_b,Fail crash_d,Crash pass_a,Fail
check cts_listed_passes 1 "1 passed, 1 failed, 1 skipped" -- --opencl-cts "$work/cts"
expect fail_b,Fail crash_d,Fail
check cts_crash_is_not_fail 1 "1 passed, 1 failed, 1 skipped" -- --opencl-cts "$work/cts"
expect fail_b,Fail
printf '%s\n' "# not run" "crash_.*" >"$work/exp/opencl-cts-skips.txt"
check cts_skips_list 0 "1 passed, 0 failed, 2 skipped" -- --opencl-cts "$work/cts"

EXP_SUITE=vkd3d
expect t_fail,Fail
check vkd3d_listed 0 "3 passed, 0 failed, 1 skipped" -- --vkd3d "$work/vkd3d"
check vkd3d_fallback 1 "2 passed, 1 failed, 1 skipped" FAKE_FALLBACK=1 -- --vkd3d "$work/vkd3d"
expect t_fail,Fail t_gone,Fail
check vkd3d_listed_not_run 1 "3 passed, 1 failed, 1 skipped" -- --vkd3d "$work/vkd3d"
expect
check vkd3d_unlisted 1 "3 passed, 1 failed, 1 skipped" -- --vkd3d "$work/vkd3d"

# dEQP-VK: deqp-runner applies the expectations; the script reads its
# statuses (dEQP-VK.api is outside the caselist).
check deqp_expected 0 "1 passed, 0 failed, 1 skipped" -- --deqp-vk "$work/deqp"
check deqp_fail 1 "1 passed, 1 failed, 1 skipped" FAKE_EXTRA=dEQP-VK.subgroups.f.y -- --deqp-vk "$work/deqp"
check deqp_improvement 1 "2 passed, 1 failed, 1 skipped" FAKE_EXTRA=dEQP-VK.subgroups.i.z -- --deqp-vk "$work/deqp"
# --fraction 3 at three widths: each case once, at one width.
check deqp_fraction_covers_once 0 "1 passed, 0 failed, 1 skipped" -- --widths 4,8,16 --fraction 3 --deqp-vk "$work/deqp"
check deqp_fraction_start_range 2 "conformance: error: --fraction N[:START]: whole numbers, 1 <= START <= N" \
   -- --fraction 3:4 --deqp-vk "$work/deqp"

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
