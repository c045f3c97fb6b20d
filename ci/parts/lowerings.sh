#!/usr/bin/env bash
# ci/test.sh part: cases again on other NIR lowerings; the written-out generic forms.
# Cases run again on other lowerings, which then run for
# real here (GPU drivers only compile them):
#   - the partitioned cases on nir_lower_subgroups' generic lower_partitioned
#     (GALLIVM_PERF=nosubgroupnative: gallivm's filter keeps no partitioned
#     intrinsic) and on lower_partitioned_scan_to_loop, RADV's and Turnip's
#     (GALLIVM_PERF=partitionloop: gallivm's native reduce and scans once per
#     subset);
#   - the fragment cases at every required size on gallivm's generic
#     builders: at 32 and 64 lanes a fragment subgroup runs in vectors of 16,
#     which the generic code must take too;
#   - the loop cases with gallivm's break mask in every loop (the path of
#     loops whose breaks diverge, and of fragment shaders), at every size;
#   - the generic forms the GPU ISA checks compare our code with, written
#     out by the harness (--written-out: gen_spvasm.py's written_* shaders),
#     held to the reference model like the cases they stand for.
set -uo pipefail
. "$(dirname "$0")/../env.sh"
. "$TOP/ci/lib/count.sh"
count_begin lowerings
for variant in generic:nosubgroupnative loop:partitionloop; do
   tag=${variant%%:*}
   echo "   partitioned family on the $tag lowering (GALLIVM_PERF=${variant#*:})"
   GALLIVM_PERF=${variant#*:} run_lavapipe "$tag" --family partitioned --tag "$tag" "$@"
done
echo "   fragment cases at requiredSubgroupSize 4 to 64 on the generic builders (GALLIVM_PERF=nosubgroupnative)"
GALLIVM_PERF=nosubgroupnative run_lavapipe generic-sizes --sizes 4,8,16,32,64 \
   --filter 'subgroup.*.fragment.*' --tag generic-sizes
echo "   loop cases with the break mask (GALLIVM_PERF=nouniformloops)"
GALLIVM_PERF=nouniformloops run_lavapipe breakmask --family vote \
   --filter 'subgroup.vote.elect_ballot_loop_*' --sizes 4,8,16,32,64 --tag breakmask
echo "   the written-out generic forms of the ISA checks, at 4 to 64 lanes (--written-out)"
run_lavapipe written --written-out --sizes 4,8,16,32,64
