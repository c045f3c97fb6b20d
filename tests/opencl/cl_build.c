/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 *
 * cl-runner's programs: reading them, building them with the build
 * options (--sub-group-size), the cl.build.* cases, --compile-only's
 * kernels and --program.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cl_runner.h"

char *
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

/* The parts of intel_subgroups.cl, one program each (-D<define>); the
 * enum of their indices is in cl_runner.h.
 */
static const struct {
   const char *name, *define;
} intel_parts[INTEL_PARTS] = {
   {"shuffles", "INTEL_SHUFFLES"},
   {"buffer_block", "INTEL_BUFFER_BLOCK"},
   {"local_block", "INTEL_LOCAL_BLOCK"},
   {"image_block", "INTEL_IMAGE_BLOCK"},
};

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

/* --sub-group-size N: -DREQD_SUB_GROUP_SIZE=N, which the .cl files turn
 * into intel_reqd_sub_group_size(N) on every kernel.  --cl-std STD: the
 * OpenCL C version of intel_subgroups.cl (CL3.0 unless asked); the other
 * programs call OpenCL C 2.0 builtins and stay at 3.0.
 */
static char reqd_define[40] = "";
static char cl_options[64] = "-cl-std=CL3.0";
static char intel_std[16] = "CL3.0";

void
set_sub_group_size(unsigned reqd)
{
   snprintf(reqd_define, sizeof(reqd_define), " -DREQD_SUB_GROUP_SIZE=%u", reqd);
   snprintf(cl_options, sizeof(cl_options), "-cl-std=CL3.0%s", reqd_define);
}

void
set_intel_cl_std(const char *std)
{
   snprintf(intel_std, sizeof(intel_std), "%s", std);
}

cl_program
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

/* --program FILE with --compile-only: that OpenCL C file (a SPIR-V module
 * if its name ends in .spv) alone, built and its kernels created; the
 * summary and main()'s exit status.
 */
int
compile_program_file(const char *program, bool compile_only)
{
   size_t psize;
   cl_int err;
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
   return print_summary();
}

/* The 8-, 16- and 64-bit, half and double kernels (half and double where
 * the device offers cl_khr_fp16 / cl_khr_fp64).
 */
cl_program
build_extended_types(void)
{
   cl_program ext_prog = NULL;
   cl_int err;
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
   return ext_prog;
}

/* The OpenCL SPIR-V environment allows rotate only at Subgroup scope
 * (cl_khr_subgroup_rotate), so rusticl refuses the Workgroup-scope
 * module; with RUSTICL_DEBUG=allow_invalid_spirv it runs as
 * SPV_KHR_subgroup_rotate defines it.
 */
cl_program
build_rotate_workgroup(const unsigned char *spv, size_t size, bool il_only)
{
   const char *dbg = getenv("RUSTICL_DEBUG");
   const bool allow_invalid = dbg && strstr(dbg, "allow_invalid_spirv");
   cl_int err;
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
   return il;
}

/* SPV_INTEL_subgroups through clCreateProgramWithIL
 * (cl_intel_spirv_subgroups).  Not with --sub-group-size: the module has
 * no SubgroupSize execution mode, so it runs at the platform's own size.
 */
cl_program
build_intel_spirv(void)
{
   cl_program intel_il = NULL;
   cl_int err;
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
   return intel_il;
}

/* The cl_intel_subgroups kernels, built whether or not the device
 * advertises the extensions (without them the builds fail, loudly), in
 * three parts: shuffles, buffer and image block IO.
 */
void
build_intel_subgroups(cl_program intel[INTEL_PARTS])
{
   cl_int err;
   size_t isize;
   char *isrc = read_file(CL_RUNNER_DIR "/intel_subgroups.cl", &isize);
   for (unsigned p = 0; p < INTEL_PARTS; p++) {
      char what[96], options[128];
      snprintf(what, sizeof(what), "intel_subgroups.cl (%s)", intel_parts[p].define);
      snprintf(options, sizeof(options), "-cl-std=%s%s -D%s", intel_std, reqd_define,
               intel_parts[p].define);
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
}

/* --compile-only: the kernels of every program that built. */
void
compile_all(cl_program prog, cl_program ext_prog, cl_program il, cl_program intel_il,
            const cl_program intel[INTEL_PARTS])
{
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
}
