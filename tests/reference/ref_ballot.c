/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 *
 * SPV_KHR_shader_ballot.
 */

#include <string.h>

#include "reference.h"

static void
set_bit(struct ref_ballot *b, unsigned bit)
{
   b->w[bit / 32] |= 1u << (bit % 32);
}

/* OpSubgroupBallotKHR: "The bit is set to one if the corresponding
 * invocation is active and the predicate is evaluated to true; otherwise,
 * it is set to zero."  "the first invocation is represented in bit 0 of the
 * first vector component".
 */
struct ref_ballot
ref_ballot_khr(const struct ref_subgroup *sg, const bool *predicate)
{
   struct ref_ballot b;
   memset(&b, 0, sizeof(b));
   for (unsigned i = 0; i < sg->size; i++) {
      if (sg->active[i] && predicate[i])
         set_bit(&b, i);
   }
   return b;
}

/* OpSubgroupFirstInvocationKHR: "Return the Value from the invocation in the
 * current subgroup which has the lowest subgroup local invocation ID, and
 * which executes the same dynamic instance of this instruction."
 */
int
ref_first_invocation_khr(const struct ref_subgroup *sg)
{
   for (unsigned i = 0; i < sg->size; i++) {
      if (sg->active[i])
         return (int)i;
   }
   return REF_UNDEF;
}

/* OpSubgroupReadInvocationKHR: "Return the Value from the invocation in the
 * subgroup with an invocation ID equal to Index."  Reading an invocation
 * that does not execute the instruction, or past the subgroup, is
 * undefined.
 */
int
ref_read_invocation_khr(const struct ref_subgroup *sg, uint32_t index)
{
   if (index >= sg->size || !sg->active[index])
      return REF_UNDEF;
   return (int)index;
}

/* Subgroup{Eq,Ge,Gt,Le,Lt}MaskKHR: "one bit per invocation starting with the
 * least significant bit in the first vector component continuing to the
 * last bit (less than SubgroupSize) ... where the bit index is
 * {equal to, greater than or equal to, greater than, less than or equal to,
 * less than} SubgroupLocalInvocationId."  Bits at or past SubgroupSize are 0.
 */
struct ref_ballot
ref_subgroup_mask_khr(const struct ref_subgroup *sg, unsigned lane,
                      enum ref_mask_kind kind)
{
   struct ref_ballot b;
   memset(&b, 0, sizeof(b));
   for (unsigned bit = 0; bit < sg->size && bit < REF_MAX_LANES; bit++) {
      bool set;
      switch (kind) {
      case REF_MASK_EQ: set = bit == lane; break;
      case REF_MASK_GE: set = bit >= lane; break;
      case REF_MASK_GT: set = bit > lane; break;
      case REF_MASK_LE: set = bit <= lane; break;
      case REF_MASK_LT: set = bit < lane; break;
      default: set = false; break;
      }
      if (set)
         set_bit(&b, bit);
   }
   return b;
}

/* The OpenCL C masks (cl_khr_subgroup_ballot), which bound the ge and gt
 * masks by the maximum size, not by SubgroupSize: get_sub_group_ge_mask()
 * "Generates a bitmask where the bit is set in the bitmask if the bit index
 * is greater than or equal to the sub-group local ID and less than the
 * maximum sub-group size, and unset otherwise", get_sub_group_gt_mask()
 * likewise with "greater than"; the eq, le and lt masks name no bound past
 * the local ID.  In a partial subgroup (SubgroupSize < SubgroupMaxSize) the
 * ge / gt bits of the missing invocations are therefore set.
 */
struct ref_ballot
ref_subgroup_mask_cl(const struct ref_subgroup *sg, unsigned lane, enum ref_mask_kind kind)
{
   struct ref_subgroup whole = *sg;
   whole.size = sg->max_size;
   return ref_subgroup_mask_khr(&whole, lane, kind);
}
