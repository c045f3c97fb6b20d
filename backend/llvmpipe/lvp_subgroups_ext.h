/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 */

#ifndef LVP_SUBGROUPS_EXT_H
#define LVP_SUBGROUPS_EXT_H

#include "nir.h"

/* Runs before lavapipe's own nir_lower_subgroups (which has
 * lower_partitioned set and 1 x 32-bit ballots) and before its explicit IO
 * lowering.  Lowers SPV_INTEL_subgroups buffer block IO to per-lane
 * accesses (nir_lower_subgroup_block_io).
 *
 * LVP_PARTITION_BALLOT=uvec4 (a test knob) lowers the partitioned
 * intrinsics here instead, with 4 x 32-bit ballots, the layout vtn emits and
 * several drivers use; lavapipe's pass then lowers what that produced.  The
 * sweep's partitioned family runs once each way, so both layouts are proven
 * by execution.
 */
void lvp_lower_subgroups_ext(nir_shader *nir);

/* nir_lower_subgroups_options::filter for lavapipe's own subgroup lowering:
 * everything but nir_intrinsic_partition and the partitioned reduce / scans
 * of 32-bit values and Booleans, which gallivm implements natively (other
 * sizes are still lowered generically).
 */
bool lvp_subgroups_filter(const nir_instr *instr, const void *data);

#endif
