/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 *
 * What every reference check of cl-runner shares: one launch of a kernel,
 * the subgroups the launch reports (sgs[], from where[]) and what the
 * specification promises of them, the inputs, the failure messages and the
 * rule for a check that compared nothing.
 */

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cl_runner.h"

static cl_mem
buffer(const uint32_t *data, size_t words)
{
   cl_int err;
   cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                             words * 4, (void *)data, &err);
   return err == CL_SUCCESS ? m : NULL;
}

const char *
launch(cl_program prog, const char *kernel, unsigned local, struct arg *args, unsigned nargs)
{
   static char err_buf[128];
   cl_int err;
   cl_kernel k = clCreateKernel(prog, kernel, &err);
   if (err != CL_SUCCESS) {
      snprintf(err_buf, sizeof(err_buf), "clCreateKernel(%s) = %d", kernel, err);
      return err_buf;
   }
   cl_mem mems[8] = {0};
   if (nargs > 8) {
      clReleaseKernel(k);
      return "more than 8 kernel arguments";
   }
   for (unsigned i = 0; i < nargs; i++) {
      if (args[i].mem) {
         clSetKernelArg(k, i, sizeof(cl_mem), &args[i].mem);
      } else if (args[i].data) {
         mems[i] = buffer(args[i].data, args[i].words);
         clSetKernelArg(k, i, sizeof(cl_mem), &mems[i]);
      } else {
         clSetKernelArg(k, i, sizeof(uint32_t), &args[i].value);
      }
   }
   size_t global = (size_t)local * NUM_WG, lsize = local;
   err = clEnqueueNDRangeKernel(queue, k, 1, NULL, &global, &lsize, 0, NULL, NULL);
   for (unsigned i = 0; i < nargs && err == CL_SUCCESS; i++) {
      if (args[i].data && args[i].readback)
         err = clEnqueueReadBuffer(queue, mems[i], CL_TRUE, 0, args[i].words * 4, args[i].data,
                                   0, NULL, NULL);
   }
   clFinish(queue);
   for (unsigned i = 0; i < nargs; i++) {
      if (mems[i])
         clReleaseMemObject(mems[i]);
   }
   clReleaseKernel(k);
   if (err != CL_SUCCESS) {
      snprintf(err_buf, sizeof(err_buf), "enqueue/read of %s = %d", kernel, err);
      return err_buf;
   }
   return NULL;
}

struct sg_map sgs[N];
unsigned num_sgs;

char msg[512];

const char *
fail(const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(msg, sizeof(msg), fmt, ap);
   va_end(ap);
   return msg;
}

/* The end of a check that compared `checked` values of `active` lanes: a
 * check that compared nothing must not pass (issue 35).  It skips where the
 * reference defines no result for any active lane of this input (`why`),
 * and fails where no lane was active at all.
 */
const char *
nothing_checked(unsigned checked, unsigned active, const char *why)
{
   if (checked)
      return NULL;
   if (!active)
      return "no active work-item, no result compared: the case checks nothing";
   return fail(SKIP "%s: nothing to check", why);
}

/* The first subgroup of each work-group of the last map in sgs[]
 * (wg_first[NUM_WG] = num_sgs).
 */
static unsigned wg_first[NUM_WG + 1];

/* Rebuilds the subgroups from where[] (subgroup id << 16 | lane), checking
 * that each is lanes 0..n-1 of one work-group with n <= max: what the
 * harness reads where[] as (get_sub_group_local_id() "returns the unique
 * work-item ID within the current sub-group", get_sub_group_id() "a number
 * from 0 .. get_num_sub_groups() - 1"; the ballots number work-items by it,
 * bit i for sub-group local ID i).  Nothing of the map's shape beyond that:
 * map_subgroups() adds what the specification promises of it.
 */
const char *
map_build(const uint32_t *where, const uint32_t *pred, unsigned local, unsigned max)
{
   num_sgs = 0;
   memset(sgs, 0, sizeof(sgs));
   for (unsigned wg = 0; wg < NUM_WG; wg++) {
      unsigned first = num_sgs;
      wg_first[wg] = first;
      for (unsigned l = 0; l < local; l++) {
         const unsigned gid = wg * local + l;
         const unsigned id = where[gid] >> 16, lane = where[gid] & 0xffff;
         if (where[gid] == UNSET || lane >= max || first + id >= N)
            return fail("work-item %u reports subgroup %u lane %u", gid, id, lane);
         struct sg_map *m = &sgs[first + id];
         if (m->sg.active[lane] || m->gid[lane])
            return fail("two work-items in lane %u of subgroup %u", lane, id);
         m->gid[lane] = gid + 1;
         m->sg.active[lane] = pred ? pred[gid] != 0 : true;
         if (first + id + 1 > num_sgs)
            num_sgs = first + id + 1;
      }
   }
   wg_first[NUM_WG] = num_sgs;
   for (unsigned s = 0; s < num_sgs; s++) {
      struct sg_map *m = &sgs[s];
      m->sg.max_size = max;
      while (m->sg.size < max && m->gid[m->sg.size])
         m->sg.size++;
      if (!m->sg.size)
         return fail("subgroup %u is empty", s);
      for (unsigned l = m->sg.size; l < max; l++) {
         if (m->gid[l])
            return fail("subgroup %u has a hole before lane %u", s, l);
      }
      for (unsigned l = 0; l < m->sg.size; l++)
         m->gid[l]--;
   }
   return NULL;
}

/* What the specification promises of the map that map_build() made last,
 * of a launch of NUM_WG work-groups of `local` work-items in subgroups of
 * at most `max`.  The map itself it leaves to the device: "The mapping of
 * work-items to sub-groups is implementation-defined, and may be queried at
 * runtime" (OpenCL 3.0 API, 3.2.1 "Mapping work-items onto an NDRange",
 * which the sentences below come from too; cl_intel_subgroups repeats
 * them).
 *
 * map_sizes: "all sub-groups within a work-group will be the same size,
 * apart from the sub-group with the maximum index which may be smaller if
 * the size of the work-group is not evenly divisible by the size of the
 * sub-groups", the same size being the maximum (get_max_sub_group_size()
 * "Returns the maximum size of a sub-group within the dispatch"; max is the
 * harness's, CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE): each work-group has
 * ceil(local / max) subgroups, ids 0 .. n-2 of max work-items and id n-1 of
 * the rest.
 */
const char *
map_sizes(unsigned local, unsigned max)
{
   const unsigned n = (local + max - 1) / max;
   for (unsigned wg = 0; wg < NUM_WG; wg++) {
      const unsigned have = wg_first[wg + 1] - wg_first[wg];
      if (have != n)
         return fail("work-group %u: %u subgroups, not ceil(%u / %u) = %u", wg, have, local,
                     max, n);
      for (unsigned id = 0; id < n; id++) {
         const unsigned size = sgs[wg_first[wg] + id].sg.size;
         const unsigned want = id + 1 < n ? max : local - (n - 1) * max;
         if (size != want)
            return fail("work-group %u subgroup %u of %u: %u work-items, not %u (%s)", wg, id,
                        n, size, want,
                        id + 1 < n ? "only the subgroup with the maximum index may be partial"
                                   : "the last holds the rest");
      }
   }
   return NULL;
}

/* map_invariant: "The mapping to sub-groups is invariant for the duration
 * of a kernel's execution, ..., and from one work-group to another within
 * the dispatch (excluding the trailing edge work-groups in the presence of
 * non-uniform work-group sizes)": every launch here is uniform (NUM_WG
 * work-groups of `local`), so local id l is the same subgroup and lane in
 * each.
 */
const char *
map_invariant(const uint32_t *where, unsigned local)
{
   for (unsigned wg = 1; wg < NUM_WG; wg++) {
      for (unsigned l = 0; l < local; l++) {
         if (where[wg * local + l] != where[l])
            return fail("local id %u: work-group 0 has it in subgroup %u lane %u, work-group "
                        "%u in subgroup %u lane %u", l, where[l] >> 16, where[l] & 0xffff, wg,
                        where[wg * local + l] >> 16, where[wg * local + l] & 0xffff);
      }
   }
   return NULL;
}

/* map_contiguous: not a promise of the specification but rusticl on
 * llvmpipe's map (lp_state_cs.c: a work-item's invocation index, its local
 * linear id, is its subgroup id * the vector length + its lane): local id
 * l is lane l % max of subgroup l / max, so each subgroup's local ids are
 * contiguous, in lane order.
 */
const char *
map_contiguous(const uint32_t *where, unsigned local, unsigned max)
{
   for (unsigned wg = 0; wg < NUM_WG; wg++) {
      for (unsigned l = 0; l < local; l++) {
         const uint32_t w = where[wg * local + l];
         if (w != ((l / max) << 16 | (l % max)))
            return fail("work-group %u local id %u: subgroup %u lane %u, not %u lane %u", wg, l,
                        w >> 16, w & 0xffff, l / max, l % max);
      }
   }
   return NULL;
}

/* map_build(), then the specification's promises (map_sizes,
 * map_invariant): every check's reference runs on a map the specification
 * allows, the one the launch reports.
 */
const char *
map_subgroups(const uint32_t *where, const uint32_t *pred, unsigned local, unsigned max)
{
   const char *err = map_build(where, pred, local, max);
   if (err)
      return err;
   if ((err = map_sizes(local, max)) || (err = map_invariant(where, local))) {
      char why[sizeof(msg)];
      snprintf(why, sizeof(why), "%s", err);
      return fail("the launch's subgroups break the spec: %s", why);
   }
   return NULL;
}

void
fill(uint32_t *a, size_t n, uint32_t seed, uint32_t mod)
{
   uint32_t x = seed * 2654435761u + 12345;
   for (size_t i = 0; i < n; i++) {
      x = x * 1664525u + 1013904223u;
      a[i] = mod ? (x >> 8) % mod : x;
   }
}

void
set_all(uint32_t *a, size_t n, uint32_t v)
{
   for (size_t i = 0; i < n; i++)
      a[i] = v;
}

/* Every work-item active, or about three quarters (a seeded pattern); the
 * outputs and where[] marked unwritten.
 */
void
prepare(uint32_t *pred, bool divergent, uint32_t seed, uint32_t *out, size_t out_words,
        uint32_t *where)
{
   if (divergent)
      fill(pred, N, seed, 4);
   else
      set_all(pred, N, 1);
   set_all(out, out_words, UNSET);
   set_all(where, N, UNSET);
}

unsigned max_lanes;

/* A hex dump of n bytes in memory order, for failure messages. */
const char *
hex_bytes(const uint8_t *p, unsigned n, char *buf, size_t size)
{
   size_t at = 0;
   buf[0] = 0;
   for (unsigned i = 0; i < n && at + 3 < size; i++)
      at += snprintf(buf + at, size - at, "%s%02x", i ? " " : "", p[i]);
   return buf;
}

