/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 */

#ifndef CASES_H
#define CASES_H

#include <stdbool.h>
#include <stdint.h>

#include "reference.h"

#define MAX_INVOCATIONS 256
#define SRC_WORDS 16
#define DST_WORDS 8
#define DST_SENTINEL 0xcdcdcdcdu
#define IMAGE_MAX_BYTES (48 * 1024)

/* Active-lane patterns.  ctl[] bits (see gen_spvasm.py): 0 = take the outer
 * branch, 1 = return early, 2 = inside the outer branch skip the inner one
 * (the operation sits in the inner one); the operation runs where ctl == 1.
 */
enum pattern {
   PATTERN_ALL,        /* every invocation runs the operation */
   PATTERN_DIVERGENT,  /* a random subset branches in, some exit early */
   PATTERN_ONE,        /* exactly one invocation per subgroup runs it */
   PATTERN_PARTIAL,    /* 61 invocations (125 at 64 lanes): the last subgroup is
                          partial; all run it */
   PATTERN_NESTED,     /* outer and inner branch each divergent; op in the inner */
   PATTERN_COUNT,
};
#define PARTIAL_WORKGROUP_SIZE 61
#define PATTERNS_BASIC ((1u << PATTERN_ALL) | (1u << PATTERN_DIVERGENT))
#define PATTERNS_EVERY ((1u << PATTERN_COUNT) - 1)
extern const char *const pattern_names[PATTERN_COUNT];

/* What one case execution sees, filled by the runner. */
struct case_io {
   unsigned workgroup_size;
   uint32_t ctl[MAX_INVOCATIONS];
   uint32_t src[MAX_INVOCATIONS * SRC_WORDS];
   uint32_t dst[MAX_INVOCATIONS * DST_WORDS];
   uint32_t meta[MAX_INVOCATIONS * 2];
   uint32_t push[4];
   uint32_t spec[4][2];  /* id, value */
   unsigned num_spec;
   /* The storage image at binding 4 (intel_image_block): a VkFormat, 0 for
    * none; rows of image_width texels, image_height rows a slice, then the
    * next slice (image_slices layers of a 2D array or slices of a 3D image
    * where image_dim says so).  image[] is read before the dispatch and
    * holds the result after it; image_in[] keeps what it was.
    */
   uint32_t image_format;
   unsigned image_width, image_height, image_texel_bytes;
   unsigned image_dim, image_slices; /* enum vkh_image_dim; 0 slices is 1 */
   uint8_t image[IMAGE_MAX_BYTES];
   uint8_t image_in[IMAGE_MAX_BYTES];
};

/* One invocation's place in its subgroup, derived from meta[]. */
struct lane_map {
   unsigned num_subgroups;
   int inv[MAX_INVOCATIONS][REF_MAX_LANES]; /* [subgroup][lane] -> invocation or -1 */
   struct ref_subgroup sg[MAX_INVOCATIONS];
};

struct check;
struct case_desc;

/* Enumerates the cases of family `ext` (NULL: all) for one subgroup size. */
typedef void (*case_fn)(const struct case_desc *c, void *data);

typedef void (*case_gen_fn)(const struct case_desc *c, unsigned size,
                            struct case_io *io, uint32_t seed);
typedef void (*case_check_fn)(const struct case_desc *c, const struct case_io *io,
                              const struct lane_map *lm, unsigned subgroup,
                              struct check *chk);

/* The stage the operation runs in (see gen_spvasm.py's graphics_header). */
enum case_stage { STAGE_COMPUTE, STAGE_VERTEX, STAGE_FRAGMENT };
/* The fragment stage shades an FB_WIDTH x (workgroup size / FB_WIDTH) area. */
#define FB_WIDTH 8

/* The vertex and fragment stages, with the patterns their cases take: those
 * that do not assume how invocations fill subgroups ("one" needs compute's
 * order; the fragment stage shades a full area, so it has no "partial").
 */
struct gfx_stage {
   enum case_stage stage;
   const char *name;
   unsigned patterns;
};
extern const struct gfx_stage gfx_stages[2];

struct case_desc {
   char name[160];          /* full case name */
   const char *ext;         /* family: rotate, intel, ballot, nonsemantic, partitioned, intel_block */
   const char *shader;      /* tests/shaders name */
   const char *needs_ext;   /* device extension the case needs, or NULL */
   uint32_t needs_features; /* VKH_FEAT_* bits (vkh.h) the case needs */
   /* Image block IO on a converting format: only a driver that reads and
    * writes texels raw (lavapipe: gallivm's ACCESS_RAW_TEXELS) accepts it;
    * Vulkan has no query for that, so the runner skips it on other drivers.
    */
   bool needs_raw_texels;
   /* The src word 0 bits with which the fragment shader demotes or
    * terminates an invocation (helper_lanes_*fragment): its color and
    * stores have no effect.  0 for the others.
    */
   uint32_t demotes;
   case_gen_fn gen;
   case_check_fn check;
   enum pattern pattern;
   enum case_stage stage;
   uint32_t param[6];       /* case-specific (delta, cluster, index, ...) */
};

/* Comparison state: the expected value of every word the spec defines. */
struct check {
   unsigned cared;          /* words compared */
   unsigned failures;
   bool perturb;            /* --self-check: corrupt every expected value */
   char first[512];         /* first mismatch, for the report */
   /* Word 0's expected value per invocation, for the demo's tables. */
   bool has_expected[MAX_INVOCATIONS];
   uint32_t expected[MAX_INVOCATIONS];
};

void check_word(struct check *chk, const struct case_io *io, unsigned inv,
                unsigned word, uint32_t expected, const char *what);
/* Like check_word where the spec allows any of n values (n >= 1). */
void check_word_any(struct check *chk, const struct case_io *io, unsigned inv,
                    unsigned word, const uint32_t *accept, unsigned n, const char *what);
/* A value of `bits` bits (zero-extended into word, or 64 bits in words
 * word and word + 1, low first) that may be any of n values (n >= 1).
 */
void check_value_any(struct check *chk, const struct case_io *io, unsigned inv,
                     unsigned word, unsigned bits, const uint64_t *accept, unsigned n,
                     const char *what);
/* A property check (no single expected value): counts as one compared word;
 * `failure` is NULL when the property holds.
 */
void check_property(struct check *chk, const char *failure);

/* Shared input helpers. */
uint32_t case_rnd(uint32_t *seed);
void case_gen_common(const struct case_desc *c, unsigned size, struct case_io *io,
                     uint32_t seed);
/* Calls fn once per pattern in the mask, naming the case base.pattern.
 * With cases_written_out, only the cases whose shader has a written-out
 * twin (written_<shader>, gen_spvasm.py: the generic lowering in core
 * SPIR-V), with that shader, as base.all.written.
 */
void emit(struct case_desc *c, const char *base, case_fn fn, void *data, unsigned patterns);
extern bool cases_written_out;
/* Whether the shader directory holds NAME.spv (child.c). */
bool runner_has_shader(const char *name);
void cases_partitioned_enumerate(unsigned size, case_fn fn, void *data);
void cases_arith_enumerate(unsigned size, case_fn fn, void *data);

/* The VKH_FEAT_* bits a value of `bits`-bit components needs in a subgroup
 * operation (8/16/64-bit: the type's own feature and
 * shaderSubgroupExtendedTypes).
 */
uint32_t type_features(unsigned bits, bool is_float);

void cases_enumerate(unsigned size, const char *ext, case_fn fn, void *data);

extern const char *const case_families[];

/* Of subgroup s, how many lanes run the operation. */
unsigned lane_map_active_count(const struct lane_map *lm, unsigned s);

#endif
