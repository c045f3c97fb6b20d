/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 */

/* Native x86 SIMD code for gallivm's subgroup operations.
 *
 * gallivm keeps one invocation per vector lane (4 lanes at
 * LP_NATIVE_VECTOR_WIDTH=128, 8 at 256, 16 at 512).  Mesa's own emitters
 * walk the lanes one at a time; the builders here use one instruction, or a
 * short fixed sequence, per operation, chosen from the CPU features
 * (util_get_cpu_caps(), which GALLIUM_OVERRIDE_CPU_CAPS can lower):
 *
 *   level     lanes  permute            two-source      ballot       partition
 *   SSE4.1    4      pshufb             2 x permute     movmskps     rotate+compare
 *   AVX       4      vpermilps          2 x permute     vmovmskps    rotate+compare
 *   AVX2      8      vpermd             2 x permute     vmovmskps    rotate+compare
 *   AVX2      16     4 x vpermd+blend   2 x permute     2 x movmsk   rotate+compare
 *   AVX-512F  16     vpermd zmm         vpermt2d        vptestmd+kmov vpconflictd (CD)
 *   AVX-512VL 4, 8   as above           vpermt2d x/ymm  vptestmd+kmov vpconflictd (CD)
 *
 * Ballot, vote and elect are portable LLVM IR (icmp, then <N x i1> bitcast
 * to iN) that LLVM lowers to the mask instructions of each level.  Each
 * builder returns NULL where it has no native form (a lane count or element
 * size it does not handle, or a CPU without the instructions): the caller
 * then emits Mesa's generic lane loop.
 *
 * Inactive lanes: ballot, vote, elect and partition AND with the execution
 * mask; a permute may read an inactive lane (its result is undefined by the
 * specs), so sources are frozen, never masked.
 */

#ifndef LP_BLD_SUBGROUP_H
#define LP_BLD_SUBGROUP_H

#include <stdbool.h>
#include "gallivm/lp_bld.h"
#include "gallivm/lp_bld_type.h"

struct gallivm_state;

/* LP_SUBGROUP_NATIVE=0 turns every builder off (for comparison runs). */
bool lp_sg_native_enabled(void);

/* Lane count of a vector value. */
unsigned lp_sg_lanes(LLVMValueRef v);

/* --- permute (lp_bld_subgroup_permute.c) --------------------------------- */

/* result[i] = src[index[i] mod N], for <N x iK> src (K = 8..64) and
 * <N x i32> index.  Frozen inside: inactive lanes may hold poison.
 */
LLVMValueRef lp_sg_shuffle(struct gallivm_state *gallivm,
                           LLVMValueRef src, LLVMValueRef index);

/* Two-source permute over the 2N lanes (a, b): result[i] =
 * index[i] < N ? a[index[i]] : b[index[i] - N], index[i] in [0, 2N);
 * other indices give an unspecified (not poison) value.
 */
LLVMValueRef lp_sg_shuffle2(struct gallivm_state *gallivm,
                            LLVMValueRef a, LLVMValueRef b,
                            LLVMValueRef index);

/* SPV_INTEL_subgroups ShuffleDown / ShuffleUp as spirv_to_nir builds them
 * (vtn_subgroup_ext.c): bcsel(ult(index, N), shuffle(first, index),
 * shuffle(second, index - N)) with N the lane count.  On a match, returns
 * the sources of one lp_sg_shuffle2(first, second, index).
 */
struct nir_alu_instr;
struct nir_src;
bool lp_sg_match_two_source_shuffle(const struct nir_alu_instr *alu, unsigned lanes,
                                    struct nir_src **first, struct nir_src **second,
                                    struct nir_src **index);

/* --- ballot / vote / elect (lp_bld_subgroup_ballot.c) -------------------- */

/* i32 scalar: bit i set where cond[i] != 0 and exec[i] != 0. */
LLVMValueRef lp_sg_ballot_bits(struct gallivm_state *gallivm,
                               LLVMValueRef cond, LLVMValueRef exec);

/* <N x i32> broadcast of the ballot (nir_intrinsic_ballot, 1 x 32 bits). */
LLVMValueRef lp_sg_ballot(struct gallivm_state *gallivm,
                          LLVMValueRef cond, LLVMValueRef exec);

enum lp_sg_vote { LP_SG_VOTE_ANY, LP_SG_VOTE_ALL, LP_SG_VOTE_IEQ, LP_SG_VOTE_FEQ };

/* <N x i32> of 0 / ~0, the same in every lane; src is <N x iK>. */
LLVMValueRef lp_sg_vote(struct gallivm_state *gallivm, enum lp_sg_vote op,
                        LLVMValueRef src, LLVMValueRef exec);

/* <N x i32>: ~0 in the lowest active lane, 0 elsewhere. */
LLVMValueRef lp_sg_elect(struct gallivm_state *gallivm, LLVMValueRef exec);

/* --- match / partition (lp_bld_subgroup_match.c) ------------------------- */

/* <N x i32>: for each lane, the ballot of the active lanes whose value is
 * bitwise equal to its own (nir_intrinsic_partition, first ballot word).
 * Always built for 2 to 32 lanes (vpconflictd where the CPU has it,
 * rotate-and-compare IR otherwise, also with LP_SUBGROUP_NATIVE=0);
 * NULL only for other shapes.
 */
LLVMValueRef lp_sg_partition(struct gallivm_state *gallivm,
                             LLVMValueRef src, LLVMValueRef exec);

/* --- reduce / scan (lp_bld_subgroup_scan.c) ------------------------------ */

enum lp_sg_scan_kind { LP_SG_REDUCE, LP_SG_INCLUSIVE_SCAN, LP_SG_EXCLUSIVE_SCAN };

/* nir_intrinsic_reduce (cluster: its cluster size, 0 = whole subgroup) and
 * the inclusive / exclusive scans of a <N x i32> with nir_op `op` (iadd,
 * imul, [iuf]min, [iuf]max, iand, ior, ixor, fadd, fmul); NULL for other
 * element sizes.
 */
LLVMValueRef lp_sg_scan(struct gallivm_state *gallivm, enum lp_sg_scan_kind kind,
                        unsigned op, unsigned cluster, LLVMValueRef src,
                        LLVMValueRef exec);

/* nir_intrinsic_partitioned_{reduce,inclusive_scan,exclusive_scan} of a
 * <N x i32>; ballot: the partition ballot's first word per lane.  Built for
 * 2 to 32 lanes also with LP_SUBGROUP_NATIVE=0 (lavapipe leaves these to
 * gallivm); NULL for other element sizes.
 */
LLVMValueRef lp_sg_partitioned_scan(struct gallivm_state *gallivm,
                                    enum lp_sg_scan_kind kind, unsigned op,
                                    LLVMValueRef src, LLVMValueRef ballot,
                                    LLVMValueRef exec);

#endif
