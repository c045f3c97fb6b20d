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
 *             [--flakes FILE] [--sub-group-size N] [--cl-std STD] [--compile-only]
 *      --lanes N: the subgroup size the device must report; --il-only: the
 *      SPIR-V module's cases alone (Workgroup-scope rotate, which runs only
 *      with RUSTICL_DEBUG=allow_invalid_spirv: see below); --sub-group-size
 *      N: the OpenCL C kernels built with intel_reqd_sub_group_size(N)
 *      (cl_intel_required_subgroup_size: a size the device lists); --cl-std
 *      STD: build intel_subgroups.cl with -cl-std=STD (CL1.2, CL2.0), not
 *      CL3.0, as kernels written for OpenCL 1.2 with cl_intel_subgroups
 *      are: which builtins a compiler declares differs by version;
 *      --compile-only: build the programs and create every kernel of each
 *      (cl.compile.<program>.<kernel>), run none: for a driver without its
 *      GPU (iris under Intel's noop drm-shim), where rusticl compiles the
 *      kernels to ISA when it builds a program.  It proves compilation, not
 *      results.  --program FILE (with --compile-only): that OpenCL C file
 *      (a SPIR-V module if its name ends in .spv) alone, instead of ours
 *      (the ISA checks' kernels).
 *
 * Prints "name: pass" / "name: FAIL ..." / "name: skip (why)" / "name: xfail
 * (why)" / "name: flaky (passed|failed; why)" per case and a last line "N
 * passed, N failed, N skipped" (xfails and flakes among the skips).  A case
 * that --expectations lists fails when it passes; one that --flakes lists
 * may do either (an outcome that varies between machines the list names).  Exit 0 when nothing failed, 1 when something did, 3 on
 * a refusal.  A case skips only where it is legitimately empty: the
 * reference defines no result for any lane of its input (a check that
 * compared nothing otherwise fails).  An image format that the device does
 * not report for the access a cl_intel_subgroups image case needs fails the
 * case (rusticl on llvmpipe lists all of them).  A run that checked
 * nothing fails too: where no case passed, failed or xfailed (--filter
 * chose none, or every case it chose skipped) it prints "cl-runner: FAIL
 * (the run checked nothing: ...)" and "0 passed, 1 failed, N skipped", and
 * exits 1.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cl_runner.h"

static const unsigned locals[] = {5, 13, 16, 30, 37, 64};

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
      } else if (!strcmp(argv[i], "--cl-std") && i + 1 < argc) {
         set_intel_cl_std(argv[++i]);
      } else if ((!strcmp(argv[i], "--expectations") || !strcmp(argv[i], "--flakes")) &&
                 i + 1 < argc) {
         const bool flaky = !strcmp(argv[i], "--flakes");
         const char *path = argv[++i];
         if (!read_expectations(path, flaky)) {
            printf("cannot read %s\n0 passed, 1 failed, 0 skipped\n", path);
            return 1;
         }
      } else {
         printf("unknown argument %s\nusage: cl-runner [--lanes N] [--il-only] "
                "[--any-platform] [--expectations FILE] [--flakes FILE] [--sub-group-size N] "
                "[--cl-std STD] "
                "[--filter GLOB] "
                "[--compile-only [--program FILE]]\n", argv[i]);
         return 2;
      }
   }

   const char *refusal = pick_device();
   if (refusal) {
      printf("refusing to run: %s\n", refusal);
      return 3;
   }
   print_device();
   if (reqd)
      set_sub_group_size(reqd);
   char tag[32];
   cl_int err;
   ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
   queue = clCreateCommandQueueWithProperties(ctx, dev, NULL, &err);

   if (program)
      return compile_program_file(program, compile_only);

   /* The extensions this build makes true. */
   char exts[8192] = "";
   clGetDeviceInfo(dev, CL_DEVICE_EXTENSIONS, sizeof(exts), exts, NULL);
   if (!il_only)
      check_extensions(exts);

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

   cl_program ext_prog = NULL;
   if (!il_only) {
      ext_prog = build_extended_types();
      extended_types_offered(exts);
   }
   cl_program il = build_rotate_workgroup(spv, size, il_only);
   cl_program intel_il = !il_only && !reqd ? build_intel_spirv() : NULL;
   cl_program intel[INTEL_PARTS] = {NULL};
   if (!il_only) {
      build_intel_subgroups(intel);
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
      compile_all(prog, ext_prog, il, intel_il, intel);
   } else if (prog && max_lanes && max_lanes <= REF_MAX_LANES) {
      for (unsigned li = 0; li < sizeof(locals) / sizeof(locals[0]); li++) {
         const unsigned local = locals[li];
         if (!il_only) {
            run_khr(prog, local, tag);
            run_intel(intel, local, tag);
            run_intel_spirv(intel_il, local, tag);
            run_extended_types(ext_prog, local, tag);
         }
         if (il)
            run_rotate_workgroup(il, local, tag);
      }
   }

   print_expectations();
   return print_summary();
}
