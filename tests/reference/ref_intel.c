/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 *
 * SPV_INTEL_subgroups: the four shuffles.  Reading an invocation that does
 * not execute the instruction is undefined (the core SPIR-V rule for group
 * instructions), and so is every "out-of-range" index.
 */

#include "reference.h"

static int
readable(const struct ref_subgroup *sg, uint64_t lane)
{
   return lane < sg->size && sg->active[lane] ? (int)lane : REF_UNDEF;
}

/* "The data that is returned for this invocation is the value of Data for
 *  the invocation identified by InvocationId."
 */
int
ref_intel_shuffle(const struct ref_subgroup *sg, unsigned lane,
                  uint32_t invocation_id)
{
   (void)lane;
   return readable(sg, invocation_id);
}

/* "... the value of Data for the invocation with SubgroupLocalInvocationId
 *  equal to this invocation's SubgroupLocalInvocationId XOR'd with the
 *  specified Value.  If the result of the XOR is greater than
 *  SubgroupMaxSize then it is considered out-of-range."
 */
int
ref_intel_shuffle_xor(const struct ref_subgroup *sg, unsigned lane,
                      uint32_t value)
{
   const uint32_t id = lane ^ value;
   if (id >= sg->max_size)
      return REF_UNDEF;
   return readable(sg, id);
}

/* "let the unsigned shuffle index be equivalent to the sum of this
 *  invocation's SubgroupLocalInvocationId plus the specified Delta:
 *  If the shuffle index is less than the SubgroupMaxSize, the result ... is
 *  the value of the Current data source for the invocation with
 *  SubgroupLocalInvocationId equal to the shuffle index.  If the shuffle
 *  index is greater than or equal to the SubgroupMaxSize but less than twice
 *  the SubgroupMaxSize, the result ... is the value of the Next data source
 *  for the invocation with SubgroupLocalInvocationId equal to the shuffle
 *  index minus the SubgroupMaxSize.  All other values of the shuffle index
 *  are considered to be out-of-range."
 *
 * The sum is taken as a 32-bit unsigned value, like the operands.
 */
struct ref_lane_ref
ref_intel_shuffle_down(const struct ref_subgroup *sg, unsigned lane,
                       uint32_t delta)
{
   const uint32_t index = (uint32_t)lane + delta;
   struct ref_lane_ref r = { REF_UNDEF, REF_SRC_CURRENT };

   if (index < sg->max_size) {
      r.lane = readable(sg, index);
   } else if ((uint64_t)index < 2ull * sg->max_size) {
      r.source = REF_SRC_NEXT;
      r.lane = readable(sg, index - sg->max_size);
   }
   return r;
}

/* "let the signed shuffle index be equivalent to this invocation's
 *  SubgroupLocalInvocationId minus the specified Delta:
 *  If the shuffle index is greater than or equal to zero and less than the
 *  SubgroupMaxSize, the result ... is the value of the Current data source
 *  ...  If the shuffle index is less than zero but greater than or equal to
 *  the negative SubgroupMaxSize, the result ... is the value of the Previous
 *  data source for the invocation with SubgroupLocalInvocationId equal to
 *  the shuffle index plus the SubgroupMaxSize."
 *
 * Delta is read as unsigned 32-bit; the difference is computed exactly.
 */
struct ref_lane_ref
ref_intel_shuffle_up(const struct ref_subgroup *sg, unsigned lane,
                     uint32_t delta)
{
   const int64_t index = (int64_t)lane - (int64_t)delta;
   const int64_t max = sg->max_size;
   struct ref_lane_ref r = { REF_UNDEF, REF_SRC_CURRENT };

   if (index >= 0 && index < max) {
      r.lane = readable(sg, (uint64_t)index);
   } else if (index < 0 && index >= -max) {
      r.source = REF_SRC_PREVIOUS;
      r.lane = readable(sg, (uint64_t)(index + max));
   }
   return r;
}

/* OpSubgroupBlockReadINTEL: "The data is read strided, so the first value
 *  read is: Ptr[ SubgroupLocalInvocationId ] and the second value read is:
 *  Ptr[ SubgroupLocalInvocationId + SubgroupMaxSize ] etc."
 * Returns the element index, relative to Ptr, of component `component` of
 * invocation `lane`.
 */
uint64_t
ref_intel_block_read_index(const struct ref_subgroup *sg, unsigned lane,
                           unsigned component)
{
   return (uint64_t)lane + (uint64_t)component * sg->max_size;
}

/* OpSubgroupBlockWriteINTEL: "The data is written strided, so the first
 *  value is written to: Ptr[ SubgroupLocalInvocationId ] and the second
 *  value written is: Ptr[ SubgroupLocalInvocationId + SubgroupMaxSize ]
 *  etc."
 */
uint64_t
ref_intel_block_write_index(const struct ref_subgroup *sg, unsigned lane,
                            unsigned component)
{
   return (uint64_t)lane + (uint64_t)component * sg->max_size;
}

/* OpSubgroupImageBlockReadINTEL / OpSubgroupImageBlockWriteINTEL:
 *
 *  "Note that the Coordinate is a byte coordinate, not a texel coordinate.
 *   Also note that the image data is read without format conversion, so
 *   each invocation may read multiple image elements."
 *  "The data is read row-by-row, so the first value read is from the row
 *   specified by the y-component of the provided Coordinate, the second
 *   value is read from the row specified by the y-component of the provided
 *   Coordinate plus one, etc."
 *  "The x-component is a byte coordinate into rows of the image and
 *   remaining coordinates are non-normalized texel coordinates."
 *
 * Within a row the spec text does not spell out where each invocation's
 * element lies; like the buffer block instructions ("the first value read
 * is: Ptr[ SubgroupLocalInvocationId ]") and cl_intel_subgroups, the
 * OpenCL C counterpart the spec names, invocation L's element is the one at
 * byte x + L * (element size).  With no format conversion, an element's
 * bytes are the row's bytes in memory order.
 */
struct ref_image_byte
ref_intel_image_block_byte(const struct ref_subgroup *sg, unsigned lane, unsigned component,
                           unsigned elem_bytes, unsigned byte, uint32_t x, uint32_t y)
{
   (void)sg;
   struct ref_image_byte r = {
      .row = (uint64_t)y + component,
      .column = (uint64_t)x + (uint64_t)lane * elem_bytes + byte,
   };
   return r;
}
