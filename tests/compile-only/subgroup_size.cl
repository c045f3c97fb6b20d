/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 *
 * The kernels of check-isa.sh's iris checks (compiled, never run): a
 * subgroup's size and the maximum, each the one value a kernel stores.
 * get_sub_group_size() counts the work-items of the calling subgroup, fewer
 * than get_max_sub_group_size() in the last subgroup of a work-group whose
 * size is not a multiple of it.
 */

kernel void
sub_group_size(global uint *out)
{
   out[get_global_id(0)] = get_sub_group_size();
}

kernel void
max_sub_group_size(global uint *out)
{
   out[get_global_id(0)] = get_max_sub_group_size();
}

#ifdef REQD_SUB_GROUP_SIZE
/* cl_intel_required_subgroup_size: compiled at that SIMD width alone. */
__attribute__((intel_reqd_sub_group_size(REQD_SUB_GROUP_SIZE))) kernel void
required_size(global uint *out)
{
   out[get_global_id(0)] = get_max_sub_group_size();
}
#endif
