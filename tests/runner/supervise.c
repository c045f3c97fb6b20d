/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 *
 * The parent process, which never touches Vulkan.  For each lane width
 * (and family) it starts a child with LP_NATIVE_VECTOR_WIDTH set, because
 * llvmpipe reads it once per process, reads the child's result lines, and
 * survives its crashes and time-outs: the cases the child did not report
 * count as failed, with the signal named.
 */

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "runner.h"

/* Names the cases a batch should report, to account for a crashed child. */
struct expected_names {
   char (*names)[160];
   unsigned count, cap;
};

static void
collect_name(const struct case_desc *c, void *data)
{
   struct expected_names *en = data;
   if (!case_wanted(c))
      return;
   if (en->count == en->cap) {
      en->cap = en->cap ? en->cap * 2 : 64;
      en->names = realloc(en->names, en->cap * sizeof(*en->names));
   }
   snprintf(en->names[en->count++], 160, "%s", c->name);
}

char self_path[1024];
unsigned run_sizes[8];
char log_dir[512];

/* Runs one child; returns its exit status (as waitpid gives it), or -1. */
static int
spawn_child(unsigned width, const char *family, FILE **out, pid_t *pid_out,
            const char *log_path)
{
   int fds[2];
   if (pipe(fds) != 0)
      return -1;
   pid_t pid = fork();
   if (pid < 0)
      return -1;
   if (pid == 0) {
      close(fds[0]);
      dup2(fds[1], 1);
      close(fds[1]);
      int lf = open(log_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (lf >= 0) {
         dup2(lf, 2);
         close(lf);
      }
      char wbuf[16];
      snprintf(wbuf, sizeof(wbuf), "%u", width);
      if (width)
         setenv("LP_NATIVE_VECTOR_WIDTH", wbuf, 1);
      else
         unsetenv("LP_NATIVE_VECTOR_WIDTH");
      const char *argv[32];
      unsigned n = 0;
      argv[n++] = self_path;
      argv[n++] = "--child";
      argv[n++] = "--width";
      argv[n++] = wbuf;
      argv[n++] = "--filter";
      argv[n++] = opt.filter;
      argv[n++] = "--shader-dir";
      argv[n++] = opt.shader_dir;
      if (family) {
         argv[n++] = "--family";
         argv[n++] = family;
      }
      if (opt.any_driver)
         argv[n++] = "--any-driver";
      if (opt.compile_only)
         argv[n++] = "--compile-only";
      if (opt.no_robust_access)
         argv[n++] = "--no-robust-access";
      if (opt.isa_dir) {
         argv[n++] = "--isa-dir";
         argv[n++] = opt.isa_dir;
      }
      char rbuf[16];
      if (opt.required_size) {
         snprintf(rbuf, sizeof(rbuf), "%u", opt.required_size);
         argv[n++] = "--required-subgroup-size";
         argv[n++] = rbuf;
      }
      char sbuf[64] = "";
      if (opt.num_sizes) {
         for (unsigned i = 0; i < opt.num_sizes; i++)
            snprintf(sbuf + strlen(sbuf), sizeof(sbuf) - strlen(sbuf), "%s%u", i ? "," : "",
                     opt.sizes[i]);
         argv[n++] = "--sizes";
         argv[n++] = sbuf;
      }
      char pbuf[16];
      if (opt.sample > 1) {
         snprintf(pbuf, sizeof(pbuf), "%u", opt.sample);
         argv[n++] = "--sample";
         argv[n++] = pbuf;
      }
      /* The child picks the sample alike: with --pool-sizes, over the
       * sizes of the whole run, not only its own width's.
       */
      char wlist[64] = "";
      if (opt.pool_sizes) {
         argv[n++] = "--pool-sizes";
         if (!opt.num_sizes) {
            for (unsigned i = 0; i < opt.num_widths; i++)
               snprintf(wlist + strlen(wlist), sizeof(wlist) - strlen(wlist), "%s%u",
                        i ? "," : "", opt.widths[i]);
            argv[n++] = "--widths";
            argv[n++] = wlist;
         }
      }
      if (opt.coarse_strata)
         argv[n++] = "--coarse-strata";
      if (opt.self_check)
         argv[n++] = "--self-check";
      if (cases_written_out)
         argv[n++] = "--written-out";
      if (opt.demo)
         argv[n++] = "--demo";
      argv[n] = NULL;
      execv(self_path, (char *const *)argv);
      _exit(127);
   }
   close(fds[1]);
   *out = fdopen(fds[0], "r");
   *pid_out = pid;
   return 0;
}

bool refused;

static void
describe_status(int status, bool timed_out, char *buf, size_t size)
{
   if (timed_out)
      snprintf(buf, size, "child reported nothing for %u s and was killed", opt.timeout_s);
   else if (WIFSIGNALED(status))
      snprintf(buf, size, "child crashed with signal %d (%s)", WTERMSIG(status),
               strsignal(WTERMSIG(status)));
   else if (WIFEXITED(status))
      snprintf(buf, size, "child exited with status %d before reporting", WEXITSTATUS(status));
   else
      snprintf(buf, size, "child ended before reporting");
}

/* Families whose cases each run in a child of their own, because the
 * driver is known to abort on them: one abort then fails one case only.
 */
static const char *const isolated_families[] = { "intel_block", NULL };
/* Isolated on other drivers only (--any-driver): stock lavapipe fails these
 * shaders ("Unimplemented SPIR-V capability"); ours runs them in one batch
 * per width (a crash would still fail the batch's unreported cases).
 */
static const char *const isolated_foreign_families[] = { "intel_image_block", NULL };
static unsigned isolate_index; /* > 0: the batch is case number N of its family */

static bool
family_isolated(const char *family)
{
   for (const char *const *f = isolated_families; family && *f; f++) {
      if (!strcmp(*f, family))
         return true;
   }
   for (const char *const *f = isolated_foreign_families; family && opt.any_driver && *f; f++) {
      if (!strcmp(*f, family))
         return true;
   }
   return false;
}

/* Runs the cases of `family` (NULL: all) at one width, expecting subgroup
 * size `size`.  probe: run no case, only learn the size the child reports
 * (returned; 0 when it reported none).  The demo accounts for no cases.
 */
unsigned
run_batch(unsigned width, unsigned size, const char *family, bool probe)
{
   struct expected_names en = { 0 };
   if (!opt.demo && !probe) {
      if (opt.num_sizes) {
         for (unsigned i = 0; i < opt.num_sizes; i++)
            cases_enumerate(opt.sizes[i], family, collect_name, &en);
      } else {
         cases_enumerate(size, family, collect_name, &en);
      }
      if (!en.count)
         return size;
   }
   bool *reported = calloc(en.count + 1, sizeof(bool));

   char log_path[1024];
   if (isolate_index)
      snprintf(log_path, sizeof(log_path), "%s/child-%u-%s-%u.log", log_dir, width,
               family ? family : "all", isolate_index);
   else
      snprintf(log_path, sizeof(log_path), "%s/child-%u-%s.log", log_dir, width,
               family ? family : "all");
   FILE *out;
   pid_t pid;
   const char *filter = opt.filter;
   if (probe)
      opt.filter = "-probe-";  /* matches no case name */
   const int spawned = spawn_child(width, family, &out, &pid, log_path);
   opt.filter = filter;
   if (spawned != 0) {
      fprintf(stderr, "runner: cannot start a child: %s\n", strerror(errno));
      exit(2);
   }

   /* A child that reports no case for timeout_s seconds is hung: the
    * deadline moves with each case, so a long batch on a slow compiler
    * (a whole family at 64 lanes) is not killed for its length.
    */
   time_t deadline = time(NULL) + opt.timeout_s;
   bool timed_out = false;
   char line[8192];
   char batch_fail[1024] = "";
   unsigned child_size = 0;
   const int fd = fileno(out);
   char buf[8192];
   size_t have = 0;
   for (;;) {
      const time_t now = time(NULL);
      if (now >= deadline) {
         timed_out = true;
         kill(pid, SIGKILL);
         break;
      }
      struct pollfd p = { .fd = fd, .events = POLLIN };
      int pr = poll(&p, 1, (int)(deadline - now) * 1000);
      if (pr <= 0)
         continue;
      ssize_t n = read(fd, buf + have, sizeof(buf) - have - 1);
      if (n <= 0)
         break;
      have += (size_t)n;
      buf[have] = 0;
      char *start = buf, *nl;
      while ((nl = strchr(start, '\n'))) {
         *nl = 0;
         snprintf(line, sizeof(line), "%s", start);
         start = nl + 1;
         if (!strncmp(line, "CASE ", 5)) {
            char name[160], status[16];
            int off = 0;
            if (sscanf(line + 5, "%159s %15s %n", name, status, &off) >= 2) {
               enum case_status cs = !strcmp(status, "pass") ? ST_PASS
                                   : !strcmp(status, "skip") ? ST_SKIP : ST_FAIL;
               const char *fam = family;
               char famb[16] = "";
               if (!fam) {
                  sscanf(name, "subgroup.%15[^.]", famb);
                  fam = famb;
               }
               add_record(name, fam, child_size ? child_size : size, cs, line + 5 + off);
               deadline = time(NULL) + opt.timeout_s;
               for (unsigned i = 0; i < en.count; i++) {
                  if (!strcmp(en.names[i], name))
                     reported[i] = true;
               }
            }
         } else if (!strncmp(line, "SIZE ", 5)) {
            child_size = (unsigned)atoi(line + 5);
         } else if (!strncmp(line, "DEVICE ", 7)) {
            static unsigned last_width;
            if (last_width != width)
               fprintf(stderr, "runner: width %u: %s\n", width, line + 7);
            last_width = width;
         } else if (!strncmp(line, "REFUSE ", 7)) {
            fprintf(stderr, "runner: refusing to run: %s\n", line + 7);
            refused = true;
         } else if (!strncmp(line, "BATCHFAIL ", 10)) {
            snprintf(batch_fail, sizeof(batch_fail), "%.1000s", line + 10);
         } else if (opt.demo) {
            printf("%s\n", line);
         }
      }
      have = strlen(start);
      memmove(buf, start, have + 1);
   }
   fclose(out);
   int status = 0;
   waitpid(pid, &status, 0);
   if (refused) {
      free(reported);
      free(en.names);
      return 0;
   }

   char why[1200];
   if (batch_fail[0])
      snprintf(why, sizeof(why), "%s", batch_fail);
   else
      describe_status(status, timed_out, why, sizeof(why));
   unsigned missing = 0;
   for (unsigned i = 0; i < en.count; i++) {
      if (!reported[i]) {
         add_record(en.names[i], family ? family : "?", size, ST_FAIL, why);
         missing++;
      }
   }
   if (missing || (!WIFEXITED(status) || WEXITSTATUS(status) != 0)) {
      if (!opt.demo || missing)
         fprintf(stderr, "runner: width %u family %s: %s; %u cases unreported (log: %s)\n",
                 width, family ? family : "all", why, missing, log_path);
   }
   if (probe && (!child_size || !WIFEXITED(status) || WEXITSTATUS(status) != 0)) {
      char name[64];
      snprintf(name, sizeof(name), "subgroup.probe.width%u", width);
      add_record(name, "probe", size, ST_FAIL, why);
      child_size = 0;
   }
   free(reported);
   free(en.names);
   return child_size;
}

void
supervise_run(void)
{
   /* One child per family runs every size, at the default width. */
   for (const char *const *f = case_families; opt.num_sizes && *f && !refused; f++) {
      if (!opt.family || !strcmp(opt.family, *f))
         run_batch(0, 0, *f, false);
      fflush(stdout);
   }

   for (unsigned w = 0; w < opt.num_widths && !opt.num_sizes && !refused; w++) {
      unsigned size = opt.widths[w] / 32;
      if (opt.any_driver) {
         /* Another driver may map widths to sizes differently (or ignore
          * LP_NATIVE_VECTOR_WIDTH): ask a child, name the cases by what it
          * reports, and run each size once.
          */
         size = run_batch(opt.widths[w], size, NULL, true);
         if (!size)
            continue;
         bool seen = false;
         for (unsigned v = 0; v < w; v++)
            seen |= run_sizes[v] == size;
         if (seen) {
            printf("width %u: subgroup size %u again; not run twice\n", opt.widths[w], size);
            continue;
         }
      }
      run_sizes[w] = size;
      for (const char *const *f = case_families; *f && !refused; f++) {
         if (opt.family && strcmp(opt.family, *f))
            continue;
         if (family_isolated(*f)) {
            struct expected_names en = { 0 };
            cases_enumerate(size, *f, collect_name, &en);
            const char *filter = opt.filter;
            for (unsigned i = 0; i < en.count && !refused; i++) {
               opt.filter = en.names[i];
               isolate_index = i + 1;
               run_batch(opt.widths[w], size, *f, false);
            }
            opt.filter = filter;
            isolate_index = 0;
            free(en.names);
         } else {
            run_batch(opt.widths[w], size, *f, false);
         }
         fflush(stdout);
      }
   }
}
