/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 *
 * spirv_to_nir unit tests: modules the patch set must accept (checked by
 * the NIR they produce, then by running the generic lowering at every
 * ballot layout and validating the result), and modules it must reject
 * with a clean error naming the rule (never a crash, assert or UB; CI runs
 * this under ASan + UBSan too).
 *
 * Usage: vtn-unit-tests DIR   (DIR holds the assembled NAME.spv modules)
 */

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nir.h"
#include "nir_builder.h"
#include "nir_spirv.h"
#include "spirv_info.h"
#include "nir_lower_subgroup_block_io.h"
#include "nir_lower_workgroup_rotate.h"

static const char *spv_dir;
static unsigned passed, failed;

struct messages {
   char errors[2048];
};

static void
debug_cb(void *data, enum nir_spirv_debug_level level, size_t offset, const char *msg)
{
   (void)offset;
   struct messages *m = data;
   if (level == NIR_SPIRV_DEBUG_LEVEL_ERROR) {
      size_t n = strlen(m->errors);
      snprintf(m->errors + n, sizeof(m->errors) - n, "%s\n", msg);
   }
}

static uint32_t *
load(const char *name, size_t *words)
{
   char path[1024];
   snprintf(path, sizeof(path), "%s/%s.spv", spv_dir, name);
   FILE *f = fopen(path, "rb");
   if (!f)
      return NULL;
   fseek(f, 0, SEEK_END);
   long n = ftell(f);
   fseek(f, 0, SEEK_SET);
   uint32_t *w = malloc(n);
   if (fread(w, 1, n, f) != (size_t)n) {
      free(w);
      fclose(f);
      return NULL;
   }
   fclose(f);
   *words = n / 4;
   return w;
}

static const nir_shader_compiler_options nir_options = {
   .max_unroll_iterations = 32,
};

static bool emit_debug_break;

static nir_shader *
translate(const char *name, enum nir_spirv_execution_environment env, struct messages *m)
{
   const bool kernel = env == NIR_SPIRV_OPENCL;
   size_t words;
   uint32_t *spv = load(name, &words);
   if (!spv)
      return NULL;
   struct spirv_capabilities caps = {
      .Shader = true,
      .Groups = true,
      .GroupNonUniform = true,
      .GroupNonUniformArithmetic = true,
      .GroupNonUniformBallot = true,
      .GroupNonUniformClustered = true,
      .GroupNonUniformPartitionedNV = true,
      .GroupNonUniformRotateKHR = true,
      .SubgroupBallotKHR = true,
      .Addresses = true,
      .Kernel = true,
      .Int64 = true,
      .SubgroupShuffleINTEL = true,
      .SubgroupBufferBlockIOINTEL = true,
      .SubgroupImageBlockIOINTEL = true,
      .Vector16 = true,
      .Image1D = true,
   };
   struct spirv_to_nir_options opts = {
      .environment = env,
      .capabilities = &caps,
      .ubo_addr_format = nir_address_format_32bit_index_offset,
      .ssbo_addr_format = nir_address_format_32bit_index_offset,
      .phys_ssbo_addr_format = nir_address_format_64bit_global,
      .push_const_addr_format = nir_address_format_32bit_offset,
      .shared_addr_format = nir_address_format_32bit_offset,
      .create_library = kernel,
      .debug = { .func = debug_cb, .private_data = m },
      /* Errors are what these tests expect: no SIGTRAP in debug builds. */
      .skip_os_break_in_debug_build = true,
      .emit_debug_break = emit_debug_break,
   };
   if (kernel) {
      opts.global_addr_format = nir_address_format_64bit_global;
      opts.temp_addr_format = nir_address_format_64bit_global;
      opts.constant_addr_format = nir_address_format_64bit_global;
      opts.shared_addr_format = nir_address_format_64bit_global;
   }
   nir_shader *s = spirv_to_nir(spv, words, NULL, 0,
                                kernel ? MESA_SHADER_KERNEL : MESA_SHADER_COMPUTE, "main",
                                &opts, &nir_options);
   free(spv);
   return s;
}

static void
report(const char *name, bool ok, const char *why)
{
   printf("vtn.%s: %s%s%s\n", name, ok ? "pass" : "FAIL", ok ? "" : " - ", ok ? "" : why);
   if (ok)
      passed++;
   else
      failed++;
}

/* The module must be rejected with an error containing `expect`. */
static void
expect_error(const char *name, const char *expect)
{
   struct messages m = { { 0 } };
   nir_shader *s = translate(name, NIR_SPIRV_VULKAN, &m);
   char why[2600];
   if (s) {
      snprintf(why, sizeof(why), "accepted; expected an error containing \"%s\"", expect);
      report(name, false, why);
      ralloc_free(s);
      return;
   }
   if (!strstr(m.errors, expect)) {
      snprintf(why, sizeof(why), "error \"%s\" does not contain \"%s\"", m.errors, expect);
      report(name, false, why);
      return;
   }
   report(name, true, NULL);
}

struct find {
   nir_intrinsic_op op;
   int reduction_op;  /* -1: don't check */
   int cluster_size;  /* -1: don't check */
   unsigned found;
   bool any;          /* at least one, not exactly one */
};

static unsigned
count_intrinsics(nir_shader *s, struct find *f)
{
   f->found = 0;
   nir_foreach_function_impl(impl, s) {
      nir_foreach_block(block, impl) {
         nir_foreach_instr(instr, block) {
            if (instr->type != nir_instr_type_intrinsic)
               continue;
            nir_intrinsic_instr *in = nir_instr_as_intrinsic(instr);
            if (in->intrinsic != f->op)
               continue;
            if (f->reduction_op >= 0 && nir_intrinsic_reduction_op(in) != (nir_op)f->reduction_op)
               continue;
            if (f->cluster_size >= 0 && nir_intrinsic_cluster_size(in) != (unsigned)f->cluster_size)
               continue;
            f->found++;
         }
      }
   }
   return f->found;
}

static bool
has_partitioned(nir_shader *s)
{
   static const nir_intrinsic_op ops[] = {
      nir_intrinsic_partition, nir_intrinsic_partitioned_reduce,
      nir_intrinsic_partitioned_inclusive_scan, nir_intrinsic_partitioned_exclusive_scan,
   };
   for (unsigned i = 0; i < 4; i++) {
      struct find f = { ops[i], -1, -1, 0 };
      if (count_intrinsics(s, &f))
         return true;
   }
   return false;
}

/* The module must translate to NIR holding the intrinsic described by f;
 * the generic lowering must then remove every partitioned intrinsic at each
 * ballot layout and leave valid NIR.
 */
static void
expect_intrinsic_env(const char *name, struct find f, enum nir_spirv_execution_environment env)
{
   struct messages m = { { 0 } };
   nir_shader *s = translate(name, env, &m);
   char why[2600];
   if (!s) {
      snprintf(why, sizeof(why), "rejected: %s", m.errors);
      report(name, false, why);
      return;
   }
   const unsigned n = count_intrinsics(s, &f);
   if (f.any ? n == 0 : n != 1) {
      snprintf(why, sizeof(why), "expected %s %s with the right indices, found %u",
               f.any ? "some" : "one",
               nir_intrinsic_infos[f.op].name, f.found);
      report(name, false, why);
      ralloc_free(s);
      return;
   }
   report(name, true, NULL);

   static const struct { uint8_t comps, bits; const char *name; } layouts[] = {
      { 4, 32, "4x32" }, { 1, 32, "1x32" }, { 1, 64, "1x64" },
   };
   for (unsigned l = 0; l < 3; l++) {
      nir_shader *c = nir_shader_clone(NULL, s);
      const nir_lower_subgroups_options o = {
         .ballot_components = layouts[l].comps,
         .ballot_bit_size = layouts[l].bits,
         .lower_partitioned = true,
      };
      nir_lower_subgroups(c, &o);
      char lname[160];
      snprintf(lname, sizeof(lname), "%s.lowered_%s", name, layouts[l].name);
#ifndef NDEBUG
      nir_validate_shader(c, lname);
#endif
      report(lname, !has_partitioned(c), "partitioned intrinsics left after lowering");
      ralloc_free(c);
   }
   ralloc_free(s);
}

/* The GL module must translate, with gl_SubGroupSizeARB a system value. */
static void
test_gl_subgroup_size(void)
{
   struct messages m = { { 0 } };
   nir_shader *s = translate("gl_subgroup_size", NIR_SPIRV_OPENGL, &m);
   char why[2600];
   if (!s) {
      snprintf(why, sizeof(why), "rejected: %s", m.errors);
      report("gl_subgroup_size", false, why);
      return;
   }
   bool found = false;
   nir_foreach_variable_with_modes(var, s, nir_var_system_value)
      found |= var->data.location == SYSTEM_VALUE_SUBGROUP_SIZE;
   report("gl_subgroup_size", found, "no SubgroupSize system value variable");
   ralloc_free(s);
}

/* Kernel capability: ShuffleDown/Up, rotate without ClusterSize and the
 * block-read stride read SubgroupMaxSize, never SubgroupSize.
 */
static void
test_kernel_max_size(void)
{
   struct messages m = { { 0 } };
   nir_shader *s = translate("kernel_max_size", NIR_SPIRV_OPENCL, &m);
   char why[2600];
   if (!s) {
      snprintf(why, sizeof(why), "rejected: %s", m.errors);
      report("kernel_max_size", false, why);
      return;
   }
   nir_lower_subgroup_block_io(s);
   struct find max = { nir_intrinsic_load_subgroup_max_size, -1, -1, 0, false };
   struct find size = { nir_intrinsic_load_subgroup_size, -1, -1, 0, false };
   struct find block = { nir_intrinsic_load_deref_block_intel, -1, -1, 0, false };
   const unsigned n_max = count_intrinsics(s, &max);
   const unsigned n_size = count_intrinsics(s, &size);
   const unsigned n_block = count_intrinsics(s, &block);
   snprintf(why, sizeof(why), "load_subgroup_max_size x%u (want 4: down, up, rotate, block "
            "stride), load_subgroup_size x%u (want 0), block reads left x%u (want 0)",
            n_max, n_size, n_block);
   report("kernel_max_size", n_max == 4 && n_size == 0 && n_block == 0, why);
   ralloc_free(s);
}

/* Intrinsics of interest in program order, one letter each: S / L a store
 * to / load from shared memory, B a workgroup barrier, R a rotate_workgroup.
 */
static void
shared_sequence(nir_shader *s, char *out, size_t size)
{
   size_t n = 0;
   nir_foreach_function_impl(impl, s) {
      nir_foreach_block(block, impl) {
         nir_foreach_instr(instr, block) {
            if (instr->type != nir_instr_type_intrinsic || n + 1 >= size)
               continue;
            nir_intrinsic_instr *in = nir_instr_as_intrinsic(instr);
            char c = 0;
            switch (in->intrinsic) {
            case nir_intrinsic_store_deref:
            case nir_intrinsic_load_deref:
               if (nir_deref_mode_is(nir_src_as_deref(in->src[0]), nir_var_mem_shared))
                  c = in->intrinsic == nir_intrinsic_store_deref ? 'S' : 'L';
               break;
            case nir_intrinsic_barrier:
               if (nir_intrinsic_execution_scope(in) == SCOPE_WORKGROUP &&
                   (nir_intrinsic_memory_modes(in) & nir_var_mem_shared))
                  c = 'B';
               break;
            case nir_intrinsic_rotate_workgroup:
               c = 'R';
               break;
            default:
               break;
            }
            if (c)
               out[n++] = c;
         }
      }
   }
   out[n] = 0;
}

/* Kernel, Execution = Workgroup: vtn emits rotate_workgroup (group size
 * ClusterSize or SubgroupMaxSize); nir_lower_workgroup_rotate makes each a
 * shared store, barrier, shared load, barrier, with one slot per
 * invocation, and the NIR validates.
 */
static void
test_workgroup_rotate(const char *name, unsigned rotates, unsigned max_invocations,
                      unsigned slots, bool variable)
{
   struct messages m = { { 0 } };
   nir_shader *s = translate(name, NIR_SPIRV_OPENCL, &m);
   char why[2600];
   if (!s) {
      snprintf(why, sizeof(why), "rejected: %s", m.errors);
      report(name, false, why);
      return;
   }
   struct find rot = { nir_intrinsic_rotate_workgroup, -1, -1, 0, false };
   struct find max = { nir_intrinsic_load_subgroup_max_size, -1, -1, 0, false };
   const unsigned n_rot = count_intrinsics(s, &rot);
   const unsigned n_max = count_intrinsics(s, &max);
   /* Without ClusterSize the group is SubgroupMaxSize (Kernel). */
   const unsigned want_max = 1;
   snprintf(why, sizeof(why), "rotate_workgroup x%u (want %u), load_subgroup_max_size x%u "
            "(want %u)", n_rot, rotates, n_max, want_max);
   report(name, n_rot == rotates && n_max == want_max, why);

   char lname[160];
   snprintf(lname, sizeof(lname), "%s.lowered", name);
   const bool progress = nir_lower_workgroup_rotate(s, max_invocations);
#ifndef NDEBUG
   nir_validate_shader(s, lname);
#endif
   char seq[64], want[64] = "";
   shared_sequence(s, seq, sizeof(seq));
   for (unsigned i = 0; i < rotates; i++)
      strcat(want, "SBLB");
   unsigned vars = 0, bad_len = 0;
   nir_foreach_variable_with_modes(var, s, nir_var_mem_shared) {
      vars++;
      bad_len += glsl_get_length(var->type) != slots;
   }
   struct find wgsize = { nir_intrinsic_load_workgroup_size, -1, -1, 0, false };
   const unsigned n_wgsize = count_intrinsics(s, &wgsize);
   if (getenv("VTN_UNIT_PRINT"))
      nir_print_shader(s, stderr);
   snprintf(why, sizeof(why), "progress %d, shared sequence \"%s\" (want \"%s\"), %u shared "
            "arrays (want %u) of which %u not %u long, load_workgroup_size x%u (want %s)",
            progress, seq, want, vars, rotates, bad_len, slots, n_wgsize,
            variable ? "some" : "none");
   report(lname, progress && !strcmp(seq, want) && vars == rotates && !bad_len &&
                 (variable ? n_wgsize > 0 : n_wgsize == 0), why);
   ralloc_free(s);
}

/* Evaluates an integer expression of load_subgroup_invocation and
 * load_subgroup_max_size, given their values.
 */
static bool
eval_index(nir_def *d, uint64_t lane, uint64_t max, uint64_t *out)
{
   nir_instr *instr = d->parent_instr;
   const uint64_t mask = d->bit_size == 64 ? ~0ull : (1ull << d->bit_size) - 1;
   if (instr->type == nir_instr_type_load_const) {
      *out = nir_const_value_as_uint(nir_instr_as_load_const(instr)->value[0], d->bit_size);
      return true;
   }
   if (instr->type == nir_instr_type_intrinsic) {
      nir_intrinsic_instr *in = nir_instr_as_intrinsic(instr);
      if (in->intrinsic == nir_intrinsic_load_subgroup_invocation)
         *out = lane;
      else if (in->intrinsic == nir_intrinsic_load_subgroup_max_size)
         *out = max;
      else
         return false;
      return true;
   }
   if (instr->type != nir_instr_type_alu)
      return false;
   nir_alu_instr *alu = nir_instr_as_alu(instr);
   uint64_t a = 0, b = 0;
   const unsigned n = nir_op_infos[alu->op].num_inputs;
   if (n < 1 || n > 2 || !eval_index(alu->src[0].src.ssa, lane, max, &a) ||
       (n == 2 && !eval_index(alu->src[1].src.ssa, lane, max, &b)))
      return false;
   switch (alu->op) {
   case nir_op_iadd: *out = a + b; break;
   case nir_op_imul: *out = a * b; break;
   case nir_op_ishl: *out = a << (b & 63); break;
   case nir_op_mov:
   case nir_op_u2u32:
   case nir_op_u2u64: *out = a; break;
   default: return false;
   }
   *out &= mask;
   return true;
}

/* Kernel, Vector16: an 8-component buffer block read and write become 8
 * accesses each, component k at Ptr[lane + k * SubgroupMaxSize].
 */
static void
test_kernel_block_vector16(void)
{
   const char *name = "kernel_block_vector16";
   struct messages m = { { 0 } };
   nir_shader *s = translate(name, NIR_SPIRV_OPENCL, &m);
   char why[2600];
   if (!s) {
      snprintf(why, sizeof(why), "rejected: %s", m.errors);
      report(name, false, why);
      return;
   }
   struct find rd = { nir_intrinsic_load_deref_block_intel, -1, -1, 0, false };
   struct find wr = { nir_intrinsic_store_deref_block_intel, -1, -1, 0, false };
   unsigned comps = 0;
   nir_foreach_function_impl(impl, s) {
      nir_foreach_block(block, impl) {
         nir_foreach_instr(instr, block) {
            if (instr->type == nir_instr_type_intrinsic &&
                nir_instr_as_intrinsic(instr)->intrinsic == nir_intrinsic_load_deref_block_intel)
               comps = nir_instr_as_intrinsic(instr)->def.num_components;
         }
      }
   }
   report(name, count_intrinsics(s, &rd) == 1 && count_intrinsics(s, &wr) == 1 && comps == 8,
          "expected one 8-component block read and one block write");

   nir_lower_subgroup_block_io(s);
#ifndef NDEBUG
   nir_validate_shader(s, "kernel_block_vector16.lowered");
#endif
   /* Two lane / SubgroupMaxSize assignments, so a stride that ignores
    * either would show.
    */
   static const uint64_t lanes[2] = { 3, 5 }, maxes[2] = { 16, 32 };
   bool ok = count_intrinsics(s, &rd) == 0 && count_intrinsics(s, &wr) == 0;
   snprintf(why, sizeof(why), "block intrinsics left");
   for (unsigned a = 0; a < 2 && ok; a++) {
      unsigned loads = 0, stores = 0, bad = 0;
      nir_foreach_function_impl(impl, s) {
         nir_foreach_block(block, impl) {
            nir_foreach_instr(instr, block) {
               if (instr->type != nir_instr_type_intrinsic)
                  continue;
               nir_intrinsic_instr *in = nir_instr_as_intrinsic(instr);
               if (in->intrinsic != nir_intrinsic_load_deref &&
                   in->intrinsic != nir_intrinsic_store_deref)
                  continue;
               nir_deref_instr *d = nir_src_as_deref(in->src[0]);
               if (d->deref_type != nir_deref_type_ptr_as_array)
                  continue;
               uint64_t idx;
               if (!eval_index(d->arr.index.ssa, lanes[a], maxes[a], &idx) ||
                   idx < lanes[a] || (idx - lanes[a]) % maxes[a] ||
                   (idx - lanes[a]) / maxes[a] >= 8) {
                  bad++;
                  continue;
               }
               const unsigned k = (idx - lanes[a]) / maxes[a];
               if (in->intrinsic == nir_intrinsic_load_deref)
                  loads |= 1u << k;
               else
                  stores |= 1u << k;
            }
         }
      }
      ok = loads == 0xff && stores == 0xff && !bad;
      snprintf(why, sizeof(why), "lane %" PRIu64 ", SubgroupMaxSize %" PRIu64 ": components "
               "read 0x%02x, written 0x%02x (want 0xff each at lane + k * SubgroupMaxSize), "
               "%u accesses elsewhere", lanes[a], maxes[a], loads, stores, bad);
   }
   report("kernel_block_vector16.lowered", ok, why);
   ralloc_free(s);
}

/* Image block IO: vtn emits the block intrinsic with the image's format;
 * the generic lowering leaves `texel_ops` texel loads or stores.
 */
static void
test_image_block(const char *name, bool write, unsigned texel_ops, enum pipe_format format)
{
   struct messages m = { { 0 } };
   nir_shader *s = translate(name, NIR_SPIRV_VULKAN, &m);
   char why[2600];
   if (!s) {
      snprintf(why, sizeof(why), "rejected: %s", m.errors);
      report(name, false, why);
      return;
   }
   const nir_intrinsic_op block_op = write ? nir_intrinsic_image_deref_store_block_intel
                                           : nir_intrinsic_image_deref_load_block_intel;
   const nir_intrinsic_op texel_op = write ? nir_intrinsic_image_deref_store
                                           : nir_intrinsic_image_deref_load;
   unsigned formats_ok = 0;
   nir_foreach_function_impl(impl, s) {
      nir_foreach_block(block, impl) {
         nir_foreach_instr(instr, block) {
            if (instr->type == nir_instr_type_intrinsic &&
                nir_instr_as_intrinsic(instr)->intrinsic == block_op)
               formats_ok += nir_intrinsic_format(nir_instr_as_intrinsic(instr)) ==
                             format;
         }
      }
   }
   report(name, formats_ok == 1, "expected one block intrinsic with the image's format");

   nir_lower_subgroup_block_io(s);
   char lname[160];
   snprintf(lname, sizeof(lname), "%s.lowered", name);
#ifndef NDEBUG
   nir_validate_shader(s, lname);
#endif
   struct find blk = { block_op, -1, -1, 0, false };
   struct find tex = { texel_op, -1, -1, 0, false };
   const unsigned n_blk = count_intrinsics(s, &blk), n_tex = count_intrinsics(s, &tex);
   snprintf(why, sizeof(why), "block intrinsics left x%u, texel %s x%u (want %u)", n_blk,
            write ? "stores" : "loads", n_tex, texel_ops);
   report(lname, n_blk == 0 && n_tex == texel_ops, why);
   ralloc_free(s);
}

static void
expect_intrinsic(const char *name, struct find f)
{
   expect_intrinsic_env(name, f, NIR_SPIRV_VULKAN);
}

/* nir_opt_uniform_subgroup on a uniform value: a clustered iadd reduction
 * counts its cluster, not the subgroup, so it must not be folded with the
 * subgroup's count; a partitioned reduction must never be folded as if the
 * whole subgroup were one set.
 */
static void
test_opt_uniform_subgroup(void)
{
   nir_builder b = nir_builder_init_simple_shader(MESA_SHADER_COMPUTE, &nir_options,
                                                  "opt_uniform_subgroup");
   nir_def *one = nir_imm_int(&b, 1);
   nir_use(&b, nir_reduce(&b, one, .reduction_op = nir_op_iadd, .cluster_size = 4));
   nir_use(&b, nir_partitioned_reduce(&b, one, nir_imm_ivec4(&b, 1, 0, 0, 0),
                                      .reduction_op = nir_op_iadd));
   nir_use(&b, nir_partitioned_inclusive_scan(&b, one, nir_imm_ivec4(&b, 1, 0, 0, 0),
                                              .reduction_op = nir_op_fadd));
   nir_divergence_analysis(b.shader);
   const nir_lower_subgroups_options o = { .ballot_components = 1, .ballot_bit_size = 32 };
   nir_opt_uniform_subgroup(b.shader, &o);

   struct find clustered = { nir_intrinsic_reduce, nir_op_iadd, 4, 0 };
   report("opt_uniform_subgroup.clustered_iadd_kept", count_intrinsics(b.shader, &clustered) == 1,
          "a clustered iadd reduction of a uniform value was folded with the subgroup's count");
   struct find preduce = { nir_intrinsic_partitioned_reduce, -1, -1, 0 };
   struct find pscan = { nir_intrinsic_partitioned_inclusive_scan, -1, -1, 0 };
   report("opt_uniform_subgroup.partitioned_kept",
          count_intrinsics(b.shader, &preduce) == 1 && count_intrinsics(b.shader, &pscan) == 1,
          "a partitioned operation was folded");
   ralloc_free(b.shader);
}

/* Drivers with native scalar partitioned instructions: lower_to_scalar
 * without lower_partitioned leaves only scalar partitioned intrinsics.
 */
static void
test_scalarize_partitioned(void)
{
   nir_builder b = nir_builder_init_simple_shader(MESA_SHADER_COMPUTE, &nir_options,
                                                  "scalarize_partitioned");
   nir_def *v = nir_load_global_invocation_id(&b, 32);
   nir_def *p = nir_partition(&b, 4, 32, v);
   nir_use(&b, p);
   nir_use(&b, nir_partitioned_exclusive_scan(&b, v, p, .reduction_op = nir_op_umax));
   const nir_lower_subgroups_options o = {
      .ballot_components = 4, .ballot_bit_size = 32, .lower_to_scalar = true,
   };
   nir_lower_subgroups(b.shader, &o);
#ifndef NDEBUG
   nir_validate_shader(b.shader, "scalarize_partitioned");
#endif
   unsigned scalar = 0, vector = 0;
   nir_foreach_function_impl(impl, b.shader) {
      nir_foreach_block(block, impl) {
         nir_foreach_instr(instr, block) {
            if (instr->type != nir_instr_type_intrinsic)
               continue;
            nir_intrinsic_instr *in = nir_instr_as_intrinsic(instr);
            if (in->intrinsic != nir_intrinsic_partition &&
                in->intrinsic != nir_intrinsic_partitioned_exclusive_scan)
               continue;
            if (in->src[0].ssa->num_components == 1)
               scalar++;
            else
               vector++;
         }
      }
   }
   report("lower_subgroups.scalarize_partitioned", vector == 0 && scalar == 6,
          "expected 3 scalar partitions and 3 scalar scans, no vector ones");
   ralloc_free(b.shader);
}

int
main(int argc, char **argv)
{
   if (argc != 2) {
      fprintf(stderr, "usage: vtn-unit-tests DIR\n");
      return 2;
   }
   spv_dir = argv[1];
   glsl_type_singleton_init_or_ref();

   /* Accepted, with the NIR they must produce. */
   expect_intrinsic("partition_uint", (struct find) { nir_intrinsic_partition, -1, -1 });
   expect_intrinsic("partition_float", (struct find) { nir_intrinsic_partition, -1, -1 });
   expect_intrinsic("partition_bool", (struct find) { nir_intrinsic_partition, -1, -1 });
   expect_intrinsic("partition_signed_result",
                    (struct find) { nir_intrinsic_partition, -1, -1 });
   expect_intrinsic("partitioned_reduce",
                    (struct find) { nir_intrinsic_partitioned_reduce, nir_op_iadd, -1 });
   expect_intrinsic("partitioned_inclusive",
                    (struct find) { nir_intrinsic_partitioned_inclusive_scan, nir_op_umax, -1 });
   expect_intrinsic("partitioned_exclusive_fmul",
                    (struct find) { nir_intrinsic_partitioned_exclusive_scan, nir_op_fmul, -1 });
   expect_intrinsic("partitioned_signed_ballot",
                    (struct find) { nir_intrinsic_partitioned_reduce, nir_op_iadd, -1 });
   expect_intrinsic("rotate_cluster", (struct find) { nir_intrinsic_rotate, -1, 4 });
   /* SPV_KHR_shader_ballot: a signed 4 x 32-bit result is valid too. */
   expect_intrinsic("ballot_khr_signed", (struct find) { nir_intrinsic_ballot, -1, -1 });
   /* SPV_KHR_non_semantic_info: NonSemantic.DebugBreak among the globals,
    * with emit_debug_break on, must not end the types section.
    */
   emit_debug_break = true;
   expect_intrinsic("nonsemantic_debug_break_global",
                    (struct find) { .op = nir_intrinsic_load_deref, .reduction_op = -1,
                                    .cluster_size = -1, .any = true });
   emit_debug_break = false;
   /* GL_ARB_shader_ballot through ARB_gl_spirv (glslang -G): the builtins
    * are UniformConstant variables.  Stock 25.0.7 rejected the module, and
    * llvmpipe then dereferenced the NULL shader.
    */
   test_gl_subgroup_size();

   /* Rejected, each naming its rule. */
   expect_error("bad_partitioned_no_ballot", "requires the ballot operand");
   expect_error("bad_partitioned_ballot_scalar", "ballot must be a 4 component vector");
   expect_error("bad_partitioned_ballot_float", "ballot must be a 4 component vector");
   expect_error("bad_partitioned_on_group_iadd", "can only be used with the 16");
   expect_error("bad_partitioned_on_bitcount", "Operation must be Reduce, InclusiveScan or ExclusiveScan");
   expect_error("bad_partition_result_v2", "Result Type must be a 4 component vector");
   expect_error("bad_partition_result_scalar", "Result Type must be a 4 component vector");
   expect_error("bad_group_operation", "unknown GroupOperation 42");
   expect_error("bad_group_operation_bitcount", "not 9");
   expect_error("bad_clustered_no_cluster_size", "ClusteredReduce requires ClusterSize");
   expect_error("bad_clustered_not_pot", "ClusterSize must be at least 1 and a power of 2, not 3");
   expect_error("bad_rotate_workgroup_vulkan", "VUID-StandaloneSpirv-None-04642");
   expect_error("bad_rotate_cluster_not_pot", "ClusterSize must be at least 1 and a power of 2");
   expect_error("bad_phi_after_nonsemantic", "OpPhi must appear before all non-OpPhi");
   /* A bad GroupOperation, on every kind of instruction that takes one. */
   expect_error("bad_group_operation_fmax", "unknown GroupOperation 5");
   expect_error("bad_group_operation_group_iadd", "unknown GroupOperation 42");
   expect_error("bad_group_operation_amd", "unknown GroupOperation 1000");
   /* SPV_INTEL_subgroups image block IO: what the raw-bit mapping needs. */
   expect_error("bad_image_block_unknown_format", "Unknown format");
   expect_error("bad_image_block_rgba16f", "converts its texels");
   expect_error("bad_image_block_x_misaligned", "must be a multiple of 4");
   expect_error("bad_image_block_1d", "Dim 2D or 3D");
   expect_error("bad_image_block_sampled", "Sampled operand of 0 or 2");

   test_opt_uniform_subgroup();
   test_scalarize_partitioned();
   test_kernel_max_size();
   test_workgroup_rotate("kernel_workgroup_rotate", 2, 1024, 64, false);
   test_workgroup_rotate("kernel_workgroup_rotate_variable", 1, 1024, 1024, true);
   test_kernel_block_vector16();
   /* uvec2 on r32ui: one texel load per component; a 64-bit element on
    * r32ui: two texel stores.
    */
   test_image_block("image_block_read_v2", false, 2, PIPE_FORMAT_R32_UINT);
   test_image_block("image_block_write_u64", true, 2, PIPE_FORMAT_R32_UINT);
   /* A 32-bit element on rg32ui: invocations share a texel, its first one
    * stores it (under an if).
    */
   test_image_block("image_block_write_shared_texel", true, 1, PIPE_FORMAT_R32G32_UINT);

   glsl_type_singleton_decref();
   printf("\n%u passed, %u failed\n", passed, failed);
   return failed ? 1 : 0;
}
