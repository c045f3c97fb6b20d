/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 *
 * SPV_EXT_shader_subgroup_partitioned cases: OpGroupNonUniformPartitionEXT on
 * every type, checked by the spec's properties; partitioned reduce and scans
 * of all 16 instructions, with partitions from Partition and from ballots
 * passed in.
 */

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cases.h"
#include "vkh.h"

/* --- partition ---------------------------------------------------------- */

/* How many distinct values the lanes hold. */
enum dist { D_ONE, D_TWO, D_HALF, D_ALL, D_RANDOM, D_SPECIAL, D_SNAN, D_NANVEC, D_COUNT };
static const char *const dist_names[D_COUNT] = { "one", "two", "half", "distinct",
                                                 "random", "special", "snan", "nanvec" };

struct ptype {
   const char *name;
   enum ref_ptype t;
   unsigned comps;
   const char *shader;
};

static const struct ptype ptypes[] = {
   { "uint8", REF_T_UINT8, 1, "partition_uint8" },
   { "uint16", REF_T_UINT16, 1, "partition_uint16" },
   { "uint32", REF_T_UINT32, 1, "partition_uint32" },
   { "int32", REF_T_INT32, 1, "partition_int32" },
   { "uint64", REF_T_UINT64, 1, "partition_uint64" },
   { "float16", REF_T_FLOAT16, 1, "partition_float16" },
   { "float32", REF_T_FLOAT32, 1, "partition_float32" },
   { "float64", REF_T_FLOAT64, 1, "partition_float64" },
   { "bool", REF_T_BOOL, 1, "partition_bool" },
   { "v2uint32", REF_T_UINT32, 2, "partition_v2uint32" },
   { "v3float32", REF_T_FLOAT32, 3, "partition_v3float32" },
   { "v4uint16", REF_T_UINT16, 4, "partition_v4uint16" },
   { "v2float64", REF_T_FLOAT64, 2, "partition_v2float64" },
   { "v4bool", REF_T_BOOL, 4, "partition_v4bool" },
   { "v4float32", REF_T_FLOAT32, 4, "partition_v4float32" },
};

/* A value of component type t for a label: equal labels, equal values. */
static uint64_t
labelled_value(enum ref_ptype t, uint32_t label, unsigned comp)
{
   const uint32_t l = label * 7 + comp;
   switch (t) {
   case REF_T_FLOAT16: return 0x3c00 + l * 0x40;            /* 1.0, 1.0625 ... */
   case REF_T_FLOAT32: return 0x3f800000u + l * 0x10000u;   /* 1.0, 1.0078 ... */
   case REF_T_FLOAT64: return 0x3ff0000000000000ull + (uint64_t)l * 0x1000000000000ull;
   case REF_T_BOOL: return label & 1;
   default: return (uint64_t)l * 0x9e3779b97f4a7c15ull >> (64 - ref_ptype_bits(t));
   }
}

/* +0, -0, two NaNs, 1.0, -1.0, +inf, for each float width. */
static uint64_t
special_value(enum ref_ptype t, unsigned k)
{
   static const uint64_t f16[] = { 0x0000, 0x8000, 0x7e00, 0xfe01, 0x3c00, 0xbc00, 0x7c00 };
   static const uint64_t f32[] = { 0, 0x80000000u, 0x7fc00000u, 0xffc00001u, 0x3f800000u,
                                   0xbf800000u, 0x7f800000u };
   static const uint64_t f64[] = { 0, 0x8000000000000000ull, 0x7ff8000000000000ull,
                                   0xfff8000000000001ull, 0x3ff0000000000000ull,
                                   0xbff0000000000000ull, 0x7ff0000000000000ull };
   k %= 7;
   return t == REF_T_FLOAT16 ? f16[k] : t == REF_T_FLOAT32 ? f32[k] : f64[k];
}

/* Signalling NaNs (quiet bit clear, both signs) among a quiet NaN, 1.0,
 * 2.0, -0.0 and +0.0: NaN keys as they come from memory, not from
 * arithmetic.
 */
static uint64_t
snan_value(enum ref_ptype t, unsigned k)
{
   static const uint64_t f16[] = { 0x7c01, 0xfd23, 0x7e00, 0x3c00, 0x4000, 0x8000, 0 };
   static const uint64_t f32[] = { 0x7f800001u, 0xff812345u, 0x7fc00000u, 0x3f800000u,
                                   0x40000000u, 0x80000000u, 0 };
   static const uint64_t f64[] = { 0x7ff0000000000001ull, 0xfff0000000001234ull,
                                   0x7ff8000000000000ull, 0x3ff0000000000000ull,
                                   0x4000000000000000ull, 0x8000000000000000ull, 0 };
   k %= 7;
   return t == REF_T_FLOAT16 ? f16[k] : t == REF_T_FLOAT32 ? f32[k] : f64[k];
}

static unsigned
words_per_comp(enum ref_ptype t)
{
   return ref_ptype_bits(t) == 64 ? 2 : 1;
}

static void
gen_partition(const struct case_desc *c, unsigned size, struct case_io *io, uint32_t seed)
{
   case_gen_common(c, size, io, seed);
   const struct ptype *pt = &ptypes[c->param[0]];
   const enum dist d = (enum dist)c->param[1];
   const unsigned bits = ref_ptype_bits(pt->t);
   for (unsigned i = 0; i < io->workgroup_size; i++) {
      uint32_t *w = &io->src[i * SRC_WORDS];
      const unsigned lane = i % size;
      uint32_t label;
      switch (d) {
      case D_ONE: label = 0; break;
      case D_TWO: label = case_rnd(&seed) % 2; break;
      case D_HALF: label = case_rnd(&seed) % (size / 2 ? size / 2 : 1); break;
      case D_ALL: label = lane; break;
      default: label = case_rnd(&seed) % 4; break;
      }
      for (unsigned comp = 0; comp < pt->comps; comp++) {
         uint64_t v;
         if (d == D_SPECIAL)
            v = special_value(pt->t, case_rnd(&seed));
         else if (d == D_SNAN)
            v = snan_value(pt->t, case_rnd(&seed));
         else if (d == D_NANVEC) /* (NaN, a, ...) against (NaN, b, ...) */
            v = comp == 0 || case_rnd(&seed) % 5 == 0 ? snan_value(pt->t, case_rnd(&seed) % 3)
                                                     : labelled_value(pt->t, case_rnd(&seed) % 3, comp);
         else if (d == D_RANDOM) /* components vary on their own: partial matches */
            v = labelled_value(pt->t, case_rnd(&seed) % 3, comp);
         else
            v = labelled_value(pt->t, label, comp);
         const unsigned k = comp * words_per_comp(pt->t);
         if (pt->t == REF_T_BOOL) {
            w[k] = v ? (case_rnd(&seed) | 1) : 0;  /* any non-zero word is true */
         } else if (bits == 64) {
            w[k] = (uint32_t)v;
            w[k + 1] = (uint32_t)(v >> 32);
         } else if (bits < 32) {
            w[k] = (uint32_t)v | (case_rnd(&seed) << bits);  /* junk above the type */
         } else {
            w[k] = (uint32_t)v;
         }
      }
   }
}

static void
check_partition(const struct case_desc *c, const struct case_io *io,
                const struct lane_map *lm, unsigned s, struct check *chk)
{
   const struct ptype *pt = &ptypes[c->param[0]];
   const struct ref_subgroup *sg = &lm->sg[s];
   uint64_t value[REF_MAX_LANES][4];
   struct ref_ballot mask[REF_MAX_LANES];
   memset(value, 0, sizeof(value));
   memset(mask, 0, sizeof(mask));
   bool any = false;
   for (unsigned l = 0; l < sg->size; l++) {
      const int inv = lm->inv[s][l];
      if (inv < 0 || !sg->active[l])
         continue;
      any = true;
      const uint32_t *w = &io->src[inv * SRC_WORDS];
      for (unsigned comp = 0; comp < pt->comps; comp++) {
         const unsigned k = comp * words_per_comp(pt->t);
         value[l][comp] = words_per_comp(pt->t) == 2
                             ? w[k] | (uint64_t)w[k + 1] << 32 : w[k];
      }
      memcpy(mask[l].w, &io->dst[inv * DST_WORDS], 16);
      /* --self-check: corrupt what the reference reads. */
      if (chk->perturb)
         mask[l].w[0] ^= 1u << (l % 32);
   }
   if (!any)
      return;
   char buf[256];
   const char *err = ref_partition_verify(sg, pt->t, pt->comps, (const uint64_t (*)[4])value,
                                          mask, buf, sizeof(buf));
   char msg[320];
   if (err)
      snprintf(msg, sizeof(msg), "subgroup %u: %s", s, err);
   check_property(chk, err ? msg : NULL);
}

/* --- partitioned reduce / scans ----------------------------------------- */

struct pop {
   const char *name;
   enum ref_pop op;
   const char *type;
};

static const struct pop pops[] = {
   { "iadd", REF_OP_IADD, "uint32" },    { "imul", REF_OP_IMUL, "uint32" },
   { "umin", REF_OP_UMIN, "uint32" },    { "umax", REF_OP_UMAX, "uint32" },
   { "smin", REF_OP_SMIN, "int32" },     { "smax", REF_OP_SMAX, "int32" },
   { "fadd", REF_OP_FADD, "float32" },   { "fmul", REF_OP_FMUL, "float32" },
   { "fmin", REF_OP_FMIN, "float32" },   { "fmax", REF_OP_FMAX, "float32" },
   { "and", REF_OP_AND, "uint32" },      { "or", REF_OP_OR, "uint32" },
   { "xor", REF_OP_XOR, "uint32" },      { "land", REF_OP_LAND, "bool" },
   { "lor", REF_OP_LOR, "bool" },        { "lxor", REF_OP_LXOR, "bool" },
};
static const char *const scan_names[] = { "reduce", "inclusive", "exclusive" };

static uint32_t
float_bits(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

/* Operands whose sums and products are exact in any order. */
static uint32_t
operand(enum ref_pop op, uint32_t *seed)
{
   static const float mul[] = { 0.5f, 1.0f, 2.0f, -0.5f, -1.0f, -2.0f };
   switch (op) {
   case REF_OP_FADD: return float_bits((float)((int)(case_rnd(seed) % 17) - 8));
   case REF_OP_FMUL: return float_bits(mul[case_rnd(seed) % 6]);
   case REF_OP_FMIN:
   case REF_OP_FMAX: return float_bits((float)((int)(case_rnd(seed) % 2001) - 1000) / 8.0f);
   case REF_OP_LAND: return case_rnd(seed) % 8 != 0;
   case REF_OP_LOR: return case_rnd(seed) % 8 == 0;
   case REF_OP_LXOR: return case_rnd(seed) % 2;
   default: return case_rnd(seed);
   }
}

/* NaN, infinities, denormals and signed zeros for FMin / FMax / FAdd (the
 * cases run shaders declaring SignedZeroInfNanPreserve 32).  A "set" is
 * what one result combines: a subgroup, a cluster, or a partition's subset.
 *   nan     a NaN in about a third of the lanes, numbers in the rest
 *   allnan  as nan, but some sets hold only NaNs (undefined there: the
 *           other sets carry the case)
 *   zeros   -0.0 and +0.0 only; some sets hold only -0.0
 *   special FMin / FMax: denormals, +-inf, +-0, numbers; FAdd: +-0, +inf
 *           and small integers (sums exact, no inf - inf)
 */
enum fdata { FD_DEFAULT, FD_NAN, FD_ALLNAN, FD_ZEROS, FD_SPECIAL, FD_COUNT };
static const char *const fdata_names[FD_COUNT] = { "", "nan", "allnan", "zeros", "special" };

/* fdata's special values at 16, 32 or 64 bits, into *v, for a set that is
 * the all-NaN (allnan) or all -0.0 (zeros) one when `whole`; false where the
 * value is to be a number instead (the caller's).  Per width: quiet and
 * signalling NaNs of both signs; then denormals (the least, the greatest,
 * one between, both signs), +-inf and +-0.
 */
static bool
fdata_special(enum ref_pop op, enum fdata d, bool whole, unsigned bits, uint32_t *seed,
              uint64_t *v)
{
   static const uint64_t nans[3][5] = {
      { 0x7e00, 0xfe00, 0x7c01, 0x7fff, 0xfc23 },
      { 0x7fc00000u, 0xffc00000u, 0x7f800001u, 0x7fffffffu, 0xff800123u },
      { 0x7ff8000000000000ull, 0xfff8000000000000ull, 0x7ff0000000000001ull,
        0x7fffffffffffffffull, 0xfff0000000000123ull },
   };
   static const uint64_t special[3][9] = {
      { 0x0001, 0x8001, 0x03ff, 0x83ff, 0x0200, 0x7c00, 0xfc00, 0x0000, 0x8000 },
      { 0x00000001u, 0x80000001u, 0x007fffffu, 0x807fffffu, 0x00400000u, 0x7f800000u,
        0xff800000u, 0x00000000u, 0x80000000u },
      { 0x0000000000000001ull, 0x8000000000000001ull, 0x000fffffffffffffull,
        0x800fffffffffffffull, 0x0008000000000000ull, 0x7ff0000000000000ull,
        0xfff0000000000000ull, 0x0000000000000000ull, 0x8000000000000000ull },
   };
   /* FAdd's: +0, -0, +inf (sums stay exact, no inf - inf) */
   static const unsigned add_special[] = { 7, 8, 5 };
   const unsigned w = bits == 16 ? 0 : bits == 32 ? 1 : 2;
   const uint32_t r = case_rnd(seed);
   switch (d) {
   case FD_NAN:
   case FD_ALLNAN:
      if (!(d == FD_ALLNAN && whole) && r % 3 != 0)
         return false;
      *v = nans[w][(r >> 8) % 5];
      return true;
   case FD_ZEROS:
      *v = whole || r % 2 ? special[w][8] : 0;
      return true;
   case FD_SPECIAL:
      if (op == REF_OP_FADD) {
         if (!(r % 2))
            return false;
         *v = special[w][add_special[(r >> 8) % 3]];
         return true;
      }
      if (!(r % 3))
         return false;
      *v = special[w][(r >> 8) % 9];
      return true;
   default:
      return false;
   }
}

/* A 32-bit value of fdata: a special one, or an operand. */
static uint32_t
fdata_value(enum ref_pop op, enum fdata d, bool whole, uint32_t *seed)
{
   uint64_t v;
   return fdata_special(op, d, whole, 32, seed, &v) ? (uint32_t)v : operand(op, seed);
}

/* param: [0] op, [1] scan, [2] ballot from partition (0) or input (1),
 *        [3] number of labels, [4] fdata
 */
static void
gen_partitioned(const struct case_desc *c, unsigned size, struct case_io *io, uint32_t seed)
{
   case_gen_common(c, size, io, seed);
   const enum ref_pop op = pops[c->param[0]].op;
   const unsigned labels = c->param[3];
   uint32_t label[MAX_INVOCATIONS];
   for (unsigned i = 0; i < io->workgroup_size; i++) {
      uint32_t *w = &io->src[i * SRC_WORDS];
      w[0] = operand(op, &seed);
      label[i] = case_rnd(&seed) % labels;
      w[1] = label[i] * 0x01000193u + 5;   /* Partition's value */
   }
   if (c->param[4]) {
      /* Label 0's subset is the all-NaN / all -0.0 one. */
      for (unsigned i = 0; i < io->workgroup_size; i++)
         io->src[i * SRC_WORDS] = fdata_value(op, (enum fdata)c->param[4], label[i] == 0, &seed);
   }
   if (!c->param[2])
      return;
   /* Ballots passed in: a valid partition by label, assuming invocations
    * fill subgroups in order (the check verifies this against what the
    * device reports).  Inactive invocations of the label are in the ballot
    * too, and the first bit past the subgroup in every other invocation's
    * (below 32 lanes, bit 31 in the others'): all must be ignored, so the
    * members of a subset may differ there.
    */
   for (unsigned i = 0; i < io->workgroup_size; i++) {
      uint32_t *w = &io->src[i * SRC_WORDS];
      const unsigned base = i / size * size;
      w[2] = w[3] = w[4] = w[5] = 0;
      for (unsigned l = 0; l < size && base + l < io->workgroup_size; l++) {
         if (label[base + l] == label[i])
            w[2 + l / 32] |= 1u << (l % 32);
      }
      if (size < 128 && i % 2 == 0)
         w[2 + size / 32] |= 1u << (size % 32);
      if (size < 32 && i % 2 == 1)
         w[2] |= 1u << 31;
   }
}

static void
check_partitioned(const struct case_desc *c, const struct case_io *io,
                  const struct lane_map *lm, unsigned s, struct check *chk)
{
   const struct ref_subgroup *sg = &lm->sg[s];
   const enum ref_pop op = pops[c->param[0]].op;
   const enum ref_scan scan = (enum ref_scan)c->param[1];
   const bool from_input = c->param[2];

   uint64_t x[REF_MAX_LANES] = { 0 };
   struct ref_ballot ballot[REF_MAX_LANES];
   memset(ballot, 0, sizeof(ballot));
   for (unsigned l = 0; l < sg->size; l++) {
      const int inv = lm->inv[s][l];
      if (inv < 0)
         continue;
      const uint32_t *w = &io->src[inv * SRC_WORDS];
      x[l] = op >= REF_OP_LAND ? (w[0] != 0) : w[0];
      if (from_input)
         memcpy(ballot[l].w, &w[2], 16);
   }
   if (!from_input) {
      /* Partition of 32-bit integers: exactly the active lanes holding the
       * same value.
       */
      for (unsigned l = 0; l < sg->size; l++) {
         const int inv = lm->inv[s][l];
         if (inv < 0 || !sg->active[l])
            continue;
         for (unsigned j = 0; j < sg->size; j++) {
            const int jinv = lm->inv[s][j];
            if (jinv >= 0 && sg->active[j] &&
                io->src[jinv * SRC_WORDS + 1] == io->src[inv * SRC_WORDS + 1])
               ballot[l].w[j / 32] |= 1u << (j % 32);
         }
      }
   }

   for (unsigned l = 0; l < sg->size; l++) {
      const int inv = lm->inv[s][l];
      if (inv < 0 || !sg->active[l])
         continue;
      if (from_input && !((ballot[l].w[l / 32] >> (l % 32)) & 1)) {
         check_property(chk, "the ballot passed in is no valid partition under this "
                             "device's invocation-to-lane mapping");
         return;
      }
      if (!from_input) {
         for (unsigned k = 0; k < 4; k++)
            check_word(chk, io, inv, 4 + k, ballot[l].w[k], "partition ballot");
      }
      uint64_t accept[REF_MAX_ACCEPT];
      const unsigned n = ref_partitioned_scan_accept(sg, op, 32, scan, ballot, x, l, accept);
      if (n)
         check_value_any(chk, io, inv, 0, 32, accept, n, scan_names[scan]);
   }
}

/* The float cases of fdata: op, scan, data, patterns. */
struct fcase {
   const char *op;
   enum ref_scan scan;
   enum fdata data;
   unsigned patterns;
   bool ballot_in; /* the ballot passed in (partitioned cases) */
};
#define P_ALL (1u << PATTERN_ALL)
#define P_DIV (1u << PATTERN_DIVERGENT)
#define P_ONE (1u << PATTERN_ONE)
#define P_PART (1u << PATTERN_PARTIAL)

static unsigned
pop_index(const char *name)
{
   unsigned o = 0;
   while (strcmp(pops[o].name, name))
      o++;
   return o;
}

/* --- other sizes -------------------------------------------------------
 *
 * The integer instructions on uint8, uint16 and uint64 (SMin / SMax read
 * them as signed), the float ones on float16 and float64: reduce and both
 * scans over the whole subgroup (family arith) and over Partition's
 * subsets (family partitioned).  Source words 0 and 1: the value (8 and
 * 16 bits: the low bits of word 0, junk above); word 2: the partition key.
 * param: [0] op (pops), [1] scan, [2] over Partition's subsets, [3] number
 * of labels, [4] bits, [5] fdata (float16 / float64: NaN, infinities,
 * denormals and signed zeros, in shaders declaring SignedZeroInfNanPreserve
 * for the width).
 */
static const unsigned sized_int_bits[] = { 8, 16, 64 };
static const unsigned sized_float_bits[] = { 16, 64 };

static bool
pop_is_float(enum ref_pop op)
{
   return op == REF_OP_FADD || op == REF_OP_FMUL || op == REF_OP_FMIN || op == REF_OP_FMAX;
}

static void
gen_sized(const struct case_desc *c, unsigned size, struct case_io *io, uint32_t seed)
{
   case_gen_common(c, size, io, seed);
   const enum ref_pop op = pops[c->param[0]].op;
   const unsigned bits = c->param[4];
   for (unsigned i = 0; i < io->workgroup_size; i++) {
      uint32_t *w = &io->src[i * SRC_WORDS];
      uint64_t v = case_rnd(&seed) | (uint64_t)case_rnd(&seed) << 32;
      if (pop_is_float(op)) {
         /* Sums and products exact in any order: small integers, or
          * factors of 1 and 2 (binary16: a product of 16 of them still
          * fits, or overflows in every order alike) and 0.5 (binary64).
          */
         const uint32_t r = case_rnd(&seed);
         double d;
         if (op == REF_OP_FADD)
            d = (int)(r % 17) - 8;
         else if (op == REF_OP_FMUL)
            d = (r & 1 ? -1.0 : 1.0) * (bits == 16 ? 1 + (r >> 1) % 2 : 0.5 * (1 << (r >> 1) % 3));
         else
            d = ((int)(r % 2001) - 1000) / 8.0;
         v = ref_float_bits(bits, d);
         if (bits == 16)
            v |= (uint64_t)(case_rnd(&seed) & 0xffff0000u); /* junk above the type */
      }
      const uint32_t label = case_rnd(&seed) % c->param[3];
      if (c->param[5]) {
         /* The sets: Partition's subsets (label 0's is the all-NaN / all
          * -0.0 one), or the subgroups (allnan: every other one; zeros:
          * every third one).
          */
         const enum fdata d = (enum fdata)c->param[5];
         const unsigned g = i / size;
         const bool whole = c->param[2] ? label == 0
                            : d == FD_ALLNAN ? g % 2 == 0
                                             : g % 3 == 0;
         uint64_t special;
         if (fdata_special(op, d, whole, bits, &seed, &special))
            v = special | (bits == 16 ? v & 0xffff0000u : 0); /* the junk stays */
      }
      w[0] = (uint32_t)v;
      w[1] = bits == 64 ? (uint32_t)(v >> 32) : 0;
      w[2] = label * 0x01000193u + 5;
   }
}

static void
check_sized(const struct case_desc *c, const struct case_io *io, const struct lane_map *lm,
            unsigned s, struct check *chk)
{
   const struct ref_subgroup *sg = &lm->sg[s];
   const enum ref_pop op = pops[c->param[0]].op;
   const enum ref_scan scan = (enum ref_scan)c->param[1];
   const bool partitioned = c->param[2];
   const unsigned bits = c->param[4];

   uint64_t x[REF_MAX_LANES] = { 0 };
   struct ref_ballot ballot[REF_MAX_LANES];
   memset(ballot, 0, sizeof(ballot));
   for (unsigned l = 0; l < sg->size; l++) {
      const int inv = lm->inv[s][l];
      if (inv < 0)
         continue;
      const uint32_t *w = &io->src[inv * SRC_WORDS];
      x[l] = bits == 64 ? w[0] | (uint64_t)w[1] << 32 : w[0] & ((1u << bits) - 1);
      /* Partition of 32-bit keys: the active lanes with the same key.
       * Without partitions: one subset, the subgroup.
       */
      for (unsigned j = 0; j < sg->size; j++) {
         const int jinv = lm->inv[s][j];
         if (!partitioned ||
             (jinv >= 0 && sg->active[j] && sg->active[l] &&
              io->src[jinv * SRC_WORDS + 2] == w[2]))
            ballot[l].w[j / 32] |= 1u << (j % 32);
      }
   }
   for (unsigned l = 0; l < sg->size; l++) {
      const int inv = lm->inv[s][l];
      if (inv < 0 || !sg->active[l])
         continue;
      if (partitioned) {
         for (unsigned k = 0; k < 4; k++)
            check_word(chk, io, inv, 4 + k, ballot[l].w[k], "partition ballot");
      }
      uint64_t accept[REF_MAX_ACCEPT];
      const unsigned n = ref_partitioned_scan_accept(sg, op, bits, scan, ballot, x, l, accept);
      if (n)
         check_value_any(chk, io, inv, 0, bits, accept, n, scan_names[scan]);
   }
}

/* Calls fn for the other sizes' cases of one family. */
static void
sized_enumerate(unsigned size, bool partitioned, case_fn fn, void *data)
{
   static char shaders[2][13][3][3][48];
   char base[128];
   struct case_desc c;
   for (unsigned o = 0; o < 13; o++) {
      const bool is_float = pop_is_float(pops[o].op);
      const unsigned *sizes = is_float ? sized_float_bits : sized_int_bits;
      const unsigned nsizes = is_float ? 2 : 3;
      for (unsigned k = 0; k < nsizes; k++) {
         const unsigned bits = sizes[k];
         char type[16];
         snprintf(type, sizeof(type), "%s%u", is_float ? "float" : "uint", bits);
         for (unsigned sc = 0; sc < 3; sc++) {
            char *sh = shaders[partitioned][o][k][sc];
            snprintf(sh, 48, "%s_%s_%s_%s%s", partitioned ? "partitioned" : "arith",
                     pops[o].name, type, scan_names[sc], partitioned ? "_partition" : "");
            memset(&c, 0, sizeof(c));
            c.ext = partitioned ? "partitioned" : "arith";
            c.needs_ext = partitioned ? "VK_NV_shader_subgroup_partitioned" : NULL;
            c.shader = sh;
            c.gen = gen_sized;
            c.check = check_sized;
            c.param[0] = o;
            c.param[1] = sc;
            c.param[2] = partitioned;
            /* 1, 2, n/2 or n subsets, by turns */
            const unsigned choice = (o + sc + k) % 4;
            c.param[3] = choice == 0 ? 1 : choice == 1 ? 2 : choice == 2 ? (size / 2) : size;
            c.param[4] = bits;
            c.needs_features = type_features(bits, is_float) |
                               (partitioned ? VKH_FEAT_PARTITIONED : 0);
            if (partitioned)
               snprintf(base, sizeof(base),
                        "subgroup.partitioned.%s.compute.%s.size%u.%s.partition.subsets%u",
                        pops[o].name, type, size, scan_names[sc], c.param[3]);
            else
               snprintf(base, sizeof(base), "subgroup.arith.%s.compute.%s.size%u.%s",
                        pops[o].name, type, size, scan_names[sc]);
            emit(&c, base, fn, data, PATTERNS_BASIC);
         }
      }
   }

   /* NaN, infinities, denormals and signed zeros at 16 and 64 bits.  FAdd
    * of sets of -0.0 with inactive and absent invocations (divergent, one,
    * partial): they must add nothing, not a +0.0.
    */
   static const struct fcase afcases[] = {
      { "fadd", REF_SCAN_REDUCE, FD_ZEROS, P_ALL | P_DIV | P_ONE | P_PART },
      { "fadd", REF_SCAN_INCLUSIVE, FD_ZEROS, P_ALL | P_DIV },
      { "fadd", REF_SCAN_EXCLUSIVE, FD_ZEROS, P_ALL | P_DIV },
      { "fadd", REF_SCAN_REDUCE, FD_SPECIAL, P_ALL },
      { "fmin", REF_SCAN_REDUCE, FD_NAN, P_ALL | P_DIV },
      { "fmin", REF_SCAN_REDUCE, FD_ZEROS, P_ALL },
      { "fmin", REF_SCAN_REDUCE, FD_SPECIAL, P_ALL },
      { "fmin", REF_SCAN_EXCLUSIVE, FD_ALLNAN, P_ALL },
      { "fmax", REF_SCAN_REDUCE, FD_NAN, P_ALL | P_DIV },
      { "fmax", REF_SCAN_INCLUSIVE, FD_ZEROS, P_ALL },
      { "fmax", REF_SCAN_REDUCE, FD_SPECIAL, P_ALL },
   };
   static const struct fcase pfcases[] = {
      { "fadd", REF_SCAN_REDUCE, FD_ZEROS, P_ALL | P_DIV },
      { "fadd", REF_SCAN_INCLUSIVE, FD_ZEROS, P_DIV },
      { "fmin", REF_SCAN_REDUCE, FD_NAN, P_ALL },
      { "fmin", REF_SCAN_REDUCE, FD_ALLNAN, P_ALL },
      { "fmax", REF_SCAN_REDUCE, FD_SPECIAL, P_ALL },
   };
   const struct fcase *fcases = partitioned ? pfcases : afcases;
   const unsigned nf = partitioned ? sizeof(pfcases) / sizeof(pfcases[0])
                                   : sizeof(afcases) / sizeof(afcases[0]);
   static char fshaders[2][11][2][56];
   for (unsigned k = 0; k < nf; k++) {
      const struct fcase *f = &fcases[k];
      for (unsigned b = 0; b < 2; b++) {
         const unsigned bits = sized_float_bits[b];
         char *sh = fshaders[partitioned][k][b];
         snprintf(sh, 56, "%s_%s_float%u_%s%s_szin", partitioned ? "partitioned" : "arith",
                  f->op, bits, scan_names[f->scan], partitioned ? "_partition" : "");
         memset(&c, 0, sizeof(c));
         c.ext = partitioned ? "partitioned" : "arith";
         c.needs_ext = partitioned ? "VK_NV_shader_subgroup_partitioned" : NULL;
         c.shader = sh;
         c.gen = gen_sized;
         c.check = check_sized;
         c.param[0] = pop_index(f->op);
         c.param[1] = f->scan;
         c.param[2] = partitioned;
         c.param[3] = partitioned ? (f->data == FD_ZEROS ? size : 3) : 1;
         c.param[4] = bits;
         c.param[5] = f->data;
         c.needs_features = type_features(bits, true) |
                            (bits == 16 ? VKH_FEAT_SZ_INF_NAN16 : VKH_FEAT_SZ_INF_NAN64) |
                            (partitioned ? VKH_FEAT_PARTITIONED : 0);
         if (partitioned)
            snprintf(base, sizeof(base),
                     "subgroup.partitioned.%s.compute.float%u.size%u.%s.partition.subsets%u.%s",
                     f->op, bits, size, scan_names[f->scan], c.param[3], fdata_names[f->data]);
         else
            snprintf(base, sizeof(base), "subgroup.arith.%s.compute.float%u.size%u.%s.%s", f->op,
                     bits, size, scan_names[f->scan], fdata_names[f->data]);
         emit(&c, base, fn, data, f->patterns);
      }
   }
}

void
cases_partitioned_enumerate(unsigned size, case_fn fn, void *data)
{
   struct case_desc c;
   char base[128];

   for (unsigned t = 0; t < sizeof(ptypes) / sizeof(ptypes[0]); t++) {
      for (unsigned d = 0; d < D_COUNT; d++) {
         const bool is_float = ref_ptype_is_float(ptypes[t].t);
         if ((d == D_SPECIAL || d == D_SNAN) && !is_float)
            continue;
         /* Signalling NaN keys: the scalars and v4float32; NaN in one
          * component of a vector: the float vectors.
          */
         if (d == D_SNAN && ptypes[t].comps > 1 && strcmp(ptypes[t].name, "v4float32"))
            continue;
         if (d == D_NANVEC && !(is_float && ptypes[t].comps > 1))
            continue;
         memset(&c, 0, sizeof(c));
         c.ext = "partitioned";
         c.needs_ext = "VK_NV_shader_subgroup_partitioned";
         c.shader = ptypes[t].shader;
         c.gen = gen_partition;
         c.check = check_partition;
         c.param[0] = t;
         c.param[1] = d;
         c.needs_features = VKH_FEAT_PARTITIONED |
                            (ptypes[t].t == REF_T_BOOL ? 0
                             : type_features(ref_ptype_bits(ptypes[t].t),
                                             ref_ptype_is_float(ptypes[t].t)));
         snprintf(base, sizeof(base), "subgroup.partitioned.partition.compute.%s.size%u.%s",
                  ptypes[t].name, size, dist_names[d]);
         /* Every pattern on uint32, float32 and v4bool. */
         emit(&c, base, fn, data,
              (t == 2 || t == 6 || t == 13) && d < D_SNAN ? PATTERNS_EVERY : PATTERNS_BASIC);
      }
   }

   /* The EXT extension string (the modules above use the NV one). */
   static const char *const ext_shaders[][2] = {
      { "partition_uint32_ext", "uint32" },
      { "partition_float32_ext", "float32" },
   };
   for (unsigned e = 0; e < 2; e++) {
      memset(&c, 0, sizeof(c));
      c.ext = "partitioned";
      c.needs_ext = "VK_EXT_shader_subgroup_partitioned";
      c.shader = ext_shaders[e][0];
      c.gen = gen_partition;
      c.check = check_partition;
      c.param[0] = e == 0 ? 2 : 6;
      c.param[1] = e == 0 ? D_HALF : D_SPECIAL;
      c.needs_features = VKH_FEAT_PARTITIONED;
      snprintf(base, sizeof(base), "subgroup.partitioned.partition.compute.%s.size%u.%s.ext",
               ext_shaders[e][1], size, dist_names[c.param[1]]);
      emit(&c, base, fn, data, PATTERNS_BASIC);
   }

   /* The vertex and fragment stages (a fragment pipeline may require its
    * subgroup size too): Partition, and IAdd over its subsets, with the
    * patterns that do not assume how invocations fill subgroups.
    */
   static char gfx_names[2][4][56];
   for (unsigned g = 0; g < 2; g++) {
      const struct gfx_stage *gs = &gfx_stages[g];
      memset(&c, 0, sizeof(c));
      c.ext = "partitioned";
      c.needs_ext = "VK_NV_shader_subgroup_partitioned";
      c.stage = gs->stage;
      snprintf(gfx_names[g][0], 56, "partition_uint32_%s", gs->name);
      c.shader = gfx_names[g][0];
      c.gen = gen_partition;
      c.check = check_partition;
      c.param[0] = 2; /* uint32 */
      c.param[1] = D_HALF;
      c.needs_features = VKH_FEAT_PARTITIONED;
      snprintf(base, sizeof(base), "subgroup.partitioned.partition.%s.uint32.size%u.%s",
               gs->name, size, dist_names[D_HALF]);
      emit(&c, base, fn, data, gs->patterns);
      for (unsigned sc = 0; sc < 3; sc++) {
         memset(&c, 0, sizeof(c));
         c.ext = "partitioned";
         c.needs_ext = "VK_NV_shader_subgroup_partitioned";
         c.stage = gs->stage;
         snprintf(gfx_names[g][1 + sc], 56, "partitioned_iadd_%s_partition_%s", scan_names[sc],
                  gs->name);
         c.shader = gfx_names[g][1 + sc];
         c.gen = gen_partitioned;
         c.check = check_partitioned;
         c.param[0] = 0; /* iadd */
         c.param[1] = sc;
         c.param[2] = 0; /* the ballot of Partition */
         c.needs_features = VKH_FEAT_PARTITIONED;
         c.param[3] = sc == 0 ? 2 : sc == 1 ? size / 2 : size;
         snprintf(base, sizeof(base),
                  "subgroup.partitioned.%s.%s.%s.size%u.%s.partition.subsets%u", pops[0].name,
                  gs->name, pops[0].type, size, scan_names[sc], c.param[3]);
         emit(&c, base, fn, data, gs->patterns);
      }
   }

   static char shader_names[16][3][2][48];
   for (unsigned o = 0; o < 16; o++) {
      for (unsigned sc = 0; sc < 3; sc++) {
         for (unsigned from = 0; from < 2; from++) {
            memset(&c, 0, sizeof(c));
            c.ext = "partitioned";
            c.needs_ext = "VK_NV_shader_subgroup_partitioned";
            snprintf(shader_names[o][sc][from], 48, "partitioned_%s_%s_%s", pops[o].name,
                     scan_names[sc], from ? "input" : "partition");
            c.shader = shader_names[o][sc][from];
            c.gen = gen_partitioned;
            c.check = check_partitioned;
            c.param[0] = o;
            c.param[1] = sc;
            c.param[2] = from;
            c.needs_features = VKH_FEAT_PARTITIONED;
            /* 1, 2, n/2 or n subsets, by turns. */
            const unsigned choice = (o + sc) % 4;
            c.param[3] = choice == 0 ? 1 : choice == 1 ? 2 : choice == 2 ? (size / 2) : size;
            snprintf(base, sizeof(base),
                     "subgroup.partitioned.%s.compute.%s.size%u.%s.%s.subsets%u", pops[o].name,
                     pops[o].type, size, scan_names[sc], from ? "ballot" : "partition",
                     c.param[3]);
            /* Every pattern on the reductions over Partition's ballots. */
            emit(&c, base, fn, data,
                 sc == REF_SCAN_REDUCE && !from ? PATTERNS_EVERY : PATTERNS_BASIC);
         }
      }
   }

   /* NaN, infinities, denormals and signed zeros, over Partition's subsets
    * (3 subsets; zeros: size subsets, so many hold one value), and FAdd's
    * scans of zeros over the same subsets as ballots passed in.
    */
   static const struct fcase pfcases[] = {
      { "fmin", REF_SCAN_REDUCE, FD_NAN, P_ALL | P_DIV },
      { "fmin", REF_SCAN_REDUCE, FD_ALLNAN, P_ALL },
      { "fmin", REF_SCAN_REDUCE, FD_ZEROS, P_ALL },
      { "fmin", REF_SCAN_REDUCE, FD_SPECIAL, P_ALL },
      { "fmin", REF_SCAN_INCLUSIVE, FD_NAN, P_ALL },
      { "fmin", REF_SCAN_EXCLUSIVE, FD_ZEROS, P_ALL },
      { "fmax", REF_SCAN_REDUCE, FD_NAN, P_ALL | P_DIV },
      { "fmax", REF_SCAN_REDUCE, FD_ALLNAN, P_ALL },
      { "fmax", REF_SCAN_REDUCE, FD_ZEROS, P_ALL },
      { "fmax", REF_SCAN_REDUCE, FD_SPECIAL, P_ALL },
      { "fmax", REF_SCAN_INCLUSIVE, FD_NAN, P_ALL },
      { "fmax", REF_SCAN_EXCLUSIVE, FD_ZEROS, P_ALL },
      { "fadd", REF_SCAN_REDUCE, FD_ZEROS, P_ALL | P_DIV },
      { "fadd", REF_SCAN_EXCLUSIVE, FD_ZEROS, P_ALL },
      /* Sums of -0.0 under ballots with bits past the subgroup set. */
      { "fadd", REF_SCAN_INCLUSIVE, FD_ZEROS, P_ALL, true },
      { "fadd", REF_SCAN_EXCLUSIVE, FD_ZEROS, P_ALL, true },
   };
   static char pf_shaders[sizeof(pfcases) / sizeof(pfcases[0])][48];
   for (unsigned k = 0; k < sizeof(pfcases) / sizeof(pfcases[0]); k++) {
      const struct fcase *f = &pfcases[k];
      const unsigned o = pop_index(f->op);
      char *sh = pf_shaders[k];
      snprintf(sh, 48, "partitioned_%s_%s_%s_szin", f->op, scan_names[f->scan],
               f->ballot_in ? "input" : "partition");
      memset(&c, 0, sizeof(c));
      c.ext = "partitioned";
      c.needs_ext = "VK_NV_shader_subgroup_partitioned";
      c.shader = sh;
      c.gen = gen_partitioned;
      c.check = check_partitioned;
      c.param[0] = o;
      c.param[1] = f->scan;
      c.param[2] = f->ballot_in;
      c.param[3] = f->data == FD_ZEROS ? size : 3;
      c.param[4] = f->data;
      c.needs_features = VKH_FEAT_PARTITIONED | VKH_FEAT_SZ_INF_NAN32;
      snprintf(base, sizeof(base),
               "subgroup.partitioned.%s.compute.float32.size%u.%s.%s.subsets%u.%s", f->op,
               size, scan_names[f->scan], f->ballot_in ? "ballot" : "partition", c.param[3],
               fdata_names[f->data]);
      emit(&c, base, fn, data, f->patterns);
   }

   sized_enumerate(size, true, fn, data);

   /* GLSL's GL_NV_shader_subgroup_partitioned, compiled by glslang. */
   memset(&c, 0, sizeof(c));
   c.ext = "partitioned";
   c.needs_ext = "VK_NV_shader_subgroup_partitioned";
   c.shader = "glsl_partitioned_nv";
   c.gen = gen_partitioned;
   c.check = check_partitioned;
   c.param[0] = 0; /* iadd */
   c.param[1] = REF_SCAN_INCLUSIVE;
   c.param[3] = 3;
   c.needs_features = VKH_FEAT_PARTITIONED;
   snprintf(base, sizeof(base),
            "subgroup.partitioned.iadd.compute.uint32.size%u.inclusive.partition.subsets3.glsl_nv",
            size);
   emit(&c, base, fn, data, PATTERNS_BASIC);

   /* Partitioned reduce in a module using the EXT extension string. */
   memset(&c, 0, sizeof(c));
   c.ext = "partitioned";
   c.needs_ext = "VK_EXT_shader_subgroup_partitioned";
   c.shader = "partitioned_iadd_reduce_partition_ext";
   c.gen = gen_partitioned;
   c.check = check_partitioned;
   c.param[3] = size / 2;
   c.needs_features = VKH_FEAT_PARTITIONED;
   snprintf(base, sizeof(base), "subgroup.partitioned.iadd.compute.uint32.size%u.reduce.partition.subsets%u.ext",
            size, size / 2);
   emit(&c, base, fn, data, PATTERNS_BASIC);
}

/* --- reduce / scans without partitions ----------------------------------
 *
 * OpGroupNonUniform* Reduce / InclusiveScan / ExclusiveScan combine the
 * active invocations of the whole subgroup, ClusteredReduce those of the
 * invocation's cluster (ClusterSize consecutive invocation IDs).  That is
 * the partitioned operation over one partition holding every invocation, or
 * holding the cluster: the reference's partitioned scan (written from the
 * same instruction descriptions) gives the expected values.
 */

static const char *const arith_cluster_ops[] = { "iadd", "fmul", "umax", "smin", "fmin",
                                                 "xor", "land" };

/* param: [0] op (pops), [1] scan, [2] cluster size (0: none), [3] fdata */
static void
gen_arith(const struct case_desc *c, unsigned size, struct case_io *io, uint32_t seed)
{
   case_gen_common(c, size, io, seed);
   const enum ref_pop op = pops[c->param[0]].op;
   const enum fdata d = (enum fdata)c->param[3];
   /* The sets: subgroups or clusters (compute fills subgroups in order,
    * which the runner checks).  allnan: every other set is all NaN; zeros:
    * every third set is all -0.0.
    */
   const unsigned set = c->param[2] ? c->param[2] : size;
   for (unsigned i = 0; i < io->workgroup_size; i++) {
      const unsigned g = i / set;
      const bool whole = d == FD_ALLNAN ? g % 2 == 0 : g % 3 == 0;
      io->src[i * SRC_WORDS] = d ? fdata_value(op, d, whole, &seed) : operand(op, &seed);
   }
}

static void
check_arith(const struct case_desc *c, const struct case_io *io,
            const struct lane_map *lm, unsigned s, struct check *chk)
{
   const struct ref_subgroup *sg = &lm->sg[s];
   const enum ref_pop op = pops[c->param[0]].op;
   const enum ref_scan scan = (enum ref_scan)c->param[1];
   const unsigned cluster = c->param[2] ? c->param[2] : sg->size;

   uint64_t x[REF_MAX_LANES] = { 0 };
   struct ref_ballot group[REF_MAX_LANES];
   memset(group, 0, sizeof(group));
   for (unsigned l = 0; l < sg->size; l++) {
      const int inv = lm->inv[s][l];
      if (inv >= 0)
         x[l] = op >= REF_OP_LAND ? (io->src[inv * SRC_WORDS] != 0) : io->src[inv * SRC_WORDS];
      for (unsigned j = l / cluster * cluster; j < (l / cluster + 1) * cluster && j < sg->size; j++)
         group[l].w[j / 32] |= 1u << (j % 32);
   }
   for (unsigned l = 0; l < sg->size; l++) {
      const int inv = lm->inv[s][l];
      if (inv < 0 || !sg->active[l])
         continue;
      uint64_t accept[REF_MAX_ACCEPT];
      const unsigned n = ref_partitioned_scan_accept(sg, op, 32, scan, group, x, l, accept);
      if (n)
         check_value_any(chk, io, inv, 0, 32, accept, n, scan_names[scan]);
   }
}

void
cases_arith_enumerate(unsigned size, case_fn fn, void *data)
{
   struct case_desc c;
   char base[128];
   static char shader_names[16][3][32];
   for (unsigned o = 0; o < 16; o++) {
      for (unsigned sc = 0; sc < 3; sc++) {
         memset(&c, 0, sizeof(c));
         c.ext = "arith";
         snprintf(shader_names[o][sc], 32, "arith_%s_%s", pops[o].name, scan_names[sc]);
         c.shader = shader_names[o][sc];
         c.gen = gen_arith;
         c.check = check_arith;
         c.param[0] = o;
         c.param[1] = sc;
         snprintf(base, sizeof(base), "subgroup.arith.%s.compute.%s.size%u.%s", pops[o].name,
                  pops[o].type, size, scan_names[sc]);
         emit(&c, base, fn, data, PATTERNS_EVERY);
      }
   }
   static char cluster_names[7][3][32];
   for (unsigned k = 0; k < 7; k++) {
      unsigned o = 0;
      while (strcmp(pops[o].name, arith_cluster_ops[k]))
         o++;
      for (unsigned ci = 0; ci < 3; ci++) {
         const unsigned cluster = 2u << ci;
         /* ClusterSize must not be greater than the subgroup */
         if (cluster > size)
            continue;
         memset(&c, 0, sizeof(c));
         c.ext = "arith";
         snprintf(cluster_names[k][ci], 32, "arith_%s_cluster%u", pops[o].name, cluster);
         c.shader = cluster_names[k][ci];
         c.gen = gen_arith;
         c.check = check_arith;
         c.param[0] = o;
         c.param[1] = REF_SCAN_REDUCE;
         c.param[2] = cluster;
         snprintf(base, sizeof(base), "subgroup.arith.%s.compute.%s.size%u.cluster%u",
                  pops[o].name, pops[o].type, size, cluster);
         emit(&c, base, fn, data, PATTERNS_EVERY);
      }
   }

   /* IAdd in the vertex and fragment stages (a fragment pipeline may require
    * its subgroup size too): the reduce and scans, and clusters of 4 and 32
    * (a cluster no larger than the subgroup), with the patterns that do not
    * assume how invocations fill subgroups.
    */
   static const char *const gfx_arith[5] = {
      "reduce", "inclusive", "exclusive", "cluster4", "cluster32",
   };
   static char gfx_arith_names[2][5][40];
   for (unsigned g = 0; g < 2; g++) {
      const struct gfx_stage *gs = &gfx_stages[g];
      for (unsigned k = 0; k < 5; k++) {
         const unsigned cluster = k < 3 ? 0 : k == 3 ? 4 : 32;
         if (cluster > size)
            continue;
         memset(&c, 0, sizeof(c));
         c.ext = "arith";
         c.stage = gs->stage;
         snprintf(gfx_arith_names[g][k], 40, "arith_iadd_%s_%s", gfx_arith[k], gs->name);
         c.shader = gfx_arith_names[g][k];
         c.gen = gen_arith;
         c.check = check_arith;
         c.param[0] = 0; /* iadd */
         c.param[1] = k < 3 ? k : REF_SCAN_REDUCE;
         c.param[2] = cluster;
         snprintf(base, sizeof(base), "subgroup.arith.iadd.%s.uint32.size%u.%s", gs->name, size,
                  gfx_arith[k]);
         emit(&c, base, fn, data, gs->patterns);
      }
   }

   /* NaN, infinities, denormals and signed zeros ("one": a set of one
    * value, so FAdd of a lone -0.0 must give -0.0).
    */
   sized_enumerate(size, false, fn, data);

   static const struct fcase afcases[] = {
      { "fmin", REF_SCAN_REDUCE, FD_NAN, P_ALL | P_DIV },
      { "fmin", REF_SCAN_REDUCE, FD_ALLNAN, P_ALL },
      { "fmin", REF_SCAN_REDUCE, FD_ZEROS, P_ALL | P_ONE },
      { "fmin", REF_SCAN_REDUCE, FD_SPECIAL, P_ALL },
      { "fmin", REF_SCAN_INCLUSIVE, FD_NAN, P_ALL },
      { "fmin", REF_SCAN_INCLUSIVE, FD_ZEROS, P_ALL },
      { "fmin", REF_SCAN_EXCLUSIVE, FD_ALLNAN, P_ALL },
      { "fmax", REF_SCAN_REDUCE, FD_NAN, P_ALL | P_DIV },
      { "fmax", REF_SCAN_REDUCE, FD_ALLNAN, P_ALL },
      { "fmax", REF_SCAN_REDUCE, FD_ZEROS, P_ALL | P_ONE },
      { "fmax", REF_SCAN_REDUCE, FD_SPECIAL, P_ALL },
      { "fmax", REF_SCAN_INCLUSIVE, FD_NAN, P_ALL },
      { "fmax", REF_SCAN_INCLUSIVE, FD_ZEROS, P_ALL },
      { "fmax", REF_SCAN_EXCLUSIVE, FD_ALLNAN, P_ALL },
      { "fadd", REF_SCAN_REDUCE, FD_ZEROS, P_ALL | P_DIV | P_ONE },
      { "fadd", REF_SCAN_REDUCE, FD_SPECIAL, P_ALL },
      { "fadd", REF_SCAN_INCLUSIVE, FD_ZEROS, P_ALL },
      { "fadd", REF_SCAN_EXCLUSIVE, FD_ZEROS, P_ALL },
   };
   static char af_shaders[sizeof(afcases) / sizeof(afcases[0])][32];
   for (unsigned k = 0; k < sizeof(afcases) / sizeof(afcases[0]); k++) {
      const struct fcase *f = &afcases[k];
      memset(&c, 0, sizeof(c));
      c.ext = "arith";
      snprintf(af_shaders[k], 32, "arith_%s_%s_szin", f->op, scan_names[f->scan]);
      c.shader = af_shaders[k];
      c.gen = gen_arith;
      c.check = check_arith;
      c.param[0] = pop_index(f->op);
      c.param[1] = f->scan;
      c.param[3] = f->data;
      c.needs_features = VKH_FEAT_SZ_INF_NAN32;
      snprintf(base, sizeof(base), "subgroup.arith.%s.compute.float32.size%u.%s.%s", f->op,
               size, scan_names[f->scan], fdata_names[f->data]);
      emit(&c, base, fn, data, f->patterns);
   }
   for (unsigned d = FD_NAN; d <= FD_ALLNAN; d++) {
      memset(&c, 0, sizeof(c));
      c.ext = "arith";
      c.shader = "arith_fmin_cluster4_szin";
      c.gen = gen_arith;
      c.check = check_arith;
      c.param[0] = pop_index("fmin");
      c.param[1] = REF_SCAN_REDUCE;
      c.param[2] = 4;
      c.param[3] = d;
      c.needs_features = VKH_FEAT_SZ_INF_NAN32;
      snprintf(base, sizeof(base), "subgroup.arith.fmin.compute.float32.size%u.cluster4.%s",
               size, fdata_names[d]);
      emit(&c, base, fn, data, P_ALL);
   }
}
