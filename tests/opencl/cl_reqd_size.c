/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 *
 * cl.reqd_size.*: cl_intel_required_subgroup_size at every size the
 * device lists, and the refusal of the sizes it does not.
 */

#include <stdio.h>
#include <string.h>

#include "cl_runner.h"

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

void
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
