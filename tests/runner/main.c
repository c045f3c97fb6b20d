/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 *
 * subgroup-runner: runs the SPIR-V subgroup cases on the patched lavapipe.
 *
 * A parent that never touches Vulkan runs the cases in child processes, one
 * per lane width and family (supervise.c, child.c), and survives their
 * crashes and time-outs.  runner.h says which file does what; this one reads
 * the options and sets the parent up.
 */

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "expect.h"
#include "runner.h"

struct options opt = {
   .widths = { 128, 256, 512 },
   .num_widths = 3,
   .filter = "*",
   .icd = RUNNER_ICD_JSON,
   .shader_dir = RUNNER_SHADER_DIR,
   .timeout_s = 300,
};

/* The scratch folder this run made for itself (no --log-dir): removed at
 * the end unless something failed, when its child logs are what to read.
 */
static bool own_log_dir;

static int
remove_entry(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
   (void)st, (void)type, (void)ftw;
   return remove(path);
}

static void
drop_own_log_dir(bool failed)
{
   if (!own_log_dir)
      return;
   if (failed)
      printf("runner: child logs and shader cache kept in %s\n", log_dir);
   else
      nftw(log_dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

static void
usage(void)
{
   fprintf(stderr,
           "usage: subgroup-runner [options]\n"
           "  --widths 128,256,512   LP_NATIVE_VECTOR_WIDTH values (4/8/16 lanes)\n"
           "  --sizes 4,8,16,32,64   instead of --widths: the compute and fragment\n"
           "                         cases at each\n"
           "                         requiredSubgroupSize, every size in one child\n"
           "                         per family at the default width\n"
           "  --filter GLOB          only cases whose name matches\n"
           "  --sample N             a fixed 1/N of those cases (by a hash of the\n"
           "                         name: the same ones every run), and at least one\n"
           "                         case of every (family, operation, stage, type,\n"
           "                         scan kind) at every size of the run\n"
           "  --pool-sizes           with --sample: every such combination at one\n"
           "                         size of the run only (picked by the hash), not\n"
           "                         at each\n"
           "  --coarse-strata        with --sample: every (family, operation) only,\n"
           "                         not each of its stages, types and scan kinds\n"
           "  --family NAME          only one family (rotate, intel, ballot, nonsemantic,\n"
           "                         partitioned, intel_block, intel_image_block,\n"
           "                         vote, arith)\n"
           "  --icd PATH             ICD json (default: the build's lavapipe)\n"
           "  --driver-json PATH     same as --icd\n"
           "  --any-driver           run on any driver (no identity check)\n"
           "  --compile-only         create each case's pipeline and submit nothing\n"
           "                         (any driver, also one that cannot execute, such\n"
           "                         as RADV's null device): proves compilation only\n"
           "  --no-robust-access     create the device without robustBufferAccess, which\n"
           "                         every other run enables: buffer accesses may then\n"
           "                         compile without bounds checks (ANV's block messages)\n"
           "  --isa-dir DIR          with --compile-only: each case's statistics and\n"
           "                         NIR / ISA text (VK_KHR_pipeline_executable_properties)\n"
           "                         in DIR/CASE.txt\n"
           "  --required-subgroup-size N  with --compile-only: compute pipelines get\n"
           "                         requiredSubgroupSize N, cases are made for N lanes\n"
           "  --expectations FILE    expected failures (glob, then the reason)\n"
           "  --skips FILE           allowed skips (glob, when:CONDITION..., reason): a\n"
           "                         skip not listed there fails; a listed case that\n"
           "                         runs is reported (not failed)\n"
           "  --allowed-skip NAME    with --skips, and nothing else run: print the\n"
           "                         reason of the first entry whose glob matches NAME\n"
           "                         and whose conditions hold here (exit 0), print\n"
           "                         nothing and exit 1 when none does, exit 2 when\n"
           "                         the list cannot be read\n"
           "  --csv FILE             write per-case results\n"
           "  --tag NAME             append .NAME to every case name (a second run of\n"
           "                         the same cases under another driver setting)\n"
           "  --timeout S            seconds a child may go without reporting a case\n"
           "                         (default 300)\n"
           "  --self-check           perturb the reference; every case must fail\n"
           "  --written-out          the cases whose operation the harness also writes\n"
           "                         out as the generic lowering (gen_spvasm.py's\n"
           "                         written_* shaders), with those shaders: CASE.written\n"
           "  --demo                 the main job: per-lane tables, one case per extension\n"
           "  --list                 print case names and exit\n"
           "A run that checks no case (none selected, or every one skipped) fails.\n");
   exit(2);
}

static void
list_case(const struct case_desc *c, void *data)
{
   (void)data;
   if (case_wanted(c))
      printf("%s\n", c->name);
}

int
main(int argc, char **argv)
{
   for (int i = 1; i < argc; i++) {
      const char *a = argv[i];
#define ARG() (i + 1 < argc ? argv[++i] : (usage(), ""))
      if (!strcmp(a, "--widths")) {
         char *s = strdup(ARG()), *tok, *save;
         opt.num_widths = 0;
         for (tok = strtok_r(s, ",", &save); tok && opt.num_widths < 8;
              tok = strtok_r(NULL, ",", &save))
            opt.widths[opt.num_widths++] = (unsigned)atoi(tok);
      } else if (!strcmp(a, "--sizes")) {
         char *s = strdup(ARG()), *tok, *save;
         opt.num_sizes = 0;
         for (tok = strtok_r(s, ",", &save); tok && opt.num_sizes < 8;
              tok = strtok_r(NULL, ",", &save))
            opt.sizes[opt.num_sizes++] = (unsigned)atoi(tok);
      } else if (!strcmp(a, "--width")) {
         opt.width = (unsigned)atoi(ARG());
      } else if (!strcmp(a, "--filter")) {
         opt.filter = ARG();
      } else if (!strcmp(a, "--sample")) {
         opt.sample = (unsigned)atoi(ARG());
      } else if (!strcmp(a, "--pool-sizes")) {
         opt.pool_sizes = true;
      } else if (!strcmp(a, "--coarse-strata")) {
         opt.coarse_strata = true;
      } else if (!strcmp(a, "--family")) {
         opt.family = ARG();
      } else if (!strcmp(a, "--icd") || !strcmp(a, "--driver-json")) {
         opt.icd = ARG();
      } else if (!strcmp(a, "--shader-dir")) {
         opt.shader_dir = ARG();
      } else if (!strcmp(a, "--expectations")) {
         opt.expectations = ARG();
      } else if (!strcmp(a, "--skips")) {
         opt.skips = ARG();
      } else if (!strcmp(a, "--allowed-skip")) {
         opt.allowed_skip = ARG();
      } else if (!strcmp(a, "--csv")) {
         opt.csv = ARG();
      } else if (!strcmp(a, "--tag")) {
         opt.tag = ARG();
      } else if (!strcmp(a, "--log-dir")) {
         opt.log_dir = ARG();
      } else if (!strcmp(a, "--timeout")) {
         opt.timeout_s = (unsigned)atoi(ARG());
      } else if (!strcmp(a, "--any-driver")) {
         opt.any_driver = true;
      } else if (!strcmp(a, "--compile-only")) {
         opt.compile_only = true;
         opt.any_driver = true;
      } else if (!strcmp(a, "--no-robust-access")) {
         opt.no_robust_access = true;
      } else if (!strcmp(a, "--isa-dir")) {
         opt.isa_dir = ARG();
      } else if (!strcmp(a, "--required-subgroup-size")) {
         opt.required_size = (unsigned)atoi(ARG());
      } else if (!strcmp(a, "--self-check")) {
         opt.self_check = true;
      } else if (!strcmp(a, "--written-out")) {
         cases_written_out = true;
      } else if (!strcmp(a, "--demo")) {
         opt.demo = true;
      } else if (!strcmp(a, "--list")) {
         opt.list = true;
      } else if (!strcmp(a, "--child")) {
         opt.child = true;
      } else {
         usage();
      }
   }

   /* The scripts' own checks (ci/test.sh) ask here whether a skip is
    * allowed, so that one reader of the list decides for them and for the
    * cases alike.  Nothing else runs: no device, no child.
    */
   if (opt.allowed_skip) {
      if (!opt.skips)
         usage();
      load_list(opt.skips, "allowed skips", true, &skips, &num_skips);
      const struct expectation *e = find_skip(opt.allowed_skip);
      if (!e)
         return 1;
      printf("%s\n", e->reason);
      return 0;
   }

   /* Held to the series' choices on our lavapipe; another driver to what
    * any conformant Vulkan driver may do (reference.h).
    */
   if (opt.any_driver)
      ref_reading = REF_READING_VULKAN;
   if (opt.child)
      return child_main();
   if (opt.pool_sizes && opt.any_driver && !opt.num_sizes) {
      /* the sizes of a --widths run are the children's to report there,
       * and the pool must be the run's sizes
       */
      fprintf(stderr, "runner: --pool-sizes with --any-driver needs --sizes\n");
      return 2;
   }

   if (opt.list) {
      enumerate_run_sizes(list_case);
      return 0;
   }
   if (opt.num_sizes && (opt.compile_only || opt.demo)) {
      fprintf(stderr, "runner: --sizes runs the cases on the patched lavapipe only\n");
      return 2;
   }

   ssize_t n = readlink("/proc/self/exe", self_path, sizeof(self_path) - 1);
   if (n <= 0) {
      fprintf(stderr, "runner: cannot find my own executable\n");
      return 2;
   }
   self_path[n] = 0;

   /* Only the named ICD may answer. */
   if (!opt.icd || !opt.icd[0]) {
      fprintf(stderr, "runner: no ICD json given (--icd)\n");
      return 2;
   }
   if (access(opt.icd, R_OK) != 0) {
      fprintf(stderr, "runner: cannot read ICD json %s\n", opt.icd);
      return 2;
   }
   setenv("VK_DRIVER_FILES", opt.icd, 1);
   setenv("VK_ICD_FILENAMES", opt.icd, 1);
   unsetenv("VK_ADD_DRIVER_FILES");
   setenv("VK_LOADER_LAYERS_DISABLE", "~all~", 1);

   if (opt.log_dir) {
      snprintf(log_dir, sizeof(log_dir), "%s", opt.log_dir);
      mkdir(log_dir, 0755);
   } else {
      snprintf(log_dir, sizeof(log_dir), "/tmp/subgroup-runner.XXXXXX");
      if (!mkdtemp(log_dir)) {
         fprintf(stderr, "runner: mkdtemp failed\n");
         return 2;
      }
      own_log_dir = true;
   }
   /* A shader cache of our own per run: nothing stale from other builds, and
    * the widths of one run still share it, as any user's runs would.
    */
   char cache_dir[600];
   snprintf(cache_dir, sizeof(cache_dir), "%s/shader-cache", log_dir);
   setenv("MESA_SHADER_CACHE_DIR", cache_dir, 1);

   if (opt.isa_dir)
      mkdir(opt.isa_dir, 0755);
   if (opt.expectations && !opt.self_check)
      load_list(opt.expectations, "expectations", false, &expects, &num_expects);
   if (opt.skips)
      load_list(opt.skips, "allowed skips", true, &skips, &num_skips);
   if (opt.csv)
      report_open_csv(opt.csv);

   if (opt.demo) {
      const unsigned width = opt.num_widths == 3 ? 256 : opt.widths[0];
      run_batch(width, width / 32, NULL, false);
      drop_own_log_dir(false);
      return refused ? EXIT_REFUSED : 0;
   }

   printf("subgroup-runner: ICD %s, %s", opt.icd,
          opt.num_sizes ? "requiredSubgroupSize" : "widths");
   if (opt.num_sizes) {
      for (unsigned i = 0; i < opt.num_sizes; i++)
         printf(" %u", opt.sizes[i]);
   } else {
      for (unsigned w = 0; w < opt.num_widths; w++)
         printf(" %u", opt.widths[w]);
   }
   printf("%s\n", opt.self_check ? " (self-check: reference perturbed)" : "");
   fflush(stdout);

   supervise_run();
   report_close_csv();
   if (refused) {
      printf("refused: the device is not the patched lavapipe; nothing was run\n");
      drop_own_log_dir(false);
      return EXIT_REFUSED;
   }
   print_summary();
   const bool failed = report_failures() != 0;
   drop_own_log_dir(failed);
   return failed ? 1 : 0;
}
