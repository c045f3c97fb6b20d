/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 */

#ifndef NIR_LOWER_WORKGROUP_ROTATE_H
#define NIR_LOWER_WORKGROUP_ROTATE_H

#include "nir.h"

/* SPV_KHR_subgroup_rotate with Execution = Workgroup (kernels only):
 * nir_intrinsic_rotate_workgroup becomes a round trip through shared
 * memory.  Every invocation stores its value at its LocalInvocationIndex,
 * a workgroup barrier follows, each invocation loads the value of
 *
 *    (L - L % size) + (L % size + Delta) % size      (L its index)
 *
 * and a second barrier keeps the next use of the shared array (a loop
 * around the rotate) from overwriting values not yet read.
 *
 * The shared array holds one value per invocation: the fixed workgroup
 * size, or `max_invocations` when the workgroup size is variable (a kernel
 * without LocalSize: workgroup_size_variable, or a zero size as
 * spirv_to_nir leaves it); with neither, the intrinsic is left alone.  Run it
 * before the driver lowers shared variables to explicit types.
 */
bool nir_lower_workgroup_rotate(nir_shader *shader, unsigned max_invocations);

#endif
