/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 */

#include "nir_lower_subgroup_block_io.h"

#include "nir_builder.h"
#include "util/format/u_format.h"

/* Element indexing needs a pointer Ptr[i] can be formed from. */
static bool
can_index(const nir_deref_instr *deref)
{
   return deref->deref_type == nir_deref_type_array ||
          deref->deref_type == nir_deref_type_ptr_as_array ||
          (deref->deref_type == nir_deref_type_cast && deref->cast.ptr_stride);
}

static bool
lower_block_io(nir_builder *b, nir_intrinsic_instr *intrin, void *data)
{
   (void)data;
   const bool load = intrin->intrinsic == nir_intrinsic_load_deref_block_intel;
   if (!load && intrin->intrinsic != nir_intrinsic_store_deref_block_intel)
      return false;

   nir_deref_instr *ptr = nir_src_as_deref(intrin->src[0]);
   if (!ptr)
      return false;

   b->cursor = nir_before_instr(&intrin->instr);

   /* A kernel's pointer (a cast without a stride) steps by its scalar
    * pointee, as OpPtrAccessChain would.
    */
   if (ptr->deref_type == nir_deref_type_cast && !ptr->cast.ptr_stride &&
       glsl_type_is_scalar(ptr->type) && !glsl_type_is_boolean(ptr->type)) {
      ptr = nir_build_deref_cast(b, &ptr->def, ptr->modes, ptr->type,
                                 glsl_get_bit_size(ptr->type) / 8);
   }
   if (!can_index(ptr))
      return false;

   const enum gl_access_qualifier access = nir_intrinsic_access(intrin);
   const unsigned comps = load ? intrin->def.num_components
                               : intrin->src[1].ssa->num_components;

   /* "the second value read is Ptr[SubgroupLocalInvocationId +
    * SubgroupMaxSize]"
    */
   const unsigned bits = ptr->def.bit_size;
   nir_def *lane = nir_u2uN(b, nir_load_subgroup_invocation(b), bits);
   nir_def *stride = nir_u2uN(b, nir_load_subgroup_max_size(b), bits);

   nir_def *values[NIR_MAX_VEC_COMPONENTS];
   for (unsigned k = 0; k < comps; k++) {
      nir_def *index = nir_iadd(b, lane, nir_imul_imm(b, stride, k));
      nir_deref_instr *elem = nir_build_deref_ptr_as_array(b, ptr, index);
      if (load) {
         values[k] = nir_load_deref_with_access(b, elem, access);
      } else if (nir_intrinsic_write_mask(intrin) & (1u << k)) {
         nir_store_deref_with_access(b, elem, nir_channel(b, intrin->src[1].ssa, k), 1,
                                     access);
      }
   }

   if (load)
      nir_def_replace(&intrin->def, nir_vec(b, values, comps));
   else
      nir_instr_remove(&intrin->instr);
   return true;
}

/* --- Image block IO -----------------------------------------------------
 *
 * OpSubgroupImageBlockReadINTEL / WriteINTEL: "the Coordinate is a byte
 * coordinate, not a texel coordinate ... the image data is read without
 * format conversion" and "The data is read row-by-row, so the first value
 * read is from the row specified by the y-component of the provided
 * Coordinate, the second value is read from the row specified by the
 * y-component of the provided Coordinate plus one, etc."
 *
 * So, with E the element size in bytes (the bit size of Result Type's or
 * Data's components), component k of invocation L is the E bytes of row
 * y + k starting at byte
 *
 *    b = x + L * E                                     (L = SubgroupLocalInvocationId)
 *
 * the row being a plain array of texels of T bytes, each texel `channels`
 * channels of C bytes in memory order.  Texels are read and written with
 * ordinary image loads and stores, whose channel values carry the raw bits:
 *
 *  - pure integer formats (r8ui ... rgba32ui, r8i ... rgba32i): a load
 *    zero- or sign-extends each channel to 32 bits, truncation gives the
 *    bits back; a store gets the channel zero- or sign-extended, which the
 *    format holds exactly;
 *  - 32-bit float formats (r32f, rg32f, rgba32f): no conversion at all.
 *
 * Normalized, 16-bit float and packed formats convert, so they are refused,
 * as is an Unknown format (the texel layout would be known only at run
 * time).  Mapping, for each component:
 *
 *  - E <= T: the element lies in texel b / T, at byte b % T of it: E >= C
 *    takes E / C whole channels from channel (b % T) / C on, E < C takes
 *    bits 8 * (b % C) .. of channel (b % T) / C.  Needs b % E == 0, i.e.
 *    x a multiple of E.
 *  - E > T: the element is texels b / T .. b / T + E / T - 1, channels in
 *    order.  Needs x a multiple of T.
 *
 * Writes with E >= T store E / T whole texels per element.  With E < T,
 * T / E consecutive invocations share a texel: the first of them (slot
 * (b % T) / E == 0, or invocation 0) gathers the others' elements with
 * shuffles, loads the texel, replaces the bytes of the invocations that
 * exist (below SubgroupSize) and stores it; the bytes of the texel outside
 * the block keep the value just read (another subgroup writing them at the
 * same time could be overwritten).  Every invocation of the subgroup must
 * run the instruction, as for any block operation.
 *
 * A misaligned x is undefined here; the lowering then rounds b down and
 * never indexes past a texel.
 */

struct image_block_layout {
   unsigned texel_bytes, channel_bytes, channels;
   nir_alu_type type; /* of the 32-bit channel values */
};

static const char *
image_block_layout(enum pipe_format format, unsigned element_bits, bool write,
                   struct image_block_layout *l)
{
   if (format == PIPE_FORMAT_NONE)
      return "the image format is Unknown: which texels hold an element's bytes "
             "depends on the format";
   if (element_bits != 8 && element_bits != 16 && element_bits != 32 &&
       element_bits != 64)
      return "the element (component of Result Type or Data) must be 8, 16, 32 or "
             "64 bits";

   const struct util_format_description *desc = util_format_description(format);
   if (!desc || desc->layout != UTIL_FORMAT_LAYOUT_PLAIN || !desc->is_array ||
       desc->is_mixed || (desc->nr_channels != 1 && desc->nr_channels != 2 &&
                          desc->nr_channels != 4))
      return "the image format is not an array of 1, 2 or 4 equal channels";
   for (unsigned i = 0; i < desc->nr_channels; i++) {
      if (desc->swizzle[i] != PIPE_SWIZZLE_X + i)
         return "the image format's channels are not in memory order";
   }

   const struct util_format_channel_description *ch = &desc->channel[0];
   if (ch->size != 8 && ch->size != 16 && ch->size != 32)
      return "the image format's channels must be 8, 16 or 32 bits";
   if (ch->pure_integer && ch->type == UTIL_FORMAT_TYPE_UNSIGNED)
      l->type = nir_type_uint32;
   else if (ch->pure_integer && ch->type == UTIL_FORMAT_TYPE_SIGNED)
      l->type = nir_type_int32;
   else if (ch->type == UTIL_FORMAT_TYPE_FLOAT && ch->size == 32)
      l->type = nir_type_float32;
   else
      return "the image format converts its texels (normalized or 16-bit float "
             "channels), so its bits cannot be read or written raw";

   l->channels = desc->nr_channels;
   l->channel_bytes = ch->size / 8;
   l->texel_bytes = l->channels * l->channel_bytes;
   (void)write; /* reads and writes map the same texels */
   return NULL;
}

const char *
nir_subgroup_image_block_unsupported(enum pipe_format format, unsigned element_bits,
                                     bool write)
{
   struct image_block_layout l;
   return image_block_layout(format, element_bits, write, &l);
}

unsigned
nir_subgroup_image_block_x_align(enum pipe_format format, unsigned element_bits)
{
   struct image_block_layout l;
   if (image_block_layout(format, element_bits, false, &l))
      return 1;
   return MIN2(element_bits / 8, l.texel_bytes);
}

static nir_def *
image_texel_coord(nir_builder *b, nir_intrinsic_instr *intrin, nir_def *texel, nir_def *row)
{
   nir_def *coord = intrin->src[1].ssa;
   return nir_vec4(b, texel, row, nir_channel(b, coord, 2), nir_channel(b, coord, 3));
}

static nir_def *
load_texel(nir_builder *b, nir_intrinsic_instr *intrin, const struct image_block_layout *l,
           nir_def *texel, nir_def *row)
{
   return nir_image_deref_load(b, 4, 32, intrin->src[0].ssa,
                               image_texel_coord(b, intrin, texel, row),
                               nir_undef(b, 1, 32), nir_imm_int(b, 0),
                               .image_dim = nir_intrinsic_image_dim(intrin),
                               .image_array = nir_intrinsic_image_array(intrin),
                               .format = nir_intrinsic_format(intrin),
                               .access = nir_intrinsic_access(intrin),
                               .dest_type = l->type);
}

/* Channel `index` (dynamic, kept below the channel count) of a loaded texel. */
static nir_def *
texel_channel(nir_builder *b, const struct image_block_layout *l, nir_def *texel,
              nir_def *index)
{
   if (l->channels == 1)
      return nir_channel(b, texel, 0);
   return nir_vector_extract(b, nir_trim_vector(b, texel, l->channels),
                             nir_iand_imm(b, index, l->channels - 1));
}

/* The low C bytes of a channel value as an E-byte chunk shifted to its
 * place in the element.
 */
static nir_def *
channel_chunk(nir_builder *b, const struct image_block_layout *l, nir_def *channel,
              unsigned elem_bits, unsigned chunk)
{
   nir_def *bits = nir_u2uN(b, nir_u2uN(b, channel, l->channel_bytes * 8), elem_bits);
   return nir_ishl_imm(b, bits, chunk * l->channel_bytes * 8);
}

static nir_def *
read_image_element(nir_builder *b, nir_intrinsic_instr *intrin,
                   const struct image_block_layout *l, nir_def *byte, nir_def *row,
                   unsigned elem_bits)
{
   const unsigned E = elem_bits / 8, T = l->texel_bytes, C = l->channel_bytes;
   nir_def *texel_index = nir_udiv_imm(b, byte, T);

   if (E <= T) {
      nir_def *in_texel = nir_umod_imm(b, byte, T);
      nir_def *texel = load_texel(b, intrin, l, texel_index, row);
      nir_def *first = nir_udiv_imm(b, in_texel, C);
      if (E < C) {
         nir_def *ch = texel_channel(b, l, texel, first);
         nir_def *shift = nir_imul_imm(b, nir_umod_imm(b, in_texel, C), 8);
         return nir_u2uN(b, nir_ushr(b, ch, shift), elem_bits);
      }
      nir_def *elem = nir_imm_intN_t(b, 0, elem_bits);
      for (unsigned j = 0; j < E / C; j++) {
         nir_def *ch = texel_channel(b, l, texel, nir_iadd_imm(b, first, j));
         elem = nir_ior(b, elem, channel_chunk(b, l, ch, elem_bits, j));
      }
      return elem;
   }

   nir_def *elem = nir_imm_intN_t(b, 0, elem_bits);
   for (unsigned i = 0; i < E / T; i++) {
      nir_def *texel = load_texel(b, intrin, l, nir_iadd_imm(b, texel_index, i), row);
      for (unsigned c = 0; c < l->channels; c++)
         elem = nir_ior(b, elem, channel_chunk(b, l, nir_channel(b, texel, c), elem_bits,
                                               i * l->channels + c));
   }
   return elem;
}

static void
store_texel(nir_builder *b, nir_intrinsic_instr *intrin, const struct image_block_layout *l,
            nir_def *texel, nir_def *row, nir_def **channels)
{
   for (unsigned c = 0; c < l->channels; c++) {
      /* The format holds the C-byte value exactly when zero- or
       * sign-extended as it reads back.
       */
      nir_def *bits = nir_u2uN(b, channels[c], l->channel_bytes * 8);
      channels[c] = l->type == nir_type_int32 ? nir_i2i32(b, bits) : nir_u2u32(b, bits);
   }
   nir_image_deref_store(b, intrin->src[0].ssa, image_texel_coord(b, intrin, texel, row),
                         nir_undef(b, 1, 32), nir_pad_vec4(b, nir_vec(b, channels, l->channels)),
                         nir_imm_int(b, 0),
                         .image_dim = nir_intrinsic_image_dim(intrin),
                         .image_array = nir_intrinsic_image_array(intrin),
                         .format = nir_intrinsic_format(intrin),
                         .access = nir_intrinsic_access(intrin),
                         .src_type = l->type);
}

/* E < T: slot s of a texel is its bytes s * E .. s * E + E - 1. */
static nir_def *
texel_slot(nir_builder *b, const struct image_block_layout *l, nir_def *texel, unsigned s,
           unsigned elem_bits)
{
   const unsigned E = elem_bits / 8, C = l->channel_bytes;
   if (E < C) {
      nir_def *ch = nir_channel(b, texel, s * E / C);
      return nir_u2uN(b, nir_ushr_imm(b, ch, (s * E % C) * 8), elem_bits);
   }
   nir_def *elem = nir_imm_intN_t(b, 0, elem_bits);
   for (unsigned j = 0; j < E / C; j++)
      elem = nir_ior(b, elem, channel_chunk(b, l, nir_channel(b, texel, s * E / C + j),
                                            elem_bits, j));
   return elem;
}

/* E < T: the texel's channels from its slots. */
static void
slots_to_channels(nir_builder *b, const struct image_block_layout *l, nir_def **slots,
                  unsigned elem_bits, nir_def **channels)
{
   const unsigned E = elem_bits / 8, C = l->channel_bytes;
   for (unsigned c = 0; c < l->channels; c++) {
      if (E >= C) {
         const unsigned s = c * C / E;
         channels[c] = nir_u2u32(b, nir_ushr_imm(b, slots[s], (c * C - s * E) * 8));
      } else {
         channels[c] = nir_imm_int(b, 0);
         for (unsigned j = 0; j < C / E; j++)
            channels[c] = nir_ior(b, channels[c],
                                  nir_ishl_imm(b, nir_u2u32(b, slots[c * C / E + j]), j * E * 8));
      }
   }
}

static void
write_shared_texel(nir_builder *b, nir_intrinsic_instr *intrin,
                   const struct image_block_layout *l, nir_def *byte, nir_def *row,
                   nir_def *elem)
{
   const unsigned E = elem->bit_size / 8, T = l->texel_bytes, slots_per_texel = T / E;
   nir_def *lane = nir_load_subgroup_invocation(b);

   /* Every invocation takes part in the shuffles. */
   nir_def *gathered[16];
   for (unsigned j = 0; j < slots_per_texel; j++)
      gathered[j] = nir_shuffle(b, elem, nir_iadd_imm(b, lane, j));

   nir_def *slot = nir_udiv_imm(b, nir_umod_imm(b, byte, T), E);
   nir_def *leader = nir_ior(b, nir_ieq_imm(b, slot, 0), nir_ieq_imm(b, lane, 0));
   nir_def *size = nir_load_subgroup_size(b);

   nir_push_if(b, leader);
   {
      nir_def *texel_index = nir_udiv_imm(b, byte, T);
      nir_def *old = load_texel(b, intrin, l, texel_index, row);
      nir_def *slots[16];
      for (unsigned s = 0; s < slots_per_texel; s++) {
         /* Slot s belongs to invocation lane + s - slot, if it exists. */
         nir_def *j = nir_isub(b, nir_imm_int(b, s), slot);
         nir_def *mine = nir_iand(b, nir_uge(b, nir_imm_int(b, s), slot),
                                  nir_ult(b, nir_iadd(b, lane, j), size));
         nir_def *value = nir_select_from_ssa_def_array(b, gathered, slots_per_texel,
                                                        nir_umin(b, j, nir_imm_int(b, slots_per_texel - 1)));
         slots[s] = nir_bcsel(b, mine, value, texel_slot(b, l, old, s, elem->bit_size));
      }
      nir_def *channels[4];
      slots_to_channels(b, l, slots, elem->bit_size, channels);
      store_texel(b, intrin, l, texel_index, row, channels);
   }
   nir_pop_if(b, NULL);
}

/* E >= T: the element is E / T whole texels. */
static void
write_image_element(nir_builder *b, nir_intrinsic_instr *intrin,
                    const struct image_block_layout *l, nir_def *byte, nir_def *row,
                    nir_def *elem)
{
   const unsigned E = elem->bit_size / 8, T = l->texel_bytes, C = l->channel_bytes;
   if (E < T) {
      write_shared_texel(b, intrin, l, byte, row, elem);
      return;
   }
   nir_def *texel_index = nir_udiv_imm(b, byte, T);

   for (unsigned i = 0; i < E / T; i++) {
      nir_def *channels[4];
      for (unsigned c = 0; c < l->channels; c++) {
         const unsigned chunk = i * l->channels + c;
         nir_def *bits = nir_u2uN(b, nir_ushr_imm(b, elem, chunk * C * 8), C * 8);
         channels[c] = l->type == nir_type_int32 ? nir_i2i32(b, bits) : nir_u2u32(b, bits);
      }
      nir_def *data = nir_pad_vec4(b, nir_vec(b, channels, l->channels));
      nir_image_deref_store(b, intrin->src[0].ssa,
                            image_texel_coord(b, intrin, nir_iadd_imm(b, texel_index, i), row),
                            nir_undef(b, 1, 32), data, nir_imm_int(b, 0),
                            .image_dim = nir_intrinsic_image_dim(intrin),
                            .image_array = nir_intrinsic_image_array(intrin),
                            .format = nir_intrinsic_format(intrin),
                            .access = nir_intrinsic_access(intrin),
                            .src_type = l->type);
   }
}

static bool
lower_image_block_io(nir_builder *b, nir_intrinsic_instr *intrin)
{
   const bool load = intrin->intrinsic == nir_intrinsic_image_deref_load_block_intel;
   nir_def *data = load ? NULL : intrin->src[2].ssa;
   const unsigned comps = load ? intrin->def.num_components : data->num_components;
   const unsigned elem_bits = load ? intrin->def.bit_size : data->bit_size;

   struct image_block_layout l;
   if (image_block_layout(nir_intrinsic_format(intrin), elem_bits, !load, &l))
      return false; /* spirv_to_nir refuses these; other producers keep them */

   b->cursor = nir_before_instr(&intrin->instr);
   nir_def *coord = intrin->src[1].ssa;
   nir_def *lane = nir_load_subgroup_invocation(b);
   nir_def *byte = nir_iadd(b, nir_channel(b, coord, 0), nir_imul_imm(b, lane, elem_bits / 8));
   nir_def *y = nir_channel(b, coord, 1);

   nir_def *values[NIR_MAX_VEC_COMPONENTS];
   for (unsigned k = 0; k < comps; k++) {
      nir_def *row = nir_iadd_imm(b, y, k);
      if (load)
         values[k] = read_image_element(b, intrin, &l, byte, row, elem_bits);
      else
         write_image_element(b, intrin, &l, byte, row, nir_channel(b, data, k));
   }

   if (load)
      nir_def_replace(&intrin->def, nir_vec(b, values, comps));
   else
      nir_instr_remove(&intrin->instr);
   return true;
}

static bool
lower_any_block_io(nir_builder *b, nir_intrinsic_instr *intrin, void *data)
{
   if (intrin->intrinsic == nir_intrinsic_image_deref_load_block_intel ||
       intrin->intrinsic == nir_intrinsic_image_deref_store_block_intel)
      return lower_image_block_io(b, intrin);
   return lower_block_io(b, intrin, data);
}

bool
nir_lower_subgroup_block_io(nir_shader *shader)
{
   /* Writes of elements smaller than a texel add an if. */
   return nir_shader_intrinsics_pass(shader, lower_any_block_io, nir_metadata_none, NULL);
}
