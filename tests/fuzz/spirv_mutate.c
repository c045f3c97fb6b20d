/*
 * SPIR-V-aware mutations for the spirv_to_nir fuzzer (spirv_fuzz.c).
 *
 * libFuzzer's own mutations work on bytes: nearly every one of them breaks
 * a module's word counts or ids, and vtn rejects the result long before it
 * reaches the code of the five extensions.  This mutator parses the word
 * stream (header and instructions) and edits the instructions of those
 * extensions the way a buggy producer would get them wrong:
 *
 *    SPV_KHR_subgroup_rotate          OpGroupNonUniformRotateKHR
 *    SPV_INTEL_subgroups              OpSubgroupShuffle{,Down,Up,Xor}INTEL,
 *                                     OpSubgroup{,Image}Block{Read,Write}INTEL
 *    SPV_KHR_shader_ballot            OpSubgroupBallotKHR,
 *                                     OpSubgroupFirstInvocationKHR,
 *                                     OpSubgroupReadInvocationKHR
 *    SPV_EXT/NV_shader_subgroup_partitioned
 *                                     OpGroupNonUniformPartitionEXT, and the
 *                                     Partitioned* GroupOperations (6, 7, 8)
 *                                     of the group arithmetic instructions
 *    SPV_KHR_non_semantic_info        OpExtInst of a NonSemantic.* set
 *
 * It changes an operand id to another id of the module, a Scope or a
 * GroupOperation, a ClusterSize (or the constant behind it), drops or adds
 * an operand (fixing the word count), swaps the result type or the opcode
 * for a sibling's, duplicates the instruction under a fresh id, removes or
 * adds an OpCapability / OpExtension, or flips a bit of the harness's
 * config byte.  A quarter of the time, and whenever the input is not a
 * module it can parse or has none of those instructions, it leaves the
 * work to libFuzzer's byte mutations (LLVMFuzzerMutate).
 *
 * Everything it does follows from the input and the seed libFuzzer passes
 * (itself drawn from -seed): no other state survives a call.  (A run with a
 * fixed -seed still varies a little, through spirv_to_nir's pointer hashes:
 * ci/fuzz.sh says how.)
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define SPV_ENABLE_UTILITY_CODE
#include "compiler/spirv/spirv.h"

#include "spirv_targets.h"
#include "spirv_words.h"

/* (SpvHasResultAndType: its external definition is spirv_fuzz.c's) */

size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size,
                               unsigned int seed);

/* Modules up to this many words and ids are parsed; larger ones are left
 * to LLVMFuzzerMutate (ci/fuzz.sh's -max_len is well below).
 */
#define MAX_WORDS (1u << 16)
#define MAX_IDS (1u << 16)

#define MIN(a, b) ((a) < (b) ? (a) : (b))

/* ---- a deterministic generator (splitmix64), seeded per call ---- */

static uint64_t rng_state;

static uint32_t
rnd(void)
{
   uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
   z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
   z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
   return (uint32_t)((z ^ (z >> 31)) >> 32);
}

static uint32_t
below(uint32_t n)
{
   return n ? rnd() % n : 0;
}

#define PICK(array) ((array)[below(sizeof(array) / sizeof((array)[0]))])

/* ---- the parsed module ---- */

enum id_kind {
   ID_NONE,
   ID_TYPE,
   ID_VALUE,
   ID_IMPORT,          /* OpExtInstImport of another set */
   ID_IMPORT_NS,       /* OpExtInstImport "NonSemantic.*" */
};

static struct {
   uint32_t w[MAX_WORDS];
   unsigned num_words;   /* the module's */
   unsigned cap_words;   /* what max_size allows */

   uint32_t bound;
   unsigned num_insts;
   uint8_t kind[MAX_IDS];
   uint32_t def[MAX_IDS];   /* word offset of each id's definition */
   uint16_t fn[MAX_IDS];    /* its function (1-based; 0: module scope) */

   /* The target being edited: pick_id() prefers ids it can see. */
   unsigned cur_off, cur_fn;

   /* Word offsets of: the targets, OpCapability and OpExtension, and the
    * 32-bit integer OpConstants (up to the first malformed instruction;
    * the words after it are kept as they are).
    */
   uint32_t targets[MAX_WORDS];
   uint16_t target_fn[MAX_WORDS];
   unsigned num_targets;
   uint32_t decls[MAX_WORDS];
   unsigned num_decls;
   uint32_t int_consts[MAX_WORDS];
   unsigned num_int_consts;
   /* Ids by kind, for picking a replacement. */
   uint32_t types[MAX_WORDS];
   unsigned num_types;
   uint32_t values[MAX_WORDS];
   unsigned num_values;
   uint32_t imports[MAX_WORDS];
   unsigned num_imports;
} m;

static bool
is_int32_type(uint32_t id)
{
   if (id >= m.bound || m.kind[id] != ID_TYPE)
      return false;
   const uint32_t *d = &m.w[m.def[id]];
   return (d[0] & 0xffff) == SpvOpTypeInt && (d[0] >> 16) >= 4 && d[2] == 32;
}

static bool
is_target(unsigned off)
{
   unsigned op = m.w[off] & 0xffff, wc = m.w[off] >> 16;
   const struct spv_target *t = spv_target_for_opcode(op);
   if (!t || !t->ours)
      return false;
   if (op == SpvOpExtInst) {
      return wc >= 5 && m.w[off + 3] < m.bound &&
             m.kind[m.w[off + 3]] == ID_IMPORT_NS;
   }
   return true;
}

static bool
parse(void)
{
   if (m.num_words <= SPV_HEADER_WORDS || m.w[0] != SpvMagicNumber)
      return false;
   m.bound = m.w[3];
   if (m.bound == 0 || m.bound > MAX_IDS)
      return false;
   memset(m.kind, 0, m.bound);
   m.num_insts = m.num_targets = m.num_decls = m.num_int_consts = 0;
   m.num_types = m.num_values = m.num_imports = 0;

   struct spv_walk it;
   unsigned off, wc, op, function = 0, functions = 0;
   spv_walk_init(&it, m.w, m.num_words);
   while (spv_walk_next(&it, &off, &wc, &op)) {
      m.num_insts++;
      if (op == SpvOpFunction)
         function = ++functions;

      bool has_result, has_type;
      SpvHasResultAndType(op, &has_result, &has_type);
      const unsigned r = has_type ? 2 : 1;
      if (has_result && wc > r && m.w[off + r] < m.bound) {
         const uint32_t id = m.w[off + r];
         m.def[id] = off;
         m.fn[id] = function;
         if (op == SpvOpExtInstImport) {
            m.kind[id] = spv_import_is_non_semantic(&m.w[off], wc) ?
                         ID_IMPORT_NS : ID_IMPORT;
            m.imports[m.num_imports++] = id;
         } else if (!has_type) {
            /* OpType*, OpString, OpLabel, ...: only the types are wanted */
            if (op >= SpvOpTypeVoid && op <= SpvOpTypeForwardPointer) {
               m.kind[id] = ID_TYPE;
               m.types[m.num_types++] = id;
            }
         } else {
            m.kind[id] = ID_VALUE;
            m.values[m.num_values++] = id;
            if (op == SpvOpConstant && wc == 4 && is_int32_type(m.w[off + 1]))
               m.int_consts[m.num_int_consts++] = off;
         }
      }
      if (op == SpvOpCapability || op == SpvOpExtension)
         m.decls[m.num_decls++] = off;
      if (is_target(off)) {
         m.target_fn[m.num_targets] = function;
         m.targets[m.num_targets++] = off;
      }
      if (op == SpvOpFunctionEnd)
         function = 0;
   }
   return m.num_insts > 0;
}

/* ---- editing ---- */

/* Replace del words at at with ins[0..n); false if it would not fit. */
static bool
splice(unsigned at, unsigned del, const uint32_t *ins, unsigned n)
{
   if (m.num_words - del + n > m.cap_words)
      return false;
   memmove(&m.w[at + n], &m.w[at + del], (m.num_words - at - del) * 4);
   if (n)
      memcpy(&m.w[at], ins, n * 4);
   m.num_words = m.num_words - del + n;
   return true;
}

static void
set_word_count(unsigned off, unsigned wc)
{
   m.w[off] = (wc << 16) | (m.w[off] & 0xffff);
}

/* Insert one operand word at word index i of the instruction at off. */
static bool
insert_operand(unsigned off, unsigned i, uint32_t word)
{
   const unsigned wc = m.w[off] >> 16;
   if (wc >= 0xffff || i > wc || !splice(off + i, 0, &word, 1))
      return false;
   set_word_count(off, wc + 1);
   return true;
}

static bool
remove_operand(unsigned off, unsigned i)
{
   const unsigned wc = m.w[off] >> 16;
   if (i == 0 || i >= wc || !splice(off + i, 1, NULL, 0))
      return false;
   set_word_count(off, wc - 1);
   return true;
}

/* Whether the target being edited can see value id: the harness's gate
 * stops a module whose target uses a value from another function or from
 * further down (spirv_fuzz.c, target_operands_visible()).
 */
static bool
visible(uint32_t id)
{
   return id >= m.bound || m.kind[id] != ID_VALUE ||
          (m.def[id] < m.cur_off && (!m.fn[id] || m.fn[id] == m.cur_fn));
}

/* An id that is mostly a plausible operand, sometimes not. */
static uint32_t
pick_any_id(void)
{
   const uint32_t r = below(100);
   if (r < 65 && m.num_values)
      return m.values[below(m.num_values)];
   if (r < 75 && m.num_int_consts)
      return m.w[m.int_consts[below(m.num_int_consts)] + 2];
   if (r < 88 && m.num_types)
      return m.types[below(m.num_types)];
   const uint32_t odd[] = { 0, 1, m.bound - 1, m.bound, m.bound + 1, 0xffffffff };
   return PICK(odd);
}

static uint32_t
pick_id(void)
{
   uint32_t id = pick_any_id();
   for (unsigned tries = 0; tries < 8 && !visible(id); tries++)
      id = pick_any_id();
   return id;
}

static uint32_t
pick_int_const_id(void)
{
   if (!m.num_int_consts)
      return pick_id();
   return m.w[m.int_consts[below(m.num_int_consts)] + 2];
}

/* Rewrite the literal of the OpConstant behind id (all its users see it). */
static bool
rewrite_constant(uint32_t id, const uint32_t *vals, unsigned n)
{
   if (id >= m.bound || m.kind[id] != ID_VALUE)
      return false;
   const unsigned d = m.def[id];
   if ((m.w[d] & 0xffff) != SpvOpConstant || (m.w[d] >> 16) != 4)
      return false;
   m.w[d + 3] = below(4) ? vals[below(n)] : rnd();
   return true;
}

static const uint32_t scopes[] = {
   SpvScopeCrossDevice, SpvScopeDevice, SpvScopeWorkgroup, SpvScopeSubgroup,
   SpvScopeInvocation, SpvScopeQueueFamily, SpvScopeShaderCallKHR, 7,
   0x7fffffff,
};

static const uint32_t group_ops[] = {
   SpvGroupOperationReduce, SpvGroupOperationInclusiveScan,
   SpvGroupOperationExclusiveScan, SpvGroupOperationClusteredReduce,
   4, 5,
   SpvGroupOperationPartitionedReduceEXT,
   SpvGroupOperationPartitionedInclusiveScanEXT,
   SpvGroupOperationPartitionedExclusiveScanEXT,
   9, 0x7fffffff, 0xffffffff,
};

static const uint32_t sizes[] = {
   0, 1, 2, 3, 4, 5, 7, 8, 16, 31, 32, 33, 64, 128, 256, 1u << 16,
   0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff,
};

static const uint32_t capabilities[] = {
   SpvCapabilityShader, SpvCapabilityKernel, SpvCapabilityAddresses,
   SpvCapabilityGroups, SpvCapabilityGroupNonUniform,
   SpvCapabilityGroupNonUniformArithmetic, SpvCapabilityGroupNonUniformBallot,
   SpvCapabilityGroupNonUniformClustered, SpvCapabilityGroupNonUniformShuffle,
   SpvCapabilityGroupNonUniformRotateKHR,
   SpvCapabilityGroupNonUniformPartitionedNV,
   SpvCapabilitySubgroupBallotKHR, SpvCapabilitySubgroupVoteKHR,
   SpvCapabilitySubgroupShuffleINTEL, SpvCapabilitySubgroupBufferBlockIOINTEL,
   SpvCapabilitySubgroupImageBlockIOINTEL, SpvCapabilityInt64,
   SpvCapabilityFloat16, SpvCapabilityInt8, SpvCapabilityInt16,
   SpvCapabilityFloat64,
};

/* One mutation of the target instruction at off; false if none applied. */
static bool
mutate_target(unsigned off)
{
   const unsigned op = m.w[off] & 0xffff;
   const unsigned wc = m.w[off] >> 16;
   const struct spv_target *info = spv_target_for_opcode(op);
   const unsigned first = info->result ? 3 : 1;   /* first operand word */

   switch (below(10)) {
   case 0:
   case 1: {
      /* An operand id for another id (not a literal). */
      if (wc <= first)
         return false;
      const unsigned i = first + below(wc - first);
      if ((int)i == info->group_op || (int)i == info->literal)
         return false;
      m.w[off + i] = pick_id();
      return true;
   }
   case 2: {
      /* The Scope: another constant, or another value of its constant. */
      if (info->scope < 0 || wc <= (unsigned)info->scope)
         return false;
      uint32_t *s = &m.w[off + info->scope];
      if (below(2) || !rewrite_constant(*s, scopes, sizeof(scopes) / 4))
         *s = pick_int_const_id();
      return true;
   }
   case 3: {
      /* The GroupOperation, with the operand count it needs or not. */
      if (info->group_op < 0 || wc <= (unsigned)info->group_op)
         return false;
      const uint32_t g = PICK(group_ops);
      m.w[off + info->group_op] = g;
      if (info->cluster < 0 || below(4) == 0)
         return true;
      const bool wants_extra = g == SpvGroupOperationClusteredReduce ||
                               (g >= SpvGroupOperationPartitionedReduceEXT &&
                                g <= SpvGroupOperationPartitionedExclusiveScanEXT);
      if (wants_extra && wc == (unsigned)info->cluster) {
         insert_operand(off, wc, g == SpvGroupOperationClusteredReduce ?
                                 pick_int_const_id() : pick_id());
      } else if (!wants_extra && wc == (unsigned)info->cluster + 1) {
         remove_operand(off, wc - 1);
      }
      return true;
   }
   case 4: {
      /* The ClusterSize (or partition ballot): another id, another value
       * of its constant, or one added.
       */
      if (info->cluster < 0)
         return false;
      if (wc <= (unsigned)info->cluster)
         return insert_operand(off, wc, pick_int_const_id());
      uint32_t *c = &m.w[off + info->cluster];
      if (below(2) || !rewrite_constant(*c, sizes, sizeof(sizes) / 4))
         *c = below(4) ? pick_int_const_id() : pick_id();
      return true;
   }
   case 5:
      /* Drop an operand: the last one mostly. */
      if (wc <= 1)
         return false;
      return remove_operand(off, below(3) ? wc - 1 : 1 + below(wc - 1));
   case 6:
      /* Add an operand. */
      return insert_operand(off, below(3) ? wc : 1 + below(wc), pick_id());
   case 7: {
      /* Another result type, or a constant operand's value. */
      if (info->result && wc > 1 && m.num_types && below(2)) {
         m.w[off + 1] = m.types[below(m.num_types)];
         return true;
      }
      if (wc <= first)
         return false;
      const unsigned i = first + below(wc - first);
      if ((int)i == info->group_op || (int)i == info->literal)
         return false;
      return rewrite_constant(m.w[off + i], sizes, sizeof(sizes) / 4);
   }
   case 8: {
      /* A sibling's opcode (ExtInst: another instruction or set). */
      if (info->family == FAM_EXTINST) {
         if (below(2)) {
            const uint32_t n[] = { 0, 1, 2, 3, 4, 5, 8, 16, 100, 0xffff, 0xffffffff };
            m.w[off + 4] = below(2) ? below(64) : PICK(n);
         } else if (m.num_imports && below(2)) {
            m.w[off + 3] = m.imports[below(m.num_imports)];
         } else {
            m.w[off + 3] = pick_id();
         }
         return true;
      }
      const struct spv_target *sib;
      do {
         sib = &spv_targets[below(SPV_NUM_TARGETS)];
      } while (sib->family != info->family);
      m.w[off] = (wc << 16) | sib->opcode;
      return true;
   }
   case 9: {
      /* The instruction again, after itself, under a fresh id: a second
       * use of everything it uses.
       */
      if (!info->result || wc < 3 || m.bound >= MAX_IDS - 1 || wc > 64)
         return false;
      uint32_t copy[64];
      memcpy(copy, &m.w[off], wc * 4);
      copy[2] = m.bound;
      if (!splice(off + wc, 0, copy, wc))
         return false;
      m.w[3] = m.bound + 1;
      return true;
   }
   }
   return false;
}

/* A mutation of the module's declarations or of the config byte. */
static bool
mutate_module(void)
{
   switch (below(3)) {
   case 0:
      /* The harness's config byte (spirv_fuzz.c, FUZZ_CFG_*). */
      m.w[1] ^= 1u << below(8);
      return true;
   case 1: {
      /* Drop an OpCapability or OpExtension. */
      if (!m.num_decls)
         return false;
      const unsigned off = m.decls[below(m.num_decls)];
      return splice(off, m.w[off] >> 16, NULL, 0);
   }
   case 2: {
      /* Add an OpCapability (right after the header: first is valid). */
      const uint32_t inst[2] = { (2u << 16) | SpvOpCapability, PICK(capabilities) };
      return splice(SPV_HEADER_WORDS, 0, inst, 2);
   }
   }
   return false;
}

size_t
LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size,
                        unsigned int seed)
{
   rng_state = seed;

   if (below(4) == 0 || size % 4 || size / 4 > MAX_WORDS)
      return LLVMFuzzerMutate(data, size, max_size);

   m.num_words = size / 4;
   m.cap_words = MIN(max_size / 4, MAX_WORDS);
   memcpy(m.w, data, size);
   if (!parse())
      return LLVMFuzzerMutate(data, size, max_size);

   /* One to three edits; the module is parsed again after each, as an
    * edit moves words and may add ids.
    */
   const unsigned edits = 1 + (below(3) == 0) + (below(6) == 0);
   bool changed = false;
   for (unsigned e = 0; e < edits; e++) {
      bool done = false;
      /* An edit may not apply (no ClusterSize to change, ...): another.
       * No edits of other instructions: the harness's gate stops a module
       * that is invalid anywhere else.
       */
      for (unsigned attempt = 0; attempt < 4 && !done; attempt++) {
         if (m.num_targets && below(100) < 85) {
            const unsigned t = below(m.num_targets);
            m.cur_off = m.targets[t];
            m.cur_fn = m.target_fn[t];
            done = mutate_target(m.cur_off);
         } else {
            done = mutate_module();
         }
      }
      changed |= done;
      if (done && e + 1 < edits && !parse())
         break;
   }
   if (!changed)
      return LLVMFuzzerMutate(data, size, max_size);

   memcpy(data, m.w, m.num_words * 4);
   return m.num_words * 4;
}
