/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 *
 * The reference model: each subgroup operation written from the formulas of
 * its extension specification in the Khronos SPIR-V registry (for example
 * SPV_KHR_subgroup_rotate, section "Modifications to the SPIR-V
 * Specification", subsection "Instructions"), or for core instructions from
 * the SPIR-V Specification's "Non-Uniform Instructions" section, lane by
 * lane.  It shares no code with Mesa.
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

/* Which answers the reference accepts where a text leaves a choice.
 *
 *   REF_READING_SERIES: the choices this series makes, which the patched
 *     lavapipe is held to.  Group operations in a shader declaring
 *     SignedZeroInfNanPreserve keep NaNs and signs of zero (SPIR-V's NaN rule
 *     for FMin / FMax; a lone -0.0 sums to -0.0), and Partition compares
 *     floats by ordered equality (-0.0 and +0.0 share a subset), and so does
 *     AllEqual (a NaN equals nothing).
 *   REF_READING_VULKAN: any conformant Vulkan driver (the runner's
 *     --any-driver).  SignedZeroInfNanPreserve binds only the instructions
 *     Vulkan lists (OpFAdd, OpFMul, OpStore, ...), and "other SPIR-V
 *     instructions may also respect" it (Vulkan, "Precision and Operation of
 *     SPIR-V Instructions").  A group operation is not listed, so it may
 *     "ignore sign of a zero, or assume that arguments and results are not
 *     NaNs or infinities": a float reduce or scan with a NaN or an infinity
 *     among its values is undefined, a zero result may have either sign, and
 *     -0.0 and +0.0 may or may not share a partition subset, and AllEqual
 *     over a NaN is undefined.
 */
enum ref_reading { REF_READING_SERIES, REF_READING_VULKAN };
extern enum ref_reading ref_reading;

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
/* Buffer block IO: the element index, relative to Ptr, that component
 * `component` of invocation `lane` reads / writes.
 */
uint64_t ref_intel_block_read_index(const struct ref_subgroup *sg, unsigned lane,
                                    unsigned component);
uint64_t ref_intel_block_write_index(const struct ref_subgroup *sg, unsigned lane,
                                     unsigned component);
/* Image block IO: where byte `byte` of component `component` of invocation
 * `lane` lies, as (row, byte within the row), for elements of elem_bytes
 * bytes at Coordinate (x, y).
 */
struct ref_image_byte {
   uint64_t row, column;
};
struct ref_image_byte ref_intel_image_block_byte(const struct ref_subgroup *sg, unsigned lane,
                                                 unsigned component, unsigned elem_bytes,
                                                 unsigned byte, uint32_t x, uint32_t y);

/* SPV_KHR_shader_ballot */
struct ref_ballot ref_ballot_khr(const struct ref_subgroup *sg,
                                 const bool *predicate);
int ref_first_invocation_khr(const struct ref_subgroup *sg);
int ref_read_invocation_khr(const struct ref_subgroup *sg, uint32_t index);

enum ref_mask_kind { REF_MASK_EQ, REF_MASK_GE, REF_MASK_GT, REF_MASK_LE, REF_MASK_LT };
struct ref_ballot ref_subgroup_mask_khr(const struct ref_subgroup *sg,
                                        unsigned lane, enum ref_mask_kind kind);
/* OpenCL C's get_sub_group_*_mask(): ge and gt up to SubgroupMaxSize. */
struct ref_ballot ref_subgroup_mask_cl(const struct ref_subgroup *sg,
                                       unsigned lane, enum ref_mask_kind kind);

/* Component types of AllEqual's and of partition values; raw bits travel in
 * a uint64_t.
 */
enum ref_ptype {
   REF_T_UINT8, REF_T_UINT16, REF_T_UINT32, REF_T_INT32, REF_T_UINT64,
   REF_T_FLOAT16, REF_T_FLOAT32, REF_T_FLOAT64, REF_T_BOOL,
};

unsigned ref_ptype_bits(enum ref_ptype t);
bool ref_ptype_is_float(enum ref_ptype t);
/* The spec's notion of "same value" for one component: floats by ordered
 * equality, as OpFOrdEqual (a NaN equals nothing, -0.0 equals +0.0).
 */
bool ref_component_equal(enum ref_ptype t, uint64_t a, uint64_t b);
bool ref_component_is_nan(enum ref_ptype t, uint64_t a);

/* Core vote and elect (GroupNonUniformVote).  AllEqual: values of type t,
 * compared by ref_component_equal.
 */
bool ref_elect(const struct ref_subgroup *sg, unsigned lane);
bool ref_vote_all(const struct ref_subgroup *sg, const bool *predicate);
bool ref_vote_any(const struct ref_subgroup *sg, const bool *predicate);
bool ref_vote_all_equal(const struct ref_subgroup *sg, enum ref_ptype t,
                        const uint64_t *value);

/* SPV_KHR_quad_control: the result in invocation `lane` */
bool ref_quad_all(const struct ref_subgroup *sg, unsigned lane, const bool *predicate);
bool ref_quad_any(const struct ref_subgroup *sg, unsigned lane, const bool *predicate);

/* SPV_EXT_shader_subgroup_partitioned */

/* Checks one subgroup's OpGroupNonUniformPartitionEXT results against the
 * properties the spec demands, not against one exact answer.  value[lane]
 * holds `comps` components.  Returns NULL, or a description of the first
 * violation written to buf.
 */
const char *ref_partition_verify(const struct ref_subgroup *sg, enum ref_ptype t,
                                 unsigned comps, const uint64_t (*value)[4],
                                 const struct ref_ballot *mask, char *buf,
                                 unsigned buf_size);

enum ref_pop {
   REF_OP_IADD, REF_OP_IMUL, REF_OP_UMIN, REF_OP_UMAX, REF_OP_SMIN, REF_OP_SMAX,
   REF_OP_FADD, REF_OP_FMUL, REF_OP_FMIN, REF_OP_FMAX, REF_OP_AND, REF_OP_OR,
   REF_OP_XOR, REF_OP_LAND, REF_OP_LOR, REF_OP_LXOR, REF_OP_COUNT,
};
enum ref_scan { REF_SCAN_REDUCE, REF_SCAN_INCLUSIVE, REF_SCAN_EXCLUSIVE };

/* The subset of `lane`: the active invocations whose ballot equals its own. */
struct ref_ballot ref_partition_subset(const struct ref_subgroup *sg,
                                       const struct ref_ballot *ballot, unsigned lane);

/* The bits of d in the float format of `bits` bits (16, 32, 64), rounded
 * to nearest even.
 */
uint64_t ref_float_bits(unsigned bits, double d);

/* Partitioned reduce / scans of operands of `bits` bits (integers of 8,
 * 16, 32 or 64 bits, floats of 16, 32 or 64 as their bits, Booleans as
 * 0 / 1 in 32), raw bits in x[lane].  Writes every result the spec allows
 * to accept[] and returns how many (0: undefined, as FMin / FMax over
 * values that are all NaN; 2 or more: FMin / FMax choosing between -0.0
 * and +0.0, or a denormal that may be flushed).
 */
#define REF_MAX_ACCEPT 4
unsigned ref_partitioned_scan_accept(const struct ref_subgroup *sg, enum ref_pop op,
                                     unsigned bits, enum ref_scan scan,
                                     const struct ref_ballot *ballot, const uint64_t *x,
                                     unsigned lane, uint64_t *accept);

#endif
