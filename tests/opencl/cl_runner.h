/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 *
 * What the files of cl-runner share (cl_runner.c says what it does):
 *
 *   cl_runner.c        main: the options, the order of the programs and
 *                      the families, the summary
 *   cl_device.c        the platform and device (or the refusal), the
 *                      extensions the device lists and must list
 *   cl_build.c         the programs: reading, building with the build
 *                      options, --compile-only and --program
 *   cl_report.c        --filter, --expectations, the per-case lines and
 *                      the last line
 *   cl_check.c         launches, the subgroups a launch reports, what the
 *                      specification promises of them, and what every
 *                      reference check needs
 *   cl_khr.c           the cl_khr_subgroup_* cases (subgroups.cl), the
 *                      map of work-items to subgroups (cl.sg_map.*) and the
 *                      Workgroup-scope rotate (rotate_workgroup.spv)
 *   cl_extended.c      cl.extended.* (extended_types.cl)
 *   cl_intel_shuffle.c cl.intel_shuffle.* and cl.intel_spirv.shuffle.*
 *   cl_intel_block.c   cl.intel_block.*, cl.intel_local_block.*,
 *                      cl.intel_image_block.* and cl.intel_spirv.block.*
 *   cl_reqd_size.c     cl.reqd_size.* (cl_intel_required_subgroup_size)
 */

#ifndef CL_RUNNER_H
#define CL_RUNNER_H

#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "reference.h"

#define MAX_WG 64
#define NUM_WG 2
#define N (MAX_WG * NUM_WG)
#define OUT_WORDS 8
#define UNSET 0xdeadbeefu

/* --- cl_device.c ------------------------------------------------------- */

extern cl_context ctx;
extern cl_command_queue queue;
extern cl_device_id dev;

/* --any-platform given; the device is our rusticl (this build's mark). */
extern bool any_platform, ours;

const char *pick_device(void);
bool has_word(const char *list, const char *name);
void print_device(void);
void check_extensions(const char *exts);

/* --- cl_report.c ------------------------------------------------------- */

/* A check's verdict for a case that compared nothing but may: a result
 * beginning with SKIP is reported as a skip with the rest as the reason.
 */
#define SKIP "skip: "

/* --filter GLOB: only the cases whose names match run and are reported. */
extern const char *filter;

bool read_expectations(const char *path, bool flaky);
bool case_wanted(const char *name);
void report(const char *name, const char *failure);
void print_expectations(void);
int print_summary(void);

/* Runs a case's check (an expression giving its failure or NULL) only when
 * the case is wanted, and reports it.
 */
#define CASE(name, check)                                                                    \
   do {                                                                                      \
      if (case_wanted(name))                                                                 \
         report(name, check);                                                                \
   } while (0)

/* --- cl_check.c -------------------------------------------------------- */

/* One launch: global N' = NUM_WG * local, buffers in order, then scalar
 * uint arguments.  Reads back the buffers marked in `readback`.
 */
struct arg {
   uint32_t *data; /* buffer of `words` words, or NULL for a scalar */
   size_t words;
   uint32_t value;
   bool readback;
   cl_mem mem;     /* or a memory object of the caller's (an image) */
};
#define IN(buf) {buf, N, 0, false, NULL}
#define IN_WORDS(buf, words) {buf, words, 0, false, NULL}
#define OUT(buf, words) {buf, words, 0, true, NULL}
#define VAL(v) {NULL, 0, v, false, NULL}
#define MEM(m) {NULL, 0, 0, false, m}

const char *launch(cl_program prog, const char *kernel, unsigned local, struct arg *args,
                   unsigned nargs);

/* The subgroups of one launch as the device reports them (where[]). */
struct sg_map {
   struct ref_subgroup sg;
   unsigned gid[REF_MAX_LANES];
};
extern struct sg_map sgs[N];
extern unsigned num_sgs;

/* The device's subgroup size (CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE of
 * subgroups.cl's sizes() at 64 work-items, main()).
 */
extern unsigned max_lanes;

/* The message of the last failure fail() formatted. */
extern char msg[512];

const char *fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
const char *nothing_checked(unsigned checked, unsigned active, const char *why);
/* The map's checks (cl_check.c says what each rests on): map_build() reads
 * where[] into sgs[]; map_sizes(), map_invariant() are the specification's
 * promises, map_contiguous() rusticl on llvmpipe's map; map_subgroups() is
 * map_build() and the promises, what every reference check runs on.
 */
const char *map_build(const uint32_t *where, const uint32_t *pred, unsigned local, unsigned max);
const char *map_sizes(unsigned local, unsigned max);
const char *map_invariant(const uint32_t *where, unsigned local);
const char *map_contiguous(const uint32_t *where, unsigned local, unsigned max);
const char *map_subgroups(const uint32_t *where, const uint32_t *pred, unsigned local,
                          unsigned max);
void fill(uint32_t *a, size_t n, uint32_t seed, uint32_t mod);
void set_all(uint32_t *a, size_t n, uint32_t v);
void prepare(uint32_t *pred, bool divergent, uint32_t seed, uint32_t *out, size_t out_words,
             uint32_t *where);
const char *hex_bytes(const uint8_t *p, unsigned n, char *buf, size_t size);

/* --- cl_build.c -------------------------------------------------------- */

/* The parts of intel_subgroups.cl, one program each (-D<define>). */
enum { INTEL_SHUFFLES, INTEL_BUFFER_BLOCK, INTEL_LOCAL_BLOCK, INTEL_IMAGE_BLOCK, INTEL_PARTS };

char *read_file(const char *path, size_t *size);
void set_sub_group_size(unsigned reqd);
void set_intel_cl_std(const char *std);
cl_program build(const char *what, cl_program prog, cl_int err);
int compile_program_file(const char *program, bool compile_only);
cl_program build_extended_types(void);
cl_program build_rotate_workgroup(const unsigned char *spv, size_t size, bool il_only);
cl_program build_intel_spirv(void);
void build_intel_subgroups(cl_program intel[INTEL_PARTS]);
void compile_all(cl_program prog, cl_program ext_prog, cl_program il, cl_program intel_il,
                 const cl_program intel[INTEL_PARTS]);

/* --- the families ------------------------------------------------------ */

/* cl_khr.c */
const char *check_sizes_of(cl_program prog, const char *kernel, unsigned local, unsigned max);
void run_khr(cl_program prog, unsigned local, const char *tag);
void run_rotate_workgroup(cl_program il, unsigned local, const char *tag);

/* cl_extended.c */
void extended_types_offered(const char *exts);
void run_extended_types(cl_program prog, unsigned local, const char *tag);

/* cl_intel_shuffle.c */
void run_intel_shuffles(cl_program prog, unsigned local, const char *tag);
void run_intel_shuffle(cl_program prog, const char *family, unsigned local, bool divergent,
                       unsigned ti, unsigned variant, const char *tag);

/* cl_intel_block.c */
void query_image_formats(void);
void run_intel(cl_program *progs, unsigned local, const char *tag);
void run_intel_spirv(cl_program prog, unsigned local, const char *tag);

/* cl_reqd_size.c */
void run_required_sizes(const char *exts, bool compile_only);

#endif
