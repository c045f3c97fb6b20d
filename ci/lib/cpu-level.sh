# shellcheck shell=bash
# The native subgroup code at a lower CPU feature level, for the parts
# cpu-avx2 and cpu-sse41 (ci/parts/cpu-*.sh): source it after env.sh and
# count.sh, then call cpu_level CAPS FLAG WIDTHS RUNNER-ARGS...
# gallivm picks its subgroup instructions from the CPU features
# (lp_bld_subgroup.h); Mesa's override "avx" clears AVX-512 (AVX2 stays):
# 8 and 16 lanes at the AVX2 level; "sse4.1" clears AVX: 4 lanes at the
# SSE4.1 level.  Every case of every family at the level's own widths
# (LP_NATIVE_VECTOR_WIDTH), so every (family, operation, stage, type, scan
# kind) runs at the level.  Then 32 and 64 lanes (requiredSubgroupSize:
# LLVM legalizes those vectors into the level's registers, about 0.5 s of
# compilation a case against a few ms at the native widths, where a
# family's cases share their shaders): CI takes one case of every (family,
# operation) at one of the two sizes (--coarse-strata --pool-sizes), the
# part sizes (ci/parts/sizes.sh) every finer stratum at the native level;
# FULL=1 every compute case at 4 to 64 lanes.
if [ "${FULL:-0}" = 0 ]; then
   level_sizes=(--sizes "32,64" --sample 1000 --pool-sizes --coarse-strata)
else
   level_sizes=(--sizes "4,8,16,32,64")
fi
level_families="rotate intel ballot nonsemantic partitioned intel_block intel_image_block vote arith"
# level CAPS NAME LANES...: the runner at a CPU level, LANES and the
# selection being the runner's options (--widths or --sizes, --family ...).
level() {
   local caps=$1 name=$2 log
   shift 2
   log=$OUT/runner-caps-$caps-$name.log
   GALLIUM_OVERRIDE_CPU_CAPS=$caps "$RUNNER" "$@" --tag "caps_$caps" \
      --expectations "$FAILS" --skips "$SKIPS" --log-dir "$OUT/logs-caps-$caps-$name" \
      "${runner_args[@]}" >"$log" 2>&1
   grep -E ': (fail|unexpected-pass)|^note: .*allowed skip|^runner: FAIL' "$log" | head -20
   echo "   caps_$caps $name: $(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -1)"
   count_log "$log" "runner (caps_$caps $name)"
}
# cpu_level CAPS FLAG WIDTHS RUNNER-ARGS...: every run at the level CAPS
# (GALLIUM_OVERRIDE_CPU_CAPS), where /proc/cpuinfo lists FLAG; WIDTHS are
# its native vector widths.
cpu_level() {
   local caps=$1 flag=$2 widths=$3 fam
   shift 3
   runner_args=("$@")
   if ! grep -qw "$flag" /proc/cpuinfo; then
      count_skip "caps_$caps" "this CPU lacks $flag, so the level cannot run here"
      return
   fi
   level "$caps" widths --widths "$widths"
   if [ "${FULL:-0}" = 0 ]; then
      level "$caps" sizes "${level_sizes[@]}"
   else
      for fam in $level_families; do
         level "$caps" "$fam-sizes" "${level_sizes[@]}" --family "$fam"
      done
   fi
}
