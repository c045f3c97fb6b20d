#!/usr/bin/env bash
# README command 2: set up and build if needed, then run every test, one
# part script each (ci/parts/*.sh, each says what it runs), in two lanes,
# one a core, of about the same length (docs/figures.md has each part's time):
#   lane 1: harness (the harness's own tests, refusals, shellcheck),
#           meson (Mesa's unit tests), runner (every case at 4, 8 and 16
#           lanes), sizes (the cases at requiredSubgroupSize 4 to 64;
#           vulkaninfo), lowerings (other NIR lowerings, the written-out
#           generic forms), asm (gallivm's assembly, shader cache keys),
#           piglit (GL), intel-ocl (Intel's CPU OpenCL runtime), cpu-sse41
#           (gallivm's code at the SSE4.1 level)
#   lane 2: gpu (RADV, Turnip, NVK, ANV and rusticl on iris, compile-only,
#           and their ISA checks), opencl (rusticl on llvmpipe), cpu-avx2
#           (gallivm's code at the AVX2 level)
# then each part's time and the summary.
#
#   ci/test.sh          CI's run: the --sizes and CPU-level runs as fixed
#                       samples (a hash of the case names, the same every
#                       run, and at least one case of every stratum)
#   ci/test.sh --full   every case of those too (about two hours more)
# Further arguments go to the runner (for example --filter 'subgroup.rotate.*').
#
# The summary has a line for each kind of result (ci/lib/count.sh): the
# harness's self-tests, shellcheck, meson's suites, the compile-only sweeps'
# configurations and Intel's runtime.  The last line, "N passed, N failed,
# N skipped", counts our cases on our drivers; every failure on another
# line is one failure there too, so that it is red whenever anything failed.
# It is also written to $OUT/summary ("P F S"), which .ci/run reads.
set -uo pipefail
. "$(dirname "$0")/env.sh"
. "$TOP/ci/lib/count.sh"
full=0
if [ "${1:-}" = --full ]; then
   full=1
   shift
fi
export FULL=$full
mkdir -p "$OUT"
rm -rf "$OUT/summary" "$OUT/counts" "$OUT/times"
mkdir -p "$OUT/counts" "$OUT/times"
t0=$(date +%s)
if ! "$TOP/ci/build.sh"; then
   echo "test: build failed"
   echo "0 1 0" >"$OUT/summary"
   echo "0 passed, 1 failed, 0 skipped"
   exit 1
fi
echo "$(($(date +%s) - t0))" >"$OUT/times/build"

runner_parts="runner sizes lowerings cpu-avx2 cpu-sse41"
# part NAME: runs ci/parts/NAME.sh, its output in $OUT/part-NAME.out, its
# time in $OUT/times/NAME.
part() {
   local t args=()
   t=$(date +%s)
   [[ " $runner_parts " != *" $1 "* ]] || args=("${runner_args[@]}")
   bash "$TOP/ci/parts/$1.sh" "${args[@]}" >>"$OUT/part-$1.out" 2>&1
   echo "$(($(date +%s) - t))" >"$OUT/times/$1"
}
header() { printf '\n== %s: %s\n' "$1" "$(sed -n '2s/^# ci\/test.sh part: //p' "$TOP/ci/parts/$1.sh")"; }
runner_args=("$@")
lane1="harness meson runner sizes lowerings asm piglit intel-ocl cpu-sse41"
lane2="gpu opencl cpu-avx2"
for p in $lane1 $lane2; do : >"$OUT/part-$p.out"; done
( for p in $lane2; do part "$p"; done ) &
lane2_pid=$!
trap 'kill $lane2_pid 2>/dev/null' EXIT
for p in $lane1; do
   part "$p" &
   tail -n +1 -f --pid=$! "$OUT/part-$p.out" 2>/dev/null | { header "$p"; cat; }
done
wait $lane2_pid
for p in $lane2; do
   header "$p"
   cat "$OUT/part-$p.out"
done

echo
echo "== time of each part (s; lane 2 ran beside lane 1)"
for p in build $lane1 $lane2; do
   printf '%6s  %s\n' "$(cat "$OUT/times/$p" 2>/dev/null || echo '?')" "$p"
done | tee "$OUT/times.txt"
printf '%6d  in all\n' $(($(date +%s) - t0)) | tee -a "$OUT/times.txt"

echo
for p in $lane1 $lane2; do
   [ "$(tail -1 "$OUT/counts/$p" 2>/dev/null)" = end ] ||
      echo "parts 0 1 0   # ci/parts/$p.sh did not finish" >>"$OUT/counts/unfinished"
done
# The rows of every part, summed per line.
awk '$1 != "end" { p[$1] += $2; f[$1] += $3; s[$1] += $4 }
     END {
        printf "harness self-tests: %d passed, %d failed, %d skipped\n", p["harness"], f["harness"], s["harness"]
        printf "shellcheck: %d scripts passed, %d failed\n", p["shellcheck"], f["shellcheck"]
        printf "meson test: %d suites passed, %d failed, %d skipped\n", p["meson"], f["meson"], s["meson"]
        printf "compile-only sweeps: %d configurations passed, %d failed, %d skipped (%d cases compiled)\n",
           p["sweeps"], f["sweeps"], s["sweeps"], p["sweep-cases"]
        printf "our kernels on Intel'"'"'s CPU OpenCL runtime (not our driver): %d passed, %d failed, %d skipped\n",
           p["intel-ocl"], f["intel-ocl"], s["intel-ocl"]
        if (f["parts"]) printf "parts that did not finish: %d\n", f["parts"]
        printf "our cases: %d passed, %d failed, %d skipped\n", p["cases"], f["cases"], s["cases"]
        other = 0
        for (l in f) if (l != "cases") other += f[l]
        printf "%d %d %d\n", p["cases"], f["cases"] + other, s["cases"] > summary
        printf "%d passed, %d failed, %d skipped\n", p["cases"], f["cases"] + other, s["cases"]
     }' summary="$OUT/summary" "$OUT"/counts/*
read -r _ failed _ <"$OUT/summary"
[ "$failed" = 0 ]
