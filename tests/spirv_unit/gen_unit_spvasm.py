#!/usr/bin/env python3
# Copyright © 2026 The mesa-subgroups authors
# SPDX-License-Identifier: MIT
"""SPIR-V assembly of the spirv_to_nir unit tests (vtn_unit_tests.c).

Most of these modules are deliberately invalid, so they are assembled but
never validated.  Each stores its results to an SSBO so nothing is dead.

Usage: gen_unit_spvasm.py --list | gen_unit_spvasm.py NAME OUTPUT
"""
import sys

HEADER = """; tests/spirv_unit/gen_unit_spvasm.py: {name}
               OpCapability Shader
               OpCapability GroupNonUniform
               OpCapability GroupNonUniformArithmetic
               OpCapability GroupNonUniformClustered
               OpCapability GroupNonUniformBallot
               OpCapability GroupNonUniformPartitionedNV
               OpCapability GroupNonUniformRotateKHR
{caps}               OpExtension "SPV_NV_shader_subgroup_partitioned"
               OpExtension "SPV_KHR_subgroup_rotate"
{exts}{imports}               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %lidx
               OpExecutionMode %main LocalSize 64 1 1
               OpDecorate %lidx BuiltIn LocalInvocationIndex
               OpDecorate %rta ArrayStride 4
               OpMemberDecorate %Buf 0 Offset 0
               OpDecorate %Buf Block
               OpDecorate %buf DescriptorSet 0
               OpDecorate %buf Binding 0
{decorations}       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %bool = OpTypeBool
       %uint = OpTypeInt 32 0
        %int = OpTypeInt 32 1
      %float = OpTypeFloat 32
     %v2uint = OpTypeVector %uint 2
     %v4uint = OpTypeVector %uint 4
      %v4int = OpTypeVector %int 4
    %v4float = OpTypeVector %float 4
     %uint_0 = OpConstant %uint 0
     %uint_1 = OpConstant %uint 1
     %uint_2 = OpConstant %uint 2
     %uint_3 = OpConstant %uint 3
     %uint_4 = OpConstant %uint 4
  %sc_subgrp = OpConstant %uint 3
  %sc_wkgrp = OpConstant %uint 2
        %rta = OpTypeRuntimeArray %uint
        %Buf = OpTypeStruct %rta
    %ptr_Buf = OpTypePointer StorageBuffer %Buf
   %ptr_uint = OpTypePointer StorageBuffer %uint
   %ptr_in_u = OpTypePointer Input %uint
        %buf = OpVariable %ptr_Buf StorageBuffer
       %lidx = OpVariable %ptr_in_u Input
{globals}       %main = OpFunction %void None %fn
      %entry = OpLabel
          %i = OpLoad %uint %lidx
         %pi = OpAccessChain %ptr_uint %buf %uint_0 %i
          %x = OpLoad %uint %pi
         %xf = OpBitcast %float %x
         %xb = OpINotEqual %bool %x %uint_0
     %ballot = OpCompositeConstruct %v4uint %x %x %x %x
{body}               OpReturn
               OpFunctionEnd
"""


def store(value):
    return f"               OpStore %pi %{value}\n"


IMG_LOAD = "         %im = OpLoad %img_t %img\n"
IMG_COORD_DYN = "         %co = OpCompositeConstruct %v2uint %x %uint_1\n"


def image_globals(sampled_type, dim, sampled, fmt):
    return (f"      %img_t = OpTypeImage {sampled_type} {dim} 0 0 0 {sampled} {fmt}\n"
            "    %ptr_img = OpTypePointer UniformConstant %img_t\n"
            "        %img = OpVariable %ptr_img UniformConstant\n"
            "      %ulong = OpTypeInt 64 0\n"
            "     %co_bad = OpConstantComposite %v2uint %uint_2 %uint_1\n")


IMAGE_MODULES = {
    "image_block_read_v2": ("%uint", "2D", 2, "R32ui"),
    "image_block_write_u64": ("%uint", "2D", 2, "R32ui"),
    "bad_image_block_unknown_format": ("%uint", "2D", 2, "Unknown"),
    "bad_image_block_rgba16f": ("%float", "2D", 2, "Rgba16f"),
    "image_block_write_shared_texel": ("%uint", "2D", 2, "Rg32ui"),
    "bad_image_block_x_misaligned": ("%uint", "2D", 2, "R32ui"),
    "bad_image_block_1d": ("%uint", "1D", 2, "R32ui"),
    "bad_image_block_sampled": ("%uint", "2D", 1, "R32ui"),
}

MODULES = {
    # --- accepted ----------------------------------------------------------
    "partition_uint": "          %r = OpGroupNonUniformPartitionNV %v4uint %x\n"
                      "         %r0 = OpCompositeExtract %uint %r 0\n" + store("r0"),
    "partition_float": "          %r = OpGroupNonUniformPartitionNV %v4uint %xf\n"
                       "         %r0 = OpCompositeExtract %uint %r 0\n" + store("r0"),
    "partition_bool": "          %r = OpGroupNonUniformPartitionNV %v4uint %xb\n"
                      "         %r0 = OpCompositeExtract %uint %r 0\n" + store("r0"),
    "partition_signed_result": "          %r = OpGroupNonUniformPartitionNV %v4int %x\n"
                               "         %r0 = OpCompositeExtract %int %r 0\n"
                               "         %ru = OpBitcast %uint %r0\n" + store("ru"),
    "partitioned_reduce": "          %r = OpGroupNonUniformIAdd %uint %sc_subgrp PartitionedReduceNV %x %ballot\n" + store("r"),
    "partitioned_inclusive": "          %r = OpGroupNonUniformUMax %uint %sc_subgrp PartitionedInclusiveScanNV %x %ballot\n" + store("r"),
    "partitioned_exclusive_fmul": "          %r = OpGroupNonUniformFMul %float %sc_subgrp PartitionedExclusiveScanNV %xf %ballot\n"
                                  "         %ru = OpBitcast %uint %r\n" + store("ru"),
    "partitioned_signed_ballot": "         %bi = OpBitcast %v4int %ballot\n"
                                 "          %r = OpGroupNonUniformIAdd %uint %sc_subgrp PartitionedReduceNV %x %bi\n" + store("r"),
    "ballot_khr_signed": "          %r = OpSubgroupBallotKHR %v4int %xb\n"
                         "         %r0 = OpCompositeExtract %int %r 0\n"
                         "         %ru = OpBitcast %uint %r0\n" + store("ru"),
    "nonsemantic_debug_break_global": "          %r = OpIAdd %uint %x %uint_9\n" + store("r"),
    "bad_phi_after_nonsemantic": "               OpBranch %b2\n"
                                 "         %b2 = OpLabel\n"
                                 "         %n1 = OpExtInst %void %ns 1 %x\n"
                                 "          %p = OpPhi %uint %x %entry\n" + store("p"),
    "rotate_cluster": "          %r = OpGroupNonUniformRotateKHR %uint %sc_subgrp %x %uint_1 %uint_4\n" + store("r"),
    # --- rejected ----------------------------------------------------------
    "bad_partitioned_no_ballot": "          %r = OpGroupNonUniformIAdd %uint %sc_subgrp PartitionedReduceNV %x\n" + store("r"),
    "bad_partitioned_ballot_scalar": "          %r = OpGroupNonUniformIAdd %uint %sc_subgrp PartitionedReduceNV %x %x\n" + store("r"),
    "bad_partitioned_ballot_float": "         %bf = OpBitcast %v4float %ballot\n"
                                    "          %r = OpGroupNonUniformIAdd %uint %sc_subgrp PartitionedReduceNV %x %bf\n" + store("r"),
    "bad_partitioned_on_group_iadd": "          %r = OpGroupIAdd %uint %sc_subgrp PartitionedReduceNV %x\n" + store("r"),
    "bad_partitioned_on_bitcount": "          %r = OpGroupNonUniformBallotBitCount %uint %sc_subgrp PartitionedReduceNV %ballot\n" + store("r"),
    "bad_partition_result_v2": "          %r = OpGroupNonUniformPartitionNV %v2uint %x\n"
                               "         %r0 = OpCompositeExtract %uint %r 0\n" + store("r0"),
    "bad_partition_result_scalar": "          %r = OpGroupNonUniformPartitionNV %uint %x\n" + store("r"),
    "bad_group_operation": "          %r = OpGroupNonUniformIAdd %uint %sc_subgrp !42 %x\n" + store("r"),
    "bad_group_operation_bitcount": "          %r = OpGroupNonUniformBallotBitCount %uint %sc_subgrp !9 %ballot\n" + store("r"),
    "bad_clustered_not_pot": "          %r = OpGroupNonUniformIAdd %uint %sc_subgrp ClusteredReduce %x %uint_3\n" + store("r"),
    "bad_clustered_no_cluster_size": "          %r = OpGroupNonUniformIAdd %uint %sc_subgrp ClusteredReduce %x\n" + store("r"),
    "bad_rotate_workgroup_vulkan": "          %r = OpGroupNonUniformRotateKHR %uint %sc_wkgrp %x %uint_1\n" + store("r"),
    # A bad GroupOperation on each kind of instruction that takes one.
    "bad_group_operation_fmax": "          %r = OpGroupNonUniformFMax %float %sc_subgrp !5 %xf\n"
                                "         %ru = OpBitcast %uint %r\n" + store("ru"),
    "bad_group_operation_group_iadd": "          %r = OpGroupIAdd %uint %sc_subgrp !42 %x\n" + store("r"),
    "bad_group_operation_amd": "          %r = OpGroupUMaxNonUniformAMD %uint %sc_subgrp !1000 %x\n" + store("r"),
    # SPV_INTEL_subgroups image block IO.
    "image_block_read_v2": IMG_LOAD + IMG_COORD_DYN +
        "          %r = OpSubgroupImageBlockReadINTEL %v2uint %im %co\n"
        "         %r0 = OpCompositeExtract %uint %r 0\n" + store("r0"),
    "image_block_write_u64": IMG_LOAD + IMG_COORD_DYN +
        "         %wx = OpUConvert %ulong %x\n"
        "               OpSubgroupImageBlockWriteINTEL %im %co %wx\n",
    "bad_image_block_unknown_format": IMG_LOAD + IMG_COORD_DYN +
        "          %r = OpSubgroupImageBlockReadINTEL %uint %im %co\n" + store("r"),
    "bad_image_block_rgba16f": IMG_LOAD + IMG_COORD_DYN +
        "          %r = OpSubgroupImageBlockReadINTEL %uint %im %co\n" + store("r"),
    "image_block_write_shared_texel": IMG_LOAD + IMG_COORD_DYN +
        "               OpSubgroupImageBlockWriteINTEL %im %co %x\n",
    "bad_image_block_x_misaligned": IMG_LOAD +
        "          %r = OpSubgroupImageBlockReadINTEL %uint %im %co_bad\n" + store("r"),
    "bad_image_block_1d": IMG_LOAD +
        "          %r = OpSubgroupImageBlockReadINTEL %uint %im %x\n" + store("r"),
    "bad_image_block_sampled": IMG_LOAD + IMG_COORD_DYN +
        "          %r = OpSubgroupImageBlockReadINTEL %uint %im %co\n" + store("r"),
    "bad_rotate_cluster_not_pot": "          %r = OpGroupNonUniformRotateKHR %uint %sc_subgrp %x %uint_1 %uint_3\n" + store("r"),
}
CAPS = {
    "bad_partitioned_on_group_iadd": "               OpCapability Groups\n",
    "bad_group_operation_group_iadd": "               OpCapability Groups\n",
    "bad_group_operation_amd": "               OpCapability Groups\n",
    "ballot_khr_signed": "               OpCapability SubgroupBallotKHR\n",
}
EXTS = {
    "bad_group_operation_amd": "               OpExtension \"SPV_AMD_shader_ballot\"\n",
    "ballot_khr_signed": "               OpExtension \"SPV_KHR_shader_ballot\"\n",
    "nonsemantic_debug_break_global": "               OpExtension \"SPV_KHR_non_semantic_info\"\n",
    "bad_phi_after_nonsemantic": "               OpExtension \"SPV_KHR_non_semantic_info\"\n",
}
IMPORTS = {
    "nonsemantic_debug_break_global": "         %ns = OpExtInstImport \"NonSemantic.DebugBreak\"\n",
    "bad_phi_after_nonsemantic": "         %ns = OpExtInstImport \"NonSemantic.MesaSubgroups.Test\"\n",
}
for _n, _args in IMAGE_MODULES.items():
    CAPS[_n] = ("               OpCapability SubgroupImageBlockIOINTEL\n"
                "               OpCapability Int64\n"
                + ("               OpCapability Image1D\n" if _args[1] == "1D" else ""))
    EXTS[_n] = "               OpExtension \"SPV_INTEL_subgroups\"\n"
DECORATIONS = {_n: "               OpDecorate %img DescriptorSet 0\n"
                   "               OpDecorate %img Binding 1\n" for _n in IMAGE_MODULES}

GLOBALS = {
    # A NonSemantic.DebugBreak instruction among the globals, then more
    # globals: the types section must not end there.
    "nonsemantic_debug_break_global": "         %n1 = OpExtInst %void %ns 1\n"
                                      "     %uint_9 = OpConstant %uint 9\n",
}

for _n, _args in IMAGE_MODULES.items():
    GLOBALS[_n] = image_globals(*_args)

# Kernel environment (Kernel capability, physical addressing): the INTEL
# relative shuffles, rotate without ClusterSize and buffer block reads must
# use SubgroupMaxSize, not SubgroupSize.
KERNEL = """; tests/spirv_unit/gen_unit_spvasm.py: kernel_max_size
               OpCapability Addresses
               OpCapability Kernel
               OpCapability Int64
               OpCapability GroupNonUniform
               OpCapability GroupNonUniformRotateKHR
               OpCapability SubgroupShuffleINTEL
               OpCapability SubgroupBufferBlockIOINTEL
               OpExtension "SPV_KHR_subgroup_rotate"
               OpExtension "SPV_INTEL_subgroups"
               OpMemoryModel Physical64 OpenCL
               OpEntryPoint Kernel %main "main"
       %void = OpTypeVoid
       %uint = OpTypeInt 32 0
     %uint_1 = OpConstant %uint 1
     %uint_3 = OpConstant %uint 3
        %ptr = OpTypePointer CrossWorkgroup %uint
         %fn = OpTypeFunction %void %ptr
       %main = OpFunction %void None %fn
          %p = OpFunctionParameter %ptr
          %e = OpLabel
          %x = OpLoad %uint %p Aligned 4
       %down = OpSubgroupShuffleDownINTEL %uint %x %x %uint_1
         %up = OpSubgroupShuffleUpINTEL %uint %x %x %uint_1
        %rot = OpGroupNonUniformRotateKHR %uint %uint_3 %x %uint_1
        %blk = OpSubgroupBlockReadINTEL %uint %p
         %s0 = OpIAdd %uint %down %up
         %s1 = OpIAdd %uint %s0 %rot
         %s2 = OpIAdd %uint %s1 %blk
               OpStore %p %s2 Aligned 4
               OpReturn
               OpFunctionEnd
"""

# More kernel modules on one template.  Workgroup-scope rotate (fixed and
# variable workgroup size, with and without ClusterSize, on a Boolean) and
# an 8-component (Vector16) buffer block read and write.
KERNEL_TMPL = """; tests/spirv_unit/gen_unit_spvasm.py: {name}
               OpCapability Addresses
               OpCapability Kernel
               OpCapability Int64
               OpCapability GroupNonUniform
               OpCapability GroupNonUniformRotateKHR
               OpCapability SubgroupBufferBlockIOINTEL
{caps}               OpExtension "SPV_KHR_subgroup_rotate"
               OpExtension "SPV_INTEL_subgroups"
               OpMemoryModel Physical64 OpenCL
               OpEntryPoint Kernel %main "main"
{modes}       %void = OpTypeVoid
       %bool = OpTypeBool
       %uint = OpTypeInt 32 0
     %uint_0 = OpConstant %uint 0
     %uint_1 = OpConstant %uint 1
     %uint_2 = OpConstant %uint 2
     %uint_3 = OpConstant %uint 3
     %uint_4 = OpConstant %uint 4
        %ptr = OpTypePointer CrossWorkgroup %uint
         %fn = OpTypeFunction %void %ptr
{globals}       %main = OpFunction %void None %fn
          %p = OpFunctionParameter %ptr
          %e = OpLabel
          %x = OpLoad %uint %p Aligned 4
{body}               OpReturn
               OpFunctionEnd
"""
KERNEL_MODULES = {
    # Execution = Workgroup (%uint_2), LocalSize 64.
    "kernel_workgroup_rotate": dict(
        modes="               OpExecutionMode %main LocalSize 64 1 1\n",
        body="         %r1 = OpGroupNonUniformRotateKHR %uint %uint_2 %x %uint_1 %uint_4\n"
             "         %r2 = OpGroupNonUniformRotateKHR %uint %uint_2 %x %uint_3\n"
             "          %s = OpIAdd %uint %r1 %r2\n"
             "               OpStore %p %s Aligned 4\n"),
    # No LocalSize: the workgroup size is known only when it runs.
    "kernel_workgroup_rotate_variable": dict(
        body="         %xb = OpINotEqual %bool %x %uint_0\n"
             "          %r = OpGroupNonUniformRotateKHR %bool %uint_2 %xb %uint_1\n"
             "          %s = OpSelect %uint %r %uint_1 %uint_3\n"
             "               OpStore %p %s Aligned 4\n"),
    "kernel_block_vector16": dict(
        caps="               OpCapability Vector16\n",
        globals="     %v8uint = OpTypeVector %uint 8\n",
        body="        %blk = OpSubgroupBlockReadINTEL %v8uint %p\n"
             "               OpSubgroupBlockWriteINTEL %p %blk\n"),
}


if __name__ == "__main__":
    if sys.argv[1:] == ["--list"]:
        print("\n".join(sorted(MODULES) + ["kernel_max_size"] + sorted(KERNEL_MODULES)))
    elif len(sys.argv) == 3:
        n = sys.argv[1]
        if n == "kernel_max_size":
            with open(sys.argv[2], "w") as f:
                f.write(KERNEL)
            sys.exit(0)
        if n in KERNEL_MODULES:
            k = dict(caps="", modes="", globals="", body="")
            k.update(KERNEL_MODULES[n])
            with open(sys.argv[2], "w") as f:
                f.write(KERNEL_TMPL.format(name=n, **k))
            sys.exit(0)
        with open(sys.argv[2], "w") as f:
            f.write(HEADER.format(name=n, body=MODULES[n], caps=CAPS.get(n, ""),
                                  exts=EXTS.get(n, ""), imports=IMPORTS.get(n, ""),
                                  globals=GLOBALS.get(n, ""),
                                  decorations=DECORATIONS.get(n, "")))
    else:
        sys.exit(__doc__)
