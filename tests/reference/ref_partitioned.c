/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 *
 * SPV_EXT_shader_subgroup_partitioned: OpGroupNonUniformPartitionEXT and
 * the PartitionedReduce / InclusiveScan / ExclusiveScan group operations.
 */

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "reference.h"

unsigned
ref_ptype_bits(enum ref_ptype t)
{
   switch (t) {
   case REF_T_UINT8: return 8;
   case REF_T_UINT16: case REF_T_FLOAT16: return 16;
   case REF_T_UINT64: case REF_T_FLOAT64: return 64;
   case REF_T_BOOL: return 1;
   default: return 32;
   }
}

bool
ref_ptype_is_float(enum ref_ptype t)
{
   return t == REF_T_FLOAT16 || t == REF_T_FLOAT32 || t == REF_T_FLOAT64;
}

static uint64_t
type_mask(enum ref_ptype t)
{
   const unsigned bits = ref_ptype_bits(t);
   return bits >= 64 ? ~0ull : (1ull << bits) - 1;
}

enum ref_reading ref_reading = REF_READING_SERIES;

/* IEEE 754: all exponent bits set and a non-zero significand. */
bool
ref_component_is_nan(enum ref_ptype t, uint64_t a)
{
   switch (t) {
   case REF_T_FLOAT16: return (a & 0x7c00) == 0x7c00 && (a & 0x03ff);
   case REF_T_FLOAT32: return (a & 0x7f800000) == 0x7f800000 && (a & 0x007fffff);
   case REF_T_FLOAT64:
      return (a & 0x7ff0000000000000ull) == 0x7ff0000000000000ull &&
             (a & 0x000fffffffffffffull);
   default: return false;
   }
}

static bool
is_float_zero(enum ref_ptype t, uint64_t a)
{
   switch (t) {
   case REF_T_FLOAT16: return !(a & 0x7fff);
   case REF_T_FLOAT32: return !(a & 0x7fffffff);
   default: return !(a & 0x7fffffffffffffffull);
   }
}

/* "all tangled invocations in each subset of the partition have the same
 * value of value.  For any two invocations in different subsets of the
 * partition, either their values of value must not be equal or one must be
 * a floating point NaN."  Equality is the type's: integers and Booleans by
 * value; floats by ordered equality, so NaN equals nothing and -0.0 equals
 * +0.0.
 */
bool
ref_component_equal(enum ref_ptype t, uint64_t a, uint64_t b)
{
   if (t == REF_T_BOOL)
      return (a != 0) == (b != 0);
   a &= type_mask(t);
   b &= type_mask(t);
   if (!ref_ptype_is_float(t))
      return a == b;
   if (ref_component_is_nan(t, a) || ref_component_is_nan(t, b))
      return false;
   return a == b || (is_float_zero(t, a) && is_float_zero(t, b));
}

static bool
bit_set(const struct ref_ballot *b, unsigned i)
{
   return (b->w[i / 32] >> (i % 32)) & 1;
}

static bool
ballot_equal(const struct ref_ballot *a, const struct ref_ballot *b)
{
   return !memcmp(a->w, b->w, sizeof(a->w));
}

const char *
ref_partition_verify(const struct ref_subgroup *sg, enum ref_ptype t, unsigned comps,
                     const uint64_t (*value)[4], const struct ref_ballot *mask,
                     char *buf, unsigned buf_size)
{
   for (unsigned i = 0; i < sg->size; i++) {
      if (!sg->active[i])
         continue;

      /* "a valid partition of the tangled invocations": every active
       * invocation is in its own subset, and a subset holds only tangled
       * invocations.
       */
      if (!bit_set(&mask[i], i)) {
         snprintf(buf, buf_size, "lane %u: its own bit is not set", i);
         return buf;
      }
      for (unsigned j = 0; j < REF_MAX_LANES; j++) {
         if (bit_set(&mask[i], j) && (j >= sg->size || !sg->active[j])) {
            snprintf(buf, buf_size, "lane %u: mask holds lane %u, which is %s", i, j,
                     j >= sg->size ? "past the subgroup" : "inactive");
            return buf;
         }
      }

      for (unsigned j = 0; j < sg->size; j++) {
         if (!sg->active[j] || j == i)
            continue;
         /* equal: every component equal (so never with a NaN component).
          * may_share: every component equal or NaN in both lanes.  The spec
          * requires equal values to share a subset and values in one subset
          * to be "the same value"; whether two NaNs count as the same value
          * it leaves open, so lanes whose only differences are components
          * that are NaN in both may group or not.  Any other difference --
          * a NaN against a number, or another component that differs, as
          * (NaN, 1) against (NaN, 2) -- keeps them apart.  The Vulkan
          * reading also lets -0.0 and +0.0 group or not (a driver may
          * ignore the sign of a zero; a bitwise compare splits them).
          */
         bool equal = true, may_share = true, any_nan = false;
         for (unsigned c = 0; c < comps; c++) {
            const bool ce = ref_component_equal(t, value[i][c], value[j][c]);
            const bool both_nan = ref_component_is_nan(t, value[i][c]) &&
                                  ref_component_is_nan(t, value[j][c]);
            const bool signed_zeros = ref_reading == REF_READING_VULKAN &&
                                      ref_ptype_is_float(t) && ce &&
                                      ((value[i][c] ^ value[j][c]) & type_mask(t));
            equal &= ce && !signed_zeros;
            may_share &= ce || both_nan;
            any_nan |= ref_component_is_nan(t, value[i][c]) ||
                       ref_component_is_nan(t, value[j][c]);
         }
         const bool same_subset = bit_set(&mask[i], j);
         /* A subset: j in i's mask exactly when their masks are equal. */
         if (same_subset != ballot_equal(&mask[i], &mask[j])) {
            snprintf(buf, buf_size, "lanes %u and %u: %s, but their masks %s", i, j,
                     same_subset ? "one holds the other" : "neither holds the other",
                     same_subset ? "differ" : "are equal");
            return buf;
         }
         if (equal && !same_subset) {
            snprintf(buf, buf_size, "lanes %u and %u hold equal values in different subsets",
                     i, j);
            return buf;
         }
         if (!may_share && same_subset) {
            snprintf(buf, buf_size, "lanes %u and %u hold different values%s in one subset",
                     i, j, any_nan ? " (a NaN component, and a difference NaN does not excuse)"
                                   : "");
            return buf;
         }
      }
   }
   return NULL;
}

/* Equal in the bits of the subgroup's invocations: "bits not corresponding
 * to any invocation in the subgroup are ignored".
 */
static bool
ballot_equal_in_subgroup(const struct ref_subgroup *sg, const struct ref_ballot *a,
                         const struct ref_ballot *b)
{
   for (unsigned j = 0; j < sg->size; j++) {
      if (bit_set(a, j) != bit_set(b, j))
         return false;
   }
   return true;
}

/* "If two active invocations i and j have the same value of ballot, they are
 * said to be in the same subset of the partition."
 */
struct ref_ballot
ref_partition_subset(const struct ref_subgroup *sg, const struct ref_ballot *ballot,
                     unsigned lane)
{
   struct ref_ballot s;
   memset(&s, 0, sizeof(s));
   for (unsigned j = 0; j < sg->size; j++) {
      if (sg->active[j] && ballot_equal_in_subgroup(sg, &ballot[j], &ballot[lane]))
         s.w[j / 32] |= 1u << (j % 32);
   }
   return s;
}

/* Values of a float format as doubles, and back, rounding to nearest even
 * (IEEE 754 binary16 / binary32 / binary64).  Every binary16 and binary32
 * value is exact as a double; one operation on doubles rounded once to the
 * narrower format gives the correctly rounded result of that format (the
 * double's 53 bits are more than twice 24 + 2).
 */
static double
half_to_double(uint16_t h)
{
   const int e = (h >> 10) & 0x1f;
   const int m = h & 0x3ff;
   double v;
   if (e == 0x1f)
      v = m ? NAN : INFINITY;
   else if (e == 0)
      v = ldexp(m, -24);                 /* subnormal: m * 2^-24 */
   else
      v = ldexp(m | 0x400, e - 25);      /* 1.m * 2^(e - 15) */
   return (h & 0x8000) ? -v : v;
}

static uint16_t
double_to_half(double d)
{
   const uint16_t sign = signbit(d) ? 0x8000 : 0;
   if (isnan(d))
      return 0x7e00;
   d = fabs(d);
   if (d >= 65520.0) /* at or past the midpoint of 65504 and 2^16 */
      return sign | 0x7c00;
   /* In units of the spacing at d's binade (2^-24 below 2^-14), round to
    * nearest even with rint() (the default rounding mode).
    */
   int e;
   frexp(d, &e);                          /* d = f * 2^e, f in [0.5, 1) */
   const int unit = e - 11 < -24 ? -24 : e - 11;
   const double q = rint(ldexp(d, -unit)); /* integer number of units */
   const double r = ldexp(q, unit);
   if (r == 0.0)
      return sign;
   if (r < ldexp(1, -14))
      return sign | (uint16_t)q;           /* subnormal */
   int re;
   const double rf = frexp(r, &re);        /* r = rf * 2^re, rf in [0.5, 1) */
   const int m = (int)ldexp(rf, 11) - 0x400;
   return sign | (uint16_t)((re + 14) << 10) | (uint16_t)m;
}

static double
to_double(unsigned bits, uint64_t u)
{
   if (bits == 16)
      return half_to_double((uint16_t)u);
   if (bits == 32) {
      float f;
      const uint32_t w = (uint32_t)u;
      memcpy(&f, &w, 4);
      return f;
   }
   double d;
   memcpy(&d, &u, 8);
   return d;
}

static uint64_t
from_double(unsigned bits, double d)
{
   if (bits == 16)
      return double_to_half(d);
   if (bits == 32) {
      const float f = (float)d;
      uint32_t w;
      memcpy(&w, &f, 4);
      return w;
   }
   uint64_t u;
   memcpy(&u, &d, 8);
   return u;
}

uint64_t
ref_float_bits(unsigned bits, double d)
{
   return from_double(bits, d);
}

static enum ref_ptype
float_type(unsigned bits)
{
   return bits == 16 ? REF_T_FLOAT16 : bits == 32 ? REF_T_FLOAT32 : REF_T_FLOAT64;
}

static uint64_t
bits_mask(unsigned bits)
{
   return bits >= 64 ? ~0ull : (1ull << bits) - 1;
}

/* An integer of `bits` bits read as signed. */
static int64_t
as_signed(unsigned bits, uint64_t u)
{
   if (bits >= 64)
      return (int64_t)u;
   const uint64_t sign = 1ull << (bits - 1);
   u &= bits_mask(bits);
   return (int64_t)((u ^ sign) - sign);
}

/* The identity I of each operation (SPIR-V's OpGroupNonUniform* text). */
static uint64_t
identity(enum ref_pop op, unsigned bits)
{
   const uint64_t all = bits_mask(bits);
   switch (op) {
   case REF_OP_IADD: case REF_OP_OR: case REF_OP_XOR: case REF_OP_UMAX:
   case REF_OP_LOR: case REF_OP_LXOR:
      return 0;
   case REF_OP_IMUL: return 1;
   case REF_OP_UMIN: case REF_OP_AND: return all;
   case REF_OP_SMIN: return all >> 1;               /* the largest signed value */
   case REF_OP_SMAX: return (all >> 1) + 1;         /* the smallest */
   case REF_OP_FADD: return from_double(bits, 0.0);
   case REF_OP_FMUL: return from_double(bits, 1.0);
   case REF_OP_FMIN: return from_double(bits, INFINITY);
   case REF_OP_FMAX: return from_double(bits, -INFINITY);
   case REF_OP_LAND: return 1;
   default: return 0;
   }
}

/* a op b for operands of `bits` bits; integers wrap modulo 2^bits, floats
 * are rounded to their format.
 */
static uint64_t
combine(enum ref_pop op, unsigned bits, uint64_t a, uint64_t b)
{
   const uint64_t m = bits_mask(bits);
   a &= m;
   b &= m;
   switch (op) {
   case REF_OP_IADD: return (a + b) & m;
   case REF_OP_IMUL: return (a * b) & m;
   case REF_OP_UMIN: return a < b ? a : b;
   case REF_OP_UMAX: return a > b ? a : b;
   case REF_OP_SMIN: return as_signed(bits, a) < as_signed(bits, b) ? a : b;
   case REF_OP_SMAX: return as_signed(bits, a) > as_signed(bits, b) ? a : b;
   case REF_OP_FADD: return from_double(bits, to_double(bits, a) + to_double(bits, b));
   case REF_OP_FMUL: return from_double(bits, to_double(bits, a) * to_double(bits, b));
   case REF_OP_FMIN: return from_double(bits, fmin(to_double(bits, a), to_double(bits, b)));
   case REF_OP_FMAX: return from_double(bits, fmax(to_double(bits, a), to_double(bits, b)));
   case REF_OP_AND: return a & b;
   case REF_OP_OR: return a | b;
   case REF_OP_XOR: return a ^ b;
   case REF_OP_LAND: return (a && b) ? 1 : 0;
   case REF_OP_LOR: return (a || b) ? 1 : 0;
   case REF_OP_LXOR: return (!a != !b) ? 1 : 0;
   default: return 0;
   }
}

/* A non-zero value below the format's smallest normal. */
static bool
is_denorm(unsigned bits, uint64_t u)
{
   return u != 0 && fabs(to_double(bits, u)) < (bits == 16   ? ldexp(1, -14)
                                                : bits == 32 ? ldexp(1, -126)
                                                             : ldexp(1, -1022));
}

static void
accept_add(uint64_t *accept, unsigned *n, uint64_t v)
{
   for (unsigned k = 0; k < *n; k++) {
      if (accept[k] == v)
         return;
   }
   if (*n < REF_MAX_ACCEPT)
      accept[(*n)++] = v;
}

/* OpGroupNonUniformFMin / FMax, from the unified SPIR-V specification
 * (Non-Uniform Instructions):
 *
 *   "The identity I for Operation is +INF [-INF for FMax]. ... The method
 *   used to perform the group operation on the contributed Value(s) from
 *   active invocations is implementation defined. From the set of Value(s)
 *   provided by active invocations within a subgroup, if for any two Values
 *   one of them is a NaN, the other is chosen. If all Value(s) that are used
 *   by the current invocation are NaN, then the result is an undefined
 *   value."
 *
 * So a NaN among the values used is ignored; only when every value used is
 * a NaN is the result undefined (don't care).  No value used (an exclusive
 * scan's first invocation): the identity.
 *
 * -0.0 and +0.0 compare equal (IEEE 754), and the spec does not say which
 * of two equal values the minimum (maximum) is, so it leaves the sign of a
 * zero result free: where the least (greatest) value is a zero and both
 * zeros are among the values used, either zero is accepted.
 *
 * Denormals: a shader without the DenormPreserve execution mode may flush
 * them to zero (Vulkan, "Precision and Operation of SPIR-V Instructions";
 * lavapipe advertises neither DenormPreserve nor DenormFlushToZero), on the
 * way in or out.  Where a denormal is among the values used and the exact
 * answer is a zero or a denormal, +0.0 and -0.0 are accepted as well.
 */
static unsigned
fminmax_accept(enum ref_pop op, unsigned bits, const uint64_t *used, unsigned n,
               uint64_t *accept)
{
   const enum ref_ptype t = float_type(bits);
   int best = -1;
   bool denorm = false;
   for (unsigned k = 0; k < n; k++) {
      if (ref_component_is_nan(t, used[k]))
         continue;
      denorm |= is_denorm(bits, used[k]);
      const double f = to_double(bits, used[k]);
      const double b = best < 0 ? 0.0 : to_double(bits, used[best]);
      if (best < 0 || (op == REF_OP_FMIN ? f < b : f > b))
         best = (int)k;
   }
   if (best < 0)
      return 0;
   unsigned na = 0;
   const double b = to_double(bits, used[best]);
   for (unsigned k = 0; k < n; k++) {
      if (!ref_component_is_nan(t, used[k]) && to_double(bits, used[k]) == b)
         accept_add(accept, &na, used[k]);
   }
   if (denorm && (b == 0.0 || is_denorm(bits, used[best]))) {
      accept_add(accept, &na, from_double(bits, 0.0));
      accept_add(accept, &na, from_double(bits, -0.0));
   }
   return na;
}

/* Reduce: the operation over every invocation of the subset.  Inclusive
 * scan: over the subset's invocations with an id at most this one's;
 * exclusive: strictly below, the identity when there are none.  SPIR-V's
 * Group Operation table: InclusiveScan of [a0, a1, ... an-1] is "[a0, (a0 op
 * a1), ...(a0 op a1 op ... op an-1)]", ExclusiveScan "[I, a0, (a0 op a1),
 * ... (a0 op a1 op ... op an-2)]".  So the values are combined among
 * themselves and the identity I stands only for an empty set: a single
 * value's sum is the value itself (FAdd of a lone -0.0 is -0.0, no addition
 * happens; -0.0 + -0.0 is -0.0 as well, and only a +0.0 among the addends
 * makes a zero sum +0.0).  Float
 * add and multiply are combined in invocation order: the cases use inputs
 * whose sums and products are exact, so any order gives the same bits.
 */
unsigned
ref_partitioned_scan_accept(const struct ref_subgroup *sg, enum ref_pop op, unsigned bits,
                            enum ref_scan scan, const struct ref_ballot *ballot,
                            const uint64_t *x, unsigned lane, uint64_t *accept)
{
   const struct ref_ballot subset = ref_partition_subset(sg, ballot, lane);
   uint64_t used[REF_MAX_LANES];
   unsigned n = 0;
   for (unsigned j = 0; j < sg->size; j++) {
      if (!bit_set(&subset, j))
         continue;
      if (scan == REF_SCAN_INCLUSIVE && j > lane)
         break;
      if (scan == REF_SCAN_EXCLUSIVE && j >= lane)
         break;
      used[n++] = x[j] & bits_mask(bits);
   }
   if (!n) {
      accept[0] = identity(op, bits);
      return 1;
   }
   const bool is_float =
      op == REF_OP_FADD || op == REF_OP_FMUL || op == REF_OP_FMIN || op == REF_OP_FMAX;
   if (is_float && ref_reading == REF_READING_VULKAN) {
      /* A NaN or an infinity among the values: undefined (see
       * REF_READING_VULKAN).
       */
      for (unsigned k = 0; k < n; k++) {
         if (isinf(to_double(bits, used[k])) || isnan(to_double(bits, used[k])))
            return 0;
      }
   }
   unsigned na;
   if (op == REF_OP_FMIN || op == REF_OP_FMAX) {
      na = fminmax_accept(op, bits, used, n, accept);
   } else {
      uint64_t acc = used[0];
      for (unsigned k = 1; k < n; k++)
         acc = combine(op, bits, acc, used[k]);
      accept[0] = acc;
      na = 1;
   }
   /* The Vulkan reading: a zero result of either sign. */
   if (is_float && ref_reading == REF_READING_VULKAN && na && to_double(bits, accept[0]) == 0.0) {
      accept_add(accept, &na, from_double(bits, 0.0));
      accept_add(accept, &na, from_double(bits, -0.0));
   }
   return na;
}
