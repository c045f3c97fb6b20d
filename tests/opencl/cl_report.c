/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 *
 * cl-runner's verdicts: --filter, --expectations (a case-name glob, then
 * the sentence the platform breaks), --flakes (the same format, for cases
 * whose outcome varies between machines), the line of each case and the
 * last line.
 */

#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cl_runner.h"

/* xfailed: the xfails, counted among the skips too; so are the flakes. */
static unsigned passed, failed, skipped, xfailed;

/* --expectations and --flakes: case-name globs and the spec sentence each
 * breaks; a flaky entry's case may pass or fail.
 */
struct expectation {
   char glob[160];
   char reason[400];
   const char *path;
   bool flaky;
   unsigned hits;
};
static struct expectation *expects;
static unsigned num_expects;

bool
read_expectations(const char *path, bool flaky)
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
      e.path = path;
      e.flaky = flaky;
      expects = realloc(expects, (num_expects + 1) * sizeof(*expects));
      expects[num_expects++] = e;
   }
   fclose(f);
   return true;
}

/* --filter GLOB: only the cases whose names match run and are reported. */
const char *filter;

bool
case_wanted(const char *name)
{
   return !filter || !fnmatch(filter, name, 0);
}

void
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
   } else if (e && e->flaky) {
      /* Either outcome is expected: it is reported, and counts as neither. */
      e->hits++;
      printf("%s: flaky (%s; listed in %s: %s)%s%s%s\n", name, failure ? "failed" : "passed",
             e->path, e->reason, failure ? " [" : "", failure ? failure : "", failure ? "]" : "");
      skipped++;
   } else if (failure && e) {
      e->hits++;
      printf("%s: xfail (%s) [%s]\n", name, e->reason, failure);
      skipped++;
      xfailed++;
   } else if (failure) {
      printf("%s: FAIL %s\n", name, failure);
      failed++;
   } else if (e) {
      e->hits++;
      printf("%s: FAIL unexpected pass: listed in %s (%s) but passed; remove the entry\n",
             name, e->path, e->glob);
      failed++;
   } else {
      printf("%s: pass\n", name);
      passed++;
   }
}

/* How many cases each --expectations entry matched. */
void
print_expectations(void)
{
   for (unsigned i = 0; i < num_expects; i++)
      printf("%s %s: %u case%s (%s)\n", expects[i].flaky ? "flake" : "expectation",
             expects[i].glob, expects[i].hits,
             expects[i].hits == 1 ? "" : "s", expects[i].reason);
}

/* The last line, and the exit status: 1 when something failed.  A run that
 * checked nothing fails: no case passed, failed or xfailed, because the
 * selection (--filter) matched none or every case it chose skipped.
 */
int
print_summary(void)
{
   if (!passed && !failed && !xfailed) {
      printf("cl-runner: FAIL (the run checked nothing: %u case%s selected, all skipped)\n",
             skipped, skipped == 1 ? "" : "s");
      printf("0 passed, 1 failed, %u skipped\n", skipped);
      return 1;
   }
   printf("%u passed, %u failed, %u skipped\n", passed, failed, skipped);
   return failed ? 1 : 0;
}
