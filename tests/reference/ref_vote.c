/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 *
 * Core SPIR-V vote and elect (capabilities GroupNonUniform and
 * GroupNonUniformVote), from the instruction descriptions of the SPIR-V
 * specification, and SPV_KHR_quad_control's quad votes.
 */

#include <string.h>

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

/* Value equality for AllEqual.  The spec says only that "the result is true
 * if Value is equal for all active invocations"; for a float Value this
 * reads "equal" as OpFOrdEqual does ("Floating-point comparison for being
 * ordered and equal"), IEEE 754's equality: a NaN is equal to nothing, not
 * even to itself, and -0.0 equals +0.0.  Integers are equal by value.
 */
bool
ref_float_is_nan(unsigned bits, uint64_t v)
{
   const unsigned mant = bits == 16 ? 10 : bits == 32 ? 23 : 52;
   const unsigned exp = bits - 1 - mant;
   const uint64_t exp_mask = ((1ull << exp) - 1) << mant;
   return (v & exp_mask) == exp_mask && (v & ((1ull << mant) - 1)) != 0;
}

static bool
value_equal(bool is_float, unsigned bits, uint64_t a, uint64_t b)
{
   if (!is_float)
      return a == b;
   if (ref_float_is_nan(bits, a) || ref_float_is_nan(bits, b))
      return false;
   const uint64_t magnitude = bits == 64 ? ~0ull >> 1 : (1ull << (bits - 1)) - 1;
   if ((a & magnitude) == 0 && (b & magnitude) == 0)
      return true; /* -0.0 and +0.0 */
   return a == b;
}

/* OpGroupNonUniformAllEqual: "The result is true if Value is equal for all
 * active invocations in the group. Otherwise, the result is false."
 */
bool
ref_vote_all_equal(const struct ref_subgroup *sg, bool is_float, unsigned bits,
                   const uint64_t *value)
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
      if (!value_equal(is_float, bits, value[first], value[i]))
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
