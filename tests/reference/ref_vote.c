/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 *
 * Core SPIR-V vote and elect (capabilities GroupNonUniform and
 * GroupNonUniformVote), from the instruction descriptions of the SPIR-V
 * specification, and SPV_KHR_quad_control's quad votes.
 */

#include "reference.h"

/* OpGroupNonUniformElect: "Result is true only in the active invocation
 * with the lowest id in the group, otherwise result is false."
 */
bool
ref_elect(const struct ref_subgroup *sg, unsigned lane)
{
   for (unsigned i = 0; i < sg->size; i++) {
      if (sg->active[i])
         return i == lane;
   }
   return false;
}

/* OpGroupNonUniformAll: "resulting in true if predicate evaluates to true
 * for all active invocations in the group, otherwise the result is false."
 */
bool
ref_vote_all(const struct ref_subgroup *sg, const bool *predicate)
{
   for (unsigned i = 0; i < sg->size; i++) {
      if (sg->active[i] && !predicate[i])
         return false;
   }
   return true;
}

/* OpGroupNonUniformAny: "resulting in true if predicate evaluates to true
 * for any active invocation in the group, otherwise the result is false."
 */
bool
ref_vote_any(const struct ref_subgroup *sg, const bool *predicate)
{
   for (unsigned i = 0; i < sg->size; i++) {
      if (sg->active[i] && predicate[i])
         return true;
   }
   return false;
}

/* OpGroupNonUniformAllEqual: "The result is true if Value is equal for all
 * active invocations in the group. Otherwise, the result is false."  The
 * spec says no more of "equal"; for a float Value this reads it as
 * OpFOrdEqual does ("Floating-point comparison for being ordered and
 * equal"), IEEE 754's equality, as Partition's "same value" is read
 * (ref_component_equal): a NaN is equal to nothing, not even to itself, and
 * -0.0 equals +0.0.
 */
bool
ref_vote_all_equal(const struct ref_subgroup *sg, enum ref_ptype t, const uint64_t *value)
{
   int first = -1;
   for (unsigned i = 0; i < sg->size; i++) {
      if (!sg->active[i])
         continue;
      /* the first active invocation against itself too: a NaN is not
       * equal even there
       */
      if (first < 0)
         first = (int)i;
      if (!ref_component_equal(t, value[first], value[i]))
         return false;
   }
   return true;
}

/* The quad of an invocation, from the Vulkan specification's "Quad" scope:
 * "In all shaders, each invocation in a quad scope instance is formed of
 * invocations in adjacent subgroup invocation indices", the first of them
 * a multiple of 4.  (A fragment shader's quads are also neighbouring
 * pixels; the runner's cases check the indices only.)
 */
static unsigned
quad_first(unsigned lane)
{
   return lane & ~3u;
}

/* OpGroupNonUniformQuadAllKHR (SPV_KHR_quad_control) evaluates the
 * predicate in the active invocations of the quad: true when it holds in
 * all of them.
 */
bool
ref_quad_all(const struct ref_subgroup *sg, unsigned lane, const bool *predicate)
{
   for (unsigned i = quad_first(lane); i < quad_first(lane) + 4 && i < sg->size; i++) {
      if (sg->active[i] && !predicate[i])
         return false;
   }
   return true;
}

/* OpGroupNonUniformQuadAnyKHR: true when the predicate holds in any active
 * invocation of the quad.
 */
bool
ref_quad_any(const struct ref_subgroup *sg, unsigned lane, const bool *predicate)
{
   for (unsigned i = quad_first(lane); i < quad_first(lane) + 4 && i < sg->size; i++) {
      if (sg->active[i] && predicate[i])
         return true;
   }
   return false;
}
