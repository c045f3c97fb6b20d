/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 *
 * What every reference check of cl-runner shares: one launch of a kernel,
 * the subgroups the launch reports (sgs[], from where[]), the inputs, the
 * failure messages and the rule for a check that compared nothing.
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

/* Rebuilds the subgroups from where[] (subgroup id << 16 | lane), checking
 * that each is lanes 0..n-1 of one work-group with n <= max.
 */
const char *
map_subgroups(const uint32_t *where, const uint32_t *pred, unsigned local, unsigned max)
{
   num_sgs = 0;
   memset(sgs, 0, sizeof(sgs));
   for (unsigned wg = 0; wg < NUM_WG; wg++) {
      unsigned first = num_sgs;
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

