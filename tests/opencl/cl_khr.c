/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 *
 * The cl_khr_subgroup_* cases: subgroups.cl's kernels (sizes, rotate,
 * ballot, vote, non-uniform and clustered arithmetic) and the
 * Workgroup-scope rotate of rotate_workgroup.spv.
 */

#include <stdio.h>
#include <string.h>

#include "cl_runner.h"

/* sizes()'s where[] (subgroup id << 16 | lane) from its info[]. */
static const char *
launch_sizes(cl_program prog, const char *kernel, unsigned local, uint32_t *info,
             uint32_t *where)
{
   set_all(info, N * OUT_WORDS, UNSET);
   struct arg a[] = {OUT(info, N * OUT_WORDS)};
   const char *err = launch(prog, kernel, local, a, 1);
   for (unsigned g = 0; g < local * NUM_WG; g++)
      where[g] = info[g * 8 + 3] << 16 | info[g * 8 + 4];
   return err;
}

/* get_sub_group_size() and the rest, against their definitions, from
 * `kernel` (subgroups.cl's sizes()) in subgroups of at most `max`.  The map
 * (get_sub_group_id(), get_sub_group_local_id()) is the device's, held to
 * the specification's promises (map_subgroups()); every other value is
 * what the specification makes of it: the subgroup with the maximum index
 * holds the rest of the work-group, every other one `max` work-items.
 */
const char *
check_sizes_of(cl_program prog, const char *kernel, unsigned local, unsigned max)
{
   uint32_t info[N * OUT_WORDS], where[N];
   const char *err = launch_sizes(prog, kernel, local, info, where);
   if (err || (err = map_subgroups(where, NULL, local, max)))
      return err;
   const unsigned num = (local + max - 1) / max;
   unsigned checked = 0;
   for (unsigned s = 0; s < num_sgs; s++) {
      for (unsigned l = 0; l < sgs[s].sg.size; l++, checked++) {
         const unsigned gid = sgs[s].gid[l];
         const uint32_t *o = info + 8 * gid;
         const unsigned id = o[3];
         const unsigned want = id + 1 < num ? max : local - (num - 1) * max;
         if (o[0] != want)
            return fail("get_sub_group_size() = %u in subgroup %u of %u, not %u", o[0], id, num,
                        want);
         if (o[1] != max)
            return fail("get_max_sub_group_size() = %u, not %u", o[1], max);
         if (o[2] != num || o[5] != num)
            return fail("get_(enqueued_)num_sub_groups() = %u/%u, not %u", o[2], o[5], num);
         if (o[6] != gid % local)
            return fail("work-item %u: get_local_linear_id() = %u", gid, o[6]);
         if (o[7] != local)
            return fail("get_local_size(0) = %u", o[7]);
      }
   }
   return nothing_checked(checked, checked, "");
}

/* cl.sg_map.*: the map of sizes()'s work-items to subgroups, one property a
 * case (cl_check.c's map_*() say what each rests on), at the device's
 * answers to the queries for this kernel and work-group size:
 *   count       CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE is ceil(local / max),
 *               max CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE ("All
 *               sub-groups must be the same size, while the last sub-group
 *               in any work-group (i.e. the sub-group with the maximum
 *               index) could be the same or smaller size"), and is the
 *               number of subgroups each work-group of the launch has (the
 *               map is invariant "between dispatches and query operations
 *               consistent with the dispatch parameterization");
 *   sizes       map_sizes() at that max: only the last subgroup partial;
 *   invariant   map_invariant(): the same map in every work-group;
 *   contiguous  map_contiguous(), rusticl on llvmpipe's map, not a promise:
 *               our rusticl only (another platform skips).
 */
enum { MAP_COUNT, MAP_SIZES, MAP_INVARIANT, MAP_CONTIGUOUS, MAP_PROPERTIES };
static const char *const map_property_names[] = {"count", "sizes", "invariant", "contiguous"};

static const char *
check_sg_map(cl_program prog, unsigned local, unsigned property)
{
   if (property == MAP_CONTIGUOUS && !ours)
      return fail(SKIP "the map of work-items to subgroups is implementation-defined; only "
                       "our rusticl is held to llvmpipe's");
   cl_int err;
   cl_kernel k = clCreateKernel(prog, "sizes", &err);
   if (err != CL_SUCCESS)
      return fail("clCreateKernel(sizes) = %d", err);
   size_t l = local, max = 0, count = 0;
   cl_int e1 = clGetKernelSubGroupInfo(k, dev, CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE,
                                       sizeof(l), &l, sizeof(max), &max, NULL);
   cl_int e2 = clGetKernelSubGroupInfo(k, dev, CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE, sizeof(l),
                                       &l, sizeof(count), &count, NULL);
   clReleaseKernel(k);
   if (e1 != CL_SUCCESS || e2 != CL_SUCCESS)
      return fail("clGetKernelSubGroupInfo = %d / %d", e1, e2);
   if (!max || max > REF_MAX_LANES)
      return fail("CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE(%u) = %zu", local, max);
   uint32_t info[N * OUT_WORDS], where[N];
   const char *why = launch_sizes(prog, "sizes", local, info, where);
   if (why || (why = map_build(where, NULL, local, max)))
      return why;
   switch (property) {
   case MAP_COUNT: {
      if (count != (local + max - 1) / max)
         return fail("CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE(%u) = %zu, not ceil(%u / %zu)",
                     local, count, local, max);
      for (unsigned wg = 0; wg < NUM_WG; wg++) {
         unsigned top = 0;
         for (unsigned i = 0; i < local; i++) {
            if ((where[wg * local + i] >> 16) + 1 > top)
               top = (where[wg * local + i] >> 16) + 1;
         }
         if (top != count)
            return fail("work-group %u has %u subgroups, the query says %zu", wg, top, count);
      }
      return NULL;
   }
   case MAP_SIZES:
      return map_sizes(local, max);
   case MAP_INVARIANT:
      return map_invariant(where, local);
   default:
      return map_contiguous(where, local, max);
   }
}

static const char *
check_sizes(cl_program prog, unsigned local)
{
   return check_sizes_of(prog, "sizes", local, max_lanes);
}

static const char *
check_rotate(cl_program prog, unsigned local, bool divergent, int delta, unsigned cluster)
{
   uint32_t in[N], pred[N], out[N], where[N];
   fill(in, N, 1, 0);
   prepare(pred, divergent, 2 + delta, out, N, where);
   struct arg a[] = {IN(in), IN(pred), OUT(out, N), OUT(where, N), VAL((uint32_t)delta),
                     VAL(cluster)};
   const char *err = launch(prog, "rotate", local, a, 6);
   if (err || (err = map_subgroups(where, pred, local, max_lanes)))
      return err;
   unsigned active = 0, checked = 0;
   for (unsigned s = 0; s < num_sgs; s++) {
      const struct sg_map *m = &sgs[s];
      for (unsigned l = 0; l < m->sg.size; l++) {
         if (!m->sg.active[l])
            continue;
         active++;
         const int src = ref_rotate(&m->sg, l, (uint32_t)delta, cluster, true);
         if (src == REF_UNDEF)
            continue;
         checked++;
         const uint32_t want = in[m->gid[src]], got = out[m->gid[l]];
         if (got != want)
            return fail("subgroup %u (size %u) lane %u: %#x, want lane %d's %#x", s,
                        m->sg.size, l, got, src, want);
      }
   }
   return nothing_checked(checked, active,
                          "every active lane's source lies outside its subgroup or is "
                          "inactive, so the reference defines no result");
}

static uint32_t
popcount_below(const struct ref_ballot *b, unsigned n)
{
   uint32_t c = 0;
   for (unsigned i = 0; i < n; i++)
      c += (b->w[i / 32] >> (i % 32)) & 1;
   return c;
}

static const char *
check_ballot(cl_program prog, unsigned local, bool divergent, unsigned op)
{
   uint32_t in[N], pred[N], pred2[N], out[N * OUT_WORDS], where[N];
   fill(in, N, 3 + op, 0);
   fill(pred2, N, 4 + op, 2);
   prepare(pred, divergent, 5 + op, out, N * OUT_WORDS, where);
   const unsigned index = op == 3 ? (local > 2 ? 2 : 0) : 0;
   struct arg a[] = {IN(in), IN(pred), IN(pred2), OUT(out, N * OUT_WORDS), OUT(where, N),
                     VAL(op), VAL(index)};
   const char *err = launch(prog, "ballot", local, a, 7);
   if (err || (err = map_subgroups(where, pred, local, max_lanes)))
      return err;
   unsigned active = 0, checked = 0;
   for (unsigned s = 0; s < num_sgs; s++) {
      const struct sg_map *m = &sgs[s];
      bool p2[REF_MAX_LANES] = {0};
      for (unsigned l = 0; l < m->sg.size; l++)
         p2[l] = pred2[m->gid[l]] != 0;
      const struct ref_ballot b = ref_ballot_khr(&m->sg, p2);
      for (unsigned l = 0; l < m->sg.size; l++) {
         if (!m->sg.active[l])
            continue;
         active++;
         const uint32_t *o = out + 8 * m->gid[l];
         uint32_t want[7];
         unsigned n = 0;
         bool care[7] = {1, 1, 1, 1, 1, 1, 1};
         switch (op) {
         case 0:
            memcpy(want, b.w, 16);
            n = 4;
            break;
         case 1:
            /* OpenCL C's masks: ge and gt reach the maximum sub-group size,
             * past the work-items of a partial subgroup (ref_subgroup_mask_cl).
             */
            for (unsigned k = REF_MASK_EQ; k <= REF_MASK_LT; k++)
               want[k] = ref_subgroup_mask_cl(&m->sg, l, k).w[0];
            want[5] = ref_subgroup_mask_cl(&m->sg, l, REF_MASK_EQ).w[1];
            n = 6;
            break;
         case 2: {
            const uint32_t count = popcount_below(&b, m->sg.size);
            want[0] = want[1] = (b.w[l / 32] >> (l % 32)) & 1;
            want[2] = count;
            want[3] = popcount_below(&b, l + 1);
            want[4] = popcount_below(&b, l);
            unsigned lsb = ~0u, msb = 0;
            for (unsigned i = 0; i < m->sg.size; i++) {
               if ((b.w[i / 32] >> (i % 32)) & 1) {
                  msb = i;
                  if (lsb == ~0u)
                     lsb = i;
               }
            }
            want[5] = lsb;
            want[6] = msb;
            /* find_lsb / find_msb of an empty ballot are undefined */
            care[5] = care[6] = count != 0;
            n = 7;
            break;
         }
         default: {
            const bool idx_ok = index < m->sg.size && m->sg.active[index];
            want[0] = idx_ok ? in[m->gid[index]] : 0;
            care[0] = idx_ok;
            want[1] = in[m->gid[ref_first_invocation_khr(&m->sg)]];
            n = 2;
            break;
         }
         }
         for (unsigned k = 0; k < n; k++) {
            uint32_t got = o[k];
            /* inverse_ballot and bit_extract return a truth value */
            if (op == 2 && k < 2)
               got = got != 0;
            if (!care[k])
               continue;
            checked++;
            if (got != want[k])
               return fail("op %u subgroup %u (size %u) lane %u word %u: %#x, want %#x", op, s,
                           m->sg.size, l, k, o[k], want[k]);
         }
      }
   }
   return nothing_checked(checked, active, "the reference defines no word of this input");
}

static const char *
check_vote(cl_program prog, unsigned local, bool divergent, unsigned variant)
{
   uint32_t in[N], pred[N], pred2[N], out[N * OUT_WORDS], where[N];
   /* variant 0: random values; 1: all equal, p2 all true */
   fill(in, N, 7, variant ? 1 : 3);
   if (variant)
      set_all(pred2, N, 1);
   else
      fill(pred2, N, 8, 8);
   prepare(pred, divergent, 9, out, N * OUT_WORDS, where);
   struct arg a[] = {IN(in), IN(pred), IN(pred2), OUT(out, N * OUT_WORDS), OUT(where, N)};
   const char *err = launch(prog, "vote", local, a, 5);
   if (err || (err = map_subgroups(where, pred, local, max_lanes)))
      return err;
   unsigned checked = 0;
   for (unsigned s = 0; s < num_sgs; s++) {
      const struct sg_map *m = &sgs[s];
      bool p2[REF_MAX_LANES] = {0};
      uint64_t v[REF_MAX_LANES] = {0};
      for (unsigned l = 0; l < m->sg.size; l++) {
         p2[l] = pred2[m->gid[l]] != 0;
         v[l] = in[m->gid[l]];
      }
      const bool all = ref_vote_all(&m->sg, p2), any = ref_vote_any(&m->sg, p2);
      const bool eq = ref_vote_all_equal(&m->sg, REF_T_UINT32, v);
      for (unsigned l = 0; l < m->sg.size; l++) {
         if (!m->sg.active[l])
            continue;
         const uint32_t *o = out + 8 * m->gid[l];
         const bool want[4] = {ref_elect(&m->sg, l), all, any, eq};
         checked++;
         for (unsigned k = 0; k < 4; k++) {
            if ((o[k] != 0) != want[k])
               return fail("subgroup %u (size %u) lane %u %s: %u, want %u", s, m->sg.size, l,
                           (const char *[]){"elect", "all", "any", "all_equal"}[k], o[k],
                           want[k]);
         }
      }
   }
   return nothing_checked(checked, checked, "");
}

static const enum ref_pop arith_ops[] = {
   REF_OP_IADD, REF_OP_IMUL, REF_OP_UMIN, REF_OP_UMAX, REF_OP_SMIN, REF_OP_SMAX, REF_OP_AND,
   REF_OP_OR,   REF_OP_XOR,  REF_OP_LAND, REF_OP_LOR,  REF_OP_LXOR, REF_OP_FADD,
};
static const char *const arith_names[] = {
   "add_uint", "mul_uint", "min_uint", "max_uint", "min_int", "max_int", "and",
   "or",       "xor",      "logical_and", "logical_or", "logical_xor", "add_float",
};
#define NUM_ARITH (sizeof(arith_ops) / sizeof(arith_ops[0]))

/* cluster 0: sub_group_non_uniform_{reduce,scan_inclusive,scan_exclusive};
 * otherwise sub_group_clustered_reduce with that cluster size.  The
 * reference is the partitioned one with each lane's ballot naming its
 * cluster (or the whole subgroup).
 */
static const char *
check_arith(cl_program prog, unsigned local, bool divergent, unsigned op, unsigned cluster)
{
   uint32_t in[N], pred[N], out[N * OUT_WORDS], where[N];
   /* The kernel reads bit 0 (logical operations) or bits 0-3 (float add) of
    * its input: draw those from fill()'s high bits, since the low bits of
    * its generator repeat with a short period (bit 0 alternates 0, 1, 0, 1,
    * which would give every logical case the same pattern).
    */
   const enum ref_pop rop = arith_ops[op];
   const bool logical = rop == REF_OP_LAND || rop == REF_OP_LOR || rop == REF_OP_LXOR;
   fill(in, N, 11 + op, op == 1 ? 5 : logical ? 2 : rop == REF_OP_FADD ? 16 : 0);
   if (op == 1) {
      for (unsigned i = 0; i < N; i++)
         in[i] += 1;
   }
   prepare(pred, divergent, 12 + op, out, N * OUT_WORDS, where);
   struct arg a[] = {IN(in), IN(pred), OUT(out, N * OUT_WORDS), OUT(where, N), VAL(op),
                     VAL(cluster)};
   const char *err = launch(prog, cluster ? "clustered" : "arith", local, a, 6);
   if (err || (err = map_subgroups(where, pred, local, max_lanes)))
      return err;
   unsigned active = 0, checked = 0;
   for (unsigned s = 0; s < num_sgs; s++) {
      const struct sg_map *m = &sgs[s];
      struct ref_ballot ballots[REF_MAX_LANES];
      uint64_t x[REF_MAX_LANES];
      memset(ballots, 0, sizeof(ballots));
      for (unsigned l = 0; l < m->sg.size; l++) {
         const uint32_t u = in[m->gid[l]];
         if (rop == REF_OP_FADD)
            x[l] = ref_float_bits(32, (double)(u & 15));
         else if (logical)
            x[l] = u & 1;
         else
            x[l] = u;
         const unsigned c = cluster ? cluster : max_lanes;
         for (unsigned j = l / c * c; j < l / c * c + c && j < REF_MAX_LANES; j++)
            ballots[l].w[j / 32] |= 1u << (j % 32);
      }
      for (unsigned l = 0; l < m->sg.size; l++) {
         if (!m->sg.active[l])
            continue;
         const uint32_t *o = out + 8 * m->gid[l];
         const unsigned nscans = cluster ? 1 : 3;
         active++;
         for (unsigned k = 0; k < nscans; k++) {
            uint64_t accept[REF_MAX_ACCEPT];
            const unsigned na = ref_partitioned_scan_accept(&m->sg, rop, 32, (enum ref_scan)k,
                                                            ballots, x, l, accept);
            bool ok = na == 0;
            checked += na != 0;
            for (unsigned i = 0; i < na; i++) {
               if (logical ? (o[k] != 0) == (accept[i] != 0) : o[k] == (uint32_t)accept[i])
                  ok = true;
            }
            if (!ok)
               return fail("subgroup %u (size %u) lane %u %s: %#x, want %#x", s, m->sg.size, l,
                           (const char *[]){"reduce", "inclusive", "exclusive"}[k], o[k],
                           (uint32_t)accept[0]);
         }
      }
   }
   return nothing_checked(checked, active, "the reference defines no result of this input");
}

/* Workgroup-scope rotate (SPIR-V): the "subgroup" of the reference is the
 * whole work-group, LocalId its linear local id, and the rotation group
 * ClusterSize or SubgroupMaxSize.
 */
static const char *
check_wg_rotate(cl_program prog, unsigned local, uint32_t delta, unsigned cluster)
{
   uint32_t in[N], out[N];
   fill(in, N, 21, 0);
   set_all(out, N, UNSET);
   struct arg a[] = {IN(in), OUT(out, N), VAL(delta)};
   const char *err = launch(prog, cluster ? "wg_rotate_c4" : "wg_rotate", local, a, 3);
   if (err)
      return err;
   struct ref_subgroup wg = {.size = local, .max_size = max_lanes};
   for (unsigned l = 0; l < local; l++)
      wg.active[l] = true;
   unsigned checked = 0;
   for (unsigned g = 0; g < NUM_WG; g++) {
      for (unsigned l = 0; l < local; l++) {
         const int src = ref_rotate(&wg, l, delta, cluster, true);
         if (src == REF_UNDEF)
            continue;
         checked++;
         const uint32_t want = in[g * local + src], got = out[g * local + l];
         if (got != want)
            return fail("work-group %u item %u: %#x, want item %d's %#x", g, l, got, src, want);
      }
   }
   return nothing_checked(checked, local,
                          "every work-item's source is outside the work-group, so the "
                          "reference defines no result");
}

/* The cases of subgroups.cl at one work-group size. */
void
run_khr(cl_program prog, unsigned local, const char *tag)
{
   char name[160];
   snprintf(name, sizeof(name), "cl.sizes.l%u.%s", local, tag);
   CASE(name, check_sizes(prog, local));
   for (unsigned p = 0; p < MAP_PROPERTIES; p++) {
      snprintf(name, sizeof(name), "cl.sg_map.%s.l%u.%s", map_property_names[p], local, tag);
      CASE(name, check_sg_map(prog, local, p));
   }
   for (int dv = 0; dv < 2; dv++) {
      const char *d = dv ? "divergent" : "uniform";
      static const int deltas[] = {0, 1, 3, 6, -1, 17};
      for (unsigned c = 0; c <= 16 && c <= max_lanes; c = c ? c * 2 : 1) {
         for (unsigned di = 0; di < 6; di++) {
            snprintf(name, sizeof(name), "cl.rotate.%s.c%u.d%d.l%u.%s", d, c, deltas[di],
                     local, tag);
            CASE(name, check_rotate(prog, local, dv, deltas[di], c));
         }
      }
      for (unsigned op = 0; op < 4; op++) {
         snprintf(name, sizeof(name), "cl.ballot.%s.op%u.l%u.%s", d, op, local, tag);
         CASE(name, check_ballot(prog, local, dv, op));
      }
      for (unsigned v = 0; v < 2; v++) {
         snprintf(name, sizeof(name), "cl.vote.%s.v%u.l%u.%s", d, v, local, tag);
         CASE(name, check_vote(prog, local, dv, v));
      }
      for (unsigned op = 0; op < NUM_ARITH; op++) {
         snprintf(name, sizeof(name), "cl.arith.%s.%s.l%u.%s", d, arith_names[op], local,
                  tag);
         CASE(name, check_arith(prog, local, dv, op, 0));
         for (unsigned c = 1; c <= 16 && c <= max_lanes; c *= 2) {
            snprintf(name, sizeof(name), "cl.clustered.%s.%s.c%u.l%u.%s", d,
                     arith_names[op], c, local, tag);
            CASE(name, check_arith(prog, local, dv, op, c));
         }
      }
   }
}

/* The Workgroup-scope rotate of rotate_workgroup.spv at one work-group
 * size.
 */
void
run_rotate_workgroup(cl_program il, unsigned local, const char *tag)
{
   char name[160];
   static const uint32_t deltas[] = {0, 1, 5, 0xffffffffu};
   for (unsigned c = 0; c <= 4; c += 4) {
      for (unsigned di = 0; di < 4; di++) {
         snprintf(name, sizeof(name), "cl.rotate_workgroup.c%u.d%d.l%u.%s", c,
                  (int)deltas[di], local, tag);
         CASE(name, check_wg_rotate(il, local, deltas[di], c));
      }
   }
}
