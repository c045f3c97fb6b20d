#!/usr/bin/env bash
# Runs GL_ARB_shader_ballot shader_tests with piglit's shader_runner on the
# patched llvmpipe (GL through glvnd's libEGL, surfaceless, no window system):
#   piglit.upstream.<file>.lanesN        piglit's own tests/spec/arb_shader_ballot
#   piglit.ours.<name>.{glsl,spirv}.lanesN  ours (tests/piglit/gen_shader_tests.py),
#                                        once from GLSL, once from SPIR-V (ARB_gl_spirv)
#   piglit.ours.<name>.glsl.lanesN       tests/piglit/*.shader_test, GLSL only: the
#                                        llvmpipe paths a width changes (depth_rows:
#                                        the depth test on 16-wide vectors; one_row:
#                                        a 1D target), and the guard band's whole
#                                        quads (whole_quads*) and cut (viewport_cut)
# at 4, 8 and 16 lanes (LP_NATIVE_VECTOR_WIDTH 128, 256, 512).
#
# Our tests expect the run's subgroup size, not the device's: at width W a
# test's size is W / 32, llvmpipe's lanes (the width the identity check
# below confirms), and the shader checks gl_SubGroupSizeARB against it.
# gen_shader_tests.py writes one file per test and size, build/tests/piglit/
# <name>.lanes<N>.shader_test, run at W = 32 N only; a tests/piglit/*.shader_test
# that holds the placeholder @LANES@ runs as a copy under --out
# (lanes<N>/<file>) with the placeholder replaced by N.
#
# Before running anything, at every width, wflinfo must show that the driver
# answering is ours: GL_RENDERER "llvmpipe (..., <width> bits)" and the patch
# set's mark in GL_VERSION.  Otherwise it refuses (exit 3), like the Vulkan
# runner does.
#
# Options:
#   --widths "128 256 512"   LP_NATIVE_VECTOR_WIDTH values
#   --filter GLOB            run only the tests whose name matches
#   --vendor-json PATH       glvnd EGL vendor json (default: the build's,
#                            build/tests/piglit/egl_vendor_mesa_subgroups.json)
#   --expect-mark MARK       mark GL_VERSION must carry (default: the build's,
#                            build/tests/subgroups-mark, from meson.build)
#   --expectations FILE      expected failures: glob, then the reason
#   --any-driver             run on whatever llvmpipe the vendor json names
#                            (no mark check; ci/baseline-stock-gl.sh uses it)
#   --out DIR                logs and results.csv (default build/test-results/piglit)
# Ends with "N passed, N failed, N skipped"; exit 0 when nothing failed.
# An expected failure that passes ("unexpected pass") fails the run; so does
# a skip that the expectations do not list (the patched llvmpipe has every
# extension these tests require).
set -uo pipefail
. "$(dirname "$0")/../../ci/env.sh"

widths="128 256 512"
filter='*'
vendor_json=$BUILD_DIR/tests/piglit/egl_vendor_mesa_subgroups.json
mark=$(cat "$BUILD_DIR/tests/subgroups-mark" 2>/dev/null)
expectations=$TOP/tests/expectations/llvmpipe-gl-fails.txt
out=${MESA_SUBGROUPS_OUT:-$BUILD_DIR/test-results}/piglit
test_timeout=${PIGLIT_TEST_TIMEOUT:-120}
any_driver=0

while [ $# -gt 0 ]; do
   case $1 in
   --widths) widths=$2; shift 2 ;;
   --filter) filter=$2; shift 2 ;;
   --vendor-json) vendor_json=$2; shift 2 ;;
   --expect-mark) mark=$2; shift 2 ;;
   --expectations) expectations=$2; shift 2 ;;
   --out) out=$2; shift 2 ;;
   --any-driver) any_driver=1; shift ;;
   -h|--help) sed -n '2,/^set -uo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
   *) echo "run-piglit: unknown option $1" >&2; exit 2 ;;
   esac
done
[ -n "$mark" ] || { echo "run-piglit: no mark in build/tests/subgroups-mark (build first: ci/build.sh)" >&2; exit 2; }

piglit_dir=$("$TOP/ci/fetch-piglit.sh" | tail -1) || { echo "run-piglit: ci/fetch-piglit.sh failed" >&2; exit 2; }
# shellcheck source=/dev/null  # written by ci/fetch-piglit.sh
. "$piglit_dir/env.sh"
[ -f "$vendor_json" ] || { echo "run-piglit: $vendor_json missing (build first: ci/build.sh)" >&2; exit 2; }

# Our GL only: glvnd's libEGL loads the vendor library that json names and
# no other; llvmpipe, not softpipe; no shader cache shared with other runs.
export __EGL_VENDOR_LIBRARY_FILENAMES=$vendor_json
export PIGLIT_PLATFORM=surfaceless_egl
export EGL_PLATFORM=surfaceless
export LIBGL_ALWAYS_SOFTWARE=1
export GALLIUM_DRIVER=llvmpipe
export MESA_SHADER_CACHE_DISABLE=true
unset __EGL_VENDOR_LIBRARY_DIRS LIBGL_DRIVERS_PATH

mkdir -p "$out"
csv=$out/results.csv
echo "name,result,detail" >"$csv"

# --- the identity check ---
for w in $widths; do
   info=$(LP_NATIVE_VECTOR_WIDTH=$w "$WFLINFO" -p surfaceless_egl -a gl 2>&1)
   renderer=$(sed -n 's/^OpenGL renderer string: //p' <<<"$info")
   version=$(sed -n 's/^OpenGL version string: //p' <<<"$info")
   echo "width $w: GL_RENDERER \"$renderer\", GL_VERSION \"$version\""
   if [[ $renderer != "llvmpipe ("*", $w bits)" ]] ||
      { [ $any_driver = 0 ] && [[ " $version " != *" $mark "* ]]; }; then
      echo "refusing to run: the GL driver is not the patched llvmpipe" \
           "(want GL_RENDERER \"llvmpipe (..., $w bits)\" and \"$mark\" in GL_VERSION;" \
           "vendor json $vendor_json)"
      [ -n "$renderer" ] || echo "$info" | tail -5
      exit 3
   fi
done

# --- expectations ---
exp_globs=() exp_reasons=()
if [ -f "$expectations" ]; then
   while read -r glob reason; do
      [[ -z $glob || $glob == \#* ]] && continue
      exp_globs+=("$glob") exp_reasons+=("$reason")
   done <"$expectations"
fi
declare -A exp_hits=()
expected() {  # name -> status 0 when listed, the reason in $reason
   local i
   for i in "${!exp_globs[@]}"; do
      # shellcheck disable=SC2053
      if [[ $1 == ${exp_globs[$i]} ]]; then
         exp_hits[$i]=1
         reason=${exp_reasons[$i]}
         return 0
      fi
   done
   return 1
}

# --- the tests ---
tests=()   # name|file|mode
for f in "$PIGLIT_TESTS"/spec/arb_shader_ballot/execution/*.shader_test; do
   tests+=("piglit.upstream.arb_shader_ballot.$(basename "$f" .shader_test)|$f|default")
done
# (the file of the run's size: @LANES@ below is replaced per width)
gen_names=$(python3 "$TOP/tests/piglit/gen_shader_tests.py" --list) ||
   { echo "run-piglit: gen_shader_tests.py --list failed" >&2; exit 2; }
for n in $gen_names; do
   f=$BUILD_DIR/tests/piglit/$n.lanes@LANES@.shader_test
   tests+=("piglit.ours.$n.glsl|$f|glsl" "piglit.ours.$n.spirv|$f|spirv")
done
for f in "$TOP"/tests/piglit/*.shader_test; do
   tests+=("piglit.ours.$(basename "$f" .shader_test).glsl|$f|glsl")
done

pass=0 fail=0 xfail=0 xpass=0
start=$(date +%s)
for w in $widths; do
   lanes=$((w / 32))
   for t in "${tests[@]}"; do
      IFS='|' read -r base file mode <<<"$t"
      name=$base.lanes$lanes
      # shellcheck disable=SC2053
      [[ $name == $filter ]] || continue
      args=(-auto -fbo)
      [ "$mode" != glsl ] || args+=(-glsl)
      log=$out/$name.log
      # The file for this width's subgroup size.
      file=${file//@LANES@/$lanes}
      if [ -f "$file" ] && grep -q '@LANES@' "$file"; then
         mkdir -p "$out/lanes$lanes"
         sed "s/@LANES@/$lanes/g" "$file" >"$out/lanes$lanes/${file##*/}"
         file=$out/lanes$lanes/${file##*/}
      fi
      rc=0
      if [ -f "$file" ]; then
         # (the braces keep bash's "Segmentation fault" notice out of the output)
         { LP_NATIVE_VECTOR_WIDTH=$w timeout "$test_timeout" "$PIGLIT_BIN/shader_runner" "$file" "${args[@]}" >"$log" 2>&1; } 2>/dev/null
         rc=$?
      else
         echo "no file for $lanes lanes: $file (build first: ci/build.sh)" >"$log"
      fi
      res=$(sed -n 's/^PIGLIT: {"result": "\([a-z]*\)" }.*/\1/p' "$log" | tail -1)
      if [ ! -f "$file" ]; then res="not generated for $lanes lanes"
      elif [ $rc = 124 ]; then res=timeout
      elif [ $rc -ge 128 ]; then res="crash(signal $((rc - 128)))"
      elif [ -z "$res" ]; then res="no result (exit $rc)"
      elif [ "$mode" = spirv ] && ! grep -q 'Running on SPIR-V mode' "$log"; then
         res="not run from SPIR-V"
      fi
      detail=$(grep -vE '^PIGLIT: |^$' "$log" | tail -3 | tr '\n"' ' ' | cut -c1-300)
      if expected "$name"; then
         if [ "$res" = pass ]; then
            verdict=unexpected-pass; xpass=$((xpass + 1))
            echo "$name: unexpected-pass (listed: $reason)"
         else
            verdict=xfail; xfail=$((xfail + 1))
            detail="$res; expected: $reason"
         fi
      elif [ "$res" = pass ]; then
         verdict=pass; pass=$((pass + 1))
      else
         verdict=fail; fail=$((fail + 1))
         detail="$res: $detail"
         echo "$name: fail: $detail (log: $log)"
      fi
      echo "$name,$verdict,\"$detail\"" >>"$csv"
   done
done
for i in "${!exp_globs[@]}"; do
   [ -n "${exp_hits[$i]:-}" ] || echo "note: expectation '${exp_globs[$i]}' matched no test that ran"
done
echo "piglit: $((pass + fail + xfail + xpass)) tests in $(( $(date +%s) - start )) s:" \
     "$pass pass, $fail fail, $xfail expected fail, $xpass unexpected pass"
echo
echo "$pass passed, $((fail + xpass)) failed, $xfail skipped"
[ $((fail + xpass)) = 0 ]
