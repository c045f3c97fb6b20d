/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 *
 * The expectations (expected failures) and allowed-skips lists of
 * tests/expectations/: per line a glob, then (allowed skips only) any number
 * of when:CONDITION, then the reason.
 */

#ifndef EXPECT_H
#define EXPECT_H

#include <stdbool.h>

struct expectation {
   char glob[256];
   char reason[512];
   unsigned hits;
   /* Allowed skips only: whether the entry's machine conditions hold here,
    * and how many listed cases ran (passed / failed) instead of skipping.
    */
   bool applies;
   char cond[256];
   unsigned ran_pass, ran_fail;
};

extern struct expectation *expects;
extern unsigned num_expects;
extern struct expectation *skips;
extern unsigned num_skips;

/* Appends the entries of the list at `path` to *list; `conditions`: the
 * allowed-skips format.  An unreadable list ends the program (status 2).
 */
void load_list(const char *path, const char *what, bool conditions, struct expectation **list,
               unsigned *num);
/* The first allowed skip whose conditions hold here and whose glob matches
 * `name`, or NULL.
 */
struct expectation *find_skip(const char *name);
/* The first expectation whose glob matches `name`, or NULL. */
struct expectation *find_expectation(const char *name);

#endif
