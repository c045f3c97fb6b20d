/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 *
 * OpenCL host of our kernel tests: runs tests/opencl/subgroups.cl (OpenCL C)
 * and rotate_workgroup.spv (SPIR-V, through clCreateProgramWithIL) on the
 * patched rusticl, and checks every result against the reference model
 * (tests/reference/).  It refuses any platform but a rusticl whose
 * CL_DRIVER_VERSION carries this build's mark.
 *
 *   cl-runner [--lanes N] [--il-only]
 *      N: the subgroup size the device must report; --il-only: the SPIR-V
 *      module's cases alone (Workgroup-scope rotate, which runs only with
 *      RUSTICL_DEBUG=allow_invalid_spirv: see below)
 *
 * Prints "name: pass" / "name: FAIL ..." per case and a last line
 * "N passed, N failed, 0 skipped".  Exit 0 when nothing failed, 1 when
 * something did, 3 on a refusal.
 */

#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
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

static unsigned passed, failed;
static cl_context ctx;
static cl_command_queue queue;
static cl_device_id dev;

static void
report(const char *name, const char *failure)
{
   if (failure) {
      printf("%s: FAIL %s\n", name, failure);
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

/* Finds our rusticl, or says why not. */
static const char *
pick_device(void)
{
   cl_uint np = 0;
   cl_platform_id plats[16];
   if (clGetPlatformIDs(16, plats, &np) != CL_SUCCESS || !np)
      return "no OpenCL platform (is OCL_ICD_VENDORS set to our ICD?)";
   for (cl_uint p = 0; p < np && p < 16; p++) {
      char name[256] = "";
      clGetPlatformInfo(plats[p], CL_PLATFORM_NAME, sizeof(name), name, NULL);
      if (strcmp(name, "rusticl"))
         continue;
      cl_uint nd = 0;
      if (clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_ALL, 1, &dev, &nd) != CL_SUCCESS || !nd)
         continue;
      char ver[256] = "";
      clGetDeviceInfo(dev, CL_DRIVER_VERSION, sizeof(ver), ver, NULL);
      if (!strstr(ver, SUBGROUPS_MARK))
         return "the rusticl found lacks this build's mark in CL_DRIVER_VERSION";
      return NULL;
   }
   return "no rusticl platform with a device (is RUSTICL_ENABLE=llvmpipe set?)";
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
};
#define IN(buf) {buf, N, 0, false}
#define OUT(buf, words) {buf, words, 0, true}
#define VAL(v) {NULL, 0, v, false}

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
   for (unsigned i = 0; i < nargs; i++) {
      if (args[i].data) {
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

/* get_sub_group_size() and the rest, against their definitions. */
static const char *
check_sizes(cl_program prog, unsigned local)
{
   uint32_t info[N * OUT_WORDS];
   set_all(info, N * OUT_WORDS, UNSET);
   struct arg a[] = {OUT(info, N * OUT_WORDS)};
   const char *err = launch(prog, "sizes", local, a, 1);
   if (err)
      return err;
   uint32_t where[N];
   for (unsigned g = 0; g < local * NUM_WG; g++)
      where[g] = info[g * 8 + 3] << 16 | info[g * 8 + 4];
   if ((err = map_subgroups(where, NULL, local, max_lanes)))
      return err;
   const unsigned num = (local + max_lanes - 1) / max_lanes;
   for (unsigned s = 0; s < num_sgs; s++) {
      for (unsigned l = 0; l < sgs[s].sg.size; l++) {
         const uint32_t *o = info + 8 * sgs[s].gid[l];
         if (o[0] != sgs[s].sg.size)
            return fail("get_sub_group_size() = %u in a subgroup of %u", o[0], sgs[s].sg.size);
         if (o[1] != max_lanes)
            return fail("get_max_sub_group_size() = %u, not %u", o[1], max_lanes);
         if (o[2] != num || o[5] != num)
            return fail("get_(enqueued_)num_sub_groups() = %u/%u, not %u", o[2], o[5], num);
         if (o[7] != local)
            return fail("get_local_size(0) = %u", o[7]);
      }
   }
   /* Each work-group: ceil(local / max) subgroups, all full but the last. */
   if (num_sgs != num * NUM_WG)
      return fail("%u subgroups, not %u", num_sgs, num * NUM_WG);
   return NULL;
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
   for (unsigned s = 0; s < num_sgs; s++) {
      const struct sg_map *m = &sgs[s];
      for (unsigned l = 0; l < m->sg.size; l++) {
         if (!m->sg.active[l])
            continue;
         const int src = ref_rotate(&m->sg, l, (uint32_t)delta, cluster, true);
         if (src == REF_UNDEF)
            continue;
         const uint32_t want = in[m->gid[src]], got = out[m->gid[l]];
         if (got != want)
            return fail("subgroup %u (size %u) lane %u: %#x, want lane %d's %#x", s,
                        m->sg.size, l, got, src, want);
      }
   }
   return NULL;
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
   for (unsigned s = 0; s < num_sgs; s++) {
      const struct sg_map *m = &sgs[s];
      bool p2[REF_MAX_LANES] = {0};
      for (unsigned l = 0; l < m->sg.size; l++)
         p2[l] = pred2[m->gid[l]] != 0;
      const struct ref_ballot b = ref_ballot_khr(&m->sg, p2);
      for (unsigned l = 0; l < m->sg.size; l++) {
         if (!m->sg.active[l])
            continue;
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
            for (unsigned k = REF_MASK_EQ; k <= REF_MASK_LT; k++)
               want[k] = ref_subgroup_mask_khr(&m->sg, l, k).w[0];
            want[5] = ref_subgroup_mask_khr(&m->sg, l, REF_MASK_EQ).w[1];
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
            if (care[k] && got != want[k])
               return fail("op %u subgroup %u (size %u) lane %u word %u: %#x, want %#x", op, s,
                           m->sg.size, l, k, o[k], want[k]);
         }
      }
   }
   return NULL;
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
         for (unsigned k = 0; k < 4; k++) {
            if ((o[k] != 0) != want[k])
               return fail("subgroup %u (size %u) lane %u %s: %u, want %u", s, m->sg.size, l,
                           (const char *[]){"elect", "all", "any", "all_equal"}[k], o[k],
                           want[k]);
         }
      }
   }
   return NULL;
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
   fill(in, N, 11 + op, op == 1 ? 5 : 0);
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
   const enum ref_pop rop = arith_ops[op];
   const bool logical = rop == REF_OP_LAND || rop == REF_OP_LOR || rop == REF_OP_LXOR;
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
         for (unsigned k = 0; k < nscans; k++) {
            uint64_t accept[REF_MAX_ACCEPT];
            const unsigned na = ref_partitioned_scan_accept(&m->sg, rop, 32, (enum ref_scan)k,
                                                            ballots, x, l, accept);
            bool ok = na == 0;
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
   return NULL;
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
   for (unsigned g = 0; g < NUM_WG; g++) {
      for (unsigned l = 0; l < local; l++) {
         const int src = ref_rotate(&wg, l, delta, cluster, true);
         if (src == REF_UNDEF)
            continue;
         const uint32_t want = in[g * local + src], got = out[g * local + l];
         if (got != want)
            return fail("work-group %u item %u: %#x, want item %d's %#x", g, l, got, src, want);
      }
   }
   return NULL;
}

static cl_program
build(const char *what, cl_program prog, cl_int err)
{
   if (err == CL_SUCCESS)
      err = clBuildProgram(prog, 1, &dev, "-cl-std=CL3.0", NULL, NULL);
   if (err != CL_SUCCESS) {
      char log[16384] = "";
      if (prog)
         clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, sizeof(log), log, NULL);
      printf("%s: build failed (%d)\n%s\n", what, err, log);
      return NULL;
   }
   return prog;
}

int
main(int argc, char **argv)
{
   unsigned want_lanes = 0;
   bool il_only = false;
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--lanes") && i + 1 < argc)
         want_lanes = atoi(argv[++i]);
      else if (!strcmp(argv[i], "--il-only"))
         il_only = true;
   }

   const char *refusal = pick_device();
   if (refusal) {
      printf("refusing to run: %s\n", refusal);
      return 3;
   }
   char tag[32];
   cl_int err;
   ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
   queue = clCreateCommandQueueWithProperties(ctx, dev, NULL, &err);

   /* The extensions this build makes true. */
   char exts[8192] = "";
   clGetDeviceInfo(dev, CL_DEVICE_EXTENSIONS, sizeof(exts), exts, NULL);
   static const char *const wanted[] = {
      "cl_khr_subgroup_ballot", "cl_khr_subgroup_clustered_reduce",
      "cl_khr_subgroup_non_uniform_arithmetic", "cl_khr_subgroup_non_uniform_vote",
      "cl_khr_subgroup_rotate",
   };
   for (unsigned i = 0; i < sizeof(wanted) / sizeof(wanted[0]) && !il_only; i++) {
      char name[96];
      snprintf(name, sizeof(name), "cl.extension.%s", wanted[i]);
      report(name, strstr(exts, wanted[i]) ? NULL : "not in CL_DEVICE_EXTENSIONS");
   }

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

   /* The OpenCL SPIR-V environment allows rotate only at Subgroup scope
    * (cl_khr_subgroup_rotate), so rusticl refuses the Workgroup-scope
    * module; with RUSTICL_DEBUG=allow_invalid_spirv it runs as
    * SPV_KHR_subgroup_rotate defines it.
    */
   const char *dbg = getenv("RUSTICL_DEBUG");
   const bool allow_invalid = dbg && strstr(dbg, "allow_invalid_spirv");
   cl_program il = clCreateProgramWithIL(ctx, spv, size, &err);
   if (allow_invalid) {
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

   if (prog && max_lanes && max_lanes <= REF_MAX_LANES) {
      char name[160];
      for (unsigned li = 0; li < sizeof(locals) / sizeof(locals[0]); li++) {
         const unsigned local = locals[li];
         if (!il_only) {
            snprintf(name, sizeof(name), "cl.sizes.l%u.%s", local, tag);
            report(name, check_sizes(prog, local));
         }
         for (int dv = 0; dv < 2 && !il_only; dv++) {
            const char *d = dv ? "divergent" : "uniform";
            static const int deltas[] = {0, 1, 3, 6, -1, 17};
            for (unsigned c = 0; c <= 16 && c <= max_lanes; c = c ? c * 2 : 1) {
               for (unsigned di = 0; di < 6; di++) {
                  snprintf(name, sizeof(name), "cl.rotate.%s.c%u.d%d.l%u.%s", d, c, deltas[di],
                           local, tag);
                  report(name, check_rotate(prog, local, dv, deltas[di], c));
               }
            }
            for (unsigned op = 0; op < 4; op++) {
               snprintf(name, sizeof(name), "cl.ballot.%s.op%u.l%u.%s", d, op, local, tag);
               report(name, check_ballot(prog, local, dv, op));
            }
            for (unsigned v = 0; v < 2; v++) {
               snprintf(name, sizeof(name), "cl.vote.%s.v%u.l%u.%s", d, v, local, tag);
               report(name, check_vote(prog, local, dv, v));
            }
            for (unsigned op = 0; op < NUM_ARITH; op++) {
               snprintf(name, sizeof(name), "cl.arith.%s.%s.l%u.%s", d, arith_names[op], local,
                        tag);
               report(name, check_arith(prog, local, dv, op, 0));
               for (unsigned c = 1; c <= 16 && c <= max_lanes; c *= 2) {
                  snprintf(name, sizeof(name), "cl.clustered.%s.%s.c%u.l%u.%s", d,
                           arith_names[op], c, local, tag);
                  report(name, check_arith(prog, local, dv, op, c));
               }
            }
         }
         if (il) {
            static const uint32_t deltas[] = {0, 1, 5, 0xffffffffu};
            for (unsigned c = 0; c <= 4; c += 4) {
               for (unsigned di = 0; di < 4; di++) {
                  snprintf(name, sizeof(name), "cl.rotate_workgroup.c%u.d%d.l%u.%s", c,
                           (int)deltas[di], local, tag);
                  report(name, check_wg_rotate(il, local, deltas[di], c));
               }
            }
         }
      }
   }

   printf("%u passed, %u failed, 0 skipped\n", passed, failed);
   return failed ? 1 : 0;
}
