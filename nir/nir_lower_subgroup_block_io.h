/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 */

#ifndef NIR_LOWER_SUBGROUP_BLOCK_IO_H
#define NIR_LOWER_SUBGROUP_BLOCK_IO_H

#include "nir.h"

/* SPV_INTEL_subgroups buffer block IO for hardware without a block unit:
 * load_deref_block_intel / store_deref_block_intel become one ordinary
 * load or store per component, with the spec's addressing
 *
 *    component k of an invocation is Ptr[SubgroupLocalInvocationId + k * SubgroupMaxSize]
 *
 * Run it before nir_lower_explicit_io, on derefs.  Pointers that are not
 * array elements (or casts with a pointer stride) are left alone.
 */
bool nir_lower_subgroup_block_io(nir_shader *shader);

#endif
