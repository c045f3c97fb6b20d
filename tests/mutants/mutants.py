# Copyright © 2026 The mesa-subgroups authors
# SPDX-License-Identifier: MIT
"""The mutants ci/mutants.sh applies: each one a small deliberate bug in the
series' code (a file of the Mesa checkout, the exact text it replaces, the
rule it breaks) and the runs that must fail with it:

  runner:FAMILY[:GLOB]          build/tests/subgroup-runner, all widths
  runner-generic:FAMILY[:GLOB]  the same with GALLIVM_PERF=nosubgroupnative
                                (Mesa's generic code and NIR lowering)
  spirv_tests[:GTEST_FILTER]    Mesa's spirv_tests (src/compiler/spirv/tests)

A survivor is a missing test: add the test, keep the mutant.  Add mutants
when a capability lands."""

from collections import namedtuple

Mutant = namedtuple('Mutant', 'id file rule old new run')

VTN = 'src/compiler/spirv/vtn_subgroup.c'
VTN_VARS = 'src/compiler/spirv/vtn_variables.c'
SPIRV_TO_NIR = 'src/compiler/spirv/spirv_to_nir.c'
LOWER = 'src/compiler/nir/nir_lower_subgroups.c'
BLOCK_IO = 'src/compiler/nir/nir_lower_subgroup_block_io.c'
GALLIVM = 'src/gallium/auxiliary/gallivm/'

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
    Mutant('vtn-intel-up-delta', VTN,
           'SPV_INTEL_subgroups ShuffleUp: index SubgroupLocalInvocationId - Delta',
           'delta = nir_isub(nb, size, delta);',
           'delta = nir_iadd(nb, size, delta);',
           ['runner:intel:subgroup.intel.shuffle_up.compute.uint32.*']),
    Mutant('vtn-intel-subgroup-size', VTN,
           'SPV_INTEL_subgroups ShuffleDown/Up index over SubgroupMaxSize, not SubgroupSize',
           '      nir_def *size = nir_load_subgroup_max_size(nb);\n      if (opcode == SpvOpSubgroupShuffleUpINTEL)',
           '      nir_def *size = nir_load_subgroup_size(nb);\n      if (opcode == SpvOpSubgroupShuffleUpINTEL)',
           ['spirv_tests']),
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
           'opcode > SpvOpGroupNonUniformLogicalXor,',
           'opcode > SpvOpGroupNonUniformLogicalXor + 1000,',
           ['spirv_tests']),
    Mutant('vtn-partitioned-inclusive-as-exclusive', VTN,
           'PartitionedInclusiveScan includes the invocation itself',
           'op = nir_intrinsic_partitioned_inclusive_scan;',
           'op = nir_intrinsic_partitioned_exclusive_scan;',
           ['runner:partitioned:*inclusive*']),
    Mutant('vtn-max-size-is-size', VTN_VARS,
           'SubgroupMaxSize is its own system value (differs from SubgroupSize in kernels)',
           '*location = SYSTEM_VALUE_SUBGROUP_MAX_SIZE;',
           '*location = SYSTEM_VALUE_SUBGROUP_SIZE;',
           ['spirv_tests']),
    Mutant('vtn-block-write-no-mask', VTN_VARS,
           'SPV_INTEL_subgroups block write: every component is written',
           'nir_intrinsic_set_write_mask(store, nir_component_mask(data->num_components));',
           '',
           ['runner:intel_block:*write*']),
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
    Mutant('nir-partition-bool-inverted', LOWER,
           'partition of a Boolean: the invocations holding the same value',
           'return nir_bcsel(b, value, nir_ballot(b, comps, bits, value),',
           'return nir_bcsel(b, value, nir_ballot(b, comps, bits, nir_inot(b, value)),',
           ['runner-generic:partitioned:subgroup.partitioned.partition.*']),
    Mutant('nir-scan-reduce-32bit-zero', LOWER,
           'build_scan_reduce works with 64-bit ballots (ballot_bit_size 64)',
           'nir_def *zero = nir_imm_intN_t(b, 0, options->ballot_bit_size);',
           'nir_def *zero = nir_imm_int(b, 0);',
           ['spirv_tests']),
    Mutant('nir-block-io-stride-subgroup-size', BLOCK_IO,
           'SPV_INTEL_subgroups block IO: component k at Ptr[id + k * SubgroupMaxSize]',
           'nir_def *stride = nir_u2uN(b, nir_load_subgroup_max_size(b), bits);',
           'nir_def *stride = nir_u2uN(b, nir_load_subgroup_size(b), bits);',
           ['spirv_tests']),
    # --- llvmpipe ----------------------------------------------------------
    Mutant('llvmpipe-blend-16-wide', 'src/gallium/drivers/llvmpipe/lp_state_fs.c',
           'a 16-wide fragment vector is blended as two 8-wide halves',
           'if (fs_type.length == 16) {',
           'if (false) {',
           ['runner:ballot:subgroup.ballot.ballot.fragment.*']),
]

# CI's fixed sample (ci/test.sh runs ci/mutants.sh --sample): three mutants
# that rebuild and run quickly, one per layer.  Rotate it by hand as the
# list grows.
SAMPLE = ['vtn-intel-current-next-swapped', 'vtn-debug-break-ends-types',
          'nir-partitioned-scan-whole-subgroup']
