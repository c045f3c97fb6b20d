/*
 * The instructions the fuzzer is about: those of the five SPIR-V
 * extensions the series implements, and the group arithmetic whose
 * GroupOperation and ClusterSize they extend.  The mutator
 * (spirv_mutate.c) edits them; the harness's gate (spirv_fuzz.c) lets a
 * module through when it is valid but for them.
 */
#ifndef SPIRV_FUZZ_TARGETS_H
#define SPIRV_FUZZ_TARGETS_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "compiler/spirv/spirv.h"

/* Families: the mutator may swap an opcode for another of its family. */
enum spv_family {
   FAM_GROUP,     /* rt, id, Scope, ...: rotate and the group arithmetic */
   FAM_SHUFFLE,   /* the INTEL shuffles and ReadInvocationKHR */
   FAM_BLOCK,     /* the INTEL block reads and writes */
   FAM_BALLOT,    /* rt, id, one value: the KHR ballot and vote, partition */
   FAM_EXTINST,
};

struct spv_target {
   uint16_t opcode;
   uint8_t family;
   bool ours;         /* of the five extensions (else a sibling to swap to) */
   bool result;       /* has a result type (word 1) and id (word 2) */
   int8_t scope;      /* word of the Scope <id>, or -1 */
   int8_t group_op;   /* word of the GroupOperation literal, or -1 */
   int8_t cluster;    /* word of the optional ClusterSize <id>, or -1 */
   int8_t literal;    /* word of another literal (ExtInst's number), or -1 */
};

static const struct spv_target spv_targets[] = {
   /* SPV_KHR_subgroup_rotate: Scope, Value, Delta, [ClusterSize] */
   { SpvOpGroupNonUniformRotateKHR, FAM_GROUP, true, true, 3, -1, 6, -1 },
   /* The group arithmetic: Scope, Operation, Value, [ClusterSize or the
    * partition's ballot]; the Partitioned* operations come from
    * SPV_EXT/NV_shader_subgroup_partitioned, the series checks the
    * Operation and ClusterSize of all of them.
    */
   { SpvOpGroupNonUniformIAdd, FAM_GROUP, true, true, 3, 4, 6, -1 },
   { SpvOpGroupNonUniformFAdd, FAM_GROUP, true, true, 3, 4, 6, -1 },
   { SpvOpGroupNonUniformIMul, FAM_GROUP, true, true, 3, 4, 6, -1 },
   { SpvOpGroupNonUniformFMul, FAM_GROUP, true, true, 3, 4, 6, -1 },
   { SpvOpGroupNonUniformSMin, FAM_GROUP, true, true, 3, 4, 6, -1 },
   { SpvOpGroupNonUniformUMin, FAM_GROUP, true, true, 3, 4, 6, -1 },
   { SpvOpGroupNonUniformFMin, FAM_GROUP, true, true, 3, 4, 6, -1 },
   { SpvOpGroupNonUniformSMax, FAM_GROUP, true, true, 3, 4, 6, -1 },
   { SpvOpGroupNonUniformUMax, FAM_GROUP, true, true, 3, 4, 6, -1 },
   { SpvOpGroupNonUniformFMax, FAM_GROUP, true, true, 3, 4, 6, -1 },
   { SpvOpGroupNonUniformBitwiseAnd, FAM_GROUP, true, true, 3, 4, 6, -1 },
   { SpvOpGroupNonUniformBitwiseOr, FAM_GROUP, true, true, 3, 4, 6, -1 },
   { SpvOpGroupNonUniformBitwiseXor, FAM_GROUP, true, true, 3, 4, 6, -1 },
   { SpvOpGroupNonUniformLogicalAnd, FAM_GROUP, true, true, 3, 4, 6, -1 },
   { SpvOpGroupNonUniformLogicalOr, FAM_GROUP, true, true, 3, 4, 6, -1 },
   { SpvOpGroupNonUniformLogicalXor, FAM_GROUP, true, true, 3, 4, 6, -1 },
   { SpvOpGroupNonUniformBallotBitCount, FAM_GROUP, true, true, 3, 4, -1, -1 },
   /* The Groups capability's (kernels'): Scope, Operation, X */
   { SpvOpGroupIAdd, FAM_GROUP, true, true, 3, 4, -1, -1 },
   { SpvOpGroupFAdd, FAM_GROUP, true, true, 3, 4, -1, -1 },
   { SpvOpGroupUMin, FAM_GROUP, true, true, 3, 4, -1, -1 },
   { SpvOpGroupSMax, FAM_GROUP, true, true, 3, 4, -1, -1 },
   /* SPV_INTEL_subgroups: Data, InvocationId / Current, Next, Delta / ... */
   { SpvOpSubgroupShuffleINTEL, FAM_SHUFFLE, true, true, -1, -1, -1, -1 },
   { SpvOpSubgroupShuffleDownINTEL, FAM_SHUFFLE, true, true, -1, -1, -1, -1 },
   { SpvOpSubgroupShuffleUpINTEL, FAM_SHUFFLE, true, true, -1, -1, -1, -1 },
   { SpvOpSubgroupShuffleXorINTEL, FAM_SHUFFLE, true, true, -1, -1, -1, -1 },
   { SpvOpSubgroupBlockReadINTEL, FAM_BLOCK, true, true, -1, -1, -1, -1 },
   { SpvOpSubgroupBlockWriteINTEL, FAM_BLOCK, true, false, -1, -1, -1, -1 },
   { SpvOpSubgroupImageBlockReadINTEL, FAM_BLOCK, true, true, -1, -1, -1, -1 },
   { SpvOpSubgroupImageBlockWriteINTEL, FAM_BLOCK, true, false, -1, -1, -1, -1 },
   /* SPV_KHR_shader_ballot: one value operand (ReadInvocation: two) */
   { SpvOpSubgroupBallotKHR, FAM_BALLOT, true, true, -1, -1, -1, -1 },
   { SpvOpSubgroupFirstInvocationKHR, FAM_BALLOT, true, true, -1, -1, -1, -1 },
   { SpvOpSubgroupReadInvocationKHR, FAM_SHUFFLE, true, true, -1, -1, -1, -1 },
   /* SPV_EXT/NV_shader_subgroup_partitioned */
   { SpvOpGroupNonUniformPartitionNV, FAM_BALLOT, true, true, -1, -1, -1, -1 },
   /* SPV_KHR_subgroup_vote: not ours, only an opcode to swap to */
   { SpvOpSubgroupAllKHR, FAM_BALLOT, false, true, -1, -1, -1, -1 },
   { SpvOpSubgroupAnyKHR, FAM_BALLOT, false, true, -1, -1, -1, -1 },
   { SpvOpSubgroupAllEqualKHR, FAM_BALLOT, false, true, -1, -1, -1, -1 },
   /* SPV_KHR_non_semantic_info: Set, Instruction, operands (only an
    * OpExtInst of a NonSemantic.* set counts, see the users)
    */
   { SpvOpExtInst, FAM_EXTINST, true, true, -1, -1, -1, 4 },
};

#define SPV_NUM_TARGETS (sizeof(spv_targets) / sizeof(spv_targets[0]))

static inline const struct spv_target *
spv_target_for_opcode(unsigned opcode)
{
   for (unsigned i = 0; i < SPV_NUM_TARGETS; i++) {
      if (spv_targets[i].opcode == opcode)
         return &spv_targets[i];
   }
   return NULL;
}

/* Whether an OpExtInstImport's name (from word 2 of an instruction of wc
 * words) is a NonSemantic.* set.
 */
static inline bool
spv_import_is_non_semantic(const uint32_t *inst, unsigned wc)
{
   return wc >= 2 && (wc - 2) * 4 >= 12 &&
          !memcmp(&inst[2], "NonSemantic.", 12);
}

#endif /* SPIRV_FUZZ_TARGETS_H */
