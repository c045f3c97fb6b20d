/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 *
 * What the files of subgroup-runner share: the options, the case statuses
 * and the functions one file calls in another.
 *
 *   main.c       options, main
 *   sample.c     which cases a run takes (--filter, --sizes, --sample)
 *   expect.c     the expectations and allowed-skips lists (expect.h)
 *   report.c     per-case records, the CSV, the summary
 *   supervise.c  the parent: child processes, time-outs, crashes
 *   child.c      the child: runs cases on the device
 *   demo.c       --demo's per-lane tables
 */

#ifndef RUNNER_H
#define RUNNER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cases.h"
#include "vkh.h"

#ifndef RUNNER_SHADER_DIR
#define RUNNER_SHADER_DIR "."
#endif
#ifndef RUNNER_ICD_JSON
#define RUNNER_ICD_JSON ""
#endif

#define EXIT_REFUSED 3

struct options {
   unsigned widths[8];
   unsigned num_widths;
   const char *filter;
   const char *family;
   const char *icd;
   const char *shader_dir;
   const char *expectations;
   const char *skips;
   const char *csv;
   const char *log_dir;
   const char *tag;
   unsigned timeout_s;
   bool any_driver;
   bool compile_only;
   /* --no-robust-access: the device without robustBufferAccess */
   bool no_robust_access;
   const char *isa_dir;
   unsigned required_size;
   /* --sizes: compute and fragment pipelines at these requiredSubgroupSize values, all in
    * one child per family at the driver's default width
    */
   unsigned sizes[8];
   unsigned num_sizes;
   /* --sample N: a fixed 1/N of the cases (CI's sample of a long sweep) */
   unsigned sample;
   /* --pool-sizes: the sample's strata take each combination at one size of
    * the run, not at each (sample.c)
    */
   bool pool_sizes;
   /* --coarse-strata: a stratum is a (family, operation) only (sample.c) */
   bool coarse_strata;
   /* --allowed-skip NAME: only look NAME up in --skips' list */
   const char *allowed_skip;
   bool self_check;
   bool demo;
   bool list;
   /* child */
   bool child;
   unsigned width;
};

extern struct options opt;

/* A case's outcome as the child reports it. */
enum case_status { ST_PASS, ST_FAIL, ST_SKIP };

/* sample.c */
uint32_t hash_str(const char *s);
/* Whether a case runs: it matches the filter (and --sizes' stages) and is
 * in the sample.
 */
bool case_wanted(const struct case_desc *c);
/* With --sample: how many strata the selection's cases fall in, each of
 * which the sample takes a case of.
 */
unsigned sample_strata(void);
/* fn on every case of the run's family (--family, else all) at each size
 * of the run: its --sizes, or the lane counts of its --widths.
 */
void enumerate_run_sizes(case_fn fn);

/* report.c */
void add_record(const char *name, const char *family, unsigned size, enum case_status st,
                const char *detail);
/* Opens --csv's file and writes its header (no file: no CSV). */
void report_open_csv(const char *path);
void report_close_csv(void);
void print_summary(void);
/* Records that failed, or passed against an expected failure; a run that
 * checked nothing counts one.
 */
unsigned report_failures(void);

/* supervise.c */
extern char self_path[1024];
extern char log_dir[512];
/* The subgroup size each width ran at (0: not run). */
extern unsigned run_sizes[8];
/* A child refused the device: nothing more is run. */
extern bool refused;
unsigned run_batch(unsigned width, unsigned size, const char *family, bool probe);
/* Every batch of a run that is no demo: per family at the --sizes, or per
 * width and family.
 */
void supervise_run(void);

/* child.c: the state of the child process, which the demo shares. */
struct child_state {
   struct vkh h;
   unsigned size;
   struct case_io io;
   struct lane_map lm;
   uint32_t color[MAX_INVOCATIONS * 4]; /* the fragment cases' color attachment */
   bool demo_done[8];
};

/* Runs one case on the child's device; `why` says what was checked, what
 * differed or why the case was skipped.
 */
enum case_status run_case(struct child_state *st, const struct case_desc *c,
                          struct check *chk, char *why, size_t why_size);
int child_main(void);

/* demo.c: the demo's cases on the child's device. */
void demo_run(struct child_state *st);

#endif
