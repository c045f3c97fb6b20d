/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 *
 * The reference model: each subgroup operation written from the formulas of
 * its extension specification (../../../shared/specs/), lane by lane.  It
 * shares no code with Mesa.
 *
 * Data-movement operations (rotate, shuffles, broadcasts) are modelled by the
 * invocation they read from: they return the source lane, or REF_UNDEF where
 * the specification leaves the result undefined.  The caller turns that into
 * an expected value or a "don't care".
 */

#ifndef SUBGROUP_REFERENCE_H
#define SUBGROUP_REFERENCE_H

#include <stdbool.h>
#include <stdint.h>

#define REF_MAX_LANES 128
#define REF_UNDEF (-1)

/* One subgroup as the reference model sees it. */
struct ref_subgroup {
   unsigned size;                /* SubgroupSize */
   unsigned max_size;            /* SubgroupMaxSize */
   bool active[REF_MAX_LANES];   /* executes this dynamic instance */
};

/* A 128-bit ballot as four 32-bit words, bit N = invocation N. */
struct ref_ballot {
   uint32_t w[4];
};

/* Which data source a two-source INTEL shuffle reads. */
enum ref_source {
   REF_SRC_CURRENT,
   REF_SRC_NEXT,      /* ShuffleDown */
   REF_SRC_PREVIOUS,  /* ShuffleUp */
};

struct ref_lane_ref {
   int lane;               /* REF_UNDEF when out of range or inactive */
   enum ref_source source;
};

/* SPV_KHR_subgroup_rotate */
int ref_rotate(const struct ref_subgroup *sg, unsigned lane, uint64_t delta,
               unsigned cluster_size, bool kernel);

/* SPV_INTEL_subgroups */
int ref_intel_shuffle(const struct ref_subgroup *sg, unsigned lane,
                      uint32_t invocation_id);
int ref_intel_shuffle_xor(const struct ref_subgroup *sg, unsigned lane,
                          uint32_t value);
struct ref_lane_ref ref_intel_shuffle_down(const struct ref_subgroup *sg,
                                           unsigned lane, uint32_t delta);
struct ref_lane_ref ref_intel_shuffle_up(const struct ref_subgroup *sg,
                                         unsigned lane, uint32_t delta);

/* SPV_KHR_shader_ballot */
struct ref_ballot ref_ballot_khr(const struct ref_subgroup *sg,
                                 const bool *predicate);
int ref_first_invocation_khr(const struct ref_subgroup *sg);
int ref_read_invocation_khr(const struct ref_subgroup *sg, uint32_t index);

enum ref_mask_kind { REF_MASK_EQ, REF_MASK_GE, REF_MASK_GT, REF_MASK_LE, REF_MASK_LT };
struct ref_ballot ref_subgroup_mask_khr(const struct ref_subgroup *sg,
                                        unsigned lane, enum ref_mask_kind kind);

#endif
