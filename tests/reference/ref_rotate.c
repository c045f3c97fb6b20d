/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 *
 * SPV_KHR_subgroup_rotate, OpGroupNonUniformRotateKHR.
 */

#include "reference.h"

/* "RotationGroupSize = ClusterSize when ClusterSize is present, otherwise
 *  RotationGroupSize = SubgroupMaxSize if the Kernel capability is declared
 *  and SubgroupSize if not.
 *  Invocation ID = ( (LocalId + Delta) & (RotationGroupSize - 1) ) +
 *                  (LocalId & ~(RotationGroupSize - 1))"
 * "Delta is treated as unsigned and the resulting value is undefined if the
 *  selected lane is inactive."
 *
 * cluster_size 0 means the operand is absent.
 */
int
ref_rotate(const struct ref_subgroup *sg, unsigned lane, uint64_t delta,
           unsigned cluster_size, bool kernel)
{
   const uint64_t group = cluster_size ? cluster_size
                                       : (kernel ? sg->max_size : sg->size);
   const uint64_t id = lane;
   const uint64_t src = ((id + delta) & (group - 1)) + (id & ~(group - 1));

   if (src >= sg->size || !sg->active[src])
      return REF_UNDEF;
   return (int)src;
}
