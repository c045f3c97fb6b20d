/*
 * libFuzzer target for spirv_to_nir (ci/fuzz.sh builds and runs it).
 *
 * An input is a SPIR-V module, as spirv-as writes it (the seed corpus is
 * the runner's shaders, build/tests/NAME.spv).  It goes through spirv_to_nir
 * with the options of a driver, then through nir_validate_shader, as
 * vk_spirv_to_nir() and Mesa's GL_ARB_gl_spirv path do.  spirv_to_nir
 * must reject a bad module with vtn_fail (it then returns NULL); anything
 * else it does with one - an assert, a crash, a sanitizer report, an
 * invalid NIR shader, a leak - is a finding.
 *
 * The driver is chosen by the module and by one byte of the header:
 *
 *  - The first OpEntryPoint gives the stage and the entry point's name.
 *    A Kernel entry point gets rusticl's options (NIR_SPIRV_OPENCL; 32- or
 *    64-bit address formats after the module's OpMemoryModel, as rusticl
 *    picks them after the device's address bits), any other one
 *    lavapipe's (NIR_SPIRV_VULKAN) or, with FUZZ_CFG_GL, the GL_ARB_gl_spirv
 *    options of Mesa's GL frontend (NIR_SPIRV_OPENGL).
 *
 *  - The low byte of the version word (header word 1) is the "config
 *    byte", FUZZ_CFG_* below.  SPIR-V requires it to be 0 and spirv_to_nir
 *    only compares the version with whole versions, so the seeds
 *    (config 0) get the common options; the harness clears the byte before
 *    spirv_to_nir sees the module, so what Mesa parses is still a
 *    well-formed header.  The mutator (spirv_mutate.c) flips its bits.
 *
 * The gate: a module goes to spirv_to_nir only if it is valid SPIR-V but
 * for the instructions of the five extensions (spirv_targets.h).  Vulkan
 * and GL give a driver valid SPIR-V only, and stock spirv_to_nir trusts
 * it to be: without the gate, nearly every finding is stock vtn tripping
 * over some unrelated invalid instruction (a shift with one operand, a
 * header it rejects ...), which the series is not about.  With it, what
 * is left is what the extensions' code must check itself: their operands'
 * types, their result types, operand counts, scopes, operations, cluster
 * sizes, and what their results do to the code after them.
 *
 * So a copy of the module, with each of those instructions replaced by an
 * OpUndef of its result type (or removed, if it has none), must pass
 * SPIRV-Tools' validator for Vulkan 1.3 (OpenGL 4.5 with FUZZ_CFG_GL,
 * universal SPIR-V 1.6 for kernels); and their id operands must be
 * visible from them (target_operands_visible()).  OpExtInst stays in the
 * copy: the validator checks little of a NonSemantic instruction beyond
 * its ids (no more than vtn, which ignores it), and what it checks - a
 * result id defined once, ids that exist - vtn relies on for every
 * instruction.  SPIRV_FUZZ_WILD=1 in the environment turns the gate off
 * (ci/fuzz.sh --wild), to hunt stock bugs; SPIRV_FUZZ_VERBOSE=1 prints why
 * the gate stops an input, and spirv_to_nir's messages.
 *
 * Debian's spirv-val 2023.1 predates the SPV_EXT_shader_subgroup_partitioned
 * string (tests/shaders/ext_spelling.py); the copy spells it NV.  It knows
 * neither SPV_KHR_quad_control nor SPV_KHR_maximal_reconvergence either:
 * their few seeds do not pass the gate, which costs nothing here.
 */
/* SpvHasResultAndType, below */
#define SPV_ENABLE_UTILITY_CODE

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/glsl_types.h"
#include "compiler/nir/nir.h"
#include "compiler/spirv/nir_spirv.h"
#include "compiler/spirv/spirv.h"
/* spirv.h defines SpvHasResultAndType as a C99 inline function (no storage
 * class): this declaration makes this file its one external definition, so
 * it links at any optimization level, in the fuzzer and in the replay.
 */
extern void SpvHasResultAndType(SpvOp opcode, bool *hasResult, bool *hasResultType);
#include "compiler/spirv/spirv_info.h"

/* libspirv.h defines (not declares) a const, which in C has external
 * linkage: Mesa's vtn_debug.c includes it too, so this file's copy gets
 * another name.
 */
#define kDefaultMaxIdBound spirv_fuzz_kDefaultMaxIdBound
#include <spirv-tools/libspirv.h>
#undef kDefaultMaxIdBound

#include "spirv_targets.h"
#include "spirv_words.h"

/* Bits of the config byte. */
#define FUZZ_CFG_GL              (1u << 0) /* OpenGL, not Vulkan (not kernels) */
#define FUZZ_CFG_NATIVE_FFMA     (1u << 1) /* a driver with ffma and ldexp */
#define FUZZ_CFG_SUBGROUP_SHIFT  2         /* 3 bits: subgroup_sizes[] */
#define FUZZ_CFG_NO_RAW_TEXELS   (1u << 5) /* no has_image_raw_texels */
#define FUZZ_CFG_DEBUG_INFO      (1u << 6) /* debug_info, emit_debug_break */

/* SPIRV_FUZZ_WILD, SPIRV_FUZZ_VERBOSE (read once, at the start) */
static bool wild, verbose;

/* Index 0 is "what the API gives": the environment's own. */
static const enum gl_subgroup_size subgroup_sizes[8] = {
   0,
   SUBGROUP_SIZE_VARYING,
   SUBGROUP_SIZE_UNIFORM,
   SUBGROUP_SIZE_API_CONSTANT,
   SUBGROUP_SIZE_FULL_SUBGROUPS,
   SUBGROUP_SIZE_REQUIRE_8,
   SUBGROUP_SIZE_REQUIRE_32,
   SUBGROUP_SIZE_REQUIRE_64,
};

/* spirv_to_nir allocates about (id bound) * 100 bytes before it reads a
 * single instruction, and it trusts the bound; so does every driver, as
 * Vulkan makes a bound that large the application's error, not the
 * implementation's.  A mutated bound of 2^32 - 1 would only report an
 * out-of-memory "finding" in every run, so the harness skips such modules:
 * no module up to -max_len can use more ids than this anyway.
 */
#define FUZZ_MAX_ID_BOUND (1u << 16)

/* What the harness reads from a module before it picks the options. */
struct module_facts {
   bool has_entry_point;
   SpvExecutionModel model;
   char name[128];
   SpvAddressingModel addressing;
};

static void
read_module(const uint32_t *w, unsigned num_words, struct module_facts *f)
{
   struct spv_walk it;
   unsigned off, wc, op;
   bool has_memory_model = false;

   memset(f, 0, sizeof(*f));
   f->addressing = SpvAddressingModelLogical;

   spv_walk_init(&it, w, num_words);
   while (spv_walk_next(&it, &off, &wc, &op)) {
      if (op == SpvOpMemoryModel && wc >= 3 && !has_memory_model) {
         has_memory_model = true;
         f->addressing = w[off + 1];
      } else if (op == SpvOpEntryPoint && wc >= 4 && !f->has_entry_point) {
         f->has_entry_point = true;
         f->model = w[off + 1];
         /* The name is a nul-terminated literal from word 3 on; a name
          * without its nul is cut at the instruction's end (spirv_to_nir
          * then fails on the literal, as it must).
          */
         const char *s = (const char *)&w[off + 3];
         size_t max = MIN2((size_t)(wc - 3) * 4, sizeof(f->name) - 1);
         size_t n = strnlen(s, max);
         memcpy(f->name, s, n);
         f->name[n] = '\0';
      } else if (op == SpvOpFunction) {
         /* Entry points and the memory model come before any function. */
         break;
      }
   }
}

static gl_shader_stage
stage_for_model(SpvExecutionModel model)
{
   switch (model) {
   case SpvExecutionModelVertex:                 return MESA_SHADER_VERTEX;
   case SpvExecutionModelTessellationControl:    return MESA_SHADER_TESS_CTRL;
   case SpvExecutionModelTessellationEvaluation: return MESA_SHADER_TESS_EVAL;
   case SpvExecutionModelGeometry:               return MESA_SHADER_GEOMETRY;
   case SpvExecutionModelFragment:               return MESA_SHADER_FRAGMENT;
   case SpvExecutionModelKernel:                 return MESA_SHADER_KERNEL;
   case SpvExecutionModelTaskNV:
   case SpvExecutionModelTaskEXT:                return MESA_SHADER_TASK;
   case SpvExecutionModelMeshNV:
   case SpvExecutionModelMeshEXT:                return MESA_SHADER_MESH;
   case SpvExecutionModelRayGenerationKHR:       return MESA_SHADER_RAYGEN;
   case SpvExecutionModelIntersectionKHR:        return MESA_SHADER_INTERSECTION;
   case SpvExecutionModelAnyHitKHR:              return MESA_SHADER_ANY_HIT;
   case SpvExecutionModelClosestHitKHR:          return MESA_SHADER_CLOSEST_HIT;
   case SpvExecutionModelMissKHR:                return MESA_SHADER_MISS;
   case SpvExecutionModelCallableKHR:            return MESA_SHADER_CALLABLE;
   /* Any other model: compute, so spirv_to_nir looks for an entry point it
    * does not find and fails on that.
    */
   default:                                      return MESA_SHADER_COMPUTE;
   }
}

/* The capabilities of a Vulkan or GL driver that has everything the series
 * adds, and the common rest: roughly lavapipe's.  Not every capability
 * there is: a driver advertises none of the vendor ones it has no
 * hardware for, and spirv_to_nir need not handle them without it.
 */
static void
shader_caps(struct spirv_capabilities *c)
{
   memset(c, 0, sizeof(*c));
   c->Matrix = c->Shader = c->Geometry = c->Tessellation = true;
   c->Float16 = c->Float64 = c->Int8 = c->Int16 = c->Int64 = true;
   c->Int64Atomics = c->Int64ImageEXT = true;
   c->ClipDistance = c->CullDistance = c->SampleRateShading = true;
   c->ImageGatherExtended = c->StorageImageMultisample = true;
   c->UniformBufferArrayDynamicIndexing = true;
   c->SampledImageArrayDynamicIndexing = true;
   c->StorageBufferArrayDynamicIndexing = true;
   c->StorageImageArrayDynamicIndexing = true;
   c->ImageCubeArray = c->ImageRect = c->SampledRect = true;
   c->Sampled1D = c->Image1D = c->SampledCubeArray = true;
   c->SampledBuffer = c->ImageBuffer = c->ImageMSArray = true;
   c->StorageImageExtendedFormats = c->ImageQuery = true;
   c->DerivativeControl = c->InterpolationFunction = true;
   c->TransformFeedback = c->GeometryStreams = true;
   c->StorageImageReadWithoutFormat = c->StorageImageWriteWithoutFormat = true;
   c->MultiViewport = c->ShaderLayer = c->ShaderViewportIndex = true;
   c->InputAttachment = c->MinLod = c->SparseResidency = true;
   c->DrawParameters = c->DeviceGroup = c->MultiView = true;
   c->StorageBuffer16BitAccess = c->UniformAndStorageBuffer16BitAccess = true;
   c->StoragePushConstant16 = c->StorageInputOutput16 = true;
   c->StorageBuffer8BitAccess = c->UniformAndStorageBuffer8BitAccess = true;
   c->StoragePushConstant8 = true;
   c->VariablePointersStorageBuffer = c->VariablePointers = true;
   c->DenormPreserve = c->DenormFlushToZero = c->SignedZeroInfNanPreserve = true;
   c->RoundingModeRTE = c->RoundingModeRTZ = true;
   c->ShaderNonUniform = c->RuntimeDescriptorArray = true;
   c->UniformBufferArrayNonUniformIndexing = true;
   c->SampledImageArrayNonUniformIndexing = true;
   c->StorageBufferArrayNonUniformIndexing = true;
   c->StorageImageArrayNonUniformIndexing = true;
   c->VulkanMemoryModel = c->VulkanMemoryModelDeviceScope = true;
   c->PhysicalStorageBufferAddresses = true;
   c->DemoteToHelperInvocation = true;
   c->ShaderClockKHR = c->StencilExportEXT = true;
   c->FragmentShaderSampleInterlockEXT = true;
   c->FragmentShaderPixelInterlockEXT = true;
   c->FragmentBarycentricKHR = c->ComputeDerivativeGroupQuadsKHR = true;
   c->ComputeDerivativeGroupLinearKHR = true;
   c->MeshShadingEXT = true;
   c->WorkgroupMemoryExplicitLayoutKHR = true;
   c->WorkgroupMemoryExplicitLayout8BitAccessKHR = true;
   c->WorkgroupMemoryExplicitLayout16BitAccessKHR = true;
   c->AtomicStorage = c->AtomicStorageOps = true;
   c->ShaderViewportIndexLayerEXT = true;

   /* Subgroups: core, and the series' five extensions. */
   c->GroupNonUniform = c->GroupNonUniformVote = true;
   c->GroupNonUniformArithmetic = c->GroupNonUniformBallot = true;
   c->GroupNonUniformShuffle = c->GroupNonUniformShuffleRelative = true;
   c->GroupNonUniformClustered = c->GroupNonUniformQuad = true;
   c->GroupNonUniformRotateKHR = true;
   c->GroupNonUniformPartitionedNV = true;
   c->SubgroupBallotKHR = c->SubgroupVoteKHR = true;
   c->SubgroupShuffleINTEL = true;
   c->SubgroupBufferBlockIOINTEL = true;
   c->SubgroupImageBlockIOINTEL = true;
   c->QuadControlKHR = true;
}

/* rusticl's capabilities (rusticl/mesa/compiler/clc/spirv.rs). */
static void
kernel_caps(struct spirv_capabilities *c)
{
   memset(c, 0, sizeof(*c));
   c->Addresses = c->Kernel = c->Linkage = c->GenericPointer = true;
   c->Float16 = c->Float16Buffer = c->Float64 = true;
   c->Int8 = c->Int16 = c->Int64 = c->Vector16 = true;
   c->Groups = true;
   c->GroupNonUniform = c->GroupNonUniformVote = true;
   c->GroupNonUniformArithmetic = c->GroupNonUniformBallot = true;
   c->GroupNonUniformShuffle = c->GroupNonUniformShuffleRelative = true;
   c->GroupNonUniformClustered = true;
   c->GroupNonUniformRotateKHR = true;
   c->ImageBasic = c->ImageReadWrite = c->LiteralSampler = true;
   c->SampledBuffer = c->Sampled1D = true;
   c->SubgroupShuffleINTEL = true;
   c->SubgroupBufferBlockIOINTEL = true;
   c->SubgroupImageBlockIOINTEL = true;
}

/* llvmpipe's NIR options, the part spirv_to_nir and its builders read;
 * the second set is a driver with native ffma and ldexp.  They outlive a
 * shader, which keeps a pointer to them.
 */
static const nir_shader_compiler_options nir_options_lowering = {
   .lower_ffma16 = true,
   .lower_ffma32 = true,
   .lower_ffma64 = true,
   .lower_ldexp = true,
   .lower_fsat = true,
   .lower_fmod = true,
   .lower_fdot = true,
   .lower_flrp16 = true,
   .lower_flrp32 = true,
   .lower_flrp64 = true,
   .lower_bitfield_insert = true,
   .lower_bitfield_extract = true,
   .lower_int64_options = nir_lower_imul_2x32_64,
   .lower_doubles_options = nir_lower_dround_even,
   .lower_to_scalar = true,
   .support_16bit_alu = true,
   .driver_functions = true,
   .has_image_raw_texels = true,
   .has_block_io_intel = true,
   .max_unroll_iterations = 32,
   .support_indirect_inputs = 0xff,
   .support_indirect_outputs = 0xff,
};

static const nir_shader_compiler_options nir_options_native = {
   .fuse_ffma16 = true,
   .fuse_ffma32 = true,
   .fuse_ffma64 = true,
   .discard_is_demote = true,
   .max_unroll_iterations = 32,
};

/* spirv_to_nir's messages: not printed (the fuzzer runs millions of
 * inputs, nearly all of them rejected); a finding is reproduced by hand.
 */
static void
quiet_log(void *data, enum nir_spirv_debug_level level, size_t offset,
          const char *message)
{
   if (verbose)
      fprintf(stderr, "spirv_to_nir: %s\n", message);
}

/* ---- the gate ---- */

static spv_context val_vulkan, val_gl, val_kernel;

/* Where each id is defined: the instruction's index (1-based; 0: not
 * defined) and its function (1-based; 0: module scope).
 */
static uint32_t def_index[FUZZ_MAX_ID_BOUND], def_function[FUZZ_MAX_ID_BOUND];

/* Whether the id operands of the target at off can be seen from it: each
 * defined before it, at module scope or in its own function.  The copy
 * the validator sees has no such operands, so this is the gate's own
 * check.  Vtn checks visibility for no instruction (it counts on the
 * validator, as every producer's output passes it), so an operand from
 * another function or from further down would be a finding in any
 * instruction, not one of the extensions' code: out of the fuzzer's way.
 */
static bool
target_operands_visible(const uint32_t *w, unsigned off, unsigned wc,
                        const struct spv_target *t, uint32_t index,
                        uint32_t function, uint32_t bound)
{
   for (unsigned i = t->result ? 3 : 1; i < wc; i++) {
      if ((int)i == t->group_op || (int)i == t->literal)
         continue;
      const uint32_t id = w[off + i];
      /* An undefined id vtn refuses itself (vtn_value checks it). */
      if (id >= bound || !def_index[id])
         continue;
      if (def_index[id] >= index ||
          (def_function[id] && def_function[id] != function))
         return false;
   }
   return true;
}

static bool
valid_but_for_targets(const uint32_t *w, unsigned num_words, spv_context ctx)
{
   static const char nv[] = "SPV_NV_shader_subgroup_partitioned";
   static const char ext[] = "SPV_EXT_shader_subgroup_partitioned";
   /* Both strings, nul-padded, take 9 words. */
   const unsigned ext_words = sizeof(ext) / 4 + (sizeof(ext) % 4 != 0);
   const uint32_t bound = w[3];
   struct spv_walk it;
   unsigned off, wc, op;
   uint32_t index = 0, function = 0, functions = 0;

   memset(def_index, 0, bound * sizeof(def_index[0]));
   spv_walk_init(&it, w, num_words);
   while (spv_walk_next(&it, &off, &wc, &op)) {
      index++;
      if (op == SpvOpFunction)
         function = ++functions;
      bool has_result, has_type;
      SpvHasResultAndType(op, &has_result, &has_type);
      const unsigned r = has_type ? 2 : 1;
      if (has_result && wc > r && w[off + r] < bound && !def_index[w[off + r]]) {
         def_index[w[off + r]] = index;
         def_function[w[off + r]] = function;
      }
      if (op == SpvOpFunctionEnd)
         function = 0;
   }

   /* The copy is never longer: an OpUndef (3 words) replaces an
    * instruction of 3 words or more.
    */
   uint32_t *out = malloc(num_words * 4);
   unsigned n = SPV_HEADER_WORDS;
   memcpy(out, w, SPV_HEADER_WORDS * 4);
   index = function = functions = 0;
   spv_walk_init(&it, w, num_words);
   while (spv_walk_next(&it, &off, &wc, &op)) {
      const struct spv_target *t = spv_target_for_opcode(op);
      index++;
      if (op == SpvOpFunction)
         function = ++functions;
      else if (op == SpvOpFunctionEnd)
         function = 0;
      if (t && t->ours && op != SpvOpExtInst) {
         if (!target_operands_visible(w, off, wc, t, index, function, bound)) {
            if (verbose)
               fprintf(stderr, "gate: an operand of the %u at word %u is not visible\n",
                       op, off);
            free(out);
            return false;
         }
         if (t->result && wc >= 3) {
            out[n++] = (3u << 16) | SpvOpUndef;
            out[n++] = w[off + 1];
            out[n++] = w[off + 2];
         }
      } else if (op == SpvOpExtension && wc == 1 + ext_words &&
                 !memcmp(&w[off + 1], ext, sizeof(ext))) {
         out[n] = w[off];
         memset(&out[n + 1], 0, ext_words * 4);
         memcpy(&out[n + 1], nv, sizeof(nv));
         n += wc;
      } else {
         memcpy(&out[n], &w[off], wc * 4);
         n += wc;
      }
   }
   /* Words after a malformed instruction: as they are (the validator
    * rejects them).
    */
   memcpy(&out[n], &w[it.next], (num_words - it.next) * 4);
   n += num_words - it.next;

   spv_diagnostic diag = NULL;
   spv_const_binary_t binary = { out, n };
   const bool valid = spvValidate(ctx, &binary, &diag) == SPV_SUCCESS;
   if (!valid && verbose)
      fprintf(stderr, "gate: %s\n", diag && diag->error ? diag->error : "invalid");
   spvDiagnosticDestroy(diag);
   free(out);
   return valid;
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
   /* Held for the whole run, as a driver holds it for its device's
    * lifetime: its types are then created once, not on every input.
    */
   glsl_type_singleton_init_or_ref();

   const char *env = getenv("SPIRV_FUZZ_WILD");
   wild = env && *env && strcmp(env, "0");
   env = getenv("SPIRV_FUZZ_VERBOSE");
   verbose = env && *env && strcmp(env, "0");
   val_vulkan = spvContextCreate(SPV_ENV_VULKAN_1_3);
   val_gl = spvContextCreate(SPV_ENV_OPENGL_4_5);
   val_kernel = spvContextCreate(SPV_ENV_UNIVERSAL_1_6);
   return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   const unsigned num_words = size / 4;
   if (num_words <= SPV_HEADER_WORDS)
      return -1;

   /* A copy exactly as long as the module, so ASan sees a read past its
    * end; libFuzzer's buffer is no longer than the input either, but the
    * trailing bytes of a size that is not a multiple of 4 would hide a
    * one-word overread.
    */
   uint32_t *words = malloc(num_words * 4);
   memcpy(words, data, num_words * 4);

   const unsigned cfg = words[1] & 0xff;
   words[1] &= ~0xffu;

   if (words[0] == SpvMagicNumber && words[3] > FUZZ_MAX_ID_BOUND) {
      free(words);
      return -1;
   }

   struct module_facts facts;
   read_module(words, num_words, &facts);

   const gl_shader_stage stage = facts.has_entry_point ?
      stage_for_model(facts.model) : MESA_SHADER_COMPUTE;
   const char *name = facts.has_entry_point ? facts.name : "main";

   struct spirv_capabilities caps;
   struct spirv_to_nir_options opts;
   memset(&opts, 0, sizeof(opts));
   opts.capabilities = &caps;
   opts.skip_os_break_in_debug_build = true;
   opts.debug.func = quiet_log;
   opts.subgroup_image_block_raw_texels = !(cfg & FUZZ_CFG_NO_RAW_TEXELS);
   opts.debug_info = opts.emit_debug_break = (cfg & FUZZ_CFG_DEBUG_INFO) != 0;

   if (stage == MESA_SHADER_KERNEL) {
      /* rusticl */
      kernel_caps(&caps);
      opts.environment = NIR_SPIRV_OPENCL;
      opts.printf = true;
      opts.float_controls_execution_mode = FLOAT_CONTROLS_DENORM_FLUSH_TO_ZERO_FP32;
      if (facts.addressing == SpvAddressingModelPhysical32) {
         opts.global_addr_format = nir_address_format_32bit_global;
         opts.constant_addr_format = nir_address_format_32bit_global;
         opts.shared_addr_format = nir_address_format_32bit_offset;
         opts.temp_addr_format = nir_address_format_32bit_offset;
      } else {
         opts.global_addr_format = nir_address_format_64bit_global;
         opts.constant_addr_format = nir_address_format_64bit_global;
         opts.shared_addr_format = nir_address_format_32bit_offset_as_64bit;
         opts.temp_addr_format = nir_address_format_32bit_offset_as_64bit;
      }
      opts.subgroup_size = SUBGROUP_SIZE_VARYING;
   } else if (cfg & FUZZ_CFG_GL) {
      /* Mesa's GL frontend (main/glspirv.c) */
      shader_caps(&caps);
      opts.environment = NIR_SPIRV_OPENGL;
      opts.ubo_addr_format = nir_address_format_32bit_index_offset;
      opts.ssbo_addr_format = nir_address_format_32bit_index_offset;
      opts.shared_addr_format = nir_address_format_32bit_offset;
      opts.subgroup_size = SUBGROUP_SIZE_UNIFORM;
   } else {
      /* lavapipe (lvp_pipeline.c) */
      shader_caps(&caps);
      opts.environment = NIR_SPIRV_VULKAN;
      opts.ubo_addr_format = nir_address_format_vec2_index_32bit_offset;
      opts.ssbo_addr_format = nir_address_format_vec2_index_32bit_offset;
      opts.phys_ssbo_addr_format = nir_address_format_64bit_global;
      opts.push_const_addr_format = nir_address_format_logical;
      opts.shared_addr_format = nir_address_format_32bit_offset;
      opts.task_payload_addr_format = nir_address_format_32bit_offset;
      opts.constant_addr_format = nir_address_format_64bit_global;
      opts.subgroup_size = SUBGROUP_SIZE_API_CONSTANT;
   }
   const unsigned sg = (cfg >> FUZZ_CFG_SUBGROUP_SHIFT) & 7;
   if (sg != 0)
      opts.subgroup_size = subgroup_sizes[sg];

   const nir_shader_compiler_options *nir_options =
      (cfg & FUZZ_CFG_NATIVE_FFMA) ? &nir_options_native : &nir_options_lowering;

   if (!wild) {
      spv_context ctx = stage == MESA_SHADER_KERNEL ? val_kernel :
                        (cfg & FUZZ_CFG_GL) ? val_gl : val_vulkan;
      if (words[0] != SpvMagicNumber ||
          !valid_but_for_targets(words, num_words, ctx)) {
         if (verbose)
            fprintf(stderr, "gate: input skipped\n");
         free(words);
         return -1;
      }
   }

   nir_shader *nir = spirv_to_nir(words, num_words, NULL, 0, stage, name,
                                  &opts, nir_options);
   if (nir) {
      /* What the drivers do next (vk_spirv_to_nir, glspirv.c): an invalid
       * shader aborts here, in a build with assertions.
       */
      nir_validate_shader(nir, "after spirv_to_nir (fuzz)");
      ralloc_free(nir);
   }
   free(words);
   return 0;
}
