/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 *
 * OpenCL host of our kernel tests: runs tests/opencl/subgroups.cl,
 * intel_subgroups.cl and extended_types.cl (OpenCL C) and
 * rotate_workgroup.spv and intel_spirv.spv (SPIR-V, through
 * clCreateProgramWithIL) on the patched rusticl, and checks
 * every result against the reference model (tests/reference/).  It refuses
 * any platform but a rusticl whose CL_DRIVER_VERSION carries this build's
 * mark, unless --any-platform.
 *
 * --any-platform runs on the first OpenCL platform with a device (our
 * rusticl first if the loader offers it).  Our rusticl is still held to the
 * series' own choices; any other platform to what the specs require: where
 * a text leaves a choice (see the uses of `ours`) either answer passes.
 * Cases listed in --expectations FILE (a case-name glob, then the sentence
 * the platform breaks) fail as "xfail" (counted with the skips); a listed
 * case that passes fails the run, so the list cannot go stale.
 *
 * cl_intel_subgroups (with _char, _short and _long): cl.intel_shuffle.*
 * (the four shuffles on 11 types, per-work-item, literal and uniform
 * indices), cl.intel_block.* (buffer block reads / writes of 1, 2, 4 and 8
 * uint / ushort / uchar / ulong), cl.intel_local_block.* (the same on
 * __local memory, cl_intel_subgroup_local_block_io) and
 * cl.intel_image_block.* (the same on 2D images of 16 formats the host
 * picks at run time, raw bytes compared); cl.intel_spirv.* (uint shuffles
 * and two-uint block IO written in SPIR-V, cl_intel_spirv_subgroups, not
 * with --sub-group-size); cl.extended.* (broadcast, reduce and scans on
 * 8-, 16- and 64-bit integers, half and double:
 * cl_khr_subgroup_extended_types and the non-uniform arithmetic); none
 * with --il-only.  A device without the extensions fails them (half and
 * double skip without cl_khr_fp16 / cl_khr_fp64).
 *
 *   cl-runner [--lanes N] [--il-only] [--any-platform] [--expectations FILE]
 *             [--sub-group-size N] [--compile-only]
 *      --lanes N: the subgroup size the device must report; --il-only: the
 *      SPIR-V module's cases alone (Workgroup-scope rotate, which runs only
 *      with RUSTICL_DEBUG=allow_invalid_spirv: see below); --sub-group-size
 *      N: the OpenCL C kernels built with intel_reqd_sub_group_size(N)
 *      (cl_intel_required_subgroup_size: a size the device lists);
 *      --compile-only: build the programs and create every kernel of each
 *      (cl.compile.<program>.<kernel>), run none: for a driver without its
 *      GPU (iris under Intel's noop drm-shim), where rusticl compiles the
 *      kernels to ISA when it builds a program.  It proves compilation, not
 *      results.  --program FILE (with --compile-only): that OpenCL C file
 *      (a SPIR-V module if its name ends in .spv) alone, instead of ours
 *      (the ISA checks' kernels).
 *
 * Prints "name: pass" / "name: FAIL ..." / "name: skip (why)" / "name: xfail
 * (why)" per case and a last line "N passed, N failed, N skipped" (xfails
 * among the skips).  Exit 0 when nothing failed, 1 when something did, 3 on
 * a refusal.  A case skips only where it is legitimately empty: the
 * reference defines no result for any lane of its input (a check that
 * compared nothing otherwise fails).  An image format that the device does
 * not report for the access a cl_intel_subgroups image case needs fails the
 * case (rusticl on llvmpipe lists all of them).
 */

#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <fnmatch.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reference.h"

#define MAX_WG 64
#define NUM_WG 2
#define N (MAX_WG * NUM_WG)
#define OUT_WORDS 8
#define UNSET 0xdeadbeefu

static unsigned passed, failed, skipped;
static cl_context ctx;
static cl_command_queue queue;
static cl_device_id dev;

/* --any-platform given; the device is our rusticl (this build's mark). */
static bool any_platform, ours = true;

/* A check's verdict for a case that compared nothing but may: a result
 * beginning with SKIP is reported as a skip with the rest as the reason.
 */
#define SKIP "skip: "

/* --expectations: case-name globs and the spec sentence each breaks. */
struct expectation {
   char glob[160];
   char reason[400];
   unsigned hits;
};
static struct expectation *expects;
static unsigned num_expects;
static const char *expects_path;

static bool
read_expectations(const char *path)
{
   FILE *f = fopen(path, "r");
   if (!f)
      return false;
   char line[640];
   while (fgets(line, sizeof(line), f)) {
      line[strcspn(line, "\n")] = 0;
      char *p = line + strspn(line, " \t");
      if (!*p || *p == '#')
         continue;
      struct expectation e = {0};
      const size_t g = strcspn(p, " \t");
      snprintf(e.glob, sizeof(e.glob), "%.*s", (int)g, p);
      p += g;
      p += strspn(p, " \t");
      snprintf(e.reason, sizeof(e.reason), "%s", *p ? p : "(no reason given)");
      expects = realloc(expects, (num_expects + 1) * sizeof(*expects));
      expects[num_expects++] = e;
   }
   fclose(f);
   return true;
}

/* --filter GLOB: only the cases whose names match run and are reported. */
static const char *filter;

static bool
case_wanted(const char *name)
{
   return !filter || !fnmatch(filter, name, 0);
}

/* Runs a case's check (an expression giving its failure or NULL) only when
 * the case is wanted, and reports it.
 */
#define CASE(name, check)                                                                    \
   do {                                                                                      \
      if (case_wanted(name))                                                                 \
         report(name, check);                                                                \
   } while (0)

static void
report(const char *name, const char *failure)
{
   if (!case_wanted(name))
      return;
   struct expectation *e = NULL;
   for (unsigned i = 0; i < num_expects && !e; i++) {
      if (!fnmatch(expects[i].glob, name, 0))
         e = &expects[i];
   }
   if (failure && !strncmp(failure, SKIP, strlen(SKIP))) {
      printf("%s: skip (%s)\n", name, failure + strlen(SKIP));
      skipped++;
   } else if (failure && e) {
      e->hits++;
      printf("%s: xfail (%s) [%s]\n", name, e->reason, failure);
      skipped++;
   } else if (failure) {
      printf("%s: FAIL %s\n", name, failure);
      failed++;
   } else if (e) {
      e->hits++;
      printf("%s: FAIL unexpected pass: listed in %s (%s) but passed; remove the entry\n",
             name, expects_path, e->glob);
      failed++;
   } else {
      printf("%s: pass\n", name);
      passed++;
   }
}

static char *
read_file(const char *path, size_t *size)
{
   FILE *f = fopen(path, "rb");
   if (!f)
      return NULL;
   fseek(f, 0, SEEK_END);
   long n = ftell(f);
   fseek(f, 0, SEEK_SET);
   char *buf = malloc(n + 1);
   if (fread(buf, 1, n, f) != (size_t)n) {
      fclose(f);
      free(buf);
      return NULL;
   }
   fclose(f);
   buf[n] = 0;
   *size = n;
   return buf;
}

/* Finds our rusticl, or says why not.  With --any-platform: our rusticl if
 * the loader offers it, else the first platform with a device.
 */
static const char *
pick_device(void)
{
   cl_uint np = 0;
   cl_platform_id plats[16];
   if (clGetPlatformIDs(16, plats, &np) != CL_SUCCESS || !np)
      return any_platform ? "no OpenCL platform (OCL_ICD_VENDORS / OCL_ICD_FILENAMES?)"
                          : "no OpenCL platform (is OCL_ICD_VENDORS set to our ICD?)";
   const char *why = "no rusticl platform with a device (is RUSTICL_ENABLE=llvmpipe set?)";
   cl_device_id other = NULL;
   for (cl_uint p = 0; p < np && p < 16; p++) {
      char name[256] = "";
      cl_device_id d;
      cl_uint nd = 0;
      clGetPlatformInfo(plats[p], CL_PLATFORM_NAME, sizeof(name), name, NULL);
      if (clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_ALL, 1, &d, &nd) != CL_SUCCESS || !nd)
         continue;
      char ver[256] = "";
      clGetDeviceInfo(d, CL_DRIVER_VERSION, sizeof(ver), ver, NULL);
      if (!strcmp(name, "rusticl") && strstr(ver, SUBGROUPS_MARK)) {
         dev = d;
         ours = true;
         return NULL;
      }
      if (!strcmp(name, "rusticl"))
         why = "the rusticl found lacks this build's mark in CL_DRIVER_VERSION";
      if (!other)
         other = d;
   }
   if (!any_platform || !other)
      return any_platform ? "no OpenCL platform with a device" : why;
   dev = other;
   ours = false;
   return NULL;
}

static cl_mem
buffer(const uint32_t *data, size_t words)
{
   cl_int err;
   cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                             words * 4, (void *)data, &err);
   return err == CL_SUCCESS ? m : NULL;
}

/* One launch: global N' = NUM_WG * local, buffers in order, then scalar
 * uint arguments.  Reads back the buffers marked in `readback`.
 */
struct arg {
   uint32_t *data; /* buffer of `words` words, or NULL for a scalar */
   size_t words;
   uint32_t value;
   bool readback;
   cl_mem mem;     /* or a memory object of the caller's (an image) */
};
#define IN(buf) {buf, N, 0, false, NULL}
#define IN_WORDS(buf, words) {buf, words, 0, false, NULL}
#define OUT(buf, words) {buf, words, 0, true, NULL}
#define VAL(v) {NULL, 0, v, false, NULL}
#define MEM(m) {NULL, 0, 0, false, m}

static const char *
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

/* The subgroups of one launch as the device reports them (where[]). */
struct sg_map {
   struct ref_subgroup sg;
   unsigned gid[REF_MAX_LANES];
};
static struct sg_map sgs[N];
static unsigned num_sgs;

static char msg[512];

static const char *
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
static const char *
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
static const char *
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

static void
fill(uint32_t *a, size_t n, uint32_t seed, uint32_t mod)
{
   uint32_t x = seed * 2654435761u + 12345;
   for (size_t i = 0; i < n; i++) {
      x = x * 1664525u + 1013904223u;
      a[i] = mod ? (x >> 8) % mod : x;
   }
}

static void
set_all(uint32_t *a, size_t n, uint32_t v)
{
   for (size_t i = 0; i < n; i++)
      a[i] = v;
}

/* Every work-item active, or about three quarters (a seeded pattern); the
 * outputs and where[] marked unwritten.
 */
static void
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

static const unsigned locals[] = {5, 13, 16, 30, 37, 64};
static unsigned max_lanes;

/* get_sub_group_size() and the rest, against their definitions, from
 * `kernel` (subgroups.cl's sizes()) in subgroups of at most `max` lanes.
 */
static const char *
check_sizes_of(cl_program prog, const char *kernel, unsigned local, unsigned max)
{
   uint32_t info[N * OUT_WORDS];
   set_all(info, N * OUT_WORDS, UNSET);
   struct arg a[] = {OUT(info, N * OUT_WORDS)};
   const char *err = launch(prog, kernel, local, a, 1);
   if (err)
      return err;
   uint32_t where[N];
   for (unsigned g = 0; g < local * NUM_WG; g++)
      where[g] = info[g * 8 + 3] << 16 | info[g * 8 + 4];
   if ((err = map_subgroups(where, NULL, local, max)))
      return err;
   const unsigned num = (local + max - 1) / max;
   unsigned checked = 0;
   for (unsigned s = 0; s < num_sgs; s++) {
      for (unsigned l = 0; l < sgs[s].sg.size; l++, checked++) {
         const uint32_t *o = info + 8 * sgs[s].gid[l];
         if (o[0] != sgs[s].sg.size)
            return fail("get_sub_group_size() = %u in a subgroup of %u", o[0], sgs[s].sg.size);
         if (o[1] != max)
            return fail("get_max_sub_group_size() = %u, not %u", o[1], max);
         if (o[2] != num || o[5] != num)
            return fail("get_(enqueued_)num_sub_groups() = %u/%u, not %u", o[2], o[5], num);
         if (o[7] != local)
            return fail("get_local_size(0) = %u", o[7]);
      }
   }
   /* Each work-group: ceil(local / max) subgroups, all full but the last. */
   if (num_sgs != num * NUM_WG)
      return fail("%u subgroups, not %u", num_sgs, num * NUM_WG);
   return nothing_checked(checked, checked, "");
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
      const bool eq = ref_vote_all_equal(&m->sg, false, 32, v);
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

/* --- 8-, 16- and 64-bit integers, half and double (extended_types.cl) -- */

static const struct ext_type {
   const char *name; /* the OpenCL C type; kernels ext_core_<name>, ext_nu_<name> */
   unsigned bits;
   bool is_float, is_signed;
   const char *ext; /* an extension the type needs, or NULL */
} ext_types[] = {
   {"char", 8, false, true, NULL},   {"uchar", 8, false, false, NULL},
   {"short", 16, false, true, NULL}, {"ushort", 16, false, false, NULL},
   {"long", 64, false, true, NULL},  {"ulong", 64, false, false, NULL},
   {"half", 16, true, true, "cl_khr_fp16"}, {"double", 64, true, true, "cl_khr_fp64"},
};
#define NUM_EXT_TYPES (sizeof(ext_types) / sizeof(ext_types[0]))
/* Whether the device offers each type's extension (main()). */
static bool ext_type_ok[NUM_EXT_TYPES];

static uint32_t ext_in[N * 4], ext_pred[N], ext_out[N * 64], ext_where[N];

static uint64_t
ext_bits_mask(const struct ext_type *t)
{
   return t->bits == 64 ? ~0ull : (1ull << t->bits) - 1;
}

/* The kernels' input of work-item gid (word 0 or 2 of its four), as bits. */
static uint64_t
ext_value(const struct ext_type *t, unsigned gid, unsigned word)
{
   const uint32_t *w = ext_in + 4 * gid + word;
   if (t->is_float)
      return ref_float_bits(t->bits, (double)((int)(w[0] % 33u) - 16));
   return (w[0] | (uint64_t)w[1] << 32) & ext_bits_mask(t);
}

static uint64_t
ext_result(unsigned gid, unsigned stride, unsigned k)
{
   uint64_t v;
   memcpy(&v, &ext_out[2 * (stride * gid + k)], 8);
   return v;
}

static enum ref_pop
ext_op(const struct ext_type *t, unsigned op)
{
   static const enum ref_pop ints[2][7] = {
      {REF_OP_IADD, REF_OP_UMIN, REF_OP_UMAX, REF_OP_IMUL, REF_OP_AND, REF_OP_OR, REF_OP_XOR},
      {REF_OP_IADD, REF_OP_SMIN, REF_OP_SMAX, REF_OP_IMUL, REF_OP_AND, REF_OP_OR, REF_OP_XOR},
   };
   static const enum ref_pop floats[3] = {REF_OP_FADD, REF_OP_FMIN, REF_OP_FMAX};
   return t->is_float ? floats[op] : ints[t->is_signed][op];
}

/* Result word `k` of every active lane of the last launch against the
 * reduce / scan the reference gives with each lane's ballot being its
 * cluster of `cluster` lanes.  Counts what it compared in *checked.
 */
static const char *
ext_check_scan(const struct ext_type *t, unsigned stride, unsigned k, enum ref_pop op,
               enum ref_scan scan, unsigned cluster, unsigned *checked)
{
   const uint64_t mask = ext_bits_mask(t);
   for (unsigned s = 0; s < num_sgs; s++) {
      const struct sg_map *m = &sgs[s];
      struct ref_ballot ballots[REF_MAX_LANES];
      uint64_t x[REF_MAX_LANES];
      memset(ballots, 0, sizeof(ballots));
      for (unsigned l = 0; l < m->sg.size; l++) {
         x[l] = ext_value(t, m->gid[l], 0);
         const unsigned first = l / cluster * cluster;
         for (unsigned j = first; j < first + cluster && j < REF_MAX_LANES; j++)
            ballots[l].w[j / 32] |= 1u << (j % 32);
      }
      for (unsigned l = 0; l < m->sg.size; l++) {
         if (!m->sg.active[l])
            continue;
         uint64_t accept[REF_MAX_ACCEPT];
         const unsigned na =
            ref_partitioned_scan_accept(&m->sg, op, t->bits, scan, ballots, x, l, accept);
         const uint64_t got = ext_result(m->gid[l], stride, k);
         bool ok = na == 0;
         *checked += na != 0;
         for (unsigned i = 0; i < na; i++)
            ok |= got == (accept[i] & mask);
         if (!ok)
            return fail("subgroup %u (size %u) lane %u: %#llx, want %#llx", s, m->sg.size, l,
                        (unsigned long long)got, (unsigned long long)(accept[0] & mask));
      }
   }
   return NULL;
}

/* Broadcast of the value of lane `index` (component word 0 or 2). */
static const char *
ext_check_broadcast(const struct ext_type *t, unsigned k, unsigned index, unsigned word,
                    unsigned *checked)
{
   for (unsigned s = 0; s < num_sgs; s++) {
      const struct sg_map *m = &sgs[s];
      /* the index must name a work-item of the subgroup */
      if (index >= m->sg.size)
         continue;
      const uint64_t want = ext_value(t, m->gid[index], word);
      for (unsigned l = 0; l < m->sg.size; l++) {
         const uint64_t got = ext_result(m->gid[l], 16, k);
         (*checked)++;
         if (got != want)
            return fail("subgroup %u (size %u) lane %u: %#llx, want lane %u's %#llx", s,
                        m->sg.size, l, (unsigned long long)got, index,
                        (unsigned long long)want);
      }
   }
   return NULL;
}

static const char *const ext_core_names[] = {
   "broadcast",     "reduce_add",    "reduce_min",    "reduce_max",
   "inclusive_add", "inclusive_min", "inclusive_max", "exclusive_add",
   "exclusive_min", "exclusive_max", "broadcast_vec2",
};
#define NUM_EXT_CORE (sizeof(ext_core_names) / sizeof(ext_core_names[0]))
static const char *const ext_nu_names[] = {
   "add", "min", "max", "mul", "and", "or", "xor", "clustered_add_c4",
};

/* Case c of part `core` (ext_core_<type>) or of the non-uniform part
 * (divergent or not): its name; *op_out the operation of a non-uniform case
 * (floats have add, min, max and, as their fourth, clustered add).
 */
static void
ext_case_name(char *name, size_t size, const struct ext_type *t, bool core, bool divergent,
              unsigned c, unsigned local, const char *tag, unsigned *op_out)
{
   const unsigned op = !core && t->is_float && c == 3 ? 7 : c;
   if (core)
      snprintf(name, size, "cl.extended.%s.%s.l%u.%s", t->name, ext_core_names[c], local, tag);
   else
      snprintf(name, size, "cl.extended.nu.%s.%s.%s.l%u.%s", divergent ? "divergent" : "uniform",
               t->name, ext_nu_names[op], local, tag);
   *op_out = op;
}

/* One launch of ext_core_<type> (every work-item: the functions are
 * uniform), eleven cases; one of ext_nu_<type> per divergence, one case per
 * operation.  Without the type's extension the cases skip (the kernels are
 * not built).
 */
static void
run_extended(cl_program prog, unsigned local, unsigned ti, const char *tag)
{
   const struct ext_type *t = &ext_types[ti];
   char name[160], why[16][sizeof(msg)];
   const unsigned index = 1;
   for (unsigned part = 0; part < 3; part++) {
      const bool core = part == 0, divergent = part == 2;
      const unsigned ncases = core ? NUM_EXT_CORE : t->is_float ? 4 : 8;
      bool any = false;
      for (unsigned c = 0; c < ncases; c++) {
         unsigned op;
         ext_case_name(name, sizeof(name), t, core, divergent, c, local, tag, &op);
         any |= case_wanted(name);
         why[c][0] = 0;
      }
      if (!any)
         continue;
      const char *err = NULL;
      if (!prog || !ext_type_ok[ti]) {
         err = !prog ? "extended_types.cl did not build (see its build case)"
                     : fail(SKIP "the device does not offer %s", t->ext);
      } else {
         fill(ext_in, N * 4, 700 + ti * 8 + part + local * 64, 0);
         prepare(ext_pred, divergent, 701 + ti * 8 + local * 64, ext_out, N * 64, ext_where);
         char kernel[32];
         snprintf(kernel, sizeof(kernel), "ext_%s_%s", core ? "core" : "nu", t->name);
         struct arg core_args[] = {IN_WORDS(ext_in, N * 4), OUT(ext_out, N * 64),
                                   OUT(ext_where, N), VAL(index)};
         struct arg nu_args[] = {IN_WORDS(ext_in, N * 4), IN(ext_pred), OUT(ext_out, N * 64),
                                 OUT(ext_where, N)};
         err = core ? launch(prog, kernel, local, core_args, 4)
                    : launch(prog, kernel, local, nu_args, 4);
         if (!err)
            err = map_subgroups(ext_where, core ? NULL : ext_pred, local, max_lanes);
      }
      for (unsigned c = 0; c < ncases && !err; c++) {
         unsigned op;
         ext_case_name(name, sizeof(name), t, core, divergent, c, local, tag, &op);
         unsigned checked = 0;
         const char *r = NULL;
         if (core && (c == 0 || c == 10)) {
            r = ext_check_broadcast(t, c, index, c ? 2 : 0, &checked);
         } else if (core) {
            r = ext_check_scan(t, 16, c, ext_op(t, (c - 1) % 3), (enum ref_scan)((c - 1) / 3),
                               max_lanes, &checked);
         } else if (op == 7) {
            r = ext_check_scan(t, 32, 21, ext_op(t, 0), REF_SCAN_REDUCE, 4, &checked);
         } else {
            for (unsigned sc = 0; sc < 3 && !r; sc++)
               r = ext_check_scan(t, 32, 3 * op + sc, ext_op(t, op), (enum ref_scan)sc,
                                  max_lanes, &checked);
         }
         if (!r)
            r = nothing_checked(checked, checked, "");
         if (r)
            snprintf(why[c], sizeof(why[c]), "%s", r);
      }
      for (unsigned c = 0; c < ncases; c++) {
         unsigned op;
         ext_case_name(name, sizeof(name), t, core, divergent, c, local, tag, &op);
         report(name, err ? err : why[c][0] ? why[c] : NULL);
      }
   }
}

/* --- cl_intel_subgroups, _short, _char, _long (intel_subgroups.cl) ------ */

/* The parts of intel_subgroups.cl, one program each (-D<define>). */
enum { INTEL_SHUFFLES, INTEL_BUFFER_BLOCK, INTEL_LOCAL_BLOCK, INTEL_IMAGE_BLOCK, INTEL_PARTS };
static const struct {
   const char *name, *define;
} intel_parts[INTEL_PARTS] = {
   {"shuffles", "INTEL_SHUFFLES"},
   {"buffer_block", "INTEL_BUFFER_BLOCK"},
   {"local_block", "INTEL_LOCAL_BLOCK"},
   {"image_block", "INTEL_IMAGE_BLOCK"},
};

/* A hex dump of n bytes in memory order, for failure messages. */
static const char *
hex_bytes(const uint8_t *p, unsigned n, char *buf, size_t size)
{
   size_t at = 0;
   buf[0] = 0;
   for (unsigned i = 0; i < n && at + 3 < size; i++)
      at += snprintf(buf + at, size - at, "%s%02x", i ? " " : "", p[i]);
   return buf;
}

/* Raw bits a data-movement test should carry through unchanged: snorm's
 * -128 and -32768, half and float signalling / quiet NaNs and denormals,
 * infinities.  Every third 32-bit word of a buffer becomes one of them.
 */
static void
sprinkle_specials(uint32_t *w, size_t words)
{
   static const uint32_t specials[] = {
      0x80808080u, 0x7e017c01u, 0x83ff0001u, 0x7f800001u,
      0x00000001u, 0xffc00000u, 0x80008000u, 0x807fffffu,
   };
   for (size_t i = 0; i < words; i += 3)
      w[i] = specials[(i / 3) % (sizeof(specials) / sizeof(specials[0]))];
}

/* The index of subgroup s of the last launch as the kernels count it:
 * work-group * get_num_sub_groups() + get_sub_group_id().
 */
static unsigned
sg_index(unsigned s, const uint32_t *where, unsigned local)
{
   const unsigned gid = sgs[s].gid[0];
   return gid / local * ((local + max_lanes - 1) / max_lanes) + (where[gid] >> 16);
}

/* Before a launch: sgs[] as invocations filling subgroups in order would
 * make them, to choose inputs for which the reference defines results.
 * The check itself uses the subgroups the device reports.
 */
static const char *
predict_subgroups(const uint32_t *pred, unsigned local)
{
   uint32_t where[N];
   set_all(where, N, UNSET);
   for (unsigned g = 0; g < local * NUM_WG; g++) {
      const unsigned l = g % local;
      where[g] = (l / max_lanes) << 16 | (l % max_lanes);
   }
   return map_subgroups(where, pred, local, max_lanes);
}

/* Shuffles: one launch of shuffle_<type> gives the four operations' results
 * (four cases).
 */
static const struct shuffle_type {
   const char *name; /* the OpenCL C type; kernel shuffle_<name> */
   unsigned bytes;
   bool is_float;
} shuffle_types[] = {
   {"char", 1, false},  {"uchar", 1, false}, {"short", 2, false},  {"ushort", 2, false},
   {"int", 4, false},   {"uint", 4, false},  {"float", 4, true},   {"long", 8, false},
   {"ulong", 8, false}, {"uint2", 8, false}, {"float4", 16, true},
};
#define NUM_SHUFFLE_TYPES (sizeof(shuffle_types) / sizeof(shuffle_types[0]))
static const char *const shuffle_ops[] = {"shuffle", "shuffle_xor", "shuffle_down", "shuffle_up"};
/* The literals of the kernel's mode 2, by operation. */
static const uint32_t shuffle_literals[] = {2, 1, 1, 3};

/* Index variants: 0 per work-item (kernel mode 0), 1 the literals (mode 2),
 * 2 and 3 one kernel argument for all (mode 1), these values.  S is the
 * size of the largest subgroup of a launch, min(work-group size, max):
 * each value leaves some lane of it a defined result when all are active.
 */
static uint32_t
shuffle_uniform(unsigned variant, unsigned op, unsigned local)
{
   const unsigned s = local < max_lanes ? local : max_lanes;
   unsigned p2 = 1;
   while (p2 * 2 <= s)
      p2 *= 2;
   static const char rows[2][4] = {{'0', 'h', 'l', 'l'}, {'l', 'p', 'm', 'm'}};
   switch (rows[variant - 2][op]) {
   case '0': return 0;
   case 'h': return s / 2;     /* xor: the other half */
   case 'l': return s - 1;     /* the last lane of the largest subgroup */
   case 'p': return p2 - 1;    /* xor: reversal within a power of two */
   default: return max_lanes;  /* down / up: all from Next / Previous */
   }
}

/* Inputs of one shuffle launch, as words (buffers of typed elements). */
static uint32_t sh_a[N * 4], sh_b[N * 4], sh_idx[N * 4], sh_pred[N], sh_out[N * 16],
   sh_where[N];

static uint32_t
shuffle_index(unsigned variant, unsigned op, unsigned gid, unsigned local)
{
   switch (variant) {
   case 0: return sh_idx[4 * gid + op];
   case 1: return shuffle_literals[op];
   default: return shuffle_uniform(variant, op, local);
   }
}

/* Compares (got != NULL) or only counts the results the reference defines
 * for op, over sgs[].
 */
static const char *
shuffle_compare(const struct shuffle_type *t, unsigned variant, unsigned op, unsigned local,
                const uint8_t *got, unsigned *defined)
{
   const uint8_t *a = (const uint8_t *)sh_a, *b = (const uint8_t *)sh_b;
   *defined = 0;
   for (unsigned s = 0; s < num_sgs; s++) {
      const struct sg_map *m = &sgs[s];
      for (unsigned l = 0; l < m->sg.size; l++) {
         if (!m->sg.active[l])
            continue;
         const unsigned gid = m->gid[l];
         const uint32_t i = shuffle_index(variant, op, gid, local);
         struct ref_lane_ref r = {REF_UNDEF, REF_SRC_CURRENT};
         bool second = false; /* b: Next (down) or Current (up) */
         switch (op) {
         case 0: r.lane = ref_intel_shuffle(&m->sg, l, i); break;
         case 1: r.lane = ref_intel_shuffle_xor(&m->sg, l, i); break;
         case 2:
            r = ref_intel_shuffle_down(&m->sg, l, i);
            second = r.source == REF_SRC_NEXT;
            break;
         default:
            r = ref_intel_shuffle_up(&m->sg, l, i);
            second = r.source != REF_SRC_PREVIOUS;
            break;
         }
         if (r.lane == REF_UNDEF)
            continue;
         (*defined)++;
         if (!got)
            continue;
         const uint8_t *want = (second ? b : a) + (size_t)m->gid[r.lane] * t->bytes;
         const uint8_t *have = got + (size_t)(4 * gid + op) * t->bytes;
         if (memcmp(want, have, t->bytes)) {
            char h1[64], h2[64];
            return fail("subgroup %u (size %u) lane %u, %s %u: %s, want %s of lane %d: %s", s,
                        m->sg.size, l, op == 0 ? "index" : op == 1 ? "value" : "delta", i,
                        hex_bytes(have, t->bytes, h1, sizeof(h1)),
                        op < 2 ? "the data" : second ? (op == 2 ? "Next" : "Current")
                                                     : (op == 2 ? "Current" : "Previous"),
                        r.lane, hex_bytes(want, t->bytes, h2, sizeof(h2)));
         }
      }
   }
   return NULL;
}

/* Random data: any bits for integers, normal floats (no NaN, infinity or
 * denormal: the shuffles move values, and floats are compared as bits).
 */
static void
shuffle_data(uint32_t *w, const struct shuffle_type *t, uint32_t seed)
{
   fill(w, N * 4, seed, 0);
   if (!t->is_float)
      return;
   for (unsigned i = 0; i < N * 4; i++) {
      const uint32_t e = (w[i] >> 23) & 0xff;
      if (e == 0 || e == 0xff)
         w[i] ^= 0x40000000u;
   }
}

/* One launch, four cases: cl.intel_shuffle.<op>.<uniform|divergent>.<type>.
 * <lane|c<literal>|u<value>>.l<local>.<tag>.
 */
static void
shuffle_case_name(char *name, size_t size, const char *family, unsigned op, bool divergent,
                  const struct shuffle_type *t, unsigned variant, unsigned local, const char *tag)
{
   char mode[16];
   if (variant == 0)
      snprintf(mode, sizeof(mode), "lane");
   else
      snprintf(mode, sizeof(mode), "%c%u", variant == 1 ? 'c' : 'u',
               shuffle_index(variant, op, 0, local));
   snprintf(name, size, "cl.%s.%s.%s.%s.%s.l%u.%s", family, shuffle_ops[op],
            divergent ? "divergent" : "uniform", t->name, mode, local, tag);
}

/* family: "intel_shuffle" (intel_subgroups.cl) or "intel_spirv.shuffle"
 * (intel_spirv.spv, per-work-item indices only).
 */
static void
run_intel_shuffle(cl_program prog, const char *family, unsigned local, bool divergent,
                  unsigned ti, unsigned variant, const char *tag)
{
   const struct shuffle_type *t = &shuffle_types[ti];
   bool any = false;
   for (unsigned op = 0; op < 4; op++) {
      char name[160];
      shuffle_case_name(name, sizeof(name), family, op, divergent, t, variant, local, tag);
      any |= case_wanted(name);
   }
   if (!any)
      return;
   const uint32_t seed = 100 + ti * 16 + variant * 4 + divergent * 2 + local * 1000;
   char why[4][sizeof(msg)] = {{0}};
   unsigned defined[4] = {0};
   const char *err = NULL;

   /* Inputs for which every operation has some defined result (with the
    * subgroups of in-order filling): per-work-item indices span in and out
    * of range, a quarter of the work-items sit out with `divergent`.
    */
   for (unsigned attempt = 0; attempt < 64; attempt++) {
      const uint32_t sd = seed + attempt * 7919;
      shuffle_data(sh_a, t, sd);
      shuffle_data(sh_b, t, sd + 1);
      fill(sh_idx, N * 4, sd + 2, 0);
      for (unsigned g = 0; g < N; g++) {
         uint32_t *i = &sh_idx[4 * g];
         /* shuffle and xor: some past SubgroupMaxSize; down and up: both
          * sources and out of range
          */
         i[0] %= max_lanes + max_lanes / 4 + 1;
         i[1] %= max_lanes + max_lanes / 4 + 1;
         i[2] %= 2 * max_lanes + 2;
         i[3] %= 2 * max_lanes + 2;
      }
      prepare(sh_pred, divergent, sd + 3, sh_out, N * 16, sh_where);
      if ((err = predict_subgroups(sh_pred, local)))
         break;
      bool all = true;
      for (unsigned op = 0; op < 4; op++) {
         shuffle_compare(t, variant, op, local, NULL, &defined[op]);
         all &= defined[op] != 0;
      }
      if (all)
         break;
   }

   uint32_t uniform = 0;
   for (unsigned op = 0; op < 4 && variant >= 2; op++)
      uniform |= shuffle_uniform(variant, op, local) << (8 * op);
   char kernel[32];
   snprintf(kernel, sizeof(kernel), "shuffle_%s", t->name);
   const size_t words = (N * t->bytes + 3) / 4;
   struct arg a[] = {IN_WORDS(sh_a, words), IN_WORDS(sh_b, words), IN_WORDS(sh_idx, N * 4),
                     IN(sh_pred), OUT(sh_out, 4 * words), OUT(sh_where, N),
                     VAL(variant == 0 ? 0 : variant == 1 ? 2 : 1), VAL(uniform)};
   if (!err)
      err = launch(prog, kernel, local, a, 8);
   if (!err)
      err = map_subgroups(sh_where, sh_pred, local, max_lanes);
   for (unsigned op = 0; op < 4; op++) {
      const char *r = err;
      if (!r) {
         r = shuffle_compare(t, variant, op, local, (const uint8_t *)sh_out, &defined[op]);
         if (!r && !defined[op])
            r = "the reference defines no result for this input: the case checks nothing";
      }
      if (r)
         snprintf(why[op], sizeof(why[op]), "%s", r);
   }
   for (unsigned op = 0; op < 4; op++) {
      char name[160];
      shuffle_case_name(name, sizeof(name), family, op, divergent, t, variant, local, tag);
      report(name, why[op][0] ? why[op] : NULL);
   }
}

/* Buffer and image block IO element types: kernels block_{read,write}_<sfx>
 * and image_{read,write}_<sfx>.
 */
static const struct block_type {
   const char *name;
   const char *sfx;
   unsigned bytes;
} block_types[] = {
   {"uint", "ui", 4}, {"ushort", "us", 2}, {"uchar", "uc", 1}, {"ulong", "ul", 8},
};
#define NUM_BLOCK_TYPES (sizeof(block_types) / sizeof(block_types[0]))

/* Enough for NUM_WG * ceil(64 / max) subgroups of blocks of max * 8 ulongs
 * and a margin, and for N work-items' 15 ulongs.
 */
#define BLOCK_WORDS 8192
static uint32_t blk_in[BLOCK_WORDS], blk_out[BLOCK_WORDS], blk_init[BLOCK_WORDS],
   blk_where[N];

/* Buffer block IO, n components: subgroup index i's block is the max * n
 * elements from element i * max * n; after the last block a margin of
 * max * n elements.  Reads: every lane's components against the elements
 * the reference names.  Writes: every byte of the buffer, the elements the
 * reference names holding the lanes' data and all others their initial
 * random bytes.
 */
static const char *
check_intel_block(cl_program prog, unsigned local, bool write, unsigned ti, unsigned n,
                  bool local_mem)
{
   const struct block_type *t = &block_types[ti];
   const unsigned bytes = t->bytes;
   const unsigned nsg = NUM_WG * ((local + max_lanes - 1) / max_lanes);
   const size_t elems = (size_t)(nsg + 1) * max_lanes * n;
   const size_t buf_words = (elems * bytes + 3) / 4, item_words = (N * n * bytes + 3) / 4;
   if (buf_words > BLOCK_WORDS || item_words > BLOCK_WORDS)
      return "buffers too small for this subgroup size";
   uint8_t *in = (uint8_t *)blk_in, *out = (uint8_t *)blk_out, *init = (uint8_t *)blk_init;

   fill(blk_in, BLOCK_WORDS, 300 + ti * 8 + n + local * 16 + write, 0);
   sprinkle_specials(blk_in, BLOCK_WORDS);
   if (write) {
      fill(blk_out, BLOCK_WORDS, 400 + ti * 8 + n + local * 16, 0);
   } else {
      set_all(blk_out, BLOCK_WORDS, UNSET);
   }
   memcpy(blk_init, blk_out, sizeof(blk_init));
   set_all(blk_where, N, UNSET);

   char kernel[32];
   snprintf(kernel, sizeof(kernel), "%sblock_%s_%s", local_mem ? "local_" : "",
            write ? "write" : "read", t->sfx);
   struct arg a[] = {IN_WORDS(blk_in, write ? item_words : buf_words),
                     OUT(blk_out, write ? buf_words : item_words), OUT(blk_where, N), VAL(n)};
   const char *err = launch(prog, kernel, local, a, 4);
   if (err || (err = map_subgroups(blk_where, NULL, local, max_lanes)))
      return err;

   char h1[64], h2[64];
   unsigned checked = 0;
   if (!write) {
      for (unsigned s = 0; s < num_sgs; s++) {
         const struct sg_map *m = &sgs[s];
         const uint64_t base = (uint64_t)sg_index(s, blk_where, local) * max_lanes * n;
         for (unsigned l = 0; l < m->sg.size; l++) {
            for (unsigned k = 0; k < n; k++) {
               const uint64_t e = base + ref_intel_block_read_index(&m->sg, l, k);
               if (e >= elems)
                  return fail("subgroup %u lane %u component %u: element %llu is past the "
                              "buffer", s, l, k, (unsigned long long)e);
               const uint8_t *want = in + e * bytes;
               const uint8_t *have = out + ((size_t)m->gid[l] * n + k) * bytes;
               checked++;
               if (memcmp(want, have, bytes))
                  return fail("subgroup %u (size %u) lane %u component %u: %s, want element "
                              "%llu: %s", s, m->sg.size, l, k,
                              hex_bytes(have, bytes, h1, sizeof(h1)), (unsigned long long)e,
                              hex_bytes(want, bytes, h2, sizeof(h2)));
            }
         }
      }
      return nothing_checked(checked, checked, "");
   }

   /* The expected buffer: the initial bytes with every lane's elements
    * written over; owner[e]: 1 + subgroup << 16 | lane << 4 | component of
    * the lane that writes element e, 0 for none.
    */
   static uint8_t expect[BLOCK_WORDS * 4];
   static uint32_t owner[BLOCK_WORDS * 4];
   memcpy(expect, init, elems * bytes);
   memset(owner, 0, sizeof(owner));
   for (unsigned s = 0; s < num_sgs; s++) {
      const struct sg_map *m = &sgs[s];
      const uint64_t base = (uint64_t)sg_index(s, blk_where, local) * max_lanes * n;
      for (unsigned l = 0; l < m->sg.size; l++) {
         for (unsigned k = 0; k < n; k++) {
            const uint64_t e = base + ref_intel_block_write_index(&m->sg, l, k);
            if (e >= elems)
               return fail("subgroup %u lane %u component %u: element %llu is past the "
                           "buffer", s, l, k, (unsigned long long)e);
            memcpy(expect + e * bytes, in + ((size_t)m->gid[l] * n + k) * bytes, bytes);
            owner[e] = 1 + (s << 16 | l << 4 | k);
            checked++;
         }
      }
   }
   for (size_t e = 0; e < elems; e++) {
      if (!memcmp(expect + e * bytes, out + e * bytes, bytes))
         continue;
      const uint32_t o = owner[e];
      char who[96] = "no lane's: its initial bytes";
      if (o)
         snprintf(who, sizeof(who), "subgroup %u lane %u component %u's", (o - 1) >> 16,
                  ((o - 1) >> 4) & 0xfff, (o - 1) & 15);
      return fail("element %zu (block %zu): %s, want %s %s", e, e / (max_lanes * n),
                  hex_bytes(out + e * bytes, bytes, h1, sizeof(h1)), who,
                  hex_bytes(expect + e * bytes, bytes, h2, sizeof(h2)));
   }
   return nothing_checked(checked, checked, "");
}

/* Image block IO: the formats, chosen at run time (one kernel for all). */
static const struct image_fmt {
   const char *name;
   cl_channel_order order;
   cl_channel_type type;
   unsigned texel_bytes;
} image_fmts[] = {
   {"r_uint8", CL_R, CL_UNSIGNED_INT8, 1},        {"r_int8", CL_R, CL_SIGNED_INT8, 1},
   {"r_unorm8", CL_R, CL_UNORM_INT8, 1},          {"r_int16", CL_R, CL_SIGNED_INT16, 2},
   {"r_half", CL_R, CL_HALF_FLOAT, 2},            {"rg_uint16", CL_RG, CL_UNSIGNED_INT16, 4},
   {"rg_unorm16", CL_RG, CL_UNORM_INT16, 4},      {"rgba_uint8", CL_RGBA, CL_UNSIGNED_INT8, 4},
   {"rgba_unorm8", CL_RGBA, CL_UNORM_INT8, 4},    {"rgba_snorm8", CL_RGBA, CL_SNORM_INT8, 4},
   {"bgra_unorm8", CL_BGRA, CL_UNORM_INT8, 4},    {"r_uint32", CL_R, CL_UNSIGNED_INT32, 4},
   {"r_float", CL_R, CL_FLOAT, 4},                {"rgba_half", CL_RGBA, CL_HALF_FLOAT, 8},
   {"rgba_snorm16", CL_RGBA, CL_SNORM_INT16, 8},  {"rgba_float", CL_RGBA, CL_FLOAT, 16},
};
#define NUM_IMAGE_FMTS (sizeof(image_fmts) / sizeof(image_fmts[0]))
/* Whether clGetSupportedImageFormats reports each for reads / writes. */
static bool image_fmt_ok[2][NUM_IMAGE_FMTS];

static void
query_image_formats(void)
{
   static const cl_mem_flags flags[2] = {CL_MEM_READ_ONLY, CL_MEM_WRITE_ONLY};
   for (unsigned w = 0; w < 2; w++) {
      cl_uint num = 0;
      cl_image_format fmts[512];
      if (clGetSupportedImageFormats(ctx, flags[w], CL_MEM_OBJECT_IMAGE2D, 512, fmts, &num) !=
          CL_SUCCESS)
         num = 0;
      for (unsigned f = 0; f < NUM_IMAGE_FMTS; f++) {
         for (cl_uint i = 0; i < num && i < 512; i++) {
            if (fmts[i].image_channel_order == image_fmts[f].order &&
                fmts[i].image_channel_data_type == image_fmts[f].type)
               image_fmt_ok[w][f] = true;
         }
      }
   }
}

/* Rows of IMAGE_ROW bytes; subgroup index i uses the 15 rows from
 * IMAGE_Y0 + 15 * i: 1, 2, 4 and 8 components at +0, +1, +3 and +7, the
 * same column x for all.  Two spare rows below.
 */
#define IMAGE_ROW 192
#define IMAGE_Y0 1
#define IMAGE_ROWS_PER_SG 15
#define IMAGE_MAX_BYTES (IMAGE_ROW * (IMAGE_Y0 + NUM_WG * MAX_WG * IMAGE_ROWS_PER_SG + 2))
static uint8_t img_init[IMAGE_MAX_BYTES], img_got[IMAGE_MAX_BYTES], img_expect[IMAGE_MAX_BYTES];
static uint32_t img_owner[IMAGE_MAX_BYTES];
static uint32_t img_items[N * 15 * 2], img_where[N];

/* Random bytes, and in every fifth texel a first channel the format's
 * decoding would treat specially: snorm's -128 / -32768, half and float
 * NaNs (signalling and quiet), denormals and infinities.
 */
static void
image_data(const struct image_fmt *f, size_t bytes, uint32_t seed)
{
   uint32_t x = seed * 2654435761u + 99;
   for (size_t i = 0; i < bytes; i++) {
      x = x * 1664525u + 1013904223u;
      img_init[i] = (uint8_t)(x >> 24);
   }
   static const uint16_t halfs[] = {0x7c01, 0x7e00, 0x0001, 0x83ff, 0xfc00};
   static const uint32_t floats[] = {0x7f800001u, 0x7fc00000u, 0x00000001u, 0x807fffffu,
                                     0xff800000u};
   for (size_t t = 0, j = 0; (t + 1) * f->texel_bytes <= bytes; t += 5, j++) {
      uint8_t *p = img_init + t * f->texel_bytes;
      switch (f->type) {
      case CL_SNORM_INT8: p[0] = 0x80; break;
      case CL_SNORM_INT16: memcpy(p, &(uint16_t){0x8000}, 2); break;
      case CL_HALF_FLOAT: memcpy(p, &halfs[j % 5], 2); break;
      case CL_FLOAT: memcpy(p, &floats[j % 5], 4); break;
      default: break;
      }
   }
}

/* One launch of image_{read,write}_<sfx> on an image of format f: the
 * 1, 2, 4 and 8 component forms in turn.  Block IO moves raw bits (no
 * format conversion), so the expected bytes are the image's own, where
 * ref_intel_image_block_byte puts them; a write must leave every other
 * byte of the image as it was.
 */
static const char *
check_intel_image_block(cl_program prog, unsigned local, bool write, unsigned ti, unsigned fi)
{
   const struct block_type *t = &block_types[ti];
   const struct image_fmt *f = &image_fmts[fi];
   const unsigned bytes = t->bytes;
   const unsigned nsg = NUM_WG * ((local + max_lanes - 1) / max_lanes);
   const unsigned width = IMAGE_ROW / f->texel_bytes;
   const unsigned height = IMAGE_Y0 + nsg * IMAGE_ROWS_PER_SG + 2;
   const size_t img_bytes = (size_t)IMAGE_ROW * height;
   /* A column aligned only as much as the mapping needs, the smaller of
    * the element and texel sizes: elements start inside texels where they
    * can.
    */
   const uint32_t x = 16 + (bytes < f->texel_bytes ? bytes : f->texel_bytes);
   const size_t item_words = (N * 15 * bytes + 3) / 4;
   if (img_bytes > IMAGE_MAX_BYTES || item_words > sizeof(img_items) / 4)
      return "image too large for this subgroup size";

   image_data(f, img_bytes, 500 + fi * 16 + ti * 4 + write + local * 256);
   if (write) {
      fill(img_items, item_words, 600 + fi * 16 + ti * 4 + local * 256, 0);
      sprinkle_specials(img_items, item_words);
   } else {
      set_all(img_items, item_words, UNSET);
   }
   set_all(img_where, N, UNSET);

   cl_int err;
   const cl_image_format fmt = {f->order, f->type};
   cl_image_desc desc;
   memset(&desc, 0, sizeof(desc));
   desc.image_type = CL_MEM_OBJECT_IMAGE2D;
   desc.image_width = width;
   desc.image_height = height;
   cl_mem img = clCreateImage(ctx, write ? CL_MEM_WRITE_ONLY : CL_MEM_READ_ONLY, &fmt, &desc,
                              NULL, &err);
   if (err != CL_SUCCESS)
      return fail("clCreateImage(%s, %ux%u) = %d", f->name, width, height, err);
   const size_t origin[3] = {0, 0, 0}, region[3] = {width, height, 1};
   err = clEnqueueWriteImage(queue, img, CL_TRUE, origin, region, IMAGE_ROW, 0, img_init, 0,
                             NULL, NULL);
   if (err != CL_SUCCESS) {
      clReleaseMemObject(img);
      return fail("clEnqueueWriteImage = %d", err);
   }
   char kernel[32];
   snprintf(kernel, sizeof(kernel), "image_%s_%s", write ? "write" : "read", t->sfx);
   struct arg a[] = {MEM(img), {img_items, item_words, 0, !write, NULL}, OUT(img_where, N),
                     VAL(x), VAL(IMAGE_Y0)};
   const char *lerr = launch(prog, kernel, local, a, 5);
   if (!lerr && write) {
      err = clEnqueueReadImage(queue, img, CL_TRUE, origin, region, IMAGE_ROW, 0, img_got, 0,
                               NULL, NULL);
      if (err != CL_SUCCESS)
         lerr = fail("clEnqueueReadImage = %d", err);
   }
   clReleaseMemObject(img);
   if (lerr || (lerr = map_subgroups(img_where, NULL, local, max_lanes)))
      return lerr;

   const uint8_t *items = (const uint8_t *)img_items;
   char h1[64], h2[64];
   unsigned checked = 0;
   if (write) {
      memcpy(img_expect, img_init, img_bytes);
      memset(img_owner, 0, img_bytes * sizeof(img_owner[0]));
   }
   for (unsigned s = 0; s < num_sgs; s++) {
      const struct sg_map *m = &sgs[s];
      const uint32_t y = IMAGE_Y0 + IMAGE_ROWS_PER_SG * sg_index(s, img_where, local);
      for (unsigned n = 1; n <= 8; n *= 2) {
         for (unsigned l = 0; l < m->sg.size; l++) {
            for (unsigned k = 0; k < n; k++) {
               const uint8_t *item = items + ((size_t)m->gid[l] * 15 + n - 1 + k) * bytes;
               uint8_t want[8];
               bool inside = true;
               for (unsigned b = 0; b < bytes && inside; b++) {
                  const struct ref_image_byte at =
                     ref_intel_image_block_byte(&m->sg, l, k, bytes, b, x, y + n - 1);
                  inside = at.column < IMAGE_ROW && at.row < height;
                  if (!inside)
                     break;
                  const size_t off = at.row * IMAGE_ROW + at.column;
                  if (write) {
                     img_expect[off] = item[b];
                     img_owner[off] = 1 + (s << 16 | l << 8 | k << 4 | n);
                  } else {
                     want[b] = img_init[off];
                  }
               }
               /* Outside the image: undefined (never so with these sizes). */
               checked += inside;
               if (write || !inside || !memcmp(want, item, bytes))
                  continue;
               return fail("read%u, subgroup %u (size %u) lane %u component %u (x %u, row "
                           "%u): %s, want %s", n, s, m->sg.size, l, k, x, y + n - 1 + k,
                           hex_bytes(item, bytes, h1, sizeof(h1)),
                           hex_bytes(want, bytes, h2, sizeof(h2)));
            }
         }
      }
   }
   if (!write || !checked)
      return nothing_checked(checked, checked, "");
   for (size_t off = 0; off < img_bytes; off++) {
      if (img_got[off] == img_expect[off])
         continue;
      const uint32_t o = img_owner[off];
      char who[96] = "no lane's: its initial byte";
      if (o)
         snprintf(who, sizeof(who), "write%u, subgroup %u lane %u component %u's", (o - 1) & 15,
                  (o - 1) >> 16, ((o - 1) >> 8) & 0xff, ((o - 1) >> 4) & 15);
      return fail("row %zu byte %zu: %s, want %s %s", off / IMAGE_ROW, off % IMAGE_ROW,
                  hex_bytes(&img_got[off], 1, h1, sizeof(h1)), who,
                  hex_bytes(&img_expect[off], 1, h2, sizeof(h2)));
   }
   return NULL;
}

/* The three cl_intel_subgroups families at one work-group size, each with
 * its program if that built.
 */
static void
run_intel(cl_program *progs, unsigned local, const char *tag)
{
   char name[160];
   cl_program prog = progs[INTEL_SHUFFLES];
   for (int dv = 0; dv < 2 && prog; dv++) {
      for (unsigned t = 0; t < NUM_SHUFFLE_TYPES; t++) {
         for (unsigned v = 0; v < 4; v++)
            run_intel_shuffle(prog, "intel_shuffle", local, dv, t, v, tag);
      }
   }
   /* Buffers (cl.intel_block.*) and __local memory (cl.intel_local_block.*,
    * cl_intel_subgroup_local_block_io): the same layout and reference.
    */
   for (unsigned lm = 0; lm < 2; lm++) {
      prog = progs[lm ? INTEL_LOCAL_BLOCK : INTEL_BUFFER_BLOCK];
      for (unsigned w = 0; w < 2 && prog; w++) {
         for (unsigned t = 0; t < NUM_BLOCK_TYPES; t++) {
            for (unsigned n = 1; n <= 8; n *= 2) {
               char count[12] = "";
               if (n > 1)
                  snprintf(count, sizeof(count), "%u", n);
               snprintf(name, sizeof(name), "cl.intel_%sblock.%s.%s%s.l%u.%s",
                        lm ? "local_" : "", w ? "write" : "read", block_types[t].name, count,
                        local, tag);
               CASE(name, check_intel_block(prog, local, w, t, n, lm));
            }
         }
      }
   }
   /* rusticl creates a compute state per launch on llvmpipe (no shareable
    * shaders), so every launch compiles its kernel, and the image kernels
    * (five texel sizes chosen at run time, 15 components) are the largest:
    * they run at two work-group sizes, 5 (one partial subgroup, below every
    * width but 4) and 37 (full subgroups and a partial last one).
    */
   prog = local == 5 || local == 37 ? progs[INTEL_IMAGE_BLOCK] : NULL;
   for (unsigned f = 0; f < NUM_IMAGE_FMTS && prog; f++) {
      for (unsigned w = 0; w < 2; w++) {
         for (unsigned t = 0; t < NUM_BLOCK_TYPES; t++) {
            snprintf(name, sizeof(name), "cl.intel_image_block.%s.%s.%s.l%u.%s",
                     w ? "write" : "read", image_fmts[f].name, block_types[t].name, local, tag);
            if (!image_fmt_ok[w][f]) {
               report(name, w ? "clGetSupportedImageFormats(CL_MEM_WRITE_ONLY) lacks the format"
                              : "clGetSupportedImageFormats(CL_MEM_READ_ONLY) lacks the format");
               continue;
            }
            CASE(name, check_intel_image_block(prog, local, w, t, f));
         }
      }
   }
}

/* cl_intel_spirv_subgroups: intel_spirv.spv's kernels, SPV_INTEL_subgroups
 * written in SPIR-V: the four uint shuffles by per-work-item indices, and
 * buffer block reads / writes of two uints.
 */
static void
run_intel_spirv(cl_program prog, unsigned local, const char *tag)
{
   for (int dv = 0; dv < 2 && prog; dv++)
      run_intel_shuffle(prog, "intel_spirv.shuffle", local, dv, 5 /* uint */, 0, tag);
   for (unsigned w = 0; w < 2 && prog; w++) {
      char name[160];
      snprintf(name, sizeof(name), "cl.intel_spirv.block.%s.uint2.l%u.%s", w ? "write" : "read",
               local, tag);
      CASE(name, check_intel_block(prog, local, w, 0 /* uint */, 2, false));
   }
}

/* Whether `name` is one of the space-separated words of `list`. */
static bool
has_word(const char *list, const char *name)
{
   const size_t len = strlen(name);
   for (const char *p = list; (p = strstr(p, name)); p += len) {
      if ((p == list || p[-1] == ' ') && (p[len] == ' ' || p[len] == '\0'))
         return true;
   }
   return false;
}

static cl_program
build_with(const char *what, cl_program prog, cl_int err, const char *options)
{
   if (err == CL_SUCCESS)
      err = clBuildProgram(prog, 1, &dev, options, NULL, NULL);
   if (err != CL_SUCCESS) {
      /* The whole log (a longer one than the buffer would give nothing),
       * printed up to 16 KiB.
       */
      size_t len = 0;
      char *log = NULL;
      if (prog && clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, 0, NULL, &len) ==
                     CL_SUCCESS && len)
         log = calloc(len + 1, 1);
      if (log && clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, len, log, NULL) !=
                    CL_SUCCESS)
         log[0] = 0;
      const int shown = log && strlen(log) > 16384 ? 16384 : -1;
      printf("%s: build failed (%d)\n%.*s%s\n", what, err, shown, log ? log : "",
             shown >= 0 ? "\n[... log cut at 16 KiB]" : "");
      free(log);
      return NULL;
   }
   return prog;
}

/* cl_intel_required_subgroup_size.  A kernel with
 * intel_reqd_sub_group_size(S) "must be compiled and executed with the
 * specified subgroup size", and get_max_sub_group_size() "is guaranteed to
 * return" S: at every size the device lists (CL_DEVICE_SUB_GROUP_SIZES_INTEL)
 * the kernel builds, CL_KERNEL_COMPILE_SUB_GROUP_SIZE_INTEL and
 * CL_KERNEL_ATTRIBUTES name S, and the sub-group queries answer for
 * subgroups of S lanes; run (not with --compile-only), a work-group of 1.5 S
 * work-items is one subgroup of S and one of the rest.  A size the device
 * does not list cannot be compiled and executed as required, so its build
 * fails.
 */
#define SUB_GROUP_SIZES 0x4108        /* CL_DEVICE_SUB_GROUP_SIZES_INTEL */
#define SPILL_MEM_SIZE 0x4109         /* CL_KERNEL_SPILL_MEM_SIZE_INTEL */
#define COMPILE_SUB_GROUP_SIZE 0x410A /* CL_KERNEL_COMPILE_SUB_GROUP_SIZE_INTEL */

static const char reqd_src[] =
   "__attribute__((intel_reqd_sub_group_size(REQD)))\n"
   "kernel void reqd(global uint *info)\n"
   "{\n"
   "   global uint *o = info + 8 * get_global_id(0);\n"
   "   o[0] = get_sub_group_size();\n"
   "   o[1] = get_max_sub_group_size();\n"
   "   o[2] = get_num_sub_groups();\n"
   "   o[3] = get_sub_group_id();\n"
   "   o[4] = get_sub_group_local_id();\n"
   "   o[5] = get_enqueued_num_sub_groups();\n"
   "   o[6] = (uint)get_local_linear_id();\n"
   "   o[7] = (uint)get_local_size(0);\n"
   "}\n";

static cl_program
build_reqd(unsigned size, cl_int *build_err, char *log, size_t log_size)
{
   char options[64];
   const char *src = reqd_src;
   cl_int err;
   snprintf(options, sizeof(options), "-cl-std=CL3.0 -DREQD=%u", size);
   cl_program p = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
   if (err == CL_SUCCESS)
      err = clBuildProgram(p, 1, &dev, options, NULL, NULL);
   log[0] = 0;
   if (err != CL_SUCCESS && p) {
      clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, log_size - 1, log, NULL);
      log[log_size - 1] = 0;
      for (char *c = log; *c; c++)
         *c = *c == '\n' ? ' ' : *c;
   }
   *build_err = err;
   if (err != CL_SUCCESS && p) {
      clReleaseProgram(p);
      p = NULL;
   }
   return p;
}

static const char *
check_reqd_queries(cl_program p, size_t s)
{
   cl_int err;
   cl_kernel k = clCreateKernel(p, "reqd", &err);
   if (err != CL_SUCCESS)
      return fail("clCreateKernel = %d", err);
   size_t compiled = 0, wg = 0;
   char attrs[256] = "", want[64];
   cl_ulong spill = ~0ull;
   const char *why = NULL;
   clGetKernelSubGroupInfo(k, dev, COMPILE_SUB_GROUP_SIZE, 0, NULL, sizeof(compiled), &compiled,
                           NULL);
   clGetKernelWorkGroupInfo(k, dev, CL_KERNEL_WORK_GROUP_SIZE, sizeof(wg), &wg, NULL);
   clGetKernelInfo(k, CL_KERNEL_ATTRIBUTES, sizeof(attrs) - 1, attrs, NULL);
   err = clGetKernelWorkGroupInfo(k, dev, SPILL_MEM_SIZE, sizeof(spill), &spill, NULL);
   snprintf(want, sizeof(want), "intel_reqd_sub_group_size(%zu)", s);
   if (compiled != s)
      why = fail("CL_KERNEL_COMPILE_SUB_GROUP_SIZE_INTEL = %zu", compiled);
   else if (err != CL_SUCCESS)
      why = fail("CL_KERNEL_SPILL_MEM_SIZE_INTEL = %d", err);
   else if (wg < s)
      why = fail("CL_KERNEL_WORK_GROUP_SIZE %zu, below the required size", wg);
   /* Every subgroup has S lanes but the last of a work-group. */
   const size_t local = s + s / 2 <= wg ? s + s / 2 : wg;
   size_t max = 0, count = 0, max_num = 0, count2[3] = {0}, two = 2;
   clGetKernelSubGroupInfo(k, dev, CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE, sizeof(local), &local,
                           sizeof(max), &max, NULL);
   clGetKernelSubGroupInfo(k, dev, CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE, sizeof(local), &local,
                           sizeof(count), &count, NULL);
   clGetKernelSubGroupInfo(k, dev, CL_KERNEL_MAX_NUM_SUB_GROUPS, 0, NULL, sizeof(max_num), &max_num,
                           NULL);
   clGetKernelSubGroupInfo(k, dev, CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT, sizeof(two), &two,
                           sizeof(count2), count2, NULL);
   /* One subgroup more than the most a work-group holds: no local size. */
   size_t too_many = (wg + s - 1) / s + 1, none[3] = {1, 1, 1};
   clGetKernelSubGroupInfo(k, dev, CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT, sizeof(too_many),
                           &too_many, sizeof(none), none, NULL);
   if (why) {
   } else if (max != s) {
      why = fail("CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE(%zu) = %zu", local, max);
   } else if (count != (local + s - 1) / s) {
      why = fail("CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE(%zu) = %zu", local, count);
   } else if (max_num != (wg + s - 1) / s) {
      why = fail("CL_KERNEL_MAX_NUM_SUB_GROUPS = %zu for %zu work-items", max_num, wg);
   } else if (2 * s <= wg &&
              (count2[1] > 1 || count2[2] > 1 || (count2[0] + s - 1) / s != 2 || !count2[0])) {
      why = fail("CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT(2) = (%zu, %zu, %zu)", count2[0],
                 count2[1], count2[2]);
   } else if (none[0] || none[1] || none[2]) {
      why = fail("CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT(%zu) = (%zu, %zu, %zu), past "
                 "CL_KERNEL_WORK_GROUP_SIZE %zu: no work-group holds that many subgroups",
                 too_many, none[0], none[1], none[2], wg);
   } else if (!strstr(attrs, want)) {
      why = fail("CL_KERNEL_ATTRIBUTES \"%s\" lacks %s", attrs, want);
   }
   clReleaseKernel(k);
   return why;
}

static void
run_required_sizes(const char *exts, bool compile_only)
{
   if (!has_word(exts, "cl_intel_required_subgroup_size"))
      return;
   size_t sizes[16], bytes = 0;
   if (clGetDeviceInfo(dev, SUB_GROUP_SIZES, sizeof(sizes), sizes, &bytes) != CL_SUCCESS ||
       !bytes) {
      report("cl.reqd_size.sizes", "CL_DEVICE_SUB_GROUP_SIZES_INTEL lists nothing");
      return;
   }
   char name[96], log[1024];
   cl_int err;
   bool listed[129] = {false};
   for (size_t i = 0; i < bytes / sizeof(sizes[0]); i++) {
      const size_t s = sizes[i];
      if (s <= 128)
         listed[s] = true;
      cl_program p = build_reqd(s, &err, log, sizeof(log));
      snprintf(name, sizeof(name), "cl.reqd_size.s%zu.build", s);
      report(name, p ? NULL : fail("build = %d: %.400s", err, log));
      if (!p)
         continue;
      snprintf(name, sizeof(name), "cl.reqd_size.s%zu.queries", s);
      report(name, s <= MAX_WG ? check_reqd_queries(p, s)
                               : fail(SKIP "%zu lanes, above the runner's %u", s, MAX_WG));
      if (!compile_only && s <= MAX_WG && s <= REF_MAX_LANES) {
         snprintf(name, sizeof(name), "cl.reqd_size.s%zu.run", s);
         const unsigned local = s + s / 2 <= MAX_WG ? s + s / 2 : MAX_WG;
         CASE(name, check_sizes_of(p, "reqd", local, s));
      }
      clReleaseProgram(p);
   }
   /* Every power of two from 4 to 128 the device does not list. */
   for (unsigned other = 4; other <= 128; other *= 2) {
      if (listed[other])
         continue;
      snprintf(name, sizeof(name), "cl.reqd_size.refused.s%u", other);
      cl_program p = build_reqd(other, &err, log, sizeof(log));
      char want[64];
      snprintf(want, sizeof(want), "intel_reqd_sub_group_size(%u)", other);
      if (p) {
         report(name, fail("built a kernel requiring %u lanes, a size the device does not list",
                           other));
         clReleaseProgram(p);
      } else if (err != CL_BUILD_PROGRAM_FAILURE) {
         report(name, fail("clBuildProgram = %d, not CL_BUILD_PROGRAM_FAILURE", err));
      } else {
         /* Ours names the attribute in the log; another platform says what it will. */
         report(name, !ours || strstr(log, want)
                         ? NULL
                         : fail("the log does not name %s: %.400s", want, log));
      }
   }
}

/* --sub-group-size N: -DREQD_SUB_GROUP_SIZE=N, which the .cl files turn
 * into intel_reqd_sub_group_size(N) on every kernel.
 */
static char cl_options[64] = "-cl-std=CL3.0";

static cl_program
build(const char *what, cl_program prog, cl_int err)
{
   return build_with(what, prog, err, cl_options);
}

/* --compile-only: every kernel of a built program, created and asked for
 * its work-group size (which needs the compiled kernel).
 */
static void
compile_kernels(const char *what, cl_program prog)
{
   cl_uint n = 0;
   cl_kernel kernels[128];
   char name[192];
   if (!prog)
      return;
   cl_int err = clCreateKernelsInProgram(prog, 128, kernels, &n);
   if (err != CL_SUCCESS || !n) {
      snprintf(name, sizeof(name), "cl.compile.%s", what);
      report(name, fail("clCreateKernelsInProgram = %d, %u kernels", err, n));
      return;
   }
   for (cl_uint i = 0; i < n; i++) {
      char kname[96] = "";
      size_t wg = 0;
      clGetKernelInfo(kernels[i], CL_KERNEL_FUNCTION_NAME, sizeof(kname), kname, NULL);
      err = clGetKernelWorkGroupInfo(kernels[i], dev, CL_KERNEL_WORK_GROUP_SIZE, sizeof(wg), &wg,
                                     NULL);
      snprintf(name, sizeof(name), "cl.compile.%s.%s", what, kname);
      report(name, err == CL_SUCCESS && wg ? NULL
                                           : fail("CL_KERNEL_WORK_GROUP_SIZE: %d, %zu", err, wg));
      clReleaseKernel(kernels[i]);
   }
}

int
main(int argc, char **argv)
{
   unsigned want_lanes = 0, reqd = 0;
   bool il_only = false, compile_only = false;
   const char *program = NULL;
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--lanes") && i + 1 < argc) {
         want_lanes = atoi(argv[++i]);
      } else if (!strcmp(argv[i], "--il-only")) {
         il_only = true;
      } else if (!strcmp(argv[i], "--compile-only")) {
         compile_only = true;
      } else if (!strcmp(argv[i], "--program") && i + 1 < argc) {
         program = argv[++i];
      } else if (!strcmp(argv[i], "--any-platform")) {
         any_platform = true;
      } else if (!strcmp(argv[i], "--filter") && i + 1 < argc) {
         filter = argv[++i];
      } else if (!strcmp(argv[i], "--sub-group-size") && i + 1 < argc) {
         reqd = atoi(argv[++i]);
      } else if (!strcmp(argv[i], "--expectations") && i + 1 < argc) {
         expects_path = argv[++i];
         if (!read_expectations(expects_path)) {
            printf("cannot read %s\n0 passed, 1 failed, 0 skipped\n", expects_path);
            return 1;
         }
      } else {
         printf("unknown argument %s\nusage: cl-runner [--lanes N] [--il-only] "
                "[--any-platform] [--expectations FILE] [--sub-group-size N] [--filter GLOB] "
                "[--compile-only [--program FILE]]\n", argv[i]);
         return 2;
      }
   }

   const char *refusal = pick_device();
   if (refusal) {
      printf("refusing to run: %s\n", refusal);
      return 3;
   }
   {
      char pname[256] = "", dname[256] = "", ver[256] = "";
      cl_platform_id plat;
      clGetDeviceInfo(dev, CL_DEVICE_PLATFORM, sizeof(plat), &plat, NULL);
      clGetPlatformInfo(plat, CL_PLATFORM_NAME, sizeof(pname), pname, NULL);
      clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof(dname), dname, NULL);
      clGetDeviceInfo(dev, CL_DRIVER_VERSION, sizeof(ver), ver, NULL);
      printf("platform: %s; device: %s; driver %s: %s\n", pname, dname, ver,
             ours ? "our rusticl, held to the series' choices"
                  : "another platform, held to what the specs require");
   }
   if (reqd)
      snprintf(cl_options, sizeof(cl_options), "-cl-std=CL3.0 -DREQD_SUB_GROUP_SIZE=%u", reqd);
   char tag[32];
   cl_int err;
   ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
   queue = clCreateCommandQueueWithProperties(ctx, dev, NULL, &err);

   if (program) {
      size_t psize;
      char *psrc = compile_only ? read_file(program, &psize) : NULL;
      if (!psrc) {
         printf("%s\n0 passed, 1 failed, 0 skipped\n",
                compile_only ? "cannot read the program" : "--program needs --compile-only");
         return 1;
      }
      const char *base = strrchr(program, '/') ? strrchr(program, '/') + 1 : program;
      const size_t len = strlen(base);
      cl_program p = len > 4 && !strcmp(base + len - 4, ".spv")
                        ? clCreateProgramWithIL(ctx, psrc, psize, &err)
                        : clCreateProgramWithSource(ctx, 1, (const char **)&psrc, NULL, &err);
      p = build(base, p, err);
      report("cl.build.program", p ? NULL : "see the build log above");
      compile_kernels("program", p);
      printf("%u passed, %u failed, %u skipped\n", passed, failed, skipped);
      return failed ? 1 : 0;
   }

   /* The extensions this build makes true. */
   char exts[8192] = "";
   clGetDeviceInfo(dev, CL_DEVICE_EXTENSIONS, sizeof(exts), exts, NULL);
   static const char *const wanted[] = {
      "cl_khr_subgroup_ballot", "cl_khr_subgroup_clustered_reduce",
      "cl_khr_subgroup_non_uniform_arithmetic", "cl_khr_subgroup_non_uniform_vote",
      "cl_khr_subgroup_rotate", "cl_khr_subgroup_extended_types",
      "cl_intel_required_subgroup_size",
   };
   for (unsigned i = 0; i < sizeof(wanted) / sizeof(wanted[0]) && !il_only; i++) {
      char name[96];
      snprintf(name, sizeof(name), "cl.extension.%s", wanted[i]);
      report(name, has_word(exts, wanted[i]) ? NULL : "not in CL_DEVICE_EXTENSIONS");
   }
   /* cl_intel_subgroups and its siblings: the intel_subgroups.cl families
    * below need them all, so a device without them fails here (and in the
    * build of intel_subgroups.cl), never skips.
    */
   static const char *const intel_wanted[] = {
      "cl_intel_subgroups", "cl_intel_subgroups_char", "cl_intel_subgroups_short",
      "cl_intel_subgroups_long", "cl_intel_spirv_subgroups", "cl_intel_subgroup_local_block_io",
   };
   for (unsigned i = 0; i < sizeof(intel_wanted) / sizeof(intel_wanted[0]) && !il_only; i++) {
      char name[96];
      snprintf(name, sizeof(name), "cl.extension.%s", intel_wanted[i]);
      report(name, has_word(exts, intel_wanted[i])
                      ? NULL
                      : "not in CL_DEVICE_EXTENSIONS: the cl.intel_* cases cannot run");
   }

   if (!il_only && !reqd)
      run_required_sizes(exts, compile_only);

   size_t size;
   char *src = read_file(CL_RUNNER_DIR "/subgroups.cl", &size);
   unsigned char *spv = (unsigned char *)read_file(CL_RUNNER_BUILD_DIR "/rotate_workgroup.spv", &size);
   if (!src || !spv) {
      printf("cannot read the kernels\n0 passed, 1 failed, 0 skipped\n");
      return 1;
   }
   cl_program prog = clCreateProgramWithSource(ctx, 1, (const char **)&src, NULL, &err);
   prog = build("subgroups.cl", prog, err);
   report("cl.build.subgroups_cl", prog ? NULL : "see the build log above");

   /* The 8-, 16- and 64-bit, half and double kernels (half and double where
    * the device offers cl_khr_fp16 / cl_khr_fp64).
    */
   cl_program ext_prog = NULL;
   if (!il_only) {
      size_t esize;
      char *esrc = read_file(CL_RUNNER_DIR "/extended_types.cl", &esize);
      if (esrc) {
         ext_prog = clCreateProgramWithSource(ctx, 1, (const char **)&esrc, NULL, &err);
         ext_prog = build("extended_types.cl", ext_prog, err);
      }
      free(esrc);
      report("cl.build.extended_types_cl",
             ext_prog ? NULL
             : esrc   ? "see the build log above (cl_khr_subgroup_extended_types needed)"
                      : "cannot read " CL_RUNNER_DIR "/extended_types.cl");
      for (unsigned t = 0; t < NUM_EXT_TYPES; t++)
         ext_type_ok[t] = !ext_types[t].ext || has_word(exts, ext_types[t].ext);
   }

   /* The OpenCL SPIR-V environment allows rotate only at Subgroup scope
    * (cl_khr_subgroup_rotate), so rusticl refuses the Workgroup-scope
    * module; with RUSTICL_DEBUG=allow_invalid_spirv it runs as
    * SPV_KHR_subgroup_rotate defines it.
    */
   const char *dbg = getenv("RUSTICL_DEBUG");
   const bool allow_invalid = dbg && strstr(dbg, "allow_invalid_spirv");
   cl_program il = clCreateProgramWithIL(ctx, spv, size, &err);
   if (!ours) {
      /* Another platform: the module is outside the OpenCL SPIR-V
       * environment, which allows rotate at Subgroup scope alone
       * (cl_khr_subgroup_rotate: "Scope for Execution may be: Subgroup"), so
       * refusing it, with any message, is right, and a platform that builds
       * it anyway is held to SPV_KHR_subgroup_rotate's Workgroup scope
       * under --il-only.
       */
      char log[8192] = "";
      const char *why = log;
      if (err == CL_SUCCESS && clBuildProgram(il, 1, &dev, "", NULL, NULL) != CL_SUCCESS) {
         clGetProgramBuildInfo(il, dev, CL_PROGRAM_BUILD_LOG, sizeof(log) - 1, log, NULL);
         for (char *c = log; *c; c++)
            *c = *c == '\n' || *c == '\r' ? ' ' : *c;
         /* Intel's CPU runtime names the missing builtins late in a long
          * log: from there, where it does.
          */
         if (strstr(log, "Symbols not found"))
            why = strstr(log, "Symbols not found");
         clReleaseProgram(il);
         il = NULL;
      }
      if (err != CL_SUCCESS)
         il = NULL;
      if (!il_only) {
         report("cl.rotate_workgroup.refused",
                il ? fail(SKIP "the platform built the Workgroup-scope module: the "
                               "environment does not require it to refuse one")
                   : NULL);
         il = NULL;
      } else if (!il) {
         report("cl.build.rotate_workgroup_spv",
                fail(SKIP "the platform refuses the Workgroup-scope module, as the OpenCL "
                          "SPIR-V environment (Subgroup scope alone) lets it: %.160s", why));
      } else {
         report("cl.build.rotate_workgroup_spv", NULL);
      }
   } else if (allow_invalid) {
      il = build("rotate_workgroup.spv", il, err);
      report("cl.build.rotate_workgroup_spv", il ? NULL : "see the build log above");
   } else {
      char log[4096] = "";
      if (err == CL_SUCCESS &&
          clBuildProgram(il, 1, &dev, "", NULL, NULL) == CL_BUILD_PROGRAM_FAILURE)
         clGetProgramBuildInfo(il, dev, CL_PROGRAM_BUILD_LOG, sizeof(log), log, NULL);
      report("cl.rotate_workgroup.refused",
             strstr(log, "allows only Subgroup") ? NULL
                                                 : fail("built, or failed otherwise: %s", log));
      il = NULL;
   }

   /* SPV_INTEL_subgroups through clCreateProgramWithIL
    * (cl_intel_spirv_subgroups).  Not with --sub-group-size: the module has
    * no SubgroupSize execution mode, so it runs at the platform's own size.
    */
   cl_program intel_il = NULL;
   if (!il_only && !reqd) {
      size_t isize;
      unsigned char *ispv =
         (unsigned char *)read_file(CL_RUNNER_BUILD_DIR "/intel_spirv.spv", &isize);
      if (ispv) {
         intel_il = clCreateProgramWithIL(ctx, ispv, isize, &err);
         intel_il = build("intel_spirv.spv", intel_il, err);
      }
      report("cl.build.intel_spirv_spv",
             intel_il ? NULL
             : ispv   ? "see the build log above (cl_intel_spirv_subgroups needed)"
                      : "cannot read " CL_RUNNER_BUILD_DIR "/intel_spirv.spv");
      free(ispv);
   }

   /* The cl_intel_subgroups kernels, built whether or not the device
    * advertises the extensions (without them the builds fail, loudly), in
    * three parts: shuffles, buffer and image block IO.
    */
   cl_program intel[INTEL_PARTS] = {NULL};
   if (!il_only) {
      size_t isize;
      char *isrc = read_file(CL_RUNNER_DIR "/intel_subgroups.cl", &isize);
      for (unsigned p = 0; p < INTEL_PARTS; p++) {
         char what[96], options[128];
         snprintf(what, sizeof(what), "intel_subgroups.cl (%s)", intel_parts[p].define);
         snprintf(options, sizeof(options), "%s -D%s", cl_options, intel_parts[p].define);
         if (isrc) {
            intel[p] = clCreateProgramWithSource(ctx, 1, (const char **)&isrc, NULL, &err);
            intel[p] = build_with(what, intel[p], err, options);
         }
         snprintf(what, sizeof(what), "cl.build.intel_subgroups_cl.%s", intel_parts[p].name);
         report(what, intel[p] ? NULL
                      : isrc ? "see the build log above (cl_intel_subgroups, _char, _short and "
                               "_long needed)"
                             : "cannot read " CL_RUNNER_DIR "/intel_subgroups.cl");
      }
      free(isrc);
      query_image_formats();
   }

   if (prog) {
      cl_kernel k = clCreateKernel(prog, "sizes", &err);
      size_t l = 64, max = 0;
      clGetKernelSubGroupInfo(k, dev, CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE, sizeof(l), &l,
                              sizeof(max), &max, NULL);
      clReleaseKernel(k);
      max_lanes = max;
      snprintf(tag, sizeof(tag), "w%u", max_lanes);
      char name[96];
      snprintf(name, sizeof(name), "cl.max_sub_group_size.%s", tag);
      report(name, max_lanes && (!want_lanes || max_lanes == want_lanes)
                      ? NULL : fail("%zu, want %u", max, want_lanes));
   }

   if (compile_only) {
      /* The SIMD widths the driver compiles kernels at (rusticl's
       * CL_DEVICE_SUB_GROUP_SIZES_INTEL, 0x4108), for the sweep to check.
       */
      size_t sizes[8], bytes = 0;
      printf("sub-group sizes:");
      if (clGetDeviceInfo(dev, 0x4108, sizeof(sizes), sizes, &bytes) == CL_SUCCESS) {
         for (size_t i = 0; i < bytes / sizeof(sizes[0]); i++)
            printf(" %zu", sizes[i]);
      }
      printf("\n");
      compile_kernels("subgroups_cl", prog);
      compile_kernels("extended_types_cl", ext_prog);
      compile_kernels("rotate_workgroup_spv", il);
      compile_kernels("intel_spirv_spv", intel_il);
      for (unsigned p = 0; p < INTEL_PARTS; p++) {
         char what[64];
         snprintf(what, sizeof(what), "intel_subgroups_cl.%s", intel_parts[p].name);
         compile_kernels(what, intel[p]);
      }
   } else if (prog && max_lanes && max_lanes <= REF_MAX_LANES) {
      char name[160];
      for (unsigned li = 0; li < sizeof(locals) / sizeof(locals[0]); li++) {
         const unsigned local = locals[li];
         if (!il_only) {
            snprintf(name, sizeof(name), "cl.sizes.l%u.%s", local, tag);
            CASE(name, check_sizes(prog, local));
         }
         for (int dv = 0; dv < 2 && !il_only; dv++) {
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
         if (!il_only) {
            run_intel(intel, local, tag);
            run_intel_spirv(intel_il, local, tag);
            for (unsigned t = 0; t < NUM_EXT_TYPES; t++)
               run_extended(ext_prog, local, t, tag);
         }
         if (il) {
            static const uint32_t deltas[] = {0, 1, 5, 0xffffffffu};
            for (unsigned c = 0; c <= 4; c += 4) {
               for (unsigned di = 0; di < 4; di++) {
                  snprintf(name, sizeof(name), "cl.rotate_workgroup.c%u.d%d.l%u.%s", c,
                           (int)deltas[di], local, tag);
                  CASE(name, check_wg_rotate(il, local, deltas[di], c));
               }
            }
         }
      }
   }

   for (unsigned i = 0; i < num_expects; i++)
      printf("expectation %s: %u case%s (%s)\n", expects[i].glob, expects[i].hits,
             expects[i].hits == 1 ? "" : "s", expects[i].reason);
   printf("%u passed, %u failed, %u skipped\n", passed, failed, skipped);
   return failed ? 1 : 0;
}
