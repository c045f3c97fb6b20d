/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 *
 * The parent's record of every case: its result against the expectations
 * and allowed skips, the line printed for it, the CSV row, and the summary
 * at the end.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "expect.h"
#include "runner.h"

enum result { R_PASS, R_FAIL, R_SKIP, R_XFAIL, R_XPASS, R_COUNT };
static const char *const result_names[R_COUNT] = { "pass", "fail", "skip", "xfail",
                                                   "unexpected-pass" };

struct record {
   char name[160];
   char family[32];
   unsigned size;
   enum result result;
   char detail[800];
};
static struct record *records;
static unsigned num_records, cap_records;

static FILE *csv;

void
add_record(const char *name, const char *family, unsigned size, enum case_status st,
           const char *detail)
{
   if (num_records == cap_records) {
      cap_records = cap_records ? cap_records * 2 : 256;
      records = realloc(records, cap_records * sizeof(*records));
   }
   struct record *r = &records[num_records++];
   memset(r, 0, sizeof(*r));
   if (opt.tag)
      snprintf(r->name, sizeof(r->name), "%s.%s", name, opt.tag);
   else
      snprintf(r->name, sizeof(r->name), "%s", name);
   name = r->name;
   snprintf(r->family, sizeof(r->family), "%s", family);
   r->size = size;

   if (opt.self_check) {
      /* The reference was perturbed: a failure is the detection we want. */
      r->result = st == ST_FAIL ? R_PASS : st == ST_SKIP ? R_SKIP : R_FAIL;
      snprintf(r->detail, sizeof(r->detail), "%s",
               st == ST_FAIL ? "perturbation detected"
                             : st == ST_SKIP ? detail
                                             : "perturbed reference still passed");
   } else {
      struct expectation *e = find_expectation(name);
      r->result = st == ST_PASS ? R_PASS : st == ST_SKIP ? R_SKIP : R_FAIL;
      snprintf(r->detail, sizeof(r->detail), "%s", detail);
      /* With --skips, a skip must be listed (for this machine); a listed
       * case that runs is reported, not failed.
       */
      struct expectation *sk = opt.skips ? find_skip(name) : NULL;
      if (st == ST_SKIP && opt.skips) {
         if (sk) {
            sk->hits++;
            snprintf(r->detail, sizeof(r->detail), "allowed: %.300s [%.300s]", sk->reason,
                     detail);
         } else {
            r->result = R_FAIL;
            snprintf(r->detail, sizeof(r->detail),
                     "skipped, and %s does not list it as an allowed skip: %.400s",
                     opt.skips, detail);
         }
      } else if (sk) {
         if (st == ST_PASS)
            sk->ran_pass++;
         else
            sk->ran_fail++;
         printf("note: %s is listed as an allowed skip (%s) but ran: %s\n", name, sk->glob,
                st == ST_PASS ? "passed" : "failed");
      }
      if (e && st != ST_SKIP) {
         e->hits++;
         if (st == ST_FAIL) {
            r->result = R_XFAIL;
            snprintf(r->detail, sizeof(r->detail), "expected failure: %.300s [%.300s]",
                     e->reason, detail);
         } else {
            r->result = R_XPASS;
            snprintf(r->detail, sizeof(r->detail),
                     "listed in the expectations (%s) but passed: remove the entry",
                     e->reason);
         }
      }
   }
   printf("%s: %s%s%s%s\n", r->name, result_names[r->result],
          r->result == R_PASS ? "" : " (", r->result == R_PASS ? "" : r->detail,
          r->result == R_PASS ? "" : ")");
   if (csv) {
      fprintf(csv, "%s,%s,%u,%s,\"", r->name, r->family, r->size, result_names[r->result]);
      for (const char *p = r->detail; *p; p++)
         fputc(*p == '"' ? '\'' : *p, csv);
      fprintf(csv, "\"\n");
   }
}

void
report_open_csv(const char *path)
{
   csv = fopen(path, "w");
   if (csv)
      fprintf(csv, "case,family,size,result,detail\n");
}

void
report_close_csv(void)
{
   if (csv)
      fclose(csv);
   csv = NULL;
}

/* Whether the run checked nothing: no case passed, failed or failed as
 * expected, because the selection was empty or every case was an allowed
 * skip.  A filter that matches nothing, say after a rename, must not pass
 * as a green run.  A self-check's result says so of itself.
 */
static bool
checked_nothing(void)
{
   if (opt.self_check)
      return false;
   for (unsigned i = 0; i < num_records; i++) {
      if (records[i].result != R_SKIP)
         return false;
   }
   return true;
}

void
print_summary(void)
{
   printf("\n%-17s %-5s %6s %6s %6s %6s %6s %8s\n", "family", "size", "cases", "pass",
          "fail", "xfail", "skip", "unexp.p");
   unsigned tot[R_COUNT] = { 0 };
   const unsigned *sizes = opt.num_sizes ? opt.sizes : run_sizes;
   const unsigned num_sizes = opt.num_sizes ? opt.num_sizes : opt.num_widths;
   for (const char *const *f = case_families; *f; f++) {
      for (unsigned w = 0; w < num_sizes; w++) {
         const unsigned size = sizes[w];
         unsigned n[R_COUNT] = { 0 }, cases = 0;
         for (unsigned i = 0; i < num_records; i++) {
            if (!size || strcmp(records[i].family, *f) || records[i].size != size)
               continue;
            n[records[i].result]++;
            cases++;
         }
         if (!cases)
            continue;
         printf("%-17s %-5u %6u %6u %6u %6u %6u %8u\n", *f, size, cases,
                n[R_PASS], n[R_FAIL], n[R_XFAIL], n[R_SKIP], n[R_XPASS]);
      }
   }
   for (unsigned i = 0; i < num_records; i++)
      tot[records[i].result]++;
   for (unsigned i = 0; i < num_expects; i++) {
      if (!expects[i].hits && !opt.self_check)
         printf("note: expectation '%s' matched no case that ran\n", expects[i].glob);
   }
   for (unsigned i = 0; i < num_skips; i++) {
      if (skips[i].ran_pass || skips[i].ran_fail)
         printf("note: allowed skip '%s'%s%s%s: %u listed cases ran instead (%u passed, %u "
                "failed); the entry may no longer be needed\n", skips[i].glob,
                skips[i].cond[0] ? " (when " : "", skips[i].cond,
                skips[i].cond[0] ? ")" : "", skips[i].ran_pass + skips[i].ran_fail,
                skips[i].ran_pass, skips[i].ran_fail);
   }
   if (opt.self_check)
      printf("\nself-check: %u of %u cases detected the perturbed reference\n", tot[R_PASS],
             tot[R_PASS] + tot[R_FAIL]);
   if (opt.sample > 1)
      printf("\nsample: 1 in %u of the selected cases, and one at least of each of its %u "
             "strata (sample.c)\n", opt.sample, sample_strata());
   if (opt.compile_only)
      printf("\ncompile-only: a pass means the driver created the case's pipeline; "
             "nothing ran, no result was checked\n");
   const bool nothing = checked_nothing();
   if (nothing && num_records)
      printf("\nrunner: FAIL (the run checked nothing: %u case%s selected, all skipped)\n",
             num_records, num_records == 1 ? "" : "s");
   else if (nothing)
      printf("\nrunner: FAIL (the run checked nothing: no case selected)\n");
   /* the empty run counts as one failure, so that tallies see it */
   printf("\n%u passed, %u failed, %u skipped\n", tot[R_PASS],
          tot[R_FAIL] + tot[R_XPASS] + nothing, tot[R_SKIP] + tot[R_XFAIL]);
}

unsigned
report_failures(void)
{
   unsigned failed = checked_nothing();
   for (unsigned i = 0; i < num_records; i++)
      failed += records[i].result == R_FAIL || records[i].result == R_XPASS;
   return failed;
}
