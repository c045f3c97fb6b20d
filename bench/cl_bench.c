/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 *
 * The OpenCL half of the subgroup benchmark: times bench/cl_ops.cl's
 * kernels on the first OpenCL platform the ICD loader offers (bench/run-cl.sh
 * points it at our rusticl or at Intel's CPU runtime).
 *
 *   cl_bench KERNELS.cl SIZE [--reqd] [--ops a,b,...] [--reps N] [--groups N]
 *
 * SIZE: the subgroup size every kernel must run at (checked with
 * CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE; the process fails otherwise);
 * --reqd builds with -DREQD=SIZE (intel_reqd_sub_group_size).  Each op runs
 * one untimed dispatch, then N (5) pairs of timed dispatches, base then op;
 * a line per op:
 *    op NAME ns_op NS ns_base NS checksum HEX
 * ns_* are the medians, in ns per work-item-op (2048 ops per work-item);
 * the checksum (of the op's output) lets the caller compare platforms.
 * --groups N: work-groups of 64 per dispatch (1024; fewer under valgrind).
 * Under callgrind (bench/run-cl.sh --instr) each timed dispatch's
 * instructions, every thread's and the JIT-compiled kernel's, go to a dump
 * of their own, labelled "base OP REP" and "op OP REP"; outside valgrind
 * that is a no-op.
 */

#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#else
#define CALLGRIND_DUMP_STATS_AT(label) ((void)(label))
#endif

#define GROUPS 1024
#define LOCAL 64
#define ITEMS (GROUPS * LOCAL)
#define OPS_PER_ITEM 2048
#define ROWS 64

static const char *const all_ops[] = {
   "shuffle",       "shuffle_xor",   "shuffle_down",  "shuffle_up",       "rotate",
   "broadcast",     "ballot",        "vote_any",      "vote_all",         "reduce_add",
   "reduce_min",    "inclusive_add", "inclusive_min", "exclusive_add",    "block_read",
   "block_write",   "image_block_read", "image_block_write",
};

static double
now(void)
{
   struct timespec t;
   clock_gettime(CLOCK_MONOTONIC, &t);
   return t.tv_sec + t.tv_nsec * 1e-9;
}

static int
cmp_double(const void *a, const void *b)
{
   const double x = *(const double *)a, y = *(const double *)b;
   return x < y ? -1 : x > y;
}

static cl_context ctx;
static cl_command_queue queue;
static cl_device_id dev;
static cl_program prog;
static cl_mem out, seed, buf, scratch, rimg, wimg;
static unsigned size, groups = GROUPS;

/* A callgrind dump of the instructions since the previous one, labelled
 * "KIND OP REP" (see the top of the file).
 */
static void
count_dispatch(const char *kind, const char *op, int rep)
{
   char label[96];
   snprintf(label, sizeof(label), "%s %s %d", kind, op, rep);
   CALLGRIND_DUMP_STATS_AT(label);
}

static cl_kernel
kernel(const char *name)
{
   cl_int err;
   cl_kernel k = clCreateKernel(prog, name, &err);
   if (err != CL_SUCCESS) {
      fprintf(stderr, "cl_bench: no kernel %s (%d)\n", name, err);
      exit(1);
   }
   cl_mem args[] = {out, seed, buf, scratch, rimg, wimg};
   for (unsigned i = 0; i < 6; i++)
      clSetKernelArg(k, i, sizeof(cl_mem), &args[i]);
   size_t local = LOCAL, sg = 0;
   clGetKernelSubGroupInfo(k, dev, CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE, sizeof(local),
                           &local, sizeof(sg), &sg, NULL);
   if (sg != size) {
      fprintf(stderr, "cl_bench: %s runs at subgroup size %zu, not %u\n", name, sg, size);
      exit(1);
   }
   return k;
}

static double
dispatch(cl_kernel k)
{
   size_t global = (size_t)groups * LOCAL, local = LOCAL;
   const double t = now();
   if (clEnqueueNDRangeKernel(queue, k, 1, NULL, &global, &local, 0, NULL, NULL) !=
          CL_SUCCESS ||
       clFinish(queue) != CL_SUCCESS) {
      fprintf(stderr, "cl_bench: dispatch failed\n");
      exit(1);
   }
   return (now() - t) * 1e9 / ((double)global * OPS_PER_ITEM);
}

static uint64_t
checksum(void)
{
   static uint32_t v[ITEMS];
   clEnqueueReadBuffer(queue, out, CL_TRUE, 0, sizeof(v), v, 0, NULL, NULL);
   uint64_t h = 1469598103934665603ull;
   for (unsigned i = 0; i < groups * LOCAL; i++)
      h = (h ^ v[i]) * 1099511628211ull;
   return h;
}

int
main(int argc, char **argv)
{
   if (argc < 3) {
      fprintf(stderr, "usage: cl_bench KERNELS.cl SIZE [--reqd] [--ops a,b] [--reps N] "
                      "[--groups N]\n");
      return 2;
   }
   size = atoi(argv[2]);
   int reps = 5;
   int reqd = 0;
   const char *ops = NULL;
   for (int i = 3; i < argc; i++) {
      if (!strcmp(argv[i], "--reqd"))
         reqd = 1;
      else if (!strcmp(argv[i], "--ops") && i + 1 < argc)
         ops = argv[++i];
      else if (!strcmp(argv[i], "--reps") && i + 1 < argc)
         reps = atoi(argv[++i]);
      else if (!strcmp(argv[i], "--groups") && i + 1 < argc)
         groups = atoi(argv[++i]);
      else {
         fprintf(stderr, "cl_bench: unknown argument %s\n", argv[i]);
         return 2;
      }
   }
   if (reps < 1 || reps > 64)
      reps = 5;
   if (groups < 1 || groups > GROUPS)
      groups = GROUPS;

   FILE *f = fopen(argv[1], "rb");
   if (!f) {
      fprintf(stderr, "cl_bench: cannot read %s\n", argv[1]);
      return 1;
   }
   fseek(f, 0, SEEK_END);
   const long n = ftell(f);
   rewind(f);
   char *src = calloc(n + 1, 1);
   if (fread(src, 1, n, f) != (size_t)n)
      return 1;
   fclose(f);

   cl_platform_id plat;
   cl_uint np = 0;
   if (clGetPlatformIDs(1, &plat, &np) != CL_SUCCESS || !np ||
       clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 1, &dev, NULL) != CL_SUCCESS) {
      fprintf(stderr, "cl_bench: no OpenCL device\n");
      return 1;
   }
   char pname[128] = "", ver[128] = "";
   clGetPlatformInfo(plat, CL_PLATFORM_NAME, sizeof(pname), pname, NULL);
   clGetDeviceInfo(dev, CL_DRIVER_VERSION, sizeof(ver), ver, NULL);
   printf("platform %s; driver %s\n", pname, ver);

   cl_int err;
   ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
   queue = clCreateCommandQueueWithProperties(ctx, dev, NULL, &err);
   prog = clCreateProgramWithSource(ctx, 1, (const char **)&src, NULL, &err);
   char options[64];
   snprintf(options, sizeof(options), "-cl-std=CL3.0%s%u", reqd ? " -DREQD=" : "",
            reqd ? size : 0);
   if (!reqd)
      snprintf(options, sizeof(options), "-cl-std=CL3.0");
   if (clBuildProgram(prog, 1, &dev, options, NULL, NULL) != CL_SUCCESS) {
      static char log[65536];
      clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, sizeof(log), log, NULL);
      fprintf(stderr, "cl_bench: build failed\n%s\n", log);
      return 1;
   }

   static uint32_t init[ITEMS];
   for (unsigned i = 0; i < ITEMS; i++)
      init[i] = i * 2654435761u + 12345;
   out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof(init), NULL, &err);
   seed = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof(init), init, &err);
   buf = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, ROWS * 64 * 4, init, &err);
   scratch = clCreateBuffer(ctx, CL_MEM_READ_WRITE, ROWS * 64 * 4, NULL, &err);
   const cl_image_format fmt = {CL_R, CL_UNSIGNED_INT32};
   const cl_image_desc desc = {.image_type = CL_MEM_OBJECT_IMAGE2D, .image_width = 64,
                               .image_height = ROWS};
   rimg = clCreateImage(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &fmt, &desc, init, &err);
   wimg = clCreateImage(ctx, CL_MEM_WRITE_ONLY, &fmt, &desc, NULL, &err);
   if (!out || !seed || !buf || !scratch || !rimg || !wimg) {
      fprintf(stderr, "cl_bench: cannot create the buffers and images\n");
      return 1;
   }

   cl_kernel base = kernel("base");
   dispatch(base);
   for (unsigned o = 0; o < sizeof(all_ops) / sizeof(all_ops[0]); o++) {
      const char *name = all_ops[o];
      if (ops) {
         const size_t len = strlen(name);
         const char *p = strstr(ops, name);
         while (p && ((p != ops && p[-1] != ',') || (p[len] && p[len] != ',')))
            p = strstr(p + 1, name);
         if (!p)
            continue;
      }
      cl_kernel k = kernel(name);
      dispatch(k);
      double tb[64], to[64];
      for (int r = 0; r < reps; r++) {
         count_dispatch("before", name, r);
         tb[r] = dispatch(base);
         count_dispatch("base", name, r);
         to[r] = dispatch(k);
         count_dispatch("op", name, r);
      }
      qsort(tb, reps, sizeof(double), cmp_double);
      qsort(to, reps, sizeof(double), cmp_double);
      printf("op %s ns_op %.4f ns_base %.4f checksum %016llx\n", name, to[reps / 2],
             tb[reps / 2], (unsigned long long)checksum());
      fflush(stdout);
      clReleaseKernel(k);
   }
   return 0;
}
