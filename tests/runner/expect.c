/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 *
 * Reading the expectations and allowed-skips lists, and looking a case up
 * in them.  The one reader of the allowed-skips format: ci/test.sh asks
 * this one too (--allowed-skip), so the rules cannot drift apart.
 */

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "expect.h"

struct expectation *expects;
unsigned num_expects;
struct expectation *skips;
unsigned num_skips;

/* A machine condition of the allowed-skips list (see
 * tests/expectations/lavapipe-skips.txt): cpu-lacks:FLAG (a flag missing
 * from /proc/cpuinfo), no-file:PATH, or env:VAR=VALUE (the variable set to
 * exactly that value: the device a drm-shim fakes, as the compile-only
 * sweeps pick it).  Unknown conditions never hold.
 */
static bool
cpu_has_flag(const char *flag)
{
   FILE *f = fopen("/proc/cpuinfo", "r");
   if (!f)
      return false;
   char line[8192];
   bool found = false;
   while (!found && fgets(line, sizeof(line), f)) {
      if (strncmp(line, "flags", 5))
         continue;
      for (char *save, *tok = strtok_r(strchr(line, ':') ? strchr(line, ':') + 1 : line,
                                       " \t\n", &save);
           tok; tok = strtok_r(NULL, " \t\n", &save))
         found |= !strcmp(tok, flag);
      break;
   }
   fclose(f);
   return found;
}

static bool
condition_holds(const char *cond)
{
   if (!strncmp(cond, "cpu-lacks:", 10))
      return !cpu_has_flag(cond + 10);
   if (!strncmp(cond, "no-file:", 8))
      return access(cond + 8, F_OK) != 0;
   if (!strncmp(cond, "env:", 4)) {
      const char *eq = strchr(cond + 4, '=');
      if (!eq || eq == cond + 4)
         return false;
      char var[128];
      snprintf(var, sizeof(var), "%.*s", (int)(eq - (cond + 4)), cond + 4);
      const char *val = getenv(var);
      return val && !strcmp(val, eq + 1);
   }
   return false;
}

/* Reads a list of the expectations format: per line a glob, then (with
 * `conditions`, the allowed skips) any number of when:CONDITION, then the
 * reason; '#' starts a comment.  An entry applies when all its conditions
 * hold on this machine.
 */
void
load_list(const char *path, const char *what, bool conditions, struct expectation **list,
          unsigned *num)
{
   FILE *f = fopen(path, "r");
   if (!f) {
      fprintf(stderr, "runner: cannot read %s %s: %s\n", what, path, strerror(errno));
      exit(2);
   }
   char line[1024];
   while (fgets(line, sizeof(line), f)) {
      char *p = line;
      while (*p == ' ' || *p == '\t')
         p++;
      if (*p == '#' || *p == '\n' || !*p)
         continue;
      p[strcspn(p, "\n")] = 0;
      *list = realloc(*list, (*num + 1) * sizeof(**list));
      struct expectation *e = &(*list)[(*num)++];
      memset(e, 0, sizeof(*e));
      e->applies = true;
      size_t g = strcspn(p, " \t");
      snprintf(e->glob, sizeof(e->glob), "%.*s", (int)g, p);
      p += g;
      for (;;) {
         while (*p == ' ' || *p == '\t')
            p++;
         if (!conditions || strncmp(p, "when:", 5))
            break;
         g = strcspn(p, " \t");
         char cond[256];
         snprintf(cond, sizeof(cond), "%.*s", (int)(g - 5), p + 5);
         e->applies &= condition_holds(cond);
         const size_t len = strlen(e->cond);
         snprintf(e->cond + len, sizeof(e->cond) - len, "%s%s", len ? ", " : "", cond);
         p += g;
      }
      snprintf(e->reason, sizeof(e->reason), "%s", *p ? p : "(no reason given)");
   }
   fclose(f);
}

struct expectation *
find_skip(const char *name)
{
   for (unsigned i = 0; i < num_skips; i++) {
      if (skips[i].applies && fnmatch(skips[i].glob, name, 0) == 0)
         return &skips[i];
   }
   return NULL;
}

struct expectation *
find_expectation(const char *name)
{
   for (unsigned i = 0; i < num_expects; i++) {
      if (fnmatch(expects[i].glob, name, 0) == 0)
         return &expects[i];
   }
   return NULL;
}
