/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 */

#ifndef NIR_LOWER_PARTITIONED_H
#define NIR_LOWER_PARTITIONED_H

#include "nir.h"
#include "nir_builder.h"

/* Generic lowering of SPV_EXT_shader_subgroup_partitioned for hardware with
 * no native match instruction, run by nir_lower_subgroups when
 * nir_lower_subgroups_options::lower_partitioned is set:
 *
 *  - partition: a loop that reads the first active invocation's value and
 *    ballots the invocations equal to it, which then leave the loop.  The
 *    first invocation always equals itself (the comparison is bitwise), so
 *    every iteration retires at least one invocation.
 *
 *  - partitioned reduce / scans: the active set masked with the partition
 *    ballot, then nir_lower_subgroups' masked scan/reduce builder.
 *
 * Works for any subgroup size up to the ballot's width and every ballot
 * layout the options describe (4 x 32-bit, 1 x 32-bit, 1 x 64-bit).
 */
nir_def *nir_lower_partitioned_intrinsic(nir_builder *b, nir_intrinsic_instr *intrin,
                                         const nir_lower_subgroups_options *options);

/* For drivers with native partitioned instructions that take scalars
 * (nir_lower_subgroups with lower_to_scalar, without lower_partitioned):
 * a vector partition is the intersection of its components' partitions; a
 * vector partitioned reduce/scan is one per component.  Returns NULL for
 * scalars.
 */
nir_def *nir_scalarize_partitioned_intrinsic(nir_builder *b, nir_intrinsic_instr *intrin);

/* nir_lower_int64: a partition of 64-bit values is the intersection of the
 * partitions of their two 32-bit halves.
 */
nir_def *nir_lower_partition_int64(nir_builder *b, nir_intrinsic_instr *intrin);

/* Helpers of nir_lower_subgroups.c that the lowering above reuses. */
unsigned nir_lower_subgroups_max_size(const nir_lower_subgroups_options *options);
nir_def *nir_lower_subgroups_ballot_to_options(nir_builder *b, nir_def *value,
                                               const nir_lower_subgroups_options *options);
nir_def *nir_lower_subgroups_build_scan_reduce(nir_builder *b, nir_intrinsic_op op,
                                               nir_op red_op, nir_def *data,
                                               nir_def *mask, unsigned max_mask_bits,
                                               const nir_lower_subgroups_options *options);

#endif
