#!/usr/bin/env bash
# ISA checks of our GPU code, compiled by a driver without its GPU (nothing
# runs): for each GPU generation and subgroup size, a case's ISA
# (VK_KHR_pipeline_executable_properties) against the generic code ours
# replaces, which the harness writes out itself: the runner's --written-out
# compiles the case's twin shader (gen_spvasm.py's written_*: Mesa's
# generic lowering in core SPIR-V, checked against the reference model on
# lavapipe like any case), so no check depends on a driver's debug switch.
# Each check must also fail on the written-out generic form, which proves
# it can.  They prove what the compiler emits, not what the GPU computes.
#
# turnip (ir3, under the freedreno drm-shim; a660 and a740, 64 and 128 lanes)
#   rotate_clusterN   a clustered rotate is two shfl of the whole wave and a
#                     select: exactly two shfl, both .rdown (a rotate reads
#                     lane id + delta), and no loop, and fewer
#                     instructions than the shuffle it replaces (ir3
#                     makes a loop of it).
#   intel_*_uniform   SPV_INTEL_subgroups' ShuffleDown / Up with a uniform
#                     Delta: two shfl.rdown and a select, no loop, fewer
#                     instructions than the same operation with a Delta
#                     the compiler cannot see is uniform (the case with a
#                     per-invocation Delta), which is the generic form
#                     here: written out, the generic form's shuffles of
#                     the invocation plus a uniform Delta are what ir3's
#                     folding recognizes.
#   partitioned_*     the partitioned iadd reduce, inclusive and exclusive
#                     scan of a ballot passed in: one loop, a trip per
#                     subset, around ir3's scan macro, and no shfl; fewer
#                     instructions than the generic masked scan, whose
#                     shuffles ir3 makes loops of rotates.
#   partitioned_*.exit  the loop's exit and membership: in the loop body
#                     the key (the ballot of the first active fiber) is read
#                     by moves to a shared register before the first
#                     conditional branch, which sends the other subsets
#                     round again; the scan macro (brcst.active) runs after
#                     that branch, in the subset alone; the subset leaves
#                     by a jump past the loop's back edge.
#   partition_shape   partition through nir_lower_subgroups' generic
#                     lowering (ir3 has no match instruction) is one
#                     waterfall loop, a trip per distinct key.  Its body
#                     (the loop label to the jump back to it) reads the
#                     first active fiber's key as one move to a shared
#                     register (r48.*: the first active fiber writes it, no
#                     branch around it), compares, and takes one ballot
#                     (movmsk) before its one conditional branch out.  A
#                     read of a fixed invocation instead is a branch on the
#                     lane id around the move.  No other form: this is the
#                     generic code itself; the mutant
#                     nir-partition-loop-lane-zero proves the check can fail.
#
# radv (ACO, on RADV's null device; GFX9 to GFX12, wave64 and wave32)
#   partitioned_*     the partitioned iadd reduce, inclusive and exclusive
#                     scan of a ballot passed in: one loop, a trip per
#                     subset, around ACO's own reduce or scan, and no
#                     ds_bpermute; fewer instructions than the generic
#                     masked scan.
#   partitioned_*.exec  the loop's exec handling: the header narrows exec
#                     to the subset of the first active lane
#                     (v_readfirstlane, then v_cmpx or s_and_saveexec), the
#                     subset leaves the remaining lanes (s_andn2 of exec),
#                     the loop exit restores exec.
#
# nvk (NAK, under the nouveau drm-shim; Turing, Ampere and Ada, 32 lanes)
#   partition_u32     partition of a 32-bit key is one MATCH.ANY and no
#                     loop, fewer instructions than nir_lower_subgroups'
#                     waterfall loop.
#   partition_u64     a 64-bit key: one MATCH.ANY.U64, no loop.
#   partition_u8      an 8-bit key (widened by nir_lower_bit_size): one
#                     MATCH.ANY, no loop.
#   partition_v2*     a two-component key: one MATCH per component (.U64
#                     for float64), no loop.  Each MATCH's operand: a
#                     register pair for a 64-bit key, one register else.
#   reduce_*          (Ampere and Ada) a 32-bit integer reduce of the whole
#                     subgroup (iadd, smin, smax, umin, umax, and, or, xor)
#                     is one REDUX whose mnemonic names the operation and,
#                     for smin and smax alone, .s32; fewer instructions
#                     than a shuffle tree; on Turing (SM 7.5, no REDUX)
#                     none.
#   no_redux_*        no REDUX for a clustered reduce below 32 lanes, a
#                     scan, or imul (REDUX combines every active thread,
#                     and has no multiply).  These fail only on wrong code
#                     (the generic form has no REDUX either): the mutants
#                     of tests/mutants prove they can.
#
# iris (rusticl on iris, brw under the Intel noop drm-shim; skl, tgl, dg2
# at SIMD8, 16 and 32, lnl at 16 and 32: every variant iris compiles)
#   partial_size      get_sub_group_size() (tests/compile-only/
#                     subgroup_size.cl) is min(work-group invocations -
#                     subgroup id x W, W) at SIMD W: an unsigned min
#                     (sel.l on UD) with the immediate W, in every variant
#                     rusticl builds; get_max_sub_group_size() is the
#                     immediate W and has no such min, which proves the
#                     check can fail (it is what SubgroupSize was before
#                     rusticl derived the partial size; the mutant
#                     rusticl-partial-size-full takes it away).
#   required_size     a kernel with intel_reqd_sub_group_size(W)
#                     (cl_intel_required_subgroup_size; subgroup_size.cl
#                     built with --sub-group-size W) is compiled at SIMD W
#                     alone, get_max_sub_group_size() the immediate W.
#   block_read_v2uint, block_write_v2uint
#                     SPV_INTEL_subgroups' two-uint block read and write
#                     (tests/opencl/intel_spirv.spv, built through
#                     clCreateProgramWithIL): block messages moving 2 x W
#                     dwords, as for ANV; the writes before LSC (skl, tgl)
#                     per lane, no block write (brw's rule: 16-byte
#                     alignment).
#   image_block_raw_{read,write}_{uc,us,ui,ul}
#                     cl_intel_subgroups' image block reads and writes
#                     (tests/opencl/intel_subgroups.cl) are raw texel loads
#                     and stores: every typed message of the kernel (HDC's
#                     "typed surface read/write", LSC's "tgm load_cmask /
#                     store_cmask") names the binding-table entry iris
#                     gives the image's raw texel view ("image (raw
#                     texels)", INTEL_DEBUG=bt), and the image has no
#                     ordinary entry, whose typed messages would convert
#                     the texels to and from the image's format.  What the
#                     raw view's SURFACE_STATE holds: the next check.
#   raw_view_formats  (skl, tgl: the batch decoder of 25.0.7 prints the
#                     binding tables of GPGPU_WALKER, not of Gfx12.5's
#                     COMPUTE_WALKER) cl-runner's image block read and
#                     write of a uint at each of its 16 image formats (the
#                     image read_only, then write_only), launched on the
#                     shim (nothing runs; the values fail) with
#                     INTEL_DEBUG=bat: each dispatch's one 2D surface, the
#                     image as iris binds it, is the unsigned integer
#                     format of the texel size: R8_UINT for the three
#                     8-bit formats, R16_UINT for the two 16-bit, R32_UINT
#                     for the eight 32-bit (bgra_unorm8 among them, which
#                     typed messages cannot access), R32G32_UINT for the
#                     two 64-bit and R32G32B32A32_UINT for rgba_float, in
#                     cl_intel_block.c's order of image_fmts.
#
# every driver (its final ISA: ir3's disassembly, ACO's program, NAK's IR)
#   block_read_stride, block_write_stride
#                     SPV_INTEL_subgroups' buffer block IO of a uvec4 goes
#                     through nir_lower_subgroup_block_io: component k of
#                     the invocation's vector at Ptr[SubgroupLocalInvocationId
#                     + k * SubgroupMaxSize], so the address of component k
#                     is component 0's plus k * size * 4 bytes, an
#                     immediate in the ISA for k = 1, 2, 3.  No other form:
#                     the per-lane lowering is the drivers' only path (a
#                     driver without it does not compile the shader); the mutant
#                     nir-block-io-component-interleaved
#                     (Ptr[id * 4 + k]) proves the check can fail.
#
# anv (brw, under the Intel noop drm-shim; Gfx9 skl, Gfx12 tgl, Gfx12.5 dg2
# at SIMD8, 16 and 32, Xe2 lnl at SIMD16 and 32: every width each has)
#   block_read_*      SPV_INTEL_subgroups' buffer block read of a uint, a
#                     uvec4 and a u64vec2, the device without robust buffer
#                     access: A64 block messages that move the whole block,
#                     dwords per channel x SIMD width dwords (HDC's "A64 oword
#                     block read", 4 dwords an OWord; LSC's transposed
#                     "load, a64, d32, V<n>"), and the same case under
#                     robust buffer access (the per-lane form
#                     nir_lower_subgroup_block_io gives ANV there) has none.
#   block_write_*     the same for block writes, on LSC (dg2, lnl) only:
#                     HDC's block write messages need 16-byte-aligned
#                     addresses, so before LSC the writes are per lane.
#   partitioned_*     the partitioned iadd reduce, inclusive and exclusive
#                     scan of a ballot passed in: one loop (brw's "Loop
#                     Count"), a trip per subset, around brw's own reduce
#                     or scan; fewer instructions than the written-out
#                     generic masked scan, which has no loop.
#   block_*_stride    as for every driver (below), on the per-lane form
#                     ANV compiles under robust buffer access.
#
# usage: tests/compile-only/check-isa.sh turnip|radv|nvk|anv|iris RUNNER BUILD_DIR OUTDIR
# (RUNNER: the Vulkan runner; for iris, cl-runner)
# Ends with "N passed, N failed, N skipped".
# SWEEP_MESA_SRC points it at another Mesa build's src/ (as sweep.sh).
set -uo pipefail
driver=$1
runner=$2
build=$3
out=$4
mesa_build=${SWEEP_MESA_SRC:-$build/subprojects/mesa-25.0.7/src}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
passed=0 failed=0
written=
start=$(date +%s)

pass() { echo "$1: pass ($2)"; passed=$((passed + 1)); }
fail() { echo "$1: FAIL ($2)"; failed=$((failed + 1)); }

# body_check CHECK OURS GENERIC SHAPE PASS: SHAPE (a function) prints "ok"
# or what is missing in a file's ISA; it must print "ok" for ours and not
# for the generic form.
body_check() {
   local check=$1 a=$2 b=$3 shape=$4 ok=$5
   if [ -z "$a" ] || [ -z "$b" ]; then
      fail "$check" "no ISA of the case or of its generic form; see the logs in $out"
   elif [ "$($shape "$a")" != ok ]; then
      fail "$check" "$($shape "$a")"
   elif [ "$($shape "$b")" = ok ]; then
      fail "$check" "the check also passes on the generic form: it proves nothing"
   else
      pass "$check" "$ok"
   fi
}

# compile DIR LOG SIZE FILTER VAR=VALUE...: the ISA of the matching cases
# in DIR, compiled at subgroup size SIZE with the driver's environment.
# generic DIR LOG SIZE FILTER VAR=VALUE...: the same for the written-out
# generic form of those cases (CASE.written).  norobust=1: the device
# without robustBufferAccess (the runner's --no-robust-access).
compile() {
   local dir=$1 log=$2 size=$3 filter=$4
   shift 4
   rm -rf "$dir"
   env "$@" MESA_SHADER_CACHE_DISABLE=true \
      "$runner" --compile-only --required-subgroup-size "$size" --icd "$icd" --widths 128 \
      --filter "$filter" --isa-dir "$dir" ${written:+--written-out} ${norobust:+--no-robust-access} \
      >"$log" 2>&1
}
generic() {
   local dir=$1 log=$2 size=$3 filter=$4
   shift 4
   written=1 compile "$dir" "$log" "$size" "$filter.written" "$@"
}

# block_stride DRIVER NAME SIZE ENV...: the block IO stride checks of one
# configuration.  final_isa (set per driver) prints the final ISA of a file.
block_stride() {
   local drv=$1 name=$2 size=$3 dir op f k want missing found isa
   shift 3
   dir=$out/$name.block_io
   compile "$dir" "$dir.log" "$size" "subgroup.intel_block.block_*.compute.v4uint32.size$size.all" "$@"
   for op in read write; do
      f=$dir/subgroup.intel_block.block_$op.compute.v4uint32.size$size.all.txt
      check=isa.$drv.$name.block_${op}_stride
      if [ ! -f "$f" ]; then
         fail "$check" "no ISA of the uvec4 block $op; see $dir.log"
         continue
      fi
      missing="" found="" isa=$(final_isa "$f")
      for k in 1 2 3; do
         want=$((k * size * 4))
         # the byte offset as an operand: decimal or hex, a token of its own;
         # or (ir3 of Mesa 26.2) k * SubgroupMaxSize elements added to the
         # coordinate of an isam, ldib or stib: "r1.x+64"
         if grep -qiE "(^|[^0-9a-z_.])($want|0x0*$(printf %x $want))([^0-9a-z_]|$)" <<<"$isa"; then
            found="$found +$want"
         elif [ "$drv" = turnip ] &&
              grep -qE "^[^;]*(isam|ldib|stib)[^;]*, r[0-9]+\.[xyzw]\+$((want / 4))[,[:space:]]" <<<"$isa"; then
            found="$found +$want"
         else
            missing="$missing +$want"
         fi
      done
      if [ -n "$missing" ]; then
         fail "$check" "no immediate$missing in the address arithmetic: component k is not at k * $size * 4 bytes"
      else
         pass "$check" "components 1 to 3 at$found bytes (k * SubgroupMaxSize * 4)"
      fi
   done
}

# brw_block_dwords load|store: the dwords the A64 block messages of that
# kind move in brw's final assembly on stdin (immediates decimal, no type
# suffix): HDC's "A64 oword block read/write" (4 dwords an OWord), LSC's
# transposed "load/store, a64, d32, V<n>"; in Mesa 26.2's disassembly
# "a64_oword_block_read:owords<n>" and "load.ugm.d32x<n>t.a64".  ANV's and
# iris's checks.
brw_block_dwords() {
   awk -v op="$1" '
      (op == "load" && /A64 oword block read/) || (op == "store" && /A64 oword block write/) {
         if (match($0, /owords = [0-9]+/)) n += 4 * substr($0, RSTART + 9, RLENGTH - 9)
      }
      match($0, "ugm MsgDesc: \\( " op ", a64, d32, V[0-9]+, transpose") {
         m = substr($0, RSTART, RLENGTH); sub(/.*V/, "", m); sub(/,.*/, "", m); n += m
      }
      match($0, "a64_oword_block_" (op == "load" ? "read" : "write") ":owords[0-9]+") {
         m = substr($0, RSTART, RLENGTH); sub(/.*owords/, "", m); n += 4 * m
      }
      match($0, "; " op "\\.ugm\\.d32x[0-9]+t\\.a64") {
         m = substr($0, RSTART, RLENGTH); sub(/.*d32x/, "", m); sub(/t.*/, "", m); n += m
      }
      END { print n + 0 }'
}

case $driver in
turnip)
   icd=$mesa_build/freedreno/vulkan/freedreno_devenv_icd.x86_64.json
   preload=$(cd "$mesa_build/freedreno/drm-shim" 2>/dev/null && pwd)/libfreedreno_noop_drm_shim.so
   # "; CL prog ...: ... N loops" and the instruction total of ir3's summary.
   final_isa() { sed -n '/^-- IR3 Assembly/,$p' "$1"; }
   loops() { sed -nE 's/^; CL prog .* ([0-9]+) loops$/\1/p' "$1" | head -1; }
   instrs() { sed -nE 's/^; CL prog [^:]*: ([0-9]+) instr,.*/\1/p' "$1" | head -1; }
   count() { grep -cE "^\s*(\([a-z0-9]+\))*$1" "$2"; }
   # The partitioned loop's membership test and exit (see the header).
   # Prints "ok" or what is missing.
   exit_shape() {
      final_isa "$1" | awk '
         /^l[0-9]+:$/ { at[substr($0, 1, length($0) - 1)] = NR }
         { text[NR] = $0 }
         match($0, /jump #l[0-9]+/) { t = substr($0, RSTART + 6, RLENGTH - 6); if (t in at) { s = at[t]; e = NR } }
         END {
            if (!e) { print "no loop"; exit }
            for (i = s; i <= e; i++) {
               l = text[i]
               if (!branch && l ~ /^(\([a-z0-9]+\))*br[a-z]* /) branch = i
               if (!branch && l ~ /mov\.[a-z0-9]+ r48\./) key = 1
               if (branch && l ~ /brcst\.active/) scan = 1
               if (match(l, /jump #l[0-9]+/)) {
                  t = substr(l, RSTART + 6, RLENGTH - 6)
                  if ((t in at) && at[t] > e) leave = 1
               }
            }
            why = ""
            if (!key) why = why "no move of the first fiber'"'"'s key to a shared register before the branch; "
            if (!branch) why = why "no membership branch; "
            if (!scan) why = why "no scan macro (brcst.active) after the membership branch; "
            if (!leave) why = why "no jump out past the loop'"'"'s back edge; "
            print why == "" ? "ok" : why
         }'
   }
   # The body of the last loop: its label ("lN:") to the jump back to it.
   loop_body() {
      final_isa "$1" | awk '
         /^l[0-9]+:$/ { at[substr($0, 1, length($0) - 1)] = NR }
         { text[NR] = $0 }
         match($0, /jump #l[0-9]+/) { t = substr($0, RSTART + 6, RLENGTH - 6); if (t in at) { s = at[t]; e = NR } }
         END { if (e) for (i = s; i <= e; i++) print text[i] }'
   }
   # The shapes of our code: two shfl and no loop, or one loop and no shfl.
   ours() {
      [ -f "$2" ] || return 1
      case $1 in
         # (a rotate reads lane id + delta: both shfl in the .rdown mode)
         shfl2) [ "$(loops "$2")" = 0 ] && [ "$(count 'shfl\.rdown\.' "$2")" = 2 ] &&
                   [ "$(count 'shfl\.' "$2")" = 2 ] ;;
         loop1) [ "$(loops "$2")" = 1 ] && [ "$(count 'shfl\.' "$2")" = 0 ] ;;
      esac
   }
   shape() { echo "$(count 'shfl\.' "$1") shfl, $(loops "$1") loops, $(instrs "$1") instructions"; }

   #      check                 shape case (@: the size) [the generic form's case]
   cases=("rotate_cluster4       shfl2 subgroup.rotate.compute.uint32.size@.cluster4.delta1.const.all"
          "rotate_cluster16      shfl2 subgroup.rotate.compute.uint32.size@.cluster16.delta1.dynamic.all"
          "intel_down_uniform    shfl2 subgroup.intel.shuffle_down_uniform.compute.uint32.size@.all subgroup.intel.shuffle_down.compute.uint32.size@.all"
          "intel_up_uniform      shfl2 subgroup.intel.shuffle_up_uniform.compute.uint32.size@.all subgroup.intel.shuffle_up.compute.uint32.size@.all"
          "partitioned_reduce    loop1 subgroup.partitioned.iadd.compute.uint32.size@.reduce.ballot.*.all"
          "partitioned_inclusive loop1 subgroup.partitioned.iadd.compute.uint32.size@.inclusive.ballot.*.all"
          "partitioned_exclusive loop1 subgroup.partitioned.iadd.compute.uint32.size@.exclusive.ballot.*.all")

   for cfg in "660 64" "660 128" "740 64" "740 128"; do
      read -r gpu size <<<"$cfg"
      name=a$gpu.size$size
      gpu_env=(LD_PRELOAD="$preload" FD_GPU_ID="$gpu")
      case=subgroup.partitioned.partition.compute.uint32.size$size.one.all
      block_stride turnip "$name" "$size" "${gpu_env[@]}"
      compile "$out/$name.partition" "$out/$name.partition.log" "$size" "$case" "${gpu_env[@]}"
      f=$out/$name.partition/$case.txt
      check=isa.turnip.$name.partition_shape
      if [ ! -f "$f" ]; then
         fail "$check" "no disassembly; see $out/$name.partition.log"
      else
         loop_body "$f" >"$f.loop"
         got="$(loops "$f") loops; in the loop body $(count movmsk "$f.loop") movmsk, $(count 'br ' "$f.loop") conditional branches, $(count 'mov\.[a-z0-9]+ r48\.' "$f.loop") moves to a shared register"
         if [ "$(loops "$f")" = 1 ] && [ "$(count movmsk "$f.loop")" = 1 ] &&
            [ "$(count 'br ' "$f.loop")" = 1 ] && [ "$(count 'mov\.[a-z0-9]+ r48\.' "$f.loop")" -ge 1 ]; then
            pass "$check" "$got, $(instrs "$f") instructions"
         else
            fail "$check" "$got: not one waterfall loop reading the first active fiber"
         fi
      fi
      for c in "${cases[@]}"; do
         read -r check want case other <<<"$c"
         case=${case//@/$size}
         compile "$out/$name.$check.ours" "$out/$name.$check.ours.log" "$size" "$case" "${gpu_env[@]}"
         if [ -n "$other" ]; then
            compile "$out/$name.$check.generic" "$out/$name.$check.generic.log" "$size" \
               "${other//@/$size}" "${gpu_env[@]}"
         else
            generic "$out/$name.$check.generic" "$out/$name.$check.generic.log" "$size" "$case" \
               "${gpu_env[@]}"
         fi
         a=$(compgen -G "$out/$name.$check.ours/*.txt" | head -1)
         b=$(compgen -G "$out/$name.$check.generic/*.txt" | head -1)
         check=isa.turnip.$name.$check
         if [ -z "$a" ] || [ -z "$b" ]; then
            fail "$check" "no disassembly of $case; see $out/$name.*.log"
         elif ! ours "$want" "$a"; then
            fail "$check" "$(shape "$a"): not the $want shape"
         elif ours "$want" "$b"; then
            fail "$check" "the check also passes on the generic form: it proves nothing"
         elif [ "$(instrs "$a")" -ge "$(instrs "$b")" ]; then
            fail "$check" "$(instrs "$a") instructions, not fewer than the generic form's $(instrs "$b")"
         else
            pass "$check" "$(shape "$a"); generic: $(shape "$b")"
         fi
         [ "$want" = loop1 ] || continue
         body_check "$check.exit" "$a" "$b" exit_shape \
            "the first fiber's key in a shared register, a membership branch, the scan macro after it, a jump out past the back edge"
      done
   done
   ;;
radv)
   . "$here/radv-shim.sh"
   icd=$mesa_build/amd/vulkan/radeon_devenv_icd.x86_64.json
   # ACO's final program (print_program without LLVM's disassembler): its
   # loop headers and instructions after "-- Assembly".
   asm() { sed -n '/^-- Assembly/,$p' "$1"; }
   final_isa() { asm "$1"; }
   loops() { asm "$1" | grep -c 'kind: .*loop-header'; }
   count() { asm "$2" | grep -cE "= $1|^\s*$1"; }
   instrs() { sed -n 's/^stat Instructions: //p' "$1" | head -1; }
   # one loop, no ds_bpermute
   ours() { [ -f "$1" ] && [ "$(loops "$1")" = 1 ] && [ "$(count ds_bpermute "$1")" = 0 ]; }
   # The loop's exec handling, block by block ("kind:" heads a block): the
   # header reads the first active lane's ballot (v_readfirstlane) and
   # narrows exec to its subset (v_cmpx or s_and_saveexec); the subset then
   # leaves the remaining lanes (s_andn2 against exec); the exit restores
   # exec.  Prints "ok" or what is missing.
   exec_shape() {
      asm "$1" | awk '
         /kind:/ { hdr = /loop-header/; exitb = /loop-exit/; inloop = inloop || hdr; if (exitb) inloop = 0; next }
         hdr && /v_readfirstlane_b32/ { rfl = 1 }
         hdr && /exec(_lo)?[ ,=].*(v_cmpx_|s_and_saveexec_)/ { narrow = 1 }
         inloop && /s_andn2(_wrexec)?_b(32|64)/ && /exec/ { leave = 1 }
         exitb && /exec(_lo)? = s_mov_b(32|64)/ { restore = 1 }
         END {
            why = ""
            if (!rfl) why = why "no readfirstlane in the loop header; "
            if (!narrow) why = why "exec not narrowed to a subset in the loop header; "
            if (!leave) why = why "no s_andn2 of exec: the subset never leaves; "
            if (!restore) why = why "exec not restored at the loop exit; "
            print why == "" ? "ok" : why
         }'
   }

   #       name           environment               size
   configs=("gfx9.wave64    RADV_FORCE_FAMILY=VEGA10 64"
            "gfx10_3.wave64 RADV_FORCE_FAMILY=NAVI21 64"
            "gfx10_3.wave32 RADV_FORCE_FAMILY=NAVI21 32"
            "gfx11.wave64   RADV_FORCE_FAMILY=NAVI31 64"
            "gfx11.wave32   RADV_FORCE_FAMILY=NAVI31 32"
            "gfx12.wave64   RADV_FORCE_FAMILY=GFX1200 64"
            "gfx12.wave32   RADV_FORCE_FAMILY=GFX1200 32")
   for cfg in "${configs[@]}"; do
      read -r name gpu_env size <<<"$cfg"
      # Mesa 26.0 dropped RADV_FORCE_FAMILY's null device: with
      # SWEEP_RADV_SHIM=1 the GPU is the amdgpu drm-shim's (sweep.sh).
      genv=("$gpu_env")
      [ "${SWEEP_RADV_SHIM:-0}" = 0 ] || genv=("LD_PRELOAD=$mesa_build/amd/drm-shim/libamdgpu_noop_drm_shim.so"
                                             "$(radv_shim_env "$gpu_env")")
      block_stride radv "$name" "$size" "${genv[@]}"
      filter="subgroup.partitioned.iadd.compute.uint32.size$size.*.ballot.subsets*.all"
      compile "$out/$name.ours" "$out/$name.ours.log" "$size" "$filter" "${genv[@]}"
      generic "$out/$name.generic" "$out/$name.generic.log" "$size" "$filter" "${genv[@]}"
      for scan in reduce inclusive exclusive; do
         check=isa.radv.$name.partitioned_$scan
         a=$(compgen -G "$out/$name.ours/*.$scan.ballot.*.txt" | head -1)
         b=$(compgen -G "$out/$name.generic/*.$scan.ballot.*.txt" | head -1)
         if [ -z "$a" ] || [ -z "$b" ]; then
            fail "$check" "no ISA of the $scan case; see $out/$name.*.log"
         elif ! ours "$a"; then
            fail "$check" "$(loops "$a") loops, $(count ds_bpermute "$a") ds_bpermute: not one loop without ds_bpermute"
         elif ours "$b"; then
            fail "$check" "the check also passes on the generic form: it proves nothing"
         elif [ "$(instrs "$a")" -ge "$(instrs "$b")" ]; then
            fail "$check" "$(instrs "$a") instructions, not fewer than the generic lowering's $(instrs "$b")"
         else
            pass "$check" "1 loop, no ds_bpermute, $(instrs "$a") instructions; generic: $(loops "$b") loops, $(count ds_bpermute "$b") ds_bpermute, $(instrs "$b") instructions"
         fi
         body_check "$check.exec" "$a" "$b" exec_shape \
            "readfirstlane and exec narrowed in the loop header, s_andn2 of exec, exec restored at the exit"
      done
   done
   ;;
nvk)
   icd=$mesa_build/nouveau/vulkan/nouveau_devenv_icd.x86_64.json
   preload=$(cd "$mesa_build/nouveau/drm-shim" 2>/dev/null && pwd)/libnouveau_noop_drm_shim.so
   # NAK's final IR ("NAK assembly"): a loop is a block with a predecessor
   # at or after it ("block N L.. [preds] -> {").
   loops() {
      awk '/^block(\.u)? [0-9]+ L[0-9]+ \[/ { n = $2; s = $0; sub(/.*\[/, "", s); sub(/\].*/, "", s)
           k = split(s, p, /, */); for (i = 1; i <= k; i++) if (p[i] != "" && p[i] + 0 >= n) c++ }
           END { print c + 0 }' "$1"
   }
   final_isa() { sed -n '/^-- NAK assembly/,$p' "$1"; }
   count() { grep -cE "= $1( |$)" "$2"; }
   instrs() { sed -n 's/^stat Instruction count: //p' "$1" | head -1; }
   shape() { echo "$(count 'match\.any' "$1") match.any, $(count 'match\.any\.u64' "$1") .u64, $(loops "$1") loops, $(instrs "$1") instructions"; }

   # MATCH's operand: a 64-bit key a register pair ("rN..N+2"), a 32-bit
   # or widened one a single register.
   operand_ok() {
      local reg lo hi
      reg=$(grep -oE '= match\.any(\.u64)? [^ ]+' "$2" | head -1 | cut -d' ' -f3)
      if [ "${1#v2}" = uint64 ] || [ "${1#v2}" = float64 ]; then
         [[ $reg =~ ^r([0-9]+)\.\.([0-9]+)$ ]] || return 1
         lo=${BASH_REMATCH[1]} hi=${BASH_REMATCH[2]}
         [ $((hi - lo)) = 2 ]
      else
         [[ $reg =~ ^r[0-9]+$ ]]
      fi
   }
   #      check             type      instruction      how many
   cases=("partition_u32    uint32    match\.any       1"
          "partition_u64    uint64    match\.any\.u64  1"
          "partition_u8     uint8     match\.any       1"
          "partition_v2u32  v2uint32  match\.any       2"
          "partition_v2f64  v2float64 match\.any\.u64  2")
   for chip in 162 172 192; do
      name=nv$chip
      gpu_env=(LD_PRELOAD="$preload" NOUVEAU_CHIPSET="$chip")
      block_stride nvk "$name" 32 "${gpu_env[@]}"
      filter="subgroup.partitioned.partition.compute.*.size32.one.all"
      compile "$out/$name.ours" "$out/$name.ours.log" 32 "$filter" "${gpu_env[@]}"
      generic "$out/$name.generic" "$out/$name.generic.log" 32 "$filter" "${gpu_env[@]}"
      for c in "${cases[@]}"; do
         read -r check type insn want <<<"$c"
         case=subgroup.partitioned.partition.compute.$type.size32.one.all
         a=$out/$name.ours/$case.txt b=$out/$name.generic/$case.written.txt
         check=isa.nvk.$name.$check
         if [ ! -f "$a" ] || [ ! -f "$b" ]; then
            fail "$check" "no NAK assembly of $case; see $out/$name.*.log"
         elif [ "$(count "$insn" "$a")" != "$want" ] || [ "$(loops "$a")" != 0 ]; then
            fail "$check" "$(shape "$a"): not $want ${insn//\\/} and no loop"
         elif ! operand_ok "$type" "$a"; then
            fail "$check" "MATCH's operand is $(grep -oE '= match\.any(\.u64)? [^ ]+' "$a" | head -1 | cut -d' ' -f3), not $([ "$type" = uint64 ] && echo "a register pair" || echo "one register")"
         elif [ "$(count "$insn" "$b")" = "$want" ] && [ "$(loops "$b")" = 0 ]; then
            fail "$check" "the check also passes on the generic waterfall: it proves nothing"
         elif [ "$(instrs "$a")" -ge "$(instrs "$b")" ]; then
            fail "$check" "$(instrs "$a") instructions, not fewer than the waterfall's $(instrs "$b")"
         else
            pass "$check" "$(shape "$a"); generic: $(shape "$b")"
         fi
      done

      # REDUX: SM 8.0 and later (TU102 is SM 7.5).  The mnemonic names
      # the operation and, for a signed minimum or maximum, .s32: the
      # exact text is checked, so an unsigned REDUX for smin fails.
      filter="subgroup.arith.*.compute.*int32.size32.*.all"
      compile "$out/$name.redux" "$out/$name.redux.log" 32 "$filter" "${gpu_env[@]}"
      generic "$out/$name.shuffles" "$out/$name.shuffles.log" 32 "$filter" "${gpu_env[@]}"
      #        op   type   REDUX
      for c in "iadd uint32 redux.sum" "smin int32 redux.min.s32" "smax int32 redux.max.s32" \
               "umin uint32 redux.min" "umax uint32 redux.max" "and uint32 redux.and" \
               "or uint32 redux.or" "xor uint32 redux.xor"; do
         read -r op type insn <<<"$c"
         case=subgroup.arith.$op.compute.$type.size32.reduce.all
         a=$out/$name.redux/$case.txt b=$out/$name.shuffles/$case.written.txt
         check=isa.nvk.$name.reduce_$op
         want=1
         [ "$chip" = 162 ] && want=0
         if [ ! -f "$a" ] || [ ! -f "$b" ]; then
            fail "$check" "no NAK assembly of $case; see $out/$name.redux*.log"
         elif [ "$(count 'redux\.[a-z0-9.]+' "$a")" != $want ]; then
            fail "$check" "$(count 'redux\.[a-z0-9.]+' "$a") redux, not $want"
         elif [ $want = 0 ]; then
            pass "$check" "no redux before SM 8.0, $(instrs "$a") instructions"
         elif [ "$(count "${insn//./\\.}" "$a")" != 1 ]; then
            fail "$check" "$(grep -oE '= redux\.[a-z0-9.]+' "$a" | head -1 | cut -c3-), not $insn"
         elif [ "$(count 'redux\.[a-z0-9.]+' "$b")" != 0 ]; then
            fail "$check" "a redux in the written-out shuffle tree too: the check proves nothing"
         elif [ "$(instrs "$a")" -ge "$(instrs "$b")" ]; then
            fail "$check" "$(instrs "$a") instructions, not fewer than the shuffle tree's $(instrs "$b")"
         else
            pass "$check" "one $insn, $(instrs "$a") instructions; shuffle tree $(instrs "$b")"
         fi
      done
      # No REDUX where it would combine more than the operation may: a
      # clustered reduce below 32 lanes (REDUX takes every active thread),
      # scans, and an operation REDUX lacks (imul).
      for c in "iadd uint32 cluster2" "iadd uint32 cluster4" "iadd uint32 cluster8" \
               "smin int32 cluster2" "smin int32 cluster8" "umax uint32 cluster4" \
               "xor uint32 cluster8" "iadd uint32 inclusive" "umin uint32 exclusive" \
               "imul uint32 reduce"; do
         read -r op type kind <<<"$c"
         case=subgroup.arith.$op.compute.$type.size32.$kind.all
         a=$out/$name.redux/$case.txt
         check=isa.nvk.$name.no_redux_${op}_$kind
         if [ ! -f "$a" ]; then
            fail "$check" "no NAK assembly of $case; see $out/$name.redux.log"
         elif [ "$(count 'redux\.[a-z0-9.]+' "$a")" != 0 ]; then
            fail "$check" "$(count 'redux\.[a-z0-9.]+' "$a") redux: REDUX combines every active thread"
         else
            pass "$check" "no redux, $(instrs "$a") instructions"
         fi
      done
   done
   ;;
anv)
   icd=$mesa_build/intel/vulkan/intel_devenv_icd.x86_64.json
   preload=$(cd "$mesa_build/intel/tools" 2>/dev/null && pwd)/libintel_noop_drm_shim.so
   # brw's final assembly ("GEN Assembly": each send with its message
   # descriptor), immediates without their type suffix ("64D" as 64), and
   # statistics.
   final_isa() { sed -n '/^-- GEN Assembly/,$p' "$1" | sed -E 's/\b([0-9]+)U?[BWDQ]\b/\1/g'; }
   # statistics' names: 25.0.7's, then 26.2's
   instrs() { sed -n -E 's/^stat (Instruction Count|Instructions): //p' "$1" | head -1; }
   sends() { sed -n -E 's/^stat (SEND Count|SENDs): //p' "$1" | head -1; }
   loops() { sed -n -E 's/^stat (Loop Count|Loops): //p' "$1" | head -1; }
   #       name        platform  SIMD width  LSC
   configs=("skl.simd8   skl 8  0" "skl.simd16  skl 16 0" "skl.simd32  skl 32 0"
            "tgl.simd8   tgl 8  0" "tgl.simd16  tgl 16 0" "tgl.simd32  tgl 32 0"
            "dg2.simd8   dg2 8  1" "dg2.simd16  dg2 16 1" "dg2.simd32  dg2 32 1"
            "lnl.simd16  lnl 16 1" "lnl.simd32  lnl 32 1")
   for cfg in "${configs[@]}"; do
      read -r name platform size lsc <<<"$cfg"
      gpu_env=(LD_PRELOAD="$preload" INTEL_STUB_GPU_PLATFORM="$platform")
      block_stride anv "$name" "$size" "${gpu_env[@]}"
      filter="subgroup.intel_block.block_*.compute.*uint[36][24].size$size.all"
      norobust=1 compile "$out/$name.blockmsg" "$out/$name.blockmsg.log" "$size" "$filter" "${gpu_env[@]}"
      compile "$out/$name.perlane" "$out/$name.perlane.log" "$size" "$filter" "${gpu_env[@]}"
      #        op    type      dwords per channel  message
      for c in "read  uint32    1 load"  "read  v4uint32 4 load"  "read  v2uint64 4 load" \
               "write uint32    1 store" "write v4uint32 4 store" "write uint64   2 store"; do
         read -r op type comps kind <<<"$c"
         [ "$op" = read ] || [ "$lsc" = 1 ] || continue
         case=subgroup.intel_block.block_$op.compute.$type.size$size.all
         a=$out/$name.blockmsg/$case.txt b=$out/$name.perlane/$case.txt
         check=isa.anv.$name.block_${op}_$type
         want=$((comps * size))
         if [ ! -f "$a" ] || [ ! -f "$b" ]; then
            fail "$check" "no assembly of $case; see $out/$name.*.log"
         elif [ "$(final_isa "$a" | brw_block_dwords "$kind")" != $want ]; then
            fail "$check" "block messages move $(final_isa "$a" | brw_block_dwords "$kind") dwords, not $comps x SIMD$size = $want"
         elif [ "$(final_isa "$b" | brw_block_dwords "$kind")" != 0 ]; then
            fail "$check" "block messages in the per-lane form too: the check proves nothing"
         else
            pass "$check" "block messages of $want dwords ($comps per channel x SIMD$size), $(instrs "$a") instructions, $(sends "$a") sends; per lane (robust buffer access): $(instrs "$b") instructions, $(sends "$b") sends"
         fi
      done
      filter="subgroup.partitioned.iadd.compute.uint32.size$size.*.ballot.subsets*.all"
      compile "$out/$name.ours" "$out/$name.ours.log" "$size" "$filter" "${gpu_env[@]}"
      generic "$out/$name.generic" "$out/$name.generic.log" "$size" "$filter" "${gpu_env[@]}"
      for scan in reduce inclusive exclusive; do
         check=isa.anv.$name.partitioned_$scan
         a=$(compgen -G "$out/$name.ours/*.$scan.ballot.*.txt" | head -1)
         b=$(compgen -G "$out/$name.generic/*.$scan.ballot.*.txt" | head -1)
         if [ -z "$a" ] || [ -z "$b" ]; then
            fail "$check" "no assembly of the $scan case; see $out/$name.*.log"
         elif [ "$(loops "$a")" != 1 ]; then
            fail "$check" "$(loops "$a") loops: not one loop around brw's scan"
         elif [ "$(loops "$b")" = 1 ]; then
            fail "$check" "one loop in the generic form too: the check proves nothing"
         elif [ "$(instrs "$a")" -ge "$(instrs "$b")" ]; then
            fail "$check" "$(instrs "$a") instructions, not fewer than the generic lowering's $(instrs "$b")"
         else
            pass "$check" "1 loop, $(instrs "$a") instructions; generic: $(loops "$b") loops, $(instrs "$b") instructions"
         fi
      done
   done
   ;;
iris)
   # RUNNER is cl-runner here: rusticl on iris builds our kernels, brw
   # printing each SIMD variant's assembly (INTEL_DEBUG=cs) when rusticl
   # builds the program.
   preload=$(cd "$mesa_build/intel/tools" 2>/dev/null && pwd)/libintel_noop_drm_shim.so
   icd=$build/tests/opencl/rusticl.icd
   # split_isa LOG DIR: brw's "Native code" sections, one file each, named
   # by kernel (rusticl's entry point __wrapped_NAME, in the NIR printed
   # before them) and SIMD width: DIR/NAME.simdW.N.asm, N counting rusticl's
   # variants of the kernel.  Hex immediates become decimal, without their
   # type suffix.  Each file starts with iris's binding table for the
   # kernel (INTEL_DEBUG=bt, printed before the kernel's NIR), its entries
   # as "# bt [N] GROUP #INDEX".
   split_isa() {
      rm -rf "$2"; mkdir -p "$2"
      perl -pe 's/\b0x([0-9a-f]+)U?[BWDQ]\b/hex($1)/ge' "$1" | awk -v dir="$2" '
         /^Binding table for / { f = ""; bt = ""; in_bt = 1; next }
         in_bt && /^  \[/ { bt = bt "# bt" $0 "\n"; next }
         { in_bt = 0 }
         /^decl_function __wrapped_/ { k = $2; sub(/^__wrapped_/, "", k) }
         /^Native code for / { f = ""; pending = 1; next }
         pending && match($0, /^SIMD[0-9]+ shader/) {
            w = substr($0, 5, RLENGTH - 11); n[k "." w]++
            f = dir "/" k ".simd" w "." n[k "." w] ".asm"; pending = 0
            printf "%s", bt > f
         }
         /^NIR / { f = "" }
         f != "" { print > f }'
   }
   # min_by W FILE...: how many of the files have no unsigned min (sel.l on
   # UD) with the immediate W.
   min_by() {
      local w=$1 f m=0; shift
      for f in "$@"; do
         grep -qE "^sel\.l\([0-9]+\) .*UD +$w +\{" "$f" || m=$((m + 1))
      done
      echo $m
   }
   # The 2D surfaces of each dispatch (GPGPU_WALKER) in an INTEL_DEBUG=bat
   # log on stdin, one line a dispatch: "walker: FORMAT...".
   walker_2d_formats() {
      awk '/MEDIA_INTERFACE_DESCRIPTOR_LOAD/ { on = 1; fmts = "" }
           on && /Surface Format:/ { f = $NF; gsub(/[()]/, "", f); sub(/^ISL_FORMAT_/, "", f) }
           on && /Surface Type: 1 \(SURFTYPE_2D\)/ { fmts = fmts " " f }
           on && /GPGPU_WALKER/ { print "walker:" fmts; on = 0 }'
   }
   raw_formats="R8_UINT R8_UINT R8_UINT R16_UINT R16_UINT R32_UINT R32_UINT R32_UINT R32_UINT
                R32_UINT R32_UINT R32_UINT R32_UINT R32G32_UINT R32G32_UINT R32G32B32A32_UINT"
   #       platform  SIMD widths  LSC  decoded binding tables
   configs=("skl 8,16,32 0 1" "tgl 8,16,32 0 1" "dg2 8,16,32 1 0" "lnl 16,32 1 0")
   for cfg in "${configs[@]}"; do
      read -r platform widths lsc decoded <<<"$cfg"
      gpu_env=(LD_PRELOAD="$preload" INTEL_STUB_GPU_PLATFORM="$platform" OCL_ICD_VENDORS="$icd"
               RUSTICL_ENABLE=iris MESA_SHADER_CACHE_DISABLE=true "INTEL_DEBUG=cs,bt")
      env "${gpu_env[@]}" "$runner" --compile-only --program "$here/subgroup_size.cl" \
         >"$out/$platform.sizes.log" 2>&1
      split_isa "$out/$platform.sizes.log" "$out/$platform.sizes"
      env "${gpu_env[@]}" "$runner" --compile-only --program "$build/tests/opencl/intel_spirv.spv" \
         >"$out/$platform.spv.log" 2>&1
      split_isa "$out/$platform.spv.log" "$out/$platform.spv"
      env "${gpu_env[@]}" "$runner" --compile-only --program "$here/image_block.cl" \
         >"$out/$platform.image.log" 2>&1
      split_isa "$out/$platform.image.log" "$out/$platform.image"
      if [ "$decoded" = 1 ]; then
         check=isa.iris.$platform.raw_view_formats
         env "${gpu_env[@]/INTEL_DEBUG=cs,bt/INTEL_DEBUG=bat}" "$runner" \
            --filter 'cl.intel_image_block.*.uint.l5.*' >"$out/$platform.bat.log" 2>&1
         got=$(walker_2d_formats <"$out/$platform.bat.log" | sed 's/^walker: *//' | xargs)
         # the read's dispatch, then the write's
         want=$(for f in $raw_formats; do echo "$f $f"; done | xargs)
         if ! grep -qE '^[0-9]+ passed, [0-9]+ failed' "$out/$platform.bat.log"; then
            fail "$check" "cl-runner printed no summary: $(grep -a -m1 -E 'Assert|signal' "$out/$platform.bat.log")"
         elif [ "$got" != "$want" ]; then
            fail "$check" "the dispatches' 2D surfaces are '$got', not '$want'"
         else
            pass "$check" "16 image formats, read and written, each bound as the unsigned integer format of its texel size"
         fi
      fi
      for w in ${widths//,/ }; do
         d=$out/$platform.sizes
         mapfile -t a < <(compgen -G "$d/sub_group_size.simd$w.*.asm")
         mapfile -t b < <(compgen -G "$d/max_sub_group_size.simd$w.*.asm")
         check=isa.iris.$platform.simd$w.partial_size
         if [ ${#a[@]} = 0 ] || [ ${#b[@]} = 0 ]; then
            fail "$check" "no SIMD$w assembly of the kernels; see $out/$platform.sizes.log"
         elif [ "$(min_by "$w" "${a[@]}")" != 0 ]; then
            fail "$check" "get_sub_group_size() has no min(work-items left, $w) in $(min_by "$w" "${a[@]}") of ${#a[@]} variants"
         elif [ "$(min_by "$w" "${b[@]}")" != ${#b[@]} ]; then
            fail "$check" "get_max_sub_group_size() takes a min with $w too: the check proves nothing"
         elif ! grep -qE "^mov\([0-9]+\) +g[0-9]+<1>UD +$w +\{" "${b[@]}"; then
            fail "$check" "get_max_sub_group_size() is not the immediate $w"
         else
            pass "$check" "get_sub_group_size() is min(work-items left, $w) (sel.l with $w), get_max_sub_group_size() the immediate $w, in ${#a[@]} and ${#b[@]} variants"
         fi
         # intel_reqd_sub_group_size(W): SIMD W alone, the maximum the
         # immediate W.
         env "${gpu_env[@]}" "$runner" --compile-only --program "$here/subgroup_size.cl" \
            --sub-group-size "$w" >"$out/$platform.reqd$w.log" 2>&1
         split_isa "$out/$platform.reqd$w.log" "$out/$platform.reqd$w"
         d=$out/$platform.reqd$w
         mapfile -t a < <(compgen -G "$d/required_size.simd$w.*.asm")
         mapfile -t b < <(compgen -G "$d/required_size.simd*.asm")
         check=isa.iris.$platform.simd$w.required_size
         if [ ${#a[@]} = 0 ]; then
            fail "$check" "no SIMD$w assembly of required_size; see $out/$platform.reqd$w.log"
         elif [ ${#b[@]} != ${#a[@]} ]; then
            fail "$check" "compiled at other widths too: ${b[*]##*/}"
         elif ! grep -qE "^mov\([0-9]+\) +g[0-9]+<1>UD +$w +\{" "${a[@]}"; then
            fail "$check" "get_max_sub_group_size() is not the immediate $w"
         else
            pass "$check" "SIMD$w alone (${#a[@]} variants), get_max_sub_group_size() the immediate $w"
         fi
         d=$out/$platform.spv
         for c in "read load" "write store"; do
            read -r op kind <<<"$c"
            mapfile -t a < <(compgen -G "$d/block_${op}_ui.simd$w.*.asm")
            check=isa.iris.$platform.simd$w.block_${op}_v2uint
            want=$((2 * w))
            [ "$op" = read ] || [ "$lsc" = 1 ] || want=0
            got=$( [ ${#a[@]} -gt 0 ] && brw_block_dwords "$kind" <"${a[0]}")
            if [ ${#a[@]} = 0 ]; then
               fail "$check" "no SIMD$w assembly of block_${op}_ui (intel_spirv.spv); see $out/$platform.spv.log"
            elif [ "$got" != "$want" ]; then
               fail "$check" "block messages move $got dwords, not $want"
            elif [ "$want" = 0 ] && ! grep -q 'A64 untyped surface write' "${a[0]}"; then
               fail "$check" "no block write message and no per-lane write"
            elif [ "$want" = 0 ]; then
               pass "$check" "per-lane writes (A64 untyped surface write), no block write: HDC's need 16-byte alignment"
            else
               pass "$check" "block messages of $want dwords (2 per channel x SIMD$w)"
            fi
         done
         d=$out/$platform.image
         for op in read write; do
            for t in uc us ui ul; do
               check=isa.iris.$platform.simd$w.image_block_raw_${op}_$t
               f=$(compgen -G "$d/image_${op}_$t.simd$w.*.asm" | head -1)
               if [ -z "$f" ]; then
                  fail "$check" "no SIMD$w assembly of image_${op}_$t (image_block.cl); see $out/$platform.image.log"
                  continue
               fi
               raw=$(sed -nE 's/^# bt *\[([0-9]+)\] image \(raw texels\) #0$/\1/p' "$f")
               plain=$(grep -cE '^# bt *\[[0-9]+\] image #' "$f")
               # "read|write ENTRY" of each typed message (HDC's, LSC's).
               msgs=$(sed -nE -e 's/.*\(DC typed surface (read|write), Surface = ([0-9]+),.*/\1 \2/p' \
                              -e 's/.*tgm MsgDesc: \( (load|store)_cmask,.* BTI ([0-9]+) .*/\1 \2/p' "$f" |
                      sed -e 's/^load /read /' -e 's/^store /write /' | sort -u)
               if [ -z "$raw" ]; then
                  fail "$check" "no raw texel entry in the binding table: $(grep '^# bt' "$f" | tr '\n' ' ')"
               elif [ "$plain" != 0 ]; then
                  fail "$check" "the image has an ordinary entry too: $(grep '^# bt' "$f" | tr '\n' ' ')"
               elif ! grep -qx "$op $raw" <<<"$msgs"; then
                  fail "$check" "no typed $op of the raw texel entry [$raw]; typed messages: ${msgs:-none}"
               elif grep -qvx "[a-z]* $raw" <<<"$msgs"; then
                  fail "$check" "typed messages of other entries: $(tr '\n' ' ' <<<"$msgs")"
               else
                  pass "$check" "typed messages of the raw texel entry [$raw] alone ($(tr '\n' ',' <<<"$msgs" | sed 's/,$//'))"
               fi
            done
         done
      done
   done
   ;;
*)
   echo "usage: $0 turnip|radv|nvk|anv|iris RUNNER BUILD_DIR OUTDIR" >&2
   exit 2
   ;;
esac
echo "isa checks: $(( $(date +%s) - start )) s; they prove what $driver's compiler emits, not what the GPU computes"
echo "$passed passed, $failed failed, 0 skipped"
[ "$failed" = 0 ]
