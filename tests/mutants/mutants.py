# Copyright © 2026 The mesa-subgroups authors
# SPDX-License-Identifier: MIT
"""The mutants ci/mutants.sh applies: each one a small deliberate bug in the
series' code (a file of the Mesa checkout, the exact text it replaces, the
rule it breaks) and the runs that must fail with it:

  runner:FAMILY[:GLOB]          build/tests/subgroup-runner, all widths
  runner-generic:FAMILY[:GLOB]  the same with GALLIVM_PERF=nosubgroupnative
                                (Mesa's generic code and NIR lowering)
  runner-loop:FAMILY[:GLOB]     the same with GALLIVM_PERF=partitionloop
                                (lower_partitioned_scan_to_loop)
  runner-sizes:FAMILY[:GLOB]    the compute and fragment cases at requiredSubgroupSize 4 to
                                64 (--sizes), one process per family
  runner-generic-sizes:FAMILY[:GLOB]
                                the same with GALLIVM_PERF=nosubgroupnative
  spirv_tests[:GTEST_FILTER]    Mesa's spirv_tests (src/compiler/spirv/tests)
  nir_tests[:GTEST_FILTER]      Mesa's nir_tests (src/compiler/nir/tests)
  piglit:GLOB                   tests/piglit/run-piglit.sh on the mutant's GL
  radv:GLOB                     tests/compile-only/sweep.sh radv (RADV's null
                                device, every GFX level and wave size)
  turnip:GLOB                   tests/compile-only/sweep.sh turnip (Turnip under
                                the freedreno drm-shim, a6xx and a7xx)
  nvk:GLOB                      tests/compile-only/sweep.sh nvk (NVK under the
                                nouveau drm-shim, Turing, Ampere and Ada)
  turnip-isa, radv-isa, nvk-isa tests/compile-only/check-isa.sh (ir3's, ACO's
                                or NAK's ISA)
  nak_test[:FILTER]             NAK's Rust unit tests (the MATCH and REDUX encoder tests)
  cl[:WIDTHS[:GLOB]]            tests/opencl's cl-runner on the mutant's rusticl
                                (llvmpipe) at 4, 8 and 16 lanes (and --il-only),
                                stopping at the first width that fails; WIDTHS
                                (128,256,512) picks the vector widths, GLOB the
                                cases (cl-runner --filter)
  ir3_lower_shuffle_test        Mesa's ir3 test of ir3_nir_lower_shuffle (folded)

Every run a mutant names must pass on the unmutated tree first (run.py
checks each once).  A mutant is killed when one of its runs fails by a
wrong value, an ISA check, an accept/reject test, a compile failure or a
missing advertisement, not by a crash alone; one with every=True only when
all of them do (the identity mutants, which must fail each stage).
A survivor is a missing test: add the test, keep the mutant.  Add mutants
when a capability lands."""

from collections import namedtuple

# also: more (file, old, new) edits of the same mutant.  crash_kills: the
# rule is "no crash" (bad input gets a clean error), so a crash kills it;
# for every other mutant a crash or an abort proves nothing (run.py).
# needs_cpu: a /proc/cpuinfo flag without which the mutated code is not
# built (gallivm's AVX-512 forms): on a CPU lacking it the mutant is not run,
# and the report says so.
Mutant = namedtuple('Mutant', 'id file rule old new run every also crash_kills needs_cpu',
                    defaults=(False, (), False, None))

VTN = 'src/compiler/spirv/vtn_subgroup.c'
VTN_VARS = 'src/compiler/spirv/vtn_variables.c'
SPIRV_TO_NIR = 'src/compiler/spirv/spirv_to_nir.c'
LOWER = 'src/compiler/nir/nir_lower_subgroups.c'
BLOCK_IO = 'src/compiler/nir/nir_lower_subgroup_block_io.c'
GALLIVM = 'src/gallium/auxiliary/gallivm/'
NIR_SOA = GALLIVM + 'lp_bld_nir_soa.c'

# The identity mutants (a driver that is wrong about which invocations
# share a subgroup, the same way in every operation) must fail the vertex
# and fragment cases of the runner and piglit's vertex and fragment tests.
IDENTITY_RUNS = ['runner:ballot:subgroup.ballot.*.vertex.*',
                 'runner:ballot:subgroup.ballot.*.fragment.*',
                 'piglit:piglit.ours.vs-*', 'piglit:piglit.ours.fs-*']

READ_INVOCATION = '''   struct lp_build_context *uint_bld = get_int_bld(bld_base, true, bit_size);

   /* The index is dynamically uniform (SPIR-V: Broadcast, ReadInvocation),
    * so a shuffle by each lane's own copy of it reads the same invocation
    * in every active lane: one permute, instead of finding the first
    * active lane, extracting and broadcasting.
    */
   if (invoc && LLVMGetIntTypeWidth(LLVMGetElementType(LLVMTypeOf(invoc))) == 32 &&
       (result[0] = lp_build_subgroup_shuffle(gallivm, src, invoc)))
      return;

   LLVMValueRef idx = first_active_lane(bld_base, subgroup_mask_vec(bld_base));

   /* If we're emitting readInvocation() (as opposed to readFirstInvocation),
    * use the first active channel to pull the invocation index number out of
    * the invocation arg.
    */
   if (invoc)
      idx = LLVMBuildExtractElement(gallivm->builder, invoc, idx, "");

   LLVMValueRef value = LLVMBuildExtractElement(gallivm->builder,
                                                src, idx, "");
   result[0] = lp_build_broadcast_scalar(uint_bld, value);
'''

# Each half of the vector reads within itself: the first active lane of its
# own half, or lane k of its own half.
READ_INVOCATION_HALVES = '''   LLVMBuilderRef b = gallivm->builder;
   struct lp_build_context *uint_bld = get_int_bld(bld_base, true, bit_size);
   const unsigned n = bld_base->uint_bld.type.length, h = n / 2;
   LLVMTypeRef i32 = bld_base->int_bld.elem_type;
   LLVMValueRef lo, hi;
   if (invoc) {
      LLVMValueRef k = LLVMBuildExtractElement(b, invoc, first_active_invocation(bld_base), "");
      lo = LLVMBuildAnd(b, k, lp_build_const_int32(gallivm, h - 1), "");
      hi = LLVMBuildAdd(b, lo, lp_build_const_int32(gallivm, h), "");
   } else {
      LLVMValueRef act = LLVMBuildICmp(b, LLVMIntNE, mask_vec(bld_base),
                                       bld_base->uint_bld.zero, "");
      LLVMValueRef bits = LLVMBuildZExt(
         b, LLVMBuildBitCast(b, act, LLVMIntTypeInContext(gallivm->context, n), ""), i32, "");
      LLVMValueRef stop = lp_build_const_int32(gallivm, 1u << (h - 1));
      LLVMValueRef f = LLVMConstInt(LLVMInt1TypeInContext(gallivm->context), 0, 0);
      lo = lp_build_intrinsic_binary(b, "llvm.cttz.i32", i32, LLVMBuildOr(b, bits, stop, ""), f);
      hi = LLVMBuildLShr(b, bits, lp_build_const_int32(gallivm, h), "");
      hi = lp_build_intrinsic_binary(b, "llvm.cttz.i32", i32, LLVMBuildOr(b, hi, stop, ""), f);
      hi = LLVMBuildAdd(b, hi, lp_build_const_int32(gallivm, h), "");
   }
   LLVMValueRef upper[64];
   for (unsigned i = 0; i < n; i++)
      upper[i] = LLVMConstInt(LLVMInt1TypeInContext(gallivm->context), i >= h, 0);
   result[0] = LLVMBuildSelect(
      b, LLVMConstVector(upper, n),
      lp_build_broadcast_scalar(uint_bld, LLVMBuildExtractElement(b, src, hi, "")),
      lp_build_broadcast_scalar(uint_bld, LLVMBuildExtractElement(b, src, lo, "")), "");
'''

ROTATE_U32 = 'runner:rotate:subgroup.rotate.compute.uint32.*'

MUTANTS = [
    # --- spirv_to_nir ------------------------------------------------------
    Mutant('vtn-rotate-direction', VTN,
           'SPV_KHR_subgroup_rotate: Value of invocation LocalId + Delta, not LocalId - Delta',
           'res = nir_rotate(nb, value->def, delta,',
           'res = nir_rotate(nb, value->def, nir_ineg(nb, delta),',
           [ROTATE_U32]),
    Mutant('vtn-rotate-cluster-dropped', VTN,
           'SPV_KHR_subgroup_rotate: RotationGroupSize = ClusterSize when present',
           '                          .cluster_size = cluster_size);',
           '                          .cluster_size = 0);',
           [ROTATE_U32]),
    Mutant('vtn-rotate-workgroup-in-vulkan', VTN,
           'VUID-StandaloneSpirv-None-04642: Execution must be Subgroup outside kernels',
           '                   b->options->environment != NIR_SPIRV_OPENCL),',
           '                   false),',
           ['spirv_tests']),
    Mutant('vtn-cluster-size-not-pot', VTN,
           'ClusterSize must be at least 1 and a power of 2',
           'cs == 0 || !util_is_power_of_two_or_zero64(cs) || cs > UINT32_MAX',
           'cs == 0 || cs > UINT32_MAX',
           ['spirv_tests']),
    Mutant('vtn-intel-current-next-swapped', VTN,
           'SPV_INTEL_subgroups ShuffleDown: Current below SubgroupMaxSize, Next above',
           'nir_ult(nb, index, size), lo, hi)',
           'nir_ult(nb, index, size), hi, lo)',
           ['runner:intel:subgroup.intel.shuffle_down.compute.uint32.*']),
    Mutant('nir-block-io-ignores-block-messages', BLOCK_IO,
           'a backend with block messages (has_block_io_intel) keeps buffer block IO',
           '   if (options->has_block_io_intel &&\n       (!options->block_io_intel_native',
           '   if (false &&\n       (!options->block_io_intel_native',
           ['spirv_tests:KernelSubgroups.block_vector16_block_messages']),
    Mutant('vtn-intel-up-delta', VTN,
           'SPV_INTEL_subgroups ShuffleUp: index SubgroupLocalInvocationId - Delta',
           'delta = nir_isub(nb, size, delta);',
           'delta = nir_iadd(nb, size, delta);',
           ['runner:intel:subgroup.intel.shuffle_up.compute.uint32.*']),
    Mutant('vtn-intel-subgroup-size', VTN,
           'SPV_INTEL_subgroups ShuffleDown/Up index over SubgroupMaxSize, not SubgroupSize',
           '      nir_def *size = nir_load_subgroup_max_size(nb);\n      if (opcode == SpvOpSubgroupShuffleUpINTEL)',
           '      nir_def *size = nir_load_subgroup_size(nb);\n      if (opcode == SpvOpSubgroupShuffleUpINTEL)',
           ['spirv_tests:RelativeShuffleEval.*']),
    Mutant('vtn-ballot-unsigned-only', VTN,
           'a ballot is "a 4 component vector of 32 bit integer types": ivec4 too',
           'glsl_type_is_integer(type) && glsl_get_bit_size(type) == 32',
           'glsl_get_base_type(type) == GLSL_TYPE_UINT && glsl_get_bit_size(type) == 32',
           ['spirv_tests']),
    Mutant('vtn-partition-negative-zero', VTN,
           'SPV_EXT_shader_subgroup_partitioned: -0.0 equals +0.0, so they share a subset',
           'nir_def *key = nir_bcsel(b, nir_feq(b, x, zero), zero, x);',
           'nir_def *key = x;',
           ['spirv_tests', 'runner:partitioned:*float*']),
    Mutant('vtn-partitioned-any-instruction', VTN,
           'partitioned group operations only on the 16 OpGroupNonUniform arithmetic instructions',
           'vtn_fail_if(opcode < SpvOpGroupNonUniformIAdd ||',
           'vtn_fail_if(false ||',
           ['spirv_tests']),
    Mutant('vtn-partitioned-inclusive-as-exclusive', VTN,
           'PartitionedInclusiveScan includes the invocation itself',
           'op = nir_intrinsic_partitioned_inclusive_scan;',
           'op = nir_intrinsic_partitioned_exclusive_scan;',
           ['runner:partitioned:*inclusive*']),
    Mutant('vtn-subgroup-size-any', 'src/compiler/spirv/spirv_to_nir.c',
           'SubgroupSize is a required size SUBGROUP_SIZE_REQUIRE_4 to _128 holds: a power '
           'of two from 4 to 128',
           '      vtn_fail_if(!util_is_power_of_two_nonzero(mode->operands[0]) ||',
           '      vtn_fail_if(false && !util_is_power_of_two_nonzero(mode->operands[0]) ||',
           ['spirv_tests:KernelSubgroups.required_subgroup_size']),
    Mutant('vtn-max-size-is-size', VTN_VARS,
           'SubgroupMaxSize is its own system value (differs from SubgroupSize in kernels)',
           '*location = SYSTEM_VALUE_SUBGROUP_MAX_SIZE;',
           '*location = SYSTEM_VALUE_SUBGROUP_SIZE;',
           ['spirv_tests']),
    Mutant('vtn-block-write-no-mask', VTN_VARS,
           'SPV_INTEL_subgroups block write: every component is written',
           'nir_intrinsic_set_write_mask(store, nir_component_mask(data->num_components));',
           '',
           # lavapipe and rusticl build buffer block IO natively now, which
           # stores every component (as brw does); the per-lane lowering of
           # the GPU drivers honours the mask
           ['spirv_tests:KernelSubgroups.block_vector16_lowered']),
    Mutant('vtn-debug-break-ends-types', SPIRV_TO_NIR,
           'SPV_KHR_non_semantic_info: NonSemantic.* instructions may appear among the globals',
           '      return val->ext_handler == vtn_handle_non_semantic_instruction ||\n'
           '             val->ext_handler == vtn_handle_non_semantic_debug_break_instruction;',
           '      return val->ext_handler == vtn_handle_non_semantic_instruction;',
           ['spirv_tests']),
    Mutant('vtn-gl-uniform-builtin', VTN_VARS,
           'GL (glslang -G): UniformConstant subgroup builtins are system values',
           'b->options->environment == NIR_SPIRV_OPENGL && *mode == nir_var_uniform',
           'false && *mode == nir_var_uniform',
           ['spirv_tests']),
    # --- nir -------------------------------------------------------------
    Mutant('nir-partitioned-exclusive-as-inclusive', LOWER,
           'PartitionedExclusiveScan: the identity for the first invocation of a subset',
           '   default:\n      op = nir_intrinsic_exclusive_scan;',
           '   default:\n      op = nir_intrinsic_inclusive_scan;',
           ['runner-generic:partitioned:*exclusive*']),
    Mutant('nir-partitioned-scan-whole-subgroup', LOWER,
           'partitioned scans combine only the invocations of their own subset',
           'nir_def *mask = nir_iand(b, partition, active);',
           'nir_def *mask = active;',
           ['runner-generic:partitioned:*reduce*']),
    Mutant('nir-partition-first-component', LOWER,
           'partition: invocations share a subset only when every component is equal',
           'nir_push_if(b, nir_ball_iequal(b, value, first));',
           'nir_push_if(b, nir_ieq(b, nir_channel(b, value, 0), nir_channel(b, first, 0)));',
           ['runner-generic:partitioned:subgroup.partitioned.partition.*']),
    # Lane 0 for the first active invocation: where lane 0 is inactive or
    # has left, no trip matches the rest and the loop never ends, so no
    # runner route (it would hang); ir3's ISA shows the wrong read.
    Mutant('nir-partition-loop-lane-zero', LOWER,
           'partition without a match instruction: each trip reads the value of the first '
           'active invocation (one elect per trip), not of invocation 0',
           '      nir_def *first = nir_read_first_invocation(b, value);\n      nir_push_if(b, nir_ball_iequal(b, value, first));',
           '      nir_def *first = nir_read_invocation(b, value, nir_imm_int(b, 0));\n      nir_push_if(b, nir_ball_iequal(b, value, first));',
           ['turnip-isa']),
    # The same in the partitioned scans' loop (RADV's and ir3's path).
    Mutant('nir-partitioned-loop-lane-zero', LOWER,
           'partitioned scans as a loop: each trip runs the subset of the first active '
           'invocation, whose ballot it reads, not invocation 0\'s',
           '      nir_def *first = nir_read_first_invocation(b, partition);',
           '      nir_def *first = nir_read_invocation(b, partition, nir_imm_int(b, 0));',
           ['turnip-isa', 'radv-isa']),
    Mutant('nir-partition-bool-inverted', LOWER,
           'partition of a Boolean: the invocations holding the same value',
           'return nir_bcsel(b, value, nir_ballot(b, comps, bits, value),',
           'return nir_bcsel(b, value, nir_ballot(b, comps, bits, nir_inot(b, value)),',
           ['runner-generic:partitioned:subgroup.partitioned.partition.*']),
    Mutant('nir-partition-loop-whole-subgroup', LOWER,
           'partitioned scans as a loop: each trip runs the subset of the first '
           'active invocation only; seen as wrong values on lavapipe and in '
           'ACO\'s ISA (each trip must narrow exec to that subset)',
           'nir_push_if(b, nir_ball_iequal(b, partition, first));',
           'nir_push_if(b, nir_imm_true(b));',
           ['runner-loop:partitioned:*reduce*', 'radv-isa']),
    Mutant('nir-partition-loop-bits-past-subgroup', LOWER,
           'the bits of a partition ballot past the subgroup are ignored',
           '                                 build_subgroup_mask(b, options));',
           '                                 nir_imm_intN_t(b, -1, options->ballot_bit_size));',
           ['runner-loop:partitioned:*.ballot.*']),
    Mutant('nir-partition-loop-inclusive-as-exclusive', LOWER,
           'partitioned scans as a loop: PartitionedInclusiveScan includes the '
           'invocation itself',
           'result = nir_inclusive_scan(b, value, .reduction_op = red_op);',
           'result = nir_exclusive_scan(b, value, .reduction_op = red_op);',
           ['runner-loop:partitioned:*inclusive*']),
    Mutant('nir-scan-reduce-32bit-zero', LOWER,
           'build_scan_reduce emits valid NIR with 64-bit ballots (ballot_bit_size 64): '
           'nir_validate\'s abort on the bit-size mismatch is the failure this rule prevents',
           'nir_def *zero = nir_imm_intN_t(b, 0, options->ballot_bit_size);',
           'nir_def *zero = nir_imm_int(b, 0);',
           ['spirv_tests'], crash_kills=True),
    Mutant('nir-block-io-stride-subgroup-size', BLOCK_IO,
           'SPV_INTEL_subgroups block IO: component k at Ptr[id + k * SubgroupMaxSize]',
           'nir_def *stride = nir_u2uN(b, nir_load_subgroup_max_size(b), bits);',
           'nir_def *stride = nir_u2uN(b, nir_load_subgroup_size(b), bits);',
           ['spirv_tests']),
    # The GPU drivers' only block IO path: the per-lane lowering read as
    # "each invocation reads its own vector" (Ptr[id * N + k]).
    Mutant('nir-block-io-component-interleaved', BLOCK_IO,
           'SPV_INTEL_subgroups block IO: the second value is Ptr[SubgroupLocalInvocationId + '
           'SubgroupMaxSize], not the invocation\'s own next element',
           '      nir_def *index = nir_iadd(b, lane, nir_imul_imm(b, stride, k));',
           '      nir_def *index = nir_iadd_imm(b, nir_imul_imm(b, lane, comps), k);',
           ['nvk-isa', 'radv-isa', 'turnip-isa']),
    # --- gallivm native code ---------------------------------------------
    Mutant('gallivm-block-component-stride', NIR_SOA,
           'SPV_INTEL_subgroups block IO: component k at Ptr[id + k * SubgroupMaxSize] (the '
           'vector length)',
           'LLVMBuildAdd(builder, first_elem, lp_build_const_int32(gallivm, c * length), "");',
           'LLVMBuildAdd(builder, first_elem, lp_build_const_int32(gallivm, c), "");',
           ['runner:intel_block:*read*', 'cl:128:cl.intel_block.read.*']),
    Mutant('gallivm-block-store-whole-vector', NIR_SOA,
           'OpSubgroupBlockWriteINTEL writes "for each invocation in the subgroup": not the '
           'elements of a partial subgroup\'s absent lanes',
           '   lp_build_if(&ifs, gallivm, all);\n   if (store_value) {',
           '   lp_build_if(&ifs, gallivm, store_value ? LLVMConstInt(LLVMInt1TypeInContext('
           'gallivm->context), 1, 0) : all);\n   if (store_value) {',
           ['cl:128:cl.intel_block.write.*', 'cl:128:cl.intel_local_block.write.*']),
    Mutant('gallivm-ballot-ignores-exec', GALLIVM + 'lp_bld_subgroup_ballot.c',
           'a ballot holds only the active invocations whose predicate is true',
           '   c = LLVMBuildAnd(builder, c, active_i1(gallivm, exec), "");\n',
           '',
           ['runner:ballot:subgroup.ballot.ballot*.compute.*']),
    Mutant('gallivm-vote-all-inverted', GALLIVM + 'lp_bld_subgroup_ballot.c',
           'OpGroupNonUniformAll: true when the predicate holds in every active invocation',
           '   case nir_intrinsic_vote_all:\n      res = LLVMBuildICmp(builder, LLVMIntEQ,',
           '   case nir_intrinsic_vote_all:\n      res = LLVMBuildICmp(builder, LLVMIntNE,',
           ['runner:vote:subgroup.vote.all.*']),
    Mutant('gallivm-vote-equal-counts-inactive', GALLIVM + 'lp_bld_subgroup_ballot.c',
           'OpGroupNonUniformAllEqual compares the active invocations only',
           '      ne = LLVMBuildAnd(builder, ne, active_i1(gallivm, exec), "");\n',
           '',
           ['runner:vote:subgroup.vote.all_equal.*']),
    Mutant('gallivm-vote-feq-unordered', GALLIVM + 'lp_bld_subgroup_ballot.c',
           'OpGroupNonUniformAllEqual on floats is ordered equality, as OpFOrdEqual: a NaN is '
           'equal to nothing',
           'LLVMBuildFCmp(builder, LLVMRealOEQ,',
           'LLVMBuildFCmp(builder, LLVMRealUEQ,',
           ['runner:vote:subgroup.vote.all_equal.*']),
    Mutant('gallivm-quad-vote-pairs', GALLIVM + 'lp_bld_subgroup_ballot.c',
           'a quad is four invocations: OpGroupNonUniformQuadAnyKHR / AllKHR vote over '
           'lanes 4k to 4k + 3, not over pairs',
           '   for (unsigned x = 1; x <= 2 && x < n; x <<= 1) {',
           '   for (unsigned x = 1; x <= 1 && x < n; x <<= 1) {',
           ['runner:vote:subgroup.vote.quad_*']),
    Mutant('gallivm-quad-vote-counts-inactive', GALLIVM + 'lp_bld_subgroup_ballot.c',
           'OpGroupNonUniformQuadAnyKHR / AllKHR count the active invocations of the quad only',
           '   vote = LLVMBuildAnd(builder, vote, active_i1(gallivm, active), "");\n',
           '',
           ['runner:vote:subgroup.vote.quad_*']),
    Mutant('gallivm-helpers-left-out', GALLIVM + 'lp_bld_nir_soa.c',
           'under MaximallyReconvergesKHR a fragment shader\'s helper invocations stay active '
           'for every instruction: ballot, reduce, Elect and BroadcastFirst count the demoted',
           '   if (!bld->subgroup_lanes_ptr)\n      return mask_vec(bld_base);\n',
           '   if (bld_base)\n      return mask_vec(bld_base);\n',
           ['runner:ballot:subgroup.ballot.helper_lanes.*']),
    Mutant('gallivm-helpers-whole-subgroup', GALLIVM + 'lp_bld_nir_soa.c',
           'helper invocations are the lanes of quads that hold an invocation, not every lane '
           'of the subgroup (a 32- or 64-lane fragment subgroup holds 16 invocations)',
           '                                                       lp_build_mask_value(bld.mask), NULL);',
           '                                                       lp_build_const_int_vec(gallivm, bld.bld_base.int_bld.type, -1), NULL);',
           ['runner:ballot:subgroup.ballot.helper_lanes.*']),
    Mutant('gallivm-helpers-keep-terminated', GALLIVM + 'lp_bld_nir_soa.c',
           'OpTerminateInvocation ends the invocation: unlike a demoted one, it no longer '
           'takes part in subgroup operations',
           '   if (terminate && bld->subgroup_lanes_ptr) {',
           '   if (!bld_base && bld->subgroup_lanes_ptr) {',
           ['runner:ballot:subgroup.ballot.helper_lanes_terminate.*']),
    Mutant('gallivm-all-equal-not-first', GALLIVM + 'lp_bld_subgroup_ballot.c',
           'OpGroupNonUniformAllEqual compares with the value of an active invocation (the '
           'lowest)',
           '"llvm.cttz.i32"',
           '"llvm.ctlz.i32"',
           ['runner:vote:subgroup.vote.all_equal.*']),
    Mutant('gallivm-shuffle2-sources-swapped', GALLIVM + 'lp_bld_subgroup_permute.c',
           'two-source permute: indices below N read the first source (ShuffleDown Current)',
           'return LLVMBuildSelect(builder, use_b, from_b, from_a, "");',
           'return LLVMBuildSelect(builder, use_b, from_a, from_b, "");',
           ['runner:intel:subgroup.intel.shuffle_down.compute.uint32.*',
            'runner-avx2:intel:subgroup.intel.shuffle_down.compute.uint32.*']),
    Mutant('gallivm-avx2-16-lane-halves', GALLIVM + 'lp_bld_subgroup_permute.c',
           'a 16-lane shuffle on AVX2 picks the upper half for indices 8-15',
           'half[h] = LLVMBuildSelect(builder, use_hi, from_hi, from_lo, "");',
           'half[h] = LLVMBuildSelect(builder, use_hi, from_lo, from_hi, "");',
           ['runner:intel:subgroup.intel.shuffle.compute.uint32.size16.*',
            'runner-avx2:intel:subgroup.intel.shuffle.compute.uint32.size16.*']),
    Mutant('gallivm-pshufb-byte-index', GALLIVM + 'lp_bld_subgroup_permute.c',
           'pshufb (SSSE3): lane index i selects bytes 4i to 4i+3',
           'lp_build_const_int_vec(gallivm, i32x4, 0x04040404)',
           'lp_build_const_int_vec(gallivm, i32x4, 0x01010101)',
           ['runner-sse41:intel:subgroup.intel.shuffle.compute.uint32.size4.*']),
    Mutant('gallivm-scan-exclusive-unshifted', GALLIVM + 'lp_bld_subgroup_scan.c',
           'an exclusive scan leaves the invocation itself out',
           'v = move_lanes(gallivm, v, fill, MAP_SHIFT_UP, 1, n);',
           'v = LLVMBuildFreeze(builder, v, "");',
           ['runner:arith:subgroup.arith.iadd.compute.uint32.*']),
    Mutant('gallivm-scan-inactive-lanes', GALLIVM + 'lp_bld_subgroup_scan.c',
           'reduce and scans combine the active invocations only',
           'v = LLVMBuildSelect(builder, active, v, fill, "");',
           '(void)active;',
           ['runner:arith:subgroup.arith.iadd.compute.uint32.*',
            'runner:ballot:subgroup.ballot.active_count.*']),
    Mutant('gallivm-absent-positive-zero-16-64', GALLIVM + 'lp_bld_subgroup_scan.c',
           'FAdd: absent and inactive invocations add nothing (a set of -0.0 sums '
           'to -0.0) at every float width',
           'if (op != nir_op_fadd)\n      return id;',
           'if (op != nir_op_fadd || bld->type.width != 32)\n      return id;',
           ['runner:arith:subgroup.arith.fadd.compute.float[16][64].*.zeros.*']),
    Mutant('gallivm-cluster-whole-subgroup', GALLIVM + 'lp_bld_subgroup_scan.c',
           'ClusteredReduce combines within clusters of ClusterSize invocations',
           'if (cluster == 0 || cluster > n)',
           'if (true)',
           ['runner:arith:*cluster*']),
    Mutant('gallivm-scan-identity-32bit', GALLIVM + 'lp_bld_subgroup_scan.c',
           'the identity of an 8-, 16- or 64-bit reduce / scan is that size\'s',
           'nir_alu_binop_identity(op, id_bits);',
           'nir_alu_binop_identity(op, 32);',
           ['runner:arith:subgroup.arith.smin.compute.uint8.*',
            'runner:partitioned:subgroup.partitioned.fmin.compute.float16.*']),
    Mutant('gallivm-fadd-absent-plus-zero', GALLIVM + 'lp_bld_subgroup_scan.c',
           'FAdd over a lone -0.0 (or -0.0s only) is -0.0: absent lanes add -0.0',
           'if (op != nir_op_fadd)\n      return id;',
           'if (true)\n      return id;',
           ['runner:arith:subgroup.arith.fadd.compute.float32.*.zeros.*',
            'runner:partitioned:subgroup.partitioned.fadd.compute.float32.*.zeros.*']),
    Mutant('gallivm-partitioned-scan-inactive-lanes', GALLIVM + 'lp_bld_subgroup_scan.c',
           'partitioned reduce / scans combine the active members only',
           'x = LLVMBuildSelect(builder, active, x, fill, "");',
           '(void)active;',
           ['runner:partitioned:subgroup.partitioned.*.ballot.*.divergent']),
    Mutant('gallivm-narrow-imin-zero-extended', GALLIVM + 'lp_bld_subgroup_scan.c',
           'SMin / SMax read 8- and 16-bit integers as signed',
           'if (op == nir_op_imin || op == nir_op_imax)\n      return LLVMBuildSExt',
           'if (false)\n      return LLVMBuildSExt',
           ['cl:128:cl.extended.*char*',
            'runner:arith:subgroup.arith.smin.compute.uint8.*',
            'runner:partitioned:subgroup.partitioned.smax.compute.uint16.*']),
    Mutant('gallivm-partitioned-accumulators-unjoined', GALLIVM + 'lp_bld_subgroup_scan.c',
           'a partitioned reduce / scan combines every member, whichever accumulator took it',
           'accs[a] = combine(&bld, op, accs[a], accs[a + step]);',
           '(void)accs[a + step];',
           ['runner:partitioned:subgroup.partitioned.iadd.*']),
    Mutant('gallivm-read-invocation-own-lane', GALLIVM + 'lp_bld_nir_soa.c',
           'ReadInvocation returns the value of the invocation given by Index',
           '(result[0] = lp_build_subgroup_shuffle(gallivm, src, invoc)))',
           '(result[0] = src))',
           ['runner:ballot:subgroup.ballot.read_invocation.*']),
    Mutant('gallivm-shuffle-drops-any-mask', GALLIVM + 'lp_bld_subgroup_permute.c',
           'only an AND with SubgroupSize - 1 leaves a shuffle index as it reads',
           'lane_mask = LLVMIsAConstantInt(e) && LLVMConstIntGetZExtValue(e) == n - 1;',
           'lane_mask = LLVMIsAConstantInt(e);',
           ['runner:rotate:subgroup.rotate.compute.uint32.*cluster*',
            'runner:intel:subgroup.intel.*.uint32.*']),
    Mutant('gallivm-scan-block-step-shifts', GALLIVM + 'lp_bld_subgroup_scan.c',
           'an inclusive scan adds every lower lane: across blocks, their totals',
           'from = i / block * block - s + block - 1;',
           'from = i - s;',
           ['runner:arith:subgroup.arith.iadd.compute.uint32.*.inclusive.*']),
    Mutant('gallivm-partition-ignores-exec', GALLIVM + 'lp_bld_subgroup_match.c',
           'partition: a ballot of active invocations',
           'return LLVMBuildAnd(builder, m, lp_build_broadcast(gallivm, LLVMTypeOf(m), active), "");',
           'return m;',
           ['runner:partitioned:subgroup.partitioned.partition.*']),
    Mutant('gallivm-partition-misses-self', GALLIVM + 'lp_bld_subgroup_match.c',
           'partition: an invocation is in its own subset',
           'LLVMValueRef m = lane_const(gallivm, n, f_rotate_bit, 0);',
           'LLVMValueRef m = LLVMConstNull(t32);',
           ['runner:partitioned:subgroup.partitioned.partition.*',
            'runner-avx2:partitioned:subgroup.partitioned.partition.*']),
    Mutant('gallivm-partitioned-scan-ignores-ballot', GALLIVM + 'lp_bld_subgroup_scan.c',
           'partitioned reduce / scans combine only their subset',
           'take = LLVMBuildAnd(builder, mask, LLVMConstVector(bit, n), "");',
           'take = LLVMConstVector(bit, n);',
           ['runner:partitioned:subgroup.partitioned.fadd.*',
            'runner-avx2:partitioned:subgroup.partitioned.iadd.*']),
    Mutant('gallivm-partitioned-sign-test-ignores-ballot', GALLIVM + 'lp_bld_subgroup_scan.c',
           'partitioned reduce / scans combine only their subset (AVX-512 integers)',
           'take = LLVMBuildShl(builder, mask, LLVMConstVector(bit, n), "");',
           'take = LLVMBuildShl(builder, LLVMConstAllOnes(mt), LLVMConstVector(bit, n), "");',
           ['runner:partitioned:subgroup.partitioned.iadd.*'],
           needs_cpu='avx512f'),
    Mutant('gallivm-partitioned-sign-test-floats', GALLIVM + 'lp_bld_subgroup_scan.c',
           'an FAdd scan over no member is -0.0, and one over -0.0s stays -0.0',
           'nir_op_infos[op].output_type != nir_type_float && lp_build_subgroup_mask_registers(n);',
           'lp_build_subgroup_mask_registers(n);',
           ['runner:partitioned:subgroup.partitioned.fadd.compute.float32.*.zeros.*'],
           needs_cpu='avx512f'),
    # --- kernel rotation (evaluated with SubgroupMaxSize > SubgroupSize) ----
    Mutant('vtn-kernel-rotate-subgroup-size', VTN,
           'SPV_KHR_subgroup_rotate: RotationGroupSize = SubgroupMaxSize with the Kernel '
           'capability',
           'nir_def *mask = nir_iadd_imm(nb, nir_load_subgroup_max_size(nb), -1);',
           'nir_def *mask = nir_iadd_imm(nb, nir_load_subgroup_size(nb), -1);',
           ['spirv_tests:KernelRotateEval.*']),
    Mutant('vtn-workgroup-rotate-subgroup-size', VTN,
           'SPV_KHR_subgroup_rotate, Execution Workgroup: groups of SubgroupMaxSize '
           'invocations without ClusterSize',
           ': nir_load_subgroup_max_size(nb);\n         res = nir_rotate_workgroup',
           ': nir_load_subgroup_size(nb);\n         res = nir_rotate_workgroup',
           ['spirv_tests:KernelRotateEval.*']),
    Mutant('nir-workgroup-rotate-no-group-base', 'src/compiler/nir/nir_lower_workgroup_rotate.c',
           'SPV_KHR_subgroup_rotate, Execution Workgroup: each group rotates within itself',
           'nir_def *source = nir_iadd(b, nir_isub(b, index, in_group),',
           'nir_def *source = nir_iadd(b, nir_imm_int(b, 0),',
           ['spirv_tests:KernelRotateEval.*']),
    # --- llvmpipe ----------------------------------------------------------
    Mutant('llvmpipe-cache-ignores-width', 'src/gallium/drivers/llvmpipe/lp_screen.c',
           'code built for one vector width (subgroup size) is wrong at another',
           '   _mesa_sha1_update(&ctx, &lp_native_vector_width, sizeof(lp_native_vector_width));\n',
           '',
           ['cache']),
    Mutant('llvmpipe-cache-ignores-gallivm-perf', 'src/gallium/drivers/llvmpipe/lp_screen.c',
           'GALLIVM_PERF=nosubgroupnative changes the code, so it is part of the cache key',
           '   _mesa_sha1_update(&ctx, &gallivm_perf, sizeof(gallivm_perf));\n',
           '',
           ['cache']),
    Mutant('llvmpipe-blend-16-wide', 'src/gallium/drivers/llvmpipe/lp_state_fs.c',
           'a 16-wide fragment vector is blended as two 8-wide halves: the blend has no '
           '16-wide form, and its abort at 16 lanes is the failure this rule prevents',
           'if (fs_type.length == 16) {',
           'if (false) {',
           ['runner:ballot:subgroup.ballot.ballot.fragment.*'], crash_kills=True),
    Mutant('llvmpipe-blend16-mask-halves-swapped', 'src/gallium/drivers/llvmpipe/lp_state_fs.c',
           'a 16-wide fragment vector holds rows 0-1 of its 4x4 block in its low half: '
           'the 8-wide blend of those rows (the only one of a 1D resource) takes that '
           'half of the mask',
           'lp_build_extract_range(gallivm, fs_mask[i], 8 * h, 8);',
           'lp_build_extract_range(gallivm, fs_mask[i], 8 * (1 - h), 8);',
           ['piglit:piglit.ours.one_row.*']),
    Mutant('llvmpipe-depth16-load-halves-swapped', 'src/gallium/drivers/llvmpipe/lp_bld_depth.c',
           'a 16-wide fragment vector holds rows 0-1 of its 4x4 block in its low half and '
           'rows 2-3 in its high half: the depth buffer is read in that order',
           '                                           depth_ptr, depth_stride, &z[0], &s[0],\n'
           '                                           depth_half_loop(gallivm, loop_counter, 0));',
           '                                           depth_ptr, depth_stride, &z[0], &s[0],\n'
           '                                           depth_half_loop(gallivm, loop_counter, 1));',
           ['piglit:piglit.ours.depth_rows.*']),
    Mutant('llvmpipe-depth16-store-halves-swapped', 'src/gallium/drivers/llvmpipe/lp_bld_depth.c',
           'a 16-wide fragment vector holds rows 0-1 of its 4x4 block in its low half and '
           'rows 2-3 in its high half: the depth buffer is written in that order',
           '                                               depth_half_loop(gallivm, loop_counter, h),',
           '                                               depth_half_loop(gallivm, loop_counter, 1 - h),',
           ['piglit:piglit.ours.depth_rows.*']),
    Mutant('llvmpipe-no-tri-guard-band', 'src/gallium/drivers/llvmpipe/lp_context.c',
           'a triangle that reaches past the viewport stays one primitive, so each '
           '2x2 quad of its fragments is shaded together',
           '   draw_enable_tri_guard_band(llvmpipe->draw, true);',
           '   draw_enable_tri_guard_band(llvmpipe->draw, false);',
           ['piglit:piglit.ours.whole_quads_depth.*']),
    Mutant('llvmpipe-tri-not-cut-to-viewport', 'src/gallium/drivers/llvmpipe/lp_setup.c',
           'triangles clipped at the guard band are cut to their viewport: no fragment '
           'outside it',
           '         u_rect_possible_intersection(&setup->viewport_rects[i],\n'
           '                                      &setup->tri_regions[i]);',
           '         (void)0;',
           ['piglit:piglit.ours.viewport_cut.*']),
    Mutant('draw-guard-band-unfilled', 'src/gallium/auxiliary/draw/draw_pipe_clip.c',
           'an unfilled triangle becomes lines after the clip stage, and the driver does '
           'not cut lines to the viewport: it is clipped at the viewport, not at the guard band',
           '   return draw->driver.tri_guard_band &&\n'
           '          draw->rasterizer->fill_front == PIPE_POLYGON_MODE_FILL &&\n'
           '          draw->rasterizer->fill_back == PIPE_POLYGON_MODE_FILL;',
           '   return draw->driver.tri_guard_band;',
           ['piglit:piglit.ours.viewport_cut.*']),
    Mutant('draw-guard-band-vertex-unmapped', 'src/gallium/auxiliary/draw/draw_pipe_clip.c',
           'a vertex outside the viewport that the guard band keeps gets its window '
           'position',
           '   dst->clipmask = 0;\n'
           '   window_pos(clip_stage(stage), dst, viewport_index);',
           '   dst->clipmask = 0;',
           ['piglit:piglit.ours.whole_quads_gs.*']),
    # --- RADV (compile-only: a mutant must break compilation or advertising) --
    Mutant('radv-partitioned-not-lowered', 'src/amd/vulkan/radv_shader.c',
           'RADV advertises partitioned, so its intrinsics must reach ACO lowered '
           '(ACO has no partitioned instruction selection)',
           '               .lower_partitioned = true,',
           '               .lower_partitioned = false,',
           ['radv:subgroup.partitioned.iadd.compute.uint32.*']),
    Mutant('radv-partitioned-not-advertised', 'src/amd/vulkan/radv_physical_device.c',
           'VK_NV_shader_subgroup_partitioned: supportedOperations has '
           'VK_SUBGROUP_FEATURE_PARTITIONED_BIT_NV',
           ' |\n                                     VK_SUBGROUP_FEATURE_PARTITIONED_BIT_NV,',
           ',',
           ['radv:subgroup.partitioned.iadd.compute.uint32.*']),
    Mutant('radv-partition-loop-off', 'src/amd/vulkan/radv_shader.c',
           'RADV runs ACO\'s reduce and scans once per subset of a partition '
           'unless RADV_DEBUG=nopartitionloop',
           '.lower_partitioned_scan_to_loop = !(instance->debug_flags & RADV_DEBUG_NO_PARTITION_LOOP),',
           '.lower_partitioned_scan_to_loop = false,',
           ['radv-isa']),
    # --- Turnip / ir3 (compile-only, like RADV) -----------------------------
    Mutant('ir3-partitioned-not-lowered', 'src/freedreno/ir3/ir3_nir.c',
           'Turnip advertises partitioned, so its intrinsics must reach ir3 lowered '
           '(ir3 has no partitioned instruction selection)',
           '            .lower_partitioned = true,',
           '            .lower_partitioned = false,',
           ['turnip:subgroup.partitioned.iadd.compute.uint32.*']),
    Mutant('tu-partitioned-not-advertised', 'src/freedreno/vulkan/tu_device.cc',
           'VK_NV_shader_subgroup_partitioned: supportedOperations has '
           'VK_SUBGROUP_FEATURE_PARTITIONED_BIT_NV',
           ' |\n                                    VK_SUBGROUP_FEATURE_PARTITIONED_BIT_NV;',
           ';',
           ['turnip:subgroup.partitioned.iadd.compute.uint32.*']),
    Mutant('tu-ballot-ext-not-advertised', 'src/freedreno/vulkan/tu_device.cc',
           'SPV_KHR_shader_ballot needs VK_EXT_shader_subgroup_ballot',
           '      .EXT_shader_subgroup_ballot = true,\n',
           '',
           ['turnip:subgroup.ballot.*']),
    Mutant('tu-block-io-not-lowered', 'src/freedreno/vulkan/tu_shader.cc',
           'SPV_INTEL_subgroups block IO reaches ir3 only lowered to per-lane accesses',
           '   NIR_PASS_V(nir, nir_lower_subgroup_block_io);\n',
           '',
           ['turnip:subgroup.intel_block.block_read.compute.uint32.*']),
    Mutant('ir3-clustered-rotate-loop', 'src/freedreno/ir3/ir3_nir.c',
           'with shfl, a clustered rotate is two shfl and a select, not the shuffle loop',
           '''               compiler->has_shfl &&
               !(ir3_shader_debug & IR3_DBG_NOSHFLCLUSTER),''',
           '''               false,''',
           ['turnip-isa']),
    Mutant('ir3-shuffle-offset-loop', 'src/freedreno/ir3/ir3_lower_subgroups.c',
           'a shuffle of the invocation plus a uniform offset is one shfl, not the shuffle loop',
           '      if (offset)\n         return nir_rotate(b, val, offset);',
           '      if (offset && false)\n         return nir_rotate(b, val, offset);',
           ['turnip-isa', 'ir3_lower_shuffle_test']),
    Mutant('ir3-shuffle-offset-sign', 'src/freedreno/ir3/ir3_lower_subgroups.c',
           'SPV_INTEL_subgroups ShuffleUp: index = id - Delta, so an isub subtracts the offset',
           'return op == nir_op_iadd ? nir_iadd(b, offset, o) : nir_isub(b, offset, o);',
           'return op == nir_op_iadd ? nir_iadd(b, offset, o) : nir_iadd(b, offset, o);',
           ['ir3_lower_shuffle_test']),
    Mutant('ir3-rotate-shfl-up', 'src/freedreno/ir3/ir3_compiler_nir.c',
           'a rotate reads lane id + delta: ir3 selects shfl.rdown for it, not shfl.rup',
           '   case nir_intrinsic_rotate:\n      return SHFL_RDOWN;',
           '   case nir_intrinsic_rotate:\n      return SHFL_RUP;',
           ['turnip-isa']),
    Mutant('ir3-partition-loop-off', 'src/freedreno/ir3/ir3_nir.c',
           'ir3 runs a scan macro once per subset of a partition unless '
           'IR3_SHADER_DEBUG=nopartitionloop',
           '!(ir3_shader_debug & IR3_DBG_NOPARTITIONLOOP),',
           'false,',
           ['turnip-isa']),
    Mutant('nir-rotate-clustered-wrap-up', LOWER,
           'SPV_KHR_subgroup_rotate: lanes past the cluster end wrap to its start, '
           'a rotate down by Delta mod ClusterSize minus ClusterSize',
           'nir_iadd_imm(b, delta, -(int64_t)cluster_size)',
           'nir_iadd_imm(b, delta, (int64_t)cluster_size)',
           ['nir_tests:nir_lower_rotate_clustered_test.*']),
    Mutant('nir-rotate-clustered-select-flipped', LOWER,
           'SPV_KHR_subgroup_rotate: a lane whose position plus Delta stays inside its '
           'cluster reads the plain rotate',
           'nir_def *in_cluster = nir_ult(b,',
           'nir_def *in_cluster = nir_uge(b,',
           ['nir_tests:nir_lower_rotate_clustered_test.*']),
    # --- subgroup sizes a compute pipeline requires (4 to 64 lanes) ---------
    Mutant('llvmpipe-required-size-ignored', GALLIVM + 'lp_bld_nir.c',
           'VK_EXT_subgroup_size_control: a compute pipeline runs at its '
           'requiredSubgroupSize',
           '      return info->subgroup_size;\n',
           '      return lp_native_subgroup_size();\n',
           ['runner-sizes:ballot']),
    Mutant('llvmpipe-fragment-required-size-ignored', GALLIVM + 'lp_bld_nir.c',
           'VK_EXT_subgroup_size_control: a fragment shader runs at its requiredSubgroupSize '
           '(lavapipe lists fragment in requiredSubgroupSizeStages)',
           '        info->stage == MESA_SHADER_FRAGMENT) &&\n',
           '        false) &&\n',
           ['runner-sizes:ballot:subgroup.ballot.*.fragment.*']),
    Mutant('llvmpipe-fragment-vectors-native', 'src/gallium/drivers/llvmpipe/lp_state_fs.c',
           'a fragment shader\'s vectors have the lanes of its subgroup, up to one 4x4 stamp',
           'fs_type.length = lp_shader_lanes(&nir->info);',
           'fs_type.length = MIN2(lp_native_vector_width / 32, 16);',
           ['runner-sizes:ballot:subgroup.ballot.*.fragment.*']),
    Mutant('gallivm-fragment-cluster-above-lanes', GALLIVM + 'lp_bld_nir.c',
           'a cluster of 32 in a fragment subgroup of 64 lanes, whose 16 invocations fill '
           'vectors of 16, reduces all of them',
           '      if (nir_intrinsic_cluster_size(intrin) < lanes)\n',
           '      if (true)\n',
           ['runner-generic-sizes:arith:subgroup.arith.iadd.fragment.*.cluster32.*']),
    Mutant('gallivm-texture-call-first-part', GALLIVM + 'lp_bld_jit_sample.c',
           'a shader wider than the native texture functions calls them on each part of its '
           'lanes',
           'part_args[i] = vector_lanes(gallivm, args[i], p * native, native);',
           'part_args[i] = vector_lanes(gallivm, args[i], 0, native);',
           ['runner-sizes:intel_image_block']),
    Mutant('gallivm-ballot-64-low-word', GALLIVM + 'lp_bld_subgroup_ballot.c',
           'a 64-lane ballot holds lanes 32 to 63 in its upper word',
           '   return broadcast(gallivm, lp_build_subgroup_ballot_bits(gallivm, cond, exec), lp_build_subgroup_lanes(cond));',
           '''   LLVMValueRef bits = lp_build_subgroup_ballot_bits(gallivm, cond, exec);
   if (lp_build_subgroup_lanes(cond) == 64)
      bits = LLVMBuildAnd(gallivm->builder, bits, LLVMConstInt(LLVMTypeOf(bits), 0xffffffffull, 0), "");
   return broadcast(gallivm, bits, lp_build_subgroup_lanes(cond));''',
           ['runner-sizes:ballot']),
    Mutant('gallivm-exclusive-fadd-64-low-mask', GALLIVM + 'lp_bld_subgroup_scan.c',
           'an exclusive FAdd scan is the identity only where no active lane is below, lanes '
           '32 to 63 included',
           'below[i] = LLVMConstInt(bits_type, (1ull << i) - 1, 0);',
           'below[i] = LLVMConstInt(bits_type, (1ull << (i & 31)) - 1, 0);',
           ['runner-sizes:arith:subgroup.arith.fadd.*.exclusive.zeros.*']),
    Mutant('gallivm-permute-64-pair-swapped', GALLIVM + 'lp_bld_subgroup_permute.c',
           'a 64-lane permute takes lanes 32 to 63 from the second pair of registers',
           'out[p] = LLVMBuildSelect(builder, use_hi, pair[1], pair[0], "");',
           'out[p] = LLVMBuildSelect(builder, use_hi, pair[0], pair[1], "");',
           ['runner-sizes:intel:subgroup.intel.shuffle.*']),
    Mutant('gallivm-elect-every-active', GALLIVM + 'lp_bld_subgroup_ballot.c',
           'OpGroupNonUniformElect is true in the lowest active invocation only',
           'LLVMValueRef lowest = LLVMBuildAnd(builder, bits, LLVMBuildNeg(builder, bits, ""), "");',
           'LLVMValueRef lowest = bits;',
           ['runner:vote:subgroup.vote.elect.*'],
           needs_cpu='avx512f'),
    Mutant('gallivm-uniform-break-unguarded', NIR_SOA,
           'a break of a uniform loop leaves it only when an invocation reaches the break',
           'lp_exec_break_uniform(&bld->exec_mask, lp_build_any_active(bld_base, mask_vec(bld_base)));',
           'lp_exec_break_uniform(&bld->exec_mask, LLVMConstInt(LLVMInt1TypeInContext('
           'bld_base->base.gallivm->context), 1, 0));',
           ['runner-sizes:vote:subgroup.vote.elect_ballot_loop_*']),
    Mutant('gallivm-uniform-break-existing-lanes', NIR_SOA,
           'a break of a uniform loop is tested in the invocations that execute it, not in '
           'every lane that exists',
           'lp_exec_break_uniform(&bld->exec_mask, lp_build_any_active(bld_base, mask_vec(bld_base)));',
           'lp_exec_break_uniform(&bld->exec_mask, lp_build_any_active(bld_base, '
           'lp_build_mask_value(bld->mask)));',
           ['runner-sizes:vote:subgroup.vote.elect_ballot_loop_*']),
    Mutant('gallivm-uniform-loop-divergent', GALLIVM + 'lp_bld_nir.c',
           'a loop whose breaks diverge keeps its break mask',
           'bld_base->bgnloop(bld_base, !loop->divergent_break);',
           'bld_base->bgnloop(bld_base, true);',
           ['runner-sizes:vote:subgroup.vote.elect_ballot_loop_*']),
    Mutant('gallivm-partition-wide-bit', GALLIVM + 'lp_bld_subgroup_match.c',
           'partition above 16 lanes: a lane of register 1 or 3 holds bits 16 to 31 of its '
           'ballot word',
           'bit[i] = lp_build_const_int32(gallivm, 1u << ((i + t) % ZMM_LANES + ZMM_LANES * (s % 2)));',
           'bit[i] = lp_build_const_int32(gallivm, 1u << ((i + t) % ZMM_LANES));',
           ['runner-sizes:partitioned:subgroup.partitioned.partition.compute.*.size[36][24].*'],
           needs_cpu='avx512cd'),
    Mutant('gallivm-partition-64-high-word', GALLIVM + 'lp_bld_subgroup_match.c',
           'a 64-lane partition holds lanes 32 to 63 in its upper word',
           'res[r] = LLVMBuildOr(builder, LLVMBuildZExt(builder, word[0], wt, ""), high, "");',
           'res[r] = LLVMBuildZExt(builder, word[0], wt, "");',
           ['runner-sizes:partitioned:subgroup.partitioned.partition.compute.*.size[36][24].*'],
           needs_cpu='avx512cd'),
    Mutant('gallivm-partition-vector-first-word', GALLIVM + 'lp_bld_nir.c',
           'the partition of a vector is the AND of its components\' partitions, in every '
           'ballot word',
           'for (unsigned w = 0; c > 0 && w < instr->def.num_components; w++)',
           'for (unsigned w = 0; c > 0 && w < 1; w++)',
           ['runner-sizes:partitioned:subgroup.partitioned.partition.compute.v*.size64.*'],
           needs_cpu='avx512cd'),
    # --- ANV / brw --------------------------------------------------------------
    Mutant('brw-block-io-never-native', 'src/intel/compiler/brw_compiler.c',
           '32- and 64-bit buffer block IO goes to brw\'s block messages (brw\'s '
           'block_io_intel_native rule)',
           '   return bit_size == 32 || bit_size == 64;',
           '   return false;',
           ['anv-isa']),
    Mutant('anv-block-io-robust-native', 'src/intel/vulkan/anv_pipeline.c',
           'under robust buffer access SSBO block IO is per lane (no bounds check in a '
           'block message)',
           '   return !((*robust_flags & BRW_ROBUSTNESS_SSBO) &&',
           '   return !(false && (*robust_flags & BRW_ROBUSTNESS_SSBO) &&',
           ['anv-isa']),
    Mutant('brw-block-io-64bit-half', 'src/intel/compiler/brw_fs_nir.cpp',
           'a 64-bit block access moves two dwords per channel',
           '      const unsigned dwords_per_value = nir_bit_size / 32;',
           '      const unsigned dwords_per_value = 1;',
           ['anv-isa']),
    Mutant('iris-xe2-simd8', 'src/gallium/drivers/iris/iris_screen.c',
           'Xe2 has no SIMD8: iris reports subgroup sizes 16 and 32 there',
           '      RET((uint32_t []) { devinfo->ver >= 20 ? 32 | 16 : 32 | 16 | 8 });',
           '      RET((uint32_t []) { 32 | 16 | 8 });',
           ['iris']),
    Mutant('rusticl-partial-size-full', 'src/gallium/frontends/rusticl/rusticl_nir.c',
           'on a device with several subgroup sizes a partial subgroup\'s SubgroupSize '
           'counts its work-items (min with the maximum)',
           '   nir_def *size = nir_umin(b, nir_isub(b, invocations, first), max);',
           '   nir_def *size = max;\n   (void)invocations;\n   (void)first;',
           ['iris-isa']),
    Mutant('brw-partitioned-scan-masked', 'src/intel/compiler/brw_nir.c',
           'a partitioned reduce or scan is brw\'s own scan once per subset, in a loop',
           '      .lower_partitioned_scan_to_loop = true,',
           '      .lower_partitioned_scan_to_loop = false,',
           ['anv-isa']),
    # --- NVK / NAK --------------------------------------------------------------
    Mutant('nak-match-all', 'src/nouveau/compiler/nak/sm70.rs',
           'partition is MATCH.ANY (bit 79 set), not MATCH.ALL',
           '        e.set_bit(79, true);',
           '        e.set_bit(79, false);',
           ['nak_test:sm70::tests']),
    Mutant('nak-match-u64-dropped', 'src/nouveau/compiler/nak/sm70.rs',
           'a 64-bit key compares both halves (.U64, bit 73)',
           '        e.set_bit(73, self.u64);',
           '        e.set_bit(73, false);',
           ['nak_test:sm70::tests']),
    Mutant('nak-match-unused', 'src/nouveau/compiler/nak_nir.c',
           'on SM70+ partition is left to NAK, one MATCH.ANY',
           '   return intrin->intrinsic != nir_intrinsic_partition ||\n          !nak_has_match_any(nak);',
           '   return true;',
           ['nvk-isa']),
    Mutant('nak-redux-signed-dropped', 'src/nouveau/compiler/nak/sm70.rs',
           'a signed minimum or maximum is REDUX .S32 (bit 73)',
           '        e.set_reg_src(24..32, self.src);\n        e.set_bit(73, self.signed);',
           '        e.set_reg_src(24..32, self.src);\n        e.set_bit(73, false);',
           ['nak_test:sm70::tests']),
    Mutant('nak-redux-unused', 'src/nouveau/compiler/nak_nir_lower_scan_reduce.c',
           'on SM80+ a 32-bit integer reduce of the whole subgroup is left to NAK, one REDUX',
           '   if (nak_nir_is_redux(nak, intrin))\n      return false;',
           '   if (false)\n      return false;',
           ['nvk-isa']),
    # NAK's instruction selection (from_nir.rs), killed by check-isa.sh nvk
    Mutant('nak-redux-imin-unsigned', 'src/nouveau/compiler/nak/from_nir.rs',
           'a signed minimum reduce is REDUX.MIN.S32, not the unsigned REDUX.MIN',
           'nir_op_imin => (ReduxOp::Min, true),',
           'nir_op_imin => (ReduxOp::Min, false),',
           ['nvk-isa']),
    Mutant('nak-redux-imax-as-min', 'src/nouveau/compiler/nak/from_nir.rs',
           'a signed maximum reduce is REDUX.MAX.S32',
           'nir_op_imax => (ReduxOp::Max, true),',
           'nir_op_imax => (ReduxOp::Min, true),',
           ['nvk-isa']),
    Mutant('nak-redux-umax-signed', 'src/nouveau/compiler/nak/from_nir.rs',
           'an unsigned maximum reduce is REDUX.MAX without .S32',
           'nir_op_umax => (ReduxOp::Max, false),',
           'nir_op_umax => (ReduxOp::Max, true),',
           ['nvk-isa']),
    Mutant('nak-redux-ior-as-xor', 'src/nouveau/compiler/nak/from_nir.rs',
           'an OR reduce is REDUX.OR',
           'nir_op_ior => (ReduxOp::Or, false),',
           'nir_op_ior => (ReduxOp::Xor, false),',
           ['nvk-isa']),
    Mutant('nak-redux-clustered', 'src/nouveau/compiler/nak_nir_lower_scan_reduce.c',
           'ClusteredReduce below 32 lanes combines its cluster only: no REDUX, '
           'which takes every active thread',
           '   if (nir_intrinsic_cluster_size(intrin) != 0 && nir_intrinsic_cluster_size(intrin) < 32)\n'
           '      return false;\n',
           '',
           ['nvk-isa']),
    Mutant('nak-match-low-word', 'src/nouveau/compiler/nak/from_nir.rs',
           'a 64-bit partition key is compared whole: MATCH.ANY.U64 of a register pair',
           'src: SSARef::try_from(comp).unwrap().into(),\n                        u64: bits == 64,',
           'src: SSARef::try_from(&comp[..1]).unwrap().into(),\n                        u64: false,',
           ['nvk-isa']),
    Mutant('nak-match-last-component', 'src/nouveau/compiler/nak/from_nir.rs',
           'partition of a vector key: the subsets agree in every component '
           '(the MATCH masks ANDed)',
           'Some(m) => b.lop2(LogicOp2::And, m.into(), dst.into()),',
           'Some(_) => dst,',
           ['nvk-isa']),
    Mutant('nvk-partitioned-not-advertised', 'src/nouveau/vulkan/nvk_physical_device.c',
           'NVK offers VK_NV_shader_subgroup_partitioned where NAK lowers it',
           '      .NV_shader_subgroup_partitioned = nvk_use_nak(info),',
           '      .NV_shader_subgroup_partitioned = false,',
           ['nvk:subgroup.partitioned.partition.*']),
    # --- subgroup identity (every stage) -------------------------------------
    Mutant('gallivm-ballot-own-bit', GALLIVM + 'lp_bld_subgroup_ballot.c',
           'SPV_KHR_shader_ballot: OpSubgroupBallotKHR has a bit for every active invocation '
           'whose predicate is true, not only the caller\'s',
           '''   return broadcast(gallivm, lp_build_subgroup_ballot_bits(gallivm, cond, exec), lp_build_subgroup_lanes(cond));''',
           '''   const unsigned n = lp_build_subgroup_lanes(cond);
   LLVMValueRef own[32];
   for (unsigned i = 0; i < n; i++)
      own[i] = LLVMConstInt(LLVMInt32TypeInContext(gallivm->context), 1u << i, 0);
   return LLVMBuildAnd(gallivm->builder,
                       broadcast(gallivm, lp_build_subgroup_ballot_bits(gallivm, cond, exec), n),
                       LLVMConstVector(own, n), "");''',
           IDENTITY_RUNS, every=True),
    Mutant('gallivm-first-invocation-own', NIR_SOA,
           'SPV_KHR_shader_ballot: OpSubgroupFirstInvocationKHR returns Value of the lowest '
           'active invocation, not the caller\'s',
           '   result[0] = lp_build_broadcast_scalar(uint_bld, value);\n}',
           '   result[0] = invoc ? lp_build_broadcast_scalar(uint_bld, value) : src;\n}',
           # an op of its own, not an identity mutant: the compute cases see it
           ['runner:ballot:subgroup.ballot.first_invocation.*']),
    Mutant('gallivm-subgroup-halves', GALLIVM + 'lp_bld_subgroup_ballot.c',
           'a subgroup is the whole vector: ballot, FirstInvocation and ReadInvocation must '
           'not treat each half as a subgroup of its own',
           '''   return broadcast(gallivm, lp_build_subgroup_ballot_bits(gallivm, cond, exec), lp_build_subgroup_lanes(cond));''',
           '''   const unsigned n = lp_build_subgroup_lanes(cond), h = n / 2;
   LLVMValueRef half[32];
   for (unsigned i = 0; i < n; i++)
      half[i] = LLVMConstInt(LLVMInt32TypeInContext(gallivm->context),
                             (i < h ? 1u : 1u << h) * ((1u << h) - 1), 0);
   return LLVMBuildAnd(gallivm->builder,
                       broadcast(gallivm, lp_build_subgroup_ballot_bits(gallivm, cond, exec), n),
                       LLVMConstVector(half, n), "");''',
           # compute first (cheapest); the vertex cases fail with it too (93
           # of 93 at 4, 8 and 16 lanes on an AVX2 CPU, by hand, 2026-11-27:
           # an earlier run where they passed is not reproduced)
           ['runner:ballot:subgroup.ballot.ballot.compute.*'] + IDENTITY_RUNS,
           also=[(NIR_SOA, READ_INVOCATION, READ_INVOCATION_HALVES)]),
    # OpenCL (rusticl on llvmpipe)
    Mutant('gallivm-kernel-subgroup-size-full', GALLIVM + 'lp_bld_nir.c',
           'OpenCL: get_sub_group_size() counts the work-items of this subgroup, fewer in the '
           'last one of a work-group that is not a multiple of the maximum',
           'nir_umin(b, nir_isub(b, invocations, first), nir_imm_int(b, size))',
           'nir_imm_int(b, size)',
           ['cl']),
    Mutant('gallivm-kernel-masks-stop-at-size', GALLIVM + 'lp_bld_nir.c',
           'cl_khr_subgroup_ballot: get_sub_group_ge_mask() / _gt_mask() set the bits "less '
           'than the maximum sub-group size", past a partial subgroup\'s work-items',
           '   if (nir->info.stage == MESA_SHADER_KERNEL) {\n'
           '      NIR_PASS(_, nir, nir_shader_intrinsics_pass, lower_kernel_subgroup_size,',
           '   if (false) {\n'
           '      NIR_PASS(_, nir, nir_shader_intrinsics_pass, lower_kernel_subgroup_size,',
           ['cl:512:cl.ballot.*'],
           # the size lowered after nir_lower_subgroups, whose masks then
           # stop at this subgroup's size
           also=[(GALLIVM + 'lp_bld_nir.c', '         .subgroup_size = subgroup_size,\n',
                  '         .subgroup_size = nir->info.stage == MESA_SHADER_KERNEL ? 0 : '
                  'subgroup_size,\n'),
                 (GALLIVM + 'lp_bld_nir.c',
                  '      NIR_PASS(progress, nir, nir_lower_subgroups, &subgroups_options);\n'
                  '   } while (progress);\n',
                  '      NIR_PASS(progress, nir, nir_lower_subgroups, &subgroups_options);\n'
                  '   } while (progress);\n'
                  '   if (nir->info.stage == MESA_SHADER_KERNEL)\n'
                  '      NIR_PASS(_, nir, nir_shader_intrinsics_pass, lower_kernel_subgroup_size,\n'
                  '               nir_metadata_control_flow, (void *)&subgroup_size);\n')]),
    Mutant('rusticl-max-subgroup-size-partial', 'src/gallium/frontends/rusticl/core/kernel.rs',
           'OpenCL: get_max_sub_group_size() is the device\'s size for the kernel, not the '
           'size of this subgroup',
           'nir_pass!(nir, rusticl_lower_subgroup_max_size, size as u32);',
           'let _ = size;',
           ['cl']),
    Mutant('rusticl-reqd-size-unchecked', 'src/gallium/frontends/rusticl/core/program.rs',
           'cl_intel_required_subgroup_size: a kernel requiring a size the device does not list '
           'fails the build ("must be compiled and executed with the specified subgroup size")',
           '        if required != 0 && !sizes.contains(&required) {',
           '        if required != 0 && sizes.is_empty() {',
           ['cl:256:cl.reqd_size.*']),
    Mutant('clc-reqd-size-unparsed', 'src/compiler/clc/clc_helpers.cpp',
           'cl_intel_required_subgroup_size: the SubgroupSize execution mode is the kernel\'s '
           'required size',
           '               kernel.subgroupSize = ins->words[ins->operands[2].offset];',
           '               kernel.subgroupSize = 0;',
           ['cl:256:cl.reqd_size.*']),
    Mutant('rusticl-reqd-size-all-sizes', 'src/gallium/frontends/rusticl/core/kernel.rs',
           'cl_intel_required_subgroup_size: a kernel with a required size has subgroups of that '
           'size alone in the sub-group queries',
           '        if self.kernel_info.subgroup_size != 0 {\n            return vec![',
           '        if false {\n            return vec![',
           ['iris']),
    Mutant('rusticl-reqd-size-wg-uncapped', 'src/gallium/frontends/rusticl/core/kernel.rs',
           'cl_intel_required_subgroup_size: a work-group holds at most the device\'s subgroups '
           'of the required size',
           '            size => cmp::min(max_threads, size * dev.max_subgroups() as usize),',
           '            _ => max_threads,',
           ['iris']),
    Mutant('rusticl-local-size-device-max', 'src/gallium/frontends/rusticl/api/kernel.rs',
           'CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT answers a local size the kernel can run: '
           'at most its CL_KERNEL_WORK_GROUP_SIZE',
           '                    if threads > kernel.max_threads_per_block(dev) {',
           '                    if threads > dev.max_threads_per_block() {',
           ['iris']),
    Mutant('clc-workgroup-rotate-accepted', 'src/compiler/clc/clc_helpers.cpp',
           'OpenCL SPIR-V environment, cl_khr_subgroup_rotate: Scope for Execution may be '
           'Subgroup (alone)',
           'if (scope == constants.end() || scope->second != SpvScopeSubgroup) {',
           'if (scope == constants.end()) {',
           ['cl']),
    Mutant('nir-workgroup-rotate-no-wrap', 'src/compiler/nir/nir_lower_workgroup_rotate.c',
           'SPV_KHR_subgroup_rotate: Workgroup scope rotates within RotationGroupSize '
           '((LocalId + Delta) & (size - 1))',
           'nir_umod(b, nir_iadd(b, in_group, delta), size));',
           'nir_iadd(b, in_group, delta));',
           ['cl']),
    Mutant('rusticl-rotate-not-advertised', 'src/gallium/frontends/rusticl/core/device.rs',
           'a device whose rusticl builds cl_khr_subgroup_rotate lists it in CL_DEVICE_EXTENSIONS',
           '            add_ext(1, 0, 0, "cl_khr_subgroup_rotate");\n',
           '',
           ['cl']),
    # --- cl_intel_subgroups, raw texels ------------------------------------
    Mutant('rusticl-intel-subgroups-not-advertised', 'src/gallium/frontends/rusticl/core/device.rs',
           'a device whose rusticl builds cl_intel_subgroups lists it in CL_DEVICE_EXTENSIONS',
           '                add_ext(1, 0, 0, "cl_intel_subgroups");\n',
           '',
           ['cl']),
    Mutant('gallivm-raw-texels-ignored', GALLIVM + 'lp_bld_nir.c',
           'SPV_INTEL_subgroups: image block reads move the texels\' bits "without format '
           'conversion" (ACCESS_RAW_TEXELS loads)',
           '   params.format = nir_intrinsic_format(instr);\n'
           '   params.raw_texels = nir_intrinsic_access(instr) & ACCESS_RAW_TEXELS;\n',
           '   params.format = nir_intrinsic_format(instr);\n   params.raw_texels = false;\n',
           ['runner:intel_image_block:subgroup.intel_image_block.block_read.*.rgba16f*']),
    Mutant('gallivm-raw-static-view-converts', GALLIVM + 'lp_bld_jit_sample.c',
           'SPV_INTEL_subgroups: image block IO on a bound (static) view moves raw bits',
           # the view keeps its own format: a raw access of it converts
           '   raw->format = params->format;\n   raw->res_format = params->format;\n',
           '   raw->res_format = params->format;\n',
           ['cl:128:cl.intel_image_block.read.*']),
    # A layer of a 2D array or a slice of a 3D image: the Coordinate's z.
    Mutant('nir-block-io-drops-z', BLOCK_IO,
           'SPV_INTEL_subgroups image block IO: "remaining coordinates are non-normalized '
           'texel coordinates" (the layer or slice is the Coordinate\'s z)',
           'return nir_vec4(b, texel, row, nir_channel(b, coord, 2), nir_channel(b, coord, 3));',
           'return nir_vec4(b, texel, row, nir_imm_int(b, 0), nir_channel(b, coord, 3));',
           ['runner:intel_image_block:*.array.all', 'runner:intel_image_block:*.3d.all']),
    Mutant('nir-block-io-runtime-texel-size', BLOCK_IO,
           'OpenCL image block IO: an image\'s texel size (channel size times count) comes from '
           'its format and order at run time',
           'nir_iadd(b, size, count));',
           'nir_iadd(b, size, size));',
           ['cl:128:cl.intel_image_block.read.r_*']),
    Mutant('rusticl-raw-read-image-as-texture', 'src/gallium/frontends/rusticl/rusticl_nir.c',
           'a read_only image that a kernel block-reads is read raw, not through a '
           'converting texture fetch',
           '   var->data.access &= ~ACCESS_NON_WRITEABLE;\n',
           '',
           ['cl']),
    Mutant('iris-raw-texels-ordinary-entry', 'src/gallium/drivers/iris/iris_program.c',
           'SPV_INTEL_subgroups: image block IO moves the texels\' bits without format '
           'conversion (iris: the raw texel view, not the image\'s own surface state)',
           '          (nir_intrinsic_access(intrin) & ACCESS_RAW_TEXELS);\n',
           '          false;\n',
           ['iris-isa']),
    Mutant('iris-raw-view-own-format', 'src/gallium/drivers/iris/iris_state.c',
           'SPV_INTEL_subgroups: image block IO moves the texels\' bits without format '
           'conversion (iris: the raw texel view is the unsigned integer format of the texel '
           'size)',
           '   raw_view.format = raw_format;\n',
           '',
           ['iris-isa']),
]

# CI's fixed sample (.ci/run runs ci/mutants.sh --sample): one mutant per
# layer, each killed by a wrong value, and cheap to rebuild and run:
#   vtn / NIR  vtn-intel-current-next-swapped (the runner's intel family)
#   gallivm    gallivm-absent-positive-zero-16-64 (float16 / float64 sums)
#   GPU        ir3-shuffle-offset-sign (ir3's folded shuffles, evaluated)
#   OpenCL     nir-block-io-runtime-texel-size (image block reads of the
#              one-channel formats on rusticl, 4 lanes)
# Rotate it by hand as the list grows.
SAMPLE = ['vtn-intel-current-next-swapped', 'gallivm-absent-positive-zero-16-64',
          'ir3-shuffle-offset-sign', 'nir-block-io-runtime-texel-size']
