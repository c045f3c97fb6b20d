#!/usr/bin/env bash
# RADV compile-only sweep: every runner case's pipeline created by our RADV
# on its null winsys (RADV_FORCE_FAMILY: no AMD GPU, nothing submitted), at
# four GFX generations and, from GFX10 on, both wave sizes.
#
# What it proves: RADV accepts every case (the extensions and features it
# advertises, the partitioned lowering included) and ACO compiles the NIR
# to ISA without a crash, an assert (asserts are on in this build) or a
# failed pipeline.  It does not prove results: only AMD hardware can run
# the code.
#
# usage: tests/radv/compile-sweep.sh RUNNER RADV_ICD OUTDIR [FILTER]
# Prints one line per configuration and ends "N passed, N failed, N skipped".
set -uo pipefail
runner=$1
icd=$2
out=$3
filter=${4:-*}
mkdir -p "$out"
passed=0 failed=0

# The checkout's commit, which RADV's driverInfo names ("Mesa 25.0.7
# (git-<sha>)"): the device answering must be the one built here.
sha=$(git -C "$(dirname "$0")/../../subprojects/mesa-25.0.7" rev-parse --short=10 HEAD 2>/dev/null)

# Compute pipelines get requiredSubgroupSize (VK_EXT_subgroup_size_control:
# RADV offers 32 and 64 from GFX10 on); vertex and fragment shaders follow
# RADV_PERFTEST's gewave32 / pswave32.
#       name           RADV_FORCE_FAMILY  wave  RADV_PERFTEST
configs=("gfx9.wave64    VEGA10   64"
         "gfx10_3.wave64 NAVI21   64"
         "gfx10_3.wave32 NAVI21   32 gewave32,pswave32"
         "gfx11.wave64   NAVI31   64"
         "gfx11.wave32   NAVI31   32 gewave32,pswave32"
         "gfx12.wave64   GFX1200  64"
         "gfx12.wave32   GFX1200  32 gewave32,pswave32")

for cfg in "${configs[@]}"; do
   read -r name family wave perftest <<<"$cfg"
   start=$(date +%s)
   log=$out/$name.log
   RADV_FORCE_FAMILY=$family RADV_PERFTEST=${perftest:-} MESA_SHADER_CACHE_DISABLE=true \
      "$runner" --compile-only --required-subgroup-size "$wave" --icd "$icd" \
      --widths 128 --filter "$filter" \
      --log-dir "$out/$name.logs" --csv "$out/$name.csv" \
      --skips "$(dirname "$0")/../expectations/radv-skips.txt" >"$log" 2>&1
   rc=$?
   secs=$(( $(date +%s) - start ))
   summary=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -1)
   device=$(sed -n 's/^runner: width [0-9]*: //p' "$log" | head -1)
   why=""
   [ -n "$summary" ] || why="the runner printed no summary (exit $rc)"
   [[ $summary == *" 0 failed"* ]] || why="${why:+$why; }$summary; first: $(grep -m1 -E ': (fail|crash|timeout)' "$log")"
   [[ $device == *"radv"* || $device == *"RADV"* ]] || why="${why:+$why; }not RADV: $device"
   [ -z "$sha" ] || [[ $device == *"git-$sha"* ]] || why="${why:+$why; }not this checkout's RADV (git-$sha): $device"
   if [ -z "$why" ]; then
      echo "radv.$name: pass (${summary%%,*} compiled in $secs s; $device)"
      passed=$((passed + 1))
   else
      echo "radv.$name: FAIL ($why)"
      failed=$((failed + 1))
   fi
done
echo "compile-only: the passes prove that RADV and ACO compile every case, not the results"
echo "$passed passed, $failed failed, 0 skipped"
[ "$failed" = 0 ]
