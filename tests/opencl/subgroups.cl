/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 *
 * OpenCL C kernels of tests/opencl/cl_runner.c: each work-item records which
 * subgroup and lane it ran in (where[]), so the host rebuilds the subgroups
 * from what the device reports, then checks each result against the
 * reference model (tests/reference/).  A work-item with pred[] == 0 skips the
 * operation: the others run it with those lanes inactive.  1-D NDRanges.
 */

/* cl-runner --sub-group-size N builds with -DREQD_SUB_GROUP_SIZE=N: every
 * kernel then requires that subgroup size (cl_intel_required_subgroup_size).
 */
#ifdef REQD_SUB_GROUP_SIZE
#define SG_SIZE_ATTR __attribute__((intel_reqd_sub_group_size(REQD_SUB_GROUP_SIZE)))
#else
#define SG_SIZE_ATTR
#endif

#define GID ((uint)get_global_id(0))

static void
record(global uint *where)
{
   where[GID] = (get_sub_group_id() << 16) | get_sub_group_local_id();
}

/* get_sub_group_size() and friends, as seven words per work-item. */
SG_SIZE_ATTR kernel void
sizes(global uint *info)
{
   global uint *o = info + 8 * GID;
   o[0] = get_sub_group_size();
   o[1] = get_max_sub_group_size();
   o[2] = get_num_sub_groups();
   o[3] = get_sub_group_id();
   o[4] = get_sub_group_local_id();
   o[5] = get_enqueued_num_sub_groups();
   o[6] = (uint)get_local_linear_id();
   o[7] = (uint)get_local_size(0);
}

/* cl_khr_subgroup_rotate: ClusterSize must be a constant. */
SG_SIZE_ATTR kernel void
rotate(global const uint *in, global const uint *pred, global uint *out, global uint *where,
       int delta, uint cluster)
{
   record(where);
   if (!pred[GID])
      return;
   const uint x = in[GID];
   uint r;
   switch (cluster) {
   case 1: r = sub_group_clustered_rotate(x, delta, 1); break;
   case 2: r = sub_group_clustered_rotate(x, delta, 2); break;
   case 4: r = sub_group_clustered_rotate(x, delta, 4); break;
   case 8: r = sub_group_clustered_rotate(x, delta, 8); break;
   case 16: r = sub_group_clustered_rotate(x, delta, 16); break;
   default: r = sub_group_rotate(x, delta); break;
   }
   out[GID] = r;
}

/* cl_khr_subgroup_ballot, four words per work-item:
 *  op 0  sub_group_ballot(p2)
 *  op 1  the masks eq, ge, gt, le, lt: word 0 of each, then word 1 of eq
 *  op 2  inverse_ballot, bit_extract(lane), bit_count, inclusive and
 *        exclusive scan, find_lsb, find_msb of the ballot of p2
 *  op 3  non_uniform_broadcast(x, index), broadcast_first(x)
 */
SG_SIZE_ATTR kernel void
ballot(global const uint *in, global const uint *pred, global const uint *pred2,
       global uint *out, global uint *where, uint op, uint index)
{
   record(where);
   if (!pred[GID])
      return;
   global uint *o = out + 8 * GID;
   const uint4 b = sub_group_ballot(pred2[GID]);
   switch (op) {
   case 0:
      vstore4(b, 0, o);
      break;
   case 1:
      o[0] = get_sub_group_eq_mask().x;
      o[1] = get_sub_group_ge_mask().x;
      o[2] = get_sub_group_gt_mask().x;
      o[3] = get_sub_group_le_mask().x;
      o[4] = get_sub_group_lt_mask().x;
      o[5] = get_sub_group_eq_mask().y;
      break;
   case 2:
      o[0] = sub_group_inverse_ballot(b);
      o[1] = sub_group_ballot_bit_extract(b, get_sub_group_local_id());
      o[2] = sub_group_ballot_bit_count(b);
      o[3] = sub_group_ballot_inclusive_scan(b);
      o[4] = sub_group_ballot_exclusive_scan(b);
      o[5] = sub_group_ballot_find_lsb(b);
      o[6] = sub_group_ballot_find_msb(b);
      break;
   default:
      o[0] = sub_group_non_uniform_broadcast(in[GID], index);
      o[1] = sub_group_broadcast_first(in[GID]);
      break;
   }
}

/* cl_khr_subgroup_non_uniform_vote: elect, all(p2), any(p2), all_equal(x). */
SG_SIZE_ATTR kernel void
vote(global const uint *in, global const uint *pred, global const uint *pred2,
     global uint *out, global uint *where)
{
   record(where);
   if (!pred[GID])
      return;
   global uint *o = out + 8 * GID;
   o[0] = sub_group_elect();
   o[1] = sub_group_non_uniform_all(pred2[GID]);
   o[2] = sub_group_non_uniform_any(pred2[GID]);
   o[3] = sub_group_non_uniform_all_equal(in[GID]);
}

#define NU_OPS(T, OP)                                                        \
   o[0] = as_uint(sub_group_non_uniform_reduce_##OP(x));                    \
   o[1] = as_uint(sub_group_non_uniform_scan_inclusive_##OP(x));            \
   o[2] = as_uint(sub_group_non_uniform_scan_exclusive_##OP(x))

#define CL_OPS(OP)                                                           \
   do {                                                                     \
      __typeof__(x) r;                                                      \
      switch (cluster) {                                                    \
      case 1: r = sub_group_clustered_reduce_##OP(x, 1); break;             \
      case 2: r = sub_group_clustered_reduce_##OP(x, 2); break;             \
      case 4: r = sub_group_clustered_reduce_##OP(x, 4); break;             \
      case 8: r = sub_group_clustered_reduce_##OP(x, 8); break;             \
      default: r = sub_group_clustered_reduce_##OP(x, 16); break;           \
      }                                                                     \
      o[0] = as_uint(r);                                                    \
   } while (0)

/* cl_khr_subgroup_non_uniform_arithmetic (reduce, inclusive and exclusive
 * scan in words 0-2) and cl_khr_subgroup_clustered_reduce (clusters of 1 to
 * 16, no larger than the subgroup, in word 0), by op:
 *  0 add  1 mul  2 min  3 max  (uint)   4 min  5 max  (int)
 *  6 and  7 or  8 xor (uint)   9 logical_and  10 logical_or  11 logical_xor
 *  12 add (float, whole numbers: every order sums exactly)
 */
#define ARITH(NAME, OPS)                                                     \
   SG_SIZE_ATTR                                                             \
   kernel void NAME(global const uint *in, global const uint *pred,         \
                    global uint *out, global uint *where, uint op,          \
                    uint cluster)                                           \
   {                                                                        \
      record(where);                                                        \
      if (!pred[GID])                                                       \
         return;                                                            \
      global uint *o = out + 8 * GID;                                       \
      const uint u = in[GID];                                               \
      switch (op) {                                                         \
      case 0: { uint x = u; OPS(uint, add); break; }                        \
      case 1: { uint x = u; OPS(uint, mul); break; }                        \
      case 2: { uint x = u; OPS(uint, min); break; }                        \
      case 3: { uint x = u; OPS(uint, max); break; }                        \
      case 4: { int x = (int)u; OPS(int, min); break; }                     \
      case 5: { int x = (int)u; OPS(int, max); break; }                     \
      case 6: { uint x = u; OPS(uint, and); break; }                        \
      case 7: { uint x = u; OPS(uint, or); break; }                         \
      case 8: { uint x = u; OPS(uint, xor); break; }                        \
      case 9: { int x = u & 1; OPS(int, logical_and); break; }              \
      case 10: { int x = u & 1; OPS(int, logical_or); break; }              \
      case 11: { int x = u & 1; OPS(int, logical_xor); break; }             \
      default: { float x = (float)(u & 15); OPS(float, add); break; }       \
      }                                                                     \
   }

#define NU(T, OP) NU_OPS(T, OP)
#define CL(T, OP) CL_OPS(OP)
ARITH(arith, NU)
ARITH(clustered, CL)
