/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 *
 * cl.extended.*: broadcast, reduce and scans on 8-, 16- and 64-bit
 * integers, half and double (extended_types.cl,
 * cl_khr_subgroup_extended_types and the non-uniform arithmetic).
 */

#include <stdio.h>
#include <string.h>

#include "cl_runner.h"

/* --- 8-, 16- and 64-bit integers, half and double (extended_types.cl) -- */

static const struct ext_type {
   const char *name; /* the OpenCL C type; kernels ext_core_<name>, ext_nu_<name> */
   unsigned bits;
   bool is_float, is_signed;
   const char *ext; /* an extension the type needs, or NULL */
} ext_types[] = {
   {"char", 8, false, true, NULL},   {"uchar", 8, false, false, NULL},
   {"short", 16, false, true, NULL}, {"ushort", 16, false, false, NULL},
   {"long", 64, false, true, NULL},  {"ulong", 64, false, false, NULL},
   {"half", 16, true, true, "cl_khr_fp16"}, {"double", 64, true, true, "cl_khr_fp64"},
};
#define NUM_EXT_TYPES (sizeof(ext_types) / sizeof(ext_types[0]))
/* Whether the device offers each type's extension (extended_types_offered()). */
static bool ext_type_ok[NUM_EXT_TYPES];

static uint32_t ext_in[N * 4], ext_pred[N], ext_out[N * 64], ext_where[N];

static uint64_t
ext_bits_mask(const struct ext_type *t)
{
   return t->bits == 64 ? ~0ull : (1ull << t->bits) - 1;
}

/* The kernels' input of work-item gid (word 0 or 2 of its four), as bits. */
static uint64_t
ext_value(const struct ext_type *t, unsigned gid, unsigned word)
{
   const uint32_t *w = ext_in + 4 * gid + word;
   if (t->is_float)
      return ref_float_bits(t->bits, (double)((int)(w[0] % 33u) - 16));
   return (w[0] | (uint64_t)w[1] << 32) & ext_bits_mask(t);
}

static uint64_t
ext_result(unsigned gid, unsigned stride, unsigned k)
{
   uint64_t v;
   memcpy(&v, &ext_out[2 * (stride * gid + k)], 8);
   return v;
}

static enum ref_pop
ext_op(const struct ext_type *t, unsigned op)
{
   static const enum ref_pop ints[2][7] = {
      {REF_OP_IADD, REF_OP_UMIN, REF_OP_UMAX, REF_OP_IMUL, REF_OP_AND, REF_OP_OR, REF_OP_XOR},
      {REF_OP_IADD, REF_OP_SMIN, REF_OP_SMAX, REF_OP_IMUL, REF_OP_AND, REF_OP_OR, REF_OP_XOR},
   };
   static const enum ref_pop floats[3] = {REF_OP_FADD, REF_OP_FMIN, REF_OP_FMAX};
   return t->is_float ? floats[op] : ints[t->is_signed][op];
}

/* Result word `k` of every active lane of the last launch against the
 * reduce / scan the reference gives with each lane's ballot being its
 * cluster of `cluster` lanes.  Counts what it compared in *checked.
 */
static const char *
ext_check_scan(const struct ext_type *t, unsigned stride, unsigned k, enum ref_pop op,
               enum ref_scan scan, unsigned cluster, unsigned *checked)
{
   const uint64_t mask = ext_bits_mask(t);
   for (unsigned s = 0; s < num_sgs; s++) {
      const struct sg_map *m = &sgs[s];
      struct ref_ballot ballots[REF_MAX_LANES];
      uint64_t x[REF_MAX_LANES];
      memset(ballots, 0, sizeof(ballots));
      for (unsigned l = 0; l < m->sg.size; l++) {
         x[l] = ext_value(t, m->gid[l], 0);
         const unsigned first = l / cluster * cluster;
         for (unsigned j = first; j < first + cluster && j < REF_MAX_LANES; j++)
            ballots[l].w[j / 32] |= 1u << (j % 32);
      }
      for (unsigned l = 0; l < m->sg.size; l++) {
         if (!m->sg.active[l])
            continue;
         uint64_t accept[REF_MAX_ACCEPT];
         const unsigned na =
            ref_partitioned_scan_accept(&m->sg, op, t->bits, scan, ballots, x, l, accept);
         const uint64_t got = ext_result(m->gid[l], stride, k);
         bool ok = na == 0;
         *checked += na != 0;
         for (unsigned i = 0; i < na; i++)
            ok |= got == (accept[i] & mask);
         if (!ok)
            return fail("subgroup %u (size %u) lane %u: %#llx, want %#llx", s, m->sg.size, l,
                        (unsigned long long)got, (unsigned long long)(accept[0] & mask));
      }
   }
   return NULL;
}

/* Broadcast of the value of lane `index` (component word 0 or 2). */
static const char *
ext_check_broadcast(const struct ext_type *t, unsigned k, unsigned index, unsigned word,
                    unsigned *checked)
{
   for (unsigned s = 0; s < num_sgs; s++) {
      const struct sg_map *m = &sgs[s];
      /* the index must name a work-item of the subgroup */
      if (index >= m->sg.size)
         continue;
      const uint64_t want = ext_value(t, m->gid[index], word);
      for (unsigned l = 0; l < m->sg.size; l++) {
         const uint64_t got = ext_result(m->gid[l], 16, k);
         (*checked)++;
         if (got != want)
            return fail("subgroup %u (size %u) lane %u: %#llx, want lane %u's %#llx", s,
                        m->sg.size, l, (unsigned long long)got, index,
                        (unsigned long long)want);
      }
   }
   return NULL;
}

static const char *const ext_core_names[] = {
   "broadcast",     "reduce_add",    "reduce_min",    "reduce_max",
   "inclusive_add", "inclusive_min", "inclusive_max", "exclusive_add",
   "exclusive_min", "exclusive_max", "broadcast_vec2",
};
#define NUM_EXT_CORE (sizeof(ext_core_names) / sizeof(ext_core_names[0]))
static const char *const ext_nu_names[] = {
   "add", "min", "max", "mul", "and", "or", "xor", "clustered_add_c4",
};

/* Case c of part `core` (ext_core_<type>) or of the non-uniform part
 * (divergent or not): its name; *op_out the operation of a non-uniform case
 * (floats have add, min, max and, as their fourth, clustered add).
 */
static void
ext_case_name(char *name, size_t size, const struct ext_type *t, bool core, bool divergent,
              unsigned c, unsigned local, const char *tag, unsigned *op_out)
{
   const unsigned op = !core && t->is_float && c == 3 ? 7 : c;
   if (core)
      snprintf(name, size, "cl.extended.%s.%s.l%u.%s", t->name, ext_core_names[c], local, tag);
   else
      snprintf(name, size, "cl.extended.nu.%s.%s.%s.l%u.%s", divergent ? "divergent" : "uniform",
               t->name, ext_nu_names[op], local, tag);
   *op_out = op;
}

/* One launch of ext_core_<type> (every work-item: the functions are
 * uniform), eleven cases; one of ext_nu_<type> per divergence, one case per
 * operation.  Without the type's extension the cases skip (the kernels are
 * not built).
 */
static void
run_extended(cl_program prog, unsigned local, unsigned ti, const char *tag)
{
   const struct ext_type *t = &ext_types[ti];
   char name[160], why[16][sizeof(msg)];
   const unsigned index = 1;
   for (unsigned part = 0; part < 3; part++) {
      const bool core = part == 0, divergent = part == 2;
      const unsigned ncases = core ? NUM_EXT_CORE : t->is_float ? 4 : 8;
      bool any = false;
      for (unsigned c = 0; c < ncases; c++) {
         unsigned op;
         ext_case_name(name, sizeof(name), t, core, divergent, c, local, tag, &op);
         any |= case_wanted(name);
         why[c][0] = 0;
      }
      if (!any)
         continue;
      const char *err = NULL;
      if (!prog || !ext_type_ok[ti]) {
         err = !prog ? "extended_types.cl did not build (see its build case)"
                     : fail(SKIP "the device does not offer %s", t->ext);
      } else {
         fill(ext_in, N * 4, 700 + ti * 8 + part + local * 64, 0);
         prepare(ext_pred, divergent, 701 + ti * 8 + local * 64, ext_out, N * 64, ext_where);
         char kernel[32];
         snprintf(kernel, sizeof(kernel), "ext_%s_%s", core ? "core" : "nu", t->name);
         struct arg core_args[] = {IN_WORDS(ext_in, N * 4), OUT(ext_out, N * 64),
                                   OUT(ext_where, N), VAL(index)};
         struct arg nu_args[] = {IN_WORDS(ext_in, N * 4), IN(ext_pred), OUT(ext_out, N * 64),
                                 OUT(ext_where, N)};
         err = core ? launch(prog, kernel, local, core_args, 4)
                    : launch(prog, kernel, local, nu_args, 4);
         if (!err)
            err = map_subgroups(ext_where, core ? NULL : ext_pred, local, max_lanes);
      }
      for (unsigned c = 0; c < ncases && !err; c++) {
         unsigned op;
         ext_case_name(name, sizeof(name), t, core, divergent, c, local, tag, &op);
         unsigned checked = 0;
         const char *r = NULL;
         if (core && (c == 0 || c == 10)) {
            r = ext_check_broadcast(t, c, index, c ? 2 : 0, &checked);
         } else if (core) {
            r = ext_check_scan(t, 16, c, ext_op(t, (c - 1) % 3), (enum ref_scan)((c - 1) / 3),
                               max_lanes, &checked);
         } else if (op == 7) {
            r = ext_check_scan(t, 32, 21, ext_op(t, 0), REF_SCAN_REDUCE, 4, &checked);
         } else {
            for (unsigned sc = 0; sc < 3 && !r; sc++)
               r = ext_check_scan(t, 32, 3 * op + sc, ext_op(t, op), (enum ref_scan)sc,
                                  max_lanes, &checked);
         }
         if (!r)
            r = nothing_checked(checked, checked, "");
         if (r)
            snprintf(why[c], sizeof(why[c]), "%s", r);
      }
      for (unsigned c = 0; c < ncases; c++) {
         unsigned op;
         ext_case_name(name, sizeof(name), t, core, divergent, c, local, tag, &op);
         report(name, err ? err : why[c][0] ? why[c] : NULL);
      }
   }
}

/* Which types' extensions the device lists in `exts`
 * (CL_DEVICE_EXTENSIONS).
 */
void
extended_types_offered(const char *exts)
{
   for (unsigned t = 0; t < NUM_EXT_TYPES; t++)
      ext_type_ok[t] = !ext_types[t].ext || has_word(exts, ext_types[t].ext);
}

/* Every type's cases at one work-group size. */
void
run_extended_types(cl_program prog, unsigned local, const char *tag)
{
   for (unsigned t = 0; t < NUM_EXT_TYPES; t++)
      run_extended(prog, local, t, tag);
}
