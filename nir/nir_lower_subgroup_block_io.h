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

/* It also lowers image_deref_{load,store}_block_intel
 * (OpSubgroupImageBlockReadINTEL / WriteINTEL) to image_deref_load /
 * image_deref_store of whole texels, reinterpreting their bits; the mapping
 * is described in nir_lower_subgroup_block_io.c.
 *
 * NULL when an element of element_bits bits maps exactly onto texels of
 * format, else the rule that fails (spirv_to_nir reports it).
 */
const char *nir_subgroup_image_block_unsupported(enum pipe_format format,
                                                 unsigned element_bits, bool write);
/* The byte alignment the x coordinate needs: min(element size, texel size). */
unsigned nir_subgroup_image_block_x_align(enum pipe_format format, unsigned element_bits);

#endif
