/*
 * A walk over a SPIR-V word stream, shared by the fuzz target
 * (spirv_fuzz.c) and the SPIR-V-aware mutator (spirv_mutate.c).
 *
 * It trusts nothing: an instruction whose word count is 0 or runs past the
 * end stops the walk, so both can look at whatever libFuzzer hands them.
 */
#ifndef SPIRV_FUZZ_WORDS_H
#define SPIRV_FUZZ_WORDS_H

#include <stdbool.h>
#include <stdint.h>

/* The five header words: magic, version, generator, id bound, schema. */
#define SPV_HEADER_WORDS 5

struct spv_walk {
   const uint32_t *w;
   unsigned num_words;
   unsigned next;      /* word offset of the next instruction */
};

static inline void
spv_walk_init(struct spv_walk *it, const uint32_t *w, unsigned num_words)
{
   it->w = w;
   it->num_words = num_words;
   it->next = SPV_HEADER_WORDS;
}

/* The next instruction's word offset, word count and opcode; false at the
 * end of the stream or at the first malformed instruction.
 */
static inline bool
spv_walk_next(struct spv_walk *it, unsigned *off, unsigned *wc, unsigned *op)
{
   if (it->next >= it->num_words)
      return false;
   unsigned count = it->w[it->next] >> 16;
   if (count == 0 || count > it->num_words - it->next)
      return false;
   *off = it->next;
   *wc = count;
   *op = it->w[it->next] & 0xffff;
   it->next += count;
   return true;
}

#endif /* SPIRV_FUZZ_WORDS_H */
